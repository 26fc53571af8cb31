"""Words and numbers every OverPower module shares: the four power types, the placing
slots, the piles, the thresholds of the rulebook."""

from __future__ import annotations

import sys

#: the power types in grid order (index 0-3 everywhere in the rules)
TYPES = ("energy", "fighting", "strength", "intellect")
TYPE_INDEX = {t: i for i, t in enumerate(TYPES)}
LETTERS = "EFSI"
#: no declared type (an Any-Power card, a typeless Special)
NO_TYPE = -1

#: the placing slot of each card kind (one card per slot and character)
SLOTS = {"power": "power", "basic-universe": "universe", "training": "universe",
         "teamwork": "universe", "ally": "universe", "doubleshot": "tactic",
         "special": "special", "aspect": "aspect", "artifact": "tactic"}
UNIVERSE_KINDS = ("basic-universe", "training", "teamwork", "ally")
DRAW_KINDS = ("power", *UNIVERSE_KINDS, "doubleshot", "special", "activator", "aspect",
              "event", "artifact")

CUMULATIVE_KO = 20
#: a Battlesite's Cumulative KO (it is never Spectrum KO'd)
SITE_KO = 30
SPECTRUM_KO = 3
HAND_SIZE = 8
FRONT_SIZE = 3
MISSION_SIZE = 7
#: a game still going after this many battles ends on the missions (docs/rulings.md)
BATTLE_LIMIT = 50


def type_name(t: int) -> str:
    return TYPES[t].capitalize() if t >= 0 else "no type"


def other(seat: int) -> int:
    return 1 - seat


def seat_zones(base: str) -> tuple[str, str]:
    """The names of ``base``'s zones of seat 0 and seat 1 (``hand.0``, ``hand.1``), made
    once and interned: the rules look zones up thousands of times a game, and a name built
    anew (``f"hand.{seat}"``) costs several times the lookup itself."""
    return sys.intern(f"{base}.0"), sys.intern(f"{base}.1")


#: each seat's zone of a kind, by seat (``HAND[seat]``); the kinds are listed in
#: :mod:`.state`
DRAW, HAND, DISCARDING, PACK, DEAD, DEFEATED, FRONT, RESERVE, PLACED, HITS, RECORD, \
    MISSIONS, COMPLETED, FAILED, RISK_RESERVE, RISK_COMPLETED, SITE, BENEATH, BASE, \
    EVENTS, BORNE = map(seat_zones, (
        "draw", "hand", "discarding", "pack", "dead", "defeated", "front", "reserve",
        "placed", "hits", "record", "missions", "completed", "failed", "risk_reserve",
        "risk_completed", "site", "beneath", "base", "events", "borne"))
