"""Brawl set-up and the sequence of play, scenario by scenario."""

from __future__ import annotations

import pytest
from brawl_helpers import card, hp, knocked_out, log, play, table, zone_names

from tabletop.engine.moves import IllegalMove, Move
from tabletop.engine.state import HIDDEN
from tabletop.games import GAMES


def refused(session, text: str) -> str:
    before = session.state
    with pytest.raises(IllegalMove) as exc:
        session.play_text(text)
    assert session.state is before
    return exc.value.reason


# -- set-up ---------------------------------------------------------------------------------

def test_every_opening_hand_has_a_character_and_redeals_are_shown(brawl, fixture_cards):
    redeals = 0
    for seed in range(300):
        s = brawl.rules.new_state(fixture_cards, {}, seed)
        for seat in range(2):
            hand = s.zones[f"hand.{seat}"]
            assert len(hand) == 6
            assert any(s.info[c].kind == "character" for c in hand)
        lines = [text for text, _ in s.events]
        redeals += sum("no Character" in line for line in lines)
        assert len(s.all_cards()) == len(s.cards)
    assert redeals > 0  # with 12 of 31 cards characters, some hands have none


def _picks(brawl, catalog, p1: str, p2: str):
    s = brawl.rules.new_state(catalog, {}, 3)
    pool = s.zones["hand.0"] + s.zones["hand.1"] + s.zones["deck"]
    byname = {s.name(c): c for c in pool}
    s.zones["deck"] = [c for c in pool if c not in (byname[p1], byname[p2])]
    s.zones["hand.0"] = [byname[p1]]
    s.zones["hand.1"] = [byname[p2]]
    s = brawl.play(s, Move("pick", 0, byname[p1], "play.0"))
    # P1's choice is face down: P2's view does not show it
    view = brawl.rules.view(s, 1)
    assert view.zones["play.0"] == [HIDDEN]
    assert brawl.rules.view(s, 0).zones["play.0"] == [byname[p1]]
    s = brawl.play(s, Move("pick", 1, byname[p2], "play.1"))
    assert not s.facedown
    return s


def test_the_most_villainous_character_goes_first(brawl, fixture_cards):
    assert _picks(brawl, fixture_cards, "Beamer", "Slowpoke").current == 1  # gray > hero
    assert _picks(brawl, fixture_cards, "Quickblade", "Slowpoke").current == 0  # villain
    # same side: the name later in the alphabet goes first
    assert _picks(brawl, fixture_cards, "Beamer", "Guardian").current == 1
    assert _picks(brawl, fixture_cards, "Thug", "Brute").current == 0


def test_the_first_player_draws_and_health_sliders_are_set(brawl, fixture_cards):
    s = _picks(brawl, fixture_cards, "Quickblade", "Slowpoke")
    assert s.phase == "main" and s.actor == 0
    assert len(s.zones["hand.0"]) == 1  # the one card drawn in step 1
    assert sorted(s.hp.values()) == [6, 10]


# -- steps 2 and 3 ------------------------------------------------------------------------

def test_condition_before_character_one_of_each(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Brute"], "P2": ["Beamer"]},
                              "hands": {"P1": ["Mud", "Fog", "Guardian", "Medic"]}})
    play(t, 'P1 condition "Mud"')
    assert refused(t, 'P1 condition "Fog"') == "Only one Condition may be played per turn."
    play(t, 'P1 character "Guardian"')
    assert refused(t, 'P1 character "Medic"') == \
        "Only one Character may be put into play per turn."
    assert zone_names(t, "conditions") == ["Mud"]
    assert zone_names(t, "play.0") == ["Brute", "Guardian"]


def test_no_condition_once_a_character_came_into_play(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "hands": {"P1": ["Mud", "Guardian"]}})
    play(t, 'P1 character "Guardian"')
    assert "Conditions come before Characters" in refused(t, 'P1 condition "Mud"')


