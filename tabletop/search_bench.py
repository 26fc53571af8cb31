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


def search_lines(quick: bool = False) -> list[str]:
    """One line per game: the search's iterations per second and its decision time at
    Normal (median, p99, max; the goal is p99 <= budget + 50 ms)."""
    from .games import GAMES

    budget = LEVELS["normal"].seconds
    count = 3 if quick else 12
    lines = [f"search (ISMCTS) at Normal, {budget:g} s a decision, {count} positions a game:"]
    for game in GAMES.values():
        rules = game.rules
        times, work = [], 0
        for k, state in enumerate(positions(game, count)):
            player = game.player_at("normal")
            seat = state.actor
            t0 = time.perf_counter()
            player.choose(rules, rules.view(state, seat), seat, Rng(k))
            times.append(time.perf_counter() - t0)
            work += player.details.get("iterations", 0)
        p99 = _pct(times, 0.99)
        verdict = "met" if p99 <= budget + 0.05 else "MISSED"
        lines.append(f"  {game.info.title:<20} {work / sum(times):7.0f} iterations/s   "
                     f"decision median {_pct(times, 0.5) * 1000:4.0f} ms, p99 "
                     f"{p99 * 1000:4.0f} ms, max {max(times) * 1000:4.0f} ms   "
                     f"(goal p99 <= {(budget + 0.05) * 1000:.0f} ms: {verdict})")
    return lines
