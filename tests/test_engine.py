"""Engine behaviour shared by all games: randomness, copies, views, undo, notation."""

from __future__ import annotations

import subprocess
import sys
import time

from tabletop.engine import rng
from tabletop.engine.players import RandomPlayer, computer_move
from tabletop.engine.rng import Rng
from tabletop.engine.session import Session
from tabletop.engine.state import HIDDEN


def test_rng_is_reproducible_and_roughly_uniform():
    a, b = Rng(42), Rng(42)
    assert [a.below(6) for _ in range(50)] == [b.below(6) for _ in range(50)]
    counts = [0] * 6
    r = Rng(7)
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert all(800 < c < 1200 for c in counts)
    items = list(range(20))
    state = rng.shuffle(rng.seed_state(3), items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    assert isinstance(state, int)


def test_same_seed_same_deal(brawl, brawl_cards):
    s1 = brawl.rules.new_state(brawl_cards, {}, 11)
    s2 = brawl.rules.new_state(brawl_cards, {}, 11)
    s3 = brawl.rules.new_state(brawl_cards, {}, 12)
    assert s1.zones == s2.zones
    assert s1.zones != s3.zones


def test_copy_is_independent_and_cheap(brawl, brawl_cards):
    s = brawl.rules.new_state(brawl_cards, {}, 1)
    c = s.copy()
    c.zones["hand.0"].append(c.zones["deck"].pop())
    c.hp[0] = 99
    c.turned.add(0)
    assert len(s.zones["hand.0"]) == 6 and 0 not in s.hp and not s.turned
    n = 20000
    t0 = time.perf_counter()
    for _ in range(n):
        s.copy()
    per_copy_us = (time.perf_counter() - t0) / n * 1e6
    assert per_copy_us < 100, per_copy_us  # the bound: well under 0.1 ms


def test_view_hides_hands_deck_and_the_generator(brawl, brawl_cards):
    s = brawl.rules.new_state(brawl_cards, {}, 5)
    v = brawl.rules.view(s, 0)
    assert v.zones["hand.0"] == s.zones["hand.0"]
    assert v.zones["hand.1"] == [HIDDEN] * 6
    assert set(v.zones["deck"]) == {HIDDEN} and len(v.zones["deck"]) == len(s.zones["deck"])
    assert v.rng == 0 and s.rng != 0


def test_determinize_keeps_what_was_seen_and_counts(brawl, brawl_cards):
    s = brawl.rules.new_state(brawl_cards, {}, 5)
    v = brawl.rules.view(s, 1)
    d = brawl.rules.determinize(v, 1, Rng(3))
    assert d.zones["hand.1"] == s.zones["hand.1"]
    assert len(d.zones["hand.0"]) == 6 and HIDDEN not in d.zones["hand.0"]
    assert sorted(d.all_cards()) == list(range(len(s.cards)))
    # the sampled hand is not simply the true one
    assert any(brawl.rules.determinize(v, 1, Rng(k)).zones["hand.0"] != s.zones["hand.0"]
               for k in range(5))


def test_undo_redo_and_the_reveal_barrier(brawl, brawl_cards):
    session = Session(brawl, brawl_cards, {}, 21)
    players, r = RandomPlayer(), Rng(1)
    picks = [m for m in session.legal_moves() if m.kind == "pick"]
    session.play(picks[0])
    assert session.can_undo()
    assert session.undo() and not session.moves
    assert session.redo() and session.moves == [picks[0]]
    # the second pick reveals both characters and draws: no undo past it
    session.play(computer_move(brawl.rules, session.state, 1, players, r))
    assert not session.can_undo()
    assert not session.undo()
    # moves after the barrier can be undone and redone to the same state
    move = next(m for m in session.legal_moves() if m.kind == "pass")
    before = brawl.positions.to_json(session.state)
    session.play(move)
    after = brawl.positions.to_json(session.state)
    assert session.undo() and brawl.positions.to_json(session.state) == before
    assert session.redo() and brawl.positions.to_json(session.state) == after


def test_undo_with_a_computer_goes_back_to_the_human(brawl, brawl_cards):
    session = Session(brawl, brawl_cards, {}, 21)
    r = Rng(1)
    while not session.state.over and session.state.turn < 4:
        seat = session.state.actor
        session.play(computer_move(brawl.rules, session.state, seat, RandomPlayer(), r))
    # find a position where a human (P1) moved and the computer (P2) answered
    for _ in range(200):
        if session.state.over:
            break
        seat = session.state.actor
        session.play(computer_move(brawl.rules, session.state, seat, RandomPlayer(), r))
        if len(session.moves) >= 2 and session.moves[-2].seat == 0 and \
                session.moves[-1].seat == 1 and session.can_undo() and \
                session.barrier < len(session.states) - 2:
            session.undo(humans=[0])
            assert session.state.actor == 0
            assert session.redo_stack[-1].seat == 0
            return
    raise AssertionError("no human move followed by a computer move found")


def test_the_engine_never_imports_pygame():
    code = ("import sys; import tabletop.engine.session, tabletop.engine.saves, "
            "tabletop.engine.scenario, tabletop.games, tabletop.games.brawl.ai; "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=60)
    assert out.stdout.strip() == "False"


def test_pygame_is_the_community_edition():
    import pygame

    assert getattr(pygame, "IS_CE", False)


def test_draw_reshuffles_the_discard_pile_when_the_pile_is_empty():
    from tabletop.engine.state import State

    s = State((), 2, 9)
    s.zones = {"deck": [1], "discard": [2, 3, 4, 5], "hand.0": []}
    s.turned.add(3)
    assert s.draw("deck", "hand.0", reshuffle_from="discard") == 1
    drawn = s.draw("deck", "hand.0", reshuffle_from="discard")
    assert drawn in (2, 3, 4, 5) and s.zones["discard"] == []
    assert sorted(s.zones["deck"] + s.zones["hand.0"]) == [1, 2, 3, 4, 5]
    assert not s.turned  # reshuffled cards lose their table state
    assert s.draw("deck", "hand.0") is not None
    s.zones["deck"].clear()
    assert s.draw("deck", "hand.0", reshuffle_from="discard") is None


def test_rows_with_the_newest_card_on_the_left():
    from tabletop.engine.state import State

    s = State((), 1, 1)
    s.zones = {"row": []}
    for card in (1, 2, 3):
        s.place(card, "row", newest_left=True)
    assert s.zones["row"] == [3, 2, 1]
    s.place(4, "row")
    assert s.zones["row"] == [3, 2, 1, 4]


def test_seats_clockwise_with_skips():
    from tabletop.engine.state import State

    s = State((), 4, 1)
    s.eliminated = {2}
    assert s.left_of(1) == 3 and s.right_of(3) == 1 and s.left_of(3) == 0
    assert s.order_from(3) == [3, 0, 1]
    assert s.alive_seats() == [0, 1, 3]
    assert s.order_from(0) == [0, 1, 3] and s.order_from(2) == [3, 0, 1]
    s.eliminated = set()
    assert s.order_from(2) == [2, 3, 0, 1]


def test_what_is_derived_from_a_catalog_follows_its_cards():
    from tabletop.engine.cards import CardDef, Catalog

    catalog = Catalog("brawl", {"a": CardDef("a", "character", "A", {})})
    built = []

    def build():
        built.append(len(catalog.cards))
        return tuple(catalog.cards)

    assert catalog.derived("ids", build) == ("a",)
    assert catalog.derived("ids", build) == ("a",) and built == [1]  # worked out once
    catalog.cards["b"] = CardDef("b", "character", "B", {})
    assert catalog.derived("ids", build) == ("a", "b")
    catalog.cards["a"] = CardDef("a", "character", "A again", {})  # same id, new card
    assert catalog.derived("ids", build) == ("a", "b") and built == [1, 2, 2]
