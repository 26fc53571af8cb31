"""A frame copies the table's picture to the window only where this frame and the last
one draw over it (cards gliding, numbers rising, the spotlight and its caption...), when
the window still shows that picture elsewhere: every such frame must look exactly as a
frame that copies the whole picture."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pygame
import pytest
from stand_in_worker import StandInWorker
from table_helpers import BRAWL_POSITION, brawl_table, open_table, pixels_differ, sample_points
from ui_helpers import post

from tabletop.engine.info import SeatConfig
from tabletop.engine.rng import Rng
from tabletop.games import GAMES
from tabletop.ui.app import Scene
from tabletop.ui.table import overlays
from tabletop.ui.table.covers import HOVER_ZOOM_MS
from tabletop.ui.table.hint import Hint
from tabletop.ui.table.motion import Rising


def whole_frame(scene, screen) -> pygame.Surface:
    """The frame just drawn as it is with the whole picture copied (drawn again, on a
    copy of the window, with nothing remembered of the frame before)."""
    out = screen.copy()
    out.fill((255, 0, 255))
    shown, waited = scene.renderer._shown, scene.renderer._job_waited
    scene.renderer.forget_shown()
    scene.renderer._job_waited = -1000  # the new picture being painted: not painted on here
    scene.draw(out)
    scene.renderer._shown, scene.renderer._job_waited = shown, waited
    return out


class Frames:
    """Frames run and each compared with the whole frame; what the marked ones drew."""

    def __init__(self, app, scene, between: bool = False) -> None:
        self.app, self.scene, self.between = app, scene, between
        self.marked = 0
        self.seen: set[str] = set()
        #: frames after a new picture was swapped in between frames, and those of them
        #: that copied only the marks (the new picture was copied to the window there)
        self.swapped = False
        self.after_swap = self.marked_after_swap = 0

    def step(self) -> None:
        """A frame, checked; with ``between``, then the work between frames (where a
        new picture is swapped in and copied to the window)."""
        app, scene = self.app, self.scene
        before = scene.renderer.marked_frames
        app.step(0.016)
        self.check(before)
        if self.swapped:
            self.after_swap += 1
            self.marked_after_swap += scene.renderer.marked_frames != before
        if self.between:
            picture = scene.renderer._canvas
            app.spare(time.perf_counter() + 0.5)
            self.swapped = scene.renderer._canvas is not picture

    def check(self, before: int) -> None:
        scene, app = self.scene, self.app
        if scene.renderer.marked_frames == before:
            return
        self.marked += 1
        self.seen |= {name for name, on in (
            ("glide", scene.motion.glides), ("rise", scene.motion.rising),
            ("spot", scene.motion.spot is not None and not scene.state.over),
            ("zoom", scene.renderer.hover_zoom_place(scene.frame()) is not None),
            ("button", any(b.hover for b in scene.tools + scene.buttons))) if on}
        differ = pixels_differ(app.screen, whole_frame(scene, app.screen))
        assert not differ, f"frame {scene.renderer.marked_frames}: {differ} pixels differ " \
            f"from the whole picture ({self.seen})"


def play_on(app, scene, moves: int, seed: int = 3, between: bool = False) -> Frames:
    """``moves`` moves played from the table (each seat's by the game's own player, made
    as the table makes them), each followed by the frames while its cards glide and the
    pointer wanders; every frame checked."""
    game = scene.game
    me = game.computer_player()
    rng = Rng(seed)
    run = Frames(app, scene, between)
    for i in range(moves):
        state = scene.session.state
        if state.over:
            break
        seat = state.actor
        scene.play(me.choose(game.rules, game.rules.view(state, seat), seat, rng))
        for k in range(30):
            pos = (60 + (i * 97 + k * 13) % 900, 80 + (i * 41 + k * 7) % 560)
            if k % 3 == 0:
                post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
            run.step()
    return run


@pytest.mark.parametrize("between", [False, True], ids=["frames only", "work between"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_frames_that_copy_only_the_marks_look_as_whole_ones(app, game_id, between):
    label, data = sample_points(game_id)[1]
    scene = open_table(app, game_id, data)
    run = play_on(app, scene, 8, between=between)
    assert run.marked > 20, f"{label}: {run.marked} frames copied only the marks"
    assert "glide" in run.seen
    if between:  # each new picture copied to the window between frames: the frame
        # after it copies only the marks
        assert run.after_swap >= 8 and run.marked_after_swap >= run.after_swap // 2


def test_the_hover_zoom_and_a_lit_button_are_marks_too(app):
    label, data = sample_points("brawl")[1]
    scene = open_table(app, "brawl", data)
    run = Frames(app, scene)
    sprite = next(sp for sp in scene.layout_obj.sprites if sp.face_up and sp.card >= 0)
    post(pygame.MOUSEMOTION, pos=sprite.rect.center, rel=(1, 1), buttons=(0, 0, 0))
    run.step()
    scene.pointer.hover_since -= HOVER_ZOOM_MS + 1
    for _ in range(3):
        run.step()
    tool = scene.tools[0]
    for pos in (tool.rect.center, (tool.rect.left - 40, tool.rect.bottom + 200)):
        post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
        for _ in range(3):
            run.step()
    assert {"zoom", "button"} <= run.seen, run.seen
    assert not tool.hover


def test_a_rising_number_on_a_still_table_is_a_mark(app):
    label, data = sample_points("brawl")[1]
    scene = open_table(app, "brawl", data)
    run = Frames(app, scene)
    run.step()
    scene.motion.rising.append(Rising("\u22123", False, (400, 300), 0.5))
    while scene.motion.rising:
        run.step()
    run.step()
    assert run.marked > 20 and "rise" in run.seen


def slow_worker(polls: int) -> StandInWorker:
    """A stand-in worker that answers with the first legal move after ``polls`` polls."""
    return StandInWorker(lambda view: GAMES["brawl"].rules.legal_moves(view)[0], polls)


def test_the_thinking_bar_is_a_mark_and_goes_when_the_answer_comes(app, monkeypatch):
    # the bar's pulse moves with the clock: a still clock, so a frame drawn again matches
    monkeypatch.setattr(overlays, "time", SimpleNamespace(monotonic=lambda: 12.0))
    seats = [SeatConfig("Ana"), SeatConfig("Bo", "computer")]
    scene = brawl_table(app, {**BRAWL_POSITION, "turn": "P2"}, seats, autosave=False,
                        worker=slow_worker(8))
    run = Frames(app, scene)
    thinking = 0
    for _ in range(30):
        thinking += scene.computers.thinking
        run.step()
    assert thinking >= 5 and not scene.computers.thinking
    assert len(scene.session.moves) == 1 and run.marked > 10


def test_the_hint_rings_are_marks_and_go_with_the_move(app):
    scene = brawl_table(app, autosave=False)
    run = Frames(app, scene)
    move = next(m for m in scene.legal if isinstance(m.card, int))
    scene.hint = Hint(scene.session.changes, move, 0.6, None, 0.0)
    scene._hint_changed()
    for _ in range(10):
        run.step()
    assert scene.hint_rects() and run.marked >= 5
    marked = run.marked
    scene.play(move)
    for _ in range(3):
        run.step()
    assert not scene.hint_rects() and run.marked > marked


class Cover(Scene):
    """A screen drawn over the table (a box in its middle)."""

    transparent = True

    def draw(self, surf) -> None:
        pygame.draw.rect(surf, (250, 0, 250), (300, 200, 400, 300))


class Banner:
    """A service that draws a banner over every screen while ``on``; its ``draw``
    returns nothing (as one that does not say whether it drew)."""

    on = True

    def poll(self) -> None:
        pass

    def draw(self, surf):
        if self.on:
            pygame.draw.rect(surf, (250, 0, 250), (20, 20, 300, 40))

    def close(self) -> None:
        pass


def test_what_another_screen_or_a_banner_drew_over_the_table_is_copied_over(app):
    label, data = sample_points("brawl")[1]
    scene = open_table(app, "brawl", data)
    run = Frames(app, scene)
    for _ in range(3):
        run.step()
    app.push(Cover())
    app.step(0.016)
    app.pop()
    run.step()  # the box over the table is gone
    assert not pixels_differ(app.screen, whole_frame(scene, app.screen))
    banner = Banner()
    app.services.append(banner)
    app.step(0.016)  # the banner over the table
    banner.on = False
    run.step()
    assert not pixels_differ(app.screen, whole_frame(scene, app.screen))
    marked = run.marked
    run.step()
    assert run.marked == marked  # it may have drawn: every frame copies all
    app.services.remove(banner)
    for _ in range(4):
        run.step()
    assert run.marked == marked + 3  # gone: after one more whole copy, the marks only


def test_after_the_window_changes_size_a_frame_copies_all_of_the_picture(app):
    label, data = sample_points("brawl")[1]
    scene = open_table(app, "brawl", data)
    run = Frames(app, scene, between=True)
    for _ in range(3):
        run.step()
    for size in ((1100, 700), (1280, 720)):
        last = scene.renderer._canvas.copy()
        post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        marked = scene.renderer.marked_frames
        app.step(0.016)
        # the new size's picture is painted between frames; the frame of the new size
        # shows the last size's picture in its corner meanwhile, and nothing over it
        assert app.screen.get_size() == size and scene.renderer.marked_frames == marked
        assert not scene.picture_shown
        corner = pygame.Rect(0, 0, min(size[0], last.get_width()),
                             min(size[1], last.get_height()))
        assert not pixels_differ(app.screen.subsurface(corner), last.subsurface(corner))
        app.spare(time.perf_counter() + 0.5)
        marked = run.marked
        run.step()  # painted between the frames: shown whole
        assert scene.picture_shown and run.marked == marked
        assert not pixels_differ(app.screen, whole_frame(scene, app.screen))
        for _ in range(4):
            run.step()
        assert run.marked > marked  # and then only the marks again
