"""``tabletop bench`` lines for OverPower: how fast the computer player decides and how
often it beats a random player."""

from __future__ import annotations

import math
import statistics
import time

from ...engine.players import RandomPlayer, playout
from ...engine.rng import Rng
from .ai import OverPowerAI
from .rules import DECKS, OverPowerRules


def win_rate(rules: OverPowerRules, catalog, games: int) -> tuple[int, float, float]:
    """Wins of the computer player over a random one (seats alternate, every pairing of
    decks) and the 95% Wilson interval."""
    wins = 0
    for i in range(games):
        seat = i % 2
        opts = rules.normalize_options({"team_p1": DECKS[i % 4][0],
                                        "team_p2": DECKS[(i // 4) % 4][0]})
        end = playout(rules, rules.new_state(catalog, opts, 700 + i),
                      {seat: OverPowerAI(), 1 - seat: RandomPlayer()}, Rng(i))
        wins += seat in end.winners
    p, z = wins / games, 1.96
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return wins, centre - half, centre + half


def decision_times(rules: OverPowerRules, catalog, games: int) -> list[float]:
    """Seconds per decision of the computer player playing both seats."""
    ai, times = OverPowerAI(), []
    for seed in range(games):
        s = rules.new_state(catalog, {}, seed)
        rng = Rng(seed)
        while not s.over:
            view = rules.view(s, s.actor)
            t0 = time.perf_counter()
            move = ai.choose(rules, view, s.actor, rng)
            times.append(time.perf_counter() - t0)
            s = rules.play(s, move)
    return times


def bench(quick: bool, rules: OverPowerRules) -> list[str]:
    catalog = rules.load_catalog(mod_dirs=[])
    times = sorted(decision_times(rules, catalog, 3 if quick else 10))
    games = 40 if quick else 200
    wins, low, high = win_rate(rules, catalog, games)
    return [f"  OverPower computer player: {statistics.median(times) * 1000:.2f} ms a decision "
            f"(max {times[-1] * 1000:.1f} ms); beats a random player {wins}/{games} "
            f"({low:.0%}\u2013{high:.0%}, target >= 95%)"]
