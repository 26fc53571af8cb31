"""Caches of pictures and measures with a bound on their size."""

from __future__ import annotations

from itertools import islice

#: the share of a full cache dropped at once (its oldest entries)
DROP = 0.25


def make_room(cache: dict, most: int) -> None:
    """Before adding to ``cache``: when it holds ``most`` entries, drop its oldest
    quarter (the first added). Emptying it all at once instead freed thousands of
    entries in one go and measured them all again right after: one step of painting
    the table's panel took 30 ms that way (a 277-move log after a few window sizes).
    Dropping one entry per addition is no better: finding the oldest then walks past
    every slot dropped before it (50 ms for 20 lines of the same log)."""
    if len(cache) >= most:
        for key in list(islice(cache, max(1, int(most * DROP)))):
            del cache[key]
