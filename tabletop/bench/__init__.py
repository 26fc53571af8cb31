"""``tabletop bench``: what players feel, measured so that a reader can judge it.

Every figure is printed beside a yardstick measured in the same run (a bare pygame loop
blitting the same cards, libyaml's bare parse of the same files, the engine's undo alone,
a bare pygame window...), with its goal and PASS or FAIL; per-game figures cover every
game in the registry. Frames use SDL's dummy video driver, so they time our drawing, not
the graphics card; the play measurement (:mod:`.play`) runs the app's own loop on a real
display (a private Xvfb when there is no ``DISPLAY``), a person playing, in wall time.
``--quick`` takes fewer samples (a smoke test for CI); the full run is the figure of
record (``docs/bench.md``).

Each measurement is a function ``measure(ctx) -> list[Row]`` in :data:`MEASUREMENTS`, one
module each; add a module and list its function to add figures.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# SIGINT and SIGTERM stop the bench: SDL's own handlers would turn them into quit events,
# which the bench never reads (it went on running when told to stop)
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")

from . import (  # noqa: E402
    cardload,
    decisions,
    frames,
    memory,
    online,
    opening,
    play,
    playouts,
    saving,
    search,
    startup,
    undo,
)
from .games import Context  # noqa: E402
from .report import Row, summary, table, to_json  # noqa: E402

#: the measurements, in the order printed (a measurement's rows name the module it is in)
MEASUREMENTS: list[Callable[[Context], list[Row]]] = [
    frames.measure,
    play.measure,
    undo.measure,
    startup.measure,
    cardload.measure,
    memory.measure,
    saving.measure,
    opening.measure,
    decisions.measure,
    search.measure,
    playouts.measure,
    online.measure,
]
#: the measurements that launch ``python -c``/``-m`` programs: a desktop bundle has no
#: Python to launch, so it leaves them out (and says so)
LAUNCH_PYTHON = ("startup", "memory", "play", "online")


def run(quick: bool = False, only: list[str] | None = None,
        progress: Callable[[str], None] | None = None) -> list[Row]:
    """Every measurement (those whose module name is in ``only``, when given)."""
    ctx = Context(quick=quick)
    rows: list[Row] = []
    for measure in MEASUREMENTS:
        name = measure.__module__.rsplit(".", 1)[-1]
        if only and name not in only:
            continue
        if name in LAUNCH_PYTHON and getattr(sys, "frozen", False):
            if progress is not None:
                progress(f"{name}: skipped in a desktop bundle (it launches Python programs; "
                         "run it from an installed package)")
            continue
        t0 = time.perf_counter()
        got = [replace(row, part=name) for row in measure(ctx)]
        rows.extend(got)
        if progress is not None:
            progress(f"{name}: {len(got)} figures in {time.perf_counter() - t0:.1f} s")
    return rows


def header() -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"Tabletop benchmark: python {sys.version.split()[0]}, {os.cpu_count()} CPU(s), "
            f"load average {load:.2f} at the start; SDL {os.environ['SDL_VIDEODRIVER']} "
            "video driver")


def game_notes(quick: bool) -> list[str]:
    """Extra lines a game prints about itself (e.g. its computer player's win rate):
    information for balancing, not judged figures."""
    from ..games import GAMES

    out = []
    for game in GAMES.values():
        if game.bench is not None:
            out.extend(game.bench(quick))
    return out


def main(quick: bool = False, only: list[str] | None = None,
         json_path: Path | None = None) -> int:
    print(header(), flush=True)
    t0 = time.perf_counter()
    rows = run(quick, only, progress=lambda line: print("  " + line, file=sys.stderr,
                                                        flush=True))
    print()
    print(table(rows))
    print()
    print(summary(rows) + f" ({time.perf_counter() - t0:.0f} s)")
    if not only:
        notes = game_notes(quick)
        if notes:
            print("\nGame notes (for balancing; not judged):")
            print("\n".join(notes))
    if json_path is not None:
        Path(json_path).write_text(to_json(rows), encoding="utf-8")
    return 0
