"""Scenario positions for OverPower: a state built from a described ``position``, and a
state described as JSON (docs/scenarios.md).

::

    options: {team_p1: tidewatch, team_p2: quarryfolk}   # the decks (their cards)
    position:
      phase: fight         # setup | draw | discard | placing | venture | fight | end
      battle: 2            # the battle under way (default 1)
      first: P1            # who goes first this battle
      turn: P2             # fight: whose turn it is (default: first)
      riding: false        # the ventured cards ride on from a drawn battle
      last_pass: false     # fight: the turn before was a pass (one more ends the battle)
      conceded: P2         # end: the battle was conceded by this player
      P1:
        front: [Saltbright, Keel Marrow, Gannet Vey]   # left to right
        reserve: [Almoner Quill]
        hand: [Energy 5, Storm Jar]
        draw: [Energy 3]           # top first; the deck's other cards go under, shuffled
        placed: {Saltbright: [Fencing Foil]}
        hits: {Keel Marrow: [Fighting 6]}     # this battle's hits (the opponent's cards)
        record: {Keel Marrow: [Strength 7]}   # the Permanent Record (the opponent's cards)
        pack: [Energy 2]           # Power Pack; also dead, defeated_characters
        missions: 4                # Reserve Missions (a number, or card names)
        completed: 2
        defeated: 1                # Defeated Missions
        ventured: {reserve: 1, completed: 0}
        passed: false              # fight: this player has passed
        site_ko: false             # the Battlesite (if the deck has one) is KO'd
      P2: ...
      decks:               # optional: a player's deck per seat (instead of the option's),
        P1: {name: ..., characters: [...], missions: ..., cards: {...}}   # docs/scenarios.md

Characters not named go to the Defeated Characters Pile (KO'd); mission cards not named
stay in Reserve Missions. ``phase: setup`` starts before the Reserve is chosen.
"""

from __future__ import annotations

from typing import Any

from ...engine.cards import Catalog
from ...engine.flow import push
from ...engine.moves import NotationError, seat_label
from ...engine.nearest import did_you_mean
from ...engine.presentation import CardPool, Positions
from .common import other
from .deckfile import position_decks
from .locations import place_site
from .state import FLOW, OPState

PILES = {"pack": "pack", "dead": "dead", "defeated_characters": "defeated"}
PHASES = ("setup", "draw", "discard", "placing", "venture", "fight", "end")


class OverPowerPositions(Positions):
    def build(self, catalog: Catalog, options: dict[str, Any], seed: int,
              position: dict[str, Any]) -> OPState:
        options = self.rules.normalize_options(options)
        s = self.rules.empty_state(catalog, options, seed,
                                   position_decks(catalog, options, position))
        phase = position.get("phase", "fight")
        if phase not in PHASES:
            raise NotationError(f"scenario: phase must be one of {', '.join(PHASES)}")
        pools = [CardPool(s, "OverPower", [c for c in range(len(s.cards))
                                           if s.owner(c) == seat]) for seat in (0, 1)]
        if phase == "setup":
            for seat in (0, 1):
                _draw_pile(s, pools[seat], seat, position.get(seat_label(seat)) or {})
            FLOW.start(s, ("setup",))
            return s
        s.facedown.clear()
        dealt = dict(s.zones)  # where the deal put each deck's Locations
        for zone in s.zones:
            s.zones[zone] = []
        for seat in (0, 1):
            place_site(s, pools[seat], seat, position.get(seat_label(seat)) or {}, dealt)
        for seat in (0, 1):
            side = position.get(seat_label(seat)) or {}
            _side(s, pools, seat, side)
        for seat in (0, 1):
            _draw_pile(s, pools[seat], seat, position.get(seat_label(seat)) or {})
        _table(s, pools[0], position)
        s.say(f"Scenario: battle {s.battle}, {phase}")
        _start(s, phase, position, pools[0])
        return s

    def to_json(self, s: OPState) -> dict[str, Any]:
        from .text import OverPowerText

        text = OverPowerText(self.rules)
        out = super().to_json(s)
        out["battle"] = s.battle
        out["first"] = seat_label(s.first)
        out["actor"] = seat_label(s.actor) if s.actor is not None else None
        out["decision"] = s.pending.kind if s.pending is not None else None
        out["status"] = text.status(s, s.actor)
        out["result"] = s.result
        out["summary"] = list(s.summary)
        for seat in (0, 1):
            out[seat_label(seat)] = _describe_side(s, text, seat)
        return out


def _describe_side(s: OPState, text, seat: int) -> dict[str, Any]:
    att = s.attached

    def on(zone: str) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for c in s.zones[zone]:
            out.setdefault(s.name(att[c]), []).append(s.name(c))
        return out

    from .hits import venture_total

    return {
        "front": [s.name(c) for c in s.zones[f"front.{seat}"]],
        "reserve": [s.name(c) for c in s.zones[f"reserve.{seat}"]],
        "ko": [s.name(c) for c in s.zones[f"defeated.{seat}"]
               if s.info[c].kind == "character"],
        "placed": on(f"placed.{seat}"), "hits": on(f"hits.{seat}"),
        "record": on(f"record.{seat}"),
        "meters": {s.name(c): text.meter(s, c)
                   for c in s.zones[f"front.{seat}"] + s.zones[f"reserve.{seat}"]},
        "missions": len(s.zones[f"missions.{seat}"]),
        "completed": len(s.zones[f"completed.{seat}"]),
        "defeated": len(s.zones[f"failed.{seat}"]),
        "ventured": {"reserve": len(s.zones[f"risk_reserve.{seat}"]),
                     "completed": len(s.zones[f"risk_completed.{seat}"])},
        "venture_total": venture_total(s, seat),
        "hand": len(s.zones[f"hand.{seat}"]),
        "passed": s.passed[seat],
    }


