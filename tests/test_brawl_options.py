"""Every optional rule of Brawl and the documented combinations."""

from __future__ import annotations

from brawl_helpers import knocked_out, log, play, table, zone_names


def knocked_out_turn(cards, options, p1_extra=(), deck=("Mud", "Fog")):
    """P1's only standing Character is knocked out at the end of P1's turn."""
    t = table(cards, {"turn": "P1", "deck": list(deck),
                      "play": {"P1": [{"card": "Beamer", "health": 1}, *p1_extra],
                               "P2": ["Quickblade"]}}, options)
    play(t, 'P1 attack "Beamer" > "Quickblade"', 'P1 declare "Beamer" "Zap"',
         'P2 declare "Quickblade" "Quick Cut"', "P1 resolve", "P1 end")
    return t


def test_maybe_help_gives_one_more_turn_then_loses(fixture_cards):
    t = knocked_out_turn(fixture_cards, {"maybe_help": True})
    assert not t.state.over and 0 in t.state.reprieve
    assert "help may arrive" in log(t)
    play(t, "P2 pass", "P2 end")  # P2 draws Mud
    play(t, "P1 pass", "P1 end")  # P1 drew Fog: no one to bring in
    assert t.state.over and t.state.winners == (1,)


def test_maybe_help_a_new_character_saves_the_day(fixture_cards):
    t = knocked_out_turn(fixture_cards, {"maybe_help": True}, deck=("Mud", "Guardian"))
    play(t, "P2 pass", "P2 end", 'P1 character "Guardian"', "P1 pass", "P1 end")
    assert not t.state.over and 0 not in t.state.reprieve


def test_maybe_help_needs_fewer_than_five_in_play(fixture_cards):
    down = [{"card": n, "health": 0} for n in ("Medic", "Guardian", "Lurker", "Resonator")]
    t = knocked_out_turn(fixture_cards, {"maybe_help": True}, p1_extra=down)
    assert t.state.over and t.state.winners == (1,)


def test_without_maybe_help_the_loss_is_immediate(fixture_cards):
    t = knocked_out_turn(fixture_cards, {})
    assert t.state.over and t.state.winners == (1,)


def test_delay_of_game(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "deck": ["Mud", "Fog", "Sunshine"],
                              "play": {"P2": ["Brute"]}}, {"delay_of_game": True})
    play(t, "P1 pass", "P1 end")
    assert not t.state.over and "Delay of Game" in log(t)
    play(t, "P2 pass", "P2 end", "P1 pass", "P1 end")
    assert t.state.over and t.state.winners == (1,)
    assert "Delay of Game" in t.state.result


def test_delay_of_game_count_restarts_when_a_character_comes_in(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "deck": ["Mud", "Guardian", "Fog", "Sunshine"],
                              "play": {"P2": ["Brute"]}}, {"delay_of_game": True})
    play(t, "P1 pass", "P1 end", "P2 pass", "P2 end",
         'P1 character "Guardian"', 'P1 pass', "P1 end")
    assert not t.state.over and t.state.empty_turns[0] == 0


def test_more_actions_needs_the_option(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Medic", {"card": "Beamer",
                                                                      "health": 0}],
                                                     "P2": ["Brute"]}})
    import pytest

    from tabletop.engine.moves import IllegalMove

    with pytest.raises(IllegalMove) as exc:
        t.play_text('P1 aid "Medic" > "Beamer"')
    assert "More Actions" in exc.value.reason


def test_render_aid_fails_if_the_hero_is_knocked_out(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {
        "P1": [{"card": "Medic", "health": 2}, {"card": "Beamer", "health": 0}],
        "P2": ["Quickblade"]}}, {"more_actions": True})
    play(t, 'P1 aid "Medic" > "Beamer"', 'P2 attack "Quickblade" > "Medic"', "P1 pass",
         'P2 declare "Quickblade" "Quick Cut"', 'P1 declare "Medic" "Poke"', "P1 resolve")
    assert knocked_out(t, "Medic") and knocked_out(t, "Beamer")
    assert "Medic was knocked out: no aid" in log(t)


def test_only_the_right_side_takes_each_action(fixture_cards):
    import pytest

    from tabletop.engine.moves import IllegalMove

    t = table(fixture_cards, {"turn": "P1", "play": {
        "P1": ["Brute", "Grayman", {"card": "Beamer", "health": 0}]}}, {"more_actions": True})
    with pytest.raises(IllegalMove) as exc:
        t.play_text('P1 aid "Grayman" > "Beamer"')
    assert exc.value.reason == "Only Heroes can render aid."


