"""One test per Power Play card with an effect (the figures worked out by hand), the set's
size, and card-file errors."""

from __future__ import annotations

import pytest
from power_play_helpers import GAME, powers, real_cards

from tabletop.engine.cards import Catalog
from tabletop.engine.loader import CardLoader
from tabletop.games.power_play.cards import compile_card
from tabletop.games.power_play.tally import hero_tally, villain_tally

# The standard table: the heroes play these seven powers (printed sum 22; pairs of 2s, of
# 5s and of Might: +9, so 31 with no effect) against a villain with Flame 3 and Gale 1.
# A villain card is tested with an attribute of power 2; an attribute card with a villain
# of base 2; a location with both. Without effects the villain would have (4 + 2) x 2 = 12.
HEROES = powers("Flame 1", "Frost 2", "Gale 3", "Mind 4", "Shadow 5", "Might 2", "Might 5")
THREAT = powers("Flame 3", "Gale 1")

EXPECTED = {
    # villains: (heroes, villain[, other villain powers])
    "windshear": (31, 16),          # both powers also Gale: all the same type, +4
    "cortex-queen": (35, 18),       # Mind 4 counts 8
    "slag-baron": (31, 16),         # Flame 3 counts 5
    "hoarfrost": (31, 22),          # all Frost: +4
    "copycat-kid": (23, 6),         # the heroes' two 5s count 1 (pairs still count)
    "hush-choir": (28, 12),         # no pair of Might
    "gravemoth": (26, 18),          # Shadow 5 counts 0
    "brass-tyrant": (28, 24),       # Might 2 -> 1, Might 5 -> 3
    "static-widow": (31, 16),       # Flame 4, Gale 2
    "pale-regent": (35, 24),        # heroes +4
    "mirror-hex": (31, 20),         # both villain powers match a hero type: 6 + 2
    "tidebreaker": (28, 18),        # the two Mights share a type: halved
    "rustmonger": (24, 6),          # every hero power -1
    "lodestar": (31, 14, powers("Flame 2", "Gale 1")),  # its 2 counts 4
    "night-bailiff": (28, 18),      # Gale 3 counts 0
    "emberling": (31, 12),          # Flame 3 counts 9, base 1
    "quiet-duchess": (25, 12),      # no pairs of 2s or 5s
    "hollow-king": (30, 24),        # Flame 1 counts 0
    "sparkjaw": (31, 12),           # 6 + 6
    "granite-matron": (33, 21, powers("Might 3", "Gale 1")),  # every Might +1, both sides
    "velvet-cipher": (29, 12),      # Mind 4 -> 2
    # attributes
    "glacier-hide": (29, 12),       # Frost 2 counts 0
    "echo-chamber": (35, 14),       # Flame 1 -> 2, Gale 3 -> 6
    "molten-core": (31, 16),        # Flame 3 -> 4, attribute 3
    "iron-will": (27, 14),          # Mind 4 counts 0
    "storm-lungs": (31, 16),        # all Gale: +4
    "thick-skull": (28, 16),        # Mights halved, attribute 4
    "hall-of-mirrors": (31, 18),    # villain powers matching: (6 + 2 + 1) x 2
    "crowd-pleaser": (36, 10),      # heroes +5
    "sore-loser": (31, 16),         # villain +4
    "short-fuse": (32, 10),         # Flame 1 -> 2
    "night-eyes": (26, 14),         # Shadow 5 counts 0
    "twin-engines": (31, 18),       # Flame 3 -> 6
    "glass-jaw": (38, 8),           # Might 2 -> 4, Might 5 -> 10
    "sticky-fingers": (28, 12),     # no pair of Might
    "cold-blood": (31, 18),         # all Frost: +4
    "paranoia": (29, 12),           # Mind 4 -> 2
    "hard-light": (24, 16),         # every hero power -1
    "hive-chatter": (25, 12),       # no pairs of values
    "lucky-streak": (31, 22),       # Gale 1 -> 5
    "brittle-bones": (38, 10),      # every hero power +1
    "bull-headed": (31, 22, powers("Flame 3", "Flame 3")),  # no +4 +4: (3 + 3 + 5) x 2
    # locations
    "breakwater-alley": (28, 12),   # the two Mights halved (heroes only)
    "meteor-crater": (35, 20),      # Flame 1 -> 5 for the heroes, Gale 1 -> 5 for the villain
    "lantern-quay": (33, 12),       # heroes +2 (and 7 points at the end)
    "foundry-row": (32, 18),        # Flame doubled on both sides
    "skyline-gardens": (32, 14),    # Gale +1 on both sides
    "subway-depths": (36, 18, powers("Shadow 3", "Gale 1")),  # Shadow doubled, both sides
    "night-market": (31, 15),       # villain +3
}


def effect_cards():
    return sorted(c.id for c in real_cards().of_kind("villain", "attribute", "location"))


def test_every_card_with_an_effect_has_a_test():
    assert sorted(EXPECTED) == effect_cards()


@pytest.mark.parametrize("card_id", effect_cards())
def test_card(card_id):
    card = real_cards()[card_id]
    info = compile_card(card)
    expected = EXPECTED[card_id]
    threat = expected[2] if len(expected) > 2 else THREAT
    base = info.base if card.kind == "villain" else 2
    attribute = info.power if card.kind == "attribute" else 2
    heroes = hero_tally(HEROES, threat, info.effects)
    villain = villain_tally(threat, attribute, base, HEROES, info.effects)
    assert (heroes.total, villain.total) == expected[:2], (heroes.lines(), villain.lines())
    # the effect shows in the working under the card's name
    working = " ".join(heroes.lines() + villain.lines())
    assert card.name in working
    # and the card says what it does
    assert card.text


