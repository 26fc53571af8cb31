"""Build a Hero vs Nemesis state from a scenario ``position`` (see docs/scenarios.md).

::

    position:
      turn: P1                 # P1: the hero's turn, its conflicts on the table (the
                               # nemesis is first offered to help or hinder); P2: the
                               # nemesis's turn, from scavenging (or the scheme draw)
      turn_number: 3
      hands: {P1: [Name, ...], P2: [Name, ...]}
      conflicts:               # left to right
        - 5 of Clubs
        - {card: King of Hearts, counter: [4 of Hearts], help: [], hinder: [2 of Spades]}
      aside: [Name, ...]       # what the hero set aside (P2 scavenges from it)
      schemes: [Jack of Hearts, {card: 9 of Spades, plots: [2 of Spades]}]
      support: [Name, ...]     # the nemesis's support pile
      discard: [Name, ...]
      deck: [Name, ...]        # top first; every card not placed goes below, shuffled
      popular_support: 1
      bad_press: 2
      showdown_wins: 1
      lost: home

A card the nemesis played from its support pile (worth 1) is written
``{card: Name, from_support: true}`` in ``help``, ``hinder`` or ``plots``.
"""

from __future__ import annotations

from typing import Any

from ...engine.cards import Catalog
from ...engine.moves import NotationError, parse_seat
from .state import HERO, NEMESIS, HvNState


def build_state(game, catalog: Catalog, options: dict[str, Any], seed: int,
                position: dict[str, Any]) -> HvNState:
    from .rules import LOSSES

    s: HvNState = game.new_state(catalog, options, seed)
    pool = sorted(s.all_cards())
    for zone in s.zones:
        s.zones[zone] = []
    s.events = []

    def take(entry) -> tuple[int, bool]:
        spec = entry if isinstance(entry, dict) else {"card": entry}
        name = str(spec.get("card", ""))
        lowered = name.casefold()
        for c in pool:
            if s.name(c).casefold() == lowered or s.cards[c].id == name:
                pool.remove(c)
                return c, bool(spec.get("from_support"))
        raise NotationError(f"scenario: no (more) card named {name!r} in the deck")

    def seat_of(key) -> int:
        seat = parse_seat(str(key))
        if seat not in (HERO, NEMESIS):
            raise NotationError(f"scenario: no seat {key} (P1 is the hero, P2 the nemesis)")
        return seat

    def played(cards, target: int, zone: str, role: str) -> None:
        for entry in cards or ():
            c, weak = take(entry)
            s.zones[zone].append(c)
            s.attached[c] = target
            s.role[c] = role
            if weak:
                s.weak.add(c)

    for key, names in (position.get("hands") or {}).items():
        s.zones[f"hand.{seat_of(key)}"] = [take(n)[0] for n in names]
    for entry in position.get("conflicts") or ():
        spec = entry if isinstance(entry, dict) else {"card": entry}
        c, _ = take(spec)
        s.zones["conflicts"].append(c)
        played(spec.get("counter"), c, "counters", "counter")
        played(spec.get("help"), c, "counters", "help")
        played(spec.get("hinder"), c, "counters", "hinder")
    for entry in position.get("schemes") or ():
        spec = entry if isinstance(entry, dict) else {"card": entry}
        c, _ = take(spec)
        s.zones["schemes"].append(c)
        played(spec.get("plots"), c, "plots", "plot")
    for zone, key in (("aside", "aside"), ("support.1", "support"), ("discard", "discard")):
        s.zones[zone] = [take(n)[0] for n in position.get(key) or ()]
    top_first = [take(n)[0] for n in position.get("deck") or ()]
    s.shuffle(pool)
    s.zones["deck"] = pool + list(reversed(top_first))
    s.popular = int(position.get("popular_support", 0))
    s.press = int(position.get("bad_press", 0))
    s.wins = int(position.get("showdown_wins", 0))
    lost = position.get("lost", "home")
    if lost not in LOSSES:
        raise NotationError(f"scenario: 'lost' must be one of {', '.join(LOSSES)}")
    s.lost = LOSSES.index(lost)
    s.turn = int(position.get("turn_number", 1))
    seat = seat_of(position.get("turn", "P1"))
    s.say(f"Scenario: turn {s.turn} of the {'hero' if seat == HERO else 'nemesis'}")
    if seat == HERO:
        s.current = HERO
        game._open_window(s, "before")
    else:
        game._nemesis_turn(s)
    return s