def test_picking_sides_builds_personal_piles(brawl, fixture_cards):
    s = brawl.rules.new_state(fixture_cards, {"picking_sides": "heroes"}, 4)
    mine = s.zones["deck.0"] + s.zones["hand.0"]
    theirs = s.zones["deck.1"] + s.zones["hand.1"]
    sides = lambda cards: {s.info[c].side for c in cards if s.info[c].kind == "character"}  # noqa
    assert sides(mine) == {"hero", "gray"} and sides(theirs) == {"villain", "gray"}
    heroes = [c for c in mine if s.info[c].side == "hero"]
    assert len(heroes) == 5  # every Hero of the set
    assert "deck" not in s.zones
    assert abs(len(mine) - len(theirs)) <= 2


def test_picking_sides_ends_when_the_next_player_cannot_draw(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Brute", "Thug"],
                                                     "P2": ["Guardian"]}},
              {"picking_sides": "heroes"})
    t.state.zones["discard"].extend(t.state.zones["deck.1"])
    t.state.zones["deck.1"].clear()
    play(t, "P1 pass", "P1 end")
    assert t.state.over and t.state.winners == (0,)


def test_three_way_counter_attack_may_target_either_player(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {"P1": ["Brute", "Grayman"],
                                                     "P2": ["Guardian", "Medic"],
                                                     "P3": ["Lurker", "Thug"]}},
              {"three_way": True})
    play(t, 'P1 attack "Brute" > "Guardian"')
    assert t.state.actor == 1
    play(t, 'P2 attack "Medic" > "Lurker"')  # the counter-attack goes to the third player
    assert t.state.actor == 2  # ...who may now attack someone
    play(t, 'P3 pass')
    assert t.state.phase in ("outside", "declare")


def test_three_way_more_actions_opportunity_goes_to_the_uninvolved_player(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "play": {
        "P1": ["Brute"], "P2": ["Guardian"], "P3": ["Lurker", "Grayman"]}},
        {"three_way": True, "more_actions": True})
    play(t, 'P1 attack "Brute" > "Lurker"')
    assert t.state.actor == 2
    play(t, 'P3 thwart "Grayman" > "Brute"')
    assert t.state.actor == 1  # not P1 (who attacked) nor P3 (who acted)
    t = table(fixture_cards, {"turn": "P1", "play": {
        "P1": ["Medic", {"card": "Beamer", "health": 0}], "P2": ["Guardian"], "P3": ["Thug"]}},
        {"three_way": True, "more_actions": True})
    play(t, 'P1 aid "Medic" > "Beamer"')
    assert t.state.actor == 1  # an opening action: the player on the left answers


def test_three_way_elimination_and_victory(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "deck": ["Mud", "Fog", "Sunshine"], "play": {
        "P1": [{"card": "Beamer", "health": 1}], "P2": ["Quickblade"],
        "P3": [{"card": "Thug", "health": 0}]}}, {"three_way": True})
    play(t, 'P1 attack "Beamer" > "Quickblade"', 'P1 declare "Beamer" "Zap"',
         'P2 declare "Quickblade" "Quick Cut"', "P1 resolve", "P1 end")
    assert not t.state.over and t.state.eliminated == {0}
    assert t.state.current == 1
    play(t, "P2 pass", "P2 end")  # P3 (all knocked out) now plays...
    assert t.state.current == 2
    play(t, "P3 pass", "P3 end")
    assert t.state.over and t.state.winners == (1,)


def test_picking_sides_with_three_players_gives_each_a_side(brawl, fixture_cards):
    s = brawl.rules.new_state(fixture_cards, {"picking_sides": "heroes", "three_way": True}, 9)
    for seat, side in enumerate(("hero", "villain", "gray")):
        cards = s.zones[f"deck.{seat}"] + s.zones[f"hand.{seat}"]
        assert {s.info[c].side for c in cards if s.info[c].kind == "character"} == {side}


def test_maybe_help_in_three_way(fixture_cards):
    t = table(fixture_cards, {"turn": "P1", "deck": ["Mud", "Fog", "Sunshine", "Adrenaline"],
                              "play": {"P1": [{"card": "Beamer", "health": 1}],
                                       "P2": ["Quickblade"], "P3": ["Brute"]}},
              {"three_way": True, "maybe_help": True})
    play(t, 'P1 attack "Beamer" > "Quickblade"', 'P1 declare "Beamer" "Zap"',
         'P2 declare "Quickblade" "Quick Cut"', "P1 resolve", "P1 end")
    assert not t.state.eliminated and 0 in t.state.reprieve
    play(t, "P2 pass", "P2 end", "P3 pass", "P3 end", "P1 pass", "P1 end")
    assert t.state.eliminated == {0} and not t.state.over
    assert zone_names(t, "play.0") == ["Beamer"]
