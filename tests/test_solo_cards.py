"""One test per Solo Deck-Builder card with effects: every playable card, Defense card,
villain attack, supervillain on-reveal attack, superhero power and HQ ability."""

from __future__ import annotations

import pytest
from solo_helpers import (
    CATALOG,
    STEP_6,
    asking,
    legal,
    lines,
    names,
    play,
    position,
    waiting,
    weaknesses_in,
)

JABS = ["Jab"] * 7

#: what playing each card does: Power, cards drawn now, cards owed for the next step 3,
#: a decision it asks for; `defense`: cards it draws at the next step 3 when it defends
PLAYABLE = {
    "Jab": dict(power=1),
    "Haymaker": dict(power=2),
    "Weighted Baton": dict(power=2),
    "Kinetic Vest": dict(power=1, defense=2),
    "Grapnel Launcher": dict(power=1, draws=1),
    "Stun Gauntlets": dict(power=3),
    "Arc Shield": dict(power=2, defense=1),
    "Field Kit": dict(power=1, pending="destroy"),
    "Recon Drone": dict(draws=2),
    "Power Core": dict(power=4, draws=1),
    "Relic Blade": dict(power=1 + 2, played=["Weighted Baton"]),
    "Smoke Pellets": dict(power=1, defense=0),
    "Surge": dict(power=2),
    "Foresight": dict(pending="foresee"),
    "Phase Step": dict(power=1, defense=2),
    "Heat Beam": dict(power=3),
    "Gravity Slam": dict(power=5),
    "Mind Sweep": dict(power=2, pending="destroy"),
    "Second Wind": dict(power=1, draws=1),
    "Storm Call": dict(power=2 + 2, battleground=["Gutter Thug", "Rust Brute"]),
    "Iron Skin": dict(power=1, defense=1),
    "Eager Rookie": dict(power=1),
    "Street Medic": dict(pending="destroy"),
    "Night Patrol": dict(power=2),
    "Veteran Captain": dict(power=3, draws=1),
    "Field Tactician": dict(power=1, draws=2),
    "Guardian Knight": dict(power=2, defense=2),
    "Sky Ranger": dict(power=3 + 2, hq="Glacier Citadel", secured=["Orbital Lookout"]),
    "Rally Leader": dict(power=2, played=["Night Patrol"]),
    "Dawn Scout": dict(power=1, later=1),
    "Lookout Sage": dict(power=1, pending="foresee"),
    "Bulwark Brother": dict(power=1, defense=1),
    "Utility Belt": dict(power=1, draws=1, later=1),
    "Shock Baton": dict(power=2, battleground=["Gutter Thug", "Rust Brute"]),
    "Med Kit": dict(draws=1, pending="destroy"),
    "Targeting Visor": dict(power=1 + 2, played=["Weighted Baton"]),
    "Battle Trance": dict(power=2 + 1, played=["Surge"]),
    "Nimbus Dash": dict(draws=1),
    "Echo Sight": dict(power=1, pending="foresee"),
    "Iron Will": dict(power=2, defense=2),
    "Harbor Warden": dict(power=1, defense=0),
    "Mentor Sage": dict(power=2, draws=2),
    "Sidekick Duo": dict(power=1 + 2, played=["Night Patrol"]),
    "Second Responder": dict(power=1, draws=1),
}


def test_every_card_with_effects_has_a_test():
    with_effects = {c.name for c in CATALOG.cards.values()
                    if c.data.get("effects") or c.data.get("defense") is not None}
    assert with_effects == set(PLAYABLE)


