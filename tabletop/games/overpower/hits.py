"""Hits and KOs: the hits on a character (this battle's and its Permanent Record), the
Cumulative KO and the Spectrum KO (MultiPower hits under the Fusion Rule, Any-Power hits
with no type), what a KO does, and the Venture Totals."""

from __future__ import annotations

from ...engine.flow import finish
from ...engine.moves import seat_label
from .artifacts import borne_profiles
from .common import (
    BASE,
    BORNE,
    DEFEATED,
    FRONT,
    HITS,
    LETTERS,
    PLACED,
    RECORD,
    RESERVE,
    SPECTRUM_KO,
    other,
)
from .locations import is_site, knock_out_site, site_hit
from .piles import discard, discard_all
from .state import OPState


def current_hits(s: OPState, ch: int) -> list[int]:
    att = s.attached
    return [c for c in s.zones[HITS[s.owner(ch)]] if att.get(c) == ch]


def record_hits(s: OPState, ch: int) -> list[int]:
    att = s.attached
    return [c for c in s.zones[RECORD[s.owner(ch)]] if att.get(c) == ch]


def all_hits(s: OPState, ch: int) -> list[int]:
    return record_hits(s, ch) + current_hits(s, ch)


def cumulative(s: OPState, ch: int) -> int:
    info = s.info
    return sum(info[c].value for c in all_hits(s, ch))


def ko_at(s: OPState, ch: int) -> int:
    return max([s.info[ch].profile.ko_at] + [p.ko_at for p in borne_profiles(s, ch)])


def _fused(domains: list[tuple]) -> tuple:
    """One type for every MultiPower Power card hit on a character (the Fusion Rule):
    any of the four once a four-type card is among them, else a type common to all, or
    (sharing none) a type printed on any of them (docs/rulings.md)."""
    if any(len(d) == 4 for d in domains):
        return (0, 1, 2, 3)
    common = set(domains[0]).intersection(*domains[1:])
    if common:
        return tuple(sorted(common))
    return tuple(sorted(set().union(*domains)))


def _matching(domains: list[tuple], covered: set) -> int:
    """How many of the free hits can each take a different type not yet covered."""
    match: dict[int, int] = {}

    def place(i: int, seen: set) -> bool:
        for t in domains[i]:
            if t in covered or t in seen:
                continue
            seen.add(t)
            if t not in match or place(match[t], seen):
                match[t] = i
                return True
        return False

    return sum(1 for i in range(len(domains)) if place(i, set()))


def spectrum(s: OPState, ch: int) -> tuple[set, int]:
    """(the types taken for certain, how many more the free hits can add at best)."""
    hits = current_hits(s, ch)
    if s.options.get("spectrum_scope") != "current_only":
        hits = record_hits(s, ch) + hits
    ignore = s.info[ch].profile.ignores
    fixed: set = set()
    fused: list[tuple] = []
    free: list[tuple] = []
    fusion = s.options.get("fusion_rule", "on") == "on"
    info = s.info
    for c in hits:
        ts = info[c].types
        if len(ts) == 1:
            if ts[0] not in ignore:
                fixed.add(ts[0])
        elif ts:
            (fused if fusion and info[c].kind == "power" else free).append(ts)
    if fused:
        free.append(_fused(fused))
    domains = [tuple(t for t in d if t not in ignore) for d in free]
    return fixed, _matching([d for d in domains if d], fixed)


def ko_reason(s: OPState, ch: int) -> str:
    """Why ``ch`` is knocked out by its hits now ("" if it stands)."""
    total = cumulative(s, ch)
    if total >= ko_at(s, ch):
        return f"Cumulative KO ({total} of {ko_at(s, ch)})"
    fixed, more = spectrum(s, ch)
    if len(fixed) + more >= SPECTRUM_KO:
        shown = "".join(LETTERS[t] for t in sorted(fixed))
        extra = f" + {more} MultiPower" if more else ""
        return f"Spectrum KO ({shown}{extra})"
    return ""


def in_play(s: OPState, seat: int) -> list[int]:
    return s.zones[FRONT[seat]] + s.zones[RESERVE[seat]]


def knock_out(s: OPState, ch: int, why: str) -> None:
    """The character goes to the Defeated Characters Pile at once; its Placed cards go
    to their piles and its Permanent Record back to the player who scored it. Its hits
    of this battle stay until the Venture Totals are known. (A Battlesite:
    :func:`.locations.knock_out_site`.)"""
    if is_site(s, ch):
        knock_out_site(s, ch, why)
        return
    q = s.owner(ch)
    zone = FRONT[q] if ch in s.zones[FRONT[q]] else RESERVE[q]
    s.zones[zone].remove(ch)
    s.zones[DEFEATED[q]].append(ch)
    s.ko_now = s.ko_now | {ch}
    s.benched = s.benched - {ch}
    s.say(f"{s.name(ch)} is KO'd: {why}")
    att = s.attached
    discard_all(s, [c for c in s.zones[PLACED[q]] if att.get(c) == ch],
                PLACED[q], f"discards the cards Placed on {s.name(ch)}")
    discard_all(s, [c for c in s.zones[BORNE[q]] if att.get(c) == ch],
                BORNE[q], f"discards the Artifacts {s.name(ch)} bore")
    record = [c for c in s.zones[RECORD[q]] if att.get(c) == ch]
    if record:
        s.say(f"The Permanent Record of {s.name(ch)} goes back to "
              f"{seat_label(other(q))}")
        for c in record:
            discard(s, c, RECORD[q])
    if not in_play(s, q):
        game_over(s, other(q), f"{seat_label(other(q))} wins: every character of "
                               f"{seat_label(q)} is KO'd.")


def check_ko(s: OPState, ch: int) -> bool:
    why = ko_reason(s, ch)
    if why:
        knock_out(s, ch, why)
    return bool(why)


def game_over(s: OPState, winner: int | None, text: str) -> None:
    finish(s, () if winner is None else (winner,))
    s.result = text
    s.say(text)


def _ability_venture(s: OPState, seat: int) -> int:
    """Inherent abilities that change Venture Totals (``venture_modifier`` with
    ``while``), from the characters of both teams."""
    total = 0
    for p in (0, 1):
        for zone, where in ((FRONT[p], "front"), (RESERVE[p], "reserve"),
                            (BASE[p], "any")):  # a Home Base's ability too
            for ch in s.zones[zone]:
                for amount, side, cond in s.info[ch].profile.venture:
                    if cond in (where, "any") and (p == seat) == (side == "own"):
                        total += amount
    return total


def hit_total(s: OPState, seat: int) -> int:
    """The printed values of this battle's hits ``seat`` scored on the opponent's
    characters (KO'd ones included; never those on a Battlesite)."""
    info = s.info
    return sum(info[c].value for c in s.zones[HITS[other(seat)]] if not site_hit(s, c))


def venture_total(s: OPState, seat: int) -> int:
    return hit_total(s, seat) + s.venture_mod[seat] + _ability_venture(s, seat)
