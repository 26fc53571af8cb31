"""OverPower played through: random games keep their invariants (every card in exactly one
pile, power grids respected, seven mission cards a player, every game ends), 1,000 of them
in the slow suite and a handful in the default run; the computer player beats a random
player in at least 95% of 200 games and decides quickly."""

from __future__ import annotations

import pytest
from overpower_helpers import CATALOG, RULES

from tabletop.engine.players import RandomPlayer, computer_move
from tabletop.engine.rng import Rng
from tabletop.games.overpower.ai import decision_times, win_rate
from tabletop.games.overpower.common import TYPES

DECKS = ["tidewatch", "quarryfolk", "veilwright", "scrapline"]


def options_for(i: int) -> dict:
    opts = {"team_p1": DECKS[i % 4], "team_p2": DECKS[(i // 4) % 4]}
    for n, opt in enumerate(RULES.info.options[2:]):
        if (i >> n) % 3 == 0 and opt.choices:  # vary the other options too
            opts[opt.key] = opt.choices[-1][0]
        elif (i >> n) % 3 == 0:
            opts[opt.key] = True
    return RULES.normalize_options(opts)


def rated(state, ch: int, t: int) -> int:
    """The printed rating, read straight from the card data (not the rules' helpers)."""
    return state.cards[ch].data["grid"].get(TYPES[t]) or 0


def check_grid(before, move) -> None:
    """An attack with a Power card never exceeds its user's rating (grid changes only
    lower ratings in this set, so the printed one bounds it)."""
    if move.kind not in ("attack", "follow") or before.grid_mods:
        return
    actor, _, t = move.choice
    card = before.cards[move.card].data
    if t >= 0:
        assert rated(before, actor, t) >= card["value"], move
    else:
        assert max(rated(before, actor, x) for x in range(4)) >= card["value"], move


def check_state(s) -> None:
    seen = sorted(c for cards in s.zones.values() for c in cards)
    assert seen == list(range(len(s.cards))), "a card is lost or doubled"
    for seat in (0, 1):
        assert len(s.zones[f"front.{seat}"]) <= (3 if s.battle else 4)
        missions = sum(len(s.zones[f"{z}.{seat}"]) for z in
                       ("missions", "completed", "failed", "risk_reserve", "risk_completed"))
        assert missions == 7
        for c in s.zones[f"placed.{seat}"] + s.zones[f"hits.{seat}"] + \
                s.zones[f"record.{seat}"]:
            assert s.cards[s.attached[c]].kind == "character"
    assert not s.zones["combat"] or s.attack is not None or s.pending is not None


def random_games(count: int, start: int = 0) -> int:
    moves = 0
    player = RandomPlayer()
    for i in range(start, start + count):
        s = RULES.new_state(CATALOG, options_for(i), i)
        rng = Rng(i)
        steps = 0
        while not s.over:
            move = computer_move(RULES, s, s.actor, player, rng)
            check_grid(s, move)
            s = RULES.play(s, move)
            check_state(s)
            steps += 1
            assert steps < 5000, "the game does not end"
        moves += steps
    return moves


def test_random_games_keep_the_invariants():
    assert random_games(30) > 0


@pytest.mark.slow
def test_a_thousand_random_games_keep_the_invariants():
    assert random_games(1000, start=30) > 0


def test_the_computer_beats_a_random_player():
    wins, low, high = win_rate(RULES, CATALOG, 200)  # seats alternate, every deck pairing
    assert wins >= 190, (wins, low, high)


def test_the_computer_decides_quickly():
    times = sorted(decision_times(RULES, CATALOG, 3))
    assert times[len(times) // 2] < 0.02 and times[-1] < 0.5
