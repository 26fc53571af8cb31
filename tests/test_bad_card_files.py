"""Bad card files never take the app down (issue 8): every case seen, one clear message
with file:line:col, limits enforced before the work grows."""

from __future__ import annotations

import struct
import time
import tracemalloc
import zlib
from pathlib import Path

import pytest

from tabletop.engine import limits
from tabletop.engine.cards import Catalog
from tabletop.engine.loader import CardLoader
from tabletop.games import get_game

CARD = ("  - {id: t-hero, kind: character, name: NAME, side: hero, attack: energy, health: 9,"
        " powers: [{name: Glow, damage: 3, speed: fast}]EXTRA}\n")


def card(name: str = "Test Hero", extra: str = "", card_id: str = "t-hero") -> str:
    return CARD.replace("NAME", name).replace("EXTRA", extra).replace("t-hero", card_id)


def load_mod(tmp_path: Path, text: str | bytes, name: str = "mod.yaml", game: str = "brawl"):
    """Load ``text`` as a mod file over the game's built-in cards; return the catalog and
    the problems as text (paths shortened to the file name)."""
    folder = tmp_path / "mods"
    folder.mkdir(exist_ok=True)
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    catalog = get_game(game).rules.load_catalog(mod_dirs=[folder])
    return catalog, [str(e).replace(str(folder) + "/", "") for e in catalog.errors]


def alias_bomb(n: int = 1000) -> str:
    """One card whose ability lists n aliased effects, repeated through n aliased
    abilities and n aliased cards: about 15 KB that stands for a billion values."""
    effects = ("[&e {effect: modify, value: damage, amount: 1, dealer: {side: hero}}"
               + ", *e" * (n - 1))
    abilities = "[&a {name: A, effects: " + effects + "]}" + ", *a" * (n - 1) + "]"
    first = ("  - &c {id: bomb, kind: character, name: Bomb, side: hero, attack: energy, "
             "health: 5, powers: [{name: P, damage: 1, speed: fast}], abilities: "
             + abilities + "}\n")
    return "game: brawl\ncards:\n" + first + "  - *c\n" * (n - 1)


def only(errors: list[str]) -> str:
    assert len(errors) == 1, errors
    assert "\n" not in errors[0]
    return errors[0]


def test_an_alias_bomb_stops_at_the_node_limit_quickly_and_small(tmp_path):
    text = alias_bomb()
    assert len(text) < 22_000
    tracemalloc.start()
    t0 = time.perf_counter()
    catalog, errors = load_mod(tmp_path, text)
    elapsed = time.perf_counter() - t0
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    message = only(errors)
    assert message.startswith("mod.yaml:3:")
    assert f"more than {limits.MAX_YAML_NODES:,} values" in message
    assert elapsed < 3 and peak < 50_000_000
    assert "bomb" not in catalog.cards and len(catalog.cards) == 56  # the rest still loads


def test_aliases_within_the_limit_still_work(tmp_path):
    text = ("game: brawl\ncards:\n  - &c {id: a-hero, kind: character, name: A, side: hero, "
            "attack: energy, health: 9, powers: &p [{name: Glow, damage: 3, speed: fast}]}\n"
            "  - {id: b-hero, kind: character, name: B, side: hero, attack: energy, "
            "health: 9, powers: *p}\n")
    catalog, errors = load_mod(tmp_path, text)
    assert not errors and catalog["b-hero"]["powers"] == catalog["a-hero"]["powers"]


def test_an_alias_of_its_own_container_is_refused(tmp_path):
    message = only(load_mod(tmp_path, "game: brawl\ncards: &l [*l]\n")[1])
    assert message == "mod.yaml:2:12: the alias *l repeats a list or mapping that contains it"


@pytest.mark.parametrize("levels", [5_000, 20_000])
@pytest.mark.parametrize("style", ["flow", "block"])
def test_deep_nesting_is_refused_at_the_limit(tmp_path, levels, style):
    if style == "flow":
        text = "game: brawl\ncards: " + "[" * levels + "]" * levels + "\n"
    else:
        text = "game: brawl\ncards:\n" + "- " * levels + "x\n"
    t0 = time.perf_counter()
    message = only(load_mod(tmp_path, text)[1])
    assert time.perf_counter() - t0 < 2
    assert message.endswith(f"nested more than {limits.MAX_YAML_DEPTH} levels deep")
    assert message.startswith("mod.yaml:2:" if style == "flow" else "mod.yaml:3:")


