"""The OverPower deck builder, headless with posted mouse events: reached from the
new-game screen; cards added from the filtered pool and taken out of the deck; legality
live with its reasons; save, reload, export, import; an illegal deck refused with its
reasons; the new-game screen offering the saved deck."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import by_label, click

from tabletop.engine.paths import decks_dir, exports_dir
from tabletop.games import GAMES
from tabletop.games.overpower import deckfile
from tabletop.games.overpower.decklaw import DeckList
from tabletop.ui.menu import NewGame
from tabletop.ui.overpower.deckbuilder import DeckBuilder
from tabletop.ui.overpower.deckdialogs import DeckChooser, ImportDialog
from tabletop.ui.overpower.picker import Cycle
from tabletop.ui.table import TableScene


@pytest.fixture()
def app(menu_app):
    return menu_app


def new_game_screen(app) -> NewGame:
    click(app, by_label(app.scene.buttons, "New game").rect.center)
    scene = app.scene
    games = list(GAMES)
    click(app, scene.widgets[0]._segments()[games.index("overpower")].center)
    assert scene.game_id == "overpower"
    return scene


def open_builder(app) -> DeckBuilder:
    new_game_screen(app)
    click(app, by_label(app.scene.widgets, "Deck builder\u2026").rect.center)
    assert isinstance(app.scene, DeckBuilder)
    return app.scene


def row_center(lst, test) -> tuple[int, int]:
    """The centre of the first row of a ScrollList whose data passes ``test`` (scrolled
    into view with the mouse wheel over the list)."""
    index = next(i for i, r in enumerate(lst.rows) if test(r.data))
    top = sum(r.height for r in lst.rows[:index])
    lst.offset = max(0, min(lst.max_offset(), top - 40))  # as a wheel turn would leave it
    y = lst.rect.top + 4 - lst.offset + top + lst.rows[index].height // 2
    assert lst.rect.top < y < lst.rect.bottom
    return (lst.rect.centerx, y)


def choose(app, choice, label: str) -> None:
    index = next(i for i, (_, lab) in enumerate(choice.choices) if lab == label)
    click(app, choice._segments()[index].center)


def add(app, b: DeckBuilder, key: str, times: int = 1) -> None:
    for _ in range(times):
        click(app, row_center(b.pool, lambda d: d == key))


def take_out(app, b: DeckBuilder, part: str, key: str) -> None:
    click(app, row_center(b.deck_list, lambda d: d == (part, key)))


def problems(b: DeckBuilder) -> list[str]:
    return [r.lines[0][0] for r in b.problem_list.rows]


def build_quarry_deck(app, b: DeckBuilder) -> None:
    """A legal deck by clicks: four characters, a mission set, 51 Power cards."""
    choose(app, b.kind, "Characters")
    for key in ("flintmother", "cobble-jack", "tallow-pike", "pumice-dell"):
        add(app, b, key)
    choose(app, b.kind, "Missions")
    add(app, b, "set:quarry-echoes")
    choose(app, b.kind, "Power")
    choose(app, b.type, "Strength")
    for value in range(1, 9):
        add(app, b, f"strength-{value}", 6)
    choose(app, b.type, "Fighting")
    add(app, b, "fighting-5", 3)


def test_a_deck_built_by_clicks_is_legal_and_saved(app):
    b = open_builder(app)
    assert b.deck == DeckList(name="New deck")
    assert "Not legal: a team has exactly four characters; this one has 0" in problems(b)
    b.name_input.value = ""
    click(app, b.name_input.rect.center)
    for ch in "Pit Head":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step(0.016)
    build_quarry_deck(app, b)
    assert b.deck.characters == ["flintmother", "cobble-jack", "tallow-pike", "pumice-dell"]
    assert b.deck.missions == "quarry-echoes"
    assert b.deck.size == 51 and b.deck.cards["strength-8"] == 6
    assert problems(b) == ["Every deck rule is kept."]
    click(app, by_label(b.buttons, "Save").rect.center)
    path = decks_dir("overpower") / "pit-head.yaml"
    assert "Saved as pit-head.yaml" in b.toast.message
    assert deckfile.load_legal(path, b.catalog) == b.deck


def test_the_filters_narrow_the_pool(app):
    b = open_builder(app)
    choose(app, b.kind, "Power")
    choose(app, b.type, "Energy")
    choose(app, b.value, "7")
    keys = {e.key for e in b.entries}
    assert "energy-7" in keys and "fighting-7" not in keys and "energy-6" not in keys
    cards = [b.catalog.cards[k] for k in keys]
    assert all(c.kind == "power" and c.data["value"] == 7 and "energy" in c.data["type"]
               for c in cards)
    choose(app, b.kind, "Specials")
    choose(app, b.type, "All types")
    choose(app, b.value, "All")
    b.set_deck(DeckList.from_data("T", b.catalog.cards["tidewatch"].data))
    who = b.who
    click(app, who.arrows()[1].center)   # "the team"
    click(app, who.arrows()[1].center)   # Saltbright
    assert who.value == "saltbright"
    assert {e.key for e in b.entries} == {"saltbright-flare-lance",
                                          "saltbright-undertow-glare", "saltbright-tide-surge"}
    click(app, who.arrows()[0].center)
    click(app, who.arrows()[0].center)
    assert who.value is None


def test_taking_out_makes_the_deck_illegal_and_says_why(app):
    b = open_builder(app)
    b.set_deck(DeckList.from_data("Quarry", b.catalog.cards["quarryfolk"].data))
    assert problems(b) == ["Every deck rule is kept."]
    take_out(app, b, "characters", "cobble-jack")
    assert b.deck.characters == ["flintmother", "tallow-pike", "pumice-dell"]
    assert "Not legal: a team has exactly four characters; this one has 3" in problems(b)
    assert any("is Cobble Jack's Special and Cobble Jack is not on the team" in p
               for p in problems(b))
    take_out(app, b, "missions", "quarry-echoes")
    assert b.deck.missions == ""
    before = b.deck.cards["any-power-3"]
    take_out(app, b, "cards", "any-power-3")
    assert b.deck.cards.get("any-power-3", 0) == before - 1
    # the same cards back: legal again
    choose(app, b.kind, "Characters")
    add(app, b, "cobble-jack")
    choose(app, b.kind, "Missions")
    add(app, b, "set:quarry-echoes")
    choose(app, b.kind, "Power")
    add(app, b, "any-power-3")
    assert problems(b) == ["Every deck rule is kept."]


def test_an_illegal_deck_is_refused_with_its_reasons(app):
    b = open_builder(app)
    b.set_deck(DeckList.from_data("Thin", b.catalog.cards["veilwright"].data))
    choose(app, b.kind, "Specials")
    add(app, b, "flintmother-stone-skin")
    add(app, b, "any-desperate-gambit", 2)
    expected = ["Not legal: Stone Skin is Flintmother's Special and Flintmother is not on "
                "the team",
                "Not legal: Desperate Gambit is One Per Deck; this deck holds 3"]
    assert sorted(problems(b)) == sorted(expected)
    click(app, by_label(b.buttons, "Save").rect.center)
    assert b.refused
    assert b.toast.message.startswith("Not saved: the deck is not legal: ")
    assert "(and 1 more, listed on the right)" in b.toast.message
    click(app, by_label(b.buttons, "Export").rect.center)
    assert b.toast.message.startswith("Not exported")
    assert list(decks_dir("overpower").iterdir()) == []
    assert list(exports_dir().iterdir()) == []
    # the Sum Deck Rule: advice, an error once the Tournament rules switch is on
    brine = DeckList.from_data("Brine", b.catalog.cards["tidewatch"].data)
    brine.characters[3] = "commodore-brinewright"
    brine.reserve = None
    brine.cards = {c: n for c, n in brine.cards.items() if not c.startswith("almoner")}
    b.set_deck(brine)
    over = ("the team has 16 ranks and 81 points; the Sum Deck Rule allows a 16-rank team "
            "at most 76 (unless a Home Base lists all four)")
    assert f"Advice: {over}" in problems(b)
    assert not [p for p in problems(b) if p.startswith("Not legal")]
    click(app, b.tournament.rect.center)
    assert b.rules.tournament
    assert f"Not legal: {over}" in problems(b)


def test_save_reload_export_and_import(app, tmp_path):
    b = open_builder(app)
    b.set_deck(DeckList.from_data("Round Trip", b.catalog.cards["scrapline"].data))
    click(app, by_label(b.buttons, "Save").rect.center)
    click(app, by_label(b.buttons, "New").rect.center)
    assert b.deck.characters == []
    click(app, by_label(b.buttons, "Load\u2026").rect.center)
    chooser = app.scene
    assert isinstance(chooser, DeckChooser)
    click(app, row_center(chooser.list, lambda d: isinstance(d, DeckList) and
                          d.name == "Round Trip"))
    assert app.scene is b and b.deck.name == "Round Trip"
    assert b.deck == DeckList.from_data("Round Trip", b.catalog.cards["scrapline"].data)
    click(app, by_label(b.buttons, "Export").rect.center)
    exported = exports_dir() / "round-trip.yaml"
    assert exported.exists() and str(exported) in b.toast.message
    # import: a bad file is refused with its reasons; a good one joins the saved decks
    bad = tmp_path / "bad.yaml"
    bad.write_text(deckfile.dump(b.deck).replace("missions: great-salvage",
                                                 "missions: nowhere"), encoding="utf-8")
    click(app, by_label(b.buttons, "Import\u2026").rect.center)
    dialog = app.scene
    assert isinstance(dialog, ImportDialog)
    dialog.path.value = ""
    dialog.path_text = ""
    click(app, dialog.path.rect.center)
    for ch in str(bad):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step(0.016)
    click(app, dialog.go.rect.center)
    assert app.scene is dialog
    shown = [r.lines[0][0] for r in dialog.list.rows]
    assert shown[0] == "The file was not imported:"
    assert any(p.startswith(f"{bad}:") and p.endswith(
        "there is no mission set 'nowhere' in the card set") for p in shown[1:])
    dialog.path.value = dialog.path_text = str(exported)
    click(app, dialog.go.rect.center)
    assert app.scene is b
    assert "Imported Round Trip as round-trip-2.yaml" in b.toast.message
    assert sorted(p.name for p in decks_dir("overpower").iterdir()) == [
        "round-trip-2.yaml", "round-trip.yaml"]


def test_the_new_game_screen_offers_saved_and_ready_made_decks(app):
    b = open_builder(app)
    mine = DeckList.from_data("Harbour Lights", b.catalog.cards["tidewatch"].data)
    mine.cards["energy-7"] = 1
    mine.cards["energy-8"] = 1
    b.set_deck(mine)
    click(app, by_label(b.buttons, "Save").rect.center)
    click(app, by_label(b.buttons, "Back").rect.center)
    scene = app.scene
    assert isinstance(scene, NewGame)
    [p1, p2] = [w for w in scene.rules_box.widgets if isinstance(w, Cycle)]
    assert [n for _, n, _ in p1.choices] == ["The Tidewatch", "The Quarryfolk",
                                             "The Veilwright Circle", "The Scrapline Crew",
                                             "The Tidewatch at Gull Point",
                                             "The Quarryfolk at the Old Breakwater",
                                             "Harbour Lights"]
    assert p1.choices[-1][2] == "saved deck" and p1.choices[0][2] == "ready-made"
    click(app, p1.arrows()[0].center)    # back from the first: the last, the saved deck
    assert scene.options["team_p1"] == "saved:harbour-lights.yaml"
    click(app, scene.start.rect.center)
    assert isinstance(app.scene, TableScene)
    session = app.scene.session
    assert session.position["decks"]["P1"]["name"] == "Harbour Lights"
    state = session.state
    mine_cards = [state.name(c) for c in range(len(state.cards)) if state.owner(c) == 0]
    assert mine_cards.count("Energy 8") == 1
    assert session.options["team_p1"] == "tidewatch"


def test_a_saved_deck_that_became_illegal_is_refused_at_the_start(app):
    new_game_screen(app)
    deck = DeckList.from_data("Broken", GAMES["overpower"].rules.load_catalog(
        mod_dirs=[]).cards["tidewatch"].data)
    deck.cards = {"energy-5": 3}
    deckfile.save(deck)   # written by hand, or by an older card set
    app.scene.layout(app.screen.get_size())
    scene = app.scene
    p1 = next(w for w in scene.rules_box.widgets if isinstance(w, Cycle))
    click(app, p1.arrows()[0].center)
    click(app, scene.start.rect.center)
    assert app.scene is scene
    assert scene.toast.message.startswith("P1's deck cannot be played: ")
    assert "the Draw Pile needs at least 51 cards" in scene.toast.message


def test_the_screen_is_drawn_once_per_change(app):
    """A frame without input blits the kept screen; input (a hover, a click) redraws it."""
    b = open_builder(app)
    app.step(0.016)
    kept = b._cache
    assert kept is not None
    app.step(0.016)
    assert b._cache is kept
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b.pool.rect.center,
                                         rel=(1, 1), buttons=(0, 0, 0)))
    app.step(0.016)
    assert b._cache is not kept and b.pool.hover is not None


def test_games_without_a_hook_get_the_plain_new_game_screen():
    from tabletop.ui.kits import KITS
    from tabletop.ui.newgame_hooks import PLAIN
    from tabletop.ui.overpower.newgame import HOOK

    assert KITS["brawl"].newgame is PLAIN
    assert KITS["overpower"].newgame is HOOK
    assert PLAIN.prepare(None, {"x": 1}) == ({"x": 1}, None)


def test_decks_with_a_location_start_at_the_table_and_show_it(app):
    """A saved deck with a Battlesite, and the ready-made Home Base deck, are played: the
    table lays out each Location (and the Specials beneath the Battlesite, face down to
    the other seat)."""
    new_game_screen(app)
    deck = DeckList.from_data("Breakwater", GAMES["overpower"].rules.load_catalog(
        mod_dirs=[]).cards["quarryfolk-breakwater"].data)
    deckfile.save(deck)
    app.scene.layout(app.screen.get_size())
    scene = app.scene
    p1, p2 = [w for w in scene.rules_box.widgets if isinstance(w, Cycle)][:2]
    click(app, p1.arrows()[0].center)          # P1: the saved deck (last in the cycle)
    while scene.options["team_p2"] != "tidewatch-gull-point":
        click(app, p2.arrows()[1].center)
    click(app, scene.start.rect.center)
    table = app.scene
    assert isinstance(table, TableScene), getattr(scene.toast, "message", "")
    state = table.session.state
    names = {state.name(c) for seat in (0, 1) for z in ("site", "base")
             for c in state.zones[f"{z}.{seat}"]}
    assert names == {"The Old Breakwater", "Gull Point Lighthouse"}
    drawn = {s.zone.split(".")[0] for s in table.layout_obj.sprites}
    assert {"site", "base", "beneath"} <= drawn


def test_pool_lines_name_a_persona_by_its_own_character():
    from tabletop.ui.overpower.deckpool import names_of

    catalog = GAMES["overpower"].rules.load_catalog(mod_dirs=[])
    names = names_of(catalog)
    assert names["saltbright"] == "Saltbright"        # not "Saltbright, Tide-Crowned"
    assert names["gull-point-lighthouse"] == "Gull Point Lighthouse"
    assert names["drowned-bell"] == "The Drowned Bell"


def test_the_card_under_the_pointer_is_shown_with_its_face(app):
    """Pointing at a pool line or a deck line shows that card's face (issue 14: card art
    for every kind, the new ones included) beside the deck's problems."""
    from ui_helpers import post

    from tabletop.ui.cardart import face
    from tabletop.ui.overpower.cards import PAINTERS

    b = open_builder(app)
    for key in ("old-breakwater", "gull-point-fog-bell", "event-high-tide",
                "artifact-grinding-wheel", "activator-saltbright"):
        pos = row_center(b.pool, lambda d, key=key: d == key)
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        app.step(0.016)
        card = b.catalog.cards[key]
        assert b.hovered() is card
        shown = app.screen.subsurface(b.face_at).copy()
        want = face(card, PAINTERS, b.face_at.w, b.face_at.h)
        assert shown.get_at((b.face_at.w // 2, b.face_at.h // 3)) == \
            want.get_at((b.face_at.w // 2, b.face_at.h // 3))


def test_load_asks_before_it_replaces_an_unsaved_deck(app):
    from tabletop.ui.screens import Confirm

    b = open_builder(app)
    choose(app, b.kind, "Characters")
    add(app, b, "flintmother")
    add(app, b, "cobble-jack")
    mine = b.deck.copy()
    click(app, by_label(b.buttons, "Load\u2026").rect.center)
    ask = app.scene
    assert isinstance(ask, Confirm)
    assert ask.question == "Load another deck? The changes to \u201cNew deck\u201d are not saved."
    click(app, ask.no.rect.center)  # Cancel: the deck stays as it was
    assert app.scene is b and b.deck == mine
    click(app, by_label(b.buttons, "Load\u2026").rect.center)
    click(app, app.scene.yes.rect.center)  # drop the changes: the chooser opens
    chooser = app.scene
    assert isinstance(chooser, DeckChooser)
    click(app, row_center(chooser.list, lambda d: isinstance(d, DeckList) and
                          d.name == "The Tidewatch"))
    assert app.scene is b and b.deck.name == "The Tidewatch" and b.deck != mine
    # a deck just loaded (or saved) has nothing to lose: Load opens the chooser at once
    click(app, by_label(b.buttons, "Load\u2026").rect.center)
    assert isinstance(app.scene, DeckChooser)


def test_new_import_and_back_ask_too_and_esc_cancels(app):
    from ui_helpers import key

    from tabletop.ui.overpower.deckbuilder import empty_deck
    from tabletop.ui.screens import Confirm

    b = open_builder(app)
    choose(app, b.kind, "Characters")
    add(app, b, "flintmother")
    mine = b.deck.copy()
    for label, question in (("New", "Start a new deck"), ("Import\u2026", "Import a deck file"),
                            ("Back", "Leave the deck builder")):
        click(app, by_label(b.buttons, label).rect.center)
        assert isinstance(app.scene, Confirm) and app.scene.question.startswith(question)
        key(app, pygame.K_ESCAPE)  # Esc is Cancel
        assert app.scene is b and b.deck == mine
    key(app, pygame.K_ESCAPE)  # Esc on the builder is Back: it asks as well
    assert isinstance(app.scene, Confirm)
    click(app, app.scene.yes.rect.center)
    assert isinstance(app.scene, NewGame)
    click(app, by_label(app.scene.widgets, "Deck builder\u2026").rect.center)
    b = app.scene
    assert isinstance(b, DeckBuilder) and b.deck == empty_deck()  # the changes were dropped
    b.set_deck(DeckList.from_data("Harbour", b.catalog.cards["tidewatch"].data))
    choose(app, b.kind, "Power")
    add(app, b, "energy-7")
    click(app, by_label(b.buttons, "Save").rect.center)  # saved: nothing to lose
    assert "Saved as harbour.yaml" in b.toast.message
    click(app, by_label(b.buttons, "New").rect.center)
    assert app.scene is b and b.deck == empty_deck()
