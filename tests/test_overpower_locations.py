"""OverPower Battlesites and Activators (tabletop/games/overpower/locations.py and
activators.py; docs/rulings.md, OverPower, "Locations"): set-up, attacks on a Battlesite,
its own Defensive Actions, its KO at 30 (never by Spectrum) and what the KO does, its hits
outside the Venture Total, Activators as attacks, effects and defences, their duplicates
and when they are Unusable; one test per Location and Activator card; random playouts."""

from __future__ import annotations

import pytest
from overpower_helpers import CATALOG, GAME, RULES, card, names, play, refusal
from overpower_playout import play_out

from tabletop.engine.moves import Move
from tabletop.engine.session import Session
from tabletop.games.overpower.decklaw import DeckList, check
from tabletop.games.overpower.hits import hit_total

BENEATH = ["saltbright-undertow-glare", "keel-marrow-anchor-swing", "gannet-vey-diving-kick",
           "almoner-quill-read-the-tides", "saltbright-flare-lance"]
ACTIVATORS = ["activator-saltbright", "activator-keel-marrow", "activator-gannet-vey",
              "activator-almoner-quill"]
P1_LINE = {"front": ["Flintmother", "Cobble Jack", "Tallow Pike"], "reserve": ["Pumice Dell"]}
P2_LINE = {"front": ["The Gloaming Abbess", "Sorrowgale", "Embertongue"],
           "reserve": ["Mothwick"]}
SITE = "The Old Breakwater"


def breakwater() -> DeckList:
    """The Quarryfolk at the Old Breakwater: five Specials beneath, two of each Activator."""
    deck = DeckList.from_data("Quarryfolk at the Breakwater", CATALOG.cards["quarryfolk"].data)
    deck.battlesite = "old-breakwater"
    deck.beneath = list(BENEATH)
    deck.cards.update(dict.fromkeys(ACTIVATORS, 2))
    deck.cards["harbour-crane"] = 1
    return deck


def site_table(p1: dict, p2: dict, first: str = "P1", phase: str = "fight",
               seed: int = 1, **more) -> Session:
    position = {"phase": phase, "first": first, "decks": {"P1": breakwater().to_data()},
                "P1": {**P1_LINE, **p1}, "P2": {**P2_LINE, **p2}, **more}
    options = RULES.normalize_options({"team_p2": "veilwright"})
    return Session(GAME, CATALOG, options, seed, position=position)


def legal_texts(t: Session) -> list[str]:
    return [GAME.notation.format_move(t.state, m) for m in t.legal_moves()]


def test_the_deck_is_legal():
    assert check(CATALOG, breakwater()) == []


def test_the_battlesite_is_set_out_with_the_specials_beneath_hidden_from_the_opponent():
    t = Session(GAME, CATALOG, {"team_p2": "veilwright"}, 3,
                position={"phase": "setup", "decks": {"P1": breakwater().to_data()}})
    s = t.state
    assert names(t, "site.0") == [SITE]
    assert sorted(names(t, "beneath.0")) == sorted(CATALOG.cards[c].name for c in BENEATH)
    assert names(t, "site.1") == [] and names(t, "beneath.1") == []
    assert not any(s.info[c].kind == "location" for c in s.zones["draw.0"])
    mine, theirs = RULES.view(s, 0), RULES.view(s, 1)
    assert [mine.cards[c].id for c in mine.zones["beneath.0"]] == BENEATH
    assert theirs.zones["beneath.0"] == [-1] * len(BENEATH)  # face down
    assert theirs.zones["site.0"] == s.zones["site.0"]


