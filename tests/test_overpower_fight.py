"""OverPower's fight (docs/rulings.md, OverPower): every kind of attack and its usability
test, Defensive Actions, Teamwork and Ally follow-ups, Doubleshots, Specials, passing and
the end of a battle, hits, the Cumulative and Spectrum KOs (the Fusion Rule), KOs and the
Reserve."""

from __future__ import annotations

from overpower_helpers import GAME, fight, legal_texts, names, play, refusal, sink

VEIL = sink(p2=["gloaming-abbess", "mothwick", "sorrowgale", "embertongue"])
VEIL2 = {"front": ["The Gloaming Abbess", "Mothwick", "Sorrowgale"], "reserve": ["Embertongue"]}


def meters(t, seat: int) -> dict:
    return GAME.positions.to_json(t.state)[f"P{seat + 1}"]["meters"]


# -- attacks and their usability tests -------------------------------------------------------------
def test_a_power_card_needs_the_rating():
    t = fight({"hand": ["Energy 7", "Energy 8", "MultiPower 5 (E/F/I)", "Any-Power 6"]}, {})
    texts = legal_texts(t)
    assert 'P1 attack "Energy 7" as energy by "Saltbright" > "Flintmother"' in texts
    assert not any('"Energy 8"' in x for x in texts)
    assert refusal(t, 'P1 attack "Energy 8" as energy by "Saltbright" > "Flintmother"') == (
        "Saltbright cannot use Energy 8: Saltbright's Energy rating is 7 (a card's value "
        "must not exceed the rating).")
    multi = {x.split(" as ")[1].split(" by ")[0] for x in texts
             if '"MultiPower 5 (E/F/I)" as' in x and '"Saltbright"' in x}
    assert multi == {"energy", "intellect"}  # Fighting 3 is too low
    assert any('"Any-Power 6" by "Saltbright"' in x for x in texts)  # highest rating 7
    assert any('"Any-Power 6" by "Keel Marrow"' in x for x in texts)  # his Strength 7


def test_the_rule_books_blocked_basic_universe_attack():
    t = fight({"hand": ["Energy 4", "Storm Jar"]}, {"hand": ["Strength 8"]})
    play(t, 'P1 attack "Energy 4" + "Storm Jar" as energy by "Saltbright" > "Flintmother"')
    assert "Energy 4 + Storm Jar 3 + Saltbright's ability 1 = 8" in t.log_text()
    play(t, 'P2 defend "Strength 8" by "Flintmother"')
    assert names(t, "pack.0") == ["Energy 4"] and names(t, "dead.0") == ["Storm Jar"]
    assert names(t, "pack.1") == ["Strength 8"] and not names(t, "hits.1")


def test_a_universe_bonus_is_not_part_of_the_hit():
    t = fight({"hand": ["Energy 4", "Storm Jar"]}, {})
    play(t, 'P1 attack "Energy 4" + "Storm Jar" as energy by "Saltbright" > "Flintmother"',
         "P2 take")
    assert names(t, "hits.1") == ["Energy 4"] and names(t, "dead.0") == ["Storm Jar"]
    assert GAME.positions.to_json(t.state)["P1"]["venture_total"] == 4


def test_training_uses_one_type_rated_five_or_less():
    t = fight({}, {"hand": ["Back-Alley Boxing", "Strength 5", "Fighting 5"]}, turn="P2")
    texts = [x for x in legal_texts(t) if "Back-Alley Boxing" in x]
    # Cobble Jack: Strength 5 qualifies (Fighting 7 does not); Flintmother: Fighting 5
    assert 'P2 attack "Strength 5" + "Back-Alley Boxing" as strength by "Cobble Jack" > ' \
        '"Saltbright"' in texts
    assert not any('"Fighting 5" + "Back-Alley Boxing" as fighting by "Cobble Jack"' in x
                   for x in texts)
    assert refusal(t, 'P2 attack "Fighting 5" + "Back-Alley Boxing" as fighting by '
                      '"Cobble Jack" > "Saltbright"') == \
        "Back-Alley Boxing is used only in a type rated 5 or less: Cobble Jack's Fighting " \
        "rating is 7."
    play(t, 'P2 attack "Strength 5" + "Back-Alley Boxing" as strength by "Cobble Jack" > '
            '"Saltbright"')
    assert "Strength 5 + Back-Alley Boxing 3 + Cobble Jack's ability 1 = 9" in t.log_text()


