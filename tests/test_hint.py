"""The Hint button and key H: the search, in the worker and from the player's view alone,
names a legal move; the table rings it and says its chance and the runner-up. A computer
seat shows that it is thinking. Headless, with posted key and mouse events."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import button, click, frames, key, settle

from tabletop.engine.info import SeatConfig
from tabletop.engine.session import Session
from tabletop.engine.state import HIDDEN
from tabletop.games import GAMES
from tabletop.ui.kits import table_for
from tabletop.worker import ComputerWorker


def table(app, gid="brawl", level="easy", position=None):
    game = GAMES[gid]
    count = game.rules.seat_count(game.rules.default_options())
    seats = [SeatConfig("Ana")] + [SeatConfig(f"C{i}", "computer", level)
                                   for i in range(1, count)]
    session = Session(game, app.catalog(gid), {}, 9, seats, position=position)
    scene = table_for(session, autosave=None, hide_hands=False)
    app.push(scene)
    app.step(0.016)
    settle(app, scene)  # the computers play up to the human's turn
    return scene


def wait_for_hint(app, scene):
    for _ in frames(app, 20):
        if not scene.hint_waiting:
            break
    assert scene.hint is not None, scene.toast.message


BRAWL = {"turn": "P1", "play": {"P1": ["Copper Kestrel", "Iron Mawgrave"],
                                "P2": ["Hookline Harrow"]},
         "hands": {"P1": ["Solar Storm"], "P2": ["Fever Dream", "Lucky Star"]}}


def test_key_h_asks_for_a_hint_that_names_a_legal_move_and_rings_it(app, monkeypatch):
    sent = []
    ask = ComputerWorker.ask
    monkeypatch.setattr(ComputerWorker, "ask", lambda self, q, view, *a, **kw: (
        sent.append((view, q)), ask(self, q, view, *a, **kw))[1])
    scene = table(app, position=BRAWL)
    assert scene.state.actor == 0 and scene.legal
    key(app, pygame.K_h)
    assert scene.hint_waiting and scene.hint_lines() == ["Thinking about a hint\u2026"]
    wait_for_hint(app, scene)
    hint = scene.hint
    legal = GAMES["brawl"].rules.legal_moves(scene.state)
    assert hint.move in legal
    lines = scene.hint_lines()
    assert lines[0] == f"Hint: {scene.game.text.describe(scene.state, hint.move)}"
    assert lines[1].startswith("Estimated chance to win: ") and lines[1].endswith("%")
    if hint.runner_up is not None:
        assert hint.runner_up in legal and hint.runner_up != hint.move
        assert lines[2].startswith("Next best: ")
    # the card to play and its target are ringed
    rings = scene.hint_rects()
    assert scene.pointer.sprite_of(hint.move.card).rect in rings
    if isinstance(hint.move.target, int):
        assert scene.pointer.sprite_of(hint.move.target).rect in rings
    # the worker got the player's view only: the opponent's hand is masked
    view, q = sent[-1]
    assert q.seat == 0 and q.kind == "hint" and q.changes == scene.session.changes
    assert len(view.zones["hand.1"]) == 2 and set(view.zones["hand.1"]) == {HIDDEN}
    assert set(view.zones["deck"]) == {HIDDEN}
    # a move makes the hint stale
    scene.play(hint.move)
    assert scene.hint_lines() == [] and scene.hint_rects() == []


@pytest.mark.parametrize("gid", list(GAMES))
def test_the_hint_button_gives_a_legal_move_in_every_game(app, gid):
    scene = table(app, gid)
    if scene.state.over:
        pytest.skip("the computers finished the game")
    hint_button = button(scene, "Hint")
    assert hint_button.enabled
    click(app, hint_button.rect.center)
    wait_for_hint(app, scene)
    assert scene.hint.move in GAMES[gid].rules.legal_moves(scene.state)
    assert scene.hint_lines()[0].startswith("Hint: ")


def test_no_hint_on_a_computers_turn_and_the_table_shows_it_thinking(app):
    game = GAMES["brawl"]
    session = Session(game, app.catalog("brawl"), {}, 9,
                      [SeatConfig("Ana"), SeatConfig("Bo", "computer", "normal")],
                      position={"turn": "P2", "play": BRAWL["play"]})
    scene = table_for(session, autosave=None, hide_hands=False)
    app.push(scene)
    app.step(0.016)
    assert scene.state.actor == 1 and scene.computers.thinking
    assert not scene.can_hint()
    key(app, pygame.K_h)
    assert not scene.hint_waiting
    assert "computer is thinking" in " ".join(scene._status_lines())
    assert scene.computers.budget(1) == 0.5


def test_no_next_best_line_for_another_copy_of_the_same_card(app):
    """A runner-up that reads the same as the hint (the other Jab in hand) is not shown
    ("Next best: Play Jab" under "Hint: Play Jab" says nothing)."""
    from table_helpers import open_table

    from tabletop.ui.table.hint import Hint

    scene = open_table(app, "solo-deckbuilder")
    describe = scene.game.text.describe
    for _ in range(60):  # on to a hand with two copies of a card
        pairs = [(a, b) for i, a in enumerate(scene.legal) for b in scene.legal[i + 1:]
                 if describe(scene.state, a) == describe(scene.state, b)]
        if pairs:
            break
        assert scene.play(scene.legal[-1]) and scene.land_now()
    assert pairs, "two copies of a card in a hand"
    move, copy = pairs[0]
    other = next(m for m in scene.legal if describe(scene.state, m) !=
                 describe(scene.state, move))
    scene.hint = Hint(scene.session.changes, move, 0.6, copy, 0.5)
    assert len(scene.hint_lines()) == 2
    scene.hint = Hint(scene.session.changes, move, 0.6, other, 0.5)
    assert scene.hint_lines()[2].startswith("Next best: ")


def test_a_hint_arriving_moves_no_button(app):
    """The hint's lines are in the message strip under the buttons: when it arrives, no
    button moves (they were in the status box, which grew and pushed the buttons down
    under a click on its way: the soak saw a click meant for one button play the next)."""
    scene = table(app, "solo-deckbuilder")
    before = [(b.label, tuple(b.rect)) for b in scene.buttons + scene.tools]
    assert scene.buttons
    key(app, pygame.K_h)
    assert scene.hint_waiting
    assert [(b.label, tuple(b.rect)) for b in scene.buttons + scene.tools] == before
    wait_for_hint(app, scene)
    assert [(b.label, tuple(b.rect)) for b in scene.buttons + scene.tools] == before
    (text_, color), = [m for m in scene.messages() if m[0].startswith("Hint: ")]
    assert text_.split("\n") == scene.hint_lines()
