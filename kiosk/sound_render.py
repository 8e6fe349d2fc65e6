"""The table's five sounds, synthesised with the standard library and written as WAV
files at install time (``kiosk sounds --render``, run by ``scripts/setup.sh``), so the
app only loads them and nothing large is committed or downloaded.

Designed for a noisy café, where a sine tone is lost in the chatter:

- ``whistle`` (SWIM!): a pea whistle, short then long blast, trilling between two pitches
  near 3 kHz with breath noise — the pitch band that cuts through talk;
- ``tick`` (each of the last five seconds): a dry wood-block click, 60 ms;
- ``horn`` (time out): a low two-note air horn built from many harmonics and lightly
  saturated, heard as a horn, not a beep;
- ``cheer`` (IN SYNC): a crowd — vowel-shaped noise swelling and falling, with claps;
- ``groan`` (NOT IN SYNC): a soft, falling "aww" of a few voices, kind rather than harsh.

Everything is seeded, so a render is the same bytes every time.

>>> sorted(SOUNDS) == sorted(DURATIONS)
True
>>> len(synthesise("tick")) == round(DURATIONS["tick"] * RATE)
True
"""

from __future__ import annotations

import math
import os
import random
import struct
import wave
from collections.abc import Callable, Iterable
from pathlib import Path

RATE = 22050
VERSION = "v2"  # a new design gets a new folder, so old files are never played
PEAK = 0.89
DURATIONS = {"whistle": 0.95, "tick": 0.06, "horn": 1.3, "cheer": 1.9, "groan": 1.15}
TAU = 2 * math.pi


def _count(seconds: float) -> int:
    return round(seconds * RATE)


def _bandpass(signal: Iterable[float], centre: float, q: float) -> list[float]:
    """A two-pole resonator (the audio-EQ cookbook's constant-peak band-pass)."""
    w = TAU * centre / RATE
    alpha = math.sin(w) / (2 * q)
    a0 = 1 + alpha
    b0, b2 = alpha / a0, -alpha / a0
    a1, a2 = -2 * math.cos(w) / a0, (1 - alpha) / a0
    x1 = x2 = y1 = y2 = 0.0
    out = []
    for x in signal:
        y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def _envelope(n: int, total: int, attack: int, release: int) -> float:
    return min(1.0, n / attack if attack else 1.0, (total - n) / release if release else 1.0)


def _blast(total: int, rng: random.Random) -> list[float]:
    """One whistle blast of ``total`` samples: the pea rattling the pitch between two
    tones ~28 times a second, with breath noise around the same band."""
    breath = _bandpass((rng.uniform(-1, 1) for _ in range(total)), 3100, 4)
    out, phase = [], 0.0
    for n in range(total):
        t = n / RATE
        trill = 0.5 + 0.5 * math.sin(TAU * 28 * t)
        freq = 2750 + 480 * trill
        phase += TAU * freq / RATE
        tone = math.sin(phase) + 0.18 * math.sin(2 * phase)
        level = _envelope(n, total, _count(0.015), _count(0.05)) * (0.75 + 0.25 * trill)
        out.append(level * (0.8 * tone + 0.9 * breath[n]))
    return out


def _whistle(rng: random.Random) -> list[float]:
    short, gap = _count(0.22), _count(0.09)
    long = _count(DURATIONS["whistle"]) - short - gap
    return _blast(short, rng) + [0.0] * gap + _blast(long, rng)


def _tick(rng: random.Random) -> list[float]:
    """A noise snap at once, then a hollow wood-block ring that dies within 60 ms."""
    total = _count(DURATIONS["tick"])
    snap = [rng.uniform(-1, 1) * math.exp(-n / _count(0.0015)) for n in range(total)]
    out = []
    for n, click in enumerate(snap):
        t = n / RATE
        ring = math.sin(TAU * 1850 * t) + 0.5 * math.sin(TAU * 3700 * t + 0.3)
        out.append(click + 0.9 * ring * math.exp(-t / 0.009))
    return out


def _horn(_rng: random.Random) -> list[float]:
    """Two low notes a major third apart, each a band-limited sawtooth (harmonics to
    ~6 kHz) with a slow wobble, then a soft saturation that thickens it."""
    total = _count(DURATIONS["horn"])
    notes = (155.6, 196.0)
    harmonics = [[k for k in range(1, 40) if k * f < 6000] for f in notes]
    out, phases = [], [0.0, 0.0]
    for n in range(total):
        t = n / RATE
        wobble = 1 + 0.004 * math.sin(TAU * 5.5 * t)
        value = 0.0
        for i, f in enumerate(notes):
            phases[i] += TAU * f * wobble / RATE
            value += sum(math.sin(k * phases[i]) / k for k in harmonics[i])
        level = _envelope(n, total, _count(0.03), _count(0.12))
        out.append(math.tanh(1.6 * level * value) * level)
    return out


