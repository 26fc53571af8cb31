"""Scenario positions for Power Play: a state built from a described ``position``, and a
state described as JSON (see docs/scenarios.md).

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

With ``phase: setup`` the position is the four piles before the deal: ``powers``,
``villains``, ``attributes`` and ``locations`` name the tops (the other cards go under
them, shuffled; the variants leave locations out as usual) and ``active`` the first Active
Hero (default P1). The rules then run the set-up: four open powers each from the top of
the power pile, one at a time around the table from P1, then the first round's location
and the first villain.
"""

from __future__ import annotations

from typing import Any

from ...engine.cards import Catalog
from ...engine.flow import push
from ...engine.moves import NotationError, seat_label
from ...engine.presentation import CardPool, Positions
from .rules import left_out
from .state import PPState
from .text import PowerPlayText
from .turn import ROUNDS

PILES = {"villain": "villains", "attribute": "attributes", "location": "locations",
         "power": "powers"}
#: what a set-up position may give (the rules deal the rest)
SETUP_KEYS = ("phase", "active", *PILES.values())


class PowerPlayPositions(Positions):
    def build(self, catalog: Catalog, options: dict[str, Any], seed: int,
              position: dict[str, Any]) -> PPState:
        options = self.rules.normalize_options(options)
        if position.get("phase") == "setup":
            return build_setup(self.rules, catalog, options, seed, position)
        if "phase" in position:
            raise NotationError(f"scenario: phase must be 'setup' or left out, not "
                                f"{position['phase']!r}")
        return build_state(self.rules, catalog, options, seed, position)

    def to_json(self, s: PPState) -> dict[str, Any]:
        out = super().to_json(s)
        out["active"] = seat_label(s.current)
        out["actor"] = seat_label(s.actor) if s.actor is not None else None
        out["round"] = s.round
        out["turn"] = s.round_turn
        out["turn_number"] = s.turn
        loc = s.zones["location"]
        out["location"] = s.name(loc[0]) if loc else None
        out["face_down"] = sorted(s.name(c) for c in s.facedown)
        if s.hero is not None:
            out["tally"] = {"heroes": s.hero.total, "villain": s.villain_tally.total,
                            "bonus": s.bonus_total}
            out["working"] = s.hero.lines() + s.villain_tally.lines()
        else:
            out["tally"] = None
            out["working"] = []
        out["outcome"] = s.outcome
        out["bonus"] = {seat_label(o): [s.name(c) for c in s.zones[f"bonus.{o}"]]
                        for o in range(s.seats)}
        out["bad_news"] = {seat_label(o): s.bad_news(o) for o in range(s.seats)}
        out["score"] = s.score
        out["result"] = s.result
        out["status"] = PowerPlayText(self.rules).status(s, s.actor)
        return out


class _Cards(CardPool):
    """The scenario's cards: each name taken once, of the kind its place needs."""

    def of(self, name, kind: str | None = None) -> int:
        c = self.take(name)
        if kind is not None and self.state.info[c].kind != kind:
            raise NotationError(f"scenario: {name!r} is not a {kind} card")
        return c

    def listed(self, position: dict[str, Any], key: str, kind: str | None = None) -> list[int]:
        value = position.get(key) or []
        if not isinstance(value, list):
            raise NotationError(f"scenario: {key!r} must be a list of card names")
        return [self.of(n, kind) for n in value]


