"""YAML card files: clear errors with file:line:col and field, mods, the validate command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tabletop.games import get_game

GOOD = """\
  - id: test-hero
    kind: character
    name: Test Hero
    side: hero
    attack: energy
    health: 9
    powers:
      - {name: Glow, damage: 3, speed: fast}
"""


def load(tmp_path: Path, body: str, name: str = "set.yaml"):
    folder = tmp_path / "cards"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(body, encoding="utf-8")
    catalog = get_game("brawl").rules.load_catalog([folder], [])
    return catalog, [str(e).replace(str(folder) + "/", "") for e in catalog.errors]


def where(body: str, needle: str, nth: int = 1) -> str:
    """``line:col`` (1-based) of the nth occurrence of ``needle`` in ``body``."""
    pos = -1
    for _ in range(nth):
        pos = body.index(needle, pos + 1)
    line = body.count("\n", 0, pos) + 1
    col = pos - (body.rfind("\n", 0, pos) + 1) + 1
    return f"{line}:{col}"


BROKEN = """\
  - id: broken
    kind: character
    name: Broken
    side: hero
    attack: energy
    health: 9
    powers:
      - {name: Slug, damage: 3, speed: quick}
"""


def test_bad_value_names_file_line_column_and_field(tmp_path):
    body = "cards:\n" + GOOD + BROKEN
    catalog, errors = load(tmp_path, body)
    assert where(body, "quick") == "17:40"
    assert errors == [
        "set.yaml:17:40: card 'broken' field 'powers[0].speed': expected one of fast, "
        "ranged, normal, slow, got 'quick'"
    ]
    assert list(catalog.cards) == ["test-hero"]  # the valid card still loads


def test_unknown_effect_suggests_the_closest_name(tmp_path):
    body = ("cards:\n  - id: odd\n    kind: condition\n    name: Odd\n    effects:\n"
            "      - {effect: modify_dmg, amount: 1, dealer: {side: hero}}\n")
    _, errors = load(tmp_path, body)
    assert errors == [
        f"set.yaml:{where(body, 'modify_dmg')}: card 'odd' field 'effects[0].effect': unknown "
        "condition effect 'modify_dmg' (did you mean 'modify'?); valid: "
        "discard, draw, heal, modify"
    ]
    assert where(body, "modify_dmg") == "6:18"


def test_unknown_field_and_missing_field(tmp_path):
    body = "cards:\n" + GOOD.replace("health: 9", "helth: 9")
    _, errors = load(tmp_path, body)
    assert errors[0] == ("set.yaml:7:5: card 'test-hero' field 'helth': unknown field 'helth' "
                         "(did you mean 'health'?); expected fields: id, kind, name, text, "
                         "flavor, copies, art, side, attack, health, abilities, powers")
    # the did-you-mean names the missing field: it is said once, not twice
    assert len(errors) == 1
    _, errors = load(tmp_path, "cards:\n" + GOOD.replace("health: 9", "toughness: 9"))
    assert errors[-1] == ("set.yaml:2:5: card 'test-hero' field 'health': missing required "
                          "field 'health' (a whole number from 1 to 20)")


def test_syntax_error_points_at_the_line(tmp_path):
    _, errors = load(tmp_path, "cards:\n  - id: x\n    name: [unclosed\n    kind: y\n")
    assert len(errors) == 1
    # at the bracket never closed (PyYAML's mark is on the next line, where it gave up)
    assert errors[0].startswith("set.yaml:3:11: YAML syntax error: the [ opened here is "
                                "never closed")


def test_duplicate_ids_and_cross_card_rules(tmp_path):
    body = "cards:\n" + GOOD + GOOD + (
        "  - {id: lone, kind: condition, name: Lone, opposes: nobody,\n"
        "     effects: [{effect: modify, value: damage, amount: 1, dealer: {side: hero}}]}\n"
        "  - {id: everyone, kind: condition, name: Everyone,\n"
        "     effects: [{effect: modify, value: damage, amount: 1}]}\n")
    catalog, errors = load(tmp_path, body)
    assert errors[0].startswith("set.yaml:10:5: card 'test-hero' field 'id': duplicate id: "
                                "already defined at ")
    assert errors[0].endswith("set.yaml:2")
    assert f"set.yaml:{where(body, 'nobody')}: card 'lone' field 'opposes': no Condition " \
           "with id 'nobody'" in errors
    assert any("'everyone' field 'effects': no Condition may affect all characters" in e
               for e in errors)
    assert "lone" not in catalog.cards and "everyone" not in catalog.cards


def test_yes_and_no_stay_text(tmp_path):
    catalog, errors = load(tmp_path, "cards:\n" + GOOD.replace("Test Hero", "yes"))
    assert not errors and catalog.cards["test-hero"].name == "yes"


def test_mods_add_replace_and_remove_cards(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    mods = home / "mods" / "my-mod"
    mods.mkdir(parents=True)
    (mods / "cards.yaml").write_text(
        "game: brawl\nremove: [lucky-break]\ncards:\n" + GOOD
        + GOOD.replace("test-hero", "granite-warden").replace("Test Hero", "Granite Warden II"),
        encoding="utf-8")
    (mods / "other.yaml").write_text("game: power-play\ncards: []\n", encoding="utf-8")
    catalog = get_game("brawl").rules.load_catalog()
    assert not catalog.errors
    assert catalog.cards["test-hero"].name == "Test Hero"
    assert catalog.cards["granite-warden"].name == "Granite Warden II"
    assert "lucky-break" not in catalog.cards
    assert catalog.overridden == ["granite-warden"]


def test_a_mod_must_name_its_game(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    (home / "mods").mkdir(parents=True)
    (home / "mods" / "x.yaml").write_text("cards:\n" + GOOD, encoding="utf-8")
    catalog = get_game("brawl").rules.load_catalog()
    assert any("must say which game" in str(e) for e in catalog.errors)
    assert len(catalog.cards) > 50  # the real set still loads


def test_validate_command(tmp_path):
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "bad.yaml").write_text("cards:\n" + GOOD.replace("speed: fast", "speed: soon"),
                                     encoding="utf-8")
    run = lambda *a: subprocess.run([sys.executable, "-m", "tabletop", "validate", *a],  # noqa
                                    capture_output=True, text=True, timeout=60,
                                    env={**__import__("os").environ,
                                         "TABLETOP_HOME": str(tmp_path / "h")})
    bad = run(str(folder), "--game", "brawl")
    assert bad.returncode == 1
    assert "bad.yaml:9:40: card 'test-hero' field 'powers[0].speed': expected one of fast, " \
           "ranged, normal, slow, got 'soon'\n" in bad.stdout
    good = run()
    assert good.returncode == 0, good.stdout
    assert "0 problem(s)" in good.stdout