def test_teamwork_and_its_follow_ups():
    t = fight({"hand": ["Pincer Move", "Strength 5", "Energy 4", "Fighting 2"]}, {})
    play(t, 'P1 teamwork "Pincer Move" by "Gannet Vey" > "Cobble Jack"', "P2 take")
    texts = legal_texts(t)
    assert "P1 finish" not in texts  # at least one follow-up
    assert refusal(t, "P1 finish") == (
        "Pincer Move owes at least one follow-up attack by a teammate of Gannet Vey: a "
        "Teamwork card is played only with one.")
    assert not any('by "Gannet Vey"' in x for x in texts)  # not its own teammate
    assert refusal(t, 'P1 follow "Energy 4" as energy by "Gannet Vey" > "Cobble Jack"') == (
        "Gannet Vey played Pincer Move: its follow-ups are made by teammates (a character "
        "is not their own teammate).")
    assert not any('"Fighting 2"' in x for x in texts)  # only the printed types
    assert refusal(t, 'P1 follow "Fighting 2" as fighting by "Keel Marrow" > "Cobble Jack"') \
        == "Pincer Move is followed up only with Strength or Energy (the types printed on it)."
    play(t, 'P1 follow "Strength 5" as strength by "Keel Marrow" > "Flintmother"', "P2 take")
    assert "P1 finish" in legal_texts(t)
    assert not any('by "Keel Marrow"' in x or "as strength" in x for x in legal_texts(t))
    assert refusal(t, 'P1 follow "Energy 4" as energy by "Keel Marrow" > "Cobble Jack"') == \
        "Keel Marrow has already followed up Pincer Move: each follow-up is by another teammate."
    assert refusal(t, 'P1 follow "Fighting 2" as strength by "Saltbright" > "Cobble Jack"') \
        == ("Pincer Move has already been followed up with Strength: each follow-up is of a "
            "different type.")
    play(t, 'P1 follow "Energy 4" as energy by "Saltbright" > "Cobble Jack"', "P2 take")
    log = t.log_text()
    assert "Strength 5 + Pincer Move follow-up 2 = 7" in log
    assert "Energy 4 + Pincer Move follow-up 2 + Saltbright's ability 1 = 7" in log
    assert GAME.positions.to_json(t.state)["P1"]["venture_total"] == 15
    assert t.state.actor == 1 and t.state.phase == "fight"


def test_teamwork_needs_a_possible_follow_up():
    t = fight({"hand": ["Pincer Move", "Fighting 2"]}, {})
    assert refusal(t, 'P1 teamwork "Pincer Move" by "Gannet Vey" > "Cobble Jack"') == \
        "Pincer Move needs a teammate who can follow up with Strength or Energy."


def test_teamwork_follow_ups_of_any_types_with_the_option():
    t = fight({"hand": ["Pincer Move", "Fighting 2", "Intellect 3"]}, {},
              options={"teamwork_types": "any_distinct"})
    play(t, 'P1 teamwork "Pincer Move" by "Gannet Vey" > "Cobble Jack"', "P2 take",
         'P1 follow "Intellect 3" as intellect by "Saltbright" > "Cobble Jack"', "P2 take")
    assert "Intellect 3 = " not in t.log_text()  # no bonus for a type not printed
    assert 'P1 follow "Fighting 2" as fighting by "Keel Marrow" > "Cobble Jack"' in \
        legal_texts(t)


def test_an_ally_needs_a_teammate_who_plays_a_special():
    t = fight({"hand": ["Harbour Pilot", "Diving Kick"]}, {})
    play(t, 'P1 ally "Harbour Pilot" by "Saltbright" > "Flintmother"', "P2 take")
    assert legal_texts(t) == [f'P1 special "Diving Kick" as fighting by "Gannet Vey" > "{x}"'
                              for x in ("Flintmother", "Cobble Jack", "Tallow Pike")]
    assert refusal(t, "P1 stop") == ("Harbour Pilot owes a Special played by a Front Line "
                                     "teammate of Saltbright: an Ally card is played only "
                                     "with one.")
    t = fight({"hand": ["Harbour Pilot", "Energy 3"]}, {})
    assert refusal(t, 'P1 ally "Harbour Pilot" by "Saltbright" > "Flintmother"') == \
        "Harbour Pilot needs a Front Line teammate who can play a Special now."