def test_a_team_holds_at_most_five(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "hands": {"P1": ["Thug"]},
                              "play": {"P1": ["Brute", "Guardian", "Medic", "Beamer",
                                              "Lurker"]}})
    assert refused(t, 'P1 character "Thug"') == "A team may have at most five Characters in play."


def test_opposite_conditions_discard_each_other(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "conditions": ["Mud", "Fog"],
                              "hands": {"P1": ["Adrenaline"]}})
    play(t, 'P1 condition "Adrenaline"')
    assert zone_names(t, "conditions") == ["Fog"]
    assert sorted(zone_names(t, "discard")) == ["Adrenaline", "Mud"]
    assert "cancel each other out" in log(t)


def test_instant_conditions(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "conditions": ["Mud", "Fog"],
                              "hands": {"P1": ["Clear Skies"]}})
    play(t, 'P1 condition "Clear Skies" > "Fog"')
    assert zone_names(t, "conditions") == ["Mud"]
    assert sorted(zone_names(t, "discard")) == ["Clear Skies", "Fog"]
    t = table(fixture_cards, {"turn": "P1", "hands": {"P1": ["Rally"]},
                              "play": {"P1": [{"card": "Beamer", "health": 0}, "Brute"],
                                       "P2": [{"card": "Guardian", "health": 3}]}})
    play(t, 'P1 condition "Rally"')
    assert hp(t, "Beamer") == 2 and not knocked_out(t, "Beamer")  # Heroes heal 2, revived
    assert hp(t, "Guardian") == 5  # a Hero of the other team too: Conditions take no side
    assert hp(t, "Brute") == 11


# -- the attack chain ------------------------------------------------------------------------

def test_attack_counter_attack_and_counter_counter_attack(fixture_cards):
    t = table(fixture_cards, {"turn": "P1",
                              "play": {"P1": ["Brute", "Thug"], "P2": ["Guardian", "Medic"]}})
    play(t, 'P1 attack "Brute" > "Guardian"')
    assert t.state.actor == 1 and t.state.phase == "chain"
    assert "already in a match-up" in refused(t, 'P2 attack "Medic" > "Brute"')
    play(t, 'P2 attack "Medic" > "Thug"')
    # P1 was counter-attacked but has nobody free: the chain is over
    assert t.state.phase in ("outside", "declare")
    assert [[t.state.name(a), t.state.name(b)] for a, b in t.state.mu.items()] == \
        [["Brute", "Guardian"], ["Medic", "Thug"]]


def test_the_chain_stops_when_a_player_passes(fixture_cards):
    t = table(fixture_cards, {"turn": "P1",
                              "play": {"P1": ["Brute", "Thug"], "P2": ["Guardian", "Medic"]}})
    play(t, 'P1 attack "Brute" > "Guardian"', "P2 pass")
    assert len(t.state.mu) == 1
    # nobody fighting has a heal or team power: straight to the attacker's declaration
    assert t.state.phase == "declare" and t.state.actor == 0


def test_knocked_out_characters_cannot_attack_or_be_attacked(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {
        "P1": ["Brute", {"card": "Thug", "knocked_out": True}],
        "P2": ["Guardian", {"card": "Medic", "knocked_out": True}]}})
    assert refused(t, 'P1 attack "Thug" > "Guardian"') == \
        "A knocked-out Character cannot attack or be attacked."
    assert refused(t, 'P1 attack "Brute" > "Medic"') == \
        "A knocked-out Character cannot attack or be attacked."


def test_declarations_order_outside_then_attackers_then_attacked(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Brute", "Slowpoke"],
                                                     "P2": ["Medic", "Guardian"]}})
    play(t, 'P1 attack "Brute" > "Medic"', 'P2 attack "Guardian" > "Slowpoke"')
    assert t.state.phase == "outside" and t.state.actor == 0  # Slowpoke may heal early
    play(t, "P1 pass")
    assert t.state.phase == "outside" and t.state.actor == 1  # so may Medic
    play(t, "P2 pass")
    order = []
    while t.state.phase == "declare":
        c = t.state.pending.data[0][0]
        order.append(t.state.name(c))
        moves = [m for m in t.legal_moves() if m.kind == "declare"]
        t.play(moves[0])
    assert order == ["Brute", "Guardian", "Medic", "Slowpoke"]


