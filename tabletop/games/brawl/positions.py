"""Scenario positions for Brawl: a state built from a described ``position``, and a state
described as JSON (see docs/scenarios.md).

::

    position:
      turn: P1                 # whose turn it is (just after their draw)
      hands: {P1: [Name, ...], P2: [...]}
      play:                    # characters in play, left to right
        P1: [Name, {card: Name, health: 3}, {card: Name, knocked_out: true}]
      conditions: [Name]
      discard: [Name]
      deck: [Name, ...]        # top first; every card not placed anywhere goes under it
      reprieve: [P2]           # Maybe Help Will Arrive already used this turn-cycle
      empty_turns: {P1: 1}     # Delay of Game count
"""

from __future__ import annotations

from typing import Any

from ...engine.cards import Catalog
from ...engine.moves import NotationError, parse_seat, seat_label
from ...engine.presentation import Positions
from .state import BrawlState
from .turn import rest_of_turn


class BrawlPositions(Positions):
    def build(self, catalog: Catalog, options: dict[str, Any], seed: int,
              position: dict[str, Any]) -> BrawlState:
        return build_state(self.rules, catalog, self.rules.normalize_options(options), seed,
                           position)

    def to_json(self, s: BrawlState) -> dict[str, Any]:
        from .text import BrawlText

        out = super().to_json(s)
        out["turn"] = s.turn
        out["actor"] = seat_label(s.actor) if s.actor is not None else None
        out["health"] = {s.name(c): h for c, h in s.hp.items()}
        out["knocked_out"] = sorted(s.name(c) for c in s.turned)
        out["matchups"] = [[s.name(a), s.name(t)] for a, t in s.mu.items()]
        out["declared"] = {s.name(c): s.info[c].powers[i].name for c, i in s.power.items()}
        out["eliminated"] = [seat_label(e) for e in sorted(s.eliminated)]
        out["result"] = s.result
        out["status"] = BrawlText(self.rules).status(s, s.actor)
        return out


def build_state(rules, catalog: Catalog, options: dict[str, Any], seed: int,
                position: dict[str, Any]) -> BrawlState:
    s = rules.new_state(catalog, options, seed)
    pool = sorted(s.all_cards())
    for zone in s.zones:
        s.zones[zone] = []
    s.facedown.clear()
    s.hp.clear()
    s.turned.clear()
    s.events = []
    s.tasks = []
    s.pending = None

    def take(name: str) -> int:
        lowered = str(name).casefold()
        for c in pool:
            if s.name(c).casefold() == lowered or s.info[c].id == name:
                pool.remove(c)
                return c
        raise NotationError(f"scenario: no (more) card named {name!r} in the Brawl set")

    def seat_of(key) -> int:
        seat = parse_seat(str(key))
        if not 0 <= seat < s.seats:
            raise NotationError(f"scenario: no seat {key} in this game")
        return seat

    for key, names in (position.get("hands") or {}).items():
        s.zones[f"hand.{seat_of(key)}"] = [take(n) for n in names]
    for key, entries in (position.get("play") or {}).items():
        seat = seat_of(key)
        for entry in entries:
            spec = entry if isinstance(entry, dict) else {"card": entry}
            c = take(spec["card"])
            if s.info[c].kind != "character":
                raise NotationError(f"scenario: {spec['card']!r} is not a Character")
            s.zones[f"play.{seat}"].append(c)
            s.hp[c] = int(spec.get("health", s.info[c].health))
            if spec.get("knocked_out") or s.hp[c] <= 0:
                s.hp[c] = min(s.hp[c], 0)
                s.turned.add(c)
    s.zones["conditions"] = [take(n) for n in position.get("conditions") or []]
    s.zones["discard"] = [take(n) for n in position.get("discard") or []]
    top_first = [take(n) for n in position.get("deck") or []]
    s.shuffle(pool)
    personal = "deck" not in s.zones or options.get("picking_sides") != "off"
    if personal:
        for seat in range(s.seats):
            s.zones[f"deck.{seat}"] = []
        decks = position.get("decks") or {}
        for key, names in decks.items():
            s.zones[f"deck.{seat_of(key)}"] = [take(n) for n in reversed(names)]
        for i, c in enumerate(pool + top_first):
            s.zones[f"deck.{i % s.seats}"].insert(0, c)
    else:
        s.zones["deck"] = pool + list(reversed(top_first))
    for key in position.get("reprieve") or []:
        s.reprieve.add(seat_of(key))
    for key, n in (position.get("empty_turns") or {}).items():
        s.empty_turns[seat_of(key)] = int(n)
    seat = seat_of(position.get("turn", "P1"))
    s.current = seat
    s.turn = int(position.get("turn_number", 1))
    s.say(f"Scenario: turn of P{seat + 1}")
    rest_of_turn(s, seat)
    rules.flow.resume(s)
    return s
