"""The search (Normal and Hint): its iterations per second and its decision time per game,
on positions of real games (the game's own players play the first moves), in wall time
on this machine, at the level as a table's worker plays it (its nominal time, the work it
guarantees, its ceiling). Goals: the decision within the ceiling plus 50 ms at p99, and
at least the level's work in every decision (the yardstick: the nominal time, and the
game's own player's decisions per second on the same positions)."""

from __future__ import annotations

import time

from ..engine.levels import LEVELS
from ..engine.players import computer_move
from ..engine.rng import Rng
from .games import Context
from .report import Row, error_row, value_row


def positions(game, count: int, seed: int = 1) -> list:
    """``count`` positions with a choice to make, spread over games the game's own players
    play (every seventh decision)."""
    rules = game.rules
    catalog = rules.load_catalog(mod_dirs=[])
    options = rules.normalize_options({})
    out = []
    while len(out) < count:
        state = rules.new_state(catalog, options, seed)
        rng = Rng(seed)
        player = game.computer_player()
        n = 0
        while not state.over and len(out) < count:
            if len(rules.legal_moves(state)) > 1:
                n += 1
                if n % 7 == 3:
                    out.append(state)
            state = rules.play(state, computer_move(rules, state, state.actor, player, rng))
        seed += 1
    return out


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def search_figures(games, quick: bool = False) -> list[dict]:
    """Per game: the search's iterations per second, its decision times at Normal
    (milliseconds: median, p99, max) beside the budget, and the game's own player's
    decisions per second on the same positions."""
    level = LEVELS["normal"]
    budget = level.seconds
    out = []
    for game in games:
        rules = game.rules
        times, work, own, least = [], 0, 0.0, None
        for k, state in enumerate(positions(game, 2 if quick else 12)):
            seat = state.actor
            view = rules.view(state, seat)
            t0 = time.perf_counter()
            game.computer_player().choose(rules, view, seat, Rng(k))
            own += time.perf_counter() - t0
            player = game.player_at("normal")
            t0 = time.perf_counter()
            player.choose(rules, view, seat, Rng(k))
            times.append(time.perf_counter() - t0)
            done = player.details.get("iterations", 0)
            work += done
            least = done if least is None else min(least, done)
        out.append({"game": game.info.title, "iterations_per_s": work / sum(times),
                    "own_per_s": len(times) / max(own, 1e-9),
                    "median_ms": _pct(times, 0.5) * 1000, "p99_ms": _pct(times, 0.99) * 1000,
                    "max_ms": max(times) * 1000, "budget_ms": budget * 1000,
                    "ceiling_ms": (level.ceiling or budget) * 1000,
                    "work": level.work(game.search_rate), "least": least or 0,
                    "decisions": len(times)})
    return out


def measure(ctx: Context) -> list[Row]:
    rows: list[Row] = []
    for game in ctx.games.values():
        try:
            f = search_figures([game], ctx.quick)[0]
        except Exception as exc:  # a figure that cannot be measured fails with its reason
            rows.append(error_row("search decision at Normal, p99", game.info.title, exc))
            continue
        where = f"{f['game']} ({f['decisions']} decisions)"
        budget = f["budget_ms"]
        rows.append(value_row("search decision at Normal, p99", where, f["p99_ms"], "ms",
                              budget, "the Normal nominal time", f["ceiling_ms"] + 50))
        rows.append(value_row("search iterations per second", where, f["iterations_per_s"],
                              "iterations/s", f["own_per_s"], "own player, decisions/s",
                              10 / LEVELS["normal"].seconds, ">=",
                              yard_unit="decisions/s"))
        if f["work"]:
            rows.append(value_row("search iterations a decision at Normal, least", where,
                                  f["least"], "iterations", f["work"],
                                  "the work Normal guarantees", f["work"], ">=",
                                  yard_unit="iterations"))
    return rows
