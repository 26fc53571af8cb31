"""OverPower rules before the fight (docs/rulings.md, OverPower): set-up, who goes first,
drawing, every duplicate and Unusable discard, the Special Discard Rule, where discards
go, the Power Pack recycled, and placing."""

from __future__ import annotations

import re

from overpower_helpers import (
    CATALOG,
    GAME,
    RULES,
    card,
    legal_texts,
    names,
    play,
    refusal,
    sink,
    table,
)

from tabletop.engine.session import Session
from tabletop.engine.state import HIDDEN

TEAM1 = {"front": ["Saltbright", "Keel Marrow", "Gannet Vey"], "reserve": ["Almoner Quill"]}
TEAM2 = {"front": ["Flintmother", "Cobble Jack", "Tallow Pike"], "reserve": ["Pumice Dell"]}


def at(phase: str, p1: dict, p2: dict | None = None, **more):
    return table({"phase": phase, "first": "P1", "P1": {**TEAM1, **p1},
                  "P2": {**TEAM2, **(p2 or {})}, **more}, more.pop("options", None))


# -- set-up and who goes first -------------------------------------------------------------------
def test_the_reserve_is_chosen_in_secret_and_revealed_together():
    t = Session(GAME, CATALOG, {}, 5)
    assert t.state.phase == "setup" and t.state.actor == 0
    quill = card(t, "Almoner Quill", 0)
    play(t, 'P1 reserve "Almoner Quill"')
    view = RULES.view(t.state, 1)
    assert view.zones["reserve.0"] == [HIDDEN] and HIDDEN in view.zones["front.0"]
    assert GAME.notation.public_notation(t.states[0], t.moves[0], 1) == \
        "P1 reserve (hidden until both have chosen)"
    play(t, 'P2 reserve "Mothwick"')
    view = RULES.view(t.state, 1)
    assert view.zones["reserve.0"] == [quill] and HIDDEN not in view.zones["front.0"]
    assert names(t, "front.1") == ["The Gloaming Abbess", "Sorrowgale", "Embertongue"]


def _first_and_cuts(seed: int, options=None):
    t = Session(GAME, CATALOG, options or {}, seed)
    play(t, 'P1 reserve "Almoner Quill"', 'P2 reserve "Mothwick"')
    log = t.log_text()
    cuts = [int(v) for v in re.findall(r"cuts .* \((\d+)\)", log)]
    first = int(re.search(r"P(\d) goes first\n", log).group(1)) - 1
    return first, cuts, log


def test_the_higher_cut_goes_first_and_a_tie_cuts_again():
    ties = 0
    for seed in range(40):
        first, cuts, log = _first_and_cuts(seed)
        a, b = cuts[-2:]
        assert a != b and first == (0 if a > b else 1)
        ties += "A tie: both cut again" in log
        assert RULES.view(Session(GAME, CATALOG, {}, seed).state, 0).zones["draw.0"][0] == \
            HIDDEN
    assert ties, "some seed should give a tied cut"


def test_first_player_options():
    assert _first_and_cuts(3, {"first_player": "p2"})[0] == 1
    assert _first_and_cuts(3, {"first_player": "p1"})[0] == 0
    assert {_first_and_cuts(s, {"first_player": "random"})[0] for s in range(8)} == {0, 1}


def test_each_player_draws_eight_and_a_reserve_quill_draws_nine():
    t = table({"phase": "draw", "first": "P2", "P1": TEAM1, "P2": TEAM2})
    drawn = dict(re.findall(r"(P\d) draws (?!\d+ cards)([^\n]+)\n", t.log_text()))
    assert len(drawn["P1"].split(", ")) == 9  # Standing Orders: Quill is in Reserve
    assert len(drawn["P2"].split(", ")) == 8
    assert t.state.battle == 1 and t.state.first == 1


# -- duplicates ------------------------------------------------------------------------------------
def test_power_cards_are_duplicates_by_value_whatever_the_type():
    t = at("discard", {"hand": ["Fighting 3", "Energy 3", "MultiPower 3 (E/S/I)", "Energy 5"]})
    assert legal_texts(t) == ['P1 keep "Fighting 3"', 'P1 keep "Energy 3"',
                              'P1 keep "MultiPower 3 (E/S/I)"']
    play(t, 'P1 keep "Energy 3"')
    assert names(t, "hand.0") == ["Energy 3", "Energy 5"]
    assert sorted(names(t, "pack.0")) == ["Fighting 3", "MultiPower 3 (E/S/I)"]


def test_universe_duplicates_follow_their_numbers_not_their_names():
    t = at("discard", {"hand": ["Harbour Crane", "Runaway Tram", "Strength 5", "Ship's Anchor",
                                "Shield and Sword", "Swarm Them", "Rolling Thunder",
                                "Energy 4", "Fighting 6"]})
    assert legal_texts(t) == ['P1 keep "Harbour Crane"', 'P1 keep "Runaway Tram"']
    play(t, 'P1 keep "Runaway Tram"')
    assert legal_texts(t) == ['P1 keep "Shield and Sword"', 'P1 keep "Swarm Them"']
    play(t, 'P1 keep "Swarm Them"')
    hand = names(t, "hand.0")
    assert "Ship's Anchor" in hand and "Rolling Thunder" in hand  # other numbers: kept
    assert {"Harbour Crane", "Shield and Sword"} <= set(names(t, "dead.0"))