def test_a_heal_not_declared_in_step_7_cannot_be_declared_later(fixture_cards):
    """Ruling 16: a power that reaches outside the match-up is declared in step 7 or not
    at all; in steps 10-11 only the fighter's other powers remain."""
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Slowpoke",
                                                            {"card": "Brute", "health": 5}],
                                                     "P2": ["Guardian"]}})
    play(t, 'P1 attack "Slowpoke" > "Guardian"')
    assert t.state.phase == "outside"
    play(t, "P1 pass")
    assert t.state.phase == "declare" and t.state.pending.data[0][0] == card(t, "Slowpoke")
    assert {m.choice for m in t.legal_moves()} == {0, 2}  # Crush, Nudge: no Soothe
    assert refused(t, 'P1 declare "Slowpoke" "Soothe" > "Brute"') == (
        "Soothe reaches outside the match-up (a heal or a team effect): such powers are "
        "declared in step 7, before the attackers declare, and that chance has passed.")
    play(t, 'P1 declare "Slowpoke" "Nudge"')
    assert t.state.pending.data[0][0] == card(t, "Guardian")


def test_a_heal_declared_in_step_7_happens_and_is_not_asked_again(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Slowpoke",
                                                            {"card": "Brute", "health": 5}],
                                                     "P2": ["Guardian"]}})
    play(t, 'P1 attack "Slowpoke" > "Guardian"', 'P1 declare "Slowpoke" "Soothe" > "Brute"')
    assert t.state.phase == "declare" and t.state.pending.data[0][0] == card(t, "Guardian")
    play(t, 'P2 declare "Guardian" "Block"', "P1 resolve")
    assert hp(t, "Brute") == 9


def test_a_fighter_with_only_outside_powers_that_passed_declares_nothing(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Mender"], "P2": ["Guardian"]}})
    play(t, 'P1 attack "Mender" > "Guardian"', "P1 pass")
    assert t.state.phase == "declare" and t.state.pending.data[0][0] == card(t, "Guardian")
    play(t, 'P2 declare "Guardian" "Bash"', "P1 resolve")
    assert hp(t, "Mender") == 3


def test_a_character_declares_only_in_a_matchup_and_only_once(fixture_cards, brawl):
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Brute", "Slowpoke"],
                                                     "P2": ["Guardian"]}})
    play(t, 'P1 attack "Brute" > "Guardian"')
    assert refused(t, 'P1 declare "Slowpoke" "Crush"') == \
        "A Character can declare a power only if it is in a match-up this turn."
    play(t, 'P1 declare "Brute" "Slam"')
    assert refused(t, 'P1 declare "Brute" "Stomp"').startswith("It is P2's move")


# -- end of the turn ------------------------------------------------------------------------------

def test_hand_limit_discard_then_the_turn_passes_left(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Brute"], "P2": ["Guardian"]},
                              "hands": {"P1": ["Mud", "Fog", "Sunshine", "Adrenaline", "Thug",
                                               "Lurker", "Medic"]}})
    play(t, "P1 pass")
    assert t.state.phase == "end"
    play(t, "P1 end")
    assert t.state.phase == "discard"
    assert refused(t, "P1 end") == "Not now: P1: discard 2 cards (hand limit five)"
    play(t, 'P1 discard "Mud"', 'P1 discard "Fog"')
    assert len(t.state.zones["hand.0"]) == 5
    assert t.state.current == 1 and t.state.phase == "main"
    assert len(t.state.zones["hand.1"]) == 1  # P2 drew


