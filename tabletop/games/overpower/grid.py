"""Power grids and who may use what: ratings (with the battle's changes), the usability
test of each card kind, the cards available to a character, the Code Rule and
shut-downs."""

from __future__ import annotations

from .cards import Info
from .common import FRONT, HAND, PLACED, RESERVE, UNIVERSE_KINDS
from .state import OPState


def rating(s: OPState, ch: int, t: int) -> int:
    """``ch``'s rating in type ``t`` (0 for a missing Intellect), after grid changes."""
    base = s.info[ch].grid[t]
    if s.grid_mods and base:
        for c, tt, delta in s.grid_mods:
            if c == ch and tt == t:
                base += delta
        return max(1, base)
    return base


def best_rating(s: OPState, ch: int) -> int:
    return max(rating(s, ch, t) for t in range(4))


def code_ok(s: OPState, ch: int, inf: Info) -> bool:
    """The Code Rule: an H character never plays a V card and a V character never an H
    card (uncoded cards and characters go either way)."""
    if not inf.code or not s.options.get("code_rule"):
        return True
    mine = s.info[ch].code
    return not mine or mine == inf.code


def type_shut(s: OPState, ch: int, t: int) -> bool:
    for c, what, tt in s.shut:
        if c == ch and what == "type" and tt == t:
            return True
    return False


def kind_shut(s: OPState, ch: int, what: str) -> bool:
    for c, w, _ in s.shut:
        if c == ch and w == what:
            return True
    return False


def power_as(s: OPState, ch: int, inf: Info, t: int) -> bool:
    """May ``ch`` use Power card ``inf`` as type ``t``? (An Any-Power card: when its
    rating in ``t`` reaches the value.)"""
    if inf.types and t not in inf.types:
        return False
    return rating(s, ch, t) >= inf.value and not (s.shut and type_shut(s, ch, t))


def power_types(s: OPState, ch: int, inf: Info) -> tuple:
    """The types ``ch`` may use a Power card as (empty for an Any-Power card, which is
    used as no type: :func:`any_power_ok`)."""
    return tuple(t for t in inf.types if power_as(s, ch, inf, t))


def any_power_ok(s: OPState, ch: int, inf: Info) -> bool:
    return best_rating(s, ch) >= inf.value


def _power(s: OPState, ch: int, inf: Info) -> bool:
    if not inf.types:
        return any_power_ok(s, ch, inf)
    for t in inf.types:
        if power_as(s, ch, inf, t):
            return True
    return False


def _needs(s: OPState, ch: int, inf: Info) -> bool:
    t, v = inf.req
    return rating(s, ch, t) >= v and not (s.shut and type_shut(s, ch, t))


def training_types(s: OPState, ch: int, inf: Info) -> tuple:
    """The Training card's types in which ``ch`` is rated at most its limit."""
    return tuple(t for t in inf.types if rating(s, ch, t) <= inf.max_rating
                 and not (s.shut and type_shut(s, ch, t)))


def plays_special(s: OPState, ch: int, inf: Info) -> bool:
    """The character a Special names (any version of it), anyone for Any Character,
    anyone not coded V for Any Hero."""
    who = inf.persona
    if who == "any":
        return True
    if who == "any-hero":
        return s.info[ch].code != "V"
    return s.info[ch].persona == who


#: kind -> the test of one character against the card, its grid alone (used to Place)
FITS = {
    "power": _power,
    "basic-universe": _needs,
    "training": lambda s, ch, inf: bool(training_types(s, ch, inf)),
    "teamwork": _needs,
    "ally": _needs,
    "doubleshot": _needs,
    "special": plays_special,
}


def fits(s: OPState, ch: int, inf: Info) -> bool:
    """The card's own test against ``ch`` (grid, persona, code, shut-downs). Without grid
    changes or shut-downs it depends on the two cards alone, so the character's compiled
    card remembers it."""
    if s.grid_mods or s.shut:
        return _fits(s, ch, inf)
    me = s.info[ch]
    cache = me.fit_code if s.options.get("code_rule") else me.fit_cache
    found = cache.get(inf)
    if found is None:
        found = cache[inf] = _fits(s, ch, inf)
    return found


