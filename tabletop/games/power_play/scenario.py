"""Build a Power Play state from a scenario ``position`` (see docs/scenarios.md).

::

    position:
      active: P1               # the active hero (default P1)
      round: 1                 # 1-4 (default 1)
      turn: 1                  # the turn within the round (default 1)
      location: Breakwater Alley   # the current location; null for none; left out: drawn
      villain: Windshear       # left out: drawn from the villain pile
      attribute: Glacier Hide  # left out: drawn
      threat: [Flame 2, Mind 3]    # the villain's powers, the second face down; left out: drawn
      hands: {P1: [Gale 3, Frost 3, Shadow 4]}   # seats left out are dealt four
      bonus: {P2: [Sparkjaw]}  # villains won earlier (Bonus powers)
      bad_news: {P1: [Rustmonger]}
      discard: [Flame 1]
      out: [Molten Core]       # out of the game
      featured: [Lantern Quay] # locations of earlier rounds (they count for the score)
      powers: [Mind 1]         # the top of the power pile, top first; the rest is shuffled
      villains: [Hoarfrost]    # the next villains, top first (also attributes, locations)

The position is the start of the active hero's turn, with the villain on the table.
"""

from __future__ import annotations

from typing import Any

from ...engine.cards import Catalog
from ...engine.moves import NotationError, parse_seat
from .state import PPState

PILES = {"villain": "villains", "attribute": "attributes", "location": "locations",
         "power": "powers"}


def build_state(game, catalog: Catalog, options: dict[str, Any], seed: int,
                position: dict[str, Any]) -> PPState:
    s = game.new_state(catalog, options, seed)
    pool = sorted(s.all_cards())
    for zone in s.zones:
        s.zones[zone] = []
    s.facedown.clear()
    s.featured = []
    s.events = []

    def take(name, kind: str | None = None) -> int:
        lowered = str(name).casefold()
        for c in pool:
            if s.name(c).casefold() == lowered or s.info[c].id == name:
                if kind is not None and s.info[c].kind != kind:
                    raise NotationError(f"scenario: {name!r} is not a {kind} card")
                pool.remove(c)
                return c
        raise NotationError(f"scenario: no (more) card named {name!r} in the Power Play set")

    def seat_of(key) -> int:
        seat = parse_seat(str(key))
        if not 0 <= seat < s.seats:
            raise NotationError(f"scenario: no seat {key} in this game")
        return seat

    def names(key: str) -> list:
        value = position.get(key) or []
        if not isinstance(value, list):
            raise NotationError(f"scenario: {key!r} must be a list of card names")
        return value

    hands: dict[int, list[int]] = {}
    for key, cards in (position.get("hands") or {}).items():
        hands[seat_of(key)] = [take(n, "power") for n in cards]
    for field, zone in (("bonus", "bonus"), ("bad_news", "badnews")):
        for key, cards in (position.get(field) or {}).items():
            s.zones[f"{zone}.{seat_of(key)}"] = [take(n, "villain") for n in cards]
    s.zones["discard"] = [take(n, "power") for n in names("discard")]
    s.zones["out"] = [take(n) for n in names("out")]
    for n in names("featured"):
        c = take(n, "location")
        s.zones["out"].append(c)
        s.featured.append(c)
    tops = {kind: [take(n, kind) for n in names(pile)] for kind, pile in PILES.items()}
    current = {}
    for kind in ("villain", "attribute"):
        if position.get(kind):
            current[kind] = take(position[kind], kind)
    threat = [take(n, "power") for n in position["threat"]] if "threat" in position else None
    location = None
    if position.get("location"):
        location = take(position["location"], "location")
    # what is left goes to the piles, shuffled by the seed (less counting and receding
    # leave locations out as in a normal set-up)
    rest: dict[str, list[int]] = {kind: [] for kind in PILES}
    for c in pool:
        inf = s.info[c]
        if inf.kind == "location" and (options["less_counting"] or (
                options["receding"] and inf.score_bonus)):
            s.zones["out"].append(c)
        else:
            rest[inf.kind].append(c)
    for kind, pile in PILES.items():
        s.shuffle(rest[kind])
        s.zones[pile] = rest[kind]
    for seat in range(s.seats):
        hand = hands.get(seat)
        if hand is None:
            hand = [s.zones["powers"].pop() for _ in range(4) if s.zones["powers"]]
        s.zones[f"hand.{seat}"] = hand
    for kind, pile in PILES.items():
        s.zones[pile].extend(reversed(tops[kind]))
    if threat is not None:
        s.zones["powers"].extend(reversed(threat))
    for kind in ("villain", "attribute"):
        if kind in current:
            s.zones[PILES[kind]].append(current[kind])
    active = seat_of(position.get("active", "P1"))
    rnd = int(position.get("round", 1))
    turn = int(position.get("turn", 1))
    if not (1 <= rnd <= 4 and 1 <= turn <= s.seats):
        raise NotationError(f"scenario: round must be 1-4 and turn 1-{s.seats}")
    s.current = active
    s.round = rnd
    s.round_turn = turn - 1
    s.turn = (rnd - 1) * s.seats + turn - 1
    s.say(f"Scenario: round {rnd}, turn {turn}, {position.get('active', 'P1')} active")
    if location is None and "location" not in position and s.zones["locations"]:
        location = s.zones["locations"].pop()
    if location is not None:
        s.zones["location"] = [location]
        s.featured.append(location)
        s.say(f"The current location is {s.name(location)}")
    game._start_turn(s, active)
    return s