# -- attacking a Battlesite ---------------------------------------------------------------------
def test_a_battlesite_is_attacked_like_a_front_line_character():
    t = site_table({}, {"hand": ["Energy 6", "Arc Capacitor", "Salt Wind", "Moth-Light Lure",
                                 "Hush"]}, first="P2")
    texts = legal_texts(t)
    assert f'P2 attack "Energy 6" as energy by "Sorrowgale" > "{SITE}"' in texts
    assert f'P2 attack "Energy 6" + "Arc Capacitor" as energy by "Sorrowgale" > "{SITE}"' in \
        texts
    assert f'P2 special "Salt Wind" as energy by "Sorrowgale" > "{SITE}"' in texts
    # a Special with an effect on what it hits, or with no value, may not be aimed at it
    assert not [x for x in texts if "Moth-Light Lure" in x and SITE in x]
    assert not [x for x in texts if "Hush" in x and SITE in x]
    assert refusal(t, f'P2 special "Moth-Light Lure" as intellect by "Mothwick" > "{SITE}"') \
        == ("Moth-Light Lure cannot be aimed at a Battlesite: a Special attacks a Battlesite "
            "only for its value, never to act on what it hits.")
    assert refusal(t, f'P2 special "Hush" by "Sorrowgale" > "{SITE}"') == \
        ("Hush cannot be aimed at a Battlesite: a Special attacks a Battlesite only for its "
         "value, never to act on what it hits.")


def test_teamwork_follow_ups_may_go_at_the_battlesite():
    t = site_table({}, {"hand": ["Crossfire", "Energy 5", "Fighting 4"]}, first="P2")
    teamwork = [x for x in legal_texts(t) if x.startswith('P2 teamwork "Crossfire"')]
    assert any(SITE in x for x in teamwork)


# -- its Defensive Actions -----------------------------------------------------------------------
def _attacked(p1: dict, attack: str = 'P2 attack "Energy 5" as energy by "Sorrowgale"',
              p2_hand=("Energy 5",)) -> Session:
    t = site_table(p1, {"hand": list(p2_hand)}, first="P2")
    return play(t, f'{attack} > "{SITE}"')


def test_the_battlesite_blocks_with_a_power_card_its_front_line_could_use():
    t = _attacked({"hand": ["Strength 6", "Energy 6", "Fighting 4", "Harbour Crane",
                            "Stone Skin"]})
    texts = legal_texts(t)
    assert f'P2 defend "Strength 6" by "{SITE}"' not in texts  # (P1's move)
    assert f'P1 defend "Strength 6" by "{SITE}"' in texts      # Flintmother S8
    assert f'P1 defend "Energy 6" by "{SITE}"' in texts        # Tallow Pike E6
    assert f'P1 defend "Fighting 4" by "{SITE}"' not in texts  # too low
    assert not [x for x in texts if "Harbour Crane" in x]      # never a Universe card
    only = ("A Battlesite defends only with a Power card one of your Front Line characters "
            "could use (no Universe card), or with an Activator.")
    assert refusal(t, f'P1 defend "Harbour Crane" by "{SITE}"') == only
    assert refusal(t, f'P1 defend "Strength 6" + "Harbour Crane" by "{SITE}"') == (
        "A Battlesite blocks with a Power card alone: no Universe card (nor any other bonus) "
        "is added to Strength 6.")
    assert refusal(t, f'P1 defend "Stone Skin" by "{SITE}"') == only
    assert refusal(t, f'P1 defend "Fighting 4" by "{SITE}"') == \
        "Fighting 4 is too low to block an attack of 5."
    play(t, f'P1 defend "Strength 6" by "{SITE}"')
    assert names(t, "hits.0") == []
    assert "Strength 6" in names(t, "pack.0")


def test_a_power_card_no_front_line_character_can_use_does_not_defend_it():
    t = _attacked({"hand": ["Energy 6"], "front": ["Flintmother", "Cobble Jack",
                                                  "Pumice Dell"], "reserve": ["Tallow Pike"]})
    assert refusal(t, f'P1 defend "Energy 6" by "{SITE}"') == (
        "None of your Front Line characters could use Energy 6, so the Battlesite cannot "
        "either.")


