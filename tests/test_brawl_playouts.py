"""Random playouts: 1,000+ seeded games through the computer players, every move legal,
cards conserved, every game ends; plus invariants the computer players rely on."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.engine.players import RandomPlayer, playout
from tabletop.engine.rng import Rng
from tabletop.games.brawl.ai import BrawlAI

OPTION_SETS = [
    {},
    {"more_actions": True},
    {"maybe_help": True, "delay_of_game": True},
    {"picking_sides": "heroes", "more_actions": True},
    {"three_way": True},
    {"three_way": True, "more_actions": True, "maybe_help": True, "picking_sides": "villains",
     "delay_of_game": True},
]


def _checker(brawl, total: int, deep: bool, seen: Counter):
    def check(before, move, after):
        assert sorted(after.all_cards()) == list(range(total))
        seen[move.kind] += 1
        in_play = {c for seat in range(after.seats) for c in after.zones[f"play.{seat}"]}
        # health sliders on every face-up character in play, and nowhere else
        assert set(after.hp) == in_play - after.facedown
        for c in in_play - after.facedown:
            assert 0 <= after.hp[c] <= after.info[c].health
            assert (c in after.turned) == (after.hp[c] == 0)  # knocked out <=> 0 health
        fighters = list(after.mu) + list(after.mu.values())
        assert len(fighters) == len(set(fighters))  # one match-up per character
        assert set(fighters) <= in_play
        if after.phase in ("main", "chain", "outside", "declare", "pre", "damage"):
            assert not set(fighters) & after.turned  # nobody knocked out fights
        assert set(after.power) <= in_play and set(after.action) <= in_play
        if after.phase == "main" and move.kind == "end":
            assert not after.mu and not after.power  # reset between turns
        if deep:
            # the acting seat's legal moves are the same on its view (no peeking needed)
            actor = before.actor
            rules = brawl.rules
            assert rules.legal_moves(rules.view(before, actor)) == rules.legal_moves(before)
            # the notation reads back to the same move
            text = brawl.notation.format_move(before, move)
            assert brawl.notation.parse_move(before, text) == move, text
    return check


@pytest.mark.slow
def test_a_thousand_random_games(brawl, brawl_cards):
    seen: Counter = Counter()
    results: Counter = Counter()
    games = 1200
    for seed in range(games):
        options = OPTION_SETS[seed % len(OPTION_SETS)]
        state = brawl.rules.new_state(brawl_cards, options, seed)
        total = len(state.cards)
        players = {i: RandomPlayer() for i in range(state.seats)}
        end = playout(brawl.rules, state, players, Rng(seed), max_moves=6000,
                      check=_checker(brawl, total, seed < 150, seen))
        assert end.over
        results["draw" if not end.winners else "win"] += 1
    assert results["win"] > games * 0.8
    # every kind of move occurred somewhere
    for kind in ("pick", "condition", "character", "attack", "aid", "thwart", "gang",
                 "declare", "interrupt", "pass", "resolve", "end", "discard"):
        assert seen[kind] > 0, kind


def test_the_simple_computer_player_beats_random_play(brawl, brawl_cards):
    wins = 0
    for seed in range(30):
        ai_seat = seed % 2
        players = {ai_seat: BrawlAI(), 1 - ai_seat: RandomPlayer()}
        rules = brawl.rules
        end = playout(rules, rules.new_state(brawl_cards, {"more_actions": seed % 3 == 0},
                                             seed), players, Rng(seed))
        wins += end.winners == (ai_seat,)
    assert wins >= 25


def test_computer_players_against_each_other_finish(brawl, brawl_cards):
    for seed in range(6):
        options = OPTION_SETS[seed]
        state = brawl.rules.new_state(brawl_cards, options, seed)
        end = playout(brawl.rules, state, {i: BrawlAI() for i in range(state.seats)}, Rng(seed))
        assert end.over


def _plain(state) -> dict:
    return {slot: getattr(state, slot) for cls in type(state).__mro__
            for slot in getattr(cls, "__slots__", ())}


@pytest.mark.parametrize("options", OPTION_SETS)
def test_the_view_is_what_the_engine_mask_gives(brawl, brawl_cards, options):
    """Brawl builds its views directly (playouts ask for one every move); each is the
    engine's mask, for every seat and for a spectator, set-up picks included."""
    from tabletop.engine import hidden

    rules = brawl.rules
    for seed in range(4):
        s = rules.new_state(brawl_cards, options, seed)
        rng = Rng(seed)
        while not s.over:
            for seat in [*range(s.seats), None]:
                assert _plain(rules.view(s, seat)) == _plain(hidden.mask(rules, s, seat))
            s = rules.play(s, rng.choice(rules.legal_moves(s)))
