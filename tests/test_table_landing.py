"""A move lands between frames: the frame in which a card is dropped (or a computer's
answer read) only accepts the move; it is played in the time after that frame
(``App.spare``), and nothing acts on the position before it has landed."""

from __future__ import annotations

import json
import time

import pygame
from stand_in_worker import StandInWorker
from table_helpers import BRAWL_POSITION, brawl_table
from ui_helpers import center_of, drag, key, sprite_of, zone_center

from tabletop.engine.info import SeatConfig
from tabletop.engine.moves import Move
from tabletop.engine.paths import saves_dir
from tabletop.games import get_game
from tabletop.ui.table.painting import PAINT_WAIT


def table(app, seats=None, position=BRAWL_POSITION, worker=None):
    """A Brawl table (:func:`table_helpers.brawl_table`) whose loop works between frames,
    as the app's does."""
    scene = brawl_table(app, position, seats, worker=worker)
    between(app)
    return scene


def between(app) -> None:
    """The work between two frames, with all the time it wants."""
    app.spare(time.perf_counter() + 0.5)


def drop_warden(app, scene, end=None) -> tuple[int, pygame.Rect]:
    """Drag Granite Warden from the hand into play (at ``end``, else the middle of the
    zone); returns the card and where it was let go."""
    card = sprite_of(scene, "Granite Warden").card
    end = end or zone_center(scene, "play.0")
    drag(app, center_of(scene, "Granite Warden"), end)
    return card, scene.held_card()[1] if scene.held_card() else None


def _colours(surf, rect: pygame.Rect) -> int:
    """How many colours ``rect`` of ``surf`` shows (a card: many; the felt: few)."""
    return len({tuple(surf.get_at((x, y)))[:3] for x in range(rect.left, rect.right, 3)
                for y in range(rect.top, rect.bottom, 3)})


def test_a_dropped_card_is_held_where_it_was_let_go_until_its_move_lands_between_frames(app):
    scene = table(app)
    moves = len(scene.session.moves)
    home = pygame.Rect(sprite_of(scene, "Granite Warden").rect)
    zone = scene.layout_obj.zones["play.0"]
    end = (zone.right - home.w, zone.centery)  # on the bare felt of the zone
    card, where = drop_warden(app, scene, end)
    # the drop's frame accepted the move: not played yet, the card held where let go
    assert len(scene.session.moves) == moves
    assert scene.landing is not None and scene.landing.card == card
    assert where is not None and where.collidepoint(end)
    assert scene.state.where(card) == "hand.0" and scene.painting
    # ...and drawn there, not back in the hand
    assert _colours(app.screen, where) > 40
    assert _colours(app.screen, home.inflate(-home.w // 3, -home.h // 3)) < 8
    between(app)  # it lands here
    assert len(scene.session.moves) == moves + 1 and scene.landing is None
    assert scene.state.where(card) == "play.0"
    glide = scene.motion.glides.get(card)
    assert glide is not None and glide.start == where  # it glides on from the drop
    app.step(0.016)
    assert not scene.painting  # the picture painted between frames is shown


def test_without_time_between_frames_a_move_lands_in_its_own_frame(app):
    scene = brawl_table(app)
    assert not app.between_frames
    card, _ = drop_warden(app, scene)
    assert scene.landing is None and scene.state.where(card) == "play.0"


def test_a_move_that_waits_too_long_for_time_between_frames_lands_in_a_frame(app):
    scene = table(app)
    card, _ = drop_warden(app, scene)
    # it has waited in its own frame; then frames with no time between them
    for i in range(PAINT_WAIT - 1):
        app.step(0.016)
        assert scene.landing is not None, i
    app.step(0.016)
    assert scene.landing is None and scene.state.where(card) == "play.0"


def test_an_undo_pressed_before_the_move_landed_takes_that_move_back(app):
    scene = table(app)
    card, _ = drop_warden(app, scene)
    assert scene.landing is not None
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # the next frame, no time between the two
    # the key landed the move first, then took it back
    assert scene.landing is None and scene.state.where(card) == "hand.0"
    assert scene.session.redo_stack and scene.session.redo_stack[-1].card == card


def test_leaving_the_table_lands_the_accepted_move_and_saves_it(app):
    scene = table(app)
    card, _ = drop_warden(app, scene)
    assert scene.landing is not None
    scene.on_quit()
    assert scene.state.where(card) == "play.0"
    saved = json.loads((saves_dir() / "game.json").read_text())
    assert len(saved["moves"]) == len(scene.session.moves) >= 1


def computer_to_act(app, answer, spare: bool = True):
    """A table where Bo, a computer seat answered by ``answer(view)``, is to act; with
    ``spare`` the loop works between frames."""
    worker = StandInWorker(answer)
    seats = [SeatConfig("Ana"), SeatConfig("Bo", "computer")]
    position = {**BRAWL_POSITION, "turn": "P2"}
    scene = table(app, seats, position, worker) if spare else \
        brawl_table(app, position, seats, autosave=False, worker=worker)
    return scene, worker


def first_legal(view) -> Move:
    return get_game("brawl").rules.legal_moves(view)[0]


def test_a_computer_answer_that_is_not_legal_lands_as_its_seats_own_players_move(app,
                                                                                  caplog):
    bogus = Move("play", seat=1, card=10_000)
    scene, worker = computer_to_act(app, lambda view: bogus)
    for _ in range(10):
        if scene.session.moves:
            break
        app.step(0.016)
        between(app)
    assert len(worker.asked) == 1
    last = scene.session.moves[-1]
    assert last.seat == 1 and last != bogus
    assert last in get_game("brawl").rules.legal_moves(scene.session.states[-2])
    assert scene.computers.fallbacks == 1 and scene.computers.illegal_answers == 1
    assert "played an Easy move instead" in scene.toast.message
    assert "its move was not legal" in caplog.text and "P2 Bo" in caplog.text


def test_a_computer_answer_is_taken_and_lands_between_frames_not_in_one(app):
    scene, worker = computer_to_act(app, first_legal, spare=False)
    session = scene.session
    app.spare(time.perf_counter() - 1)  # the loop works between frames (no time this once)
    assert not session.moves
    played = []
    for _ in range(6):
        count = len(session.moves)
        app.step(0.016)
        assert len(session.moves) == count and scene.landing is None  # no frame plays it
        between(app)
        if len(session.moves) > count:
            played.append(session.moves[-1])
            break
    assert worker.asked and played and played[0].seat == 1


def test_a_computer_answer_is_taken_in_frames_when_no_time_comes_between_them(app):
    """A loop that works between frames but leaves no time there (a slow machine): the
    answer is read in a frame once it has waited PAINT_WAIT frames, and lands in one."""
    scene, _ = computer_to_act(app, first_legal, spare=False)
    session = scene.session
    assert app.spare(time.perf_counter() - 1) == 0.0  # the loop has no time to spare
    assert app.between_frames and not session.moves
    frames = 0
    while not session.moves and frames < 4 * PAINT_WAIT + 4:
        app.step(0.016)
        frames += 1
    assert session.moves and session.moves[0].seat == 1
    assert frames > PAINT_WAIT  # it waited for time between frames first
