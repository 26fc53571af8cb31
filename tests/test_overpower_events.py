"""OverPower Events (tabletop/games/overpower/events.py and eventeffects.py;
docs/rulings.md, OverPower, "Events"): played after the draw, one per player per battle,
chosen among several, replaced by a draw; resolved first player first, the same Event
once; when each leaves play; Events drawn later discarded; one test per Event card; random
and computer playouts."""

from __future__ import annotations

import pytest
from overpower_helpers import CATALOG, GAME, RULES, names, play, refusal
from overpower_playout import play_out

from tabletop.engine.session import Session
from tabletop.games.overpower.decklaw import DeckList, check

P1_LINE = {"front": ["Saltbright", "Keel Marrow", "Gannet Vey"], "reserve": ["Almoner Quill"]}
P2_LINE = {"front": ["The Gloaming Abbess", "Sorrowgale", "Embertongue"],
           "reserve": ["Mothwick"]}
HAND = ["Energy 4", "Energy 5", "Fighting 4", "Strength 5", "Intellect 4", "Energy 6",
        "Fighting 5"]


def with_events(base: str = "tidewatch", missions: str | None = None, **events) -> DeckList:
    deck = DeckList.from_data(f"{base} with Events", CATALOG.cards[base].data)
    if missions:
        deck.missions = missions
    deck.cards.update({k.replace("_", "-"): v for k, v in events.items()})
    return deck


TIDE = with_events(**{"event-bell-tolls-below": 1, "event-high-tide": 1})


def battle(p1_draw: list[str], p2_draw: list[str] | None = None, p1: DeckList = TIDE,
           p2: DeckList | None = None, first: str = "P1") -> Session:
    """A table at the start of battle 1's draw: each Draw Pile's top cards given."""
    decks = {"P1": p1.to_data()}
    if p2 is not None:
        decks["P2"] = p2.to_data()
    position = {"phase": "draw", "first": first, "decks": decks,
                "P1": {**P1_LINE, "draw": p1_draw}, "P2": {**P2_LINE, "draw": p2_draw or []}}
    return Session(GAME, CATALOG, RULES.normalize_options({"team_p2": "veilwright"}), 1,
                   position=position)


def lines(t: Session) -> list[str]:
    return [line for entry in t.log(None) for line in entry.lines]


def test_the_decks_are_legal():
    assert check(CATALOG, TIDE) == []


def test_an_event_is_played_after_the_draw_and_replaced():
    t = battle([*HAND, "The Bell Tolls Below", "Strength 6"])
    s = t.state
    assert names(t, "events.0") == ["The Bell Tolls Below"]
    log = lines(t)
    assert "P1 has an Event: The Bell Tolls Below" in log
    assert "Strength 6" in names(t, "hand.0") + names(t, "discarding.0")  # the replacement
    # it binds both players: every Energy attack counts 1 more this battle
    assert {(b.seat, b.applies, b.amount) for b in s.bonuses} == {(0, "attack", 1),
                                                                  (1, "attack", 1)}
    assert s.phase != "events"


def test_an_event_leaves_play_at_the_end_of_the_battle():
    t = battle([*HAND, "The Bell Tolls Below", "Strength 6"])
    s = t.state
    from tabletop.games.overpower.events import battle_over

    s = s.copy()
    battle_over(s)
    assert [s.name(c) for c in s.zones["events.0"]] == []
    assert "The Bell Tolls Below" in [s.name(c) for c in s.zones["defeated.0"]]


def test_an_instant_event_leaves_play_once_resolved_and_each_player_draws():
    t = battle([*HAND, "High Tide", "Strength 6", "Strength 7"], ["Energy 7"] * 0)
    assert names(t, "events.0") == []
    assert "High Tide" in names(t, "defeated.0")
    log = lines(t)
    assert log.index("P1 has an Event: High Tide") < log.index("High Tide leaves play")
    everything = names(t, "hand.0") + names(t, "discarding.0") + names(t, "dead.0") + \
        names(t, "pack.0")
    assert "Strength 7" in everything  # High Tide's draw, after the replacement