def test_any_character_limitation_on_ally_follow_ups():
    hand = {"hand": ["Harbour Pilot", "Duck and Cover", "Cheap Shot"]}
    assert any(x.startswith("P1 ally") for x in legal_texts(fight(dict(hand), {})))
    t = fight(dict(hand), {}, options={"any_character_limitation": True})
    assert not any(x.startswith("P1 ally") for x in legal_texts(t))
    assert refusal(t, 'P1 ally "Harbour Pilot" by "Saltbright" > "Flintmother"') == (
        "Harbour Pilot needs a Front Line teammate who can play a Special now: with the Any "
        "Character Limitation, an Any Character Special cannot follow an Ally card.")


def test_doubleshot_adds_a_teammates_power_card_and_both_are_hits():
    t = fight({"hand": ["Catapult", "Energy 5"]}, {})
    play(t, 'P1 doubleshot "Catapult" + "Energy 5" from "Saltbright" by "Keel Marrow" > '
            '"Flintmother"')
    assert "Catapult 3 + Energy 5 = 8" in t.log_text()
    play(t, "P2 take")
    assert names(t, "hits.1") == ["Catapult", "Energy 5"]
    assert GAME.positions.to_json(t.state)["P1"]["venture_total"] == 8


def test_a_blocked_doubleshot():
    t = fight({"hand": ["Catapult", "Energy 5"]}, {"hand": ["Strength 8"]})
    play(t, 'P1 doubleshot "Catapult" + "Energy 5" from "Saltbright" by "Keel Marrow" > '
            '"Flintmother"', 'P2 defend "Strength 8" by "Flintmother"')
    assert names(t, "dead.0") == ["Catapult"] and names(t, "pack.0") == ["Energy 5"]


def test_specials_belong_to_their_character_and_ignore_the_grid():
    t = fight({"hand": ["Flare Lance", "Bedrock Slam"]}, {})
    texts = legal_texts(t)
    assert all('by "Saltbright"' in x for x in texts if "Flare Lance" in x)
    assert not any("Bedrock Slam" in x for x in texts)
    assert refusal(t, 'P1 special "Bedrock Slam" as strength by "Keel Marrow" > '
                      '"Flintmother"') == \
        "Bedrock Slam is a Special of another character: only they can play it."


def test_a_special_is_never_played_with_a_universe_card_and_takes_no_multipower():
    t = fight({}, {"hand": ["Brace", "MultiPower 6 (E/F/S)", "Fighting 5", "Knuckle Wraps"]},
              turn="P2")
    braces = [x for x in legal_texts(t) if x.startswith('P2 special "Brace"')]
    assert braces and all('+ "Fighting 5"' in x for x in braces)
    t = fight({}, {"hand": ["Brace", "MultiPower 6 (E/F/S)"]}, turn="P2",
              options={"combination_exclusion": "off"})
    assert any('"Brace" + "MultiPower 6 (E/F/S)"' in x for x in legal_texts(t))


# -- defence ---------------------------------------------------------------------------------------
def test_any_type_blocks_any_type_and_equal_is_enough():
    t = fight({"hand": ["Strength 5"]}, {"hand": ["Fighting 5", "Fighting 3", "Knuckle Wraps"]})
    play(t, 'P1 attack "Strength 5" as strength by "Keel Marrow" > "Cobble Jack"')
    assert legal_texts(t) == ['P2 take', 'P2 defend "Fighting 5" by "Cobble Jack"',
                              'P2 defend "Fighting 5" + "Knuckle Wraps" by "Cobble Jack"',
                              'P2 defend "Fighting 3" + "Knuckle Wraps" by "Cobble Jack"']
    assert refusal(t, 'P2 defend "Fighting 3" by "Cobble Jack"') == \
        "Fighting 3 is too low to block an attack of 5 (equal or higher blocks; any type " \
        "blocks any type)."
    play(t, 'P2 defend "Fighting 3" + "Knuckle Wraps" by "Cobble Jack"')
    assert names(t, "pack.0") == ["Strength 5"] and names(t, "pack.1") == ["Fighting 3"]
    assert names(t, "dead.1") == ["Knuckle Wraps"]


