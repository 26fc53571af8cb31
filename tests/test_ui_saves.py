"""Games in progress, the load screen and bad files, headless with posted clicks (issue 8):
starting a game never replaces another, Continue resumes the most recent, Load lists every
game and deletes after a confirmation, bad saves and bad card files never stop the menu."""

from __future__ import annotations

import json
import time

import pygame
import pytest
from test_bad_card_files import alias_bomb, card
from ui_helpers import by_label, click, opened, pick_a_character

from tabletop import SAMPLE_SAVES_DIR
from tabletop.engine import savegames
from tabletop.engine.paths import mods_root, saves_dir
from tabletop.ui.app import App
from tabletop.ui.menu import Confirm, LoadGame, MainMenu, NewGame
from tabletop.ui.table import TableScene


@pytest.fixture()
def app(menu_app):
    return menu_app


def new_game(app, game_title: str, seed: str = "77"):
    click(app, by_label(app.scene.buttons, "New game").rect.center)
    assert isinstance(app.scene, NewGame)
    games = app.scene.widgets[0]
    index = [label for _, label in games.choices].index(game_title)
    click(app, games._segments()[index].center)
    field = next(w for w in app.scene.widgets if getattr(w, "placeholder", "") == "random")
    click(app, field.rect.center)
    for ch in seed:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step(0.016)
    click(app, app.scene.start.rect.center)
    assert isinstance(app.scene, TableScene)
    return app.scene


def to_menu(app) -> None:
    click(app, by_label(app.scene.tools, "Menu").rect.center)
    assert isinstance(app.scene, MainMenu)


def row_of(scene: LoadGame, name: str):
    """The centre of the list row of the file ``name`` (scrolled into view)."""
    y = scene.list.rect.top + 4 - scene.list.offset
    for row in scene.list.rows:
        if row.data is not None and row.data.path.name == name:
            return scene.list.rect.centerx, y + row.height // 2
        y += row.height
    raise KeyError(name)


def test_starting_a_new_game_keeps_the_game_in_progress(app):
    brawl = new_game(app, "Brawl")
    brawl_moves = pick_a_character(app, brawl)
    assert brawl_moves[0].startswith("P1 pick")
    brawl_file = brawl.autosave
    to_menu(app)
    solo = new_game(app, "Solo Deck-Builder", seed="5")
    solo_file = solo.autosave
    assert solo_file != brawl_file and solo_file.parent == brawl_file.parent
    to_menu(app)
    # both games are in progress, each in its own file
    assert json.loads(brawl_file.read_text())["moves"] == brawl_moves
    assert json.loads(solo_file.read_text())["game"] == "solo-deckbuilder"
    assert "Solo Deck-Builder" in app.scene.continue_info
    assert app.scene.continue_info.endswith("\n+ 1 more game in progress (Load game)")
    # Continue resumes the most recently played: the solo game
    click(app, by_label(app.scene.buttons, "Continue").rect.center)
    assert isinstance(opened(app), TableScene) and app.scene.session.game.info.id == \
        "solo-deckbuilder" and app.scene.autosave == solo_file
    to_menu(app)
    # Load lists both games in progress with game, seats, turn and when; the Brawl game
    # resumes where it stopped, still writing to its own file
    click(app, by_label(app.scene.buttons, "Load game").rect.center)
    scene = app.scene
    assert isinstance(scene, LoadGame)
    lines = [[part for part, *_ in row.lines] for row in scene.list.rows]
    assert lines[0] == ["Games in progress"]
    assert lines[1][0] == "Solo Deck-Builder \u2014 Player 1"
    assert lines[2][0] == "Brawl \u2014 Player 1 vs Computer (Normal)"
    assert lines[2][1].startswith(f"turn {json.loads(brawl_file.read_text())['turn']} \u00b7 "
                                  if json.loads(brawl_file.read_text())['turn'] else "")
    assert f"{len(brawl_moves)} moves \u00b7 today " in lines[2][1]
    click(app, row_of(scene, brawl_file.name))  # select
    assert isinstance(app.scene, LoadGame) and scene.selected == brawl_file
    click(app, row_of(scene, brawl_file.name))  # a second click loads
    assert isinstance(opened(app), TableScene)
    assert app.scene.session.notations == brawl_moves and app.scene.autosave == brawl_file
    assert len(list(savegames.autosaves_dir().glob("*.json"))) == 2


