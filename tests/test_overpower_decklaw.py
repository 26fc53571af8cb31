"""OverPower's deck rules (tabletop/games/overpower/decklaw.py; docs/rulings.md, OverPower,
"Deck building"): one test per rule with its exact reason, and the ready-made decks pass
under every setting."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from overpower_helpers import RULES

from tabletop.engine.cards import Catalog
from tabletop.engine.loader import CardLoader
from tabletop.games.overpower import decklaw
from tabletop.games.overpower.cards import check_catalog
from tabletop.games.overpower.decklaw import DeckList, DeckRules

FIXTURE = Path(__file__).parent / "fixtures" / "overpower" / "deck-pool.yaml"


def pool() -> Catalog:
    """The real card set plus the test cards of deck-pool.yaml."""
    catalog = RULES.load_catalog(mod_dirs=[])
    CardLoader("overpower", RULES.card_kinds).load_file(FIXTURE, catalog, is_mod=True)
    assert not catalog.errors, catalog.errors
    return catalog


POOL = pool()
PLAIN = DeckRules()
TIDEWATCH = ["saltbright", "keel-marrow", "gannet-vey", "almoner-quill"]
QUILL_SPECIALS = ["almoner-quill-read-the-tides", "almoner-quill-salvage-the-log",
                  "almoner-quill-foresight-clause", "almoner-quill-signal-flare"]


def deck(base: str = "tidewatch", add: dict | None = None, remove: dict | None = None,
         **changes) -> DeckList:
    """A ready-made deck with changes (``add``/``remove``: card id -> copies)."""
    card = POOL.cards[base]
    d = DeckList.from_data(card.name, card.data)
    for cid, n in (add or {}).items():
        d.cards[cid] = d.cards.get(cid, 0) + n
    for cid, n in (remove or {}).items():
        d.cards[cid] -= n
        if d.cards[cid] <= 0:
            del d.cards[cid]
    for key, value in changes.items():
        setattr(d, key, value)
    return d


def errors(d: DeckList, rules: DeckRules = PLAIN, catalog: Catalog = POOL) -> list[str]:
    return [p.message for p in decklaw.errors(decklaw.check(catalog, d, rules))]


def advice(d: DeckList, rules: DeckRules = PLAIN) -> list[str]:
    return [p.message for p in decklaw.check(POOL, d, rules) if p.warning]


def rules_of(d: DeckList, rules: DeckRules = PLAIN) -> set[str]:
    return {p.rule for p in decklaw.check(POOL, d, rules)}


def sum_deck(d: DeckList, rules: DeckRules = PLAIN) -> list[tuple[str, bool]]:
    return [(p.message, p.warning) for p in decklaw.check(POOL, d, rules)
            if p.rule == "sum-deck"]


SETTINGS = [DeckRules(), DeckRules(code_rule=True), DeckRules(tournament=True),
            DeckRules(code_rule=True, tournament=True)]


@pytest.mark.parametrize("deck_id", ["tidewatch", "quarryfolk", "veilwright", "scrapline",
                                     "tidewatch-gull-point", "quarryfolk-breakwater"])
def test_the_ready_made_decks_pass_every_rule_under_every_setting(deck_id):
    for rules in SETTINGS:
        assert decklaw.check(POOL, deck(deck_id), rules) == [], rules


# -- the team ----------------------------------------------------------------------------------
def test_a_team_has_exactly_four_characters():
    three = deck(characters=TIDEWATCH[:3], reserve=None,
                 remove=dict.fromkeys(QUILL_SPECIALS, 1))
    assert errors(three) == ["a team has exactly four characters; this one has 3"]
    odd = deck(characters=[*TIDEWATCH[:3], "energy-5"], reserve=None,
               remove=dict.fromkeys(QUILL_SPECIALS, 1))
    assert errors(odd) == ["Energy 5 is a Power card, not a character"]
    ghost = deck(characters=[*TIDEWATCH[:3], "nobody"], reserve=None,
                 remove=dict.fromkeys(QUILL_SPECIALS, 1))
    assert errors(ghost) == ["there is no character 'nobody' in the card set"]


def test_the_suggested_reserve_is_one_of_the_four():
    assert errors(deck(reserve="flintmother")) == [
        "the suggested Reserve 'flintmother' is not one of the four characters"]
    assert errors(deck(reserve=None)) == []


def test_the_clone_rule():
    versions = deck(characters=[*TIDEWATCH, "saltbright-tide-crowned"][1:], reserve=None)
    versions.characters = ["saltbright", *TIDEWATCH[1:3], "saltbright-tide-crowned"]
    versions.cards = {c: n for c, n in versions.cards.items() if c not in QUILL_SPECIALS}
    assert errors(versions) == [
        "Saltbright and Saltbright, Tide-Crowned are versions of one character: only one of "
        "them may be on a team (Clone Rule)"]
    twice = deck(characters=["saltbright", "keel-marrow", "gannet-vey", "keel-marrow"],
                 reserve=None, remove=dict.fromkeys(QUILL_SPECIALS, 1))
    assert errors(twice) == ["Keel Marrow is on the team twice (Clone Rule)"]
    # the opponent may field the same characters: each deck is judged alone
    assert errors(deck()) == []


# -- the mission set ---------------------------------------------------------------------------
def test_one_complete_seven_card_mission_set():
    assert errors(deck(missions="")) == [
        "the deck has no mission set: choose one of seven cards"]
    assert errors(deck(missions="lost-atlantis")) == [
        "there is no mission set 'lost-atlantis' in the card set"]
    short = pool()
    del short.cards["drowned-bell-4"]
    assert errors(deck(), catalog=short) == [
        "the mission set The Drowned Bell has 6 of its seven cards"]


def test_what_never_goes_in_the_draw_pile():
    assert errors(deck(add={"drowned-bell-1": 1})) == [
        "The Drowned Bell 1/7 is a mission card: mission cards are the deck's mission set; "
        "they never go in the Draw Pile"]
    assert errors(deck(add={"hollow-fen": 1})) == [
        "Hollow Fen is a character: characters make the team; they are never shuffled into "
        "the Draw Pile"]
    assert errors(deck(add={"lamp-hill": 1})) == [
        "Lamp Hill is a Location: a Location is chosen as the Home Base or the Battlesite, "
        "not shuffled in"]
    assert errors(deck(add={"no-such-card": 2})) == [
        "there is no card 'no-such-card' in the card set"]


# -- the minimum -------------------------------------------------------------------------------
def _cut_to(d: DeckList, size: int) -> DeckList:
    """Take plain Power cards out until the Draw Pile holds ``size`` cards."""
    powers = [cid for cid in d.cards if POOL.cards[cid].kind == "power"]
    while d.size > size:
        cid = powers.pop()
        d.cards[cid] -= 1
        if not d.cards[cid]:
            del d.cards[cid]
    return d


def test_the_draw_pile_needs_51_cards_without_events():
    assert deck().size == 60
    assert errors(_cut_to(deck(), 51)) == []
    assert errors(_cut_to(deck(), 50)) == [
        "the Draw Pile needs at least 51 cards without Events (56 with, 51 without); it has 50"]


def test_the_draw_pile_needs_56_cards_with_events():
    with_events = deck(add={"event-undertow": 1, "event-fog-horn": 1})
    assert errors(_cut_to(with_events, 56)) == []
    assert errors(_cut_to(with_events, 55)) == [
        "the Draw Pile needs at least 56 cards with Events (56 with, 51 without); it has 55"]


def test_characters_missions_locations_and_specials_beneath_do_not_count():
    """The minimum counts the Draw Pile alone (ruling 16): a 51-card pile with four
    characters, seven missions, a Battlesite and four Specials beneath is still 51."""
    d = _cut_to(deck("quarryfolk", battlesite="chalk-quay",
                     beneath=["saltbright-flare-lance", "keel-marrow-anchor-swing"]), 51)
    assert errors(d) == []
    assert errors(_cut_to(d, 50))[0].endswith("it has 50")


# -- One Per Deck ------------------------------------------------------------------------------
def test_one_per_deck_cards_once():
    assert errors(deck(add={"gannet-vey-slip-the-net": 1})) == [
        "Slip the Net is One Per Deck; this deck holds 2"]
    assert errors(deck(add={"any-rummage": 3})) == [
        "Rummage is One Per Deck; this deck holds 3"]
    # cards not so labelled: as many as the player likes
    assert errors(deck(add={"saltbright-flare-lance": 3, "energy-5": 4})) == []


def test_every_event_once():
    assert errors(deck(add={"event-undertow": 2})) == [
        "Undertow: a deck may hold each Event once, this one holds 2"]


def test_one_per_deck_counts_the_specials_beneath_the_battlesite_too():
    d = deck("quarryfolk", battlesite="chalk-quay", beneath=["gannet-vey-slip-the-net"],
             add={"gannet-vey-slip-the-net": 1})
    assert "Slip the Net is One Per Deck; this deck holds 2" in errors(d)


# -- Specials ----------------------------------------------------------------------------------
def test_specials_only_for_the_team():
    assert errors(deck(add={"flintmother-stone-skin": 1})) == [
        "Stone Skin is Flintmother's Special and Flintmother is not on the team"]
    # Any Character Specials suit every team
    assert errors(deck("veilwright", add={"any-duck-and-cover": 1})) == []


def test_any_hero_specials_need_someone_not_a_villain():
    assert errors(deck("veilwright", add={"anyhero-stand-together": 1})) == [
        "Stand Together is for Any Hero, and everyone on this team is a Villain"]
    # the Scrapline Crew has an uncoded member (Tally Crane)
    assert errors(deck("scrapline", add={"anyhero-stand-together": 1})) == []


def test_a_special_serves_every_version_of_its_character():
    d = deck(characters=[*TIDEWATCH[1:], "saltbright-tide-crowned"], reserve=None,
             remove=dict.fromkeys(QUILL_SPECIALS, 1))
    d.characters = ["saltbright-tide-crowned", *TIDEWATCH[1:3], "hollow-fen"]
    assert errors(d) == []


# -- Events ------------------------------------------------------------------------------------
def test_events_only_from_the_decks_mission_set():
    assert errors(deck(add={"event-undertow": 1, "event-fog-horn": 1})) == []
    assert errors(deck(add={"event-cave-in": 1})) == [
        "Cave-In belongs to the mission set The Quarry of Echoes; a deck holds only Events of "
        "its own mission set (The Drowned Bell)"]


# -- Locations ---------------------------------------------------------------------------------
def test_a_home_base_lists_all_four():
    assert errors(deck(home_base="lamp-hill")) == []
    assert errors(deck("quarryfolk", home_base="lamp-hill")) == [
        "Lamp Hill can be the Home Base only of a team all on its list; Flintmother, Cobble "
        "Jack, Tallow Pike and Pumice Dell are not"]
    d = deck(characters=[*TIDEWATCH[:3], "hollow-fen"], reserve=None,
             remove=dict.fromkeys(QUILL_SPECIALS, 1), home_base="lamp-hill")
    assert errors(d) == ["Lamp Hill can be the Home Base only of a team all on its list; "
                         "Hollow Fen is not"]
    assert errors(deck(home_base="energy-5")) == [
        "Energy 5 is a Power card, not a Location: it cannot be the Home Base"]
    assert errors(deck(home_base="atlantis")) == [
        "there is no Location 'atlantis' in the card set"]


def test_aspects_only_with_their_home_base():
    assert errors(deck(home_base="lamp-hill", add={"lamp-hill-signal-bell": 2,
                                                   "any-home-base-back-door": 1})) == []
    assert errors(deck(add={"lamp-hill-signal-bell": 1})) == [
        "Signal Bell is an Aspect, and the deck has no Home Base"]
    assert errors(deck(add={"any-home-base-back-door": 1})) == [
        "Back Door is an Aspect, and the deck has no Home Base"]
    assert errors(deck(home_base="lamp-hill", add={"chalk-quay-tide-gauge": 1})) == [
        "Tide Gauge is an Aspect of Chalk Quay, not of this deck's Home Base (Lamp Hill)"]
    assert errors(deck(home_base="lamp-hill", add={"lamp-hill-night-watch": 2})) == [
        "Night Watch is One Per Deck; this deck holds 2"]


def test_a_battlesite_lists_none_of_the_team():
    assert errors(deck("quarryfolk", battlesite="chalk-quay")) == []
    assert errors(deck(battlesite="chalk-quay")) == [
        "Chalk Quay cannot be this team's Battlesite: Saltbright, Keel Marrow, Gannet Vey and "
        "Almoner Quill are on its list"]
    d = deck("scrapline", battlesite="chalk-quay",
             characters=["rivet-baroness", "gutterhound", "coilwhip-dacey", "hollow-fen"],
             reserve=None, remove={c: n for c, n in deck("scrapline").cards.items()
                                   if c.startswith("tally-crane")})
    assert errors(d) == ["Chalk Quay cannot be this team's Battlesite: Hollow Fen is on its "
                         "list"]


def test_specials_beneath_the_battlesite():
    ok = deck("quarryfolk", battlesite="chalk-quay",
              beneath=["saltbright-flare-lance", "saltbright-tide-surge",
                       "keel-marrow-anchor-swing"])
    assert errors(ok) == []
    assert errors(replace(ok, beneath=["saltbright-flare-lance", "saltbright-flare-lance"])) \
        == ["Flare Lance lies beneath the Battlesite twice (one of each Special there)"]
    assert errors(replace(ok, beneath=["any-duck-and-cover"])) == [
        "Duck and Cover is not a character's Special: only those lie beneath a Battlesite"]
    assert errors(replace(ok, beneath=["energy-5"])) == [
        "Energy 5 is not a character's Special: only those lie beneath a Battlesite"]
    assert errors(replace(ok, beneath=["mothwick-cocoon"])) == [
        "Cocoon may not lie beneath Chalk Quay: its character is not on the Battlesite's list"]
    assert errors(replace(ok, battlesite=None)) == [
        "Specials lie beneath a Battlesite, and the deck has none"]


def test_activators_name_a_character_of_the_battlesite():
    base = deck("quarryfolk", battlesite="chalk-quay", beneath=["saltbright-flare-lance"])
    assert errors(replace(base, cards={**base.cards, "activator-saltbright": 2})) == []
    assert errors(replace(base, cards={**base.cards, "activator-flintmother": 1})) == [
        "Activator: Flintmother names Flintmother, who is not on Chalk Quay's list"]
    assert errors(deck(add={"activator-saltbright": 1})) == [
        "Activator: Saltbright fetches a Special from beneath a Battlesite, and the deck has "
        "none"]
    lonely = replace(base, cards={**base.cards, "activator-keel-marrow": 1})
    assert errors(lonely) == []
    assert advice(lonely) == [
        "Activator: Keel Marrow has no Keel Marrow Special beneath the Battlesite to fetch"]


# -- the Sum Deck Rule and the Home Base Exception ---------------------------------------------
BRINEWRIGHT = dict(characters=[*TIDEWATCH[:3], "commodore-brinewright"], reserve=None,
                   remove=dict.fromkeys(QUILL_SPECIALS, 1))
OVER = ("the team has 16 ranks and 81 points; the Sum Deck Rule allows a 16-rank team at "
        "most 76 (unless a Home Base lists all four)")


def test_the_sum_deck_rank_table():
    assert decklaw.SUM_DECK_CAPS == {12: 58, 13: 62, 14: 67, 15: 72, 16: 76}
    chars = {c.id: c for c in POOL.of_kind("character")}
    assert (decklaw.ranks(chars["saltbright"]), decklaw.points(chars["saltbright"])) == (4, 19)
    assert (decklaw.ranks(chars["flintmother"]), decklaw.points(chars["flintmother"])) == \
        (3, 15)


def test_the_sum_deck_rule_is_advice_outside_tournaments_and_an_error_in_them():
    over = deck(**BRINEWRIGHT)
    assert errors(over) == []
    assert sum_deck(over) == [(OVER, True)]
    assert errors(over, DeckRules(tournament=True)) == [OVER]
    # exactly at the cap is fine (the Tidewatch: 16 ranks, 76 points)
    assert rules_of(deck(), DeckRules(tournament=True)) == set()


def test_the_home_base_exception():
    excepted = deck(**BRINEWRIGHT, home_base="lamp-hill")
    assert errors(excepted, DeckRules(tournament=True)) == []
    assert sum_deck(excepted, DeckRules(tournament=True)) == []
    # a Home Base whose list misses one of the team lifts nothing
    chalk = deck(**BRINEWRIGHT, home_base="chalk-quay")
    assert errors(chalk, DeckRules(tournament=True)) == [
        "Chalk Quay can be the Home Base only of a team all on its list; Commodore "
        "Brinewright is not", OVER]


# -- the Code Rule -----------------------------------------------------------------------------
def test_the_code_rule_when_it_is_on():
    trick = deck(add={"any-dirty-trick": 1})
    assert errors(trick) == []
    assert errors(trick, DeckRules(code_rule=True)) == [
        "Dirty Trick is coded V (Villain) and Saltbright, Keel Marrow, Gannet Vey and Almoner "
        "Quill are coded H: under the Code Rule no one on this team may play it"]
    bribe = deck(add={"villains-bribe": 1})
    assert errors(bribe, DeckRules(code_rule=True)) == [
        "A Villain's Bribe is coded V (Villain) and Saltbright, Keel Marrow, Gannet Vey and "
        "Almoner Quill are coded H: under the Code Rule no one on this team may play it"]
    # an uncoded character may play cards of either code
    fen = deck(**{**BRINEWRIGHT, "characters": [*TIDEWATCH[:3], "hollow-fen"]},
               add={"any-dirty-trick": 1, "villains-bribe": 1})
    assert errors(fen, DeckRules(code_rule=True)) == []
    # and a villain team may hold them
    assert errors(deck("veilwright", add={"villains-bribe": 1}), DeckRules(code_rule=True)) == []


# -- advice ------------------------------------------------------------------------------------
def test_cards_no_one_can_use_are_advice_not_errors():
    d = deck("quarryfolk", add={"energy-8": 1, "intellect-3": 1, "artifact-brass-sextant": 1})
    assert errors(d) == []
    assert advice(d) == ["no one on the team can use Energy 8",
                         "no one on the team can use Intellect 3",
                         "no one on the team can use Brass Sextant"]
    problems = decklaw.check(POOL, d)
    assert str(problems[0]) == "no one on the team can use Energy 8 (advice)"


def test_the_catalog_refuses_an_illegal_ready_made_deck_at_its_field():
    catalog = pool()
    bad = catalog.cards["tidewatch"]
    catalog.cards["tidewatch"] = replace(bad, data={**bad.data, "cards": {"energy-5": 3}},
                                         marks={"cards": (40, 5)})
    found = check_catalog(catalog)
    assert [str(e) for e in found] == [
        f"{bad.source}:40:5: card 'tidewatch' field 'cards': the Draw Pile needs at least 51 "
        "cards without Events (56 with, 51 without); it has 3"]
    assert "tidewatch" not in catalog.cards


def test_the_deck_building_rulings_name_tests_that_exist():
    """docs/rulings.md's deck-building rulings (D1...) cite the tests above, each real."""
    rulings = (Path(__file__).parent.parent / "docs" / "rulings.md").read_text("utf-8")
    section = rulings.split("### Deck building (issue 14)")[1].split("\n##")[0]
    cited = set(re.findall(r"`(test_\w+)`", section))
    assert len(re.findall(r"^D\d+\. ", section, re.M)) == 11
    assert cited and cited <= set(globals()), cited - set(globals())