def test_a_teammate_defends_only_with_a_guard_ability():
    t = fight({}, {"hand": ["Strength 5"]}, turn="P2",
              P1={"front": ["Saltbright", "Keel Marrow", "Gannet Vey"],
                  "reserve": ["Almoner Quill"], "hand": ["Fighting 6", "Energy 6"]})
    play(t, 'P2 attack "Strength 5" as strength by "Cobble Jack" > "Saltbright"')
    texts = legal_texts(t)
    assert 'P1 defend "Fighting 6" by "Gannet Vey"' in texts  # Wingman, once a battle
    assert 'P1 defend "Energy 6" by "Keel Marrow"' not in texts
    assert refusal(t, 'P1 defend "Energy 6" by "Keel Marrow"') == (
        "Only the attacked character may defend (Cobble Jack is attacking Saltbright): drop "
        "the card on Saltbright.")
    play(t, 'P1 defend "Fighting 6" by "Gannet Vey"')
    assert t.state.guarded == (t.state.zones["front.0"][2],)


def test_attacks_with_no_value_are_stopped_only_by_avoid_or_negate():
    t = fight({"hand": ["Strength 8", "Slip the Net", "Duck and Cover"]}, {}, turn="P2",
              catalog=VEIL, P2={**VEIL2, "hand": ["Hush", "Energy 3"]})
    play(t, 'P2 special "Hush" by "The Gloaming Abbess" > "Gannet Vey"')
    assert legal_texts(t) == ["P1 take", 'P1 defend "Slip the Net" by "Gannet Vey"']
    play(t, "P1 take")
    assert len(names(t, "hand.0")) == 1 and names(t, "dead.1") == ["Hush"]


def test_a_special_only_avoid_or_negate_can_stop():
    t = fight({"hand": ["Flare Lance"]}, {"hand": ["Strength 8", "Stone Skin"]})
    play(t, 'P1 special "Flare Lance" as energy by "Saltbright" > "Flintmother"')
    assert legal_texts(t) == ["P2 take", 'P2 defend "Stone Skin" by "Flintmother"']


# -- passing and the end of a battle ---------------------------------------------------------------
def test_two_passes_in_a_row_end_the_battle():
    t = fight({"hand": ["Energy 5"]}, {"hand": ["Strength 5"]})
    play(t, "P1 pass", 'P2 attack "Strength 5" as strength by "Flintmother" > "Saltbright"',
         "P1 take", "P1 pass")
    assert t.state.battle == 1
    play(t, "P2 pass")
    assert t.state.battle == 2 and "both players passed in turn" in t.log_text()


def test_strict_passing():
    t = fight({"hand": ["Energy 5"]}, {}, options={"passing": "strict"})
    assert refusal(t, "P1 pass") == \
        "With strict passing you may pass only when no card in your hand can attack."
    t = fight({"placed": {"Saltbright": ["Energy 5"]}}, {}, options={"passing": "strict"})
    assert "P1 pass" in legal_texts(t)  # Placed cards may be saved for later


def test_a_battle_ends_when_a_front_line_is_empty():
    t = fight({"hand": ["Energy 7"]}, {"front": ["Flintmother"], "reserve": ["Pumice Dell"],
                                       "record": {"Flintmother": ["Fighting 7", "Energy 6"]}})
    play(t, 'P1 attack "Energy 7" as energy by "Saltbright" > "Flintmother"', "P2 take")
    s = t.state
    assert s.battle == 2 and names(t, "front.1") == ["Pumice Dell"]
    assert "has no Front Line characters" in t.log_text()


