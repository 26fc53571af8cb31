"""OverPower decks are data like cards (issue 32): every card of kind ``deck`` the card set
has is offered on the new-game screen (shipped first, then mods' by name), a mod's deck
that breaks the deck rules is reported at its file and line and not offered, a save of a
mod's deck loads while the mod is there and is refused with the reason once it is gone,
and ``tabletop validate`` checks a deck file as a deck."""

from __future__ import annotations

import json

import pytest
from test_overpower_missing_decks import open_new_game, team_widget
from ui_helpers import click

from tabletop.engine.info import SeatConfig
from tabletop.engine.loader import display_path
from tabletop.engine.paths import mods_root
from tabletop.engine.savecheck import option_problem
from tabletop.engine.saves import SaveError, read_save, session_from_dict, write_save
from tabletop.engine.session import Session
from tabletop.games import GAMES
from tabletop.games.overpower import deckfile
from tabletop.games.overpower.decklaw import DeckList
from tabletop.games.overpower.rules import OPTIONS_BY_KEY, SHIPPED_DECKS, ready_made
from tabletop.tools.validate import validate
from tabletop.ui.table import TableScene

OP = GAMES["overpower"]


@pytest.fixture(scope="module")
def base_cards():
    return OP.rules.load_catalog(mod_dirs=[])


def deck_card(base, card_id: str, name: str, like: str = "quarryfolk", **change) -> dict:
    """A ``kind: deck`` card with the fields of the shipped deck ``like``."""
    fields = DeckList.from_data(name, base.cards[like].data).to_data()
    fields.update(change)
    return {"id": card_id, "kind": "deck", **fields}


def write_mod(*cards: dict, folder: str = "deck-mod") -> str:
    """A mod file (JSON is YAML) holding ``cards``; its path as the loader shows it."""
    path = mods_root() / folder / "decks.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = ["game: overpower", "cards:"] + [f"  - {json.dumps(c)}" for c in cards]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_the_declared_choices_are_the_shipped_deck_cards(base_cards):
    assert ready_made(base_cards) == list(SHIPPED_DECKS)
    assert OPTIONS_BY_KEY["team_p1"].choices == SHIPPED_DECKS


def test_mod_decks_come_after_the_shipped_ones_by_name_and_a_broken_one_is_reported(
        base_cards):
    write_mod(deck_card(base_cards, "zz-harbour", "Harbour Watch", like="tidewatch"),
              deck_card(base_cards, "aa-quarry", "Quarry Night"),
              deck_card(base_cards, "broken-deck", "Broken Deck", cards={"energy-2": 1}))
    catalog = OP.rules.load_catalog()
    assert ready_made(catalog) == list(SHIPPED_DECKS) + [("zz-harbour", "Harbour Watch"),
                                                         ("aa-quarry", "Quarry Night")]
    [error] = [e for e in catalog.errors if e.card == "broken-deck"]
    assert error.file.endswith("deck-mod/decks.yaml") and error.line == 5
    assert "51" in error.message  # the Draw Pile's least size, the rule it breaks
    # a save's options take a mod deck's id; what is not a card id is still refused
    assert option_problem(OP, "team_p1", "aa-quarry") is None
    assert "must be the id of a deck card" in option_problem(OP, "team_p1", "Quarry Night")
    assert option_problem(OP, "team_p1", 3) is not None


def test_a_mod_deck_is_offered_on_the_new_game_screen_and_plays(menu_app, base_cards):
    write_mod(deck_card(base_cards, "harbour-watch", "Harbour Watch", like="tidewatch"))
    app = menu_app
    app.catalogs.clear()  # the menu read the cards before the mod came
    scene = open_new_game(app)
    p1 = team_widget(scene, "Team of P1")
    assert p1.choices[:len(SHIPPED_DECKS)] == [(v, n, "ready-made") for v, n in SHIPPED_DECKS]
    assert p1.choices[len(SHIPPED_DECKS)] == ("harbour-watch", "Harbour Watch", "from a mod")
    for _ in range(len(SHIPPED_DECKS)):  # stepped on to it with the arrow, as a person does
        click(app, team_widget(scene, "Team of P1").arrows()[1].center)
    assert scene.options["team_p1"] == "harbour-watch"
    click(app, scene.start.rect.center)
    assert isinstance(app.scene, TableScene)
    session = app.scene.session
    assert session.options["team_p1"] == "harbour-watch"
    state = session.state
    names = {state.name(c) for c in range(len(state.cards)) if state.owner(c) == 0}
    assert "Saltbright" in names  # the Tidewatch's characters, in a deck of its own


