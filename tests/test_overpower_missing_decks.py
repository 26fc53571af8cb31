"""OverPower when a mod removes or breaks a ready-made deck (issue 26, found by fuzzing):
the default team then named a deck the card set did not have and starting a game raised
``ValueError: OverPower: no deck 'tidewatch' in the card set``. Now the new-game screen
offers the decks the cards have (its default the first one left), a team naming a missing
deck is refused with the reason, and a save of such a team is refused (and marked on the
load screen) with the reason, never a traceback."""

from __future__ import annotations

import json
import textwrap

import pygame
import pytest
from ui_helpers import by_label, click

from tabletop.engine import savegames
from tabletop.engine.paths import mods_root
from tabletop.engine.saves import SaveError, read_save, session_from_dict, write_save
from tabletop.engine.scenario import run_scenario, run_scenario_file
from tabletop.engine.session import Session
from tabletop.games import GAMES
from tabletop.games.overpower.rules import (
    MissingDeck,
    deck_problem,
    ready_made,
    with_present_decks,
)
from tabletop.ui.app import App
from tabletop.ui.loadgame import CANT_RESUME, LoadGame
from tabletop.ui.menu import MainMenu
from tabletop.ui.newgame import NewGame
from tabletop.ui.overpower.picker import Cycle
from tabletop.ui.table import TableScene

OP = GAMES["overpower"]

#: a mod's decks.yaml that drops the default team of P1
DROP = "game: overpower\nremove: [tidewatch]\n"
#: one that replaces it with a deck the deck rules refuse (a Draw Pile of one card), so
#: the cards' checks drop it
BREAK = textwrap.dedent("""\
    game: overpower
    cards:
      - id: tidewatch
        kind: deck
        name: The Broken Tide
        characters: [saltbright, keel-marrow, gannet-vey, almoner-quill]
        missions: drowned-bell
        cards: {energy-2: 1}
    """)
#: one that drops every ready-made deck
ALL = "game: overpower\nremove: [tidewatch, quarryfolk, veilwright, scrapline, " \
      "tidewatch-gull-point, quarryfolk-breakwater]\n"


def write_mod(body: str) -> None:
    folder = mods_root() / "decks-mod"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "decks.yaml").write_text(body, "utf-8")


@pytest.fixture(scope="module")
def base_cards():
    return OP.rules.load_catalog(mod_dirs=[])


@pytest.mark.parametrize("mod", [DROP, BREAK], ids=["removed", "broken"])
def test_default_options_with_a_deck_a_mod_took_away(mod):
    write_mod(mod)
    catalog = OP.rules.load_catalog()  # the mods folder of TABLETOP_HOME
    assert "tidewatch" not in [v for v, _ in ready_made(catalog)]
    # the defaults as they are: a clear refusal, the reason for the player
    with pytest.raises(MissingDeck) as info:
        Session(OP, catalog, None, 7)
    assert str(info.value).startswith("P1's team, The Tidewatch, is not in the card set")
    assert "choose another ready-made deck: The Quarryfolk" in str(info.value)
    # the defaults fitted to the cards (as the new-game screen does): it deals
    options = OP.rules.options_for(catalog)
    assert (options["team_p1"], options["team_p2"]) == ("quarryfolk", "veilwright")
    session = Session(OP, catalog, options, 7)
    assert session.legal_moves()
    assert OP.rules.setup_problem(catalog, options) is None


def test_the_fallback_keeps_the_teams_apart_and_keeps_what_is_there(base_cards):
    catalog = base_cards
    assert with_present_decks(catalog, {"team_p1": "scrapline", "team_p2": "veilwright"}) \
        == {"team_p1": "scrapline", "team_p2": "veilwright"}
    write_mod("game: overpower\nremove: [tidewatch, veilwright]\n")
    modded = OP.rules.load_catalog()
    fitted = with_present_decks(modded, OP.rules.default_options())
    assert (fitted["team_p1"], fitted["team_p2"]) == ("quarryfolk", "scrapline")


def test_no_ready_made_deck_left_is_refused_with_a_reason_but_a_players_deck_plays():
    write_mod(ALL)
    catalog = OP.rules.load_catalog()
    assert ready_made(catalog) == []
    assert with_present_decks(catalog, OP.rules.default_options())["team_p1"] == "tidewatch"
    assert deck_problem(catalog, OP.rules.default_options()).endswith(
        "no ready-made deck is left")
    with pytest.raises(MissingDeck):
        Session(OP, catalog, None, 1)
    # a seat with a deck of its own (a saved deck, in the starting position) is not asked
    # about its option
    assert deck_problem(catalog, OP.rules.default_options(), {"decks": {"P1": {}}}) \
        .startswith("P2's team, The Veilwright Circle")
    assert deck_problem(catalog, OP.rules.default_options(),
                        {"decks": {"P1": {}, "P2": {}}}) is None


