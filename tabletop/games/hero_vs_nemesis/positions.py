"""Scenario positions for Hero vs Nemesis: a state built from a described ``position``,
and a state described as JSON (see docs/scenarios.md).

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

``phase: setup`` (and nothing else) starts at the deal, before the hero takes an Ace: each
offer of set-up shuffles the deck again, so there is no order of cards to give.
"""

from __future__ import annotations

from typing import Any

from ...engine.cards import Catalog
from ...engine.flow import push
from ...engine.moves import NotationError, parse_seat, seat_label
from ...engine.presentation import CardPool, Positions
from . import reckoning as rk
from .state import HERO, LOSSES, NEMESIS, HvNState
from .text import HvNText
from .turn import FACING_CONFLICTS


class HvNPositions(Positions):
    def build(self, catalog: Catalog, options: dict[str, Any], seed: int,
              position: dict[str, Any]) -> HvNState:
        rules = self.rules
        # the deal's shuffles first, as saves of such games expect
        s: HvNState = rules.new_state(catalog, rules.normalize_options(options), seed)
        if "phase" in position:
            if position["phase"] != "setup":
                raise NotationError("scenario: phase must be setup (or left out: a turn)")
            if set(position) != {"phase"}:
                extra = ", ".join(sorted(set(position) - {"phase"}))
                raise NotationError(f"scenario: a set-up position gives nothing else (set-up "
                                    f"shuffles the deck after each offer); remove {extra}")
            return s
        pool = CardPool(s, "Hero vs Nemesis")
        for zone in s.zones:
            s.zones[zone] = []
        s.events = []
        s.tasks = []
        s.pending = None
        _table(s, pool, position)
        s.popular = int(position.get("popular_support", 0))
        s.press = int(position.get("bad_press", 0))
        s.wins = int(position.get("showdown_wins", 0))
        lost = position.get("lost", "home")
        if lost not in LOSSES:
            raise NotationError(f"scenario: 'lost' must be one of {', '.join(LOSSES)}")
        s.lost = LOSSES.index(lost)
        s.turn = int(position.get("turn_number", 1))
        seat = _seat(position.get("turn", "P1"))
        s.say(f"Scenario: turn {s.turn} of the {'hero' if seat == HERO else 'nemesis'}")
        if seat == HERO:
            s.current = HERO
            push(s, *FACING_CONFLICTS)
        else:
            push(s, ("nemesis_turn",))
        rules.flow.resume(s)
        return s

    def to_json(self, s: HvNState) -> dict[str, Any]:
        out = super().to_json(s)
        out["turn"] = s.turn
        out["actor"] = seat_label(s.actor) if s.actor is not None else None
        out["popular_support"] = s.popular
        out["bad_press"] = s.press
        out["showdown_wins"] = s.wins
        out["lost"] = LOSSES[s.lost] if s.lost >= 0 else None
        out["conflicts"] = {s.name(c): _conflict(s, c) for c in s.zones["conflicts"]}
        out["schemes"] = {s.name(c): {"total": rk.scheme_total(s, c),
                                      "needs": s.info[c].scheme}
                          for c in s.zones["schemes"]}
        out["eliminated"] = [seat_label(e) for e in sorted(s.eliminated)]
        out["result"] = s.result
        out["status"] = HvNText(self.rules).status(s, s.actor)
        return out


def _conflict(s: HvNState, c: int) -> dict[str, Any]:
    now = rk.tally(s, c)
    return {"type": s.info[c].label, "total": now.total, "counter": now.counter,
            "countered": now.countered,
            "cards": {s.name(x): s.role[x] for x in s.on(c, "counters")}}


def _seat(key) -> int:
    seat = parse_seat(str(key))
    if seat not in (HERO, NEMESIS):
        raise NotationError(f"scenario: no seat {key} (P1 is the hero, P2 the nemesis)")
    return seat


def _take(pool: CardPool, entry) -> tuple[int, bool]:
    """A card of the position (a name, or ``{card: Name, from_support: true}``)."""
    spec = entry if isinstance(entry, dict) else {"card": entry}
    return pool.take(str(spec.get("card", ""))), bool(spec.get("from_support"))


def _played(s: HvNState, pool: CardPool, entries, target: int, zone: str,
            role: str) -> None:
    for entry in entries or ():
        c, weak = _take(pool, entry)
        s.zones[zone].append(c)
        s.attached[c] = target
        s.role[c] = role
        if weak:
            s.weak.add(c)


def _table(s: HvNState, pool: CardPool, position: dict[str, Any]) -> None:
    """The cards of the position, in their zones; the rest is the deck."""
    for key, names in (position.get("hands") or {}).items():
        s.zones[f"hand.{_seat(key)}"] = [_take(pool, n)[0] for n in names]
    for entry in position.get("conflicts") or ():
        spec = entry if isinstance(entry, dict) else {"card": entry}
        c, _ = _take(pool, spec)
        s.zones["conflicts"].append(c)
        for role in ("counter", "help", "hinder"):
            _played(s, pool, spec.get(role), c, "counters", role)
    for entry in position.get("schemes") or ():
        spec = entry if isinstance(entry, dict) else {"card": entry}
        c, _ = _take(pool, spec)
        s.zones["schemes"].append(c)
        _played(s, pool, spec.get("plots"), c, "plots", "plot")
    for zone, key in (("aside", "aside"), ("support.1", "support"), ("discard", "discard")):
        s.zones[zone] = [_take(pool, n)[0] for n in position.get(key) or ()]
    top_first = [_take(pool, n)[0] for n in position.get("deck") or ()]
    rest = pool.cards
    s.shuffle(rest)
    s.zones["deck"] = rest + list(reversed(top_first))
