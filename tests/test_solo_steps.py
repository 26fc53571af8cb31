"""Solo Deck-Builder rules, step by step, through the engine with concrete positions.

Each test names the rule it holds (docs/rulings.md, section Solo Deck-Builder)."""

from __future__ import annotations

import pytest
from solo_helpers import (
    GAME,
    STEP_6,
    asking,
    legal,
    lines,
    names,
    play,
    position,
    weaknesses_in,
)

from tabletop.engine.moves import IllegalMove

JABS = ["Jab"] * 7


def start_of_turn(**pos):
    """A position at the start of a turn (steps 1-5 run now), turn 2 unless given."""
    pos.setdefault("turn", 2)
    pos.setdefault("deck", JABS)
    return position(step=1, **pos)


# -- step 1: the location ------------------------------------------------------------------
def test_step_1_flips_a_new_location_and_step_2_trims_the_row_from_the_right():
    s = start_of_turn(location=None, locations=["Glacier Citadel", "Signal Tower"],
                      supervillain="Baron Ashfall",
                      row=["Surge", "Heat Beam", "Night Patrol"], enemy=["Gutter Thug"])
    assert names(s, "location") == ["Glacier Citadel"]
    assert names(s, "location_stack") == ["Signal Tower"]
    assert s.new_location
    assert names(s, "row") == ["Surge", "Heat Beam"]
    assert names(s, "resource_discard") == ["Night Patrol"]
    log = lines(s)
    assert "Step 1: new location Glacier Citadel \u2014 resource row 2, battleground 2, " \
           "supervillain +0" in log
    assert "Step 2: Glacier Citadel holds 2 resources: Night Patrol discarded from the " \
           "right of the row" in log


def test_step_1_keeps_a_face_up_location():
    s = start_of_turn(location="Signal Tower", supervillain="Baron Ashfall",
                      row=["Surge", "Heat Beam", "Night Patrol", "Eager Rookie"],
                      enemy=["Gutter Thug"])
    assert names(s, "location") == ["Signal Tower"] and not s.new_location
    assert not any(line.startswith("Step 1") for line in lines(s))


# -- step 2: the resource row ---------------------------------------------------------------
def test_step_2_fills_the_row_newest_on_the_left():
    s = start_of_turn(location="Greyhollow Ward", supervillain="Baron Ashfall",
                      row=["Surge"], resources=["Heat Beam", "Recon Drone"],
                      enemy=["Gutter Thug"])
    assert names(s, "row") == ["Recon Drone", "Heat Beam", "Surge"]
    assert any(line.startswith("Step 2: Heat Beam and Recon Drone added on the left")
               for line in lines(s))


def test_step_2_loses_when_the_resources_deck_cannot_fill_the_row():
    s = position(location="Greyhollow Ward", supervillain="Baron Ashfall",
                 row=["Surge", "Heat Beam", "Recon Drone"], battleground=["Gutter Thug"],
                 hand=["Jab"], deck=JABS)
    s.zones["resource_discard"].extend(s.zones["resources"])
    s.zones["resources"] = []
    end = play(s, "P1 end")
    assert end.over and end.winners == ()
    assert end.result == ("Step 2: the resources deck is empty and the row needs 1 more "
                          "card: you lose.")
    assert GAME.rules.returns(end) == (0.0,)


# -- step 3: draw five; the four-Weakness loss ---------------------------------------------------
def test_step_3_four_weaknesses_in_the_first_five_lose():
    s = position(location="Greyhollow Ward", supervillain="Baron Ashfall",
                 row=["Surge", "Heat Beam", "Recon Drone"],
                 deck=["Weakness", "Weakness", "Jab", "Weakness", "Weakness", "Jab"])
    end = play(s, "P1 end")
    assert end.over and end.winners == ()
    assert end.result == "Step 3: 4 Weakness cards among the five you drew: you lose."


def test_step_3_extra_draws_come_after_the_check():
    s = position(location="Greyhollow Ward", supervillain="Baron Ashfall",
                 row=["Surge", "Heat Beam", "Recon Drone"], later_draws=1,
                 deck=["Weakness", "Weakness", "Jab", "Weakness", "Jab", "Weakness", "Jab"],
                 enemy=["Gutter Thug"])
    after = play(s, "P1 end")
    assert not after.over
    assert weaknesses_in(after, "hand.0") == 4 and len(after.zones["hand.0"]) == 6
    assert after.later_draws == 0
    assert any(line.startswith("Step 3: 1 more card owed by Defense cards and powers")
               for line in lines(after))


