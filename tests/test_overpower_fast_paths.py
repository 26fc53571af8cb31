"""OverPower's fast paths give exactly what the general ones give: its views are the
engine's mask, its copies are independent and complete, and its exact one-move tests
(``is_legal``) agree with the list of legal moves, over random games with every kind of
card in play (the kitchen-sink decks, Locations, Events, Artifacts) and varied options."""

from __future__ import annotations

import pytest
from overpower_helpers import CATALOG, RULES, SINK

from tabletop.engine import hidden
from tabletop.engine.moves import Move
from tabletop.engine.rng import Rng
from tabletop.games.overpower import ai

CASES = [
    (CATALOG, {}),
    (CATALOG, {"team_p1": "tidewatch-gull-point", "team_p2": "quarryfolk-breakwater",
               "code_rule": True, "passing": "strict"}),
    (SINK, {"fusion_rule": "off", "special_discard": "keep_in_hand",
            "any_character_limitation": True}),
    (SINK, {"teamwork_types": "any_distinct", "combination_exclusion": "off",
            "penalty_counts": "all_riding", "draw_reventure": "optional"}),
]


def plain(state) -> dict:
    return {slot: getattr(state, slot) for cls in type(state).__mro__
            for slot in getattr(cls, "__slots__", ())}


def states(catalog, options, games: int):
    """Every state of ``games`` random games (each seat picks a random legal move)."""
    for seed in range(games):
        s = RULES.new_state(catalog, options, seed)
        rng = Rng(seed)
        while not s.over:
            yield s
            s = RULES.play(s, rng.choice(RULES.legal_moves(s)))


@pytest.mark.parametrize("case", range(len(CASES)))
def test_the_view_is_what_the_engine_mask_gives(case):
    catalog, options = CASES[case]
    for s in states(catalog, options, 6):
        for seat in (0, 1, None):
            assert plain(RULES.view(s, seat)) == plain(hidden.mask(RULES, s, seat))


#: what a copy shares with its original by design (the options never change in a game) or
#: starts afresh (this move's log lines)
SHARED = ("options", "events")


@pytest.mark.parametrize("case", range(len(CASES)))
def test_a_copy_has_every_slot_and_shares_no_container(case):
    catalog, options = CASES[case]
    for n, s in enumerate(states(catalog, options, 2)):
        if n % 7:
            continue
        c = s.copy()
        assert plain(c) == {**plain(s), "events": []}
        for slot, value in plain(s).items():
            if isinstance(value, list | set | dict) and slot not in SHARED:
                assert getattr(c, slot) is not value, slot
        for name, cards in s.zones.items():
            assert c.zones[name] is not cards, name


def near_misses(s, legal: list[Move], before: list[Move]) -> set[Move]:
    """Moves close to legal ones: another card, target, choice or kind taken from another
    legal move, the other seat, a card one off, and the moves of the position before."""
    out = set(before)
    for m in legal[:20]:
        out.add(m._replace(seat=1 - m.seat))
        if isinstance(m.card, int):
            out.add(m._replace(card=(m.card + 1) % len(s.cards)))
        for o in legal[:20]:
            out |= {m._replace(kind=o.kind), m._replace(card=o.card),
                    m._replace(target=o.target), m._replace(choice=o.choice)}
    return out


@pytest.mark.parametrize("case", range(len(CASES)))
def test_is_legal_agrees_with_the_legal_moves(case):
    catalog, options = CASES[case]
    before: list[Move] = []
    checked = 0
    for s in states(catalog, options, 5):
        legal = RULES.legal_moves(s)
        for m in set(legal) | near_misses(s, legal, before):
            assert RULES.is_legal(s, m) == (m in legal), (s.pending, m)
            checked += 1
        before = legal
    assert checked > 1000


def test_a_view_forgets_marks_on_hidden_cards_as_the_engine_mask_does():
    """A hidden card attached, counted or kept to be Placed (not in the rules' own games,
    but a state may say so): the view still equals the engine's mask, the mark dropped."""
    s = next(s for n, s in enumerate(states(CATALOG, {}, 1)) if n > 12 and s.zones["hand.1"])
    drawn, held = s.zones["draw.0"][-1], s.zones["hand.1"][0]
    ch = s.zones["front.0"][0]
    for mark in ("attached", "counted", "must_place"):
        t = s.copy()
        if mark == "attached":
            t.attached[drawn] = ch
        elif mark == "counted":
            t.counters[(held, "uses")] = 1
        else:
            t.must_place = frozenset({held, ch})
        for seat in (0, 1):
            v = RULES.view(t, seat)
            assert plain(v) == plain(hidden.mask(RULES, t, seat)), (mark, seat)
        assert drawn not in RULES.view(t, 0).attached
        assert (held, "uses") not in RULES.view(t, 0).counters
        assert held not in RULES.view(t, 0).must_place


@pytest.mark.parametrize("case", range(len(CASES)))
def test_the_players_shared_target_look_scores_as_a_fresh_one(case):
    """The computer player works out each target's standing (hits, KO total, Spectrum
    types) once per decision and shares it across the moves it scores: every move of
    every decision of random games scores exactly as it does worked out afresh, with
    the moves scored in order and in reverse (a memo keyed by anything but the target,
    or kept from another position, gives another score)."""
    catalog, options = CASES[case]
    scored = attacks = 0
    for s in states(catalog, options, 10):
        if s.pending.kind not in ("turn", "chain"):
            continue
        link = s.chain[-1] if s.pending.kind == "chain" else None
        legal = RULES.legal_moves(s)
        fresh = [ai._action_score(s, m, link) for m in legal]
        for order in (legal, legal[::-1]):
            memo: dict = {}
            shared = {m: ai._action_score(s, m, link, memo) for m in order}
            assert [shared[m] for m in legal] == fresh
        scored += len(legal)
        attacks += sum(m.target is not None for m in legal)
    assert scored > 150 and attacks > 50, (scored, attacks)