def _fits(s: OPState, ch: int, inf: Info) -> bool:
    if s.info[ch].kind == "location" and inf.kind != "aspect":
        return False  # a Home Base plays only Aspects (:mod:`.homebase`)
    test = FITS.get(inf.kind)
    if test is None or not test(s, ch, inf) or not code_ok(s, ch, inf):
        return False
    if s.shut:
        if inf.kind == "special" and kind_shut(s, ch, "specials"):
            return False
        if inf.kind in UNIVERSE_KINDS and kind_shut(s, ch, "universe"):
            return False
    return True


def mates(s: OPState, ch: int, seat: int) -> list[int]:
    """The Front Line teammates of ``ch``."""
    return [c for c in s.zones[FRONT[seat]] if c != ch]


def mate_ok(s: OPState, y: int, inf: Info) -> bool:
    t, v = inf.mate
    return rating(s, y, t) >= v


TEAM_KINDS = ("teamwork", "ally", "doubleshot")


def team_ok(s: OPState, ch: int, inf: Info, seat: int) -> bool:
    """Teamwork and Ally cards need a teammate on the Front Line; a Doubleshot one who
    meets its second requirement."""
    if inf.kind in ("teamwork", "ally"):
        return len(s.zones[FRONT[seat]]) >= 2
    if inf.kind == "doubleshot":
        return any(mate_ok(s, y, inf) for y in mates(s, ch, seat))
    return True


def usable(s: OPState, ch: int, inf: Info, seat: int) -> bool:
    """``ch`` can use the card now (its own test and the team's)."""
    return fits(s, ch, inf) and team_ok(s, ch, inf, seat)


def from_reserve(s: OPState, ch: int, card: int, placed: bool) -> bool:
    """May ``ch``, in Reserve, play ``card`` (a Special marked for it, or a Placed card
    its ability lets it play)?"""
    inf = s.info[card]
    if inf.kind == "special" and inf.from_reserve and plays_special(s, ch, inf):
        return True
    return placed and inf.slot in s.info[ch].profile.from_reserve


def placed_on(s: OPState, ch: int, seat: int) -> list[int]:
    att = s.attached
    return [c for c in s.zones[PLACED[seat]] if att.get(c) == ch]


def available(s: OPState, ch: int, seat: int) -> list[int]:
    """Cards ``ch`` may play: the hand, and the cards Placed on it."""
    return s.zones[HAND[seat]] + placed_on(s, ch, seat)


class Hands:
    """One seat's playable cards, read once for one question: the hand and the Placed
    cards by character (``of(ch)``: what ``ch`` may play; do not change the list)."""

    __slots__ = ("hand", "placed")

    def __init__(self, s: OPState, seat: int) -> None:
        self.hand = s.zones[HAND[seat]]
        placed: dict[int, list[int]] = {}
        att = s.attached
        for c in s.zones[PLACED[seat]]:
            placed.setdefault(att[c], []).append(c)
        self.placed = placed

    def of(self, ch: int) -> list[int]:
        mine = self.placed.get(ch)
        return self.hand + mine if mine else self.hand


def filled_slots(s: OPState, seat: int) -> set[tuple[int, str]]:
    """(character, slot) for every slot that holds a Placed card."""
    info = s.info
    att = s.attached
    return {(att[c], info[c].slot) for c in s.zones[PLACED[seat]]}


def slot_free(s: OPState, ch: int, seat: int, slot: str) -> bool:
    info = s.info
    att = s.attached
    for c in s.zones[PLACED[seat]]:
        if att.get(c) == ch and info[c].slot == slot:
            return False
    return True


def team_uses(s: OPState, seat: int, card: int) -> bool:
    """Some character of the team, Front Line or Reserve, could use Power card ``card``
    (where it goes when discarded: the Power Pack, or else the Dead Pile)."""
    inf = s.info[card]
    for ch in s.zones[FRONT[seat]] + s.zones[RESERVE[seat]]:
        if fits(s, ch, inf):
            return True
    return False
