"""Plays the table's sounds (rendered at install time by ``kiosk sounds --render``, see
:mod:`kiosk.sound_render`) through Kivy's SoundLoader, at the staff volume unless muted.

Players look at their cards, not the screen: a whistle on SWIM!, a tick in each of the
last five seconds, a horn at time out, a cheer for IN SYNC and a groan for NOT IN SYNC.
The app never renders at start: if the files are missing, :meth:`Sounds.prepare` logs it
once and renders them on a background thread, and until they exist every sound is
silent. With no audio device (headless CI) playing is a silent no-op.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from pathlib import Path

from kiosk import sound_render

log = logging.getLogger(__name__)


def _kivy_loader(path: str):
    from kivy.core.audio import SoundLoader

    return SoundLoader.load(path)


class Sounds:
    """Plays a :class:`~kiosk.table.api.Sound` by name at ``volume`` (0..1) unless
    ``muted``. ``loader`` turns a path into a player (Kivy's SoundLoader); ``renderer``
    writes missing files (run off the main thread)."""

    def __init__(self, volume: float = 0.8, folder: Path | None = None,
                 enabled: bool = True, *, muted: bool = False,
                 loader: Callable[[str], object] = _kivy_loader,
                 renderer: Callable[[Path], object] = sound_render.render) -> None:
        self.volume = volume
        self.muted = muted
        self.folder = folder or sound_render.sounds_dir()
        self.enabled = enabled and os.environ.get("KIOSK_SOUND", "1") != "0"
        self.loader = loader
        self.renderer = renderer
        self.rendering: threading.Thread | None = None
        self._ready = threading.Event()
        self._loaded: dict[str, object | None] = {}
        self.played: list[str] = []  # what was asked for, for tests and the dev panel

    @property
    def level(self) -> float:
        """The volume handed to the player: 0 when muted, else ``volume`` in 0..1."""
        return 0.0 if self.muted else min(1.0, max(0.0, float(self.volume)))

    @property
    def ready(self) -> bool:
        return self._ready.is_set()

    def prepare(self) -> None:
        """Called at start: returns at once. Missing files are rendered in the
        background; the sounds stay silent until that is done."""
        if not self.enabled or self.ready or self.rendering is not None:
            return
        lacking = sound_render.missing(self.folder)
        if not lacking:
            self._ready.set()
            return
        log.warning("sounds missing in %s (%s): rendering them in the background; "
                    "`kiosk sounds --render` does it at install", self.folder,
                    ", ".join(lacking))
        self.rendering = threading.Thread(target=self._render, name="render-sounds",
                                          daemon=True)
        self.rendering.start()

    def _render(self) -> None:
        try:
            self.renderer(self.folder)
        except Exception:  # a full or read-only disk: the table plays on in silence
            log.exception("could not render the sounds into %s", self.folder)
            return
        self._ready.set()

    def _sound(self, name: str):
        if name not in self._loaded:
            try:
                self._loaded[name] = self.loader(str(self.folder / f"{name}.wav"))
            except Exception as error:  # no audio device, no provider: stay silent
                log.info("sound %s unavailable: %s", name, error)
                self._loaded[name] = None
        return self._loaded[name]

    def play(self, name: str) -> None:
        name = str(name)
        self.played.append(name)
        if not self.enabled or self.level <= 0 or not self.ready:
            return
        sound = self._sound(name)
        if sound is None:
            return
        try:
            sound.volume = self.level
            sound.stop()
            sound.play()
        except Exception as error:
            log.info("could not play %s: %s", name, error)
