"""Only a seat's own input makes a person's move, and only its answer a computer's: the
table refuses anything else where moves are accepted and played. A click made on a
picture of a position the table has since left plays nothing, and a menu or dialog made
for one position refuses to play in another."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pygame
import pytest
from stand_in_worker import StandInWorker
from table_helpers import BRAWL_POSITION, brawl_table
from ui_helpers import post

from tabletop.engine.info import SeatConfig
from tabletop.engine.moves import Move
from tabletop.ui.table.computers import Answer
from tabletop.ui.table.scene import TableScene
from tabletop.worker import Question

SEATS = [SeatConfig("Ana"), SeatConfig("Bo", "computer")]


def person_vs_silent_computer(app):
    """A Brawl table, Ana (a person) to act, Bo a computer whose worker never answers;
    the loop works between frames, as the app's does."""
    worker = StandInWorker(lambda view: None, polls=10**9)
    scene = brawl_table(app, BRAWL_POSITION, SEATS, autosave=False, worker=worker)
    app.spare(time.perf_counter() + 0.5)
    return scene


def play(scene, move) -> None:
    """The person makes ``move`` and it lands at once."""
    assert scene.play(move)
    assert scene.land_now()


def button_at(scene, label: str):
    return next(b for b in scene.buttons if b.label == label)


def test_a_double_click_plays_one_move_not_the_next_positions_button(app):
    """"No attack" is double-clicked: the first click's move is accepted and waits to land;
    the second click lands it and then finds "End turn" at the same place, a button the
    person never saw. It must play nothing (it ended the turn before)."""
    scene = person_vs_silent_computer(app)
    no_attack = button_at(scene, "No attack")
    pos = no_attack.rect.center
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(2):
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step(0.016)
    app.spare(time.perf_counter() + 0.5)
    assert scene.session.notations == ["P1 pass"]
    assert button_at(scene, "End turn").rect.collidepoint(pos)  # what the click found
    assert scene.toast.message == "The table changed as you chose: nothing was played."
    assert scene.seat_violations == 0


def test_a_menu_made_for_one_position_refuses_to_play_in_another(app):
    scene = person_vs_silent_computer(app)
    card = next(m.card for m in scene.legal if isinstance(m.card, int))
    moves = [m for m in scene.legal if m.kind != "pass"]
    scene.pointer.menu_for(moves, (100, 100), scene.state.name(card))
    stale = list(scene.menu)
    play(scene, next(m for m in scene.legal if m.kind == "pass"))  # the position changes
    scene.menu = stale  # the menu of the position before, still open
    still_legal = [(rect, m) for rect, _, m in stale if m in scene.session.legal_moves()]
    entry, move = (still_legal or [(stale[0][0], stale[0][2])])[0]
    before = list(scene.session.moves)
    scene.shown_changes = scene.session.changes  # the new position is shown, not the menu's
    post(pygame.MOUSEBUTTONDOWN, pos=entry.center, button=1)
    post(pygame.MOUSEBUTTONUP, pos=entry.center, button=1)
    app.step(0.016)
    assert scene.session.moves == before
    assert "nothing was played" in scene.toast.message


def test_a_dialog_made_for_one_position_refuses_to_play_in_another(app):
    scene = person_vs_silent_computer(app)
    made_at = scene.session.changes
    pass_move = next(m for m in scene.legal if m.kind == "pass")
    play(scene, pass_move)
    end = next(m for m in scene.legal if m.kind == "end")
    assert not scene.input_move(end, built=made_at)  # a control of the position before
    assert scene.session.moves == [pass_move]
    scene.shown_changes = scene.session.changes
    assert scene.input_move(end, built=scene.session.changes)  # made for this position


def test_a_computers_answer_cannot_move_for_a_person(app):
    scene = person_vs_silent_computer(app)
    move = scene.legal[0]
    q = Question("move", 0, len(scene.session.moves), scene.session.changes, 1)
    with pytest.raises(AssertionError, match="a person's seat"):
        scene.play_answer(Answer(q, move))
    assert not scene.session.moves
    scene.strict = False  # as in the app: refused, logged and counted, never played
    assert not scene.play_answer(Answer(q, move))
    assert not scene.session.moves and scene.seat_violations == 2


def test_a_persons_input_cannot_move_for_a_computer(app):
    scene = person_vs_silent_computer(app)
    play(scene, next(m for m in scene.legal if m.kind == "pass"))
    play(scene, next(m for m in scene.legal if m.kind == "end"))
    while scene.state.actor == 0:
        play(scene, scene.legal[0])
    assert scene.state.actor == 1
    computer_move = scene.session.legal_moves()[0]
    count = len(scene.session.moves)
    with pytest.raises(AssertionError, match="not a person's seat"):
        scene.play(computer_move)
    assert len(scene.session.moves) == count


def test_an_answer_about_another_position_is_dropped_quietly(app):
    scene = person_vs_silent_computer(app)
    play(scene, next(m for m in scene.legal if m.kind == "pass"))
    play(scene, next(m for m in scene.legal if m.kind == "end"))
    while scene.state.actor == 0:
        play(scene, scene.legal[0])
    move = scene.session.legal_moves()[0]
    s = scene.session
    old = Question("move", 1, len(s.moves), s.changes - 1, 7)  # the position before
    assert not scene.play_answer(Answer(old, move))
    assert scene.seat_violations == 0 and s.moves[-1].seat == 0


def test_strict_is_off_in_the_app():
    """The tests raise on a refused bug (conftest); the app refuses, logs and counts."""
    assert TableScene.strict is True
    out = subprocess.run([sys.executable, "-c", "from tabletop.ui.table.scene import "
                          "TableScene; print(TableScene.strict)"], capture_output=True,
                         text=True, env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
                         check=True)
    assert out.stdout.strip() == "False"


def test_a_move_from_nowhere_is_a_bug():
    from tabletop.ui.table.sources import refusal

    class Session:
        changes, moves = 0, []

    why = refusal(Session(), [0], {1}, Move("pass", 0), object())
    assert why is not None and why.bug
