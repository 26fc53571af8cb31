"""Frames as a player feels them: the app's own loop, on a real display, while a person
plays each game against the computer, beside a bare loop in the same window.

**The app, unchanged.** The app is made as ``tabletop`` makes it
(:func:`tabletop.ui.start.make_app`: its logs, error hooks and signal handlers, the main
menu, the card files' hot-reload watcher started when the menu is complete, mods on); the
user folder is a new temporary one. Each game of the registry is started from the
new-game screen as a player starts it (the game chosen, its default options and seats: the
person at seat 1, the computer seats at the new-game screen's default level, Normal, a
search of up to 0.5 s a move in the worker process; autosaving), and the loop is
``App.run``'s: ``step()``, ``spare()``, ``clock.tick(60)``, with nothing fixed or skipped
(the frame's time step is the clock's, the collector runs as in the app). The person
(:class:`tabletop.bench.person.Person`) waits for the table to offer it a decision,
thinks 0.3-1.0 s, and makes one of the moves offered with the mouse (posted events: a
drag onto a lit target, a click on a button, a card's menu or a dialog).

**Wall-clock intervals.** Each frame's interval is the wall time from the start of the
frame before to its own start (``time.perf_counter``): what a player sees, load from
elsewhere on the machine included. A frame is *thinking* when a computer seat's question
was out to the worker at its start, its end or between (:attr:`ComputerSeats.thinking`).

**The yardstick: a bare loop in the same process and window**, interleaved with the app:
in each round, a block of the app, then a block of the bare loop (fill, blit as many
card pictures as the table shows, at its sizes and places, flip, ``clock.tick(60)``), so
that the machine's load falls on both alike. Quick: 2 rounds of 2 s + 2 s a game (~8 s);
full: 3 rounds of 4.2 s + 4.2 s (~25 s). The game goes on from block to block; a game
that has ended is followed by a new one at the next block. Before the first block a game
is played for 2 s untimed and left (what a process does once, the table's modules
imported and the first pictures made, is not counted against the first game).

**The display.** A real one: ``DISPLAY`` when it is set (or the system's on Windows and
macOS); else, when the ``Xvfb`` binary exists, a private X server (``Xvfb :N -screen 0
1280x800x24 -nolisten tcp`` on a free display number, stopped after); the measurement
runs in a fresh process with ``DISPLAY`` and ``SDL_VIDEODRIVER=x11``. Only when there is
neither does it use SDL's dummy driver, and every row says so. The rows also say the load
average when the measurement began.

**Figures per game**, against the bare loop timed beside them: the p99 of the intervals
(goal: at most 1.3x the bare loop's) and the share of intervals over 33 ms, two
sixtieths, a frame lost (goal: at most the bare loop's share plus 1 point; the row's
yardstick is that allowance, the bare loop's share + 1, and its ratio must be at most 1),
overall and over the frames while a computer thinks. The bare loop runs while no computer
thinks: what the worker's search costs the table's frames (its core, the display
server's) is in the rows of the frames while it thinks.

**The worker's priority** (:data:`tabletop.worker.WORKER_NICE`): the first game is also
played with the worker at the table's own priority (nice 0), in blocks interleaved with
those at the chosen level (the same rounds, the same bare blocks), and its rows stand
beside the chosen level's (before and after; the order of the levels' blocks alternates
from round to round): the frames, and the search iterations the worker completes in each
move of its budget (from its replies: the median, judged against nice 0's in the same
run; goal: at least :data:`ITERATIONS_GOAL` of them). The levels compared can be set for
a study (``python -m tabletop.bench.play --levels 0,5,10,19``, or :data:`LEVELS_ENV`).

Run as ``python -m tabletop.bench.play [--quick] [--games ID ...] [--levels N,...]
[--rounds N] [--block SECONDS]`` (on the display the environment names), it prints the
raw figures as one JSON line: each level's intervals, thinking flags, block starts and
search iterations, the bare loop's intervals, and the CPU time each of the process's
threads took (the frame loop, the autosave writer, the card watcher...). The measurement
(:func:`measure`) starts the display and this process.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .. import PACKAGE_PARENT
from .display import private_xvfb
from .games import Context
from .report import Row, error_row, ratio_row

#: the goals: the p99 of the intervals at most this times the bare loop's; the share of
#: intervals over :data:`LONG_MS` at most the bare loop's plus this many points
RATIO_GOAL = 1.3
LONG_POINTS = 1.0
#: an interval longer than two sixtieths of a second: a frame lost
LONG_MS = 2000 / 60
#: (rounds, seconds of each block) quick and full: each round is a block of the app,
#: then one of the bare loop
QUICK, FULL = (1, 1.5), (3, 25 / 6)
#: how long the person thinks before each move (seconds), and in the quick run (CI's smoke
#: test: a computer's turn, and its thinking rows, must come within a 1.5 s block)
THINK, QUICK_THINK = (0.3, 1.0), (0.05, 0.15)
#: the pace of this run's person (:data:`QUICK_THINK` in the quick run)
pace = THINK
#: the search iterations a move at the chosen niceness, at least this share of those at
#: nice 0 in the same run
ITERATIONS_GOAL = 0.5
#: the environment variable that sets the worker's niceness levels compared (a study)
LEVELS_ENV = "TABLETOP_BENCH_NICE_LEVELS"
#: the display number a private Xvfb is first tried on
FIRST_DISPLAY = 40
DUMMY = "dummy driver: not a real display"


# -- the measurement (the bench's process) ---------------------------------------------------
def measure(ctx: Context) -> list[Row]:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else math.nan
    titles = {gid: g.info.title for gid, g in ctx.games.items()}
    try:
        with real_display() as (env, label):
            got = run_child(list(ctx.games), ctx.quick, env)
    except Exception as exc:  # noqa: BLE001 - no display, or the process failed: said
        return [error_row("frame intervals, playing", title, exc) for title in titles.values()]
    rows: list[Row] = []
    for gid, title in titles.items():
        result = got["games"].get(gid)
        if result is None or result.get("error"):
            why = RuntimeError(result.get("error", "not played") if result else "not played")
            rows.append(error_row("frame intervals, playing", title, why))
            continue
        rows.extend(game_rows(title, result, label, load))
    return rows


def game_rows(title: str, result: dict, display: str, load: float) -> list[Row]:
    bare = result["bare"]
    arms = result["arms"]
    rows: list[Row] = []

    def where(arm: dict) -> str:
        worker = f"worker at nice {arm['nice']}" if arm["computer_seats"] else \
            "no computer seat"
        return f"{title} ({worker}; {display}; load {load:.2f} at the start)"

    for arm in arms:
        rows.extend(frame_rows(where(arm), arm, bare, result["bare_cards"]))
    base = next((a for a in arms if a["nice"] == 0), None)
    if base is not None and len(arms) > 1 and base["iterations"]:
        for arm in arms:
            if arm is not base and arm["iterations"]:
                rows.append(ratio_row(
                    f"search iterations a move, median ({len(arm['iterations'])} moves)",
                    where(arm), median(arm["iterations"]), "iterations",
                    median(base["iterations"]),
                    f"worker at nice 0 ({len(base['iterations'])} moves)",
                    ITERATIONS_GOAL, ">="))
    return rows


def frame_rows(where: str, arm: dict, bare: list[float], cards: int) -> list[Row]:
    frames, thinking = arm["frames"], arm["thinking"]
    busy = [ms for ms, t in zip(frames, thinking, strict=True) if t]
    bare_p99 = pct(bare, 0.99)
    bare_long = share_over(bare)
    allowance = f"bare loop {bare_long:.2f} % + {LONG_POINTS:g} point ="
    rows = [ratio_row(f"frame interval p99, playing ({len(frames)} frames, "
                      f"{arm['moves']} moves)", where, pct(frames, 0.99), "ms", bare_p99,
                      f"bare loop p99 ({len(bare)} frames, {cards} cards)",
                      RATIO_GOAL),
            ratio_row(f"frames over 33 ms, playing ({count_over(frames)} of {len(frames)})",
                      where, share_over(frames), "%", bare_long + LONG_POINTS, allowance,
                      1.0)]
    if busy:
        rows += [ratio_row(f"frame interval p99, a computer thinking ({len(busy)} frames)",
                           where, pct(busy, 0.99), "ms", bare_p99, "bare loop p99",
                           RATIO_GOAL),
                 ratio_row(f"frames over 33 ms, a computer thinking ({count_over(busy)} of "
                           f"{len(busy)})", where, share_over(busy), "%",
                           bare_long + LONG_POINTS, allowance, 1.0)]
    return rows


def pct(values: list[float], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def median(values: list[float]) -> float:
    return pct(values, 0.5)


def count_over(values: list[float]) -> int:
    return sum(v > LONG_MS for v in values)


def share_over(values: list[float]) -> float:
    """The share of ``values`` over :data:`LONG_MS`, in percent."""
    return 100 * count_over(values) / len(values) if values else math.nan


@contextlib.contextmanager
def real_display() -> Iterator[tuple[dict[str, str], str]]:
    """The environment of the measuring process, and what display it shows on (see the
    module docstring)."""
    if os.environ.get("DISPLAY"):
        yield {"SDL_VIDEODRIVER": "x11"}, f"X display {os.environ['DISPLAY']}"
    elif sys.platform in ("win32", "darwin"):
        yield {"SDL_VIDEODRIVER": ""}, "the system's display"
    elif shutil.which("Xvfb"):
        with private_xvfb(FIRST_DISPLAY) as display:
            yield {"SDL_VIDEODRIVER": "x11", "DISPLAY": display}, f"Xvfb {display}"
    else:
        yield {"SDL_VIDEODRIVER": "dummy"}, DUMMY


def run_child(games: list[str], quick: bool, display_env: dict[str, str],
              levels: list[int] | None = None) -> dict:
    """This module in a fresh process on the display; its JSON answer."""
    args = ["--games", *games] + (["--quick"] if quick else [])
    if levels is not None:
        args += ["--levels", ",".join(map(str, levels))]
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "TABLETOP_HOME": home, "SDL_AUDIODRIVER": "dummy",
               "PYGAME_HIDE_SUPPORT_PROMPT": "1",
               "PYTHONPATH": os.pathsep.join(p for p in (str(PACKAGE_PARENT),
                                                         os.environ.get("PYTHONPATH")) if p)}
        for key, value in display_env.items():
            if value:
                env[key] = value
            else:
                env.pop(key, None)
        for key in ("TABLETOP_AI_DELAY", "TABLETOP_WORKER_NICE"):
            env.pop(key, None)  # the app's own pace, the worker's own priority
        rounds, seconds = QUICK if quick else FULL
        blocks = 2 * rounds * (len(games) + len(levels or [0]))
        out = subprocess.run([sys.executable, "-m", "tabletop.bench.play", *args],
                             capture_output=True, text=True, env=env,
                             timeout=300 + 4 * blocks * seconds)
    if out.returncode != 0:
        last = (out.stderr or "").strip().splitlines()[-1:] or [f"exit status {out.returncode}"]
        raise RuntimeError(last[0])
    return json.loads(out.stdout.strip().splitlines()[-1])


# -- the measuring process ---------------------------------------------------------------------
@dataclass
class Arm:
    """The app's blocks at one niceness of the worker, and what they recorded."""

    nice: int
    frames: list[float] = field(default_factory=list)
    thinking: list[bool] = field(default_factory=list)
    #: search iterations and seconds of each searched move the worker answered
    iterations: list[int] = field(default_factory=list)
    search_seconds: list[float] = field(default_factory=list)
    moves: int = 0
    games: int = 0
    cards: int = 0
    computer_seats: int = 0
    #: the worker's niceness as seen from the table (relative to the table's own)
    niceness: list[int] = field(default_factory=list)
    #: where each block's frames begin in :attr:`frames`, and the bare block after it
    #: in the game's bare frames (a study pairs them)
    blocks: list[tuple[int, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.scene = None
        self.person = None


class Observed:
    """The table's worker, passed through, noting the search's work in each reply."""

    def __init__(self, worker, arm: Arm) -> None:
        self._worker = worker
        self._arm = arm

    def __getattr__(self, name: str):
        return getattr(self._worker, name)

    def replies(self):
        out = self._worker.replies()
        for reply in out:
            if reply.question.kind == "move" and "iterations" in reply.details:
                self._arm.iterations.append(int(reply.details["iterations"]))
                self._arm.search_seconds.append(reply.seconds)
        return out


def new_game(app, arm: Arm, game_id: str, seed: int, rng: random.Random) -> None:
    """A new game from the new-game screen (the game chosen, the seed typed, Start)."""
    from ..ui.newgame import NewGame
    from ..ui.table import TableScene
    from ..ui.widgets import Choice
    from ..worker import NICE_ENV
    from .person import Person

    os.environ[NICE_ENV] = str(arm.nice)  # the worker the table starts takes it
    screen = NewGame()
    app.push(screen)
    game_choice = next(w for w in screen.widgets if isinstance(w, Choice) and w.label == "Game")
    game_choice.value = game_id
    game_choice.on_change(game_id)
    screen.seed_text = str(seed)
    screen.start_game()
    scene = app.scene
    if not isinstance(scene, TableScene):
        raise RuntimeError(f"the new-game screen did not open the table of {game_id}")
    computers = scene.computers
    computers.wrap_worker = lambda worker: Observed(worker, arm)
    if computers.worker is not None:
        computers.worker = Observed(computers.worker, arm)
    arm.scene = scene
    arm.person = Person(scene, scene.humans[0], rng, pace)
    arm.computer_seats = len(computers.seats)
    arm.games += 1


def app_block(app, arm: Arm, seconds: float) -> None:
    """The app's loop (``App.run``'s) for ``seconds``, the person playing; each frame's
    interval and whether a computer was thinking in it are kept."""
    from ..ui.app import FPS

    scene, person = arm.scene, arm.person
    if app.scene is not scene:
        app.replace(scene)
    computers = scene.computers
    moves = len(scene.session.moves)
    end = time.perf_counter() + seconds
    last: float | None = None
    was = False
    while time.perf_counter() < end and app.running:
        person.before_frame()
        now = computers.thinking
        app.step()
        start = app.frame_started
        if last is not None:
            arm.frames.append((start - last) * 1000)
            arm.thinking.append(was or now)
        app.spare()
        was = now or computers.thinking
        app.clock.tick(FPS)
        last = start
    if not app.running:
        raise RuntimeError("the app stopped")
    arm.moves += len(scene.session.moves) - moves
    arm.cards = max(arm.cards, len(scene.layout_obj.sprites))
    worker = getattr(computers.worker, "_worker", None)
    if worker is not None and hasattr(os, "getpriority") and worker.alive:
        with contextlib.suppress(OSError):
            arm.niceness.append(os.getpriority(os.PRIO_PROCESS, worker._proc.pid) -
                                os.getpriority(os.PRIO_PROCESS, 0))


def bare_block(app, scene, seconds: float) -> tuple[list[float], int]:
    """The bare loop for ``seconds`` in the app's window: its events taken, the felt,
    as many card pictures as the table shows (at its sizes and places), the flip, the
    clock's tick. It draws on a surface like the window's, so that the window still
    shows the table's last frame when the table goes on (the flip shows the window).
    Returns the intervals and how many card pictures it drew."""
    import pygame

    from ..ui import theme
    from ..ui.app import FPS
    from .frames import card_images

    images = card_images(scene)
    surface = app.screen.copy()
    out: list[float] = []
    end = time.perf_counter() + seconds
    last: float | None = None
    while time.perf_counter() < end:
        start = time.perf_counter()
        if last is not None:
            out.append((start - last) * 1000)
        pygame.event.get()
        surface.fill(theme.BG)
        for img, pos in images:
            surface.blit(img, pos)
        pygame.display.flip()
        app.clock.tick(FPS)
        last = start
    return out, len(images)


def play_game(app, game_id: str, levels: list[int], plan: tuple[int, float],
              seed: int) -> dict:
    """The rounds of one game (``plan``: how many, and each block's seconds): each round a
    block of the app at each level (the order reversed every other round), each followed
    by a block of the bare loop."""
    rounds, seconds = plan
    arms = [Arm(nice) for nice in levels]
    rng = random.Random(seed)
    bare: list[float] = []
    cards = 0
    started = 0
    for r in range(rounds):
        for arm in arms if r % 2 == 0 else arms[::-1]:
            if arm.scene is None or arm.scene.state.over:
                if arm.scene is not None:
                    arm.scene.on_quit()
                new_game(app, arm, game_id, seed + started, rng)
                started += 1
            arm.blocks.append((len(arm.frames), len(bare)))
            app_block(app, arm, seconds)
            if THREADS is not None:
                THREADS.look()
            got, drawn = bare_block(app, arm.scene, seconds)
            bare += got
            cards = max(cards, drawn)
    for arm in arms:
        arm.scene.on_quit()
    app.scenes.clear()
    out = {"arms": [], "bare": bare, "bare_cards": cards}
    for arm in arms:
        data = asdict(arm)
        out["arms"].append(data)
    return out


class Threads:
    """The CPU seconds this process's threads (the frame loop's, the autosave writer,
    the file writer, the card watcher, the worker's pipe readers) took while measured,
    by name (Linux: ``/proc/self/task``); looked at between blocks, never in one."""

    def __init__(self) -> None:
        self.first = self._now()
        self.last: dict[int, tuple[str, float]] = {}

    @staticmethod
    def _now() -> dict[int, tuple[str, float]]:
        import threading

        tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
        out: dict[int, tuple[str, float]] = {}
        for thread in threading.enumerate():
            try:
                stat = Path(f"/proc/self/task/{thread.native_id}/stat").read_text()
            except (OSError, TypeError):
                continue
            fields = stat.rsplit(")", 1)[1].split()
            out[thread.native_id] = (thread.name, (int(fields[11]) + int(fields[12])) / tick)
        return out

    def look(self) -> None:
        self.last.update(self._now())

    def totals(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for tid, (name, cpu) in self.last.items():
            if "(" in name:  # Thread-3 (_read_errors): its function's name
                name = name[name.index("(") + 1:].rstrip(")")
            else:  # save_0, Thread-2
                name = name.rstrip("0123456789-_") or name
            out[name] = round(out.get(name, 0.0) + cpu - self.first.get(tid, ("", 0.0))[1], 3)
        return out


#: the threads looked at by :func:`play_game` (set by :func:`main`)
THREADS: Threads | None = None


def _ready(app, seconds: float = 120.0) -> None:
    """Frames of the main menu (``App.run``'s loop) until it is complete and the card
    watcher runs."""
    from ..ui.app import FPS
    from ..ui.hotreload import HotReload

    menu = app.scene
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step()
        app.spare()
        app.clock.tick(FPS)
        if getattr(menu, "ready", False) and any(isinstance(s, HotReload)
                                                 for s in app.services):
            return
    raise RuntimeError("the main menu did not become complete")


def warm_up(app, game_id: str, seconds: float = 2.0) -> None:
    """A game opened and played for ``seconds``, untimed, then left: what a process does
    once (the table's modules imported, the fonts and pictures first made) is not
    counted against the first level measured."""
    arm = Arm(0)
    new_game(app, arm, game_id, 0, random.Random(0))
    app_block(app, arm, seconds)
    arm.scene.on_quit()
    app.scenes.clear()


def default_levels() -> list[int]:
    """The worker's niceness levels the first game is played at: the chosen one first."""
    from ..worker import WORKER_NICE

    raw = os.environ.get(LEVELS_ENV, "")
    levels = [int(x) for x in raw.split(",") if x.strip()] if raw else [0]
    return [WORKER_NICE] + [n for n in levels if n != WORKER_NICE]


def main(argv: list[str] | None = None) -> int:
    from ..worker import WORKER_NICE

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--games", nargs="+")
    parser.add_argument("--levels", help="the worker's niceness levels the first game is "
                                         "played at, e.g. 0,5,10,19 (the chosen one first)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, help="rounds a game (a study; see QUICK, FULL)")
    parser.add_argument("--block", type=float, help="seconds of each block (a study)")
    args = parser.parse_args(argv)
    rounds, block = QUICK if args.quick else FULL
    plan = (args.rounds or rounds, args.block or block)
    global pace
    pace = QUICK_THINK if args.quick else THINK
    if args.levels:
        os.environ[LEVELS_ENV] = args.levels
    levels = default_levels()

    import pygame

    from ..games import GAMES
    from ..ui.start import make_app

    games = args.games or list(GAMES)
    app = make_app()
    out: dict = {"driver": pygame.display.get_driver(), "games": {}}
    global THREADS
    THREADS = Threads()
    try:
        _ready(app)
        warm_up(app, games[0])
        for i, game_id in enumerate(games):
            try:
                out["games"][game_id] = play_game(app, game_id,
                                                  levels if i == 0 else [WORKER_NICE],
                                                  plan, args.seed + 1000 * i)
            except Exception as exc:  # noqa: BLE001 - the other games are measured
                out["games"][game_id] = {"error": f"{type(exc).__name__}: {exc}"}
                app.scenes.clear()
                app.go_home()
                _ready(app)
    finally:
        THREADS.look()
        out["threads"] = THREADS.totals()
        app.quit()
        pygame.quit()
    print(json.dumps(out))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
