"""Damage resolution, steps A-G, through the engine with concrete positions."""

from __future__ import annotations

import pytest
from brawl_helpers import hp, knocked_out, log, play, table

from tabletop.engine.moves import IllegalMove


def duel(cards, p1, p2, hands=None, options=None, conditions=()):
    return table(cards, {"turn": "P1", "play": {"P1": p1, "P2": p2},
                         "hands": hands or {}, "conditions": list(conditions)}, options)


def test_fast_attacker_knocks_out_a_normal_one_before_it_deals_damage(fixture_cards):
    t = duel(fixture_cards, ["Quickblade"], ["Beamer"])
    play(t, 'P1 attack "Quickblade" > "Beamer"',
         'P1 declare "Quickblade" "Quick Cut"', 'P2 declare "Beamer" "Beam"')
    assert t.state.phase == "damage"
    play(t, "P1 resolve")
    assert hp(t, "Beamer") == 0 and knocked_out(t, "Beamer")
    assert hp(t, "Quickblade") == 6  # Beamer's normal damage never landed
    assert "Beamer was knocked out earlier and deals no damage" in log(t)


def test_normal_damage_is_simultaneous(fixture_cards):
    t = duel(fixture_cards, ["Brute"], ["Beamer"])
    play(t, 'P1 attack "Brute" > "Beamer"', 'P1 declare "Brute" "Slam"',
         'P2 declare "Beamer" "Beam"', "P1 resolve")
    assert hp(t, "Beamer") == 1  # 5 - 4
    assert hp(t, "Brute") == 7  # 11 - 4, dealt at the same time


def test_fast_blows_in_the_same_step_both_land(fixture_cards):
    t = duel(fixture_cards, [{"card": "Quickblade", "health": 1}], ["Beamer"])
    play(t, 'P1 attack "Quickblade" > "Beamer"', 'P1 declare "Quickblade" "Quick Cut"',
         'P2 declare "Beamer" "Zap"', "P1 resolve")
    assert knocked_out(t, "Quickblade") and knocked_out(t, "Beamer")


def test_slow_damage_lands_last_and_not_from_the_knocked_out(fixture_cards):
    t = duel(fixture_cards, ["Quickblade"], [{"card": "Slowpoke", "health": 4}])
    play(t, 'P1 attack "Quickblade" > "Slowpoke"',
         "P2 pass",  # step 7: Slowpoke could declare its heal early; P2 does not
         'P1 declare "Quickblade" "Fling"', 'P2 declare "Slowpoke" "Crush"', "P1 resolve")
    # Fling (ranged, step D) takes Slowpoke from 4 to 2; Crush lands in F
    assert hp(t, "Slowpoke") == 2
    assert hp(t, "Quickblade") == 0 and knocked_out(t, "Quickblade")
    text = log(t)
    assert text.index("D: Quickblade deals 2 to Slowpoke") < text.index(
        "F: Slowpoke deals 6 to Quickblade")


def test_step_a_character_ability(fixture_cards):
    t = duel(fixture_cards, ["Bonecrusher"], ["Slowpoke"])
    play(t, 'P1 attack "Bonecrusher" > "Slowpoke"', "P2 pass", 'P1 declare "Bonecrusher" "Smash"',
         'P2 declare "Slowpoke" "Nudge"', "P1 resolve")
    assert hp(t, "Slowpoke") == 7  # no bonus against a Mental character
    t = duel(fixture_cards, ["Bonecrusher"], ["Lurker"])
    play(t, 'P1 attack "Bonecrusher" > "Lurker"', 'P1 declare "Bonecrusher" "Smash"',
         'P2 declare "Lurker" "Sting"', "P1 resolve")
    assert hp(t, "Lurker") == 2  # 8 - (3 + 3 against Energy)
    assert "A: +3 from Bonecrusher's Hates Sparks" in log(t)


def test_step_b_team_bonus_from_a_declared_power(fixture_cards):
    t = duel(fixture_cards, ["Resonator", "Guardian"], ["Slowpoke", "Thug"])
    play(t, 'P1 attack "Guardian" > "Thug"', 'P2 attack "Slowpoke" > "Resonator"',
         # step 7: the team-wide power is declared first (then P2 declines to heal)
         'P1 declare "Resonator" "Sonic Field"', "P2 pass",
         'P1 declare "Guardian" "Block"', 'P2 declare "Slowpoke" "Nudge"',
         'P2 declare "Thug" "Taunt"', "P1 resolve")
    assert hp(t, "Thug") == 8 - (2 + 1)  # Guardian gets +1 against a Mental character
    assert hp(t, "Slowpoke") == 10 - (2 + 1)  # so does Resonator itself
    assert hp(t, "Guardian") == 10 - 2  # Thug is Mental, but the bonus is for P1's team
    assert "B: +1 from Resonator's Sonic Field" in log(t)