def test_loading_a_sample_makes_a_game_in_progress_of_its_own(app):
    click(app, by_label(app.scene.buttons, "Load game").rect.center)
    scene = app.scene
    scene.pick(SAMPLE_SAVES_DIR / "brawl-sample.json")
    assert isinstance(opened(app), TableScene)
    assert savegames.is_autosave(app.scene.autosave)
    assert app.scene.autosave.name.startswith("brawl-")


def write_game(name: str, **fields) -> None:
    data = json.loads((SAMPLE_SAVES_DIR / "brawl-sample.json").read_text())
    data.update(fields)
    path = savegames.autosaves_dir() / name
    path.write_text(json.dumps(data), "utf-8")


def test_delete_asks_for_a_confirmation(app):
    write_game("first.json", saved="2026-01-02T10:00:00+00:00")
    write_game("second.json", saved="2026-01-01T10:00:00+00:00")
    click(app, by_label(app.scene.buttons, "Load game").rect.center)
    scene = app.scene
    click(app, row_of(scene, "second.json"))
    assert scene.selected.name == "second.json"
    click(app, scene.delete_button.rect.center)
    dialog = app.scene
    assert isinstance(dialog, Confirm) and dialog.question.startswith("Delete Brawl \u2014 ")
    click(app, dialog.no.rect.center)  # Cancel: nothing is deleted
    assert app.scene is scene and (savegames.autosaves_dir() / "second.json").exists()
    click(app, scene.delete_button.rect.center)
    click(app, app.scene.yes.rect.center)
    assert app.scene is scene
    assert not (savegames.autosaves_dir() / "second.json").exists()
    assert (savegames.autosaves_dir() / "first.json").exists()
    assert "second.json" not in [r.data.path.name for r in scene.list.rows if r.data]
    assert scene.toast.message == "Deleted second.json"


def test_samples_cannot_be_deleted(app):
    click(app, by_label(app.scene.buttons, "Load game").rect.center)
    scene = app.scene
    click(app, row_of(scene, "brawl-sample.json"))
    assert scene.selected.name == "brawl-sample.json" and not scene.delete_button.enabled
    click(app, scene.delete_button.rect.center)
    assert app.scene is scene and (SAMPLE_SAVES_DIR / "brawl-sample.json").exists()


BAD_SAVES = {
    "deep.json": None,  # a valid envelope followed by deep nesting (filled in below)
    "notes.json": {"notes": [1, 2]},
    "note-key.json": {"notes": {"\u00b9": "x"}},
    "position.json": {"position": "abc"},
    "position-list.json": {"position": [1]},
    "option.json": {"options": {"more_actions": []}},
    "saved.json": {"saved": 5},
}


def write_bad_saves() -> dict[str, str]:
    """Every bad save the issue saw, as games in progress; returns name -> reason."""
    sample = json.loads((SAMPLE_SAVES_DIR / "brawl-sample.json").read_text())
    folder = savegames.autosaves_dir()
    raw = json.dumps(sample)[:-1] + ', "x": ' + "[" * 20000 + "]" * 20000 + "}"
    (folder / "deep.json").write_text(raw, "utf-8")
    for name, fields in BAD_SAVES.items():
        if fields is not None:
            (folder / name).write_text(json.dumps({**sample, **fields}), "utf-8")
    (saves_dir() / "truncated.json").write_text('{"format": "tabletop-save", "vers', "utf-8")
    return {
        "deep.json": "nested more than 32 levels deep",
        "notes.json": "field 'notes' must be an object, got a list",
        "note-key.json": "note '\u00b9' does not name a move",
        "position.json": "field 'position' must be an object, got 'abc'",
        "position-list.json": "field 'position' must be an object, got a list",
        "option.json": "option 'more_actions' must be true or false, got a list",
        "saved.json": "field 'saved' must be a date and time, got 5",
        "truncated.json": "is damaged (not valid JSON",
    }


