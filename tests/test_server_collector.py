"""The online server's collector: what has lived a while is set aside from the full
passes, everything is given back once in a while (a cycle set aside is freed then), and
``tabletop serve`` tends it while it runs (tabletop/net/collector.py)."""

from __future__ import annotations

import asyncio
import gc
import sys
import weakref
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from online_helpers import run  # noqa: E402

from tabletop.net import collector, server  # noqa: E402


class Knot:
    """An object in a cycle with itself: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


async def _until(test, seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.01)):
        if test():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("not within the time")


def test_set_aside_then_given_back_for_a_full_pass():
    async def go():
        knot = Knot()
        gone = weakref.ref(knot)
        tending = asyncio.get_running_loop().create_task(collector.tend(0.02, 0.5))
        try:
            await _until(lambda: gc.get_freeze_count() > 0)
            frozen_at = asyncio.get_running_loop().time()
            del knot
            gc.collect()  # a full pass does not reach what was set aside
            assert gone() is not None
            await _until(lambda: gone() is None)  # the sweep gave it back and freed it
            assert asyncio.get_running_loop().time() - frozen_at > 0.2
            await _until(lambda: gc.get_freeze_count() > 0)  # and sets aside again
        finally:
            tending.cancel()
            await asyncio.gather(tending, return_exceptions=True)
        assert gc.get_freeze_count() == 0  # stopped: everything given back

    try:
        run(go(), 20)
    finally:
        gc.unfreeze()


def test_a_knot_left_unfrozen_is_freed_by_the_collector_as_usual():
    async def go():
        tending = asyncio.get_running_loop().create_task(collector.tend(0.02, 60))
        try:
            await _until(lambda: gc.get_freeze_count() > 0)
            knot = Knot()
            gone = weakref.ref(knot)
            del knot
            gc.collect()
            assert gone() is None
        finally:
            tending.cancel()
            await asyncio.gather(tending, return_exceptions=True)

    try:
        run(go(), 20)
    finally:
        gc.unfreeze()


def test_tabletop_serve_tends_its_collector(tmp_path, monkeypatch):
    monkeypatch.setattr(collector, "FREEZE_EVERY", 0.02)

    async def go():
        serving = asyncio.get_running_loop().create_task(
            server.run(tmp_path, "127.0.0.1", 0))
        try:
            await _until(lambda: gc.get_freeze_count() > 0, 10)
        finally:
            serving.cancel()
            await asyncio.gather(serving, return_exceptions=True)
        assert gc.get_freeze_count() == 0

    try:
        run(go(), 30)
    finally:
        gc.unfreeze()
