"""The keys beyond the table: F1 or ? lists every key (over a menu and over the table;
Esc or the same key closes it), and the menus are driven with Tab, arrows, Enter and
Space alone: a new game started and a save loaded without the mouse."""

from __future__ import annotations

import random

import pygame
import pytest
from keyboard_helpers import key, play_by_keys, settle
from table_helpers import brawl_table

from tabletop.ui import text
from tabletop.ui.loadgame import LoadGame
from tabletop.ui.menu import MainMenu, NewGame
from tabletop.ui.screens import SettingsScreen
from tabletop.ui.shortcuts import SHORTCUTS, ShortcutsScreen
from tabletop.ui.table import TableScene
from tabletop.ui.widgets import Button, Choice

#: the two keys that open the list of keys: F1, and ? (Shift and the slash key here)
PRESSES = [dict(k=pygame.K_F1), dict(k=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?")]


@pytest.fixture()
def app(menu_app):
    return menu_app


def _drawn_words(app) -> set[str]:
    with text.recording() as drawn:
        app.step(0.016)
    return {d.text for d in drawn}


@pytest.mark.parametrize("press", PRESSES, ids=["F1", "?"])
def test_f1_and_question_mark_list_every_key_and_esc_closes_it(app, press):
    menu = app.scene
    key(app, **press)
    assert isinstance(app.scene, ShortcutsScreen)
    words = _drawn_words(app)
    for _, keys in SHORTCUTS:
        for keys_text, does in keys:
            assert keys_text in words and does in words
    listed = " ".join(k for _, keys in SHORTCUTS for k, _ in keys)
    for wanted in ("F1", "?", "F11", "M", "Esc", "Tab", "Enter", "Space", "Ctrl+Z", "Ctrl+Y",
                   "H", "Z"):
        assert wanted in listed.replace(",", " ").split() or wanted in listed
    # nothing of the table or the menu answers while it is up
    key(app, pygame.K_ESCAPE)
    assert app.scene is menu and app.running
    key(app, **press)  # the same key closes it too
    key(app, **press)
    assert app.scene is menu


@pytest.mark.parametrize("press", PRESSES, ids=["F1", "?"])
def test_the_list_opens_over_the_table_and_closes_back_to_it(app, press):
    scene = brawl_table(app, hide_hands=False, autosave=False)
    key(app, **press)
    assert isinstance(app.scene, ShortcutsScreen) and app.scenes[-2] is scene
    assert "Ctrl+Z, Ctrl+Y" in _drawn_words(app)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene  # Esc closed the list, it did not leave the table


def _focused(app):
    scene = app.scene
    return scene._focus.focused([w for w in scene.controls() if w is not None])


def _tab_to(app, wanted, limit: int = 60) -> None:
    for _ in range(limit):
        key(app, pygame.K_TAB)
        w = _focused(app)
        if w is not None and wanted(w):
            return
    raise AssertionError("the focus never reached the control")


def test_a_new_game_is_started_and_played_from_the_menu_with_keys_alone(app):
    assert isinstance(app.scene, MainMenu)
    _tab_to(app, lambda w: isinstance(w, Button) and w.label == "New game")
    ring = app.scene._focus.ring(app.scene.controls())
    assert tuple(app.screen.get_at((ring.left - 6, ring.centery)))[:3] == (0, 0, 0)
    key(app, pygame.K_RETURN)
    screen = app.scene
    assert isinstance(screen, NewGame)
    _tab_to(app, lambda w: isinstance(w, Choice) and w.label == "Game")
    first = screen.game_id
    key(app, pygame.K_RIGHT)
    assert screen.game_id != first
    key(app, pygame.K_LEFT)
    assert screen.game_id == first
    # every seat a person at this screen: Tab to each seat's kind, Left to "Human"
    kinds = [w for w in screen.widgets if isinstance(w, Choice) and w.value == "computer"]
    for choice in kinds:
        _tab_to(app, lambda w, c=choice: isinstance(w, Choice) and w.rect == c.rect)
        for _ in range(2):
            key(app, pygame.K_LEFT)
    assert set(screen.seats.kinds[:2]) == {"human"}
    _tab_to(app, lambda w: isinstance(w, Button) and w.label == "Start")
    key(app, pygame.K_SPACE)
    table = app.scene
    assert isinstance(table, TableScene)
    settle(app, table)
    play_by_keys(app, table, random.Random(5), limit=6)
    assert len(table.session.moves) >= 6


def test_settings_are_changed_and_a_save_is_loaded_with_keys(app):
    _tab_to(app, lambda w: isinstance(w, Button) and w.label == "Settings")
    key(app, pygame.K_RETURN)
    settings = app.scene
    assert isinstance(settings, SettingsScreen)
    choice = next(w for w in settings.widgets if isinstance(w, Choice))
    before = choice.value
    _tab_to(app, lambda w: w is choice)
    key(app, pygame.K_RIGHT)
    assert choice.value != before
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu)
    _tab_to(app, lambda w: isinstance(w, Button) and w.label.startswith("Load"))
    key(app, pygame.K_RETURN)
    load = app.scene
    assert isinstance(load, LoadGame) and load.entries
    _tab_to(app, lambda w: w is load.list)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    picked = [r.data for r in load.list.rows if r.data is not None]
    assert load.selected == picked[1].path
    key(app, pygame.K_RETURN)  # the row picked again: loaded
    for _ in range(300):
        if isinstance(app.scene, TableScene):
            break
        app.spare()
        app.step(0.016)
    assert isinstance(app.scene, TableScene)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)], ids=["1024x640", "1920x1080"])
@pytest.mark.parametrize("text_size", ["100", "175"])
def test_the_list_of_keys_fits_the_window_at_every_text_size(size, text_size):
    """One column, or two where the window is short for one: no line overflows or is
    shrunk below 10 px, and the panel lies inside the window."""
    from tabletop.ui import look
    from tabletop.ui.app import App

    app = App(size=size, headless=True, ai_delay=0.0, mods=False)
    try:
        look.change(app, text_size=text_size).result(5)
        app.push(MainMenu())
        app.step(0.016)
        key(app, pygame.K_F1)
        with text.recording() as drawn:
            app.step(0.016)
        screen = app.scene
        assert isinstance(screen, ShortcutsScreen)
        assert app.screen.get_rect().contains(screen.box)
        first = next(i for i, d in enumerate(drawn) if d.text == "Keys")
        mine = drawn[first:]  # (the menu under it is drawn first)
        assert all(screen.box.contains(d.box) for d in mine)
        assert {d.text for d in mine} >= {does for _, keys in SHORTCUTS for _, does in keys}
        assert not [d.text for d in mine if d.overflow or d.size < 10]
    finally:
        look.change(app, text_size="100").result(5)
        app.quit()
