"""Main menu, new game, continue and load, headless with posted clicks."""

from __future__ import annotations

import json

import pygame
import pytest
from ui_helpers import by_label, click, opened, pick_a_character

from tabletop.engine.paths import mods_root, saves_dir
from tabletop.ui.app import App
from tabletop.ui.menu import CardProblems, LoadGame, MainMenu, NewGame
from tabletop.ui.seats import KINDS
from tabletop.ui.table import TableScene
from tabletop.ui.widgets import Caption


@pytest.fixture()
def app(menu_app):
    return menu_app


def start_new_game(app, computer: bool = True):
    click(app, by_label(app.scene.buttons, "New game").rect.center)
    assert isinstance(app.scene, NewGame)
    if not computer:
        seat2 = [w for w in app.scene.widgets if getattr(w, "choices", None) ==
                 KINDS][1]
        click(app, seat2._segments()[0].center)
    seed = [w for w in app.scene.widgets if getattr(w, "placeholder", "") == "random"][0]
    click(app, seed.rect.center)
    for ch in "77":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step(0.016)
    click(app, app.scene.start.rect.center)
    assert isinstance(app.scene, TableScene)
    return app.scene


def test_new_game_then_continue_where_play_stopped(app):
    scene = start_new_game(app)
    assert scene.session.seed == 77
    assert [s.kind for s in scene.session.seats] == ["human", "computer"]
    # place a Character face down by dragging it to the team area
    moves = pick_a_character(app, scene)
    assert moves[0].startswith("P1 pick")
    # leave, then come back with Continue
    click(app, by_label(scene.tools, "Menu").rect.center)
    assert isinstance(app.scene, MainMenu)
    cont = by_label(app.scene.buttons, "Continue")
    assert cont.enabled
    click(app, cont.rect.center)
    assert isinstance(opened(app), TableScene)
    assert app.scene.session.notations == moves
    assert app.scene.session.seed == 77


def thinking(screen) -> list[str]:
    """The thinking times the new-game screen shows beside the computer seats' levels."""
    return [w.words for w in screen.widgets
            if isinstance(w, Caption) and w.words.startswith("Thinks")]


def test_a_computer_seat_gets_a_level_and_the_screen_shows_its_thinking_time(app):
    click(app, by_label(app.scene.buttons, "New game").rect.center)
    screen = app.scene
    levels = [w for w in screen.widgets if getattr(w, "choices", None) ==
              [("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard")]]
    assert len(levels) == 1 and levels[0].value == "normal"  # only the computer seat
    assert thinking(screen) == ["Thinks 0.5\u20133 s a move"]
    click(app, levels[0]._segments()[2].center)
    assert thinking(app.scene) == ["Thinks 2\u201312 s a move"]
    # a human seat has no level; making it a computer adds one
    seat1 = [w for w in app.scene.widgets if getattr(w, "choices", None) ==
             KINDS][0]
    click(app, seat1._segments()[2].center)
    assert thinking(app.scene) == ["Thinks 0.5\u20133 s a move", "Thinks 2\u201312 s a move"]
    click(app, app.scene.start.rect.center)
    assert isinstance(app.scene, TableScene)
    assert [(s.kind, s.level) for s in app.scene.session.seats] == [("computer", "normal"),
                                                                   ("computer", "hard")]


def test_a_corrupt_autosave_is_refused_with_a_message(app):
    (saves_dir() / "autosave.json").write_text('{"format": "tabletop-save", "vers', "utf-8")
    app.replace(MainMenu())
    app.step(0.016)
    assert not by_label(app.scene.buttons, "Continue").enabled
    assert "Autosave unusable" in app.scene.continue_info and "damaged" in \
        app.scene.continue_info


