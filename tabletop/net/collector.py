"""The server's garbage collector, kept from pausing every table at once.

A server holding hundreds of tables keeps every state of every game (undo takes a move
back to it), millions of containers, nearly all of which live as long as their table.
Python's cyclic collector passes over all of them in each full pass: with 500 tables at a
person's pace those passes took up to 123 ms, and every table waited (the bench's
500-table row: p99 26-42 ms with them, 11-17 ms with the collector off, runs taking
turns). A server runs for days, so the collector cannot stay off: a closed connection
can leave a cycle behind that only it frees.

So what has lived a few seconds is set aside (``gc.freeze``: a full pass no longer scans
it; it is still freed as usual when nothing refers to it), and once in a long while
everything is given back to the collector for one full pass, which frees any cycle left
among what was set aside (one pause of that length every ``sweep`` seconds instead of
several a minute).
"""

from __future__ import annotations

import asyncio
import gc
import time

#: how often what has lived since is set aside (seconds)
FREEZE_EVERY = 10.0
#: how often everything is given back for one full pass (seconds)
SWEEP_EVERY = 600.0


async def tend(freeze_every: float | None = None, sweep_every: float | None = None,
               clock=time.monotonic) -> None:
    """Run for as long as the server does (a task of its loop; the intervals default to
    :data:`FREEZE_EVERY` and :data:`SWEEP_EVERY`); cancelled, it gives everything back
    to the collector."""
    freeze_every = FREEZE_EVERY if freeze_every is None else freeze_every
    sweep_every = SWEEP_EVERY if sweep_every is None else sweep_every
    swept = clock()
    try:
        while True:
            await asyncio.sleep(freeze_every)
            if clock() - swept >= sweep_every:
                gc.unfreeze()
                gc.collect()
                swept = clock()
            gc.freeze()
    finally:
        gc.unfreeze()