def test_a_player_with_two_events_chooses_one_the_other_is_discarded():
    t = battle(["Energy 4", "Energy 5", "Fighting 4", "Strength 5", "Intellect 4", "Energy 6",
                "The Bell Tolls Below", "High Tide", "Strength 6"])
    assert t.state.pending.kind == "event"
    assert sorted(GAME.notation.format_move(t.state, m) for m in t.legal_moves()) == [
        'P1 event "High Tide"', 'P1 event "The Bell Tolls Below"']
    play(t, 'P1 event "The Bell Tolls Below"')
    assert names(t, "events.0") == ["The Bell Tolls Below"]
    assert "High Tide" in names(t, "defeated.0") + names(t, "discarding.0")
    assert "High Tide" not in names(t, "hand.0")


def test_both_events_first_player_first_and_the_same_event_once():
    p2 = with_events("veilwright", "drowned-bell", **{"event-bell-tolls-below": 1})
    t = battle([*HAND, "The Bell Tolls Below", "Strength 6"],
               ["Energy 1", "Energy 2", "Energy 3", "Energy 4", "Fighting 2", "Fighting 3",
                "Strength 2", "The Bell Tolls Below", "Intellect 2"], p2=p2, first="P2")
    log = lines(t)
    assert log.index("P2 has an Event: The Bell Tolls Below") < \
        log.index("P1 has an Event: The Bell Tolls Below")
    assert "The Bell Tolls Below has already been resolved this battle" in log
    assert len(t.state.bonuses) == 2  # once: one bonus for each player
    assert names(t, "events.0") == names(t, "events.1") == ["The Bell Tolls Below"]
    assert "Intellect 2" in names(t, "hand.1") + names(t, "discarding.1") + \
        names(t, "pack.1") + names(t, "dead.1")  # both refill


def to_the_fight(t: Session) -> None:
    """Answer every decision before the fight plainly: keep the first, place nothing,
    venture one card, draw no penalty, fight."""
    prefer = ("done", "fight", "venture", "penalty", "keep")
    while t.state.pending is not None and t.state.pending.kind != "turn":
        legal = t.legal_moves()
        t.play(min(legal, key=lambda m: (prefer.index(m.kind) if m.kind in prefer else 9,
                                         m.target or 0, m.choice or 0)
                   if m.kind in ("venture", "penalty") else
                   (prefer.index(m.kind) if m.kind in prefer else 9, 0, 0)))


def test_an_event_may_forbid_a_kind_of_card():
    quarry = with_events("quarryfolk", **{"event-rockslide-warning": 1})
    position = {"phase": "draw", "first": "P1", "decks": {"P1": quarry.to_data()},
                "P1": {"front": ["Flintmother", "Cobble Jack", "Tallow Pike"],
                       "reserve": ["Pumice Dell"],
                       "draw": ["Pincer Move", "Strength 5", "Fighting 4", "Energy 3",
                                "Strength 6", "Fighting 7", "Energy 2",
                                "Rockslide Warning", "Strength 8"]},
                "P2": {**P2_LINE}}
    t = Session(GAME, CATALOG, {"team_p2": "veilwright"}, 1, position=position)
    to_the_fight(t)
    assert t.state.actor == 0 and "teamwork" in t.state.forbidden
    assert "Pincer Move" in names(t, "hand.0")
    assert not [m for m in t.legal_moves() if m.kind == "teamwork"]
    assert [m for m in t.legal_moves() if m.kind == "attack"]
    assert refusal(t, 'P1 teamwork "Pincer Move" by "Cobble Jack" > "Sorrowgale"') == \
        "No teamwork card may be played this battle (Rockslide Warning)."