# -- hits and KOs ----------------------------------------------------------------------------------
def test_cumulative_ko_counts_the_permanent_record():
    t = fight({"hand": ["Fighting 2"]},
              {"record": {"Cobble Jack": ["Fighting 7", "Fighting 6"]},
               "hits": {"Cobble Jack": ["Fighting 5"]}, "placed": {"Cobble Jack": ["Fighting 3"]},
               "hand": ["Brace"]})
    assert meters(t, 1)["Cobble Jack"] == "\u03a3 18/20 \u00b7 F"
    play(t, 'P1 attack "Fighting 2" as fighting by "Gannet Vey" > "Cobble Jack"', "P2 take")
    s = t.state
    assert "Cobble Jack is KO'd: Cumulative KO (20 of 20)" in t.log_text()
    assert "Cobble Jack" in names(t, "defeated.1")
    assert "Fighting 3" in names(t, "pack.1")                       # Placed cards go
    assert {"Fighting 7", "Fighting 6"} <= set(names(t, "pack.0"))   # the record goes home
    assert names(t, "hits.1") == ["Fighting 5", "Fighting 2"]        # this battle's stay
    assert "Brace" in names(t, "hand.1")                            # kept, to bluff
    assert not any("Brace" in x for x in legal_texts(t))
    assert refusal(t, 'P2 special "Brace" by "Cobble Jack"') == (  # not "no card ..."
        "Cobble Jack is KO'd: a KO'd character's cards may stay in your hand until the "
        "battle ends, but none of them can be played any more.")
    assert refusal(t, 'P2 special "Brace" by "Flintmother"') == (   # nor by a teammate
        "Brace is Cobble Jack's Special and Cobble Jack is KO'd: a KO'd character's cards "
        "may stay in your hand until the battle ends, but none of them can be played any "
        "more.")
    assert s.zones["hits.1"] and GAME.positions.to_json(s)["P1"]["venture_total"] == 7


def test_a_character_with_a_higher_ko_number():
    t = fight({}, {"hand": ["Strength 6"]}, turn="P2",
              P1={"front": ["Saltbright", "Keel Marrow", "Gannet Vey"],
                  "reserve": ["Almoner Quill"],
                  "record": {"Keel Marrow": ["Strength 8", "Strength 7"]}})
    play(t, 'P2 attack "Strength 6" as strength by "Flintmother" > "Keel Marrow"', "P1 take")
    assert meters(t, 0)["Keel Marrow"] == "\u03a3 21/24 \u00b7 S"


def test_spectrum_ko_with_and_without_the_record():
    side = {"record": {"Cobble Jack": ["Fighting 4"]}, "hits": {"Cobble Jack": ["Energy 2"]}}
    t = fight({"hand": ["Strength 1"]}, dict(side))
    play(t, 'P1 attack "Strength 1" as strength by "Keel Marrow" > "Cobble Jack"', "P2 take")
    assert "Cobble Jack is KO'd: Spectrum KO (EFS)" in t.log_text()
    t = fight({"hand": ["Strength 1"]}, dict(side), options={"spectrum_scope": "current_only"})
    play(t, 'P1 attack "Strength 1" as strength by "Keel Marrow" > "Cobble Jack"', "P2 take")
    assert "KO'd" not in t.log_text()


def test_spectrum_ko_and_the_fusion_rule():
    side = {**VEIL2, "record": {"Mothwick": ["Energy 2", "MultiPower 4 (E/F/S)"]}}
    t = fight({"hand": ["MultiPower 5 (F/S/I)"]}, dict(side), catalog=VEIL)
    play(t, 'P1 attack "MultiPower 5 (F/S/I)" as intellect by "Saltbright" > "Mothwick"',
         "P2 take")
    assert "KO'd" not in t.log_text()  # both MultiPower hits act as one type (F or S)
    assert meters(t, 1)["Mothwick"] == "\u03a3 11/20 \u00b7 E (+1)"
    t = fight({"hand": ["MultiPower 5 (F/S/I)"]}, dict(side), catalog=VEIL,
              options={"fusion_rule": "off"})
    play(t, 'P1 attack "MultiPower 5 (F/S/I)" as intellect by "Saltbright" > "Mothwick"',
         "P2 take")
    assert "Mothwick is KO'd: Spectrum KO (E + 2 MultiPower)" in t.log_text()


def test_any_power_hits_have_no_type_and_spectrum_immunity():
    t = fight({"hand": ["Any-Power 5", "Strength 2"]},
              {"record": {"Flintmother": ["Energy 3", "Fighting 3"]}})
    play(t, 'P1 attack "Any-Power 5" by "Saltbright" > "Flintmother"', "P2 take")
    assert meters(t, 1)["Flintmother"] == "\u03a3 11/20 \u00b7 E F"
    play(t, "P2 pass", 'P1 attack "Strength 2" as strength by "Keel Marrow" > "Flintmother"',
         "P2 take")
    assert "KO'd" not in t.log_text()  # Bedrock: Strength hits never count for her