def test_step_3_shuffles_the_discard_pile_when_the_deck_runs_out():
    s = position(location="Greyhollow Ward", supervillain="Baron Ashfall",
                 row=["Surge", "Heat Beam", "Recon Drone"], deck=["Jab", "Jab"],
                 hand=["Cold Feet"], discard=["Surge", "Night Patrol", "Jab"],
                 enemy=["Gutter Thug"])
    after = play(s, "P1 end")
    assert len(after.zones["hand.0"]) == 5 and len(after.zones["deck.0"]) == 1
    assert "Your deck is empty: the discard pile is shuffled to make a new one" in lines(after)


# -- step 4: the supervillain --------------------------------------------------------------------
def test_step_4_reveals_the_supervillain_and_its_attack_happens_once():
    s = start_of_turn(location="Greyhollow Ward", supervillain=None,
                      supervillains=["Baron Ashfall", "Doctor Dice"],
                      battleground=["Masked Fence"], row=["Surge", "Heat Beam", "Recon Drone"],
                      enemy=["Gutter Thug", "Riot Drone"])
    assert names(s, "supervillain") == ["Baron Ashfall"]
    assert weaknesses_in(s, "discard.0") == 1
    log = lines(s)
    assert "Step 4: supervillain Baron Ashfall is revealed (cost 8 + 2 here) and attacks" \
        in log
    assert "Baron Ashfall's attack: 1 Weakness for you" in log
    after = play(s, "P1 end")  # next turn: it is face up, so no second attack
    assert not any("Baron Ashfall's attack" in line for line in lines(after))


def test_the_first_turn_reveals_without_attack_and_adds_no_villain():
    s = start_of_turn(turn=1, location=None, locations=["Greyhollow Ward"],
                      supervillain=None, battleground=[], enemy=["Toxin Tinker"],
                      supervillains=["Baron Ashfall"])
    assert names(s, "supervillain") == ["Baron Ashfall"]
    assert s.zones["battleground"] == [] and weaknesses_in(s, "discard.0") == 0
    assert "Step 4: supervillain Baron Ashfall is revealed (cost 8 + 2 here); no attack " \
           "on the first turn" in lines(s)


# -- step 5: villains, their attacks, overflow, recycling ---------------------------------------
def test_step_5_a_villain_joins_on_the_left_and_attacks():
    s = start_of_turn(location="Greyhollow Ward", supervillain="Baron Ashfall",
                      battleground=["Gutter Thug", "Rust Brute"], enemy=["Toxin Tinker"],
                      row=["Surge", "Heat Beam", "Recon Drone"])
    assert names(s, "battleground") == ["Toxin Tinker", "Gutter Thug", "Rust Brute"]
    assert weaknesses_in(s, "discard.0") == 1
    log = lines(s)
    assert "Step 5: Toxin Tinker (cost 3) joins the battleground on the left and attacks" in log
    assert "Toxin Tinker's attack: 1 Weakness for you" in log


def test_step_5_overflow_pushes_out_several_villains_from_the_right():
    # a new location with a smaller battleground: two villains too many after the arrival
    s = start_of_turn(location=None, locations=["Glacier Citadel"], supervillain=None,
                      supervillains=["Countess Vire"],
                      battleground=["Riot Drone", "Gutter Thug", "Rust Brute"],
                      enemy=["Masked Fence"], row=["Surge", "Heat Beam"])
    assert names(s, "battleground") == ["Masked Fence", "Riot Drone"]
    assert names(s, "defeated") == ["Rust Brute", "Gutter Thug"]
    assert weaknesses_in(s, "discard.0") == 2
    assert "Step 5: Glacier Citadel holds 2 villains: Rust Brute and Gutter Thug pushed out " \
           "from the right to the defeated pile, 2 Weaknesses for you" in lines(s)


def test_step_5_attacks_resolve_before_overflow():
    # Chain Marauder brings a friend; then the battleground of 3 overflows by one
    s = start_of_turn(location="Greyhollow Ward", supervillain="Baron Ashfall",
                      battleground=["Gutter Thug", "Rust Brute"],
                      enemy=["Chain Marauder", "Riot Drone"],
                      row=["Surge", "Heat Beam", "Recon Drone"])
    assert names(s, "battleground") == ["Riot Drone", "Chain Marauder", "Gutter Thug"]
    assert names(s, "defeated") == ["Rust Brute"]
    assert weaknesses_in(s, "discard.0") == 1


