"""Frame times of the real table (``TableScene`` on SDL's dummy driver) at a late, busy
point of a game played by the computer players, against a bare loop that blits the same
card pictures at the same sizes and places.

Three kinds of frame are timed:

- *full redraw*: every cached layer thrown away first, so the whole table and panel are
  drawn (the worst frame the table can have without a move);
- *move frames*: the frames in which a move lands — a human seat's move played as a
  click would play it, or a computer seat's answer arriving from the worker process and
  played by the table; each applies the move, queues the autosave (a journal line), adds
  to the log and redraws;
- *idle frames*: the pointer moving over the table (hover, buttons), nothing changing.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from ..engine.game import SeatConfig
from ..engine.rng import Rng
from ..engine.state import HIDDEN
from .games import Context, Played
from .report import Row, error_row, ratio_row, value_row

FRAME_BUDGET_MS = 1000 / 60
RATIO_GOAL = 1.3
SIZE = (1280, 720)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(ctx: Context) -> list[Row]:
    rows: list[Row] = []
    for game_id, game in ctx.games.items():
        try:
            rows.extend(game_frames(ctx, game_id))
        except Exception as exc:  # one game's table failing must not hide the others
            rows.append(error_row("frames at the table", game.info.title, exc))
    return rows


def _counter(ctx: Context, game_id: str, app):
    """``count(session, i)``: the cards the table shows seat 0 after move ``i``."""
    from ..ui.table import TableScene

    scenes: dict[int, TableScene] = {}

    def count(session, i: int) -> int:
        scene = scenes.get(id(session))
        if scene is None:
            scene = scenes[id(session)] = TableScene(session, autosave=None, hide_hands=True)
        view = session.game.rules.view(session.states[i], 0)
        scene.layout_obj.compute(view, 0, SIZE)
        return len(scene.layout_obj.sprites)
    return count


def _table(ctx: Context, game_id: str, app, folder: Path, moves: int):
    """The real table at the busy point (``moves`` moves before the end, when the game
    is long enough): seat 0 a person, the others computer players (answering from the
    worker), autosaving to ``folder``."""
    from ..ui.table import TableScene

    played, index = ctx.busy(game_id, _counter(ctx, game_id, app), moves)
    count = ctx.games[game_id].rules.seat_count(played.options)
    seats = [SeatConfig("You")] + [SeatConfig(f"Computer {i}", "computer")
                                   for i in range(1, count)]
    session = played.session(index, seats, ctx.catalog(game_id))
    scene = TableScene(session, autosave=folder / "autosave.json", hide_hands=True)
    app.push(scene)
    if scene.handover_to is not None:
        scene.take_seat()
    app.step(0.016)
    return played, index, scene


def game_frames(ctx: Context, game_id: str) -> list[Row]:
    from ..ui.app import App

    app = App(headless=True, ai_delay=0.0, mods=False)
    app.catalogs[game_id] = ctx.catalog(game_id)
    title = ctx.games[game_id].info.title
    frames, count = (40, 8) if ctx.quick else (300, 40)
    with tempfile.TemporaryDirectory() as tmp:
        played, index, scene = _table(ctx, game_id, app, Path(tmp), count)
        cards = len(scene.layout_obj.sprites)
        try:
            bare = bare_loop(app, scene, frames)
            redraw = _redraw(app, scene, frames)
            idle = _idle(app, frames)
            moves = _move_frames(app, scene, played, count)
        finally:
            scene.on_quit()
            app.scenes.clear()
    import pygame

    pygame.display.quit()
    where = f"{title} (move {index}, {cards} cards)"
    b99 = pct(bare, 0.99)
    yard = "bare blit loop p99"
    rows = [ratio_row("frame p99, full redraw", where, pct(redraw, 0.99), "ms", b99, yard,
                      RATIO_GOAL),
            ratio_row("frame p99, idle (pointer moving)", where, pct(idle, 0.99), "ms", b99,
                      yard, RATIO_GOAL)]
    if moves:
        rows.append(ratio_row(f"frame p99, move frames ({len(moves)} moves)", where,
                              pct(moves, 0.99), "ms", b99, yard, RATIO_GOAL))
        rows.append(value_row("frame max, move frames", where, max(moves), "ms", b99, yard,
                              FRAME_BUDGET_MS))
    return rows


def card_images(scene) -> list[tuple[object, tuple[int, int]]]:
    """The pictures the table blits for its cards, at their sizes and places."""
    from ..ui import cardart

    out = []
    game_id = scene.game.info.id
    for sprite in scene.layout_obj.sprites:
        rect = sprite.rect
        w, h = (rect.h, rect.w) if sprite.angle in (90, 270) else rect.size
        if sprite.face_up and sprite.card != HIDDEN:
            img = cardart.face(scene.state.cards[sprite.card], game_id, w, h)
        else:
            img = cardart.back(w, h)
        if sprite.angle:
            img = cardart.rotated(img, sprite.angle)
        out.append((img, rect.topleft))
    return out


def bare_loop(app, scene, frames: int) -> list[float]:
    """The yardstick: fill, blit the same card pictures, flip."""
    import pygame

    from ..ui import theme

    images = card_images(scene)
    screen = app.screen
    out = []
    for _ in range(frames):
        t0 = time.perf_counter()
        pygame.event.pump()
        screen.fill(theme.BG)
        for img, pos in images:
            screen.blit(img, pos)
        pygame.display.flip()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def _frame(app) -> float:
    t0 = time.perf_counter()
    app.step(0.016)
    return (time.perf_counter() - t0) * 1000


def _redraw(app, scene, frames: int) -> list[float]:
    out = []
    for _ in range(frames):
        scene.invalidate()
        out.append(_frame(app))
    return out


def _idle(app, frames: int) -> list[float]:
    import pygame

    out = []
    for i in range(frames):
        pos = (100 + (i * 37) % 800, 100 + (i * 53) % 500)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                             buttons=(0, 0, 0)))
        out.append(_frame(app))
    return out


def _move_frames(app, scene, played: Played, moves: int) -> list[float]:
    """Play on from the busy point: seat 0's moves as a click plays them (the move, then
    the frame), the computer seats' as the table plays them when the worker answers."""
    session = scene.session
    game = session.game
    me = game.computer_player()
    rng = Rng(played.seed)
    out: list[float] = []
    deadline = time.monotonic() + 30 + moves * 2
    while len(out) < moves and not session.state.over and time.monotonic() < deadline:
        state = session.state
        if state.actor in scene.humans:
            move = me.choose(game.rules, game.rules.view(state, state.actor), state.actor,
                             rng)
            t0 = time.perf_counter()
            scene.play(move)
            app.step(0.016)
            out.append((time.perf_counter() - t0) * 1000)
            continue
        before = len(session.moves)
        ms = _frame(app)
        if len(session.moves) != before:
            out.append(ms)
        else:
            time.sleep(0.002)  # the worker is thinking
    return out
