"""Selectors: one language for picking cards in every game. An effect's selector is
written under ``match:`` with keys named after the cards' fields; the rules receive the
same data they did when the filters were fields of their own (``kinds``, ``types``)."""

from __future__ import annotations

import pytest
import yaml
from effect_helpers import upgraded_both_ways

from tabletop.cli import main as cli
from tabletop.engine.effects import EFFECTS, SELECTORS
from tabletop.engine.effects.spelling import EffectSpec, Form, flow, to_file, use_of
from tabletop.engine.effects.upgrade import upgrade_text
from tabletop.engine.schema import Record, validate
from tabletop.games import GAMES


def _selecting() -> list[str]:
    return sorted(n for n, k in EFFECTS.items() if k.contexts and use_of(k).match)


def _flat(kind) -> dict:
    """The effect's example as files wrote it before selectors: the selector's keys as
    the effect's own fields, at the top, where ``match`` was."""
    written = yaml.safe_load(kind.example)
    out = {}
    for key, value in written.items():
        if key == "match":
            out.update({use_of(kind).match[k]: v for k, v in value.items()})
        else:
            out[key] = value
    return out


def test_every_game_that_picks_cards_by_their_fields_writes_a_selector():
    """OverPower and Power Play pick cards with selectors as Brawl and Solo do; the key
    names are shared where the idea is (a power's `type` in three games)."""
    games_with = {g for n in _selecting() for g in EFFECTS[n].games}
    assert {"overpower", "power-play"} <= games_with
    assert {"brawl", "solo-deckbuilder", "overpower", "power-play"} <= set(SELECTORS)
    for name in _selecting():
        form = Form.of(EFFECTS[name])
        spec = form.record.fields["match"].spec
        assert isinstance(spec, Record) and spec.name == "a selector", name
        assert set(spec.fields) == set(use_of(EFFECTS[name]).match), name
        # none of the fields the selector stands for is also written at the top
        assert not set(use_of(EFFECTS[name]).match.values()) & set(form.record.fields), name
        for game in EFFECTS[name].games:
            assert set(spec.fields) <= set(SELECTORS[game].keys), (name, game)
    having_type = {g for g, found in SELECTORS.items() if "type" in found.keys}
    assert len(having_type) >= 3, having_type


@pytest.mark.parametrize("name", _selecting())
def test_a_selector_loads_into_the_fields_the_rules_read(name):
    kind = EFFECTS[name]
    spec = EffectSpec(min(kind.contexts), "effect")
    loaded = validate(spec, yaml.safe_load(kind.example))
    assert loaded.problems == []
    assert "match" not in loaded.value  # the rules read their own fields
    assert set(loaded.value) == {*kind.fields, "effect"}
    for key, own in use_of(kind).match.items():
        given = yaml.safe_load(kind.example).get("match", {})
        if key in given:
            value = given[key]
            assert loaded.value[own] in (value, tuple(value) if isinstance(value, list)
                                         else (value,)), (key, own)
    assert to_file(loaded.value).get("match") == yaml.safe_load(kind.example).get("match")


@pytest.mark.parametrize("name", _selecting())
def test_a_filter_written_at_the_top_is_refused_with_its_selector_and_upgraded(name):
    kind = EFFECTS[name]
    flat = _flat(kind)
    spec = EffectSpec(min(kind.contexts), "effect")
    refused = validate(spec, flat)
    assert refused.value is None
    [problem] = refused.problems
    field = next(own for own in use_of(kind).match.values() if own in flat)
    assert problem.path == field
    assert "in the effect's selector: write {effect: " in problem.message
    assert f"match: {flow(yaml.safe_load(kind.example)['match'])}" in problem.message
    assert "tabletop upgrade-cards" in problem.message
    # the upgraded text, flow style and block style, loads as the example does
    expected = validate(spec, yaml.safe_load(kind.example)).value
    for upgraded in upgraded_both_ways(flat):
        assert validate(spec, upgraded).value == expected


def test_a_block_filter_over_several_lines_moves_whole_with_its_comments():
    text = ("cards:\n"
            "  - id: x\n"
            "    effects:\n"
            "      - effect: prevent   # dodge it\n"
            "        what: attack\n"
            "        types:            # the two physical ones\n"
            "          - fighting\n"
            "          - strength\n"
            "        max_value: 7\n"
            "      - {effect: draw, count: 1}\n")
    new, count = upgrade_text(text)
    assert count == 1
    assert new == ("cards:\n"
                   "  - id: x\n"
                   "    effects:\n"
                   "      - effect: prevent   # dodge it\n"
                   "        what: attack\n"
                   "        match:\n"
                   "          type:            # the two physical ones\n"
                   "            - fighting\n"
                   "            - strength\n"
                   "        max_value: 7\n"
                   "      - {effect: draw, count: 1}\n")
    assert upgrade_text(new) == (new, 0)  # nothing left to move


def test_upgrade_cards_moves_the_filters_of_a_mod_and_it_loads_as_before(tmp_path, capsys):
    folder = tmp_path / "mods"
    folder.mkdir()
    old = ("game: power-play\ncards:\n"
           "  - {id: frostbite, kind: attribute, name: Frostbite, power: 2, text: x,\n"
           "     effects: [{effect: prevent, what: power, type: frost, scope: heroes}]}\n"
           "  - id: furnace\n    kind: attribute\n    name: Furnace\n    power: 1\n"
           "    text: y\n    effects:\n"
           "      - effect: modify\n        value: power\n        by: multiply\n"
           "        type: flame   # the heroes' flames\n        scope: heroes\n")
    new = ("game: power-play\ncards:\n"
           "  - {id: frostbite, kind: attribute, name: Frostbite, power: 2, text: x,\n"
           "     effects: [{effect: prevent, what: power, match: {type: frost}, "
           "scope: heroes}]}\n"
           "  - id: furnace\n    kind: attribute\n    name: Furnace\n    power: 1\n"
           "    text: y\n    effects:\n"
           "      - effect: modify\n        value: power\n        by: multiply\n"
           "        match:\n          type: flame   # the heroes' flames\n"
           "        scope: heroes\n")
    rules = GAMES["power-play"].rules
    (folder / "m.yaml").write_text(new, encoding="utf-8")
    wanted = rules.load_catalog(mod_dirs=[folder])
    assert not wanted.errors
    (folder / "m.yaml").write_text(old, encoding="utf-8")
    before = rules.load_catalog(mod_dirs=[folder])
    assert len([e for e in before.errors if "now goes in the effect's selector" in str(e)]) == 2
    assert cli(["upgrade-cards", str(folder / "m.yaml")]) == 0
    assert "2 effects rewritten" in capsys.readouterr().out
    assert (folder / "m.yaml").read_text(encoding="utf-8") == new
    after = rules.load_catalog(mod_dirs=[folder])
    assert not after.errors
    for card in ("frostbite", "furnace"):
        assert after.cards[card].data == wanted.cards[card].data
