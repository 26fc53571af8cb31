"""Timing what a frame does, in tests that also run on a busy machine (issue 27).

A frame's wall-clock time on a loaded machine is mostly the time other programs held the
cores: a test that bounds it by the frame budget fails there although the frame did no
more work. The tests bound instead, honestly:

* the *work* a frame does by the drawing thread's CPU time (:func:`cpu_seconds`,
  ``time.thread_time``): other processes and threads do not count in it, more work in the
  frame does. Waiting (a sleep, a lock, a pipe) does not show in it: a test that guards
  against waiting adds the next;
* *waiting* by the wall clock of the fastest of several rounds of the same work
  (:func:`best_wall`): on a loaded machine some round runs without losing its core, while
  work that waits, waits in every round.

:func:`burn` spends thread CPU time: the slowness a test injects to show that its check
still fails when the frame does too much.
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: a frame at 60 frames a second (seconds)
FRAME_BUDGET = 1 / 60


def cpu_seconds(work: Callable[[], object]) -> float:
    """The calling thread's CPU time ``work()`` took (seconds)."""
    t0 = time.thread_time()
    work()
    return time.thread_time() - t0


def best_wall(work: Callable[[], object], rounds: int, calls: int) -> float:
    """The wall-clock time of one call of ``work`` in the fastest of ``rounds`` rounds of
    ``calls`` calls (seconds): what it takes when the machine lets it run."""
    best = float("inf")
    for _ in range(rounds):
        t0 = time.perf_counter()
        for _ in range(calls):
            work()
        best = min(best, (time.perf_counter() - t0) / calls)
    return best


def burn(seconds: float) -> None:
    """Spend ``seconds`` of this thread's CPU time (an injected slow frame)."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass
