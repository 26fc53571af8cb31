"""The table's cached layers never show an old picture: after a move, an undo, a redo, the
pointer moving over a card or a button, the log scrolled, a resize, what the table draws
from its caches is pixel for pixel what a fresh redraw (every layer and its picture
thrown away) draws, for every game in the registry."""

from __future__ import annotations

import time

import pygame
import pytest
from table_helpers import open_table, pixels_differ, sample_points
from ui_helpers import post

from tabletop.engine.rng import Rng
from tabletop.games import GAMES
from tabletop.ui.app import App
from tabletop.ui.table import covers as table_covers


@pytest.fixture()
def app(monkeypatch):
    # the pointer's resting zoom comes after a delay: kept out of the comparison (it is
    # drawn every frame, from no cache) so that two draws a moment apart agree
    monkeypatch.setattr(table_covers, "HOVER_ZOOM_MS", 10**9)
    # a toast (e.g. "Move taken back.") lasts a second or two of the clock: a busy machine
    # could let it expire between the two draws compared, so the clock stands still here
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: 1000)
    application = App(headless=True, ai_delay=1e9, mods=False)
    yield application
    for scene in application.scenes:
        scene.on_quit()
    pygame.display.quit()


def _fresh(scene, size) -> pygame.Surface:
    """The table drawn from nothing: no cached layer, no kept picture (all of it in this
    one draw: a table opened paints its first picture between frames otherwise)."""
    scene.renderer._canvas, scene.renderer._paint_size = None, None
    scene.invalidate()
    surf = pygame.Surface(size)
    budget, scene.renderer.paint_budget = scene.renderer.paint_budget, None
    try:
        scene.draw(surf)
    finally:
        scene.renderer.paint_budget = budget
    return surf


def assert_fresh(app, scene, what: str) -> None:
    """Run frames, with the work the app's loop does between them, until the picture
    has caught up with the change (it is painted over a few frames), then compare what
    the table draws from its caches with a fresh redraw of the same moment."""
    app.step(0.016)
    for _ in range(60):
        app.spare(time.perf_counter() + 0.05)  # the work between frames, as in the app
        if not scene.painting:
            break
        app.step(0.016)
    assert not scene.painting, f"after {what}, the picture was not done in 60 frames"
    cached = pygame.Surface(app.screen.get_size())
    scene.draw(cached)  # the same moment again, from the caches the frame left
    fresh = _fresh(scene, app.screen.get_size())
    differ = pixels_differ(cached, fresh)
    if differ:
        pygame.image.save(cached, "/tmp/table-cache-cached.png")
        pygame.image.save(fresh, "/tmp/table-cache-fresh.png")
        raise AssertionError(f"{scene.game.info.id}: after {what}, {differ} pixels of the "
                             "cached picture differ from a fresh redraw")


def _busy_point(game_id: str) -> dict:
    """A sample save cut in its middle (a table with cards out and a log)."""
    points = sample_points(game_id)
    return points[len(points) // 2][1] if points else None


def _pick(scene, rng: Rng):
    legal = scene.legal or scene.game.rules.legal_moves(scene.state)
    return rng.choice(legal) if legal else None


@pytest.mark.parametrize("game_id", list(GAMES))
def test_cached_frames_equal_a_fresh_redraw(app, game_id):
    scene = open_table(app, game_id, _busy_point(game_id))
    rng = Rng(7)
    assert_fresh(app, scene, "opening")
    for i in range(6):  # moves (each redraws what it changed)
        if scene.state.over:
            break
        move = _pick(scene, rng)
        if move is None:
            break
        assert scene.play(move), move
        assert_fresh(app, scene, f"move {i + 1}")
        for _ in range(3):  # glides on their way
            assert_fresh(app, scene, f"a frame after move {i + 1}")
    if scene.session.can_undo():
        scene.undo()
        assert_fresh(app, scene, "undo")
        scene.redo()
        assert_fresh(app, scene, "redo")
    for sprite in list(scene.layout_obj.sprites)[:4]:  # the pointer over cards
        post(pygame.MOUSEMOTION, pos=sprite.rect.center, rel=(1, 1), buttons=(0, 0, 0))
        assert_fresh(app, scene, f"hover over card {sprite.card}")
    for b in scene.tools[:2] + scene.buttons[:1]:  # and over buttons
        post(pygame.MOUSEMOTION, pos=b.rect.center, rel=(1, 1), buttons=(0, 0, 0))
        assert_fresh(app, scene, f"hover over {b.label!r}")
    log = scene.log_list.rect
    pygame.mouse.set_pos(log.center)
    post(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, force=True)
    assert_fresh(app, scene, "the log scrolled up")
    post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, force=True)
    assert_fresh(app, scene, "the log scrolled down")


