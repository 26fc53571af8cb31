"""Whole games at the real table, a person at one seat and computer players at the others,
counting what must never happen: a move of the person's seat they did not make.

The person (:class:`Person`) is the test's own input: it waits until the table shows it a
decision, thinks for a while (sometimes not at all), sometimes asks for a hint first (and
sometimes moves before the hint has come), and makes its move with the mouse
(:mod:`person`: posted events only). The app's loop runs as in the app: a frame, the work
between frames, the wait for the next sixtieth of a second. The computer seats play at
Normal with a shortened budget, in the real worker or in a stand-in (:class:`Chaos`) that
delays, duplicates, reorders and drops the real worker's replies.

Counted per game: moves of the person's seat not made by its input (must be 0), the
computer's fallbacks (0 with the real worker), answers illegal for the seat they were
asked about (0), replies dropped as not awaited, hints asked.

    python tests/table_soak.py --games 20                 # every game, 20 games each
    ../shared/tools/contend 3600 -- .venv/bin/python tests/table_soak.py --games 20
    python tests/table_soak.py --game brawl --games 5 --chaos --budget 0.05
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame  # noqa: E402
from person import offered, post  # noqa: E402

from tabletop.bench.person import Person as BenchPerson  # noqa: E402
from tabletop.engine import levels  # noqa: E402
from tabletop.engine.info import SeatConfig  # noqa: E402
from tabletop.engine.moves import Move  # noqa: E402
from tabletop.engine.rng import Rng  # noqa: E402
from tabletop.engine.session import Session  # noqa: E402
from tabletop.games import GAMES  # noqa: E402


@dataclass
class Tally:
    """What happened in the games of one game."""

    game: str
    games: int = 0
    finished: int = 0
    moves: int = 0
    person_moves: int = 0
    #: moves of the person's seat it did not make (notation, and what it meant if any)
    not_by_input: list[str] = field(default_factory=list)
    fallbacks: int = 0
    #: moves the table refused as played for a seat from the wrong source (a bug)
    violations: int = 0
    illegal_answers: int = 0
    dropped_replies: int = 0
    hints: int = 0
    #: decisions of the person no gesture of the table offered
    unreachable: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, other: Tally) -> None:
        for name in ("games", "finished", "moves", "person_moves", "fallbacks", "violations",
                     "illegal_answers", "dropped_replies", "hints", "seconds"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.not_by_input += other.not_by_input
        self.unreachable += other.unreachable

    def line(self) -> str:
        return (f"{self.game}: {self.games} games ({self.finished} finished), {self.moves} "
                f"moves, {self.person_moves} by the person; not by its input "
                f"{len(self.not_by_input)}, fallbacks {self.fallbacks}, refused as from the wrong "
                f"source {self.violations}, illegal answers "
                f"{self.illegal_answers}, replies dropped {self.dropped_replies}, hints "
                f"{self.hints}, unreachable {len(self.unreachable)}; {self.seconds:.0f} s")


class Person(BenchPerson):
    """The person at seat ``seat`` (see the module docstring): the bench's person
    (:class:`tabletop.bench.person.Person`), who also acts at once now and then, asks for
    a hint before some decisions, and plays its game's own computer player's move more
    often than not (when the table offers it)."""

    def __init__(self, scene, seat: int, rng: random.Random, hint_share: float = 0.3,
                 quick_share: float = 0.3, think: tuple[float, float] = (0.05, 0.6)) -> None:
        super().__init__(scene, seat, rng, think)
        self.hint_share = hint_share
        self.quick_share = quick_share
        self.own = scene.game.computer_player()
        self.hints = 0

    def start_thinking(self, summary: bool) -> float:
        quick = self.rng.random() < self.quick_share
        wait = 0.0 if quick else self.rng.uniform(*self.think)
        if not summary and self.rng.random() < self.hint_share:
            self.hints += 1
            post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)
        return wait

    def choose(self) -> Move | None:
        move = super().choose()
        if move is None or self.rng.random() >= 0.6:
            return move
        scene = self.scene
        rules = scene.game.rules
        try:
            mine = self.own.choose(rules, rules.view(scene.state, self.seat), self.seat,
                                   Rng(self.rng.getrandbits(32)))
        except Exception:  # noqa: BLE001 - the random move instead
            return move
        return mine if mine in scene.legal and offered(scene, mine) is not None else move


def _counters(scene) -> dict[str, int]:
    c = scene.computers
    return {"fallbacks": getattr(c, "fallbacks", 0),
            "illegal_answers": getattr(c, "illegal_answers", 0),
            "dropped_replies": getattr(c, "dropped", 0)}


@contextmanager
def shortened_budget(seconds: float):
    """Normal (and the hint) think for ``seconds`` instead of their budget."""
    old = levels.LEVELS["normal"]
    levels.LEVELS["normal"] = levels.Level("normal", old.label, seconds)
    try:
        yield
    finally:
        levels.LEVELS["normal"] = old


def play_one(app, game_id: str, seed: int, rng: random.Random, limit: float = 300.0,
             level: str = "normal", worker=None, slow_frames: float = 0.25) -> Tally:
    """One whole game (or ``limit`` seconds of it) at the real table; ``worker(real)``
    wraps the real worker in a stand-in; ``slow_frames``: the share of frames that run
    long, leaving no time between them and the next (as on a busy machine)."""
    from tabletop.ui.app import FPS
    from tabletop.ui.kits import table_for

    game = GAMES[game_id]
    options = game.rules.default_options()
    count = game.rules.seat_count(options)
    seats = [SeatConfig("Person")] + [SeatConfig(f"Computer {i}", "computer", level)
                                      for i in range(1, count)]
    session = Session(game, app.catalog(game_id), options, seed, seats)
    scene = table_for(session, autosave=None)
    if worker is not None:
        scene.computers.wrap_worker = worker
        scene.computers.give_up = 3.0  # a dropped reply is waited for this long
    app.replace(scene)
    person = Person(scene, 0, rng)
    tally = Tally(game_id, games=1)
    start = time.monotonic()
    seen = 0
    while not session.state.over and time.monotonic() - start < limit:
        person.before_frame()
        app.step()
        if rng.random() >= slow_frames:  # else the frame ran long: no time after it
            app.spare()
        app.clock.tick(FPS)  # as App.run: dt is the clock's
        while seen < len(session.moves):
            move = session.moves[seen]
            if move.seat in scene.humans:
                if move == person.meant:
                    tally.person_moves += 1
                    person.meant = None
                else:
                    meant = "nothing" if person.meant is None else \
                        game.notation.format_move(session.states[seen], person.meant)
                    tally.not_by_input.append(
                        f"{game_id} seed {seed} move {seen + 1}: {session.notations[seen]} "
                        f"(the person meant {meant})")
            seen += 1
    for name, value in _counters(scene).items():
        setattr(tally, name, value)
    tally.violations = scene.seat_violations
    tally.finished = int(session.state.over)
    tally.moves = len(session.moves)
    tally.hints = person.hints
    tally.unreachable = person.unreachable
    tally.seconds = time.monotonic() - start
    scene.on_quit()
    return tally


def _chaos(rng: random.Random):
    """Wraps each worker the table starts in a :class:`chaos_worker.Chaos`."""
    from chaos_worker import Chaos

    return lambda real: Chaos(real, rng)


def soak(games: int, game_ids: list[str], budget: float, seed: int = 1,
         limit: float = 300.0, chaos: bool = False, level: str = "normal",
         slow_frames: float = 0.25, report=print) -> dict[str, Tally]:
    """``games`` whole games of each game; returns the tallies by game."""
    from tabletop.ui.app import App

    app = App(headless=os.environ.get("SDL_VIDEODRIVER") == "dummy", ai_delay=0.05)
    out: dict[str, Tally] = {}
    rng = random.Random(seed)
    with shortened_budget(budget):
        for game_id in game_ids:
            total = Tally(game_id, games=0)
            for i in range(games):
                wrap = _chaos(random.Random(rng.random())) if chaos else None
                one = play_one(app, game_id, seed + i, random.Random(rng.random()), limit,
                               level, wrap, slow_frames)
                total.add(one)
                if one.not_by_input or one.fallbacks or one.illegal_answers or one.violations:
                    report(f"  {one.line()}")
                    for line in one.not_by_input[:5]:
                        report(f"    {line}")
            out[game_id] = total
            report(total.line())
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games of each game")
    parser.add_argument("--game", action="append", help="one game (default: every game)")
    parser.add_argument("--budget", type=float, default=0.1,
                        help="Normal's thinking time per move, shortened (seconds)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="normal", help="the computer seats' level")
    parser.add_argument("--slow-frames", type=float, default=0.25,
                        help="share of frames that leave no time after them")
    parser.add_argument("--limit", type=float, default=300.0, help="seconds per game at most")
    parser.add_argument("--chaos", action="store_true",
                        help="a stand-in worker delays, duplicates, reorders, drops replies")
    args = parser.parse_args(argv)
    tallies = soak(args.games, args.game or list(GAMES), args.budget, args.seed, args.limit,
                   args.chaos, args.level, args.slow_frames)
    bad = sum(len(t.not_by_input) + t.illegal_answers + t.violations +
              (0 if args.chaos else t.fallbacks)
              for t in tallies.values())
    print("FAIL" if bad else "PASS", f"({bad} moves or answers that must not happen)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
