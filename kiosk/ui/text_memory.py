"""Kivy's SDL2 text provider keeps every label's rendered bitmap after uploading it.

``LabelSDL2._render_begin`` stores the SDL surface it draws the text into as
``self._surface`` and nothing ever drops it, so each label holds a CPU copy of its texture
(texture width x height x 4 bytes) for as long as the label lives, beside the GL texture
that is actually drawn. Kivy's pygame provider deletes its surface once the pixels are
taken; :func:`release_text_surfaces` makes the SDL2 one do the same. ``get_data()`` copies
the pixels into the ``ImageData`` that is blitted, so nothing reads the surface after it;
a re-render (new text, size or texture reload) makes a fresh one.

Measured with ``python -m benchmarks ui`` (1280x800 offscreen, whole routine): the ~700
widgets of the eleven screens held 15.6 MB of such surfaces (heaptrack: 520 live
``SDL_CreateRGBSurfaceWithFormat`` blocks from ``_SurfaceContainer``); resident memory
after the routine 266 -> 251 MB. It is the same saving on the Pi.
"""

from __future__ import annotations


def release_text_surfaces() -> bool:
    """Patch the SDL2 text provider once; False when another provider is in use."""
    try:
        from kivy.core.text.text_sdl2 import LabelSDL2
    except ImportError:
        return False
    if getattr(LabelSDL2._render_end, "_kiosk_releases_surface", False):
        return True
    render_end = LabelSDL2._render_end

    def _render_end(self):
        try:
            return render_end(self)
        finally:
            self._surface = None

    _render_end._kiosk_releases_surface = True
    LabelSDL2._render_end = _render_end
    return True
