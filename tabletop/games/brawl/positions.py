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

With ``phase: setup`` the position is the deal, before the face-down picks: ``hands`` are
the six cards each player was dealt (and ``deck`` the top of the draw pile); set-up
step 2 (re-deal a hand with no Character) applies, then each player picks.
"""

from __future__ import annotations

from typing import Any

from ...engine.cards import Catalog
from ...engine.moves import NotationError, seat_label
from ...engine.presentation import CardPool, Positions
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
        out["redealt"] = s.count(("redeals",))
        out["status"] = BrawlText(self.rules).status(s, s.actor)
        return out


def build_state(rules, catalog: Catalog, options: dict[str, Any], seed: int,
                position: dict[str, Any]) -> BrawlState:
    s = rules.new_state(catalog, options, seed)  # the deal's shuffles, as saves expect
    pool = CardPool(s, "Brawl")
    for zone in s.zones:
        s.zones[zone] = []
    s.facedown.clear()
    s.hp.clear()
    s.turned.clear()
    s.events = []
    s.tasks = []
    s.pending = None
    for key, names in (position.get("hands") or {}).items():
        s.zones[f"hand.{pool.seat(key)}"] = pool.take_all(names)
    for key, entries in (position.get("play") or {}).items():
        _team(s, pool, pool.seat(key), entries)
    s.zones["conditions"] = pool.take_all(position.get("conditions"))
    s.zones["discard"] = pool.take_all(position.get("discard"))
    _piles(s, pool, position, options)
    if position.get("phase") == "setup":
        s.say("Scenario: the deal, before the face-down picks")
        rules.start_setup(s)
        return s
    for key in position.get("reprieve") or []:
        s.reprieve.add(pool.seat(key))
    for key, n in (position.get("empty_turns") or {}).items():
        s.empty_turns[pool.seat(key)] = int(n)
    seat = pool.seat(position.get("turn", "P1"))
    s.current = seat
    s.turn = int(position.get("turn_number", 1))
    s.say(f"Scenario: turn of P{seat + 1}")
    rest_of_turn(s, seat)
    rules.flow.resume(s)
    return s


def _team(s: BrawlState, pool: CardPool, seat: int, entries) -> None:
    for entry in entries:
        spec = entry if isinstance(entry, dict) else {"card": entry}
        c = pool.take(spec["card"])
        if s.info[c].kind != "character":
            raise NotationError(f"scenario: {spec['card']!r} is not a Character")
        s.zones[f"play.{seat}"].append(c)
        s.hp[c] = int(spec.get("health", s.info[c].health))
        if spec.get("knocked_out") or s.hp[c] <= 0:
            s.hp[c] = min(s.hp[c], 0)
            s.turned.add(c)


def _piles(s: BrawlState, pool: CardPool, position: dict[str, Any], options) -> None:
    """The draw pile(s): named cards on top, every card not placed anywhere under them."""
    top_first = pool.take_all(position.get("deck"))
    rest = pool.cards
    s.shuffle(rest)
    personal = "deck" not in s.zones or options.get("picking_sides") != "off"
    if not personal:
        s.zones["deck"] = rest + list(reversed(top_first))
        return
    for seat in range(s.seats):
        s.zones[f"deck.{seat}"] = []
    for key, names in (position.get("decks") or {}).items():
        s.zones[f"deck.{pool.seat(key)}"] = pool.take_all(reversed(names))
    for i, c in enumerate(rest + top_first):
        s.zones[f"deck.{i % s.seats}"].insert(0, c)