def test_a_game_long_event_stays_and_acts_every_battle():
    eclipse = with_events("veilwright", **{"event-the-long-dusk": 1})
    position = {"phase": "draw", "first": "P1", "decks": {"P1": eclipse.to_data()},
                "P1": {"front": ["The Gloaming Abbess", "Sorrowgale", "Embertongue"],
                       "reserve": ["Mothwick"],
                       "draw": ["Energy 1", "Energy 2", "Energy 3", "Energy 4", "Energy 5",
                                "Energy 6", "Energy 7", "The Long Dusk", "Energy 8"]},
                "P2": {"front": ["Saltbright", "Keel Marrow", "Gannet Vey"],
                       "reserve": ["Almoner Quill"]}}
    options = {"team_p2": "tidewatch"}
    t = Session(GAME, CATALOG, options, 1, position=position)
    assert t.state.forbidden == frozenset({"ally"})
    from tabletop.games.overpower.events import battle_over, lasting_events

    s = t.state.copy()
    battle_over(s)
    assert [s.name(c) for c in s.zones["events.0"]] == ["The Long Dusk"]
    s.forbidden = frozenset()
    lasting_events(s)
    assert s.forbidden == frozenset({"ally"})


def test_an_event_drawn_after_the_events_step_is_discarded():
    t = battle([*HAND, "High Tide", "Strength 6", "The Bell Tolls Below"])
    assert names(t, "events.0") == []
    assert "The Bell Tolls Below" in names(t, "defeated.0") + names(t, "discarding.0")
    assert "The Bell Tolls Below" not in names(t, "hand.0")


EVENTS = CATALOG.of_kind("event")


@pytest.mark.parametrize("card", EVENTS, ids=[c.id for c in EVENTS])
def test_each_event_is_played_and_resolved(card):
    base = next(d.id for d in CATALOG.of_kind("deck")
                if d.data["missions"] == card.data["mission_set"] and not
                d.data.get("home_base") and not d.data.get("battlesite"))
    deck = with_events(base, **{card.id: 1})
    assert [p for p in check(CATALOG, deck) if not p.warning] == []
    team = [CATALOG.cards[c].name for c in deck.characters]
    powers = [CATALOG.cards[c].name for c in deck.cards if CATALOG.cards[c].kind == "power"]
    foe = "tidewatch" if base != "tidewatch" else "quarryfolk"
    foes = [CATALOG.cards[c].name for c in CATALOG.cards[foe].data["characters"]]
    position = {"phase": "draw", "first": "P1", "decks": {"P1": deck.to_data()},
                "P1": {"front": team[:3], "reserve": team[3:],
                       "draw": [*powers[:7], card.name, powers[7]]},
                "P2": {"front": foes[:3], "reserve": foes[3:]}}
    t = Session(GAME, CATALOG, {"team_p2": foe}, 1, position=position)
    assert f"P1 has an Event: {card.name}" in lines(t)
    where = names(t, "events.0") + names(t, "defeated.0")
    assert card.name in where
    assert (card.name in names(t, "events.0")) == (card.data["duration"] != "instant")


def test_random_and_computer_playouts_with_events_end_and_keep_every_card():
    p1 = CATALOG.cards["tidewatch-gull-point"].data
    p2 = CATALOG.cards["quarryfolk-breakwater"].data
    played = 0
    for seed in range(16):
        s = RULES.new_state(CATALOG, {"team_p1": "tidewatch-gull-point",
                                      "team_p2": "quarryfolk-breakwater"}, seed)
        s, _ = play_out(s, seed)
        played += sum(1 for k in s.counters if k[0] == "event")
    assert played > 3 and p1 and p2


def test_the_event_rulings_name_tests_that_exist():
    import re
    from pathlib import Path

    rulings = (Path(__file__).parent.parent / "docs" / "rulings.md").read_text("utf-8")
    section = rulings.split("### Events (issue 14)")[1].split("\n##")[0]
    cited = set(re.findall(r"`(test_\w+)`", section))
    assert cited and cited <= set(globals()), cited - set(globals())