def test_ending_the_turn_with_everyone_knocked_out_loses(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": [{"card": "Beamer", "health": 1}],
                                                     "P2": ["Quickblade"]}})
    play(t, 'P1 attack "Beamer" > "Quickblade"', 'P1 declare "Beamer" "Beam"',
         'P2 declare "Quickblade" "Quick Cut"', "P1 resolve", "P1 end")
    assert t.state.over and t.state.winners == (1,)
    assert "every Character of P1 is knocked out" in t.state.result


def test_the_opponent_being_all_knocked_out_is_not_checked_on_my_turn(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Quickblade"],
                                                     "P2": [{"card": "Beamer", "health": 1}]}})
    play(t, 'P1 attack "Quickblade" > "Beamer"', 'P1 declare "Quickblade" "Quick Cut"',
         'P2 declare "Beamer" "Beam"', "P1 resolve", "P1 end")
    assert not t.state.over and t.state.current == 1  # P2 gets a turn to recover


def test_no_characters_in_play_is_not_a_loss_without_delay_of_game(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {"P2": ["Brute"]}})
    play(t, "P1 pass", "P1 end")
    assert not t.state.over


def test_empty_draw_pile_more_standing_characters_wins(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "deck": [], "play": {
        "P1": ["Brute", "Thug"], "P2": ["Guardian", {"card": "Medic", "health": 0}]}})
    t.state.zones["discard"].extend(t.state.zones["deck"])
    t.state.zones["deck"].clear()
    play(t, "P1 pass", "P1 end")
    assert t.state.over and t.state.winners == (0,)
    assert "P1 2, P2 1" in t.state.result


def test_empty_draw_pile_equal_standing_characters_is_a_draw(fixture_cards, brawl):
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Brute"], "P2": ["Guardian"]}})
    t.state.zones["discard"].extend(t.state.zones["deck"])
    t.state.zones["deck"].clear()
    play(t, "P1 pass", "P1 end")
    assert t.state.over and t.state.winners == ()
    assert brawl.rules.returns(t.state) == (0.5, 0.5)


# -- Interruptions ---------------------------------------------------------------------------------

def test_interruptions_return_revive_cancel_break(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Brute", "Thug"],
                                                     "P2": ["Guardian", "Beamer",
                                                            {"card": "Medic", "health": 0}]},
                              "hands": {"P2": ["Recall", "Rise", "Jam", "Split"]}})
    play(t, 'P1 attack "Brute" > "Guardian"', 'P2 attack "Beamer" > "Thug"')
    play(t, 'P1 declare "Brute" "Slam"', 'P2 interrupt "Jam" > "Brute"')
    assert card(t, "Brute") in t.state.cancelled and card(t, "Brute") not in t.state.power
    play(t, 'P2 declare "Beamer" "Beam"', 'P2 interrupt "Rise" > "Medic"')
    assert hp(t, "Medic") == 3 and not knocked_out(t, "Medic")
    play(t, 'P2 interrupt "Split" > "Thug"')
    assert card(t, "Thug") in t.state.withdrawn and len(t.state.mu) == 1
    play(t, 'P2 interrupt "Recall" > "Brute"')
    assert "Brute" in zone_names(t, "hand.0") and card(t, "Brute") not in t.state.hp
    assert not t.state.mu  # Guardian's match-up is gone with Brute
    # nobody is fighting any more: no damage step; P1 may end the turn
    assert t.state.phase == "end" and t.state.actor == 0
    assert zone_names(t, "discard")[-4:] == ["Jam", "Rise", "Split", "Recall"]


def test_interruptions_draw_discard_and_conditions(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "conditions": ["Mud"],
                              "hands": {"P1": ["Scout", "Pickpocket", "Dispel"],
                                        "P2": ["Thug", "Lurker"]}})
    play(t, 'P1 interrupt "Scout"')
    assert len(t.state.zones["hand.0"]) == 4
    play(t, 'P1 interrupt "Pickpocket"')
    assert len(t.state.zones["hand.1"]) == 1
    play(t, 'P1 interrupt "Dispel" > "Mud"')
    assert zone_names(t, "conditions") == []


