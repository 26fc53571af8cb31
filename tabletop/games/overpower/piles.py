"""Where cards go: the three discard piles of each player (a card always goes to its
owner's), hits back to the player who scored them, and the log lines that show every
discarded card to both players."""

from __future__ import annotations

from ...engine.moves import seat_label
from .common import DEAD, DEFEATED, PACK
from .grid import team_uses
from .state import OPState

PILE_NAMES = {"pack": "Power Pack", "dead": "Dead Pile", "defeated": "Defeated Characters"}


def pile_for(s: OPState, card: int) -> str:
    """Power cards the owner's team could still use go to the Power Pack; characters,
    Locations, Events and Specials played from beneath a Battlesite to the Defeated
    Characters Pile; everything else to the Dead Pile."""
    p = s.owner(card)
    kind = s.info[card].kind
    if kind in ("character", "location", "event") or card in s.site_specials:
        return DEFEATED[p]
    if kind == "power" and team_uses(s, p, card):
        return PACK[p]
    return DEAD[p]


def pile_name(zone: str) -> str:
    return PILE_NAMES[zone.partition(".")[0]]


def discard(s: OPState, card: int, src: str) -> str:
    """Move ``card`` from ``src`` to its owner's pile; returns the pile."""
    dst = pile_for(s, card)
    s.zones[src].remove(card)
    s.zones[dst].append(card)
    s.attached.pop(card, None)
    return dst


def discard_all(s: OPState, cards: list[int], src: str, why: str) -> None:
    """Discard ``cards`` (faces shown) with one log line per destination pile."""
    if not cards:
        return
    by_pile: dict[str, list[str]] = {}
    for c in list(cards):
        by_pile.setdefault(discard(s, c, src), []).append(s.name(c))
    for pile, names in by_pile.items():
        s.say(f"{seat_label(int(pile[-1]))} {why}: {', '.join(names)} \u2192 "
              f"{pile_name(pile)}")


def where_is(s: OPState, card: int, *bases: str) -> str | None:
    """The zone among ``bases`` (of either seat) that holds ``card``."""
    for base in bases:
        for seat in (0, 1):
            zone = f"{base}.{seat}"
            if card in s.zones[zone]:
                return zone
    return None


def pile_matches(s: OPState, seat: int, pile: str, kinds) -> list[int]:
    """The cards of ``kinds`` in ``seat``'s Power Pack (``power_pack``) or Dead Pile
    (``dead``); with the Any Character Limitation, no Any Character or Any Hero Special
    from the Dead Pile."""
    zone = PACK[seat] if pile == "power_pack" else DEAD[seat]
    info = s.info
    strict = pile == "dead" and s.options.get("any_character_limitation")
    return [c for c in s.zones[zone] if info[c].kind in kinds and
            not (strict and info[c].persona in ("any", "any-hero"))]


class SeatView:
    """The seat a rule looks from: enough of an effect context for the ``fetches`` and
    ``ready`` roles outside play (the Special Discard Rule)."""

    def __init__(self, state: OPState, seat: int) -> None:
        self.state = state
        self.seat = seat

    def pile_matches(self, pile: str, kinds) -> list[int]:
        return pile_matches(self.state, self.seat, pile, kinds)
