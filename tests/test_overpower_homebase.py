"""OverPower Home Bases and Aspects (tabletop/games/overpower/homebase.py; docs/rulings.md,
OverPower, "Locations"): the Home Base's ability for the team, Aspects played by the Home
Base (attack, Defensive Action for the team, effect), Placed on it one at a time and
counted for duplicates, never an Any Home Base Aspect; the Home Base is never attacked;
one test per Aspect; random and computer playouts."""

from __future__ import annotations

import pytest
from overpower_helpers import CATALOG, GAME, RULES, names, play, refusal
from overpower_playout import play_out

from tabletop.engine.session import Session
from tabletop.games.overpower.decklaw import DeckList, check
from tabletop.games.overpower.hits import venture_total

HOME = "Gull Point Lighthouse"
ASPECTS = {"gull-point-fog-bell": 2, "gull-point-lamp-room-vigil": 1,
           "any-home-base-secret-stair": 1}
P1_LINE = {"front": ["Saltbright", "Keel Marrow", "Gannet Vey"], "reserve": ["Almoner Quill"]}
P2_LINE = {"front": ["The Gloaming Abbess", "Sorrowgale", "Embertongue"],
           "reserve": ["Mothwick"]}


def gull_point(home: str = "gull-point-lighthouse", base: str = "tidewatch",
               aspects: dict | None = None) -> DeckList:
    deck = DeckList.from_data(f"{base} at {home}", CATALOG.cards[base].data)
    deck.home_base = home
    deck.cards.update(ASPECTS if aspects is None else aspects)
    return deck


def home_table(p1: dict, p2: dict, first: str = "P1", phase: str = "fight",
               deck: DeckList | None = None, **more) -> Session:
    position = {"phase": phase, "first": first,
                "decks": {"P1": (deck or gull_point()).to_data()},
                "P1": {**P1_LINE, **p1}, "P2": {**P2_LINE, **p2}, **more}
    return Session(GAME, CATALOG, RULES.normalize_options({"team_p2": "veilwright"}), 1,
                   position=position)


def legal_texts(t: Session) -> list[str]:
    return [GAME.notation.format_move(t.state, m) for m in t.legal_moves()]


def test_the_deck_is_legal():
    assert check(CATALOG, gull_point()) == []


def test_the_home_base_is_set_behind_the_team_and_its_ability_helps_each_character():
    t = Session(GAME, CATALOG, {"team_p2": "veilwright"}, 2,
                position={"phase": "setup", "decks": {"P1": gull_point().to_data()}})
    s = t.state
    assert names(t, "base.0") == [HOME]
    assert names(t, "site.0") == [] and names(t, "base.1") == []
    for c in s.zones["front.0"]:
        assert (1, None) in s.info[c].profile.defence, s.name(c)
    keel = next(c for c in s.zones["front.0"] if s.name(c) == "Keel Marrow")
    assert s.info[keel].profile.ko_at == 24  # its own ability stays
    foes = s.zones["front.1"]
    assert all((1, None) not in s.info[c].profile.defence for c in foes)


def test_the_home_base_ability_at_work_a_defence_counts_one_more():
    t = home_table({"hand": ["Energy 4"]}, {"hand": ["Energy 5"]}, first="P2")
    play(t, 'P2 attack "Energy 5" as energy by "Sorrowgale" > "Saltbright"')
    assert 'P1 defend "Energy 4" by "Saltbright"' in legal_texts(t)   # 4 + 1 = 5
    play(t, 'P1 defend "Energy 4" by "Saltbright"')
    assert names(t, "hits.0") == []


def test_the_home_base_is_never_attacked():
    t = home_table({}, {"hand": ["Energy 5", "Eclipse Psalm"]}, first="P2")
    assert not [x for x in legal_texts(t) if f'> "{HOME}"' in x]


def test_the_home_base_plays_an_aspect_as_its_turns_action():
    t = home_table({"hand": ["The Fog Bell"]}, {})
    assert f'P1 special "The Fog Bell" by "{HOME}"' in legal_texts(t)
    before = venture_total(t.state, 0)
    play(t, f'P1 special "The Fog Bell" by "{HOME}"')
    assert venture_total(t.state, 0) == before + 2
    assert "The Fog Bell" in names(t, "dead.0")


