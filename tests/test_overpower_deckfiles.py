"""OverPower deck files (tabletop/games/overpower/deckfile.py): saved in the user data
folder, exported and imported, every bad file refused with file:line:col and a message
(fuzzed), and games started with a player's deck that save and replay."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from fuzzing import mutate_card_file, mutate_structure
from overpower_helpers import CATALOG, GAME, RULES

from tabletop.engine import limits
from tabletop.engine.moves import NotationError
from tabletop.engine.paths import decks_dir, exports_dir, user_data
from tabletop.engine.saves import read_save, session_from_dict, write_save
from tabletop.engine.session import Session
from tabletop.games import GAMES
from tabletop.games.overpower import deckfile, decklaw
from tabletop.games.overpower.deckfile import DeckFileError
from tabletop.games.overpower.decklaw import DeckList, DeckRules

WHERE = re.compile(r"^[^\n]+:\d+:\d+: \S")


def ready(deck_id: str, name: str | None = None) -> DeckList:
    card = CATALOG.cards[deck_id]
    return DeckList.from_data(name or card.name, card.data)


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def refused(path: Path, catalog=CATALOG, rules=decklaw.ORDINARY) -> list[str]:
    with pytest.raises(DeckFileError) as caught:
        deckfile.load_legal(path, catalog, rules)
    problems = caught.value.problems
    assert problems and all(WHERE.match(p) for p in problems), problems
    return problems


# -- saving, listing, exporting, importing ---------------------------------------------------
def test_a_saved_deck_lives_in_the_user_data_folder_and_reads_back():
    deck = ready("quarryfolk", "Pit Head Crew")
    deck.cards["energy-5"] = 3
    path = deckfile.save(deck)
    assert path == user_data() / "decks" / "overpower" / "pit-head-crew.yaml"
    assert path.parent == decks_dir("overpower")
    assert deckfile.load_legal(path, CATALOG) == deck
    [listed] = deckfile.saved()
    assert (listed.path, listed.deck, listed.problem) == (path, deck, "")
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# An OverPower deck") and "\n  energy-5: 3\n" in text
    # saving again under the same name replaces it
    deck.cards["energy-5"] = 1
    assert deckfile.save(deck) == path
    assert deckfile.load_legal(path, CATALOG).cards["energy-5"] == 1


def test_names_become_file_names_and_any_name_round_trips():
    assert deckfile.slug("The Tidewatch, Mark II!") == "the-tidewatch-mark-ii"
    assert deckfile.slug("***") == "deck"
    for name in ['Quotes "and" colons: yes', "true", "123", "Ölfjord – Crew", "no"]:
        deck = ready("veilwright", name)
        assert deckfile.parse(deckfile.dump(deck), "x.yaml").deck == deck


def test_export_and_import():
    deck = ready("scrapline", "Scrap Heap")
    shared = deckfile.export(deck)
    assert shared.parent == exports_dir() and shared.name == "scrap-heap.yaml"
    assert deckfile.export(deck).name == "scrap-heap-2.yaml"  # never over another file
    first, got = deckfile.import_file(shared, CATALOG)
    assert got == deck and first == decks_dir("overpower") / "scrap-heap.yaml"
    second, _ = deckfile.import_file(shared, CATALOG)
    assert second.name == "scrap-heap-2.yaml"
    assert [d.deck.name for d in deckfile.saved()] == ["Scrap Heap", "Scrap Heap"]


def test_an_illegal_deck_is_refused_at_the_lines_of_its_problems(tmp_path):
    text = deckfile.dump(ready("tidewatch", "Wrong Crowd"))
    text = text.replace("  energy-2: 1\n", "  energy-2: 1\n  flintmother-stone-skin: 1\n")
    text = text.replace("missions: drowned-bell", "missions: quarry-echoes\n"
                                                   "under_battlesite: [energy-5]")
    path = write(tmp_path / "wrong.yaml", text)
    lines = text.splitlines()
    skin = next(i for i, line in enumerate(lines, 1) if "stone-skin" in line)
    under = next(i for i, line in enumerate(lines, 1) if "under_battlesite" in line)
    shown = str(path)
    assert refused(path) == [
        f"{shown}:{under}:19: Specials lie beneath a Battlesite, and the deck has none",
        f"{shown}:{under}:20: Energy 5 is not a character's Special: only those lie beneath "
        "a Battlesite",
        f"{shown}:{skin}:3: Stone Skin is Flintmother's Special and Flintmother is not on "
        "the team"]
    # an import refuses it too, and copies nothing
    with pytest.raises(DeckFileError):
        deckfile.import_file(path, CATALOG)
    assert deckfile.saved() == []


def test_the_code_rule_is_checked_when_asked(tmp_path):
    deck = ready("tidewatch", "Tricky")
    deck.cards["any-dirty-trick"] = 1
    path = deckfile.export(deck, tmp_path)
    assert deckfile.load_legal(path, CATALOG) == deck
    [problem] = refused(path, rules=DeckRules(code_rule=True))
    assert problem.endswith("Dirty Trick is coded V (Villain) and Saltbright, Keel Marrow, "
                            "Gannet Vey and Almoner Quill are coded H: under the Code Rule no "
                            "one on this team may play it")


BAD_FILES = {
    "syntax": ("game: overpower\nname: [unclosed\n", "YAML syntax error"),
    "not a mapping": ("- just\n- a list\n", "expected an OverPower deck"),
    "empty": ("", "expected an OverPower deck"),
    "another game": ("game: brawl\nname: x\ncharacters: []\nmissions: m\ncards: {}\n",
                     "expected one of overpower, got 'brawl'"),
    "no cards": ("game: overpower\nname: x\ncharacters: [a]\nmissions: m\n",
                 "missing required field 'cards'"),
    "typo": ("game: overpower\nname: x\ncharacter: [a]\nmissions: m\ncards: {}\n",
             "unknown field 'character' (did you mean 'characters'?)"),
    "copies": ("game: overpower\nname: x\ncharacters: []\nmissions: m\ncards: {energy-5: 0}\n",
               "expected 1 to 20 copies of 'energy-5', got 0"),
    "control character": ("game: overpower\nname: \x07\n", "control character U+0007"),
    "python tag": ("game: !!python/object:os.system overpower\n", "is not allowed"),
    "alias bomb": ("a: &a [x, x, x, x, x, x, x, x, x, x]\n"
                   + "".join(f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, "
                             f"*{p}, *{p}]\n" for p, c in zip("abcde", "bcdef", strict=True)),
                   "more than 100,000 values"),
    "deep": ("x: " + "[" * 100 + "]" * 100 + "\n", "nested more than 40 levels"),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_a_bad_deck_file_is_refused_with_its_place_and_a_message(case, tmp_path):
    text, message = BAD_FILES[case]
    path = write(tmp_path / "bad.yaml", text)
    problems = refused(path)
    assert any(message in p for p in problems), problems


def test_files_too_large_or_not_text_are_refused_before_they_are_parsed(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (limits.MAX_DECK_FILE_BYTES + 1))
    assert "too large to be a deck" in refused(big)[0]
    binary = tmp_path / "bin.yaml"
    binary.write_bytes(b"game: overpower\nname: \xff\xfe\n")
    assert refused(binary) == [f"{binary}:2:7: the file is not UTF-8 text (byte 0xff); save "
                               "it as UTF-8"]
    assert "cannot read the file" in refused(tmp_path / "missing.yaml")[0]
    many = "game: overpower\nname: x\ncharacters: []\nmissions: m\ncards:\n" + "".join(
        f"  c{i}: 1\n" for i in range(limits.MAX_DECK_CARDS + 1))
    assert "at most 400 different cards" in refused(write(tmp_path / "m.yaml", many))[0]


def test_unreadable_files_are_listed_with_their_problem_and_others_still_load():
    folder = decks_dir("overpower")
    deckfile.save(ready("tidewatch", "Good One"))
    write(folder / "broken.yaml", "game: overpower\nname: [\n")
    listed = deckfile.saved()
    assert [d.deck.name if d.deck else None for d in listed] == ["Good One", None]
    assert listed[1].problem.startswith(f"{folder / 'broken.yaml'}:")


def test_fuzzed_deck_files_are_read_or_refused_never_crash(tmp_path):
    """Mutations of a good deck file (text and structure, the card-file fuzzer's): each is
    read or refused with file:line:col messages; no other exception, and every deck that
    reads can be judged by the deck rules."""
    good = deckfile.dump(ready("scrapline", "Fuzz"))
    read = refusals = 0
    for seed in range(150):
        path = write(tmp_path / "f.yaml", mutate_card_file(seed, good))
        try:
            found = deckfile.read(path)
        except DeckFileError as exc:
            refusals += 1
            assert all(WHERE.match(p) for p in exc.problems), (seed, exc.problems)
            continue
        read += 1
        assert all(WHERE.match(p) for p in deckfile.law_errors(CATALOG, found)), seed
    assert read and refusals


# -- games with a player's deck -------------------------------------------------------------------
def _session(decks: dict, seed: int = 7, options: dict | None = None) -> Session:
    position = {"phase": "setup", "decks": {k: deckfile.position_data(d)
                                            for k, d in decks.items()}}
    return Session(GAME, CATALOG, options or {}, seed, position=position)


def test_a_game_deals_a_players_deck_and_its_save_replays(tmp_path):
    mine = ready("quarryfolk", "Mine")
    mine.cards["energy-5"] = 2
    mine.cards["any-duck-and-cover"] = 1
    t = _session({"P1": mine})
    s = t.state
    p1 = [s.name(c) for c in range(len(s.cards)) if s.owner(c) == 0]
    assert p1.count("Energy 5") == 2 and "Duck and Cover" in p1
    assert len(p1) == 4 + 7 + mine.size
    assert [s.name(c) for c in s.zones["front.1"]] == [  # P2 plays its option's deck
        "The Gloaming Abbess", "Mothwick", "Sorrowgale", "Embertongue"]
    r = random.Random(1)
    for _ in range(60):
        if t.state.over:
            break
        t.play(r.choice(t.legal_moves()))
    path = tmp_path / "game.json"
    write_save(path, t)
    data = read_save(path, GAMES)
    assert data["position"]["decks"]["P1"]["cards"]["energy-5"] == 2
    again, _ = session_from_dict(data, GAME, CATALOG)
    assert again.notations == t.notations
    assert again.state.zones == t.state.zones


def test_an_illegal_or_unplayable_deck_cannot_start_a_game():
    bad = ready("tidewatch", "Too Thin")
    bad.cards = {"energy-5": 10}
    with pytest.raises(NotationError, match="P1's deck 'Too Thin' is not legal: the Draw "
                                            "Pile needs at least 51 cards"):
        _session({"P1": bad})
    odd = ready("tidewatch")
    with pytest.raises(NotationError, match="P2's deck: characters: expected a list"):
        Session(GAME, CATALOG, {}, 1, position={"phase": "setup", "decks": {
            "P2": {**odd.to_data(), "characters": "saltbright"}}})
    trick = ready("tidewatch", "Tricky")
    trick.cards["any-dirty-trick"] = 1
    _session({"P1": trick})
    with pytest.raises(NotationError, match="coded V"):
        _session({"P1": trick}, options={"code_rule": True})


def test_fuzzed_position_decks_are_refused_with_a_message():
    """A save's deck mutated: the game starts, or a ValueError names the problem."""
    good = {"P1": ready("veilwright").to_data(), "P2": ready("quarryfolk").to_data()}
    started = refusals = 0
    for seed in range(200):
        decks = mutate_structure(random.Random(seed), json.loads(json.dumps(good)))
        try:
            Session(GAME, CATALOG, {}, 1, position={"phase": "setup", "decks": decks})
            started += 1
        except ValueError as exc:
            refusals += 1
            assert str(exc), seed
    assert started and refusals


def test_decks_with_every_kind_of_card_are_dealt():
    deck = ready("tidewatch", "Everything")
    deck.home_base = "gull-point-lighthouse"
    deck.cards.update({"artifact-tidecaller-compass": 1, "event-high-tide": 1,
                       "gull-point-fog-bell": 1})
    t = Session(GAME, CATALOG, {}, 1, position={"phase": "setup",
                                                "decks": {"P1": deck.to_data()}})
    kinds = {t.state.info[c].kind for c in range(len(t.state.cards)) if t.state.owner(c) == 0}
    assert {"artifact", "event", "aspect", "location"} <= kinds
    assert RULES is GAME.rules