def test_step_b_damage_reduction_for_a_team(fixture_cards):
    t = duel(fixture_cards, ["Beamer", "Lurker"], ["Shade", "Brute"])
    play(t, 'P1 attack "Beamer" > "Brute"', 'P2 attack "Shade" > "Lurker"',
         'P2 declare "Shade" "Dark Veil"',
         'P1 declare "Beamer" "Beam"', 'P2 declare "Brute" "Slam"', 'P1 declare "Lurker" "Sting"',
         "P1 resolve")
    assert hp(t, "Brute") == 11 - (4 - 2)  # Energy damage to Shade's team is 2 less
    assert hp(t, "Shade") == 9 - (3 - 2)


def test_step_c_conditions_and_the_order_of_adjustments(fixture_cards):
    t = duel(fixture_cards, ["Brute"], ["Guardian"], conditions=["Mud"])
    play(t, 'P1 attack "Brute" > "Guardian"', 'P1 declare "Brute" "Stomp"',
         'P2 declare "Guardian" "Block"', "P1 resolve")
    assert hp(t, "Guardian") == 10 - 1  # Stomp 2, Mud -1
    assert hp(t, "Brute") == 11 - 1
    text = log(t)
    assert "C: \u22121 from Mud" in text


def test_adjustments_a_b_c_then_action_penalty_floored_at_zero(fixture_cards):
    """Medic renders aid (an action) and is attacked: its Poke (1) does 2 less -> 0."""
    t = duel(fixture_cards, ["Medic", {"card": "Beamer", "health": 0}], ["Brute"],
             options={"more_actions": True}, conditions=["Mud"])
    play(t, 'P1 aid "Medic" > "Beamer"')
    # the action gives the opponent the chance to counter-attack
    assert t.state.actor == 1 and t.state.phase == "chain"
    play(t, 'P2 attack "Brute" > "Medic"', "P1 pass", 'P2 declare "Brute" "Slam"',
         'P1 declare "Medic" "Poke"', "P1 resolve")
    assert hp(t, "Brute") == 11  # 1 - 2 = -1, floored at 0
    assert hp(t, "Medic") == 7 - (4 - 1)  # Slam 4, Mud -1
    assert hp(t, "Beamer") == 1 and not knocked_out(t, "Beamer")  # aid: at most 1
    assert "floored at 0" in log(t)


def test_healing_after_knock_outs_revives(fixture_cards):
    t = duel(fixture_cards, ["Quickblade", "Brute"], ["Beamer", "Slowpoke"])
    play(t, 'P1 attack "Quickblade" > "Beamer"', 'P2 attack "Slowpoke" > "Brute"',
         'P2 declare "Slowpoke" "Soothe" > "Beamer"',
         'P1 declare "Quickblade" "Quick Cut"', 'P2 declare "Beamer" "Beam"',
         'P1 declare "Brute" "Stomp"', "P1 resolve")
    # Beamer: 5 - 5 (D) = 0, knocked out; healed 4 in G and stands up again
    assert hp(t, "Beamer") == 4 and not knocked_out(t, "Beamer")
    assert hp(t, "Quickblade") == 6  # Beamer was down when normal damage landed
    assert "G: Beamer is back on their feet" in log(t)


def test_a_knocked_out_healer_heals_nothing(fixture_cards):
    t = duel(fixture_cards, ["Quickblade", "Brute"], [{"card": "Slowpoke", "health": 2},
                                                       {"card": "Beamer", "health": 1}])
    play(t, 'P1 attack "Quickblade" > "Slowpoke"', 'P2 pass',
         'P2 declare "Slowpoke" "Soothe" > "Beamer"', 'P1 declare "Quickblade" "Quick Cut"',
         "P1 resolve")
    assert knocked_out(t, "Slowpoke")
    assert hp(t, "Beamer") == 1
    assert "Slowpoke was knocked out: Soothe heals nothing" in log(t)


def test_health_stops_at_zero_and_healing_at_the_printed_health(fixture_cards):
    t = duel(fixture_cards, ["Quickblade", "Brute"],
             [{"card": "Beamer", "health": 2}, {"card": "Slowpoke", "health": 9}])
    play(t, 'P1 attack "Quickblade" > "Beamer"', 'P2 attack "Slowpoke" > "Brute"',
         'P2 declare "Slowpoke" "Soothe" > "Slowpoke"',
         'P1 declare "Quickblade" "Long Chop"', 'P2 declare "Beamer" "Zap"',
         'P1 declare "Brute" "Slam"', "P1 resolve")
    assert hp(t, "Beamer") == 0  # 2 - 7 stops at 0
    assert hp(t, "Slowpoke") == 9  # 9 - 4 + 4, never above 10


