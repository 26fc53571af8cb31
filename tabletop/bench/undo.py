"""The Undo button late in a long game against the computer: the frame in which a click
on Undo lands (the engine takes back the moves since the person's last, the autosave is
queued, the view, layout, buttons and log are brought up to date, the table is drawn),
against the engine's undo of the same moves alone. Both are timed in the CPU time of the
thread that runs them (as frames are: :mod:`tabletop.bench.frames`)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from .frames import SHOW_GOAL, clock
from .games import LENGTHS, Context, against_computers
from .report import Row, value_row

GOAL_MS = 5.0


def measure(ctx: Context) -> list[Row]:
    return [row for game_id in ctx.games for row in undo_rows(ctx, game_id)]


def _undoable(played, catalog, target: int):
    """A session of the game (seat 0 a person, the others computer players) at the last
    point up to move ``target`` where the person is to act and undo may take back
    their last move (a move that showed hidden cards may not be)."""
    seats = against_computers(played.game, played.options)
    session = played.session(min(target, len(played.moves)), seats, catalog)
    while len(session.moves) > 1 and not (session.state.actor == 0 and session.can_undo()
                                          and _takes_back(session)):
        session = played.session(len(session.moves) - 1, seats, catalog)
    return session


def _takes_back(session) -> bool:
    """Does undo reach a point where the person acts, without crossing the barrier?"""
    i = len(session.moves)
    while i > session.barrier:
        i -= 1
        if session.moves[i].seat == 0 and session.states[i].actor == 0:
            return True
    return False


def undo_rows(ctx: Context, game_id: str) -> list[Row]:
    import pygame

    from ..ui.app import App
    from ..ui.kits import table_for

    title = ctx.games[game_id].info.title
    played = ctx.long(game_id)
    session = _undoable(played, ctx.catalog(game_id), max(LENGTHS))
    app = App(headless=True, ai_delay=0.0, mods=False)
    app.catalogs[game_id] = ctx.catalog(game_id)
    clicks, engine, shown = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        scene = table_for(session, autosave=Path(tmp) / "autosave.json")
        app.push(scene)
        app.step(0.016)
        button = next(b for b in scene.tools if b.label == "Undo")
        pos = button.rect.center
        for _ in range(5 if ctx.quick else 30):
            if not session.can_undo():
                break
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
            t0 = clock()
            app.step(0.016)
            clicks.append((clock() - t0) * 1000)
            shown.append(_until_shown(app, scene, not scene.painting))
            scene.redo()
            _until_shown(app, scene, False)
            listeners, session.listeners = session.listeners, []
            t0 = clock()
            session.undo(scene.humans)
            engine.append((clock() - t0) * 1000)
            session.redo(scene.humans)
            session.listeners = listeners
        scene.on_quit()
    app.scenes.clear()
    pygame.display.quit()
    clicks.sort()
    engine.sort()
    where = f"{title} (move {len(session.moves)})"
    return [value_row(f"Undo button, median of {len(clicks)} clicks", where,
                      clicks[len(clicks) // 2], "ms", engine[len(engine) // 2], "engine undo",
                      GOAL_MS),
            value_row("frames to show an undo, max", where, max(shown), "frames",
                      sorted(shown)[len(shown) // 2], "median", SHOW_GOAL)]


def _until_shown(app, scene, shows: bool, most: int = 120) -> int:
    """Frames (with the work between them, as the app's loop does) until one draws the
    table's picture of the last change (``shows``: did the click's own frame?); 1: the
    click's own frame (a picture finished between two frames is shown by the second)."""
    frames = 1
    while not shows and frames < most:
        app.spare()
        app.step(0.016)
        shows = not scene.painting
        frames += 1
    app.spare()
    return frames