def test_a_resize_and_a_hot_seat_handover_redraw_everything(app):
    game_id = next(iter(GAMES))
    scene = open_table(app, game_id, _busy_point(game_id))
    post(pygame.VIDEORESIZE, w=1100, h=700, size=(1100, 700))
    assert_fresh(app, scene, "a resize")
    scene.hide_hands = True
    rng = Rng(3)
    for i in range(4):
        if scene.handover_to is not None:
            scene.take_seat()
        move = _pick(scene, rng)
        if move is None or scene.state.over:
            break
        scene.play(move)
        assert_fresh(app, scene, f"hot-seat move {i + 1}")


def _draggable(scene):
    """A card of the seat at the table that can be dragged to make a move."""
    lit = scene.renderer._glowing(scene.frame())
    return next((sp for sp in scene.layout_obj.sprites if sp.card in lit and sp.face_up
                 and scene.pointer.drag_moves(sp.card) and scene.pointer.can_pick_up(sp)), None)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_cards_taken_away_and_put_back_repaint_their_places(app, game_id):
    """A drag takes a card off the table (and the playable cards' light off), a glide
    puts cards back when it ends: only those places are painted again, and the picture
    is still pixel for pixel a fresh redraw."""
    scene = open_table(app, game_id, _busy_point(game_id))
    rng = Rng(11)
    moved = 0
    for i in range(8):  # moves whose cards glide, each glide played to its end
        move = _pick(scene, rng)
        if move is None or scene.state.over:
            break
        assert scene.play(move), move
        assert_fresh(app, scene, f"move {i + 1}")
        moved += bool(scene.motion.moving)
        for _ in range(120):
            if not scene.motion.moving:
                break
            app.step(0.016)
        assert not scene.motion.moving
        assert_fresh(app, scene, f"the glides of move {i + 1} ended")
    assert moved, "no move made a card glide"
    for _ in range(80):  # on to a point where the seat at the table can drag a card
        sprite = _draggable(scene)
        move = _pick(scene, rng)
        if sprite is not None or move is None or scene.state.over:
            break
        scene.play(move)
        app.step(0.016)
    assert sprite is not None, "no card to drag in 80 moves"
    start = sprite.rect.center
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    for dx in (10, 25, 45):
        post(pygame.MOUSEMOTION, pos=(start[0] + dx, start[1] - dx), rel=(1, 1),
             buttons=(1, 0, 0))
        app.step(0.016)
    assert scene.drag is not None and scene.drag.active
    assert_fresh(app, scene, "a card dragged")
    post(pygame.MOUSEBUTTONUP, pos=start, button=1)
    for _ in range(120):
        app.step(0.016)
        if scene.drag is None and not scene.motion.moving and not scene.painting:
            break
    assert_fresh(app, scene, "the card let go")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_change_is_painted_over_frames_behind_the_last_whole_picture(app, game_id):
    """After a move the new picture is painted a step a frame (the budget is spent at
    once here): until it is done, the picture shown is the last whole one, never a half
    painted one; then it is pixel for pixel a fresh redraw."""
    scene = open_table(app, game_id, _busy_point(game_id))
    scene.renderer.paint_budget = 0.0
    rng = Rng(5)
    spread = 0
    for i in range(3):
        move = _pick(scene, rng)
        if move is None or scene.state.over:
            break
        whole = pygame.image.tobytes(scene.renderer._canvas, "RGB")
        assert scene.play(move), move
        frames = 0
        while scene.painting and frames < 400:
            app.step(0.016)
            frames += 1
            if scene.painting:
                assert pygame.image.tobytes(scene.renderer._canvas, "RGB") == whole, \
                    f"move {i + 1}: a half-painted picture was shown"
        spread += frames > 2
        assert_fresh(app, scene, f"move {i + 1} painted a step a frame")
    assert spread, "no change was painted over several frames"