def test_bad_saves_are_listed_as_unreadable_with_their_reason(app):
    reasons = write_bad_saves()
    write_game("good.json")
    app.replace(MainMenu())
    app.step(0.016)
    assert by_label(app.scene.buttons, "Continue").enabled  # the good game
    click(app, by_label(app.scene.buttons, "Load game").rect.center)
    scene = app.scene
    assert isinstance(scene, LoadGame)
    for name, reason in reasons.items():
        click(app, row_of(scene, name))
        entry = scene._entry()
        assert entry.path.name == name and not entry.readable
        assert entry.error.startswith(name) and reason in entry.error
        assert not scene.load_button.enabled and scene.delete_button.enabled
        row = next(r for r in scene.list.rows if r.data is entry)
        assert row.lines[0][0] == f"{name} \u2014 cannot be loaded"
        click(app, row_of(scene, name))  # clicking again does not load it
        assert app.scene is scene
    click(app, row_of(scene, "good.json"))
    click(app, scene.load_button.rect.center)
    assert isinstance(opened(app), TableScene)


def test_continue_with_only_a_bad_autosave(app):
    write_bad_saves()
    (savegames.autosaves_dir() / "deep.json").touch()  # the newest
    app.replace(MainMenu())
    app.step(0.016)
    menu = app.scene
    assert isinstance(menu, MainMenu)
    assert not by_label(menu.buttons, "Continue").enabled
    assert menu.continue_info.startswith("Autosave unusable: deep.json is damaged (its data "
                                         "is nested more than 32 levels deep)")


def test_the_menu_appears_with_every_bad_file_at_once():
    mods = mods_root() / "bad"
    mods.mkdir(parents=True)
    files = {
        "bomb.yaml": alias_bomb(),
        "deep.yaml": "game: brawl\ncards: " + "[" * 20000 + "]" * 20000 + "\n",
        "remove-str.yaml": "game: brawl\nremove: some-id\n",
        "remove-int.yaml": "game: brawl\nremove: 5\n",
        "game-list.yaml": "game: [brawl]\ncards: []\n",
        "remove-nested.yaml": "game: brawl\nremove: [[a]]\n",
        "nul.yaml": "game: brawl\ncards:\n  - {id: x\x00}\n",
        "names.yaml": "game: brawl\ncards:\n" + card('"\\u200b"', card_id="a-a")
                      + card('"\\u202eevil"', card_id="b-b"),
        "art.yaml": "game: brawl\ncards:\n" + card(extra=", art: ../../../../etc/passwd"),
        "repeat.yaml": "game: brawl\ncards:\n" + card(card_id="c-c") + card(card_id="c-c"),
    }
    for name, body in files.items():
        (mods / name).write_text(body, "utf-8")
    write_bad_saves()
    t0 = time.perf_counter()
    app = App(headless=True, ai_delay=0.0)
    app.push(MainMenu())
    app.step(0.016)
    assert time.perf_counter() - t0 < 10
    menu = app.scene
    assert isinstance(menu, MainMenu)
    errors = [str(e) for e in app.card_errors()]
    assert len(errors) == 11 and menu.error_button.label == "11 problem(s) in card files " \
                                                           "\u2014 show"
    for name in files:
        assert any(f"bad/{name}:" in e for e in errors), name
    assert all("\n" not in e and len(e) < 300 for e in errors)
    pygame.display.quit()


@pytest.mark.parametrize("seed", ["\u00b9", "-", "1e5", "\u0663"])
def test_a_seed_that_is_not_a_whole_number_is_refused_with_a_message(app, seed):
    """'¹' passed str.isdigit and then broke int(): the new-game screen crashed."""
    click(app, by_label(app.scene.buttons, "New game").rect.center)
    scene = app.scene
    field = next(w for w in scene.widgets if getattr(w, "placeholder", "") == "random")
    click(app, field.rect.center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=seed))
    app.step(0.016)
    click(app, scene.start.rect.center)
    assert app.scene is scene
    assert scene.toast.message == "The seed must be a whole number (or empty for a random game)."


def test_a_saves_folder_that_cannot_be_created_does_not_stop_the_app(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "saves").write_text("a file where the folder should be")
    app = App(headless=True, ai_delay=0.0)
    app.push(MainMenu())
    app.step(0.016)
    menu = app.scene
    assert isinstance(menu, MainMenu) and not by_label(menu.buttons, "Continue").enabled
    assert menu.continue_info.startswith("The saves folder cannot be read: ")
    click(app, by_label(menu.buttons, "Load game").rect.center)
    assert isinstance(app.scene, LoadGame)
    assert app.scene.toast.message.startswith("The saves folder cannot be read: ")
    app.pop()
    scene = new_game(app, "Brawl")
    assert scene.autosave is None
    assert scene.toast.message.startswith("This game cannot be saved: the saves folder "
                                          "cannot be created")
    pygame.display.quit()
