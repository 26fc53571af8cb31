"""``tabletop bench`` lines for the search: iterations per second and decision time per
game, at the Normal budget, on positions of real games (the game's own players play the
first moves). Kept apart from :mod:`tabletop.bench` so either can change alone."""

from __future__ import annotations

import time

from .engine.levels import LEVELS
from .engine.players import computer_move
from .engine.rng import Rng


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


def search_figures(quick: bool = False) -> list[dict]:
    """Per game: the search's iterations per second and its decision times at Normal
    (milliseconds: median, p99, max) beside the budget (the goal: p99 <= budget + 50 ms)."""
    from .games import GAMES

    budget = LEVELS["normal"].seconds
    out = []
    for game in GAMES.values():
        rules = game.rules
        times, work = [], 0
        for k, state in enumerate(positions(game, 3 if quick else 12)):
            player = game.player_at("normal")
            seat = state.actor
            t0 = time.perf_counter()
            player.choose(rules, rules.view(state, seat), seat, Rng(k))
            times.append(time.perf_counter() - t0)
            work += player.details.get("iterations", 0)
        out.append({"game": game.info.title, "iterations_per_s": work / sum(times),
                    "median_ms": _pct(times, 0.5) * 1000, "p99_ms": _pct(times, 0.99) * 1000,
                    "max_ms": max(times) * 1000, "budget_ms": budget * 1000,
                    "decisions": len(times)})
    return out


def search_lines(quick: bool = False) -> list[str]:
    """:func:`search_figures` as lines of text, each with its verdict."""
    figures = search_figures(quick)
    lines = [f"search (ISMCTS) at Normal, {figures[0]['budget_ms']:.0f} ms a decision, "
             f"{figures[0]['decisions']} positions a game:"]
    for f in figures:
        goal = f["budget_ms"] + 50
        verdict = "met" if f["p99_ms"] <= goal else "MISSED"
        lines.append(f"  {f['game']:<20} {f['iterations_per_s']:7.0f} iterations/s   "
                     f"decision median {f['median_ms']:4.0f} ms, p99 {f['p99_ms']:4.0f} ms, "
                     f"max {f['max_ms']:4.0f} ms   (goal p99 <= {goal:.0f} ms: {verdict})")
    return lines