def test_a_save_of_a_mod_deck_loads_and_is_refused_once_the_mod_is_gone(base_cards,
                                                                        tmp_path):
    mod = write_mod(deck_card(base_cards, "harbour-watch", "Harbour Watch",
                              like="tidewatch"))
    catalog = OP.rules.load_catalog()
    session = Session(OP, catalog, {"team_p1": "harbour-watch", "team_p2": "scrapline"}, 5,
                      [SeatConfig("Ana"), SeatConfig("Bo")])
    for _ in range(6):
        session.play(session.legal_moves()[0])
    path = tmp_path / "mod-deck.json"
    write_save(path, session)
    loaded, warnings = session_from_dict(read_save(path, GAMES), OP, catalog, path.name)
    assert not warnings and loaded.notations == session.notations
    assert loaded.state.zones == session.state.zones
    # the mod taken away: refused with the reason, never a traceback
    (mods_root() / "deck-mod" / "decks.yaml").unlink()
    assert mod
    without = OP.rules.load_catalog()
    with pytest.raises(SaveError) as info:
        session_from_dict(read_save(path, GAMES), OP, without, path.name)
    assert str(info.value).startswith(
        "mod-deck.json cannot be set up: P1's team, harbour-watch, is not in the card set "
        "(the mod that added it is gone, or it broke a deck rule); choose another "
        "ready-made deck: The Tidewatch")


def test_a_save_of_a_shipped_deck_still_loads_and_replays(base_cards, tmp_path):
    session = Session(OP, base_cards, {"team_p1": "tidewatch-gull-point",
                                       "team_p2": "quarryfolk-breakwater"}, 2)
    for _ in range(8):
        session.play(session.legal_moves()[0])
    path = tmp_path / "shipped.json"
    write_save(path, session)
    data = read_save(path, GAMES)
    assert data["options"]["team_p1"] == "tidewatch-gull-point"  # the deck card's id
    loaded, warnings = session_from_dict(data, OP, base_cards, path.name)
    assert not warnings and loaded.state.zones == session.state.zones


# -- tabletop validate on deck files ---------------------------------------------------------
def run(*args, game: str | None = None) -> tuple[int, list[str]]:
    lines: list[str] = []
    return validate([str(a) for a in args], game, out=lines.append), lines


def test_validate_checks_a_deck_file_as_a_deck(base_cards, tmp_path):
    good = tmp_path / "decks" / "harbour.yaml"
    good.parent.mkdir()
    deckfile.write(DeckList.from_data("Harbour", base_cards.cards["tidewatch"].data), good)
    code, lines = run(good)
    assert code == 0, lines
    assert lines[-1].endswith(" valid card(s), 1 deck file(s), 0 problem(s)")
    assert "a deck file of OverPower" in lines[0]
    # a broken one: the deck rule at the line of the card, a shape problem at its field
    text = good.read_text(encoding="utf-8").replace("  energy-7: 2\n", "  energy-7: 2\n"
                                                    "  quarryfolk-stone-skin-x: 1\n")
    bad = tmp_path / "decks" / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    line = text.splitlines().index("  quarryfolk-stone-skin-x: 1") + 1
    code, lines = run(bad)
    assert code == 1
    problems = lines[1:-1]  # (the first line says what the file is checked as)
    assert problems == [f"{bad}:{line}:3: there is no card 'quarryfolk-stone-skin-x' in "
                        "the card set"], lines
    assert lines[-1].endswith(", 1 deck file(s), 1 problem(s)")
    shape = tmp_path / "decks" / "shape.yaml"
    shape.write_text(good.read_text(encoding="utf-8") + "colour: blue\n", encoding="utf-8")
    code, lines = run(shape)
    last = len(shape.read_text(encoding="utf-8").splitlines())
    assert code == 1 and lines[1].startswith(f"{shape}:{last}:1: colour: unknown field")
    # the folder: each deck file (the good one passes)
    code, lines = run(good.parent)
    assert code == 1 and lines[-1].endswith(", 3 deck file(s), 2 problem(s)")
    # a deck file without game: checked as a deck under --game, which says game: is wanted
    bare = tmp_path / "bare.yaml"
    bare.write_text(good.read_text(encoding="utf-8").replace("game: overpower\n", ""))
    code, lines = run(bare, game="overpower")
    assert code == 1 and any("game" in x and x.startswith(f"{bare}:") for x in lines), lines
    assert not any("unknown top-level field" in x for x in lines)