@pytest.mark.parametrize("name", sorted(PLAYABLE))
def test_playing_each_card(name):
    spec = PLAYABLE[name]
    s = position(superhero="Vela the Unbowed", location="Greyhollow Ward",
                 supervillain="Baron Ashfall", hand=[name, "Cold Feet"],
                 deck=["Jab", "Jab", "Jab"], discard=["Weakness"],
                 played=spec.get("played", []), battleground=spec.get("battleground", []),
                 hq=spec.get("hq"), secured=spec.get("secured", []))
    after = play(s, f'P1 play "{name}"')
    assert after.power == spec.get("power", 0)
    assert len(after.zones["hand.0"]) - 1 == spec.get("draws", 0)
    assert after.later_draws == spec.get("later", 0)
    assert waiting(after) == spec.get("pending")
    assert name in names(after, "played.0")


@pytest.mark.parametrize("name", sorted(n for n, spec in PLAYABLE.items() if "defense" in spec))
def test_each_defense_card(name):
    s = position(step=1, location="Signal Tower", supervillain="Baron Ashfall",
                 deck=[name] + JABS, enemy=["Toxin Tinker"], battleground=["Masked Fence"])
    assert s.pending == asking("defend", "Toxin Tinker's attack")
    s = play(s, f'P1 defend "{name}"')
    assert s.later_draws == PLAYABLE[name]["defense"]
    assert names(s, "discard.0") == [name] and weaknesses_in(s, "discard.0") == 0


# -- choices made while a card resolves ---------------------------------------------------------
def test_destroy_effects_remove_cards_from_the_game():
    s = position(location="Greyhollow Ward", supervillain="Baron Ashfall",
                 hand=["Street Medic", "Cold Feet", "Jab"], discard=["Weakness", "Jab"])
    s = play(s, 'P1 play "Street Medic"')
    assert legal(s) == ['P1 destroy "Cold Feet" from hand', 'P1 destroy "Jab" from hand',
                        'P1 destroy "Weakness" from discard', 'P1 destroy "Jab" from discard',
                        "P1 done"]
    s = play(s, 'P1 destroy "Weakness" from discard')
    assert s.pending == asking("destroy", 1, "hand_or_discard", "Street Medic")
    s = play(s, 'P1 destroy "Cold Feet" from hand')
    assert s.pending == STEP_6 and names(s, "destroyed") == ["Weakness", "Cold Feet"]
    assert s.owned_weaknesses() == 0
    s = position(location="Greyhollow Ward", supervillain="Baron Ashfall",
                 hand=["Field Kit", "Jab"])
    s = play(s, 'P1 play "Field Kit"', "P1 done")
    assert s.pending == STEP_6 and names(s, "hand.0") == ["Jab"] and s.power == 1


def foresight_position(**extra):
    pos = dict(location="Greyhollow Ward", supervillain="Baron Ashfall",
               hand=["Foresight", "Jab"], resources=["Heat Beam", "Surge"],
               resource_discard=["Recon Drone", "Night Patrol"], deck=JABS,
               enemy=["Masked Fence"], battleground=["Gutter Thug"],
               row=["Stun Gauntlets", "Arc Shield", "Kinetic Vest"])
    pos.update(extra)
    return play(position(**pos), 'P1 play "Foresight"')


def test_foresight_plays_the_revealed_card_which_returns_on_top_of_the_resources_deck():
    s = foresight_position()
    assert names(s, "revealed") == ["Heat Beam"]
    assert legal(s) == ['P1 foresee "Heat Beam"', 'P1 foresee "Night Patrol" from discard',
                        "P1 done"]
    s = play(s, 'P1 foresee "Heat Beam"')
    assert s.power == 3 and names(s, "played.0") == ["Foresight", "Heat Beam"]
    s = play(s, "P1 end")
    # Gutter Thug destroyed a resource in step 7; step 2 refilled one from the top, Heat
    # Beam, which had gone back on top of the resources deck
    assert "Heat Beam goes back on top of the resources deck" in lines(s)
    assert names(s, "row")[0] == "Heat Beam"
    assert "Heat Beam" not in names(s, "discard.0") + names(s, "hand.0")