def test_step_5_reshuffles_the_defeated_villains_when_the_enemy_deck_is_empty():
    s = position(location="Signal Tower", supervillain="Baron Ashfall",
                 row=["Surge", "Heat Beam", "Recon Drone", "Night Patrol"], deck=JABS)
    s.zones["defeated"] = s.zones["enemy"]
    s.zones["enemy"] = []
    count = len(s.zones["defeated"])
    after = play(s, "P1 end")
    assert after.zones["battleground"] and after.zones["defeated"] == []
    assert len(after.zones["enemy"]) + len(after.zones["battleground"]) == count
    assert f"The enemy deck is empty: {count} defeated villains shuffled into a new enemy " \
           "deck" in lines(after)


# -- step 6: the player's turn ----------------------------------------------------------------
def test_step_6_play_buy_and_defeat():
    s = position(location="Greyhollow Ward", supervillain="Baron Ashfall",
                 row=["Surge", "Heat Beam", "Recon Drone"], battleground=["Rust Brute"],
                 hand=["Jab", "Jab", "Stun Gauntlets", "Cold Feet"])
    assert legal(s) == ['P1 play "Jab"', 'P1 play "Jab#2"', 'P1 play "Stun Gauntlets"',
                        "P1 end"]
    s = play(s, 'P1 play "Stun Gauntlets"', 'P1 play "Jab"', 'P1 play "Jab"')
    assert s.power == 5
    s = play(s, 'P1 buy "Heat Beam"')
    assert s.power == 1 and names(s, "discard.0") == ["Heat Beam"]
    assert names(s, "row") == ["Surge", "Recon Drone"]  # any card, wherever it sits
    with pytest.raises(IllegalMove, match=r"^Rust Brute costs 3 Power to defeat; you have 1"):
        play(s, 'P1 defeat "Rust Brute"')
    with pytest.raises(IllegalMove, match="does nothing when played"):
        play(s, 'P1 play "Cold Feet"')


def test_step_6_the_supervillain_costs_its_cost_plus_the_location_modifier():
    s = position(location="Greyhollow Ward", supervillain="Baron Ashfall", power=9,
                 row=["Surge", "Heat Beam", "Recon Drone"], hand=["Jab"])
    with pytest.raises(IllegalMove) as err:
        play(s, 'P1 defeat "Baron Ashfall"')
    assert err.value.reason == ("Baron Ashfall costs 8 + 2 (Greyhollow Ward) = 10 Power; "
                                "you have 9.")
    s = play(s, 'P1 play "Jab"', 'P1 defeat "Baron Ashfall"')
    assert s.power == 0 and names(s, "destroyed") == ["Baron Ashfall"]


def test_step_6_haymaker_pile_is_always_for_sale():
    s = position(location="Greyhollow Ward", supervillain="Baron Ashfall", power=3,
                 row=["Gravity Slam", "Power Core", "Sky Ranger"])
    s = play(s, 'P1 buy "Haymaker"')
    assert names(s, "discard.0") == ["Haymaker"] and s.power == 0
    assert len(s.zones["kicks"]) == 15


# -- step 7: the villains attack the resource row ---------------------------------------------
def test_step_7_each_villain_destroys_the_rightmost_resource():
    s = position(location="Greyhollow Ward", supervillain="Baron Ashfall",
                 row=["Surge", "Heat Beam", "Recon Drone"],
                 battleground=["Gutter Thug", "Rust Brute"], deck=JABS, enemy=["Riot Drone"])
    after = play(s, "P1 end")
    assert names(after, "resource_discard") == ["Recon Drone", "Heat Beam"]
    assert "Step 7: 2 villains attack the resource row: Recon Drone and Heat Beam discarded " \
           "from the right" in lines(after)
    assert weaknesses_in(after, "discard.0", "hand.0", "deck.0") == 0


def test_step_7_more_villains_than_resources_gives_a_weakness_each():
    s = position(location="Signal Tower", supervillain="Baron Ashfall",
                 row=["Night Patrol"], battleground=["Gutter Thug", "Rust Brute", "Riot Drone"],
                 hand=["Smoke Pellets"], deck=JABS, enemy=["Masked Fence"])
    s = play(s, "P1 end")
    # paused in step 7: two villains found no resource; the first Weakness waits
    assert s.step == 7 and s.pending == asking("defend", "a villain found no resource to destroy")
    assert names(s, "resource_discard") == ["Night Patrol"]
    assert "Step 7: 2 villains more than the resources: 2 Weaknesses for you" in lines(s)
    s = play(s, 'P1 defend "Smoke Pellets"')
    assert weaknesses_in(s, "discard.0", "hand.0", "deck.0") == 1
    assert s.step == 6 and s.turn == 3