def test_training_ally_and_doubleshot_duplicates():
    t = at("discard", {}, {"hand": ["Back-Alley Boxing", "Breathing Exercises",
                                    "Street Informant", "Retired Boxer", "Shoulder Launch",
                                    "Battering Ram", "Fighting 2", "Strength 5"]})
    # Trainings differ in types, Allies in requirement: no choice; the two Doubleshots
    # both need Strength 6 (their "to use" requirement; Flintmother uses them, Cobble Jack
    # adds a Fighting or a Strength card)
    assert legal_texts(t) == ['P2 keep "Shoulder Launch"', 'P2 keep "Battering Ram"']
    play(t, 'P2 keep "Battering Ram"')
    assert {"Back-Alley Boxing", "Breathing Exercises", "Street Informant",
            "Retired Boxer"} <= set(names(t, "hand.1"))


def test_cards_of_different_kinds_are_never_duplicates():
    t = at("discard", {"hand": ["Fighting 6", "Knuckle Wraps", "Crossing Blades", "Tag In",
                                "Energy 6"]})
    s = t.state
    assert s.pending.kind == "keep"  # only the two Power cards of value 6
    assert legal_texts(t) == ['P1 keep "Fighting 6"', 'P1 keep "Energy 6"']


def test_identical_specials_go_without_a_choice():
    t = table({"phase": "discard", "first": "P1",
               "P1": {**TEAM1, "hand": ["Flare Lance", "Flare Lance", "Energy 5"]},
               "P2": {"front": ["The Gloaming Abbess", "Sorrowgale", "Embertongue"],
                      "reserve": ["Mothwick"]}}, catalog=CATALOG)
    assert names(t, "hand.0") == ["Flare Lance", "Energy 5"]
    assert names(t, "dead.0") == ["Flare Lance"]


def test_placed_cards_count_as_part_of_the_hand():
    t = at("discard", {"hand": ["Energy 6", "Strength 7"],
                       "placed": {"Keel Marrow": ["Fighting 6"], "Almoner Quill": ["Intellect 7"]}})
    # Fighting 6 is Placed on the Front Line: Energy 6 goes at once (no choice); Intellect 7
    # on the Reserve from an earlier battle does not make Strength 7 a duplicate
    assert "keep" not in t.log_text()
    assert names(t, "hand.0") == ["Strength 7"]
    assert names(t, "pack.0") == ["Energy 6"]


def test_reserve_cards_count_when_the_reserve_may_play_them():
    t = table({"phase": "discard", "first": "P1",
               "P1": {"front": ["Rivet Baroness", "Gutterhound", "Coilwhip Dacey"],
                      "reserve": ["Tally Crane"], "hand": ["Hedge Bet", "Energy 2"],
                      "placed": {"Tally Crane": ["Hedge Bet"]}},
               "P2": TEAM2},
              catalog=sink(["rivet-baroness", "gutterhound", "coilwhip-dacey", "tally-crane"],
                           copies={"tally-crane-hedge-bet": 2}))
    assert names(t, "hand.0") == ["Energy 2"]  # Bookkeeper: Tally Crane plays it from Reserve
    assert "Hedge Bet" in names(t, "dead.0")


# -- Unusable cards and the Special Discard Rule ---------------------------------------------------
def test_unusable_cards_go_to_the_dead_pile_and_reserve_only_cards_must_be_placed():
    t = at("discard", {"hand": ["Energy 8", "Intellect 7", "Sunfall Lens", "Energy 5"]})
    s = t.state
    # nobody can use Energy 8 or Sunfall Lens (E8); only the Reserve (Quill, I8) Intellect 7
    assert {"Energy 8", "Sunfall Lens"} <= set(names(t, "dead.0"))
    assert names(t, "hand.0") == ["Intellect 7", "Energy 5"]
    assert card(t, "Intellect 7", 0) in s.must_place
    assert "P1 place \"Intellect 7\" > \"Almoner Quill\"" in legal_texts(t)
    play(t, "P1 done")
    assert "Intellect 7" in names(t, "pack.0")  # kept to be Placed but not Placed


def test_special_discard_rule_keeps_a_card_that_can_be_placed():
    t = at("discard", {"hand": ["Pincer Move", "Intellect 2"]})
    s = t.state
    pincer = card(t, "Pincer Move", 0)
    assert pincer in s.must_place  # no Strength or Energy card to follow up with
    play(t, 'P1 place "Pincer Move" > "Gannet Vey"')
    assert t.state.attached[pincer] == card(t, "Gannet Vey") and not t.state.must_place


def test_special_discard_rule_keeps_a_card_another_card_can_complete():
    quarry = {"front": ["Flintmother", "Cobble Jack", "Tallow Pike"], "reserve": ["Pumice Dell"]}
    t = table({"phase": "discard", "first": "P2", "P1": TEAM1,
               "P2": {**quarry, "hand": ["Rolling Thunder", "Sift the Spoil", "Strength 2"],
                      "pack": ["Energy 3"]}})
    thunder = card(t, "Rolling Thunder", 1)
    assert thunder in t.state.zones["hand.1"] and thunder not in t.state.must_place


