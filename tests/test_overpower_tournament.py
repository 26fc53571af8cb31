"""OverPower's tournament (OverPower Legion) rulings and Tactic: Doubleshot in full, as
rule scenarios (docs/rulings.md, OverPower, "Tournament rulings and Doubleshots", T1-T7):
the Fusion Rule, the Combination Exclusion, the Clone Rule's place, the Any Character
Limitation (both halves), the Power Leech Target Rule (our Dirty Trick and Hush), the Code
Rule as an option, and the Doubleshot as an attack and as a defence."""

from __future__ import annotations

from overpower_helpers import fight, legal_texts, names, play, refusal
from test_overpower_homebase import HOME, home_table
from test_overpower_locations import SITE, site_table

# -- T1 the Fusion Rule ------------------------------------------------------------------------


def test_multipower_specials_are_not_fused():
    """"All MultiPower cards, not including MultiPower Specials": the two MultiPower Power
    hits act as one type (Energy or Fighting, the types they share); the MultiPower Special
    hit is not fused with them and counts as a type of its own (any of its types, ruling
    33): two types in all, where fusing all three would give one."""
    from overpower_helpers import GAME

    from tabletop.games.overpower.hits import spectrum

    t = fight({"hand": ["Desperate Gambit"]},
              {"record": {"Flintmother": ["MultiPower 6 (E/F/S)", "MultiPower 5 (E/F/I)"]}})
    play(t, 'P1 special "Desperate Gambit" as strength by "Keel Marrow" > "Flintmother"',
         "P2 take")
    s = t.state
    flint = next(c for c in s.zones["front.1"] if s.name(c) == "Flintmother")
    assert spectrum(s, flint) == (set(), 2)
    assert GAME.positions.to_json(s)["P1"]["venture_total"] == 6


# -- T2 the Combination Exclusion ---------------------------------------------------------------
def test_the_combination_exclusion_lets_an_extra_attack_use_multipower():
    """"In the case of an additional Attack that may follow a Special card, a MultiPower
    card may be used" (while the Special itself takes exactly its type: ruling T2's test
    in test_overpower_fight.py)."""
    t = fight({"hand": ["Tide Surge", "MultiPower 6 (E/F/S)"]}, {})
    play(t, 'P1 special "Tide Surge" as energy by "Saltbright" > "Flintmother"', "P2 take")
    assert 'P1 attack "MultiPower 6 (E/F/S)" as energy by "Saltbright" > "Cobble Jack"' in \
        legal_texts(t)


# -- T4 the Any Character Limitation -------------------------------------------------------------
def test_the_any_character_limitation_keeps_any_specials_in_the_dead_pile():
    """Off: Rummage takes any Special back from the Dead Pile; on: never an Any Character
    or Any Hero one (the Ally half: test_overpower_fight.py
    test_any_character_limitation_on_ally_follow_ups)."""
    hand = {"hand": ["Rummage"], "dead": ["Cheap Shot", "Bedrock Slam", "Stand Together"]}
    t = fight(dict(hand), {})
    play(t, 'P1 special "Rummage" by "Saltbright"')
    assert legal_texts(t) == ["P1 stop", 'P1 fetch "Cheap Shot"', 'P1 fetch "Bedrock Slam"',
                              'P1 fetch "Stand Together"']
    t = fight(dict(hand), {}, options={"any_character_limitation": True})
    play(t, 'P1 special "Rummage" by "Saltbright"')
    assert legal_texts(t) == ["P1 stop", 'P1 fetch "Bedrock Slam"']


# -- T5 the Power Leech Target Rule --------------------------------------------------------------
def test_a_leech_targets_one_active_front_line_character():
    t = fight({}, {"hand": ["Dirty Trick"]}, turn="P2")
    targets = {x.rsplit(">", 1)[1].strip() for x in legal_texts(t) if "Dirty Trick" in x}
    assert targets == {'"Saltbright"', '"Keel Marrow"', '"Gannet Vey"'}
    assert refusal(t, 'P2 special "Dirty Trick" by "Flintmother" > "Almoner Quill"') == \
        "A Reserve character can be attacked only by cards that say so."


def test_a_leech_never_targets_a_battlesite_or_a_home_base():
    t = site_table({}, {"hand": ["Hush", "Energy 5"]}, first="P2")
    texts = legal_texts(t)
    assert any(x.endswith(f'> "{SITE}"') for x in texts)         # Energy 5 may
    assert not any("Hush" in x and x.endswith(f'> "{SITE}"') for x in texts)
    assert refusal(t, f'P2 special "Hush" by "Sorrowgale" > "{SITE}"') == (
        "Hush cannot be aimed at a Battlesite: a Special attacks a Battlesite only for its "
        "value, never to act on what it hits.")
    t = home_table({}, {"hand": ["Hush"]}, first="P2")
    assert not any(HOME in x for x in legal_texts(t))
    assert refusal(t, f'P2 special "Hush" by "Sorrowgale" > "{HOME}"') == \
        f"{HOME} is a Home Base: a Home Base is never attacked."