def test_validate_checks_a_deck_against_the_mod_given_with_it(base_cards, tmp_path):
    """A deck of a mod's cards: the mod's file and the deck file in one folder."""
    folder = tmp_path / "my-mod"
    folder.mkdir()
    (folder / "cards.yaml").write_text(
        "game: overpower\ncards:\n  - {id: energy-9, kind: power, name: Energy 9, "
        "type: energy, value: 8}\n", encoding="utf-8")
    deck = DeckList.from_data("Nine", base_cards.cards["tidewatch"].data)
    deck.cards["energy-9"] = 1
    deckfile.write(deck, folder / "nine.yaml")
    code, lines = run(folder)
    assert code == 0, lines
    code, lines = run(folder / "nine.yaml")  # alone: the card is unknown, and said so
    assert code == 1 and any("energy-9" in x for x in lines), lines


def test_a_misspelt_card_in_a_deck_file_gets_a_suggestion(base_cards, tmp_path):
    """An id the card set does not have is answered with the closest id of a card that
    can be there (a Power card for the Draw Pile, a character for the team)."""
    path = tmp_path / "decks" / "typo.yaml"
    path.parent.mkdir()
    deckfile.write(DeckList.from_data("Typo", base_cards.cards["tidewatch"].data), path)
    first = base_cards.cards["tidewatch"].data["characters"][0]
    text = path.read_text(encoding="utf-8").replace("  energy-7: 2\n",
                                                    "  energy-7: 2\n  strenght-7: 1\n")
    text = text.replace(first, first[:-1] + "x" if not first.endswith("x") else first + "q", 1)
    path.write_text(text, encoding="utf-8")
    code, lines = run(path)
    assert code == 1
    assert any("there is no card 'strenght-7' in the card set (did you mean "
               "'strength-7'?)" in x for x in lines), lines
    assert any("there is no character" in x and f"(did you mean '{first}'?)" in x
               for x in lines), lines


def test_validate_with_no_path_checks_the_saved_decks(base_cards):
    """``tabletop validate`` alone checks the player's saved decks as well as the cards."""
    from tabletop.engine.paths import decks_dir

    good = DeckList.from_data("Harbour", base_cards.cards["tidewatch"].data)
    deckfile.write(good, decks_dir("overpower") / "harbour.yaml")
    lines: list[str] = []
    code = validate([], None, out=lines.append)
    assert code == 0, lines
    assert "1 saved OverPower deck(s)" in lines[0] and "1 deck file(s)" in lines[-1]
    bad = decks_dir("overpower") / "bad.yaml"
    bad.write_text((decks_dir("overpower") / "harbour.yaml").read_text("utf-8")
                   .replace("  energy-7: 2\n", "  energy-7: 2\n  energy-77: 1\n"), "utf-8")
    lines = []
    code = validate([], None, out=lines.append)
    assert code == 1 and any(x.startswith(f"{display_path(bad)}:") and "'energy-77'" in x
                             for x in lines), lines