def test_after_step_7_hand_and_played_cards_are_discarded():
    s = position(location="Greyhollow Ward", supervillain="Baron Ashfall",
                 row=["Surge", "Heat Beam", "Recon Drone"], battleground=["Masked Fence"],
                 hand=["Jab", "Cold Feet"], deck=JABS, enemy=["Gutter Thug"])
    s = play(s, 'P1 play "Jab"', "P1 end")
    assert sorted(names(s, "discard.0")) == ["Cold Feet", "Jab"]
    assert names(s, "played.0") == [] and len(s.zones["hand.0"]) == 5 and s.power == 0


# -- securing a location --------------------------------------------------------------------
def secure_position(**extra):
    pos = dict(location="Greyhollow Ward", supervillain="Baron Ashfall", power=20,
               locations=["Glacier Citadel", "Signal Tower"],
               supervillains=["The Emberlich", "Doctor Dice"],
               row=["Surge", "Heat Beam", "Recon Drone"],
               battleground=["Gutter Thug", "Rust Brute"],
               deck=JABS + ["Night Patrol"] * 2 + ["Stun Gauntlets"] * 2,
               enemy=["Riot Drone", "Masked Fence", "Gloom Hound", "Smash Sibling"])
    pos.update(extra)
    return position(**pos)


def test_securing_a_location_free_defeat_then_hq_or_secured_stack():
    s = play(secure_position(), 'P1 defeat "Baron Ashfall"')
    assert names(s, "destroyed") == ["Baron Ashfall"] and s.power == 10
    assert s.pending == asking("free_defeat")
    assert legal(s) == ['P1 free-defeat "Gutter Thug"', 'P1 free-defeat "Rust Brute"']
    s = play(s, 'P1 free-defeat "Rust Brute"')
    assert names(s, "defeated") == ["Rust Brute"]
    assert legal(s) == ['P1 hq "Greyhollow Ward"', 'P1 stack "Greyhollow Ward"']
    s = play(s, 'P1 stack "Greyhollow Ward"')
    assert names(s, "secured.0") == ["Greyhollow Ward"] and s.location is None
    # the turn goes on, with no active location and no supervillain to fight
    assert s.step == 6 and s.supervillain is None
    assert 'P1 buy "Heat Beam"' in legal(s)


def test_extra_villains_on_the_next_new_location_ignore_the_cap_that_turn():
    s = play(secure_position(), 'P1 defeat "Baron Ashfall"', 'P1 free-defeat "Rust Brute"',
             'P1 stack "Greyhollow Ward"', "P1 end")
    # Glacier Citadel (battleground 2): 1 villain + 1 for the Secured stack = 3 villains
    assert names(s, "location") == ["Glacier Citadel"] and s.new_location
    assert names(s, "battleground") == ["Masked Fence", "Riot Drone", "Gutter Thug"]
    assert weaknesses_in(s, "discard.0", "hand.0") == 0
    log = lines(s)
    assert ("Step 5: a new location and 1 location in your Secured stack: 1 more villain, "
            "and the battleground may hold more than 2 this turn") in log
    assert "Step 5: 3 villains in a battleground for 2: allowed this turn" in log
    # the next turn the cap is back: 4 villains for 2 places, 2 pushed out
    s = play(s, "P1 end")
    assert names(s, "battleground") == ["Gloom Hound", "Masked Fence"]
    assert "Step 5: Glacier Citadel holds 2 villains: Gutter Thug and Riot Drone pushed out " \
           "from the right to the defeated pile, 2 Weaknesses for you" in lines(s)


def test_an_hq_works_and_replacing_it_sends_the_old_one_to_the_secured_stack():
    s = play(secure_position(hq="Orbital Lookout", battleground=["Gutter Thug"]),
             'P1 defeat "Baron Ashfall"')
    assert names(s, "defeated") == ["Gutter Thug"]  # the only villain: defeated for free
    s = play(s, 'P1 hq "Greyhollow Ward"')
    assert names(s, "hq.0") == ["Greyhollow Ward"]
    assert names(s, "secured.0") == ["Orbital Lookout"]
    # Greyhollow Ward as HQ: the first villain defeated each turn draws a card
    s = position(hq="Greyhollow Ward", location="Glacier Citadel", supervillain="Doctor Dice",
                 power=4, battleground=["Gutter Thug", "Masked Fence"], hand=[],
                 deck=["Surge", "Jab"], row=["Surge", "Heat Beam"])
    s = play(s, 'P1 defeat "Gutter Thug"')
    assert names(s, "hand.0") == ["Surge"]
    s = play(s, 'P1 defeat "Masked Fence"')
    assert names(s, "hand.0") == ["Surge"]  # once a turn