def test_the_battlesite_defends_with_an_activator_that_fetches_a_stopping_special():
    t = _attacked({"hand": ["Activator: Saltbright", "Activator: Keel Marrow"]},
                  'P2 special "Salt Wind" as energy by "Sorrowgale"', ("Salt Wind",))
    texts = legal_texts(t)
    assert f'P1 defend "Activator: Saltbright" + "Undertow Glare" by "{SITE}"' in texts
    assert not [x for x in texts if "Keel Marrow" in x]  # nothing of his stops it
    play(t, f'P1 defend "Activator: Saltbright" + "Undertow Glare" by "{SITE}"')
    assert "Activator: Saltbright" in names(t, "beneath.0")
    assert "Undertow Glare" not in names(t, "beneath.0")
    assert "Undertow Glare" in names(t, "defeated.0")
    assert names(t, "hits.0") == []
    assert any("exchanges Activator: Saltbright for Undertow Glare" in line
               for entry in t.log(None)[-2:] for line in entry.lines)


def test_front_line_specials_do_not_defend_the_battlesite():
    t = _attacked({"hand": ["Grit Your Teeth"]})
    assert not [x for x in legal_texts(t) if "Grit Your Teeth" in x]


# -- hits, the Venture Total, the KO -----------------------------------------------------------
def test_hits_on_the_battlesite_never_count_toward_the_venture_total():
    t = _attacked({})
    play(t, "P1 take")
    assert names(t, "hits.0") == ["Energy 5"]
    assert hit_total(t.state, 1) == 0 and hit_total(t.state, 0) == 0


KO_RECORD = ["Energy 8", "Energy 8", "Intellect 6", "Fighting 3"]


def test_the_battlesite_is_koed_at_30_counting_its_record_and_never_by_spectrum():
    t = _attacked({"record": {SITE: ["Energy 8", "Energy 7", "Intellect 6", "Fighting 3"]}})
    play(t, "P1 take")
    assert names(t, "site.0") == [SITE]  # 29, and three types: no KO
    t = _attacked({"record": {SITE: KO_RECORD}})
    play(t, "P1 take")                   # 30
    assert names(t, "site.0") == []
    assert SITE in names(t, "defeated.0")


def test_what_a_battlesite_ko_does():
    t = _attacked({"record": {SITE: KO_RECORD}})
    play(t, "P1 take")
    s = t.state
    # it and every card beneath it go to the Defeated Characters Pile
    assert {*(CATALOG.cards[c].name for c in BENEATH), SITE} <= set(names(t, "defeated.0"))
    assert names(t, "beneath.0") == []
    # its Permanent Record goes back to the player who scored it
    assert names(t, "record.0") == []
    assert sorted(names(t, "pack.1") + names(t, "dead.1")) == sorted(KO_RECORD)
    # this battle's hit stays until the end of the battle, then goes back too
    assert names(t, "hits.0") == ["Energy 5"]
    assert s.owner(s.zones["hits.0"][0]) == 1


def test_activators_are_unusable_once_the_battlesite_is_koed():
    t = site_table({"hand": ["Activator: Saltbright", "Energy 3"], "site_ko": True}, {})
    assert not [x for x in legal_texts(t) if "Activator" in x]
    s = t.state
    act, lance = card(t, "Activator: Saltbright"), card(t, "Flare Lance")
    move = Move("activate", 0, act, card(t, "Sorrowgale"), (card(t, "Flintmother"), lance, 0))
    assert not RULES.is_legal(s, move)
    assert GAME.text.explain(s, move) == ("You have no Battlesite standing: an Activator "
                                          "can only be exchanged for a Special beneath it.")


# -- Activators -----------------------------------------------------------------------------------
def test_an_activator_is_played_as_the_attack_of_its_special():
    t = site_table({"hand": ["Activator: Saltbright"]}, {})
    texts = legal_texts(t)
    line = 'P1 activate "Activator: Saltbright" + "Flare Lance" as energy by "Cobble Jack" ' \
           '> "Sorrowgale"'
    assert line in texts
    assert not [x for x in texts if "Undertow Glare" in x]  # a defence: not on one's turn
    assert refusal(t, 'P1 activate "Activator: Saltbright" + "Undertow Glare" by '
                      '"Cobble Jack" > "Sorrowgale"') == \
        "Undertow Glare is played only as a Defensive Action."
    play(t, line)
    assert "Activator: Saltbright" in names(t, "beneath.0")
    assert t.state.attack.cards == (t.state.zones["combat"][0],)
    assert names(t, "combat") == ["Flare Lance"]
    play(t, "P2 take")
    assert names(t, "hits.1") == ["Flare Lance"]