def test_foresight_can_play_the_top_of_the_resources_discard_pile():
    s = play(foresight_position(), 'P1 foresee "Night Patrol" from discard')
    assert s.power == 2 and names(s, "resource_discard") == ["Recon Drone"]
    assert names(s, "resources")[-1] == "Heat Beam"  # the revealed card went back
    s = play(s, "P1 end")
    assert names(s, "row")[0] == "Night Patrol"


def test_foresight_may_play_neither():
    s = play(foresight_position(), "P1 done")
    assert names(s, "revealed") == [] and names(s, "resources")[-1] == "Heat Beam"
    assert s.power == 0 and s.borrowed == []


# -- villains' attacks ----------------------------------------------------------------------------
#: villain -> (Weaknesses gained, decision asked, resources lost from the row, cards
#: discarded from the deck, villains that joined)
ATTACKS = {
    "Alley Cutter": (0, "hand_discard", 0, 0, 1),
    "Toxin Tinker": (1, None, 0, 0, 1),
    "Hex Widow": (1, None, 0, 1, 1),
    "Cinder Imp": (0, None, 1, 0, 1),
    "Mirror Thief": (0, "hand_discard", 0, 0, 1),
    "Bone Collector": (1, None, 0, 0, 1),
    "Static Wraith": (0, None, 1, 0, 1),
    "Venom Lark": (0, None, 0, 2, 1),
    "Ruin Prophet": (1, "hand_discard", 0, 0, 1),
    "Chain Marauder": (0, None, 0, 0, 2),
    "Tomb Looter": (0, None, 1, 0, 1),
    "Sludge Beast": (1, None, 0, 2, 1),
}
#: the five cards drawn at step 3, then the top of the deck (Heat Beam costs 4, Eager
#: Rookie 1)
ATTACK_DECK = ["Jab", "Jab", "Jab", "Surge", "Night Patrol", "Heat Beam", "Eager Rookie",
               "Jab"]


def test_every_villain_with_an_attack_has_a_test():
    assert {c.name for c in CATALOG.of_kind("villain") if c.data.get("attack")} == set(ATTACKS)


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_each_villain_attack(name):
    weak, decision, row_lost, milled, joined = ATTACKS[name]
    s = position(step=1, location="Signal Tower", supervillain="Baron Ashfall",
                 battleground=["Gutter Thug"], enemy=[name, "Masked Fence"],
                 row=["Surge", "Heat Beam", "Recon Drone", "Night Patrol"], deck=ATTACK_DECK)
    assert weaknesses_in(s, "discard.0") == weak
    assert waiting(s) == decision
    assert len(s.zones["row"]) == 4 - row_lost
    assert len(s.zones["deck.0"]) == 3 - milled
    assert len(s.zones["battleground"]) == 1 + joined
    assert name in names(s, "battleground")
    if decision == "hand_discard":
        s = play(s, 'P1 discard "Night Patrol"')
        assert "Night Patrol" in names(s, "discard.0") and len(s.zones["hand.0"]) == 4


def test_discarding_from_a_hand_of_identical_cards_needs_no_choice():
    s = position(step=1, location="Signal Tower", supervillain="Baron Ashfall",
                 battleground=["Gutter Thug"], enemy=["Alley Cutter"],
                 row=["Surge", "Heat Beam", "Recon Drone", "Night Patrol"], deck=JABS)
    assert s.pending == STEP_6 and names(s, "discard.0") == ["Jab"]
    assert "Alley Cutter's attack: you discard Jab" in lines(s)


# -- supervillains' on-reveal attacks ------------------------------------------------------
#: supervillain -> (Weaknesses gained, decision asked, resources lost, cards milled,
#: villains that joined)
REVEALS = {
    "The Mindspore Colossus": (1, None, 0, 2, 1),
    "Baron Ashfall": (1, None, 0, 0, 1),
    "The Hollow Queen": (0, "hand_discard", 0, 0, 0),
    "Gearlord Malvec": (0, None, 0, 0, 2),
    "Countess Vire": (0, None, 2, 0, 1),
    "Tidewrack": (1, None, 1, 0, 1),
    "Professor Null": (0, "hand_discard", 0, 0, 0),
    "The Emberlich": (0, None, 0, 3, 1),
}