def test_a_reserve_character_can_neither_act_nor_be_attacked_unless_a_card_says_so():
    t = fight({"hand": ["Energy 3"]}, {"hand": ["Lantern Sweep"]})
    assert refusal(t, 'P1 attack "Energy 3" as energy by "Saltbright" > "Pumice Dell"') == \
        "A Reserve character can be attacked only by cards that say so."
    assert refusal(t, 'P1 attack "Energy 3" as energy by "Almoner Quill" > "Flintmother"') \
        == "The Reserve character may not attack or play cards (unless a card says so)."
    play(t, "P1 pass")
    assert 'P2 special "Lantern Sweep" as energy by "Tallow Pike" > "Almoner Quill"' in \
        legal_texts(t)


def test_the_reserve_moves_up_at_the_start_of_the_next_battle():
    t = fight({"hand": ["Energy 7", "Energy 2"]},
              {"record": {"Tallow Pike": ["Fighting 7", "Strength 6"]}})
    play(t, 'P1 attack "Energy 7" as energy by "Saltbright" > "Tallow Pike"', "P2 take")
    assert names(t, "reserve.1") == ["Pumice Dell"]  # not during the battle of the KO
    play(t, "P2 pass", "P1 pass")
    assert names(t, "front.1") == ["Flintmother", "Cobble Jack", "Pumice Dell"]


def test_any_power_with_a_universe_card_needs_the_rating_in_its_type():
    t = fight({"hand": ["Any-Power 7", "Knuckle Wraps"]}, {})
    texts = legal_texts(t)
    # Keel Marrow: highest rating S7, Fighting 6 (enough for Knuckle Wraps, not for a 7)
    assert 'P1 attack "Any-Power 7" by "Keel Marrow" > "Flintmother"' in texts
    assert not any('"Any-Power 7" + "Knuckle Wraps" as fighting by "Keel Marrow"' in x
                   for x in texts)
    assert refusal(t, 'P1 attack "Any-Power 7" + "Knuckle Wraps" as fighting by "Keel Marrow" '
                      '> "Flintmother"') == (
        "Keel Marrow cannot use Any-Power 7 as Fighting: Keel Marrow's Fighting rating is 6 "
        "(a card's value must not exceed the rating).")
    assert 'P1 attack "Any-Power 7" + "Knuckle Wraps" as fighting by "Gannet Vey" > ' \
        '"Flintmother"' in texts


def test_any_hero_specials_are_not_for_villains():
    t = fight({"hand": ["Stand Together"]}, {},
              catalog=sink(["gloaming-abbess", "saltbright", "keel-marrow", "gannet-vey"]),
              P1={"front": ["The Gloaming Abbess", "Saltbright", "Keel Marrow"],
                  "reserve": ["Gannet Vey"], "hand": ["Stand Together"]})
    texts = legal_texts(t)
    assert 'P1 special "Stand Together" by "Saltbright"' in texts
    assert refusal(t, 'P1 special "Stand Together" by "The Gloaming Abbess"') == \
        "Stand Together is for Any Hero: a character coded V cannot play it."


def test_follow_ups_lapse_when_the_battle_ends():
    t = fight({"hand": ["Pincer Move", "Strength 5"]},
              {"front": ["Cobble Jack"], "reserve": ["Pumice Dell"],
               "record": {"Cobble Jack": ["Fighting 7", "Strength 7"]}})
    play(t, 'P1 teamwork "Pincer Move" by "Gannet Vey" > "Cobble Jack"', "P2 take")
    assert t.state.battle == 2 and "Strength 5" in names(t, "pack.0")


def test_multipower_hits_with_no_common_type_fuse_into_any_printed_type():
    from tabletop.games.overpower.hits import _fused

    assert _fused([(0, 1, 2), (1, 2, 3)]) == (1, 2)
    assert _fused([(0, 1, 2), (0, 1, 2, 3)]) == (0, 1, 2, 3)
    assert _fused([(0, 1, 2), (3,) + (1,)]) == (1,)
    assert _fused([(0, 2, 3), (1,)]) == (0, 1, 2, 3)