def test_response_windows_only_for_players_holding_interruptions(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Brute"], "P2": ["Guardian"]},
                              "hands": {"P2": ["Bandage"]}})
    play(t, 'P1 attack "Brute" > "Guardian"')
    assert t.state.phase == "respond" and t.state.actor == 1  # answering the attack
    play(t, "P2 pass", 'P1 declare "Brute" "Slam"', 'P2 declare "Guardian" "Block"')
    assert t.state.phase == "pre" and t.state.actor == 1  # before damage
    play(t, "P2 pass", "P1 resolve")
    assert t.state.phase == "end" and t.state.actor == 1  # before the turn ends
    play(t, 'P2 interrupt "Bandage" > "Guardian"')
    assert hp(t, "Guardian") == 10  # 10 - 4 + 4
    assert t.state.actor == 0  # P2 has nothing left: P1 ends the turn
    t2 = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Brute"], "P2": ["Guardian"]}})
    play(t2, 'P1 attack "Brute" > "Guardian"', 'P1 declare "Brute" "Slam"',
         'P2 declare "Guardian" "Block"')
    assert t2.state.phase == "damage"  # no one holds an Interruption: no window


def test_an_interruption_can_be_played_in_the_opponents_turn(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Brute"], "P2": ["Guardian"]},
                              "hands": {"P2": ["Recall"]}})
    play(t, 'P1 attack "Brute" > "Guardian"', "P2 pass", 'P1 declare "Brute" "Slam"',
         'P2 interrupt "Recall" > "Brute"')
    assert "Brute" in zone_names(t, "hand.0")


# -- ruling 19: answering the current player's moves ---------------------------------------------

def test_a_condition_opens_a_window_for_a_player_holding_an_interruption(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Brute"], "P2": ["Guardian"]},
                              "hands": {"P1": ["Mud", "Beamer"], "P2": ["Dispel"]}})
    play(t, 'P1 condition "Mud"')
    assert t.state.phase == "respond" and t.state.actor == 1
    assert "P2: play an Interruption in answer" in t.game.text.status(t.state, 1)
    play(t, 'P2 interrupt "Dispel" > "Mud"')
    assert zone_names(t, "conditions") == [] and "Mud" in zone_names(t, "discard")
    assert t.state.phase == "main" and t.state.actor == 0  # P2 has nothing left to play
    play(t, 'P1 character "Beamer"')
    assert t.state.phase == "main"  # Dispel is spent: no window


def test_no_window_when_nobody_holds_a_playable_interruption(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Brute"], "P2": ["Guardian"]},
                              "hands": {"P1": ["Mud", "Beamer"], "P2": ["Dispel", "Rise"]}})
    play(t, 'P1 character "Beamer"')  # no Condition in play, nobody knocked out
    assert t.state.phase == "main" and t.state.actor == 0


def test_the_attacked_player_answers_in_the_chain_not_in_a_window(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Brute", "Thug"],
                                                     "P2": ["Guardian", "Beamer"]},
                              "hands": {"P2": ["Recall"]}})
    play(t, 'P1 attack "Brute" > "Guardian"')
    assert t.state.phase == "chain" and t.state.actor == 1  # Beamer may counter-attack
    assert any(m.kind == "interrupt" for m in t.legal_moves())


def test_three_way_the_third_player_may_answer_an_attack(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Brute"], "P2": ["Guardian"],
                                                     "P3": ["Beamer"]},
                              "hands": {"P3": ["Split"]}}, options={"three_way": True})
    play(t, 'P1 attack "Brute" > "Guardian"')
    assert t.state.phase == "respond" and t.state.actor == 2
    play(t, 'P3 interrupt "Split" > "Guardian"')
    assert card(t, "Guardian") in t.state.withdrawn and not t.state.mu


