"""Continue when the newest game in progress does not replay (issue 26, found by fuzzing):
a save of valid JSON whose move log holds a move the rules refuse kept Continue on it, and
the player was stuck on the menu. Now Continue says so, opens the load screen with that
save marked and selected and the other games beside it, and then offers the next game in
progress. The replay runs as any opening does: within the click's budget, the rest between
frames behind the opening screen (:mod:`tabletop.ui.opening`)."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta

import pytest
from ui_helpers import by_label, click, opened

from tabletop.engine import savegames
from tabletop.engine.saves import write_save
from tabletop.engine.session import Session
from tabletop.games import GAMES
from tabletop.ui import opening, theme
from tabletop.ui.loadgame import CANT_RESUME, LoadGame
from tabletop.ui.menu import MainMenu
from tabletop.ui.opening import Opening
from tabletop.ui.table import TableScene

BRAWL = GAMES["brawl"]
BAD = 'P1 play "No Such Card"'


@pytest.fixture(scope="module")
def cards():
    return BRAWL.rules.load_catalog(mod_dirs=[])


def write_game(cards, name: str, seed: int, moves: int, hours_ago: float,
               refuse_at: int | None = None) -> tuple:
    """A Brawl game in progress written with :func:`write_save` (the first legal move
    each time), played ``hours_ago``; with ``refuse_at``, that move (1-based) changed
    into one the rules refuse. Returns its path and moves as written."""
    session = Session(BRAWL, cards, None, seed)
    for _ in range(moves):
        session.play(session.legal_moves()[0])
    path = savegames.autosaves_dir() / name
    write_save(path, session)
    data = json.loads(path.read_text("utf-8"))
    data["saved"] = (datetime.now(UTC) - timedelta(hours=hours_ago)).isoformat(
        timespec="seconds")
    if refuse_at is not None:
        data["moves"][refuse_at - 1] = BAD
    path.write_text(json.dumps(data), "utf-8")
    return path, data["moves"]


def menu_again(app) -> MainMenu:
    app.replace(MainMenu())
    for _ in range(100):  # the menu's helper reads the saves folder
        app.step(0.016)
        if app.scene.ready:
            return app.scene
        time.sleep(0.01)
    raise AssertionError("the menu was not ready")


def row_of(scene: LoadGame, path):
    return next(r for r in scene.list.rows if r.data is not None and r.data.path == path)


def row_center(scene: LoadGame, path):
    y = scene.list.rect.top + 4 - scene.list.offset
    for row in scene.list.rows:
        if row.data is not None and row.data.path == path:
            return scene.list.rect.centerx, y + row.height // 2
        y += row.height
    raise KeyError(path)


#: whether the last :func:`continue_until_settled` went through the opening screen
SEEN = {"opening": False}


def continue_until_settled(app):
    """Click Continue, then run frames (with time between them) while the save replays
    behind the opening screen."""
    click(app, by_label(app.scene.buttons, "Continue").rect.center)
    SEEN["opening"] = False
    for _ in range(400):
        if not isinstance(app.scene, Opening):
            return app.scene
        SEEN["opening"] = True
        app.spare(time.perf_counter() + 0.002)
        app.step(0.016)
    raise AssertionError("the replay did not end")


@pytest.mark.parametrize("budget", [0.0, 10.0], ids=["between-frames", "in-the-click"])
def test_continue_on_a_game_that_does_not_replay_opens_load_with_it_marked(
        menu_app, cards, monkeypatch, budget):
    monkeypatch.setattr(opening, "CLICK_BUDGET", budget)
    older, older_moves = write_game(cards, "brawl-older.json", 5, 12, hours_ago=3)
    newer, _ = write_game(cards, "brawl-newer.json", 9, 30, hours_ago=1, refuse_at=21)
    app = menu_app
    menu = menu_again(app)
    assert menu.latest.path == newer  # Continue tries the newest first
    load = continue_until_settled(app)
    assert SEEN["opening"] == (budget == 0.0)  # replayed between frames, or in the click
    # the player is told, plainly, and sees the Load screen with the save marked
    assert isinstance(load, LoadGame) and app.scenes == [menu, load] and app.running
    message = load.toast.message
    assert load.toast.active and message.startswith("Your latest game (Brawl \u2014 ")
    assert "can't be resumed: it does not replay: move 21 (P1 play \"No Such Card\") is " \
           "refused" in message and message.endswith(".")
    assert load.selected == newer and not load.load_button.enabled
    assert load.delete_button.enabled
    bad_row = row_of(load, newer)
    assert bad_row.lines[0][1] == theme.BAD and CANT_RESUME in bad_row.lines[1][0]
    assert row_of(load, older).lines[0][1] == theme.TEXT
    # clicking the marked row again does not try it again
    click(app, row_center(load, newer))
    click(app, row_center(load, newer))
    assert app.scene is load
    # back on the menu, Continue offers the next game in progress, and opens it
    click(app, load.back.rect.center)
    assert app.scene is menu and menu.ready
    assert menu.latest.path == older
    assert "1 can't be resumed" in menu.continue_info
    click(app, by_label(menu.buttons, "Continue").rect.center)
    table = opened(app)
    assert isinstance(table, TableScene) and table.session.notations == older_moves


def test_when_the_only_game_in_progress_does_not_replay_the_player_is_not_stuck(
        menu_app, cards):
    bad, _ = write_game(cards, "brawl-only.json", 4, 10, hours_ago=0.5, refuse_at=3)
    app = menu_app
    menu = menu_again(app)
    load = continue_until_settled(app)
    assert isinstance(load, LoadGame) and load.selected == bad
    assert "can't be resumed: it does not replay: move 3" in load.toast.message
    click(app, load.back.rect.center)
    assert app.scene is menu
    continue_button = by_label(menu.buttons, "Continue")
    assert not continue_button.enabled
    assert menu.continue_info.startswith("Your latest game (Brawl \u2014 ")
    assert menu.continue_info.endswith("can't be resumed: Load game shows why.")
    # New game and Load game still work
    click(app, by_label(menu.buttons, "Load game").rect.center)
    assert isinstance(app.scene, LoadGame) and not app.scene.load_button.enabled


def test_a_refusal_on_the_load_screen_marks_the_row(menu_app, cards, monkeypatch):
    monkeypatch.setattr(opening, "CLICK_BUDGET", 0.0)
    good, moves = write_game(cards, "brawl-good.json", 6, 8, hours_ago=2)
    bad, _ = write_game(cards, "brawl-bad.json", 7, 16, hours_ago=5, refuse_at=10)
    app = menu_app
    menu_again(app)
    click(app, by_label(app.scene.buttons, "Load game").rect.center)
    load = app.scene
    assert row_of(load, bad).lines[0][1] == theme.TEXT  # not known yet
    click(app, row_center(load, bad))
    click(app, load.load_button.rect.center)
    for _ in range(400):
        if not isinstance(app.scene, Opening):
            break
        app.spare(time.perf_counter() + 0.002)
        app.step(0.016)
    assert app.scene is load and "does not replay: move 10" in load.toast.message
    assert row_of(load, bad).lines[0][1] == theme.BAD and not load.load_button.enabled
    # the same file written again (here: mended) is tried again
    data = json.loads(bad.read_text("utf-8"))
    data["moves"] = data["moves"][:9]
    bad.write_text(json.dumps(data), "utf-8")
    click(app, load.back.rect.center)
    click(app, by_label(app.scene.buttons, "Load game").rect.center)
    load = app.scene
    assert row_of(load, bad).lines[0][1] == theme.TEXT
    click(app, row_center(load, good))
    click(app, load.load_button.rect.center)
    assert isinstance(opened(app), TableScene) and app.scene.session.notations == moves
