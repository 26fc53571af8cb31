"""The editors' snippets and Markdown texts (:mod:`tabletop.tools.snippets`): every card
kind's snippet, filled in as an editor fills it, makes a mod file that passes the schema
and the loader (`tabletop validate`); one missing a required field fails both; the
effect names carry their meaning for hover."""

from __future__ import annotations

import copy
import json
import re

import pytest
import yaml

from tabletop.engine import yamlio
from tabletop.engine.effects import VERBS
from tabletop.engine.effects.spelling import EffectSpec
from tabletop.engine.schema import ListOf, Record
from tabletop.games import GAMES
from tabletop.tools.schema import _kinds_of, file_schema, shipped_sets
from tabletop.tools.validate import validate

jsonschema = pytest.importorskip("jsonschema")

#: a mission set is seven cards: its snippet is used seven times, pieces 1 to 7
SET_OF_SEVEN = ("mission", "set", "piece", 7)


def filled(body):
    """A snippet body as the editor leaves it when every tab stop keeps its default
    (``${1:storm-caller}`` -> ``storm-caller``; a bare ``$1`` -> ``x1``)."""
    if isinstance(body, dict):
        return {k: filled(v) for k, v in body.items()}
    if isinstance(body, list):
        return [filled(v) for v in body]
    if isinstance(body, str):
        text = re.sub(r"\$\{\d+:([^}]*)\}", r"\1", body)
        return re.sub(r"\$(\d+)", r"x\1", text)
    return body


def kind_snippets(schema):
    card = schema["properties"]["cards"]["items"]
    return {s["body"]["kind"]: s for s in card["defaultSnippets"]}


def cards_of(kind: str, body: dict) -> list[dict]:
    """The cards a modder writes with this snippet (seven for a mission set)."""
    card = filled(body)
    if kind != SET_OF_SEVEN[0]:
        return [card]
    _, set_key, piece_key, count = SET_OF_SEVEN
    return [{**card, "id": f"{card['id']}-{n}", set_key: "snippet-set", piece_key: n}
            for n in range(1, count + 1)]


def check_folder(folder) -> tuple[int, list[str]]:
    lines: list[str] = []
    code = validate([str(folder)], out=lines.append)
    return code, lines


def write(path, game: str, cards: list[dict]) -> None:
    path.write_text(yaml.safe_dump({"game": game, "cards": cards}, sort_keys=False),
                    encoding="utf-8")


@pytest.mark.parametrize("card_set", shipped_sets())
def test_each_kinds_snippet_makes_a_card_the_schema_and_the_loader_pass(card_set, tmp_path):
    schema = file_schema(card_set)
    jsonschema.Draft7Validator.check_schema(schema)
    check = jsonschema.Draft7Validator(schema)
    _, kinds, _ = _kinds_of(card_set)
    snippets = kind_snippets(schema)
    assert list(snippets) == list(kinds)  # one per kind, in order
    for kind, snippet in snippets.items():
        assert snippet["label"] and snippet["description"]
        assert snippet["body"]["id"].startswith("${1:")
        doc = {"game": card_set, "cards": cards_of(kind, snippet["body"])}
        errors = [e.message for e in check.iter_errors(doc)]
        assert not errors, (kind, errors[:3])
        write(tmp_path / f"{kind}.yaml", card_set, doc["cards"])
    # the file snippet: a whole file with one card
    (whole,) = schema["defaultSnippets"]
    doc = filled(whole["body"])
    assert doc["game"] == card_set and len(doc["cards"]) == 1
    assert not list(check.iter_errors(doc))
    (tmp_path / "whole").mkdir()
    write(tmp_path / "whole" / "file.yaml", card_set, doc["cards"])
    code, lines = check_folder(tmp_path)
    assert code == 0, lines
    assert lines[-1].endswith(" valid card(s), 0 problem(s)"), lines


@pytest.mark.parametrize("card_set", shipped_sets())
def test_a_snippet_without_a_required_field_fails_both(card_set, tmp_path):
    """Each required field left out of each kind's snippet: the schema and the loader
    both refuse the card (so the test above would catch a snippet that lacks one)."""
    schema = file_schema(card_set)
    check = jsonschema.Draft7Validator(schema)
    _, kinds, _ = _kinds_of(card_set)
    files = []
    for kind, snippet in kind_snippets(schema).items():
        required = [n for n, f in kinds[kind].items() if f.required] + ["name"]
        for name in required:
            assert name in snippet["body"], (kind, name)
            cards = cards_of(kind, snippet["body"])
            broken = copy.deepcopy(cards)
            for card in broken:
                del card[name]
            assert list(check.iter_errors({"game": card_set, "cards": broken})), (kind, name)
            path = tmp_path / f"{kind}-without-{name}.yaml"
            write(path, card_set, broken)
            files.append(path)
    code, lines = check_folder(tmp_path)
    assert code == 1
    for path in files:
        assert any(line.startswith(str(path) + ":") for line in lines), (path.name, lines)


