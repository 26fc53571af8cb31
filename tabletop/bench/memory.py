"""Peak memory (resident set) over a whole game at the real table, one fresh process per
game: seat 0 a person (its moves played as clicks play them), the other seats computer
players at the new-game screen's default level (the search, at Normal) answering from
the worker process, autosave on, frames at 60 a second with the work between them (the
card faces painted ahead) as in the app's loop. The yardstick is a bare pygame
program that opens a window and draws a frame, measured the same way.

Run as ``python -m tabletop.bench.memory GAME [MAX_MOVES]`` (or ``--bare``); it prints
one JSON line: the table process's peak, the worker's and the moves played."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .. import PACKAGE_PARENT
from .games import Context
from .report import Row, error_row, value_row

GOAL_MB = 250.0


def _peak_mb(pid: int | str = "self") -> float | None:
    """A process's peak resident set (``VmHWM``; ``getrusage`` would count the memory of
    the process it was forked from), or None when it cannot be read."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    if pid == "self":
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return None


def _children_peak_mb() -> float | None:
    """The largest peak among this process's children (the computer worker)."""
    pid = os.getpid()
    try:
        kids = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return None
    peaks = [p for p in (_peak_mb(k) for k in kids) if p is not None]
    return max(peaks) if peaks else None


def play_whole_game(game_id: str, max_moves: int) -> dict:
    from ..engine.levels import DEFAULT_LEVEL
    from ..engine.rng import Rng
    from ..engine.session import Session
    from ..games import GAMES
    from ..ui.app import App
    from ..ui.kits import table_for
    from .frames import paced_frame
    from .games import against_computers

    game = GAMES[game_id]
    app = App(headless=True, ai_delay=0.0, mods=False)
    options = game.rules.default_options()
    seats = against_computers(game, options, DEFAULT_LEVEL)
    session = Session(game, app.catalog(game_id), options, 1, seats)
    me, rng = game.computer_player(), Rng(1)
    with tempfile.TemporaryDirectory() as tmp:
        scene = table_for(session, autosave=Path(tmp) / "autosave.json")
        app.push(scene)
        deadline = time.monotonic() + 60 + 2 * max_moves
        while not session.state.over and len(session.moves) < max_moves \
                and time.monotonic() < deadline:
            state = session.state
            if state.actor in scene.humans and scene.landing is None:
                scene.play(me.choose(game.rules, game.rules.view(state, state.actor),
                                     state.actor, rng))
            paced_frame(app)
        worker = _children_peak_mb()
        scene.on_quit()
    return {"peak_mb": _peak_mb(), "worker_mb": worker, "moves": len(session.moves),
            "over": session.state.over}


def bare_window() -> dict:
    import pygame

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    screen.fill((18, 44, 50))
    pygame.display.flip()
    return {"peak_mb": _peak_mb()}


def run(*args: str) -> dict:
    """This module in a fresh process with ``args``; its JSON answer."""
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "TABLETOP_HOME": home, "PYGAME_HIDE_SUPPORT_PROMPT": "1",
               "PYTHONPATH": os.pathsep.join(p for p in (str(PACKAGE_PARENT),
                                                         os.environ.get("PYTHONPATH")) if p)}
        out = subprocess.run([sys.executable, "-m", "tabletop.bench.memory", *args],
                             capture_output=True, text=True, env=env, timeout=900,
                             check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _measured(game_id: str, cap: int) -> dict | subprocess.CalledProcessError:
    try:
        return run(game_id, str(cap))
    except subprocess.CalledProcessError as exc:
        return exc


def measure(ctx: Context) -> list[Row]:
    rows = []
    cap = 20 if ctx.quick else 5000  # (quick: CI's smoke test of the rows)
    # each in a process of its own, two at a time: a peak of memory is the process's own
    # (no figure here is a time), and the processes spend most of it importing
    with ThreadPoolExecutor(max_workers=2) as pool:
        bare_job = pool.submit(run, "--bare")
        jobs = {gid: pool.submit(_measured, gid, cap) for gid in ctx.games}
        bare = bare_job.result()["peak_mb"]
    for game_id, game in ctx.games.items():
        got = jobs[game_id].result()
        if isinstance(got, subprocess.CalledProcessError):
            exc = got
            last = (exc.stderr or "").strip().splitlines()[-1:] or ["no output"]
            rows.append(error_row("peak memory", game.info.title, RuntimeError(last[0])))
            continue
        whole = "whole game" if got["over"] else "first"
        where = f"{game.info.title} ({whole} {got['moves']} moves)"
        rows.append(value_row("peak memory, table process", where, got["peak_mb"], "MB",
                              bare, "bare pygame window", GOAL_MB))
        if got["worker_mb"] is not None:
            rows.append(value_row("peak memory, computer worker", where, got["worker_mb"],
                                  "MB", bare, "bare pygame window", GOAL_MB))
    return rows


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    if argv[:1] == ["--bare"]:
        result = bare_window()
    else:
        result = play_whole_game(argv[0], int(argv[1]) if len(argv) > 1 else 5000)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