def test_securing_the_fifth_location_wins():
    s = position(location="Signal Tower", supervillain="Professor Null", locations=[],
                 supervillains=[], hq="Glacier Citadel",
                 secured=["Greyhollow Ward", "The Hidden Grotto", "Orbital Lookout"],
                 power=15, battleground=[], row=["Surge", "Heat Beam"])
    assert legal(s)[-2:] == ['P1 defeat "Professor Null"', "P1 end"]
    s = play(s, 'P1 defeat "Professor Null"')
    assert not s.over and s.pending == asking("secure", s.location)
    assert "No villain in the battleground to defeat for free" in lines(s)
    s = play(s, 'P1 stack "Signal Tower"')
    assert s.over and s.winners == (0,) and GAME.rules.returns(s) == (1.0,)
    assert s.result == "You secured the fifth location (Signal Tower): you win!"


# -- Defense cards -----------------------------------------------------------------------------
def test_a_defense_card_prevents_a_weakness_and_its_draws_wait_for_step_3():
    s = start_of_turn(location="Greyhollow Ward", supervillain="Baron Ashfall",
                      deck=["Kinetic Vest"] + JABS + ["Stun Gauntlets"] * 2,
                      enemy=["Toxin Tinker", "Gutter Thug"],
                      row=["Surge", "Heat Beam", "Recon Drone"])
    assert s.step == 5 and s.pending == asking("defend", "Toxin Tinker's attack")
    assert legal(s) == ['P1 defend "Kinetic Vest"', "P1 accept"]
    s = play(s, 'P1 defend "Kinetic Vest"')
    assert names(s, "discard.0") == ["Kinetic Vest"] and s.later_draws == 2
    assert len(s.zones["hand.0"]) == 4  # no draw now
    assert ("Kinetic Vest (Defense) is discarded and prevents the Weakness (Toxin Tinker's "
            "attack); 2 cards more at the next step 3") in lines(s)
    s = play(s, "P1 end")
    assert len(s.zones["hand.0"]) == 7 and s.later_draws == 0


def test_accepting_the_weakness():
    s = start_of_turn(location="Greyhollow Ward", supervillain="Baron Ashfall",
                      deck=["Iron Skin"] + JABS, enemy=["Toxin Tinker"],
                      row=["Surge", "Heat Beam", "Recon Drone"])
    s = play(s, "P1 accept")
    assert weaknesses_in(s, "discard.0") == 1 and names(s, "hand.0").count("Iron Skin") == 1


def test_a_defense_card_played_in_step_6_cannot_defend_in_step_7():
    s = position(location="Greyhollow Ward", supervillain="Baron Ashfall", row=[],
                 battleground=["Gutter Thug"], hand=["Iron Skin", "Arc Shield"], deck=JABS)
    s = play(s, 'P1 play "Arc Shield"', "P1 end")
    assert s.pending == asking("defend", "a villain found no resource to destroy")
    assert legal(s) == ['P1 defend "Iron Skin"', "P1 accept"]  # Arc Shield was played
    s2 = play(position(location="Greyhollow Ward", supervillain="Baron Ashfall", row=[],
                       battleground=["Gutter Thug"], hand=["Iron Skin"], deck=JABS,
                       enemy=["Masked Fence"]),
              'P1 play "Iron Skin"', "P1 end")
    assert s2.pending == STEP_6 and weaknesses_in(s2, "discard.0", "hand.0", "deck.0") == 1


def test_defense_during_step_6_against_a_location_condition():
    s = position(location="Glacier Citadel", supervillain="Countess Vire", power=2,
                 row=["Weighted Baton", "Surge"], hand=["Bulwark Brother"])
    s = play(s, 'P1 buy "Weighted Baton"')
    assert s.pending == asking("defend", "Glacier Citadel condition: you gained Equipment "
                                   "Weighted Baton")
    s = play(s, 'P1 defend "Bulwark Brother"')
    assert s.later_draws == 1 and weaknesses_in(s, "discard.0") == 0 and s.step == 6