def _on_chars(s: OPState, pool: CardPool, seat: int, zone: str, spec) -> None:
    """Cards (from ``pool``) on ``seat``'s characters (by name) in ``zone``."""
    for name, cards in (spec or {}).items():
        ch = _char(s, seat, name)
        for c in pool.take_all(cards):
            s.zones[zone].append(c)
            s.attached[c] = ch


def _char(s: OPState, seat: int, name: str) -> int:
    in_play = s.zones[f"front.{seat}"] + s.zones[f"reserve.{seat}"] + \
        s.zones[f"site.{seat}"] + s.zones[f"base.{seat}"]
    for c in in_play:
        if s.name(c).casefold() == str(name).casefold():
            return c
    raise NotationError(f"scenario: {seat_label(seat)} has no character {name!r} in play"
                        + did_you_mean(name, [s.name(c) for c in in_play]))


def _side(s: OPState, pools: list[CardPool], seat: int, side: dict[str, Any]) -> None:
    pool = pools[seat]
    for key in ("front", "reserve"):
        for c in pool.take_all(side.get(key)):
            if s.info[c].kind != "character":
                raise NotationError(f"scenario: {s.name(c)!r} is not a character")
            s.zones[f"{key}.{seat}"].append(c)
    s.zones[f"hand.{seat}"] = pool.take_all(side.get("hand"))
    _on_chars(s, pool, seat, f"placed.{seat}", side.get("placed"))
    theirs = pools[other(seat)]
    _on_chars(s, theirs, seat, f"hits.{seat}", side.get("hits"))
    _on_chars(s, theirs, seat, f"record.{seat}", side.get("record"))
    for key, base in PILES.items():
        s.zones[f"{base}.{seat}"] += pool.take_all(side.get(key))
    _missions(s, pool, seat, side)


def _missions(s: OPState, pool: CardPool, seat: int, side: dict[str, Any]) -> None:
    left = [c for c in pool.cards if s.info[c].kind == "mission"]
    ventured = side.get("ventured") or {}
    wanted = [("completed", f"completed.{seat}", side.get("completed", 0)),
              ("defeated", f"failed.{seat}", side.get("defeated", 0)),
              ("ventured reserve", f"risk_reserve.{seat}", ventured.get("reserve", 0)),
              ("ventured completed", f"risk_completed.{seat}", ventured.get("completed", 0))]
    for what, zone, n in wanted:
        if isinstance(n, list):
            cards = pool.take_all(n)
        else:
            cards = [c for c in left if c in pool.cards][:int(n)]
            for c in cards:
                pool.cards.remove(c)
        if len(cards) != (len(n) if isinstance(n, list) else int(n)):
            raise NotationError(f"scenario: not enough mission cards for {what}")
        s.zones[zone] += cards
    s.zones[f"missions.{seat}"] += [c for c in pool.cards if s.info[c].kind == "mission"]
    for c in s.zones[f"missions.{seat}"]:
        pool.cards.remove(c)


def _draw_pile(s: OPState, pool: CardPool, seat: int, side: dict[str, Any]) -> None:
    """Named cards on top; every card of the deck not placed anywhere under them (its
    unnamed characters go to the Defeated Characters Pile)."""
    top = pool.take_all(side.get("draw"))
    if s.phase == "setup" and not s.zones[f"hand.{seat}"] and s.facedown:
        zone = s.zones[f"draw.{seat}"]
        for c in top:
            zone.remove(c)
        zone.extend(reversed(top))
        return
    rest = [c for c in pool.cards if s.info[c].kind != "character"]
    s.zones[f"defeated.{seat}"] += [c for c in pool.cards if s.info[c].kind == "character"]
    s.shuffle(rest)
    s.zones[f"draw.{seat}"] = rest + list(reversed(top))
    pool.cards.clear()


def _table(s: OPState, pool: CardPool, position: dict[str, Any]) -> None:
    s.battle = int(position.get("battle", 1))
    s.first = pool.seat(position.get("first", "P1"))
    s.riding = bool(position.get("riding", False))
    passed = [bool((position.get(seat_label(p)) or {}).get("passed")) for p in (0, 1)]
    s.passed = tuple(passed)
    s.last_pass = bool(position.get("last_pass", False))
    s.placing = (True, True)
    if position.get("conceded") is not None:
        s.conceded = pool.seat(position["conceded"])


def _start(s: OPState, phase: str, position: dict[str, Any], pool: CardPool) -> None:
    first = s.first
    steps = {
        "draw": [("battle",)],
        "discard": [("discard_step",), ("place", first), ("ventures",), ("concessions",),
                    ("fight",)],
        "placing": [("place", first), ("ventures",), ("concessions",), ("fight",)],
        "venture": [("ventures",), ("concessions",), ("fight",)],
        "fight": [("turn", pool.seat(position.get("turn", seat_label(first))))],
        "end": [("end_battle",)],
    }[phase]
    if phase == "draw":
        s.battle -= 1
    push(s, *steps)
    FLOW.resume(s)