def test_a_save_of_a_missing_team_is_refused_with_the_reason(base_cards, tmp_path):
    session = Session(OP, base_cards, None, 3)
    for _ in range(4):
        session.play(session.legal_moves()[0])
    path = tmp_path / "op.json"
    write_save(path, session)
    write_mod(DROP)
    catalog = OP.rules.load_catalog()
    with pytest.raises(SaveError) as info:
        session_from_dict(read_save(path, GAMES), OP, catalog, "op.json")
    assert str(info.value).startswith("op.json cannot be set up: P1's team, The Tidewatch, "
                                      "is not in the card set")


def test_a_scenario_of_a_missing_team_is_refused_with_the_reason(tmp_path, capsys):
    write_mod(DROP)
    data = {"game": "overpower", "options": {"team_p1": "tidewatch"}, "moves": []}
    with pytest.raises(MissingDeck):
        run_scenario(data, OP)
    scenario = tmp_path / "s.yaml"
    scenario.write_text("game: overpower\noptions: {team_p1: tidewatch}\nmoves: []\n")
    assert run_scenario_file(str(scenario), GAMES) == 2
    assert "P1's team, The Tidewatch, is not in the card set" in capsys.readouterr().err


# -- the app, headless, with posted clicks -------------------------------------------------
@pytest.fixture()
def modded_app():
    """The app on its main menu, with the mods folder (write the mod first)."""
    application = App(headless=True, ai_delay=0.0)
    application.push(MainMenu())
    application.step(0.016)
    yield application
    application.quit()
    pygame.display.quit()


def open_new_game(app, title: str = "OverPower") -> NewGame:
    click(app, by_label(app.scene.buttons, "New game").rect.center)
    scene = app.scene
    assert isinstance(scene, NewGame)
    games = scene.widgets[0]
    click(app, games._segments()[[label for _, label in games.choices].index(title)].center)
    return scene


def team_widget(scene: NewGame, label: str) -> Cycle:
    return next(w for w in scene.rules_box.widgets if getattr(w, "label", None) == label)


def test_the_new_game_screen_offers_the_decks_there_are_and_starts(modded_app):
    write_mod(DROP)
    app = modded_app
    app.catalogs.clear()  # the menu read the cards before the mod came
    scene = open_new_game(app)
    p1 = team_widget(scene, "Team of P1")
    assert p1.value == "quarryfolk" == scene.options["team_p1"]
    values = [v for v, _, _ in p1.choices]
    assert "tidewatch" not in values and values[0] == "quarryfolk"
    click(app, scene.start.rect.center)
    assert isinstance(app.scene, TableScene)
    assert app.scene.session.options["team_p1"] == "quarryfolk"


def test_a_team_the_cards_lost_is_refused_on_the_new_game_screen(modded_app):
    app = modded_app
    scene = open_new_game(app)
    assert scene.options["team_p1"] == "tidewatch"  # no mod yet
    # a mod comes while the screen is open (the cards' hot reload puts in the new set)
    write_mod(DROP)
    app.catalogs["overpower"] = OP.rules.load_catalog()
    click(app, scene.start.rect.center)
    assert app.scene is scene and app.running
    assert scene.toast.active
    assert scene.toast.message.startswith("P1's team, The Tidewatch, is not in the card set "
                                          "(a mod removed it or one of its cards); choose "
                                          "another ready-made deck: The Quarryfolk")
    # the screen laid out again (P2's team stepped on) shows P1's team as missing
    p2 = team_widget(scene, "Team of P2")
    click(app, p2.arrows()[1].center)
    p1 = team_widget(scene, "Team of P1")
    assert p1.choices[0] == ("tidewatch", "The Tidewatch", "not in the card set")
    assert p1.warn == {"tidewatch"}
    # stepping on to a deck there is starts the game
    click(app, p1.arrows()[1].center)
    assert scene.options["team_p1"] == "quarryfolk"
    click(app, scene.start.rect.center)
    assert isinstance(app.scene, TableScene)


def test_a_game_in_progress_of_a_missing_team_is_marked_and_continue_says_why(
        modded_app, base_cards):
    session = Session(OP, base_cards, None, 3)
    for _ in range(4):
        session.play(session.legal_moves()[0])
    path = savegames.autosaves_dir() / "overpower-old.json"
    write_save(path, session)
    write_mod(DROP)
    app = modded_app
    app.catalogs.clear()
    app.replace(MainMenu())
    app.step(0.016)
    menu = app.scene
    continue_button = by_label(menu.buttons, "Continue")
    assert continue_button.enabled
    click(app, continue_button.rect.center)
    load = app.scene
    assert isinstance(load, LoadGame) and app.scenes == [menu, load] and app.running
    assert load.toast.message.startswith("Your latest game (OverPower \u2014 ")
    assert "can't be resumed: it cannot be set up: P1's team, The Tidewatch, is not in " \
           "the card set" in load.toast.message
    assert load.selected == path and not load.load_button.enabled
    row = next(r for r in load.list.rows if r.data is not None and r.data.path == path)
    assert row.lines[0][1] == (240, 86, 86)  # theme.BAD
    assert CANT_RESUME in row.lines[1][0]
    assert json.loads(path.read_text())["moves"] == session.notations  # nothing changed