def test_time_between_frames_finishes_the_picture_and_paints_faces_ahead(app):
    """``App.spare``: the app's loop spends what a frame leaves of its sixtieth on the
    picture being painted, then on card faces not painted yet; with no time left it
    does nothing."""
    from tabletop.ui import cardart

    game_id = "solo-deckbuilder" if "solo-deckbuilder" in GAMES else next(iter(GAMES))
    cardart.forget()  # the face cache drops its oldest faces past 1,500: start it empty
    scene = open_table(app, game_id, _busy_point(game_id))
    scene.renderer.paint_budget = 0.0
    move = _pick(scene, Rng(2))
    assert scene.play(move)
    app.step(0.016)
    assert scene.painting
    assert app.spare(time.perf_counter() - 1) == 0.0  # no time: nothing done
    assert scene.painting
    left = len(scene.cards.warmer.queue)
    assert left > 0
    app.spare(time.perf_counter() + 2.0)
    assert not scene.painting and scene.renderer._job is None
    assert len(scene.cards.warmer.queue) < left
    painted = [(c, sz) for c in range(len(scene.state.cards)) for sz in scene.cards.warmer.sizes
               if (c, *sz) not in scene.cards.warmer.queue]
    assert painted
    c, (w, h) = painted[0]
    d = scene.state.cards[c]
    assert (game_id, d.id, id(d), w, h) in cardart._faces
    assert_fresh(app, scene, "a move finished between frames")


def _first_picture_painted_between(app, scene) -> None:
    """The frames of a table just opened, with ample time between them, until one shows
    its first picture: that frame paints nothing on the picture (the log too was built
    and painted between frames) nor draws the dialog anew (drawn ahead between frames)."""
    for _ in range(60):
        gen, dialog = scene.renderer._canvas_gen, scene.renderer._dialog_pic
        app.step(0.016)
        if scene.picture_shown and not scene.painting:
            assert scene.renderer._canvas_gen == gen, "the first picture was painted on in a frame"
            assert scene.renderer._dialog_pic is dialog, "the dialog was drawn anew in a frame"
            return
        app.spare(time.perf_counter() + 1.0)
    raise AssertionError("the table's first picture was not shown in 60 frames")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_table_opened_is_painted_between_frames_behind_the_screen_it_came_from(
        app, game_id):
    """Opening a table paints its first picture between frames, and builds its log
    there (not in the click that opens it): its first frame draws nothing (the window
    keeps the screen the table was opened from), the next shows the whole picture, pixel
    for pixel a fresh redraw; a loop that leaves no time between frames gets it painted
    by the frames themselves, a budget at a time."""
    from table_helpers import table_session

    from tabletop.ui.kits import table_for

    data = _busy_point(game_id)
    for between in (True, False):
        app.screen.fill((200, 40, 160))  # the screen the table is opened from
        before = app.screen.copy()
        scene = table_for(table_session(app, game_id, data), autosave=None,
                           hide_hands=False)
        app.replace(scene)
        assert not scene.log_list.rows  # the log too is built with the first picture
        app.step(0.016)
        assert not scene.picture_shown and scene.painting
        assert not pixels_differ(app.screen, before), "the first frame drew over the screen"
        if between:
            _first_picture_painted_between(app, scene)
            assert scene.renderer.marked_frames == 0
        else:
            frames = 1
            while not scene.picture_shown and frames < 100:
                app.step(0.016)
                frames += 1
                if not scene.picture_shown:
                    assert not pixels_differ(app.screen, before)
            assert scene.picture_shown and frames > 2, frames  # waited, then painted
        assert len(scene.log_list.rows) == len(
            scene.session.log_entries(scene.viewer, 0)), "the log was not built"
        assert_fresh(app, scene, f"opening the table ({'with' if between else 'no'} "
                     "time between frames)")