def _swell(total: int, rng: random.Random, bumps: int) -> list[float]:
    """A slowly wandering loudness: a sum of random raised-cosine bumps."""
    env = [0.0] * total
    for _ in range(bumps):
        middle, width = rng.uniform(0.05, 0.85) * total, rng.uniform(0.15, 0.45) * total
        start, end = max(0, int(middle - width)), min(total, int(middle + width))
        height = rng.uniform(0.4, 1.0)
        for n in range(start, end):
            env[n] += height * (0.5 + 0.5 * math.cos(math.pi * (n - middle) / width))
    return env


def _cheer(rng: random.Random) -> list[float]:
    """Voices as noise through vowel formants (ah, eh, oh), each band with its own
    swell, over a shower of claps; the whole rises fast and fades."""
    total = _count(DURATIONS["cheer"])
    out = [0.0] * total
    for formant, q in ((730, 3), (1090, 4), (2440, 5), (520, 3)):
        noise = _bandpass((rng.uniform(-1, 1) for _ in range(total)), formant, q)
        swell = _swell(total, rng, 6)
        for n in range(total):
            out[n] += noise[n] * swell[n]
    for _ in range(70):  # claps: 8 ms snaps of bright noise
        start = int(rng.uniform(0.02, 0.9) * total)
        strength = rng.uniform(0.3, 0.9)
        for n in range(start, min(total, start + _count(0.008))):
            out[n] += strength * rng.uniform(-1, 1) * math.exp(-(n - start) / _count(0.002))
    return [v * _envelope(n, total, _count(0.08), _count(0.5)) for n, v in enumerate(out)]


def _groan(rng: random.Random) -> list[float]:
    """Three voices sliding down from ~260 to ~170 Hz, a little apart, through an "aw"
    vowel (formants ~650 and ~1000 Hz): a sympathetic crowd, not a buzzer."""
    total = _count(DURATIONS["groan"])
    source = [0.0] * total
    for voice in range(3):
        start, end = 262 * (1 + 0.03 * voice), 168 * (1 + 0.025 * voice)
        vibrato = rng.uniform(4.5, 6.0)
        phase = rng.uniform(0, TAU)
        for n in range(total):
            t = n / total
            freq = (start + (end - start) * t * t) * (1 + 0.01 * math.sin(TAU * vibrato * n / RATE))
            phase += TAU * freq / RATE
            source[n] += sum(math.sin(k * phase) / k for k in range(1, 12))
    vowel = [a + 0.6 * b for a, b in zip(_bandpass(source, 650, 3),
                                        _bandpass(source, 1000, 4), strict=True)]
    return [v * _envelope(n, total, _count(0.06), _count(0.35)) for n, v in enumerate(vowel)]


SOUNDS: dict[str, Callable[[random.Random], list[float]]] = {
    "whistle": _whistle, "tick": _tick, "horn": _horn, "cheer": _cheer, "groan": _groan}


def synthesise(name: str) -> list[float]:
    """The sound ``name`` as floats, its loudest sample at ±``PEAK``."""
    if name not in SOUNDS:
        raise ValueError(f"no sound called {name!r}; the sounds are {', '.join(SOUNDS)}")
    data = SOUNDS[name](random.Random(f"kiosk-{name}"))
    loudest = max(abs(v) for v in data) or 1.0
    return [PEAK * v / loudest for v in data]


def wav_bytes(data: list[float]) -> bytes:
    return b"".join(struct.pack("<h", round(max(-1.0, min(1.0, v)) * 32767)) for v in data)


def write_wav(path: Path, data: list[float]) -> None:
    """Written beside ``path`` first and moved into place, so a reader never sees half."""
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with wave.open(str(temp), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(wav_bytes(data))
    temp.replace(path)


def sounds_dir(base: Path | None = None) -> Path:
    """``DATA/sounds/VERSION`` (``DATA`` is :func:`kiosk.paths.data_dir`)."""
    from kiosk.paths import data_dir

    return (base or data_dir() / "sounds") / VERSION


def missing(folder: Path) -> list[str]:
    """The sounds with no file in ``folder``."""
    return [name for name in SOUNDS if not (folder / f"{name}.wav").is_file()]


def render(folder: Path, names: Iterable[str] = tuple(SOUNDS)) -> list[Path]:
    """Write each sound to ``folder/NAME.wav``; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in names:
        path = folder / f"{name}.wav"
        write_wav(path, synthesise(name))
        written.append(path)
    return written
