"""Regenerate the table's sounds in ``art/sounds/`` (short WAV files, made here in code).

    python -m tabletop.ui.make_sounds

Each sound is a few soft tones (sines with a little of their octave, or a pitch that
glides) and a touch of filtered noise for the cards' own sounds, shaped by a quick
attack and a smooth decay, and written as 16-bit mono PCM at 22,050 Hz with its peak
well under full scale (the frequent ones softest). Pure Python (``math``, ``array``,
``wave``); the noise comes from a seeded generator, so a run writes the same files each
time (``tests/test_sound.py`` regenerates them and compares).
"""

from __future__ import annotations

import math
import random
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

#: samples a second; 16-bit mono
RATE = 22050


def _seconds(duration: float) -> range:
    return range(int(RATE * duration))


def _envelope(i: int, n: int, attack: float, decay: float) -> float:
    """A quick rise over ``attack`` seconds, then an exponential fall (``decay``: the
    seconds it takes to fall to about a third), ending in silence at sample ``n``."""
    t = i / RATE
    rise = min(1.0, t / attack) if attack > 0 else 1.0
    tail = min(1.0, (n - i) / (0.004 * RATE))  # the last 4 ms fade out: no click
    return rise * math.exp(-t / decay) * tail


def tone(freq: float, duration: float, attack: float = 0.004, decay: float = 0.12,
         octave: float = 0.25, glide: float = 1.0) -> list[float]:
    """A soft note: a sine of ``freq`` Hz with ``octave`` of its octave above, its pitch
    moving to ``freq * glide`` by the end."""
    samples = list(_seconds(duration))
    n = len(samples)
    out, phase = [], 0.0
    for i in samples:
        f = freq * (1 + (glide - 1) * i / n)
        phase += 2 * math.pi * f / RATE
        v = math.sin(phase) + octave * math.sin(2 * phase)
        out.append(v * _envelope(i, n, attack, decay))
    return out


def noise(duration: float, seed: int, smooth: float = 0.2, decay: float = 0.02) -> list[float]:
    """A short brush of noise (a card's paper), softened by a one-pole low-pass filter
    (``smooth``: 0 leaves it raw, near 1 muffles it)."""
    rng = random.Random(seed)
    samples = list(_seconds(duration))
    n = len(samples)
    out, last = [], 0.0
    for i in samples:
        last = last * smooth + (rng.random() * 2 - 1) * (1 - smooth)
        out.append(last * _envelope(i, n, 0.001, decay))
    return out


def mix(*parts: tuple[float, float, list[float]]) -> list[float]:
    """Parts laid over each other: (start in seconds, gain, samples)."""
    length = max(int(start * RATE) + len(s) for start, _, s in parts)
    out = [0.0] * length
    for start, gain, samples in parts:
        at = int(start * RATE)
        for i, v in enumerate(samples):
            out[at + i] += gain * v
    return out


def pickup() -> list[float]:
    """A card lifted: a light upward flick."""
    return mix((0, 0.5, noise(0.05, 1, smooth=0.55, decay=0.012)),
               (0, 0.6, tone(620, 0.07, decay=0.025, octave=0.1, glide=1.35)))


def drop() -> list[float]:
    """A card put down: a soft, low tap."""
    return mix((0, 0.7, noise(0.06, 2, smooth=0.7, decay=0.015)),
               (0, 0.8, tone(240, 0.1, decay=0.03, octave=0.15, glide=0.7)))


def refused() -> list[float]:
    """A move the rules refuse: two low notes, the second lower."""
    return mix((0, 0.8, tone(330, 0.12, decay=0.05, octave=0.35)),
               (0.1, 0.8, tone(247, 0.16, decay=0.06, octave=0.35)))


def damage() -> list[float]:
    """Damage dealt: a muffled thump that sinks."""
    return mix((0, 1.0, tone(150, 0.26, attack=0.002, decay=0.07, octave=0.3, glide=0.45)),
               (0, 0.5, noise(0.12, 3, smooth=0.85, decay=0.03)))


def win() -> list[float]:
    """A win: a rising major arpeggio, its last note ringing."""
    notes = (523.25, 659.25, 783.99, 1046.5)
    return mix(*((i * 0.1, 0.6, tone(f, 0.7 if i == 3 else 0.25, decay=0.3 if i == 3
                                     else 0.1, octave=0.2))
                 for i, f in enumerate(notes)))


def loss() -> list[float]:
    """A loss: three falling notes in a minor key, slower and softer."""
    notes = (392.0, 311.13, 261.63)
    return mix(*((i * 0.18, 0.6, tone(f, 0.7 if i == 2 else 0.3, attack=0.01,
                                      decay=0.35 if i == 2 else 0.14, octave=0.15))
                 for i, f in enumerate(notes)))


def turn() -> list[float]:
    """Your turn: a gentle two-note chime, upward."""
    return mix((0, 0.6, tone(659.25, 0.3, decay=0.12, octave=0.3)),
               (0.09, 0.6, tone(880.0, 0.4, decay=0.16, octave=0.3)))


#: every sound the app plays, by name (the file is ``<name>.wav``), with its loudest
#: sample as a fraction of full scale: soft, never clipping, the frequent ones softest
SOUNDS: dict[str, tuple[Callable[[], list[float]], float]] = {
    "pickup": (pickup, 0.3), "drop": (drop, 0.4), "refused": (refused, 0.4),
    "damage": (damage, 0.5), "win": (win, 0.45), "loss": (loss, 0.45), "turn": (turn, 0.4)}


def pcm(samples: list[float], peak: float) -> bytes:
    """The samples scaled to ``peak`` of full scale, as 16-bit PCM in the machine's byte
    order (``wave`` writes them little-endian on every machine)."""
    top = max(abs(v) for v in samples) or 1.0
    scale = peak * 32767 / top
    return array("h", (round(v * scale) for v in samples)).tobytes()


def write_sounds(folder: Path) -> list[Path]:
    """Write every sound of :data:`SOUNDS` into ``folder``; the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (make, peak) in SOUNDS.items():
        path = folder / f"{name}.wav"
        with wave.open(str(path), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(RATE)
            out.writeframes(pcm(make(), peak))
        written.append(path)
    return written


def main() -> None:
    from .. import ART_DIR

    for path in write_sounds(ART_DIR / "sounds"):
        print(f"wrote art/sounds/{path.name} ({path.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
