"""Cards played together: the Power card a Universe card, a Teamwork follow-up, a
Doubleshot's teammate or a Special needs, and whether a card has such a companion at
hand (the companion test of the Special Discard Rule)."""

from __future__ import annotations

from .cards import Info
from .common import FRONT, TYPES
from .grid import available, fits, mate_ok, mates, power_as, rating, training_types, usable
from .state import OPState


def as_type(s: OPState, ch: int, inf: Info, t: int) -> bool:
    """May ``ch`` play Power card ``inf`` as type ``t`` beside a card that names ``t``?
    An Any-Power card may, when ``ch``'s rating in ``t`` reaches its value."""
    if not inf.types:
        return rating(s, ch, t) >= inf.value
    return power_as(s, ch, inf, t)


def typed_powers(s: OPState, ch: int, t: int, cards) -> list[int]:
    """Power cards among ``cards`` that ``ch`` may play as type ``t``."""
    info = s.info
    return [c for c in cards if info[c].kind == "power" and as_type(s, ch, info[c], t)]


def exact_powers(s: OPState, ch: int, t: int, cards) -> list[int]:
    """Power cards of exactly type ``t`` (a MultiPower card declared as it, except under
    the Combination Exclusion; never Any-Power) that ``ch`` may use: what a Special played
    with a Power card takes."""
    info = s.info
    strict = s.options.get("combination_exclusion", "on") == "on"
    return [c for c in cards if info[c].kind == "power" and t in info[c].types
            and not (strict and info[c].multi) and power_as(s, ch, info[c], t)]


def mate_powers(s: OPState, y: int, t: int, cards) -> list[int]:
    """Power cards of type ``t`` a Doubleshot's teammate ``y`` adds (not Any-Power)."""
    info = s.info
    return [c for c in cards if info[c].kind == "power" and t in info[c].types
            and power_as(s, y, info[c], t)]


def universe_types(s: OPState, ch: int, inf: Info) -> tuple:
    """The types a Basic Universe or Training card lets ``ch`` play a Power card as."""
    if inf.kind == "training":
        return training_types(s, ch, inf)
    return (inf.req[0],) if fits(s, ch, inf) else ()


def follow_types(s: OPState, inf: Info) -> tuple:
    """A Teamwork card's follow-up types: the two printed, or any with the option."""
    if s.options.get("teamwork_types") == "any_distinct":
        return tuple(range(len(TYPES)))
    return tuple(t for t, _ in inf.follow_ups)


def follow_bonus(inf: Info, t: int) -> int:
    for ft, bonus in inf.follow_ups:
        if ft == t:
            return bonus
    return 0


def plays_now(s: OPState, ch: int, inf: Info, seat: int) -> bool:
    """Can ``ch`` play Special ``inf`` on its turn (as an attack or an effect)?"""
    return inf.kind == "special" and inf.play != "defence" and usable(s, ch, inf, seat)


# -- the companion test (Special Discard Rule) ---------------------------------------------------
def _universe(s: OPState, card: int, seat: int) -> bool:
    inf = s.info[card]
    for x in s.zones[FRONT[seat]]:
        for t in universe_types(s, x, inf):
            if typed_powers(s, x, t, available(s, x, seat)):
                return True
    return False


def _teamwork(s: OPState, card: int, seat: int) -> bool:
    inf = s.info[card]
    for x in s.zones[FRONT[seat]]:
        if not usable(s, x, inf, seat):
            continue
        for y in mates(s, x, seat):
            cards = available(s, y, seat)
            for t in follow_types(s, inf):
                if typed_powers(s, y, t, cards):
                    return True
    return False


def _ally(s: OPState, card: int, seat: int) -> bool:
    inf = s.info[card]
    info = s.info
    for x in s.zones[FRONT[seat]]:
        if not usable(s, x, inf, seat):
            continue
        for y in mates(s, x, seat):
            if any(c != card and plays_now(s, y, info[c], seat)
                   for c in available(s, y, seat)):
                return True
    return False


def _doubleshot(s: OPState, card: int, seat: int) -> bool:
    inf = s.info[card]
    t = inf.mate[0]
    for x in s.zones[FRONT[seat]]:
        if not fits(s, x, inf):
            continue
        for y in mates(s, x, seat):
            if mate_ok(s, y, inf) and mate_powers(s, y, t, available(s, y, seat)):
                return True
    return False


def _special(s: OPState, card: int, seat: int) -> bool:
    inf = s.info[card]
    if inf.partner is None:
        return True
    t = inf.partner[0]
    for x in s.zones[FRONT[seat]]:
        if fits(s, x, inf) and exact_powers(s, x, t, available(s, x, seat)):
            return True
    return False


#: kind -> does the card have the card it is played with, at hand?
COMPANION = {"basic-universe": _universe, "training": _universe, "teamwork": _teamwork,
             "ally": _ally, "doubleshot": _doubleshot, "special": _special}

#: kind -> the kind of card that would complete it (for a card that fetches one)
COMPLETED_BY = {"basic-universe": "power", "training": "power", "teamwork": "power",
                "ally": "special", "doubleshot": "power", "special": "power"}


def has_companion(s: OPState, card: int, seat: int) -> bool:
    test = COMPANION.get(s.info[card].kind)
    return test is None or test(s, card, seat)
