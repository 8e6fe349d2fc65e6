"""Plain features of a sound, standard library only, to tell the table's sounds apart
without listening: how high (zero crossings, the slope's energy), how periodic (the
autocorrelation's best peak), and how pitch moves (that peak's lag over time)."""

from __future__ import annotations

import math
import wave
from pathlib import Path


def read_wav(path: Path) -> tuple[wave._wave_params, list[float]]:
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        raw = wav.readframes(params.nframes)
    values = [int.from_bytes(raw[i:i + 2], "little", signed=True) / 32768
              for i in range(0, len(raw), 2)]
    return params, values


def crossing_hz(data: list[float], rate: int) -> float:
    """Half the zero crossings a second: a sine's pitch, noise's centre of mass."""
    crossings = sum(1 for a, b in zip(data, data[1:], strict=False) if (a < 0) != (b < 0))
    return crossings / 2 / (len(data) / rate)


def slope_hz(data: list[float], rate: int) -> float:
    """The RMS frequency from the first difference's energy: a sine's own pitch, far
    above it for a sound rich in harmonics."""
    energy = sum(v * v for v in data) or 1e-12
    slope = sum((b - a) ** 2 for a, b in zip(data, data[1:], strict=False))
    return rate / (2 * math.pi) * math.sqrt(slope / energy)


def best_period(data: list[float], rate: int, low_hz: float = 80, high_hz: float = 600):
    """(periodicity 0..1, period in seconds) of the strongest autocorrelation peak."""
    energy = sum(v * v for v in data) or 1e-12
    best = (0.0, 0.0)
    for lag in range(int(rate / high_hz), int(rate / low_hz)):
        score = sum(a * b for a, b in zip(data, data[lag:], strict=False)) / energy
        best = max(best, (score, lag / rate))
    return best


def loud_seconds(data: list[float], rate: int, fraction: float = 0.1) -> float:
    """How long the sound stays above ``fraction`` of its peak (first to last)."""
    peak = max(abs(v) for v in data)
    loud = [i for i, v in enumerate(data) if abs(v) >= fraction * peak]
    return (loud[-1] - loud[0]) / rate