def test_the_set_has_what_the_game_needs():
    catalog = real_cards()
    villains = catalog.of_kind("villain")
    assert len(villains) >= 20
    assert {c.data["base"] for c in villains} == {1, 2, 3, 4}
    assert all(c.data["effects"] for c in villains)
    attributes = catalog.of_kind("attribute")
    assert len(attributes) >= 20 and all(c.data["effects"] for c in attributes)
    locations = catalog.of_kind("location")
    assert len(locations) >= 6
    assert [c.data["score_bonus"] for c in locations if c.data["score_bonus"]] == [7]
    kinds = {(c.data["type"], c.data["value"]) for c in catalog.of_kind("power")}
    types = {t for t, _ in kinds}
    assert len(types) >= 5 and kinds == {(t, v) for t in types for v in range(1, 6)}
    # every effect names its scope
    for c in villains + attributes + locations:
        assert all(e["scope"] in ("heroes", "villain", "both") for e in c.data["effects"])


def load(text: str) -> list[str]:
    catalog = Catalog("power-play")
    CardLoader("power-play", GAME.rules.card_kinds).load_text(text, "mod.yaml", catalog)
    catalog.errors.extend(GAME.rules.check_catalog(catalog))
    return [str(e) for e in catalog.errors]


POWER = "  - {id: red-1, kind: power, name: Red 1, type: red, value: 1}\n"


def test_an_effect_without_a_scope_is_refused():
    errors = load("cards:\n" + POWER + "  - id: v\n    kind: villain\n    name: V\n"
                  "    base: 2\n    effects:\n"
                  "      - {effect: prevent, what: power, match: {type: red}}\n")
    assert errors == ["mod.yaml:8:9: card 'v' field 'effects[0].scope': missing required field "
                      "'scope' (one of heroes, villain, both)"]


def test_an_unknown_power_type_is_refused_with_a_suggestion():
    errors = load("cards:\n" + POWER + "  - id: v\n    kind: villain\n    name: V\n"
                  "    base: 2\n    effects:\n"
                  "      - {effect: prevent, what: power, match: {type: rde}, scope: heroes}\n")
    assert errors == ["mod.yaml:8:7: card 'v' field 'effects[0].match.type': no power card has the "
                      "type 'rde' (did you mean 'red'?); types: red"]


def test_misspelt_effect_and_out_of_range_base():
    errors = load("cards:\n" + POWER + "  - {id: v, kind: villain, name: V, base: 5, "
                  "effects: [{effect: imune, type: red, scope: heroes}]}\n")
    assert any("'base': expected a whole number from 1 to 4, got 5" in e for e in errors)
    assert any("unknown villain effect 'imune' (did you mean 'immune'? it is now written "
               "{effect: prevent, what: power})" in e for e in errors)


def test_a_set_too_small_for_the_players_is_refused():
    from power_play_helpers import fixture_cards

    small = fixture_cards(villains=8, attributes=8)
    GAME.rules.new_state(small, {"players": 2}, 1)  # 8 turns: enough
    with pytest.raises(ValueError, match="needs 12 villain cards; the set has 8"):
        GAME.rules.new_state(small, {"players": 3}, 1)


def test_a_villain_only_file_is_checked_against_the_built_in_types():
    errors = load("cards:\n  - {id: v, kind: villain, name: V, base: 2, effects: "
                  "[{effect: prevent, what: power, match: {type: gail}, scope: heroes}]}\n"
                  "  - {id: w, kind: villain, name: W, base: 2, effects: "
                  "[{effect: prevent, what: power, match: {type: gale}, scope: heroes}]}\n")
    assert errors == ["mod.yaml:2:55: card 'v' field 'effects[0].match.type': no power card has "
                      "the type 'gail' (did you mean 'gale'?); types: flame, frost, gale, "
                      "might, mind, shadow"]


def test_a_mod_may_add_a_power_type(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    mods = home / "mods"
    mods.mkdir(parents=True)
    (mods / "storm.yaml").write_text(
        "game: power-play\nremove: [windshear]\ncards:\n"
        "  - {id: storm-4, kind: power, name: Storm 4, type: storm, value: 4, copies: 3}\n"
        "  - {id: lightning-rod, kind: villain, name: Lightning Rod, base: 2, text: x,\n"
        "     effects: [{effect: prevent, what: power, match: {type: storm}, scope: heroes}]}\n",
        encoding="utf-8")
    catalog = GAME.rules.load_catalog()
    assert not catalog.errors
    assert "windshear" not in catalog.cards and "lightning-rod" in catalog.cards
    state = GAME.rules.new_state(catalog, {"players": 2}, 1)
    assert sum(1 for i in state.info if i.type == "storm") == 3
    info = compile_card(catalog["lightning-rod"])
    t = hero_tally(powers("Storm 4", "Gale 4"), [], info.effects)
    assert t.summary == "4 [Gale] + 3 [pair of 4s] = 7"
    assert t.notes == ("Storm 4: immune (Lightning Rod), 0",)