def test_gang_up_adds_two_only_while_the_ganger_stands(fixture_cards):
    def start(pass_instead: bool):
        t = duel(fixture_cards, ["Brute", {"card": "Thug", "health": 4}, "Shade"],
                 ["Guardian", "Beamer", "Quickblade"], options={"more_actions": True})
        play(t, 'P1 attack "Brute" > "Guardian"', 'P2 attack "Beamer" > "Shade"',
             'P1 gang "Thug" > "Brute"')
        assert t.state.actor == 1  # after an action the opponent may counter-attack
        if pass_instead:
            play(t, "P2 pass")
        else:
            play(t, 'P2 attack "Quickblade" > "Thug"')
        return t

    t = start(pass_instead=True)
    play(t, "P1 pass",  # Shade's Dark Veil could be declared early; it is not
         'P1 declare "Brute" "Slam"', 'P2 declare "Beamer" "Zap"',
         'P2 declare "Guardian" "Block"', 'P1 declare "Shade" "Grasp"', "P1 resolve")
    assert hp(t, "Guardian") == 10 - (4 + 2)
    t = start(pass_instead=False)
    play(t, "P1 pass", 'P1 declare "Brute" "Slam"', 'P2 declare "Beamer" "Zap"',
         'P2 declare "Quickblade" "Quick Cut"', 'P2 declare "Guardian" "Block"',
         'P1 declare "Shade" "Grasp"', 'P1 declare "Thug" "Taunt"', "P1 resolve")
    assert knocked_out(t, "Thug")  # Quick Cut lands in D
    assert hp(t, "Guardian") == 10 - 4  # no +2: the ganging Villain was down
    assert hp(t, "Quickblade") == 6  # Thug was down anyway (and acting: 2 - 2)
    assert "No gang-up bonus for Brute" in log(t)


def test_thwart_cancels_the_matchups_damage_but_not_other_abilities(fixture_cards):
    t = duel(fixture_cards, ["Guardian"], ["Slowpoke", "Grayman", {"card": "Thug",
                                                                    "health": 3}],
             options={"more_actions": True})
    play(t, 'P1 attack "Guardian" > "Slowpoke"', 'P2 thwart "Grayman" > "Guardian"')
    assert t.state.phase in ("outside", "declare")  # P1 has nobody free to answer
    play(t, 'P2 declare "Slowpoke" "Soothe" > "Thug"', 'P1 declare "Guardian" "Block"',
         "P1 resolve")
    assert hp(t, "Guardian") == 10 and hp(t, "Slowpoke") == 10
    assert hp(t, "Thug") == 7  # the thwarted Slowpoke's healing still works
    assert "Grayman thwarts the match-up of Guardian and Slowpoke" in log(t)


def test_thwart_fails_if_the_thwarter_is_down_before_the_first_damage(fixture_cards):
    t = duel(fixture_cards, ["Guardian", "Quickblade"],
             ["Brute", {"card": "Grayman", "health": 3}], options={"more_actions": True})
    play(t, 'P1 attack "Guardian" > "Brute"', 'P2 thwart "Grayman" > "Guardian"',
         'P1 attack "Quickblade" > "Grayman"', 'P1 declare "Guardian" "Block"',
         'P1 declare "Quickblade" "Quick Cut"', 'P2 declare "Brute" "Slam"',
         'P2 declare "Grayman" "Shove"', "P1 resolve")
    assert knocked_out(t, "Grayman")
    assert hp(t, "Brute") == 11 - 2 and hp(t, "Guardian") == 10 - 4
    assert "E: The thwart of Guardian's match-up fails (the thwarting character is down)" \
        in log(t)


def test_no_interruption_during_damage_resolution(fixture_cards):
    t = duel(fixture_cards, ["Brute"], ["Beamer"], hands={"P2": ["Recall"]})
    play(t, 'P1 attack "Brute" > "Beamer"', "P2 pass",  # P2's window to answer the attack
         'P1 declare "Brute" "Slam"', 'P2 declare "Beamer" "Beam"', "P2 pass")
    assert t.state.phase == "damage"
    before = t.state
    with pytest.raises(IllegalMove) as exc:
        t.play_text('P2 interrupt "Recall" > "Brute"')
    assert exc.value.reason == "Interruptions cannot be played while damage is being resolved."
    assert t.state is before and "Recall" in [t.state.name(c) for c in
                                              t.state.zones["hand.1"]]