def test_games_saved_under_the_first_rules_replay_under_them(brawl, brawl_cards):
    """A game saved before rules version 2 (no response windows, late step-7 powers)
    loads, replays every move and goes on under its own rules."""
    from pathlib import Path

    from tabletop.engine.saves import read_save, session_from_dict

    path = Path(__file__).parent / "fixtures" / "saves" / "brawl-ruleset-1.json"
    data = read_save(path, GAMES)
    assert "ruleset" not in data
    session, _ = session_from_dict(data, brawl, brawl_cards)
    assert len(session.moves) == len(data["moves"]) and session.ruleset == 1
    assert session.state.ruleset == 1
    late = [text for text in data["moves"] if "Mend the Faithful" in text]
    assert late, "the fixture holds a heal declared in steps 10-11"


def test_a_fighter_whose_opponent_left_may_still_declare_a_heal_early(fixture_cards):
    """Ruling 17: in a match-up earlier this turn counts for step 7 declarations."""
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Slowpoke",
                                                            {"card": "Brute", "health": 5}],
                                                     "P2": ["Beamer", "Guardian"]},
                              "hands": {"P2": ["Recall"]}})
    play(t, 'P1 attack "Slowpoke" > "Beamer"', 'P2 interrupt "Recall" > "Beamer"', "P2 pass")
    assert t.state.phase == "outside" and t.state.actor == 0
    assert "only powers that reach outside" in refused(t, 'P1 declare "Slowpoke" "Crush"')
    play(t, 'P1 declare "Slowpoke" "Soothe" > "Brute"', "P1 resolve")
    assert hp(t, "Brute") == 9


def test_a_team_heal_may_target_itself_or_any_teammate_even_knocked_out(fixture_cards):
    """Ruling 18: heal targets are the healer's own team, knocked out or not."""
    t = table(fixture_cards, {"turn": "P1", "play": {
        "P1": ["Medic", {"card": "Beamer", "health": 0}], "P2": ["Brute", "Guardian"]}})
    play(t, 'P1 attack "Medic" > "Brute"')  # P2 has no one to counter-attack
    targets = {t.state.name(m.target) for m in t.legal_moves()
               if m.kind == "declare" and m.target is not None}
    assert targets == {"Medic", "Beamer"}


# -- set-up from a scenario position (issue 10) --------------------------------------------------

def test_setup_position_redeals_a_hand_without_a_character(fixture_cards, brawl):
    t = table(fixture_cards, {"phase": "setup", "hands": {
        "P1": ["Brute", "Mud", "Fog", "Recall", "Rise", "Jam"],
        "P2": ["Adrenaline", "Sunshine", "Split", "Bandage", "Scout", "Dispel"]}})
    s = t.state
    assert s.phase == "pick" and s.actor == 0
    assert "P2 shows a hand with no Character" in log(t)
    for seat in (0, 1):
        assert any(s.info[c].kind == "character" for c in s.zones[f"hand.{seat}"])
    assert len(s.zones["hand.0"]) == len(s.zones["hand.1"]) == 6
    assert brawl.positions.to_json(s)["redealt"] >= 1


def test_setup_position_picks_are_hidden_until_both_are_placed(fixture_cards, brawl):
    t = table(fixture_cards, {"phase": "setup", "hands": {
        "P1": ["Guardian", "Mud", "Fog", "Recall", "Rise", "Jam"],
        "P2": ["Brute", "Sunshine", "Split", "Bandage", "Scout", "Dispel"]}})
    assert brawl.positions.to_json(t.state)["redealt"] == 0
    play(t, 'P1 pick "Guardian"')
    assert brawl.rules.view(t.state, 1).zones["play.0"] == [HIDDEN]
    assert "pick (face down)" in t.log_text(1)
    assert "Guardian" not in t.log_text(1)
    play(t, 'P2 pick "Brute"')
    assert t.state.current == 1  # the Villain is more villainous than the Hero
    assert brawl.rules.view(t.state, 1).zones["play.0"] == [card(t, "Guardian")]
