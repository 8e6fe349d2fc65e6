"""Kivy's environment, set before Kivy is imported: quiet, no argv parsing, the default
config, and (when asked, or when there is no display at all) SDL's offscreen driver.

The real table (``kiosk=True``) does not take Kivy's default config: it takes the
shipped ``hardware/pi/kivy-config.ini``, read by the app itself and never written, and
locks Kivy's escapes (:mod:`kiosk.ui.kiosk_mode`). No ``config.ini`` in ``$KIVY_HOME``
or ``~/.kivy`` is read then, and Kivy makes no folder there.

It also sets the process's memory policy (:func:`tune_memory`), measured with
``python -m benchmarks ui`` (resident memory after a whole routine, 1280x800 offscreen):

- ``LP_NUM_THREADS=0`` when headless: offscreen, GL is Mesa's llvmpipe, which by default
  rasterizes on worker threads and queues whole frames ("scenes") for them; every queued
  scene is a ~1 MB+ allocation llvmpipe keeps for good, and a frame full of new label
  textures queues dozens. Rasterizing on the calling thread keeps one scene: about
  -80 MB (365 -> 286 MB). Nobody watches an offscreen frame, so its speed is not worth
  that. A Pi with its own GL driver (V3D) never reads the variable; a desktop display
  keeps llvmpipe's threads.
- ``mallopt(M_MMAP_THRESHOLD, 64 KiB)``: glibc serves large blocks (SDL text surfaces,
  pixel buffers, texture storage) from mmap, which goes back to the system at ``free``,
  instead of raising the threshold to whatever was freed last and stranding those
  blocks in the heap between long-lived small ones: about -18 MB, on the Pi as well.
- no multisampling (``KCFG_GRAPHICS_MULTISAMPLES=0``; Kivy asks for 2 samples by
  default, which Mesa rounds up to 4): a 4-sample colour buffer and a 4-sample
  depth/stencil buffer cost 16 bytes a pixel each, 33 MB at 1280x800 offscreen
  (heaptrack: two 16.4 MB blocks made at ``SDL_GL_CreateContext``), and the same two
  buffers in the Pi's GPU memory. Our shapes are flat rectangles and rounded panels
  seen from 1.5 m; the demo's screenshots with and without it differ only in a few
  pixels at rounded corners. Whole routine: 229 -> 214 MB.

And one setting for honest frames (:func:`finish_frames`): offscreen, the "swap" of
SDL's pbuffer surface flushes nothing, so llvmpipe rasterizes a frame only when
something forces it later — the next upload into a texture still in use, or a full
queue of scenes — and a 100-200 ms stall lands on some later frame (it showed as a
106 ms ``blit_data`` of the "Reading the cards" message, the frame after a stop). A
display's swap (the Pi's, a desktop's) finishes each frame in its own turn; so does
the app headless, with a ``glFinish`` after each frame.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys

M_TRIM_THRESHOLD = -1   # glibc's mallopt parameters (malloc.h)
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 64 * 1024
TRIM_THRESHOLD = 128 * 1024   # glibc's default; setting it fixes it (no dynamic growth)


def prepare(*, headless: bool | None = None, size: tuple[int, int] | None = None,
            kiosk: bool = False) -> None:
    """Call before the first ``import kivy``. ``headless=None`` means: only when no
    display exists (no DISPLAY / WAYLAND_DISPLAY and no DRM device for KMS).
    ``kiosk=True``: the real table's shipped Kivy config, locked (see above)."""
    if "kivy" in sys.modules and size is None and headless is None and not kiosk:
        return
    os.environ["KIVY_NO_ARGS"] = "1"  # Kivy's -m/-c/-s options would be ways around a lock
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    if kiosk:
        os.environ["KIVY_NO_CONFIG"] = "1"  # nothing read from, or made in, KIVY_HOME
        os.environ.pop("KIVY_USE_DEFAULTCONFIG", None)
    else:
        os.environ.setdefault("KIVY_USE_DEFAULTCONFIG", "1")
    os.environ.setdefault("KCFG_GRAPHICS_MULTISAMPLES", "0")
    if headless is None:
        headless = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
                        or os.path.exists("/dev/dri/card0") or os.path.exists("/dev/dri/card1"))
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "offscreen"
        os.environ.setdefault("KIOSK_SOUND", "0")
    tune_memory(headless=headless)
    if kiosk:
        from kivy.config import Config

        from kiosk.ui.kiosk_mode import load_shipped_config, lock_config

        load_shipped_config(Config)
        lock_config(Config)
    if size is not None:
        from kivy.config import Config

        Config.set("graphics", "width", str(size[0]))
        Config.set("graphics", "height", str(size[1]))
        if not kiosk:  # the table keeps its one touch provider: a second doubles taps
            Config.set("input", "mouse", "mouse,disable_multitouch")


def tune_memory(*, headless: bool) -> None:
    """The process-level memory settings above; before the GL context exists (llvmpipe
    reads ``LP_NUM_THREADS`` once) and before the big allocations. Either can be
    overridden: an ``LP_NUM_THREADS`` or ``MALLOC_MMAP_THRESHOLD_`` already in the
    environment wins."""
    if headless:
        os.environ.setdefault("LP_NUM_THREADS", "0")
    if "MALLOC_MMAP_THRESHOLD_" in os.environ:
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # not glibc: its allocator keeps its own policy
        return
    mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)
    mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD)


def finish_frames() -> bool:
    """Offscreen only: finish each frame's rendering in the turn that drew it (see
    above). True when it was needed and bound."""
    if os.environ.get("SDL_VIDEODRIVER") != "offscreen":
        return False
    from kivy.core.window import Window

    if not Window.is_event_type("on_flip"):
        return False
    Window.unbind(on_flip=_finish)
    Window.bind(on_flip=_finish)
    return True


def _finish(*_args) -> None:
    from kivy.graphics.opengl import glFinish

    glFinish()


def release_free_heap() -> None:
    """Give the C heap's free pages back to the system (glibc ``malloc_trim``; a no-op
    elsewhere). The app calls it after a screen change has been drawn: a screen's first
    draw renders a burst of label bitmaps and vertex data whose freed blocks sit between
    live ones, where the top-of-heap trim never reaches them. About -5 MB after a whole
    routine (``python -m benchmarks ui``: 243 -> 236 MB); a few milliseconds per call."""
    global _malloc_trim
    if _malloc_trim is None:
        try:
            libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
            _malloc_trim = libc.malloc_trim
        except (OSError, AttributeError):
            _malloc_trim = False
    if _malloc_trim:
        _malloc_trim(0)


_malloc_trim = None


def parse_size(text: str) -> tuple[int, int]:
    """'1280x800' -> (1280, 800).

    >>> parse_size("800x480")
    (800, 480)
    """
    width, _, height = text.lower().partition("x")
    return int(width), int(height)