def build_state(rules, catalog: Catalog, options: dict[str, Any], seed: int,
                position: dict[str, Any]) -> PPState:
    s = rules.new_state(catalog, options, seed)  # the deal's shuffles, as saves expect
    pool = _Cards(s, "Power Play")
    for zone in s.zones:
        s.zones[zone] = []
    s.facedown.clear()
    s.featured = []
    s.events = []
    s.tasks = []
    s.pending = None
    hands = {pool.seat(key): [pool.of(n, "power") for n in cards]
             for key, cards in (position.get("hands") or {}).items()}
    for field, zone in (("bonus", "bonus"), ("bad_news", "badnews")):
        for key, cards in (position.get(field) or {}).items():
            s.zones[f"{zone}.{pool.seat(key)}"] = [pool.of(n, "villain") for n in cards]
    s.zones["discard"] = pool.listed(position, "discard", "power")
    s.zones["out"] = pool.listed(position, "out")
    for c in pool.listed(position, "featured", "location"):
        s.zones["out"].append(c)
        s.featured.append(c)
    tops = {kind: pool.listed(position, pile, kind) for kind, pile in PILES.items()}
    table = {kind: pool.of(position[kind], kind) for kind in ("villain", "attribute")
             if position.get(kind)}
    threat = [pool.of(n, "power") for n in position["threat"]] if "threat" in position \
        else None
    location = pool.of(position["location"], "location") if position.get("location") else None
    _piles(s, pool.cards, options)
    _deal_missing(s, hands)
    for kind, pile in PILES.items():
        s.zones[pile].extend(reversed(tops[kind]))
    if threat is not None:
        s.zones["powers"].extend(reversed(threat))
    for kind, c in table.items():
        s.zones[PILES[kind]].append(c)
    active = pool.seat(position.get("active", "P1"))
    _turn(s, position, active)
    if location is None and "location" not in position and s.zones["locations"]:
        location = s.zones["locations"].pop()
    if location is not None:
        s.zones["location"] = [location]
        s.featured.append(location)
        s.say(f"The current location is {s.name(location)}")
    push(s, ("turn", active))
    rules.flow.resume(s)
    return s


def build_setup(rules, catalog: Catalog, options: dict[str, Any], seed: int,
                position: dict[str, Any]) -> PPState:
    """The piles before the deal (the named cards on top); the rules deal and start."""
    extra = sorted(str(key) for key in position if key not in SETUP_KEYS)
    if extra:
        raise NotationError("scenario: a set-up position gives the tops of the piles ("
                            + ", ".join(PILES.values()) + ") and the first active hero; "
                            f"the rules deal the rest, so not: {', '.join(extra)}")
    s = rules.empty_state(catalog, options, seed)
    pool = _Cards(s, "Power Play", list(range(len(s.cards))))
    tops = {kind: pool.listed(position, pile, kind) for kind, pile in PILES.items()}
    for c in tops["location"]:
        if left_out(s.info[c], options):
            raise NotationError(f"scenario: {s.name(c)} is out of the game with this "
                                "option (Less counting leaves every location out, "
                                "Receding power levels the scoring one)")
    first = pool.seat(position.get("active", "P1"))
    _piles(s, pool.cards, options)
    for kind, pile in PILES.items():
        s.zones[pile].extend(reversed(tops[kind]))
    s.say("Scenario: set-up, the piles before the deal")
    rules.start_setup(s, first)
    return s


def _piles(s: PPState, rest: list[int], options: dict[str, Any]) -> None:
    """What is left goes to the piles, shuffled by the seed (Less counting and Receding
    power levels leave locations out as in a normal set-up)."""
    piles: dict[str, list[int]] = {kind: [] for kind in PILES}
    for c in rest:
        inf = s.info[c]
        if left_out(inf, options):
            s.zones["out"].append(c)
        else:
            piles[inf.kind].append(c)
    for kind, pile in PILES.items():
        s.shuffle(piles[kind])
        s.zones[pile] = piles[kind]


def _deal_missing(s: PPState, hands: dict[int, list[int]]) -> None:
    """The hands as given; seats without one are dealt four from the shuffled pile."""
    for seat in range(s.seats):
        hand = hands.get(seat)
        if hand is None:
            hand = [s.zones["powers"].pop() for _ in range(4) if s.zones["powers"]]
        s.zones[f"hand.{seat}"] = hand


def _turn(s: PPState, position: dict[str, Any], active: int) -> None:
    """The round and turn of the position (the turn step counts this one)."""
    rnd = int(position.get("round", 1))
    turn = int(position.get("turn", 1))
    if not (1 <= rnd <= ROUNDS and 1 <= turn <= s.seats):
        raise NotationError(f"scenario: round must be 1-4 and turn 1-{s.seats}")
    s.current = active
    s.round = rnd
    s.round_turn = turn - 1
    s.turn = (rnd - 1) * s.seats + turn - 1
    s.say(f"Scenario: round {rnd}, turn {turn}, {position.get('active', 'P1')} active")
