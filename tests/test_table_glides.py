"""Gliding cards that change size on their way are drawn from pictures scaled between
frames (:mod:`tabletop.ui.table.scaled`): no glide frame scales a picture; and the
captions drawn over a gliding card are kept pictures (:func:`tabletop.ui.pictures.kept`)."""

from __future__ import annotations

import time

import pygame
import pytest
from table_helpers import open_table, sample_points

from tabletop.engine.rng import Rng
from tabletop.games import GAMES
from tabletop.ui import pictures
from tabletop.ui.app import App
from tabletop.ui.table.scaled import STEP, ScaledPictures, on_grid, path_sizes


@pytest.fixture()
def app():
    application = App(headless=True, ai_delay=1e9, mods=False)
    yield application
    for scene in application.scenes:
        scene.on_quit()
    pygame.display.quit()


def test_the_sizes_a_glide_passes_lie_on_the_grid_from_start_to_end():
    sizes = path_sizes((90, 126), (131, 183))
    assert sizes[0] == on_grid((90, 126)) and sizes[-1] == on_grid((131, 183))
    assert all(w % STEP == 0 and h % STEP == 0 for w, h in sizes)
    assert all(a != b for a, b in zip(sizes, sizes[1:], strict=False))
    assert [w for w, _ in sizes] == sorted(w for w, _ in sizes)  # growing all the way
    assert len(sizes) >= (131 - 90) // STEP
    assert path_sizes((100, 140), (100, 140)) == [on_grid((100, 140))]


def test_every_size_a_glide_takes_is_among_its_path_sizes():
    import random

    from tabletop.ui.table.layout import Sprite
    from tabletop.ui.table.motion import Glide

    rng = random.Random(9)
    for _ in range(200):
        start = pygame.Rect(0, 0, rng.randint(20, 200), rng.randint(20, 260))
        end = pygame.Rect(300, 200, rng.randint(20, 200), rng.randint(20, 260))
        glide = Glide(Sprite(1, end, "hand.0", True, 0, False, {}), start, 1.0)
        sizes = set(path_sizes(start.size, end.size))
        for i in range(400):
            glide.t = i / 400 + rng.random() / 400
            assert on_grid(glide.rect().size) in sizes, (start.size, end.size, glide.t)


def test_a_scaled_picture_is_kept_for_its_own_picture_only():
    pygame.display.init()
    kept = ScaledPictures()
    img = pygame.Surface((120, 168), pygame.SRCALPHA)
    img.fill((200, 10, 10, 255))
    small = kept.get(img, (97, 137))
    assert small.get_size() == on_grid((97, 137))
    assert kept.get(img, (98, 135)) is small  # the same grid size: the same picture
    assert kept.get(img, (120, 168)) is img  # its own size: itself
    other = pygame.Surface((120, 168), pygame.SRCALPHA)
    other.fill((10, 200, 10, 255))
    assert kept.get(other, (97, 137)).get_at((5, 5))[:3] == (10, 200, 10)


def test_a_kept_caption_is_painted_once_for_all_it_shows():
    pygame.display.init()
    painted = []

    def paint(img):
        painted.append(img.get_size())
        img.fill((1, 2, 3, 255))

    a = pictures.kept(("test caption", "7/10"), (60, 10), paint)
    assert pictures.kept(("test caption", "7/10"), (60, 10), paint) is a
    assert pictures.kept(("test caption", "6/10"), (60, 10), paint) is not a
    assert pictures.kept(("test caption", "7/10"), (64, 10), paint) is not a
    assert painted == [(60, 10), (60, 10), (64, 10)]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_no_glide_frame_scales_a_picture(app, game_id, monkeypatch):
    """Moves played at a busy table, with the app loop's work between frames: every
    card that changes size on its way was scaled there, never in a frame."""
    points = sample_points(game_id)
    scene = open_table(app, game_id, points[len(points) // 2][1] if points else None)
    real = pygame.transform.scale
    in_frame = [False]
    scaled_in_frames = []

    def counting(img, size, *rest):
        if in_frame[0]:
            scaled_in_frames.append((img.get_size(), tuple(size)))
        return real(img, size, *rest)

    monkeypatch.setattr(pygame.transform, "scale", counting)
    rng = Rng(4)
    changing = 0
    for _ in range(30):
        legal = scene.legal or scene.game.rules.legal_moves(scene.state)
        if scene.state.over or not legal:
            break
        assert scene.play(rng.choice(legal))
        for _ in range(60):
            in_frame[0] = True
            app.step(0.016)
            in_frame[0] = False
            changing += sum(g.start.size != g.sprite.rect.size
                            for g in scene.motion.glides.values())
            # time between frames to spare: a painting step once slowed by a pause of
            # the collector (the estimate of the slowest step that decides whether one
            # is begun then forgets it only over later steps) leaves the steps, the
            # scaling ahead among them, to the frames after PAINT_WAIT of them
            app.spare(time.perf_counter() + 1.0)
            if not scene.motion.glides and not scene.painting and scene.landing is None:
                break
    assert changing, f"{game_id}: no card changed size on its way in 30 moves"
    assert not scaled_in_frames, scaled_in_frames[:5]
