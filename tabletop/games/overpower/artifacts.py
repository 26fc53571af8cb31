"""Artifacts in play (issue 14; docs/rulings.md, OverPower, "Artifacts").

An Artifact is a Tactic: Placed in a character's Tactic slot it does nothing; Played, as the
turn's action, by a Front Line character who meets its first condition onto a different
Front Line teammate who meets its second, it stays with that teammate (``borne.p``) and
changes it for the rest of the game, or until the bearer is KO'd (the Artifact then goes to
its owner's Dead Pile). What it may change: the bearer's attacks, Defensive Actions and
Cumulative KO threshold (the ``overpower.artifact`` effects).
"""

from __future__ import annotations

from functools import cache

from ...engine.cards import CardDef
from ...engine.moves import Move, seat_label
from .cards import Profile, profile_of
from .common import BORNE, FRONT, HAND, PLACED
from .grid import rating
from .state import OPState


@cache
def artifact_profile(card: CardDef) -> Profile:
    return profile_of([{"effects": card.data.get("effects") or ()}])


def borne_by(s: OPState, ch: int) -> list[int]:
    att = s.attached
    return [c for c in s.zones.get(BORNE[s.owner(ch)], ()) if att.get(c) == ch]


def borne_profiles(s: OPState, ch: int) -> list[Profile]:
    """What the Artifacts ``ch`` bears add to its abilities."""
    zone = s.zones.get(BORNE[s.owner(ch)])
    if not zone:
        return []
    return [artifact_profile(s.cards[c]) for c in borne_by(s, ch)]


def meets_first(s: OPState, ch: int, inf) -> bool:
    t, v = inf.req
    return rating(s, ch, t) >= v


def meets_second(s: OPState, ch: int, inf) -> bool:
    """The teammate's condition: at least the value, or at most it (``or_less``, compiled
    into ``max_rating``)."""
    t, v = inf.mate
    r = rating(s, ch, t)
    return r <= v if inf.max_rating else r >= v


def pairs(s: OPState, seat: int, inf, actors=None) -> list[tuple[int, int]]:
    """(the character who plays it, the teammate who bears it): two different Front Line
    characters meeting the two conditions."""
    front = s.zones[FRONT[seat]]
    return [(x, y) for x in (actors if actors is not None else front)
            if x in front and meets_first(s, x, inf)
            for y in front if y != x and meets_second(s, y, inf)]


def play_artifact(s: OPState, m: Move) -> list:
    """The Artifact leaves the hand (or its Placed slot) for its bearer."""
    seat, card, bearer = m.seat, m.card, m.target
    src = HAND[seat] if card in s.zones[HAND[seat]] else PLACED[seat]
    s.move_card(card, src, BORNE[seat])
    s.attached[card] = bearer
    s.say(f"{s.name(m.choice[0])} plays {s.name(card)} onto {s.name(bearer)} "
          f"({seat_label(seat)})")
    return []


def artifact_fits(s: OPState, ch: int, inf) -> bool:
    """A character may hold (and Place) an Artifact it could play: it meets the first
    condition and, on the Front Line, some teammate meets the second."""
    seat = s.owner(ch)
    if ch in s.zones[FRONT[seat]]:
        return bool(pairs(s, seat, inf, [ch]))
    return meets_first(s, ch, inf)
