"""How long each game's computer player takes to decide (in the worker process, off the
frame), over whole games it plays against itself, against a random player deciding on
the same views."""

from __future__ import annotations

import time

from ..engine.players import RandomPlayer
from ..engine.rng import Rng
from .games import Context, computer_game
from .report import Row, value_row

#: the per-move time the table gives a computer seat's worker (``ComputerSeats.poll``)
BUDGET_MS = 1000.0


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(ctx: Context) -> list[Row]:
    rows: list[Row] = []
    for game_id, game in ctx.games.items():
        catalog = ctx.catalog(game_id)
        timings: list[float] = []
        played = []
        for seed in (1,) if ctx.quick else (1, 2, 3, 4, 5):
            played.append(computer_game(game, catalog, seed, timings=timings,
                                        max_moves=60 if ctx.quick else 2000))
        ms = [t * 1000 for t in timings]
        random_ms = _random_decisions(game, catalog, played)
        where = f"{game.info.title} ({len(ms)} decisions)"
        yard = "random player, median"
        yard_ms = pct(random_ms, 0.5)
        rows.append(value_row("computer decision, median", where, pct(ms, 0.5), "ms",
                              yard_ms, yard, BUDGET_MS))
        rows.append(value_row("computer decision, p99", where, pct(ms, 0.99), "ms", yard_ms,
                              yard, BUDGET_MS))
        rows.append(value_row("computer decision, max", where, max(ms), "ms", yard_ms, yard,
                              BUDGET_MS))
    return rows


def _random_decisions(game, catalog, played) -> list[float]:
    """A random player's decisions on the views of the same games."""
    rules = game.rules
    player = RandomPlayer()
    rng = Rng(0)
    out = []
    for p in played:
        state = rules.new_state(catalog, p.options, p.seed)
        for move in p.moves:
            view = rules.view(state, state.actor)
            t0 = time.perf_counter()
            player.choose(rules, view, state.actor, rng)
            out.append((time.perf_counter() - t0) * 1000)
            state = rules.play(state, move)
    return out