def _effect_specs(spec, found: dict[str, EffectSpec]) -> dict[str, EffectSpec]:
    if isinstance(spec, EffectSpec):
        found[spec.context] = spec
    elif isinstance(spec, ListOf):
        _effect_specs(spec.item, found)
    elif isinstance(spec, Record):
        for f in spec.fields.values():
            _effect_specs(f.spec, found)
    return found


def _effect_items(schema, found: list) -> list:
    """Every effect item of a schema (a mapping whose ``effect`` property is an enum)."""
    if isinstance(schema, dict):
        prop = schema.get("properties", {}).get("effect")
        if isinstance(prop, dict) and "enum" in prop:
            found.append(schema)
        for key, value in schema.items():
            if key != "defaultSnippets":
                _effect_items(value, found)
    elif isinstance(schema, list):
        for item in schema:
            _effect_items(item, found)
    return found


@pytest.mark.parametrize("game_id", list(GAMES))
def test_effect_names_say_what_they_do_and_each_use_has_a_snippet(game_id):
    schema = file_schema(game_id)
    items = _effect_items(schema, [])
    specs: dict[str, EffectSpec] = {}
    for fields in GAMES[game_id].rules.card_kinds.values():
        _effect_specs(Record(fields), specs)
    assert bool(items) == bool(specs)
    if not items:
        pytest.skip(f"{game_id}'s cards write no effects")
    for item in items:
        enum = item["properties"]["effect"]["enum"]
        hover = item["properties"]["effect"]["markdownEnumDescriptions"]
        assert len(hover) == len(enum)
        for name, text in zip(enum, hover, strict=True):
            assert text.startswith(f"**{name}**: ")
            if name in VERBS:
                assert VERBS[name].doc in text
        check = jsonschema.Draft7Validator(item)
        labels = [s["label"] for s in item["defaultSnippets"]]
        assert len(labels) == len(set(labels)) >= len(enum)
        for snippet in item["defaultSnippets"]:
            assert not list(check.iter_errors(snippet["body"])), snippet["label"]
    # each snippet, read as the loader reads an effect written in its context
    for spec in specs.values():
        for snippet in spec.json_schema()["defaultSnippets"]:
            body = yamlio.load(yaml.safe_dump(snippet["body"]))
            ctx_problems = _problems(spec, body)
            assert not ctx_problems, (spec.context, snippet["label"], ctx_problems)
        wrong = {"effect": "no-such-effect"}
        assert _problems(spec, wrong)


def _problems(spec, value) -> list[str]:
    from tabletop.engine.schema import validate as check

    return [p.message for p in check(spec, value).problems]


@pytest.mark.parametrize("card_set", shipped_sets())
def test_every_description_has_its_markdown_and_kinds_and_games_are_described(card_set):
    schema = file_schema(card_set)
    seen = []

    def walk(node):
        if isinstance(node, dict):
            if isinstance(node.get("description"), str):
                assert node["markdownDescription"] == node["description"]
                seen.append(node)
            for key, value in node.items():
                if key != "defaultSnippets":
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    walk(schema)
    assert len(seen) > 10
    kind = schema["properties"]["cards"]["items"]["properties"]["kind"]
    assert len(kind["markdownEnumDescriptions"]) == len(kind["enum"])
    assert all(f"`{k}`" in d for k, d in zip(kind["enum"], kind["markdownEnumDescriptions"],
                                             strict=True))
    game = schema["properties"]["game"]
    assert len(game["markdownEnumDescriptions"]) == len(game["enum"])



def test_the_command_writes_into_a_new_folder_and_names_the_settings_way(tmp_path, capsys):
    """`tabletop schema GAME -o mods/my-mod/x.schema.json` (the guide's form) makes the
    folder, and says how to map the schema without a line per file."""
    from tabletop.cli import main as cli

    out = tmp_path / "mods" / "my-mod" / "overpower.schema.json"
    assert cli(["schema", "overpower", "-o", str(out)]) == 0
    assert kind_snippets(json.loads(out.read_text()))["deck"]
    assert "yaml.schemas" in capsys.readouterr().err