# -- the conditions of the five locations --------------------------------------------------------
def test_greyhollow_ward_two_villains_when_the_battleground_is_empty():
    s = start_of_turn(location="Greyhollow Ward", supervillain="Baron Ashfall",
                      battleground=[], enemy=["Gutter Thug", "Riot Drone"],
                      row=["Surge", "Heat Beam", "Recon Drone"])
    assert names(s, "battleground") == ["Riot Drone", "Gutter Thug"]
    assert "Greyhollow Ward condition: the battleground is empty, so 2 villains arrive " \
           "instead of 1" in lines(s)
    s = start_of_turn(location="Greyhollow Ward", supervillain="Baron Ashfall",
                      battleground=["Masked Fence"], enemy=["Gutter Thug", "Riot Drone"],
                      row=["Surge", "Heat Beam", "Recon Drone"])
    assert names(s, "battleground") == ["Gutter Thug", "Masked Fence"]


def test_hidden_grotto_the_first_use_of_the_hero_power_each_turn_brings_a_weakness():
    s = position(superhero="Brass Tinker", location="The Hidden Grotto",
                 supervillain="Baron Ashfall", row=["Surge", "Heat Beam", "Recon Drone"],
                 hand=["Weighted Baton", "Stun Gauntlets", "Weighted Baton", "Jab"])
    s = play(s, 'P1 play "Jab"')
    assert weaknesses_in(s, "discard.0") == 0  # no power used yet
    s = play(s, 'P1 play "Weighted Baton"')
    assert s.power == 1 + 2 + 1 and weaknesses_in(s, "discard.0") == 1
    assert "You take a Weakness (The Hidden Grotto condition: the first use of your " \
           "superhero's power this turn); it goes to your discard pile" in lines(s)
    s = play(s, 'P1 play "Stun Gauntlets"')
    assert s.power == 4 + 3 + 1 and weaknesses_in(s, "discard.0") == 1
    s = play(s, 'P1 play "Weighted Baton"')  # the same Equipment again: no power
    assert s.power == 8 + 2


def test_glacier_citadel_each_equipment_gained_brings_a_weakness():
    s = position(location="Glacier Citadel", supervillain="Countess Vire", power=10,
                 row=["Weighted Baton", "Surge"])
    s = play(s, 'P1 buy "Surge"')
    assert weaknesses_in(s, "discard.0") == 0
    s = play(s, 'P1 buy "Weighted Baton"')
    assert weaknesses_in(s, "discard.0") == 1
    s = play(s, 'P1 buy "Haymaker"')  # a Super Power
    assert weaknesses_in(s, "discard.0") == 1


def test_signal_tower_destroys_equipment_and_super_powers_after_the_attack():
    s = position(location="Signal Tower", supervillain="Baron Ashfall",
                 row=["Night Patrol", "Surge", "Weighted Baton", "Eager Rookie"],
                 battleground=["Gutter Thug"], deck=JABS, enemy=["Riot Drone"])
    s = play(s, "P1 end")
    assert names(s, "resource_discard") == ["Eager Rookie"]
    assert names(s, "destroyed") == ["Surge", "Weighted Baton"]
    assert "Signal Tower condition: 2 Equipment or Super Power cards destroyed after the " \
           "villains' attack: Surge and Weighted Baton" in lines(s)
    assert names(s, "row")[-1] == "Night Patrol"  # the Hero stays


def test_orbital_lookout_each_super_power_gained_brings_a_weakness():
    s = position(location="Orbital Lookout", supervillain="Countess Vire", power=10,
                 row=["Night Patrol", "Weighted Baton", "Surge"])
    s = play(s, 'P1 buy "Night Patrol"', 'P1 buy "Weighted Baton"')
    assert weaknesses_in(s, "discard.0") == 0
    s = play(s, 'P1 buy "Haymaker"')
    assert weaknesses_in(s, "discard.0") == 1
    assert "You take a Weakness (Orbital Lookout condition: you gained Super Power " \
           "Haymaker); it goes to your discard pile" in lines(s)


def test_location_traits_only_apply_to_the_active_location():
    # after securing, no location is active: Glacier Citadel's condition is gone
    s = play(secure_position(location="Glacier Citadel", supervillain="Countess Vire",
                             locations=["Signal Tower"], supervillains=["Doctor Dice"],
                             row=["Weighted Baton", "Surge"]),
             'P1 defeat "Countess Vire"', 'P1 free-defeat "Gutter Thug"',
             'P1 stack "Glacier Citadel"', 'P1 buy "Weighted Baton"')
    assert weaknesses_in(s, "discard.0") == 0 and s.location is None