def test_a_blocked_activator_special_goes_to_the_defeated_characters_pile():
    t = site_table({"hand": ["Activator: Keel Marrow"]}, {"hand": ["Energy 8"]})
    play(t, 'P1 activate "Activator: Keel Marrow" + "Anchor Swing" as strength by '
            '"Flintmother" > "The Gloaming Abbess"')
    play(t, 'P2 defend "Energy 8" by "The Gloaming Abbess"')
    assert "Anchor Swing" in names(t, "defeated.0")
    assert "Anchor Swing" not in names(t, "dead.0")


def test_an_activator_is_played_as_an_effect():
    t = site_table({"hand": ["Activator: Almoner Quill"], "draw": ["Energy 2"]}, {})
    play(t, 'P1 activate "Activator: Almoner Quill" + "Read the Tides" by "Tallow Pike"')
    assert "Read the Tides" in names(t, "defeated.0")
    assert "Activator: Almoner Quill" in names(t, "beneath.0")


def test_any_front_line_character_plays_it_but_not_the_reserve():
    t = site_table({"hand": ["Activator: Gannet Vey"]}, {})
    actors = {x.split(" by ")[1].split('"')[1] for x in legal_texts(t) if "Activator" in x}
    assert actors == {"Flintmother", "Cobble Jack", "Tallow Pike"}
    assert refusal(t, 'P1 activate "Activator: Gannet Vey" + "Diving Kick" as fighting by '
                      '"Pumice Dell" > "Sorrowgale"') == \
        "Only a Front Line character plays an Activator."


def test_an_activator_with_nothing_of_its_character_beneath_is_refused():
    t = site_table({"hand": ["Activator: Gannet Vey"]}, {})
    play(t, 'P1 activate "Activator: Gannet Vey" + "Diving Kick" as fighting by '
            '"Cobble Jack" > "Sorrowgale"', "P2 take")
    assert t.state.pending.kind in ("chain", "turn")


def test_activators_are_duplicates_by_name_and_unusable_without_their_special():
    t = site_table({"hand": ["Activator: Saltbright", "Activator: Saltbright",
                             "Activator: Keel Marrow", "Energy 3"]}, {}, phase="discard")
    s = t.state
    while s.pending is not None and s.pending.kind == "keep":
        play(t, f"{'P1' if s.actor == 0 else 'P2'} keep")
        s = t.state
    kept = names(t, "hand.0")
    assert kept.count("Activator: Saltbright") == 1
    assert "Activator: Keel Marrow" in kept
    assert "Activator: Saltbright" in names(t, "dead.0")


# -- every Location and Activator card ----------------------------------------------------------
LOCATIONS = CATALOG.of_kind("location")


@pytest.mark.parametrize("card", LOCATIONS, ids=[c.id for c in LOCATIONS])
def test_each_location_is_a_battlesite_for_a_team_none_of_whom_it_lists(card):
    listed = set(card.data["characters"])
    deck_id = next(d.id for d in CATALOG.of_kind("deck")
                   if not listed & set(d.data["characters"]))
    deck = DeckList.from_data("x", CATALOG.cards[deck_id].data)
    deck.battlesite = card.id
    specials = [c.id for c in CATALOG.of_kind("special") if c.data["character"] in listed]
    deck.beneath = specials[:3]
    assert [p for p in check(CATALOG, deck) if not p.warning] == []
    s = GAME.positions.build(CATALOG, RULES.normalize_options({}), 2,
                             {"phase": "setup", "decks": {"P1": deck.to_data()}})
    assert [s.name(c) for c in s.zones["site.0"]] == [card.name]
    assert s.info[s.zones["site.0"][0]].profile.ko_at == 30


ACTIVATOR_CARDS = CATALOG.of_kind("activator")


