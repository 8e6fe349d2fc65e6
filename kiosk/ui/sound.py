"""The table's sounds, made at first use with the standard library (wave + math) into a
cache folder, so nothing is downloaded and nothing large is committed.

Players look at their cards, not the screen: a whistle on SWIM!, a tick in each of the
last 5 seconds, a horn at time out, a cheer for IN SYNC and a groan for NOT IN SYNC.
Playback uses Kivy's SoundLoader; with no audio device (headless CI) every call is a
silent no-op.

>>> len(samples("tick")) > 0
True
"""

from __future__ import annotations

import logging
import math
import os
import random
import struct
import wave
from pathlib import Path

RATE = 22050
log = logging.getLogger(__name__)


def _tone(freqs, seconds: float, volume: float = 0.6, shape: str = "sine") -> list[float]:
    """A tone whose pitch glides through ``freqs`` (Hz), with a short fade in and out."""
    count = int(RATE * seconds)
    out, phase = [], 0.0
    for i in range(count):
        t = i / count
        segment = min(int(t * (len(freqs) - 1)), len(freqs) - 2) if len(freqs) > 1 else 0
        if len(freqs) > 1:
            local = t * (len(freqs) - 1) - segment
            freq = freqs[segment] + (freqs[segment + 1] - freqs[segment]) * local
        else:
            freq = freqs[0]
        phase += 2 * math.pi * freq / RATE
        wave_value = math.sin(phase)
        if shape == "square":
            wave_value = 0.6 * math.copysign(1.0, wave_value) + 0.4 * wave_value
        envelope = min(1.0, i / (RATE * 0.01), (count - i) / (RATE * 0.03))
        out.append(volume * envelope * wave_value)
    return out


def samples(name: str) -> list[float]:
    """The sound ``name`` as floats in -1..1."""
    if name == "whistle":  # a referee's two-tone trill
        trill = []
        for n in range(8):
            trill += _tone([2900 if n % 2 else 2500], 0.06, 0.5)
        return trill + _tone([2700, 2750], 0.35, 0.5)
    if name == "tick":
        return _tone([1200], 0.06, 0.7)
    if name == "horn":
        return _tone([220, 215], 1.1, 0.55, "square")
    if name == "cheer":  # a rising major arpeggio over a little crowd noise
        notes = []
        for freq in (523, 659, 784, 1047):
            notes += _tone([freq], 0.14, 0.5)
        notes += _tone([1047], 0.4, 0.5)
        noise = random.Random(7)
        return [v + 0.12 * noise.uniform(-1, 1) * (1 - i / len(notes))
                for i, v in enumerate(notes)]
    if name == "groan":
        return _tone([330, 260, 180], 0.9, 0.55, "square")
    raise ValueError(f"no sound called {name!r}")


def write_wav(path: Path, data: list[float]) -> None:
    frames = b"".join(struct.pack("<h", int(max(-1.0, min(1.0, v)) * 32000)) for v in data)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "kiosk" / "sounds"


class Sounds:
    """Plays a :class:`~kiosk.table.api.Sound` by name at ``volume`` (0..1)."""

    def __init__(self, volume: float = 0.8, folder: Path | None = None,
                 enabled: bool = True) -> None:
        self.volume = volume
        self.folder = folder or cache_dir()
        self.enabled = enabled and os.environ.get("KIOSK_SOUND", "1") != "0"
        self._loaded: dict[str, object | None] = {}
        self.played: list[str] = []  # what was asked for, for tests and the dev panel

    def path(self, name: str) -> Path:
        path = self.folder / f"{name}.wav"
        if not path.exists():
            self.folder.mkdir(parents=True, exist_ok=True)
            temp = path.with_suffix(".tmp")
            write_wav(temp, samples(name))
            temp.replace(path)
        return path

    def _sound(self, name: str):
        if name not in self._loaded:
            try:
                from kivy.core.audio import SoundLoader

                self._loaded[name] = SoundLoader.load(str(self.path(name)))
            except Exception as error:  # no audio device, no provider: stay silent
                log.info("sound %s unavailable: %s", name, error)
                self._loaded[name] = None
        return self._loaded[name]

    def play(self, name: str) -> None:
        name = str(name)
        self.played.append(name)
        if not self.enabled or self.volume <= 0:
            return
        sound = self._sound(name)
        if sound is None:
            return
        try:
            sound.volume = self.volume
            sound.stop()
            sound.play()
        except Exception as error:
            log.info("could not play %s: %s", name, error)