@pytest.mark.parametrize("remove, expected", [
    ("some-id", "mod.yaml:2:9: field 'remove': expected a list of card ids, got 'some-id' "
                "(write remove: [some-id])"),
    ("5", "mod.yaml:2:9: field 'remove': expected a list of card ids, got 5"),
    ("[[a]]", "mod.yaml:2:10: field 'remove[0]': expected a card id, got a list"),
    ("{a: 1}", "mod.yaml:2:9: field 'remove': expected a list of card ids, got a mapping"),
])
def test_remove_that_is_not_a_list_of_ids(tmp_path, remove, expected):
    catalog, errors = load_mod(tmp_path, f"game: brawl\nremove: {remove}\ncards:\n" + card())
    assert only(errors) == expected
    assert "t-hero" in catalog.cards


def test_game_that_is_a_list(tmp_path):
    catalog, errors = load_mod(tmp_path, "game: [brawl]\ncards:\n" + card())
    assert only(errors) == "mod.yaml:1:7: field 'game': expected a game id (text), got a list"
    assert "t-hero" not in catalog.cards


def test_an_unknown_game_is_named_with_a_suggestion(tmp_path):
    message = only(load_mod(tmp_path, "game: brwal\ncards:\n" + card())[1])
    assert message.startswith("mod.yaml:1:7: field 'game': unknown game 'brwal' "
                              "(did you mean 'brawl'?); known: brawl, ")


def test_a_nul_byte_gets_one_line_with_its_position(tmp_path):
    text = "game: brawl\ncards:\n" + card() + "  - {id: x\x00y}\n"
    assert only(load_mod(tmp_path, text)[1]) == (
        "mod.yaml:4:11: the control character U+0000 is not allowed in a card file "
        "(is it a text file?)")


def test_a_file_that_is_not_utf8(tmp_path):
    raw = b"game: brawl\ncards:\n  - {id: caf\xe9}\n"
    assert only(load_mod(tmp_path, raw)[1]) == (
        "mod.yaml:3:13: the file is not UTF-8 text (byte 0xe9 cannot be read); save it as "
        "UTF-8")


@pytest.mark.parametrize("name, what", [
    ('"\\u200b"', "U+200B (an invisible character)"),
    ('"\\u202eevil"', "U+202E, a character that reverses or reorders"),
    ('"Sam\\u2066my"', "U+2066, a character that reverses"),
    ('"\\u3164"', "shows nothing"),
    ('"A\\nB"', "U+000A (a line break)"),
])
def test_invisible_or_bidi_names_are_refused(tmp_path, name, what):
    catalog, errors = load_mod(tmp_path, "game: brawl\ncards:\n" + card(name))
    message = only(errors)
    assert message.startswith("mod.yaml:3:41: card 't-hero' field 'name': ") and what in message
    assert "t-hero" not in catalog.cards


def test_ordinary_accents_and_symbols_in_names_are_fine(tmp_path):
    catalog, errors = load_mod(tmp_path, "game: brawl\ncards:\n" + card("Señora Ümlaut ★"))
    assert not errors and catalog["t-hero"].name == "Señora Ümlaut ★"


def test_a_repeated_id_within_one_mod_file_is_an_error(tmp_path):
    catalog, errors = load_mod(tmp_path, "game: brawl\ncards:\n" + card("First")
                               + card("Second"))
    assert only(errors) == ("mod.yaml:4:5: card 't-hero' field 'id': duplicate id: already "
                            "defined at mod.yaml:3")
    assert catalog["t-hero"].name == "First"


def test_a_mod_still_replaces_a_built_in_card_and_other_mod_files(tmp_path):
    load_mod(tmp_path, "game: brawl\ncards:\n" + card("One"), name="a.yaml")
    catalog, errors = load_mod(tmp_path, "game: brawl\ncards:\n" + card("Two"), name="b.yaml")
    assert not errors and catalog["t-hero"].name == "Two"


