"""Random playouts per second, in one process, on each game's default options.

*Raw*: the loop of a search (legal moves, pick one, copy, apply). *Validated*: the loop
of a table (:func:`~tabletop.engine.players.playout`): the acting seat's view, a random
player choosing on it, the move checked with ``is_legal`` and applied. Both count CPU
time of this process (other programs on the machine slow the wall clock, not this), and
are judged against 300 complete games a second. The raw loop's yardstick is a fixed
pure-Python workload timed the same way (to compare machines); the validated loop's is
the raw loop of the same game (the ratio is what validation keeps of the speed)."""

from __future__ import annotations

import time

from ..engine.players import RandomPlayer, playout
from ..engine.rng import Rng
from .games import Context
from .report import Row, value_row

GOAL = 300.0
clock = time.process_time


def yardstick(seconds: float) -> float:
    """A fixed pure-Python workload (dict, list and call traffic like a game's), in
    rounds a second of CPU time."""
    rounds = 0
    t0 = clock()
    while clock() - t0 < seconds:
        d = {}
        for i in range(2000):
            d[i % 97] = d.get(i % 97, 0) + len([i, i + 1, i + 2])
        rounds += 1
    return rounds / (clock() - t0)


def rate(game, catalog, seconds: float, validated: bool) -> float:
    rules = game.rules
    options = rules.default_options()
    rng = Rng(99)
    player = RandomPlayer()
    games = 0
    t0 = clock()
    while clock() - t0 < seconds or games == 0:
        games += 1
        state = rules.new_state(catalog, options, games)
        if validated:
            playout(rules, state, {seat: player for seat in range(state.seats)}, rng)
            continue
        while not state.over:
            move = rng.choice(rules.legal_moves(state))
            state = state.copy()
            rules.apply(state, move)
    return games / (clock() - t0)


def measure(ctx: Context) -> list[Row]:
    seconds = 0.5 if ctx.quick else 5.0
    rows = []
    yard = yardstick(seconds / 2)
    for game_id, game in ctx.games.items():
        catalog = ctx.catalog(game_id)
        raw = rate(game, catalog, seconds, False)
        checked = rate(game, catalog, seconds, True)
        title = game.info.title
        rows.append(value_row("random playouts, raw (legal, copy, apply)", title, raw,
                              "games/s", yard, "pure-Python workload", GOAL, ">=",
                              "rounds/s"))
        rows.append(value_row("random playouts, validated (view, is_legal)", title, checked,
                              "games/s", raw, "raw loop", GOAL, ">="))
    return rows