@pytest.mark.parametrize("card", ACTIVATOR_CARDS, ids=[c.id for c in ACTIVATOR_CARDS])
def test_each_activator_fetches_a_special_of_its_character(card):
    who = card.data["character"]
    site = next(c for c in LOCATIONS if who in c.data["characters"])
    listed = set(site.data["characters"])
    deck_id = next(d.id for d in CATALOG.of_kind("deck")
                   if not listed & set(d.data["characters"]))
    deck = DeckList.from_data("x", CATALOG.cards[deck_id].data)
    deck.battlesite = site.id
    special = min((c for c in CATALOG.of_kind("special")
                   if c.data["character"] == who and c.data["play"] in ("attack", "effect")),
                  key=lambda c: c.data["play"] != "attack")
    deck.beneath = [special.id]
    deck.cards[card.id] = 1
    assert [p for p in check(CATALOG, deck) if not p.warning] == []
    team = [CATALOG.cards[c].name for c in deck.characters]
    foes = CATALOG.cards["tidewatch" if deck_id != "tidewatch" else "veilwright"]
    foe_names = [CATALOG.cards[c].name for c in foes.data["characters"]]
    position = {"phase": "fight", "first": "P1", "decks": {"P1": deck.to_data()},
                "P1": {"front": team[:3], "reserve": team[3:], "hand": [card.name]},
                "P2": {"front": foe_names[:3], "reserve": foe_names[3:]}}
    t = Session(GAME, CATALOG, {"team_p2": foes.id}, 1, position=position)
    moves = [x for x in legal_texts(t) if x.startswith(f'P1 activate "{card.name}"')]
    assert moves and all(f'+ "{special.name}"' in x for x in moves)
    play(t, moves[0])
    assert card.name in names(t, "beneath.0")


# -- playouts ------------------------------------------------------------------------------------
def _sites_hold_locations(s) -> None:
    assert all(s.info[c].kind == "location" for c in s.zones["site.0"] + s.zones["site.1"])


def test_random_and_computer_playouts_with_battlesites_end_and_keep_every_card():
    deck = breakwater().to_data()
    position = {"phase": "setup", "decks": {"P1": deck, "P2": deck}}
    exchanged = kos = 0
    for seed in range(24):
        s = GAME.positions.build(CATALOG, RULES.normalize_options({}), seed, position)
        s, moves = play_out(s, seed, check=_sites_hold_locations)
        exchanged += sum(m.kind == "activate" for m in moves)
        kos += sum(s.info[c].kind == "location" for p in (0, 1)
                   for c in s.zones[f"defeated.{p}"])
    assert exchanged > 10


def test_the_location_rulings_name_tests_that_exist():
    import re
    from pathlib import Path

    rulings = (Path(__file__).parent.parent / "docs" / "rulings.md").read_text("utf-8")
    section = rulings.split("### Locations (issue 14)")[1].split("\n##")[0]
    section = section[:section.index("L7.")]  # L7- are the Home Base's
    cited = set(re.findall(r"`(test_\w+)`", section))
    assert cited and cited <= set(globals()), cited - set(globals())


def test_an_owed_follow_up_that_became_impossible_lapses():
    """Ruling 35, and what the conformance suite's sampled states need: a Teamwork card's
    follow-up is owed, but the hand drawn anew for another seat's sample cannot make it;
    the chain then offers Finish instead of no move at all."""
    from tabletop.games.overpower.legal import chain_moves

    position = {"phase": "fight", "first": "P1",
                "P1": {"front": ["Saltbright", "Keel Marrow", "Gannet Vey"],
                       "reserve": ["Almoner Quill"],
                       "hand": ["Pincer Move", "Strength 5", "Energy 4"]},
                "P2": {"front": ["Rivet Baroness", "Gutterhound", "Coilwhip Dacey"],
                       "reserve": ["Tally Crane"]}}
    t = Session(GAME, CATALOG, {"team_p1": "tidewatch", "team_p2": "scrapline"}, 1,
                position=position)
    play(t, 'P1 teamwork "Pincer Move" by "Gannet Vey" > "Gutterhound"', "P2 take")
    s = t.state.copy()
    assert s.chain[-1].must
    assert "finish" not in {m.kind for m in chain_moves(s, s.chain[-1])}
    s.zones["dead.0"] += s.zones["hand.0"]
    s.zones["hand.0"] = []
    assert [m.kind for m in chain_moves(s, s.chain[-1])] == ["finish"]
