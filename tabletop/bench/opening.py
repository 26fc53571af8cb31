"""Opening a long saved game (the long game's every move, up to 300) as the menu's
Continue does, on SDL's dummy driver: the click's frame (the save read and checked, the
replay begun within its budget: :mod:`tabletop.ui.opening`), then the frames, with the
work between them the app's loop does, until the table shows its first whole picture.

*Frame max*: the longest of those frames, the click's included (CPU time), against the
time replaying the whole game at once takes (what the click did before the replay went
on between frames): no frame may take more than a sixtieth of a second. *Frames to
show*: from the click to the table's picture, against the load goal (a second)."""

from __future__ import annotations

import gc
import tempfile
from pathlib import Path

from ..engine.saves import read_save, session_from_dict, write_save
from ..games import GAMES
from .cardload import best_of
from .frames import FRAME_BUDGET_MS, clock
from .games import Context, against_computers
from .report import Row, error_row, value_row

#: the frames a game may take to show after the click: a second at 60 frames a second,
#: the goal of loading a game
SHOW_GOAL = 60


def measure(ctx: Context) -> list[Row]:
    rows: list[Row] = []
    for game_id, game in ctx.games.items():
        try:
            rows.extend(_game(ctx, game_id, 2 if ctx.quick else 10))
        except Exception as exc:  # one game failing must not hide the others
            rows.append(error_row("opening a saved game", game.info.title, exc))
    return rows


def _game(ctx: Context, game_id: str, times: int) -> list[Row]:
    import pygame

    from ..ui.app import App
    from ..ui.menu import import_ahead

    game = ctx.games[game_id]
    catalog = ctx.catalog(game_id)
    played = ctx.long(game_id)
    seats = against_computers(played.game, played.options)
    app = App(headless=True, ai_delay=0.0, mods=False)
    app.catalogs[game_id] = catalog
    import_ahead()  # as the menu does before it takes a click
    worst: list[float] = []
    shown: list[int] = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.json"
        write_save(path, played.session(None, seats, catalog))
        at_once = best_of(lambda: session_from_dict(read_save(path, GAMES), game, catalog), 3)
        try:
            for _ in range(times):
                frames = _open(app, path, Path(tmp) / "autosave.json")
                worst.append(max(frames))
                shown.append(len(frames))
        finally:
            app.quit()
    pygame.display.quit()
    where = f"{game.info.title} ({len(played.moves)} moves)"
    return [value_row(f"frame max, opening a saved game ({times} times)", where,
                      max(worst), "ms", at_once, "replayed at once", FRAME_BUDGET_MS),
            value_row("frames from the click to the table, max", where, max(shown),
                      "frames", sorted(shown)[len(shown) // 2], "median", SHOW_GOAL)]


def _open(app, path: Path, autosave: Path) -> list[float]:
    """Open the save at ``path`` as a click does, then run frames (with the work between
    them) until the table shows its first whole picture; each frame's CPU time (ms), the
    click's first."""
    import pygame

    from ..ui import text, theme
    from ..ui.app import Scene, background
    from ..ui.kits import table_for
    from ..ui.loadgame import save_replay
    from ..ui.opening import replay_opened
    from ..ui.table import TableScene

    def opened(session, warnings) -> None:
        app.replace(table_for(session, autosave=autosave, hide_hands=True,
                               warnings=warnings))

    def refused(message: str) -> None:
        raise RuntimeError(message)

    class Menu(Scene):
        """Stands for the menu (drawn on the felt, with words at its sizes of text): a
        click on it opens the save."""

        def draw(self, surf) -> None:
            background(surf)
            text.draw(surf, "Continue", (40, 40, 300, 30), 18, theme.TEXT, "bold")
            text.draw(surf, "Brawl, turn 12", (40, 80, 300, 30), 15, theme.MUTED)

        def handle(self, event) -> None:
            if event.type == pygame.MOUSEBUTTONDOWN:
                replay_opened(app, save_replay(app, path), opened, refused)

    app.replace(Menu())
    app.step(0.016)
    frames: list[float] = []
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
    for _ in range(10 * SHOW_GOAL):
        t0 = clock()
        app.step(0.016)
        frames.append((clock() - t0) * 1000)
        scene = app.scene
        if isinstance(scene, TableScene) and scene.picture_shown and not scene.painting:
            break
        app.spare()
    else:
        raise RuntimeError("the table did not show")
    table = app.scene
    table.on_quit()
    app.replace(Menu())
    del table
    gc.collect()  # untimed: the next opening's frames must not collect this one
    return frames