def test_special_discard_rule_option_keep_in_hand():
    t = at("discard", {"hand": ["Pincer Move", "Intellect 2"]},
           options={"special_discard": "keep_in_hand"})
    assert not t.state.must_place
    play(t, "P1 done")
    assert "Pincer Move" in names(t, "hand.0")


def test_code_rule_makes_cards_of_the_other_code_unusable():
    hand = {"hand": ["Dirty Trick", "Energy 5"]}
    assert "Dirty Trick" in names(at("discard", dict(hand)), "hand.0")
    t = at("discard", dict(hand), options={"code_rule": True})
    assert "Dirty Trick" in names(t, "dead.0")


# -- the Power Pack recycled ----------------------------------------------------------------------
def test_the_power_pack_becomes_the_draw_pile_when_it_runs_out():
    t = at("draw", _drain({"draw": ["Energy 2", "Energy 3"],
                           "pack": ["Fighting 4", "Strength 5"]}))
    s = t.state
    assert "Power Pack (2 cards) is shuffled" in t.log_text()
    assert s.recycled[0] is not None and len(s.recycled[0]) == 2


def _drain(position_side: dict) -> dict:
    from overpower_helpers import SINK

    deck = SINK.cards["tidewatch"].data["cards"]
    keep = set(position_side.get("draw", [])) | set(position_side.get("pack", []))
    return {**position_side, "dead": [CATALOG.cards[c].name for c in deck
                                      if CATALOG.cards[c].name not in keep]}


def test_recycling_draws_the_rest_first_and_sampling_respects_it():
    t = at("draw", _drain({"draw": ["Energy 2", "Energy 3"],
                           "pack": ["Fighting 4", "Strength 5", "Intellect 6"]}))
    s = t.state
    hand = set(names(t, "hand.0")) | set(names(t, "discarding.0"))
    assert {"Energy 2", "Energy 3", "Fighting 4", "Strength 5", "Intellect 6"} == hand
    assert not s.zones["draw.0"] and not s.zones["pack.0"]


# -- placing ---------------------------------------------------------------------------------------
def test_placing_alternates_one_card_at_a_time_and_respects_the_slots():
    t = at("placing", {"hand": ["Energy 5", "Storm Jar", "Arc Capacitor", "Fighting 6",
                                "Intellect 2"]},
           {"hand": ["Strength 6", "Fighting 3"]})
    play(t, 'P1 place "Storm Jar" > "Saltbright"')
    assert t.state.actor == 1
    play(t, 'P2 place "Strength 6" > "Flintmother"', 'P1 place "Energy 5" > "Saltbright"')
    assert refusal(t, 'P1 place "Fighting 6" > "Keel Marrow"') == \
        "It is P2's move, not P1's: P2: Place a card on one of your characters \u2014 or " \
        "finish placing"
    play(t, 'P2 done')
    assert refusal(t, 'P1 place "Arc Capacitor" > "Saltbright"') == \
        "Saltbright already has a Universe card Placed (one Universe card per character)."
    assert refusal(t, 'P1 place "Fighting 6" > "Saltbright"') == \
        "Saltbright already has a Power card Placed (one Power card per character)."
    assert refusal(t, 'P1 place "Arc Capacitor" > "Keel Marrow"') == (
        "A card is Placed only on a character who can use it: Arc Capacitor needs Energy 6: "
        "Keel Marrow's Energy rating is 3.")
    play(t, 'P1 place "Fighting 6" > "Keel Marrow"')  # P2 is done: P1 goes on alone
    assert t.state.actor == 0 and t.state.phase == "placing"


def test_placed_cards_stay_from_battle_to_battle():
    t = at("placing", {"hand": ["Energy 5", "Fighting 2"]}, {"hand": ["Strength 3"]})
    play(t, 'P1 place "Energy 5" > "Saltbright"', "P2 done", "P1 done",
         "P1 venture 1 0", "P2 venture 1 0", "P1 concede")
    s = t.state
    assert s.battle == 2
    assert names(t, "placed.0") == ["Energy 5"]
    assert "Fighting 2" in names(t, "pack.0") and "Strength 3" in names(t, "pack.1")


def test_cards_drawn_after_placing_cannot_be_placed_and_are_checked_at_once():
    t = at("venture", {"hand": ["Energy 6"], "draw": ["Fighting 6", "Intellect 3"]},
           {"hand": ["Strength 2"]})
    play(t, "P1 venture 3 0")  # P2 may draw one penalty card
    assert legal_texts(t) == ["P2 penalty 0", "P2 penalty 1"]
    play(t, "P2 penalty 1", "P2 venture 4 0", "P1 penalty 2")
    log = t.log_text()
    assert "P1 draws Fighting 6, a duplicate" in log
    assert names(t, "hand.0") == ["Energy 6", "Intellect 3"]
    assert t.state.phase == "concede"