def test_characters_never_play_aspects():
    t = home_table({"hand": ["The Fog Bell"]}, {})
    assert not [x for x in legal_texts(t) if "Fog Bell" in x and HOME not in x]
    assert refusal(t, 'P1 special "The Fog Bell" by "Saltbright"') == \
        f"The Fog Bell is an Aspect: only your Home Base, {HOME}, plays it."


def test_a_defensive_aspect_protects_any_front_line_character():
    t = home_table({"hand": ["Lamp Room Vigil"]}, {"hand": ["Energy 5"]}, first="P2")
    play(t, 'P2 attack "Energy 5" as energy by "Sorrowgale" > "Keel Marrow"')
    assert f'P1 defend "Lamp Room Vigil" by "{HOME}"' in legal_texts(t)
    play(t, f'P1 defend "Lamp Room Vigil" by "{HOME}"')
    assert names(t, "hits.0") == []
    assert "Lamp Room Vigil" in names(t, "dead.0")


def test_an_any_home_base_aspect_is_played_from_the_hand():
    t = home_table({"hand": ["Secret Stair"]}, {"hand": ["Energy 5"]}, first="P2")
    play(t, 'P2 attack "Energy 5" as energy by "Sorrowgale" > "Gannet Vey"')
    play(t, f'P1 defend "Secret Stair" by "{HOME}"')
    assert names(t, "hits.0") == []


def test_aspects_are_placed_on_the_home_base_one_at_a_time():
    t = home_table({"hand": ["The Fog Bell", "Lamp Room Vigil", "Secret Stair", "Energy 5"]},
                   {}, phase="placing")
    texts = legal_texts(t)
    assert f'P1 place "The Fog Bell" > "{HOME}"' in texts
    assert f'P1 place "Lamp Room Vigil" > "{HOME}"' in texts
    assert not [x for x in texts if "Secret Stair" in x]            # Any Home Base: never
    assert refusal(t, f'P1 place "Secret Stair" > "{HOME}"') == \
        "Secret Stair is an Any Home Base Aspect: it is played from your hand, never Placed."
    assert f'P1 place "Energy 5" > "{HOME}"' not in texts           # only Aspects
    assert refusal(t, f'P1 place "Energy 5" > "{HOME}"') == \
        f"Only Aspects are Placed on your Home Base, {HOME}."
    assert not [x for x in texts if "Fog Bell" in x and HOME not in x]
    assert refusal(t, 'P1 place "The Fog Bell" > "Saltbright"') == \
        f"The Fog Bell is an Aspect: only your Home Base, {HOME}, plays it."
    play(t, f'P1 place "The Fog Bell" > "{HOME}"')
    if t.state.actor == 1:
        play(t, "P2 done")
    assert f'P1 place "Lamp Room Vigil" > "{HOME}"' not in legal_texts(t)  # one at a time
    assert refusal(t, f'P1 place "Lamp Room Vigil" > "{HOME}"') == \
        f"{HOME} already has an Aspect Placed (one at a time)."


def test_a_placed_aspect_is_played_later_and_counts_for_duplicates():
    t = home_table({"placed": {HOME: ["The Fog Bell"]}, "hand": ["The Fog Bell"]}, {},
                   phase="discard")
    while t.state.pending is not None and t.state.pending.kind == "keep":
        play(t, f"P{t.state.actor + 1} keep")
    assert names(t, "hand.0").count("The Fog Bell") == 0
    assert "The Fog Bell" in names(t, "dead.0")
    assert names(t, "placed.0") == ["The Fog Bell"]


def test_a_home_base_venture_ability_counts_once_for_the_team():
    deck = gull_point("old-breakwater", aspects={})
    t = home_table({}, {}, deck=deck)
    assert venture_total(t.state, 0) == 1


