"""The effect vocabulary a modder learns once: shared verbs, keys that pick a game's use,
old names refused with their new spelling and rewritten by ``tabletop upgrade-cards``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from effect_helpers import upgraded_both_ways

from tabletop.cli import main as cli
from tabletop.engine.effects import EFFECTS, TRIGGERS, VERBS
from tabletop.engine.effects.spelling import (
    EffectSpec,
    Form,
    to_file,
    use_of,
    verb_of,
    written,
)
from tabletop.engine.schema import validate
from tabletop.games import GAMES
from tabletop.tools.schema import file_schema

SHARED = {"draw", "discard", "move", "modify", "prevent", "heal"}


def _games_of_verbs() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for kind in EFFECTS.values():
        out.setdefault(verb_of(kind).name, set()).update(kind.games)
    return out


def test_a_third_of_the_verbs_a_modder_writes_work_in_two_games_or_more():
    games = _games_of_verbs()
    shared = {name for name, where in games.items() if len(where) >= 2}
    assert shared == SHARED
    assert 3 * len(shared) >= len(games), (len(shared), len(games))
    # a verb declared shared is used by two games at least, a game's own by that game only
    for name, where in games.items():
        vb = VERBS.get(name)
        if vb is not None and vb.shared:
            assert len(where) >= 2, name
        else:
            assert len(where) == 1, name


#: effects whose rule texts are one idea in two games or more: each group one verb
SAME_IDEA = {
    "draw": ["draw", "event_draws", "draw_next_turn", "hand_size"],
    "discard": ["opponent_discards", "hand_discard", "team_discards", "discard_placed",
                "discard_condition", "deck_discard", "row_discard"],
    "move": ["return_to_hand", "to_reserve", "take_from_pile", "summon_villain",
             "destroy_own"],
    "modify": ["modify_damage", "add_power", "add_value", "add_total", "attack_bonus",
               "battle_bonus", "venture_modifier", "ko_threshold", "multiply_type"],
    "prevent": ["cancel_power", "avoid", "negate", "immune", "shut_down", "event_forbid"],
    "heal": ["heal", "remove_hits", "revive"],
}


@pytest.mark.parametrize("verb", sorted(SAME_IDEA))
def test_the_same_idea_in_two_games_is_one_verb(verb):
    names = SAME_IDEA[verb]
    assert {use_of(EFFECTS[n]).verb for n in names} == {verb}
    assert len({g for n in names for g in EFFECTS[n].games}) >= 2


def _contexts() -> list[str]:
    return sorted(c for c in TRIGGERS)


@pytest.mark.parametrize("context", _contexts())
def test_each_use_is_meant_by_its_own_keys_alone(context):
    """In every context, the shortest spelling of each use (the verb and the keys it
    fixes) is accepted by that use and no other: no effect can mean two things."""
    spec = EffectSpec(context, "effect")
    for forms in spec.forms.values():
        for form in forms:
            least = {"effect": form.verb.name, **use_of(form.kind).where}
            assert [f.kind.name for f in forms if f.accepts(least)] == [form.kind.name]


def _examples():
    for kind in EFFECTS.values():
        if kind.contexts:
            yield pytest.param(kind.name, id=kind.name)


@pytest.mark.parametrize("name", list(_examples()))
def test_every_example_is_written_with_its_verb_and_loads_as_its_effect(name):
    kind = EFFECTS[name]
    example = yaml.safe_load(kind.example)
    assert example["effect"] == use_of(kind).verb
    context = min(kind.contexts)
    spec = EffectSpec(context, "effect")
    careful = validate(spec, example)
    assert careful.problems == []
    assert careful.value["effect"] == name
    assert spec.compiled()(example) == careful.value
    # and back: the file spelling of the loaded effect loads to the same effect
    again = to_file(careful.value)
    assert validate(spec, again).value == careful.value


def _old_spelling(kind) -> dict:
    """An effect as files wrote it before the verbs: its own name and field names."""
    example = yaml.safe_load(kind.example)
    loaded = validate(EffectSpec(min(kind.contexts), "effect"), example).value
    use = use_of(kind)
    own = {written: name for written, name in use.renames.items()}
    out = {"effect": kind.name}
    for k, v in to_file(loaded).items():
        if k == "match" and use.match:  # (its keys were the effect's own fields)
            out.update({use.match[key]: item for key, item in v.items()})
        elif k != "effect" and k not in use.where:
            out[own.get(k, k)] = v
    return out


def _renamed() -> list[str]:
    return [n for n, k in EFFECTS.items() if k.contexts and use_of(k).verb != n]


@pytest.mark.parametrize("name", _renamed())
def test_an_old_name_is_refused_with_its_new_spelling_and_upgraded_to_it(name):
    kind = EFFECTS[name]
    old = _old_spelling(kind)
    spec = EffectSpec(min(kind.contexts), "effect")
    refused = validate(spec, old)
    assert refused.value is None
    [problem] = refused.problems
    assert problem.path == "effect"
    assert f"'{name}' is an effect name from before the shared verbs: write it {{effect: " \
           f"{use_of(kind).verb}" in problem.message
    assert "tabletop upgrade-cards" in problem.message
    # the upgraded text, flow style and block style, loads as the effect did
    upgraded, from_block = upgraded_both_ways(old)
    assert from_block == upgraded
    again = validate(spec, upgraded)
    assert again.problems == []
    assert again.value == validate(spec, yaml.safe_load(kind.example)).value


def test_upgrade_cards_rewrites_a_mod_in_place_and_it_loads_as_before(tmp_path, capsys):
    mod = tmp_path / "mods" / "old.yaml"
    mod.parent.mkdir()
    old = ("game: solo-deckbuilder\ncards:\n"
           "  # a villain from an old mod\n"
           "  - id: old-brute\n    kind: villain\n    name: Old Brute\n    cost: 3\n"
           "    attack:\n"
           "      - effect: hand_discard   # the player discards\n"
           "        count: 2\n"
           "      - {effect: gain_weakness, count: 1}\n"
           "  - {id: old-gadget, kind: resource, name: Old Gadget, type: equipment, cost: 2,\n"
           "     effects: [{effect: add_power, amount: 2}, {effect: destroy_own, from: hand}]}\n")
    mod.write_text(old, encoding="utf-8")
    game = GAMES["solo-deckbuilder"]
    before = game.rules.load_catalog(mod_dirs=[mod.parent])
    assert [e for e in before.errors if "from before the shared verbs" in str(e)]
    assert "old-brute" not in before.cards and "old-gadget" not in before.cards

    assert cli(["upgrade-cards", str(mod)]) == 0
    assert "3 effects rewritten" in capsys.readouterr().out
    text = mod.read_text(encoding="utf-8")
    assert "# a villain from an old mod" in text
    assert "- effect: discard  # the player discards\n        from: hand\n        count: 2" \
        in text
    assert "{effect: modify, value: power, amount: 2}" in text
    assert "{effect: move, to: destroyed, from: hand}" in text
    after = game.rules.load_catalog(mod_dirs=[mod.parent])
    assert not after.errors
    assert after.cards["old-brute"].data["attack"] == (
        {"count": 2, "effect": "hand_discard"}, {"count": 1, "effect": "gain_weakness"})
    assert [e["effect"] for e in after.cards["old-gadget"].data["effects"]] == \
        ["add_power", "destroy_own"]
    # a second run finds nothing and leaves the file alone
    stamp = mod.stat().st_mtime_ns
    assert cli(["upgrade-cards", str(mod)]) == 0
    assert "nothing to rewrite" in capsys.readouterr().out
    assert mod.stat().st_mtime_ns == stamp


def test_upgrade_cards_reports_a_file_it_cannot_read(tmp_path, capsys):
    assert cli(["upgrade-cards", str(tmp_path / "missing.yaml")]) == 1
    assert "missing.yaml: not upgraded" in capsys.readouterr().err


def _load(tmp_path: Path, game: str, text: str) -> list[str]:
    folder = tmp_path / "mod"
    folder.mkdir(exist_ok=True)
    (folder / "m.yaml").write_text(f"game: {game}\ncards:\n{text}", encoding="utf-8")
    catalog = GAMES[game].rules.load_catalog(mod_dirs=[folder])
    return [str(e).split("m.yaml:")[1] for e in catalog.errors]


def test_a_key_value_no_use_has_is_refused_at_that_key(tmp_path):
    errors = _load(tmp_path, "solo-deckbuilder",
                   "  - {id: v, kind: villain, name: V, cost: 3,\n"
                   "     attack: [{effect: discard, from: hnd, count: 1}]}\n")
    assert errors == ["4:39: card 'v' field 'attack[0].from': expected deck or hand or row "
                      "here, got 'hnd' (did you mean 'hand'?)"]


def test_a_verb_a_context_does_not_have_lists_those_it_has(tmp_path):
    errors = _load(tmp_path, "brawl",
                   "  - {id: c, kind: condition, name: C,\n"
                   "     effects: [{effect: move, from: play, to: hand}]}\n")
    assert errors == ["4:25: card 'c' field 'effects[0].effect': unknown condition effect "
                      "'move'; valid: discard, draw, heal, modify"]


def test_a_key_at_its_default_may_be_written_or_left_out(tmp_path):
    body = ("  - {id: a, kind: resource, name: A, type: equipment, cost: 1,\n"
            "     effects: [{effect: modify, value: power, by: add, amount: 1},\n"
            "               {effect: draw, who: you, when: now, count: 1}]}\n"
            "  - {id: b, kind: resource, name: B, type: equipment, cost: 1,\n"
            "     effects: [{effect: modify, value: power, amount: 1}, "
            "{effect: draw, count: 1}]}\n")
    folder = tmp_path / "mod"
    folder.mkdir()
    (folder / "m.yaml").write_text("game: solo-deckbuilder\ncards:\n" + body,
                                   encoding="utf-8")
    catalog = GAMES["solo-deckbuilder"].rules.load_catalog(mod_dirs=[folder])
    assert not catalog.errors
    assert catalog.cards["a"].data["effects"] == catalog.cards["b"].data["effects"] == (
        {"amount": 1, "per": None, "match": {}, "effect": "add_power"},
        {"count": 1, "effect": "draw"})


def test_the_editor_schema_knows_the_verbs_and_their_keys():
    jsonschema = pytest.importorskip("jsonschema")
    check = jsonschema.Draft7Validator(file_schema("power-play"))
    good = {"cards": [{"id": "v", "kind": "villain", "name": "V", "base": 2,
                       "effects": [{"effect": "modify", "value": "power", "by": "multiply",
                                    "match": {"type": "frost"}, "scope": "heroes"}]}]}
    assert not list(check.iter_errors(good))
    for bad in ({"effect": "multiply_type", "match": {"type": "frost"}, "scope": "heroes"},
                {"effect": "modify", "value": "power", "by": "square",
                 "match": {"type": "frost"}, "scope": "heroes"},
                {"effect": "modify", "value": "power", "by": "multiply",
                 "match": {"type": "frost"}, "scope": "heroes", "amount": 2},
                {"effect": "modify", "value": "power", "by": "multiply", "type": "frost",
                 "scope": "heroes"},
                {"effect": "modify", "value": "power", "by": "multiply",
                 "match": {"kind": "frost"}, "scope": "heroes"}):
        doc = json.loads(json.dumps(good))
        doc["cards"][0]["effects"] = [bad]
        assert list(check.iter_errors(doc)), bad


def test_written_words_name_the_verb_and_keys():
    assert written(EFFECTS["hand_discard"]) == "discard from: hand"
    assert written(EFFECTS["revive"]) == "heal revive: true"
    assert written(EFFECTS["foresee"]) == "foresee"
    assert Form.of(EFFECTS["take_from_pile"]).own >= {"from", "match", "count"}


def test_a_cross_card_message_names_the_effect_as_the_file_writes_it(tmp_path):
    errors = _load(tmp_path, "overpower",
                   "  - {id: any-shove, kind: special, name: Shove, character: any, "
                   "play: effect,\n"
                   "     effects: [{effect: discard, from: hand, who: target_team, count: 1}]}\n")
    assert any("'discard from: hand who: target_team' touches the opponent, so the Special "
               "is an attack: write `play: attack`" in e for e in errors), errors