def test_only_a_defence_without_a_value_limit_resists_a_leech():
    hand = {"hand": ["Slip the Net", "Undertow Glare", "Energy 3", "Strength 4"]}
    t = fight(dict(hand), {"hand": ["Dirty Trick"]}, turn="P2")
    play(t, 'P2 special "Dirty Trick" by "Flintmother" > "Saltbright"')
    assert legal_texts(t) == ["P1 take"]        # "avoid one attack of 7 or less" cannot
    no_value = ("Dirty Trick has no value: only a Special that avoids or negates without a "
                "value limit can stop it.")
    assert refusal(t, 'P1 defend "Undertow Glare" by "Saltbright"') == no_value
    assert refusal(t, 'P1 defend "Energy 3" by "Saltbright"') == no_value
    assert refusal(t, 'P1 defend "Slip the Net" by "Saltbright"') == \
        "Slip the Net is a Special of another character: only they can play it."
    t = fight(dict(hand), {"hand": ["Dirty Trick"]}, turn="P2")
    play(t, 'P2 special "Dirty Trick" by "Flintmother" > "Gannet Vey"')
    assert legal_texts(t) == ["P1 take", 'P1 defend "Slip the Net" by "Gannet Vey"']
    play(t, 'P1 defend "Slip the Net" by "Gannet Vey"')
    assert len(names(t, "hand.0")) == 3


def test_a_leech_that_lands_makes_the_whole_team_discard():
    """The target's team discards from the hand (cards any teammate could play go too),
    not the target alone."""
    t = fight({"hand": ["Undertow Glare", "Slip the Net"]}, {"hand": ["Dirty Trick"]},
              turn="P2", seed=3)
    play(t, 'P2 special "Dirty Trick" by "Flintmother" > "Keel Marrow"', "P1 take")
    assert len(names(t, "hand.0")) == 1          # neither card is Keel Marrow's
    assert "leaves no hit" in t.log_text()
    assert names(t, "hits.0") == []


# -- T6 the Code Rule (an option) ----------------------------------------------------------------
def test_the_code_rule_is_an_option_for_specials_in_play():
    t = fight({"hand": ["Dirty Trick"]}, {})    # coded V; the Tidewatch are heroes
    assert any("Dirty Trick" in x for x in legal_texts(t))
    t = fight({"hand": ["Dirty Trick"]}, {}, options={"code_rule": True})
    assert not any("Dirty Trick" in x for x in legal_texts(t))
    assert refusal(t, 'P1 special "Dirty Trick" by "Saltbright" > "Flintmother"') == \
        "Saltbright is coded H and cannot play a card coded V (the Code Rule)."


# -- T7 Tactic: Doubleshot in full ---------------------------------------------------------------
def test_a_doubleshot_defends_with_a_teammates_power_card():
    t = fight({"hand": ["Catapult", "Energy 5"]}, {"hand": ["Strength 6"]}, turn="P2")
    play(t, 'P2 attack "Strength 6" as strength by "Flintmother" > "Keel Marrow"')
    assert legal_texts(t) == ["P1 take", 'P1 defend "Catapult" + "Energy 5" from "Saltbright" '
                                         'by "Keel Marrow"']
    play(t, 'P1 defend "Catapult" + "Energy 5" from "Saltbright" by "Keel Marrow"')
    assert names(t, "hits.0") == []
    assert "Catapult" in names(t, "dead.0") and "Energy 5" in names(t, "pack.0")


def test_a_doubleshot_protects_only_the_character_playing_it():
    """Keel Marrow may play Catapult, Gannet Vey may not (Strength 7): an attack on Gannet
    Vey cannot be blocked with it."""
    t = fight({"hand": ["Catapult", "Energy 5"]}, {"hand": ["Strength 6"]}, turn="P2")
    play(t, 'P2 attack "Strength 6" as strength by "Flintmother" > "Gannet Vey"')
    assert legal_texts(t) == ["P1 take"]
    assert refusal(t, 'P1 defend "Catapult" + "Energy 5" from "Saltbright" by "Gannet Vey"') \
        == "Catapult needs Strength 7: Gannet Vey's Strength rating is 4."


def test_a_doubleshot_needs_the_teammate_and_the_power_card_of_its_type():
    rule = ("Catapult needs a Front Line teammate rated Energy 5 or more who adds an Energy "
            "Power card they can use")
    t = fight({"hand": ["Catapult", "Fighting 5"]}, {})     # Fighting, not Energy
    assert not any("Catapult" in x for x in legal_texts(t))
    assert refusal(t, 'P1 doubleshot "Catapult" + "Fighting 5" from "Saltbright" by '
                      '"Keel Marrow" > "Flintmother"') == \
        f"{rule}: Fighting 5 is not an Energy Power card."
    t = fight({"hand": ["Catapult", "Energy 8"]}, {})       # Energy 8: no one rated 8
    assert not any("Catapult" in x for x in legal_texts(t))
    assert refusal(t, 'P1 doubleshot "Catapult" + "Energy 8" from "Saltbright" by '
                      '"Keel Marrow" > "Flintmother"') == \
        f"{rule}: Energy 8 is beyond Saltbright's Energy rating of 7."
    t = fight({"hand": ["Catapult", "Energy 5"]}, {})
    assert legal_texts(t).count(
        'P1 doubleshot "Catapult" + "Energy 5" from "Saltbright" by "Keel Marrow" > '
        '"Flintmother"') == 1


def test_the_tournament_rulings_name_tests_that_exist():
    import re
    from pathlib import Path

    import test_overpower_fight
    import test_overpower_setup

    rulings = (Path(__file__).parent.parent / "docs" / "rulings.md").read_text("utf-8")
    section = rulings.split("### Tournament rulings and Doubleshots (issue 14)")[1] \
        .split("\n##")[0]
    cited = set(re.findall(r"`(test_\w+)`", section))
    known = set(globals()) | set(vars(test_overpower_fight)) | set(vars(test_overpower_setup))
    assert cited and cited <= known, cited - known