def test_the_rustworks_aspect_attacks():
    deck = gull_point("the-rustworks", "scrapline", {"rustworks-crusher-line": 1})
    p1 = {"front": ["Rivet Baroness", "Gutterhound", "Coilwhip Dacey"],
          "reserve": ["Tally Crane"], "hand": ["Crusher Line"]}
    t = home_table(p1, {}, deck=deck)
    line = 'P1 special "Crusher Line" as strength by "The Rustworks" > "Sorrowgale"'
    assert line in legal_texts(t)
    play(t, line, "P2 take")
    assert names(t, "hits.1") == ["Crusher Line"]


ASPECT_CARDS = CATALOG.of_kind("aspect")


@pytest.mark.parametrize("card", ASPECT_CARDS, ids=[c.id for c in ASPECT_CARDS])
def test_each_aspect_is_played_by_its_home_base(card):
    where = card.data["location"]
    home = where if where != "any-home-base" else "gull-point-lighthouse"
    listed = set(CATALOG.cards[home].data["characters"])
    base = next(d.id for d in CATALOG.of_kind("deck") if set(d.data["characters"]) <= listed)
    deck = gull_point(home, base, {card.id: 1})
    assert [p for p in check(CATALOG, deck) if not p.warning] == []
    team = [CATALOG.cards[c].name for c in deck.characters]
    power = next(CATALOG.cards[c].name for c in deck.cards if CATALOG.cards[c].kind == "power")
    position = {"phase": "fight", "first": "P2", "decks": {"P1": deck.to_data()},
                "P1": {"front": team[:3], "reserve": team[3:], "hand": [card.name],
                       "dead": [power]},  # something for an Aspect that takes from there
                "P2": {**P2_LINE, "hand": ["Energy 3"]}}
    t = Session(GAME, CATALOG, {"team_p2": "veilwright"}, 1, position=position)
    home_name = CATALOG.cards[home].name
    if card.data["play"] == "defence":
        play(t, f'P2 attack "Energy 3" as energy by "Sorrowgale" > "{team[0]}"')
        play(t, f'P1 defend "{card.name}" by "{home_name}"')
        assert names(t, "hits.0") == []
        return
    play(t, "P2 pass")
    moves = [x for x in legal_texts(t) if f'"{card.name}" ' in x and home_name in x]
    assert moves
    play(t, moves[0])
    assert card.name in names(t, "combat") + names(t, "dead.0") + names(t, "hits.1")


LOCATIONS = CATALOG.of_kind("location")


@pytest.mark.parametrize("card", LOCATIONS, ids=[c.id for c in LOCATIONS])
def test_each_location_is_a_home_base_for_a_team_all_on_its_list(card):
    listed = set(card.data["characters"])
    base = next(d.id for d in CATALOG.of_kind("deck") if set(d.data["characters"]) <= listed)
    deck = gull_point(card.id, base, {})
    assert check(CATALOG, deck) == []
    s = GAME.positions.build(CATALOG, RULES.normalize_options({}), 2,
                             {"phase": "setup", "decks": {"P1": deck.to_data()}})
    assert [s.name(c) for c in s.zones["base.0"]] == [card.name]


def test_random_and_computer_playouts_with_home_bases_end_and_keep_every_card():
    p1 = gull_point().to_data()
    p2 = gull_point("the-rustworks", "scrapline", {"rustworks-crusher-line": 2,
                                                    "rustworks-scrap-heap": 2,
                                                    "any-home-base-secret-stair": 1}).to_data()
    position = {"phase": "setup", "decks": {"P1": p1, "P2": p2}}
    played = 0
    for seed in range(20):
        s = GAME.positions.build(CATALOG, RULES.normalize_options({}), seed, position)
        s, moves = play_out(s, seed)
        played += sum(m.kind in ("special", "defend") and isinstance(m.card, int) and
                      m.card >= 0 and s.info[m.card].kind == "aspect" for m in moves)
        assert [s.name(c) for c in s.zones["base.0"]] == [HOME]
    assert played > 5


def test_the_home_base_rulings_name_tests_that_exist():
    import re
    from pathlib import Path

    rulings = (Path(__file__).parent.parent / "docs" / "rulings.md").read_text("utf-8")
    section = rulings.split("### Locations (issue 14)")[1].split("\n##")[0]
    section = section[section.index("L7."):]
    cited = set(re.findall(r"`(test_\w+)`", section))
    assert cited and cited <= set(globals()), cited - set(globals())