def test_every_supervillain_has_a_test():
    assert {c.name for c in CATALOG.of_kind("supervillain")} == set(REVEALS) | {"Doctor Dice"}


@pytest.mark.parametrize("name", sorted(REVEALS))
def test_each_supervillain_on_reveal(name):
    weak, decision, row_lost, milled, joined = REVEALS[name]
    s = position(step=1, location="Signal Tower", supervillain=None, supervillains=[name],
                 battleground=["Gutter Thug"], enemy=["Masked Fence", "Riot Drone"],
                 row=["Surge", "Heat Beam", "Recon Drone", "Night Patrol"],
                 deck=["Jab", "Jab", "Jab", "Surge", "Night Patrol", "Heat Beam", "Jab", "Jab"])
    assert names(s, "supervillain") == [name]
    assert weaknesses_in(s, "discard.0") == weak
    assert waiting(s) == decision
    assert len(s.zones["row"]) == 4 - row_lost
    assert len(s.zones["deck.0"]) == 3 - milled
    assert len(s.zones["battleground"]) == 1 + joined
    if name == "The Hollow Queen":
        s = play(s, 'P1 discard "Night Patrol"')
        assert s.pending == asking("hand_discard", 1, "The Hollow Queen's attack")
        s = play(s, 'P1 discard "Surge"')
        assert s.pending == STEP_6 and len(s.zones["hand.0"]) == 3
        assert len(s.zones["battleground"]) == 2  # step 5 went on
    if name == "Professor Null":  # discard first, then the Weakness; then step 5
        s = play(s, 'P1 discard "Jab"')
        assert weaknesses_in(s, "discard.0") == 1 and len(s.zones["battleground"]) == 2


def test_doctor_dice_picks_one_card_at_random():
    seen = {}
    for seed in range(1, 60):
        s = position(seed=seed, step=1, location="Signal Tower", supervillain=None,
                     supervillains=["Doctor Dice"], battleground=["Gutter Thug"],
                     enemy=["Masked Fence"], resource_discard=["Heat Beam"],
                     row=["Surge", "Heat Beam", "Recon Drone", "Night Patrol"], deck=JABS)
        line = next(x for x in lines(s) if x.startswith("Doctor Dice's attack: from "))
        assert line.startswith("Doctor Dice's attack: from Cold Feet, Jab, Weakness and Heat "
                               "Beam, chance picks")
        gained = [c for c in s.zones["discard.0"]]
        if "chance picks the Weakness" in line:
            seen["weakness"] = True
            assert names(s, "discard.0") == ["Weakness"]
        elif "picks Heat Beam" in line:
            seen["resource"] = True  # costs 4: a Weakness as well
            assert sorted(names(s, "discard.0")) == ["Heat Beam", "Weakness"]
            assert names(s, "resource_discard") == []
        else:
            picked = "Jab" if "picks Jab" in line else "Cold Feet"
            seen[picked] = True
            assert names(s, "discard.0") == [picked] and len(gained) == 1
        if len(seen) == 4:
            break
    assert set(seen) == {"weakness", "resource", "Jab", "Cold Feet"}


# -- superheroes and HQ abilities ----------------------------------------------------------------
def test_brass_tinker_each_different_equipment():
    s = position(superhero="Brass Tinker", location="Greyhollow Ward",
                 supervillain="Baron Ashfall",
                 hand=["Weighted Baton", "Weighted Baton", "Stun Gauntlets", "Surge"])
    s = play(s, 'P1 play "Weighted Baton"', 'P1 play "Weighted Baton"',
             'P1 play "Stun Gauntlets"', 'P1 play "Surge"')
    assert s.power == (2 + 1) + 2 + (3 + 1) + 2


