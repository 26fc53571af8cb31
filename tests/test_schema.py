"""Editor schemas (`tabletop schema`): generated from the loader's specs, every shipped card
file passes its schema and carries the modeline, and broken files fail it."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tabletop import CARDS_DIR
from tabletop.cli import main as cli
from tabletop.engine import yamlio
from tabletop.engine.cardfiles import yaml_files
from tabletop.engine.effects import EFFECTS
from tabletop.engine.effects.spelling import verb_of
from tabletop.games import GAMES
from tabletop.tools.schema import (
    MODELINE,
    file_schema,
    modeline_for,
    outdated,
    schema_path,
    shipped_sets,
)

jsonschema = pytest.importorskip("jsonschema")


def validator(card_set: str):
    schema = file_schema(card_set)
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


@pytest.mark.parametrize("card_set", shipped_sets())
def test_every_shipped_card_file_passes_its_schema_and_names_it(card_set):
    check = validator(card_set)
    files = yaml_files(CARDS_DIR / card_set)
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert text.splitlines()[0] == modeline_for(path, card_set)
        assert text.startswith(MODELINE.format("../../schemas/"))
        errors = [e.message for e in check.iter_errors(yamlio.load(text))]
        assert not errors, (path, errors[:3])


def test_the_shipped_schemas_and_modelines_are_up_to_date():
    assert outdated() == {}, "run `tabletop docs`"
    for card_set in shipped_sets():
        assert json.loads(schema_path(card_set).read_text()) == file_schema(card_set)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_loader_reads_the_modeline_as_a_comment(game_id):
    """Every shipped file starts with the modeline, and every card still loads."""
    catalog = GAMES[game_id].rules.load_catalog(mod_dirs=[])
    assert not catalog.errors
    assert catalog.files and all(
        Path(f).read_text(encoding="utf-8").startswith("# yaml-language-server")
        for f in catalog.files)


def test_the_schema_comes_from_the_specs_not_a_copy():
    """The numbers and names in the schema are those of the game's specs and effects."""
    schema = file_schema("brawl")
    card = schema["properties"]["cards"]["items"]
    assert card["properties"]["kind"]["enum"] == list(GAMES["brawl"].rules.card_kinds)
    character = next(b["then"] for b in card["allOf"]
                     if b["if"]["properties"]["kind"]["const"] == "character")
    health = GAMES["brawl"].rules.card_kinds["character"]["health"].spec
    assert character["properties"]["health"]["maximum"] == health.hi
    assert character["properties"]["health"]["description"] == "starting (and highest) health"
    condition = next(b["then"] for b in card["allOf"]
                     if b["if"]["properties"]["kind"]["const"] == "condition")
    names = condition["properties"]["effects"]["items"]["properties"]["effect"]["enum"]
    assert names == sorted({verb_of(e).name for e in EFFECTS.values()
                            if "brawl.condition" in e.contexts})
    assert names == ["discard", "draw", "heal", "modify"]
    assert schema["properties"]["game"]["enum"] == ["brawl"]


def _heroes():
    return yamlio.load((CARDS_DIR / "brawl" / "heroes.yaml").read_text(encoding="utf-8"))


def _plain(value):
    return json.loads(json.dumps(value))


BREAKAGES = {
    "unknown field": lambda d: d["cards"][0].update(strength=5),
    "misspelt field": lambda d: d["cards"][0].update(helth=d["cards"][0].pop("health")),
    "number out of range": lambda d: d["cards"][0].update(health=99),
    "text for a number": lambda d: d["cards"][0].update(health="lots"),
    "missing required field": lambda d: d["cards"][0].pop("side"),
    "unknown kind": lambda d: d["cards"][0].update(kind="sidekick"),
    "bad enum value": lambda d: d["cards"][0].update(side="hereo"),
    "bad id": lambda d: d["cards"][0].update(id="Granite Warden"),
    "unknown effect": lambda d: d["cards"][0]["powers"][0].update(
        effects=[{"effect": "modify_dmg", "amount": 1}]),
    "effect under its old name": lambda d: d["cards"][0]["abilities"][0].update(
        effects=[{"effect": "modify_damage", "amount": 1}]),
    "a key value no use has": lambda d: d["cards"][0]["abilities"][0].update(
        effects=[{"effect": "modify", "value": "health", "amount": 1}]),
    "too many powers": lambda d: d["cards"][0].update(powers=d["cards"][0]["powers"] * 5),
    "unknown top-level key": lambda d: d.update(deck=[]),
    "unknown game": lambda d: d.update(game="brawll"),
}


@pytest.mark.parametrize("what", list(BREAKAGES))
def test_broken_files_fail_the_schema_as_they_fail_the_loader(what, tmp_path):
    doc = _plain(_heroes())
    assert not list(validator("brawl").iter_errors(doc))
    broken = copy.deepcopy(doc)
    BREAKAGES[what](broken)
    assert list(validator("brawl").iter_errors(broken)), what
    # the loader refuses the same file
    import yaml

    path = tmp_path / "mod" / "broken.yaml"
    path.parent.mkdir()
    path.write_text(yaml.safe_dump({"game": "brawl", **broken}), encoding="utf-8")
    catalog = GAMES["brawl"].rules.load_catalog(mod_dirs=[tmp_path / "mod"])
    assert catalog.errors, what


def test_a_good_mod_passes_the_schema_with_numbers_for_text_and_any_case(tmp_path):
    doc = {"game": "brawl", "remove": ["lucky-break"], "cards": [
        {"id": "storm-7", "kind": "character", "name": 7, "side": "Hero",
         "attack": "energy", "health": 6,
         "powers": [{"name": "Gust", "damage": 2, "speed": "fast"}]}]}
    assert not list(validator("brawl").iter_errors(doc))
    assert not list(validator("brawl").iter_errors(None))  # an empty file


def test_the_command_writes_the_schema(tmp_path, capsys):
    out = tmp_path / "brawl.schema.json"
    assert cli(["schema", "brawl", "-o", str(out)]) == 0
    assert json.loads(out.read_text()) == file_schema("brawl")
    assert MODELINE.format("brawl.schema.json") in capsys.readouterr().err
    assert cli(["schema", "standard-deck"]) == 0
    assert json.loads(capsys.readouterr().out)["properties"]["game"]["enum"] == \
        ["standard-deck"]
    assert cli(["schema", "brawll"]) == 2
    assert "unknown game" in capsys.readouterr().err