def test_load_screen_lists_samples_and_refuses_newer_saves(app):
    from tabletop import SAMPLE_SAVES_DIR

    sample = json.loads((SAMPLE_SAVES_DIR / "brawl-sample.json").read_text())
    sample["version"] = 99
    (saves_dir() / "future.json").write_text(json.dumps(sample), "utf-8")
    click(app, by_label(app.scene.buttons, "Load game").rect.center)
    scene = app.scene
    assert isinstance(scene, LoadGame)
    names = [row.data.path.name for row in scene.list.rows if row.data is not None]
    assert "brawl-sample.json" in names and "future.json" in names
    scene.pick(saves_dir() / "future.json")
    assert isinstance(app.scene, LoadGame) and "newer Tabletop" in scene.toast.message
    scene.pick(SAMPLE_SAVES_DIR / "brawl-sample.json")
    assert isinstance(opened(app), TableScene)
    assert len(app.scene.session.moves) == len(json.loads(
        (SAMPLE_SAVES_DIR / "brawl-sample.json").read_text())["moves"])


def test_continue_names_the_game_as_the_load_screen_does(app):
    """Beside Continue: the game, who plays (the computer told from the person even under
    the names the new-game screen gave), how far it went and when."""
    from datetime import UTC, datetime

    from tabletop import SAMPLE_SAVES_DIR
    from tabletop.engine import savegames

    now = datetime.now(UTC).replace(microsecond=0)
    data = json.loads((SAMPLE_SAVES_DIR / "hero-vs-nemesis-sample.json").read_text())
    data.update(saved=now.isoformat(), turn=12, seats=[
        {"name": "Hero", "kind": "human"},
        {"name": "Nemesis", "kind": "computer", "level": "normal"}])
    (savegames.autosaves_dir() / "hvn.json").write_text(json.dumps(data), "utf-8")
    app.replace(MainMenu())
    app.step(0.016)
    clock = now.astimezone().strftime("%H:%M")
    assert app.scene.continue_info == "Hero vs Nemesis \u2014 Hero vs computer Nemesis " \
        f"(Normal)\nturn 12 \u00b7 46 moves \u00b7 today {clock}"


def test_broken_card_files_are_shown_and_the_app_keeps_running():
    mods = mods_root() / "bad"
    mods.mkdir(parents=True)
    (mods / "bad.yaml").write_text(
        "game: brawl\ncards:\n  - {id: oops, kind: character, name: Oops, side: hero, "
        "attack: laser, health: 5, powers: [{name: P, damage: 1, speed: fast}]}\n", "utf-8")
    app = App(headless=True, ai_delay=0.0)
    app.push(MainMenu())
    app.step(0.016)
    menu = app.scene
    assert menu.error_button is not None and "1 problem" in menu.error_button.label
    click(app, menu.error_button.rect.center)
    assert isinstance(app.scene, CardProblems)
    rows = [row.lines[0][0] for row in app.scene.list.rows]
    assert len(rows) == 1 and "bad.yaml:3:" in rows[0] and "'attack'" in rows[0]
    app.pop()
    scene = start_new_game(app)
    assert len(scene.state.cards) == 58  # every valid card is in the game
    pygame.display.quit()


def test_the_catalogs_loaded_at_the_menu_are_kept_out_of_full_collections():
    """The main menu loads every game's cards; they and the app's own objects are then
    frozen out of the collector's full passes (a full pass during play scans only the
    game's objects: 33-41 ms down to 2-6 ms measured at a late table)."""
    import gc

    gc.unfreeze()
    application = App(headless=True, ai_delay=0.0, mods=False)
    try:
        assert gc.get_freeze_count() == 0
        application.push(MainMenu())
        frozen = gc.get_freeze_count()
        catalog = next(iter(application.catalogs.values()))
        assert frozen > 1000
        tracked = {id(o) for o in gc.get_objects()}
        assert id(catalog) not in tracked  # frozen objects are not in any generation
        application.push(MainMenu())  # nothing new loaded: no second full pass
        # (a second freeze would add every object made since, thousands; the count may
        # only fall, by objects frozen earlier and freed meanwhile: a full drawing cache
        # dropping its oldest entries, another test's thread finishing)
        assert frozen - 1000 < gc.get_freeze_count() <= frozen
    finally:
        gc.unfreeze()
        pygame.display.quit()