def png(width: int = 4, height: int = 4) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = b"".join(b"\0" + b"\x80" * (3 * width) for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2,
                                                                0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


@pytest.mark.parametrize("art, problem", [
    ("../../../../etc/passwd", "art must be a PNG file (ending in .png), got "
                               "'../../../../etc/passwd'"),
    ("../../../../etc/secret.png", "art '../../../../etc/secret.png' is outside the mod's "
                                   "folder"),
    ("/etc/secret.png", "art '/etc/secret.png' is outside the mod's folder"),
    ("../other-mod/pic.png", "art '../other-mod/pic.png' is outside the mod's folder"),
    ("link.png", "art 'link.png' is outside the mod's folder"),
    ("missing.png", "there is no art file 'missing.png' beside the card file"),
    ("fake.png", "the art file 'fake.png' is not a PNG image"),
    ("huge.png", "the art file 'huge.png' is too large (5000x10 pixels"),
])
def test_art_resolves_only_inside_the_mods_own_folder(tmp_path, art, problem):
    mods = tmp_path / "home" / "mods"
    (mods / "my-mod" / "pics").mkdir(parents=True)
    (mods / "other-mod").mkdir()
    (mods / "other-mod" / "pic.png").write_bytes(png())
    (tmp_path / "outside.png").write_bytes(png())
    (mods / "my-mod" / "link.png").symlink_to(tmp_path / "outside.png")
    (mods / "my-mod" / "fake.png").write_text("not an image")
    (mods / "my-mod" / "huge.png").write_bytes(png(5000, 10))
    line = card(extra=f", art: '{art}'")
    (mods / "my-mod" / "cards.yaml").write_text("game: brawl\ncards:\n" + line,
                                                encoding="utf-8")
    catalog = get_game("brawl").rules.load_catalog()
    assert len(catalog.errors) == 1, catalog.errors
    error = catalog.errors[0]
    assert (error.line, error.col, error.field) == (3, line.index("'") + 1, "art")
    assert error.message.startswith(problem)
    assert "t-hero" not in catalog.cards


def test_art_inside_the_mods_folder_or_below_it_loads(tmp_path):
    mods = tmp_path / "home" / "mods"
    (mods / "my-mod" / "cards").mkdir(parents=True)
    (mods / "my-mod" / "art").mkdir()
    (mods / "my-mod" / "art" / "hero.png").write_bytes(png())
    (mods / "my-mod" / "cards" / "cards.yaml").write_text(
        "game: brawl\ncards:\n" + card(extra=", art: ../art/hero.png"), encoding="utf-8")
    catalog = get_game("brawl").rules.load_catalog()
    assert not catalog.errors
    assert catalog["t-hero"]["art"] == str((mods / "my-mod" / "art" / "hero.png").resolve())


def test_a_list_beyond_its_max_len_is_reported_once_and_not_checked_further(tmp_path):
    powers = ", ".join(["{name: P, damage: 1, speed: sloww}"] * 10_000)
    text = ("game: brawl\ncards:\n  - {id: t-hero, kind: character, name: T, side: hero, "
            f"attack: energy, health: 9, powers: [{powers}]}}\n")
    errors = load_mod(tmp_path, text)[1]
    assert errors[0] == ("mod.yaml:3:91: card 't-hero' field 'powers': expected at most 4 "
                         "item(s), got 10000")
    assert len(errors) == 1 + 4  # the first four powers are checked, the rest are not


def test_quoted_input_in_messages_is_cut_short(tmp_path):
    long = "x" * 100_000
    text = (f"game: brawl\ncards:\n  - {{id: t-hero, kind: {long}}}\n"
            f"  - {{id: u-hero, kind: character, name: {long}}}\n")
    errors = load_mod(tmp_path, text)[1]
    assert len(errors) == 6 and all(len(e) < 300 for e in errors), errors
    assert errors[0].startswith("mod.yaml:3:24: card 't-hero' field 'kind': expected one of "
                                "character, condition, interruption, got 'xxxx")
    assert errors[0].endswith("\u2026 (100,000 characters)")


def test_a_name_over_the_length_limit(tmp_path):
    message = only(load_mod(tmp_path, "game: brawl\ncards:\n" + card("N" * 500))[1])
    assert message.endswith(f"expected at most {limits.MAX_NAME_CHARS} characters, got 500")


@pytest.mark.parametrize("value, problem", [
    ("1" * 5000, "a number of more than 40 characters"),
    ("!!int 0x", "cannot read this value"),
    ("!!float x", "cannot read this value"),
    ("!!timestamp 2024-02-30", "the tag !!timestamp is not allowed in a card file"),
    ("!!timestamp foo", "the tag !!timestamp is not allowed in a card file"),
    ("!!binary aGk=", "the tag !!binary is not allowed in a card file"),
    ("!!python/object:os.system {}", "the tag !!python/object:os.system is not allowed"),
    ("!foo x", "the tag !foo is not allowed"),
])
def test_values_the_constructor_cannot_make(tmp_path, value, problem):
    message = only(load_mod(tmp_path, f"game: brawl\ncards:\n  - {{id: x, health: {value}}}\n")
                   [1])
    assert message.startswith("mod.yaml:3:") and problem in message


def test_dates_stay_text(tmp_path):
    catalog, errors = load_mod(tmp_path, "game: brawl\ncards:\n" + card("2024-02-30"))
    assert not errors and catalog["t-hero"].name == "2024-02-30"


def test_an_unhashable_key_is_refused(tmp_path):
    message = only(load_mod(tmp_path, "game: brawl\ncards:\n  - {? [a]: 1}\n")[1])
    assert message.startswith("mod.yaml:3:") and "unhashable key" in message


def test_an_effect_name_that_is_a_list(tmp_path):
    text = ("game: brawl\ncards:\n  - {id: c, kind: condition, name: C, "
            "effects: [{effect: [heal], amount: 1}]}\n")
    message = only(load_mod(tmp_path, text)[1])
    assert "field 'effects[0].effect': unknown condition effect ['heal']" in message


def test_a_file_over_the_byte_limit_is_not_read(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_CARD_FILE_BYTES", 1000)
    path = tmp_path / "mod.yaml"
    path.write_text("game: brawl\n# " + "x" * 2000 + "\ncards: []\n", encoding="utf-8")
    catalog = Catalog("brawl")
    CardLoader("brawl", get_game("brawl").rules.card_kinds).load_file(path, catalog, is_mod=True)
    message = only([str(e).replace(str(tmp_path) + "/", "") for e in catalog.errors])
    assert message == ("mod.yaml:1:1: the file is too large (2,025 bytes; a card file may "
                       "have at most 1,000)")


def test_too_many_mod_files(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_MOD_FILES", 3)
    for i in range(5):
        load_mod(tmp_path, "game: brawl\ncards: []\n", name=f"m{i}.yaml")
    catalog = get_game("brawl").rules.load_catalog(mod_dirs=[tmp_path / "mods"])
    assert [str(e).split("/")[-1] for e in catalog.errors] == [
        "m3.yaml:1:1: too many mod files: at most 3 files and 10,000,000 bytes in all are "
        "read; this file and the ones after it were skipped"]


def test_a_yaml_syntax_error_is_one_line():
    catalog = Catalog("brawl")
    CardLoader("brawl", get_game("brawl").rules.card_kinds).load_text(
        "cards:\n  - &a {id: x}\n  - &a {id: y}\n", "f.yaml", catalog)
    assert [str(e) for e in catalog.errors] == [
        "f.yaml:3:5: YAML syntax error: second occurrence (found duplicate anchor 'a'; first "
        "occurrence)"]


@pytest.mark.parametrize("length", [300, 5000])
def test_a_long_chain_of_merge_keys(tmp_path, length):
    """Each '<<: *previous' repeats all before it: the chain stops at the node limit (and a
    chain within it does not recurse too deep)."""
    lines = ["game: brawl", "cards:", "  - &a0 {id: a-0}"]
    lines += [f"  - &a{k} {{<<: *a{k - 1}}}" for k in range(1, length)]
    errors = load_mod(tmp_path, "\n".join(lines) + "\n")[1]
    if length == 300:
        assert len(errors) == 300 and all("field 'kind'" in e for e in errors)
    else:
        assert only(errors).endswith("(counting each alias as everything it repeats)")