def test_sunforged_paragon_each_different_super_power():
    s = position(superhero="Sunforged Paragon", location="Greyhollow Ward",
                 supervillain="Baron Ashfall",
                 hand=["Surge", "Surge", "Heat Beam", "Weighted Baton"])
    s = play(s, 'P1 play "Surge"', 'P1 play "Surge"', 'P1 play "Heat Beam"',
             'P1 play "Weighted Baton"')
    assert s.power == (2 + 1) + 2 + (3 + 1) + 2


def test_vela_draws_at_the_next_step_3_for_each_defeat():
    s = position(superhero="Vela the Unbowed", location="Greyhollow Ward",
                 supervillain="Baron Ashfall", power=20, battleground=["Gutter Thug",
                                                                       "Rust Brute"],
                 deck=JABS, enemy=["Masked Fence"], row=["Surge", "Heat Beam", "Recon Drone"])
    s = play(s, 'P1 defeat "Gutter Thug"', 'P1 defeat "Rust Brute"')
    assert s.later_draws == 2
    s = play(s, "P1 end")
    assert len(s.zones["hand.0"]) == 7


def test_nightjar_draws_for_the_first_hero_each_turn():
    s = position(superhero="Nightjar", location="Greyhollow Ward", supervillain="Baron Ashfall",
                 hand=["Night Patrol", "Eager Rookie"], deck=["Jab", "Jab"])
    s = play(s, 'P1 play "Night Patrol"')
    assert names(s, "hand.0") == ["Eager Rookie", "Jab"]
    s = play(s, 'P1 play "Eager Rookie"')
    assert names(s, "hand.0") == ["Jab"]


def test_deepwell_oracle_first_costly_gain_each_turn():
    s = position(superhero="Deepwell Oracle", location="Greyhollow Ward",
                 supervillain="Baron Ashfall", power=12,
                 row=["Surge", "Heat Beam", "Stun Gauntlets"])
    s = play(s, 'P1 buy "Surge"')
    assert s.power == 10
    s = play(s, 'P1 buy "Heat Beam"')
    assert s.power == 10 - 4 + 2
    s = play(s, 'P1 buy "Stun Gauntlets"')
    assert s.power == 8 - 4


@pytest.mark.parametrize("hq,first,second,draws", [
    ("The Hidden Grotto", "Weighted Baton", "Stun Gauntlets", [1, 0]),
    ("Glacier Citadel", "Surge", "Heat Beam", [1, 0]),
    ("Signal Tower", "Jab", "Weighted Baton", [0, 1]),
    ("Orbital Lookout", "Surge", "Night Patrol", [0, 1]),
])
def test_hq_abilities_draw_once_a_turn(hq, first, second, draws):
    s = position(superhero="Vela the Unbowed", hq=hq, location="Greyhollow Ward",
                 supervillain="Baron Ashfall", hand=[first, second, "Cold Feet"],
                 deck=["Eager Rookie", "Eager Rookie"])
    s1 = play(s, f'P1 play "{first}"')
    assert len(s1.zones["hand.0"]) == 2 + draws[0]
    s2 = play(s1, f'P1 play "{second}"')
    assert len(s2.zones["hand.0"]) == 1 + draws[0] + draws[1]
    if hq == "Signal Tower":
        s3 = position(superhero="Vela the Unbowed", hq=hq, location="Greyhollow Ward",
                      supervillain="Baron Ashfall", hand=["Weighted Baton", "Surge"],
                      deck=["Jab", "Jab"])
        s3 = play(s3, 'P1 play "Weighted Baton"', 'P1 play "Surge"')  # no second draw
        assert names(s3, "hand.0") == ["Jab"]
    elif hq == "Orbital Lookout":
        s2 = play(s2, 'P1 play "Eager Rookie"')  # a second Hero: no second draw
        assert len(s2.zones["hand.0"]) == 1
