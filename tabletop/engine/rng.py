"""A small seeded random generator whose whole state is one integer.

The state lives inside the game state (``State.rng``), so copying a state copies its
randomness for free and replaying the same seed and moves gives the same game on every
platform and Python version (``random.Random`` makes no such promise across versions).
The generator is SplitMix64.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (seed * 0x2545F4914F6CDD1D + 0x1234567) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return ``(new_state, random 64-bit value)``."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return ``(new_state, value)`` with value uniform in ``range(n)``; ``n`` must be > 0."""
    state, z = next_u64(state)
    return state, (z >> 11) % n


def shuffle(state: int, items: list) -> int:
    """Shuffle ``items`` in place (Fisher-Yates) and return the new generator state."""
    for i in range(len(items) - 1, 0, -1):
        state = (state + _GOLDEN) & _MASK  # below(state, i + 1), inlined
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = ((z ^ (z >> 31)) >> 11) % (i + 1)
        items[i], items[j] = items[j], items[i]
    return state


class Rng:
    """A standalone generator object (for computer players and tools, not game state)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed_state(seed)

    def below(self, n: int) -> int:
        self.state, v = below(self.state, n)
        return v

    def choice(self, items):
        state = (self.state + _GOLDEN) & _MASK  # below(len(items)), inlined: players call it
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        pick = items[((z ^ (z >> 31)) >> 11) % len(items)]
        self.state = state
        return pick

    def shuffle(self, items: list) -> None:
        self.state = shuffle(self.state, items)

    def random(self) -> float:
        self.state, z = next_u64(self.state)
        return (z >> 11) / float(1 << 53)
