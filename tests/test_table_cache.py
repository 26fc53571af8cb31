"""The table's cached layers never show an old picture: after a move, an undo, a redo, the
pointer moving over a card or a button, the log scrolled, a resize, what the table draws
from its caches is pixel for pixel what a fresh redraw (every layer and its picture
thrown away) draws, for every game in the registry."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import open_table, sample_points
from ui_helpers import post

from tabletop.engine.rng import Rng
from tabletop.games import GAMES
from tabletop.ui.app import App
from tabletop.ui.table import draw as table_draw


@pytest.fixture()
def app(monkeypatch):
    # the pointer's resting zoom comes after a delay: kept out of the comparison (it is
    # drawn every frame, from no cache) so that two draws a moment apart agree
    monkeypatch.setattr(table_draw, "HOVER_ZOOM_MS", 10**9)
    # a toast (e.g. "Move taken back.") lasts a second or two of the clock: a busy machine
    # could let it expire between the two draws compared, so the clock stands still here
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: 1000)
    application = App(headless=True, ai_delay=1e9, mods=False)
    yield application
    for scene in application.scenes:
        scene.on_quit()
    pygame.display.quit()


def _fresh(scene, size) -> pygame.Surface:
    """The table drawn from nothing: no cached layer, no kept picture."""
    scene._canvas = None
    scene.invalidate()
    surf = pygame.Surface(size)
    scene.draw(surf)
    return surf


def assert_fresh(app, scene, what: str) -> None:
    """Run a frame (its picture drawn from the caches), then compare it with a fresh
    redraw of the same moment."""
    app.step(0.016)
    cached = pygame.Surface(app.screen.get_size())
    scene.draw(cached)  # the same moment again, from the caches the frame left
    fresh = _fresh(scene, app.screen.get_size())
    a = pygame.image.tobytes(cached, "RGB")
    b = pygame.image.tobytes(fresh, "RGB")
    if a != b:
        differ = sum(1 for i in range(0, len(a), 3) if a[i:i + 3] != b[i:i + 3])
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
