"""Brawl's shortcuts agree with the plain definitions they replace, over many random
positions (every option set, both rules versions): the one-move legality test with the
list of legal moves, the quick "has a move" tests with those lists, Interruption targets
(listed team by team) with the card's selector tested character by character."""

from __future__ import annotations

import pytest

from tabletop.engine.moves import Move
from tabletop.engine.rng import Rng
from tabletop.games.brawl.effects import matches
from tabletop.games.brawl.legal import (
    can_declare_outside,
    declare_moves,
    has_interrupt,
    has_link,
    interrupt_moves,
    interrupt_targets,
    link_moves,
)

OPTION_SETS = [
    {},
    {"more_actions": True, "maybe_help": True},
    {"three_way": True, "more_actions": True},
    {"picking_sides": "villains", "delay_of_game": True},
]


def _positions(brawl, cards, options, seed, ruleset):
    rules = brawl.rules
    s = rules.new_state(cards, options, seed)
    s.ruleset = ruleset
    rng = Rng(seed)
    while not s.over:
        yield s
        s = rules.play(s, rng.choice(rules.legal_moves(s)))


def _near_misses(s, legal: list[Move]) -> list[Move]:
    """Moves that differ from a legal one in one part (kind, seat, card, target,
    choice), taking the parts from other legal moves and from the table."""
    in_play = {c for seat in range(s.seats) for c in s.zones[f"play.{seat}"]}
    parts = {"kind": {m.kind for m in legal} | {"attack", "declare", "interrupt", "pass"},
             "card": {m.card for m in legal} | in_play,
             "target": {m.target for m in legal} | in_play | {None, "table", "conditions"},
             "choice": {m.choice for m in legal} | {None, 0, 1}}
    out = [m._replace(seat=(m.seat + 1) % s.seats) for m in legal]
    for m in legal[:3]:
        for field, values in parts.items():
            out.extend(m._replace(**{field: v}) for v in values)
    return out


def _sidelined(s, legal: list[Move]):
    """Copies of ``s`` with the card or target of an attack knocked out, sitting the
    turn out, taking an action or in a match-up (positions play reaches rarely)."""
    for m in legal[:2]:
        if m.kind != "attack":
            continue
        for c in (m.card, m.target):
            for how in ("turned", "withdrawn", "action", "matched"):
                t = s.copy()
                if how == "action":
                    t.action[c] = ("aid", c)
                elif how == "matched":
                    t.attached[m.card] = m.target  # as if the attack were made
                else:
                    getattr(t, how).add(c)
                yield t


def _targets_by_selector(s, seat, inf) -> list:
    """Interruption targets as the rules define them: every character in play (teams
    still in the game, in seat order) that each effect and the card's selector accept."""
    if inf.target_kind != "character":
        return interrupt_targets(s, seat, inf)
    out = []
    for other in range(s.seats):
        if other in s.eliminated:
            continue
        for c in s.zones[f"play.{other}"]:
            if all(test(s, c) for test in inf.target_tests) and \
                    matches(s, inf.target, c, None, seat):
                out.append(c)
    return out


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(o) or "plain")
@pytest.mark.parametrize("ruleset", [None, 1])
def test_shortcuts_agree_with_the_lists(brawl, brawl_cards, options, ruleset):
    rules = brawl.rules
    checked = 0
    for seed in range(6):
        for s in _positions(brawl, brawl_cards, options, seed, ruleset):
            legal = rules.legal_moves(s)
            for m in legal + _near_misses(s, legal):
                assert rules.is_legal(s, m) == (m in legal), (seed, s.phase, m)
                checked += 1
            for t in _sidelined(s, legal):
                for m in legal[:6]:
                    assert rules.is_legal(t, m) == (m in rules.legal_moves(t))
            for seat in s.alive_seats():
                assert has_link(s, seat) == bool(link_moves(s, seat))
                assert has_interrupt(s, seat) == bool(interrupt_moves(s, seat))
                assert can_declare_outside(s, seat) == bool(declare_moves(s, seat, True))
                for c in set(s.zones[f"hand.{seat}"]):
                    inf = s.info[c]
                    if inf.kind == "interruption":
                        assert interrupt_targets(s, seat, inf) == \
                            _targets_by_selector(s, seat, inf)
    assert checked > 1000
