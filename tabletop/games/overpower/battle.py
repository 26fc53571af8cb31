"""Before the fight: placing cards (one at a time, taking turns), the venture of mission
cards with its penalty draws, and conceding before the battle begins."""

from __future__ import annotations

from ...engine.flow import Decision, decide, push
from ...engine.moves import Move, seat_label
from .common import (
    BASE,
    COMPLETED,
    FAILED,
    FRONT,
    HAND,
    MISSIONS,
    PLACED,
    RESERVE,
    RISK_COMPLETED,
    RISK_RESERVE,
    other,
)
from .context import OPEffects
from .grid import filled_slots, fits, slot_free
from .homebase import placeable_on
from .locations import is_base
from .morekinds import ANY_HOME_BASE
from .piles import discard_all
from .state import FLOW, OPState

_new = tuple.__new__


# -- placing ------------------------------------------------------------------------------------
def place_moves(s: OPState, seat: int, first: bool = False) -> list[Move]:
    """(hand card, own character) pairs: a free slot of the card's kind, and the
    character passes the card's test (with ``first``: at most one). Aspects go only on a
    Home Base (never an Any Home Base Aspect), every other card only on a character
    (:func:`.homebase.placeable_on`)."""
    info = s.info
    zones = s.zones
    # without grid changes or shut-downs, the card tests are remembered (:func:`.grid.fits`)
    remembered = not (s.grid_mods or s.shut)
    code = s.options.get("code_rule")
    # no character is a Home Base while neither player has one in play (the usual game)
    homes = zones.get(BASE[0]) or zones.get(BASE[1])
    chars = [(ch, is_base(s, ch) if homes else False,
              (info[ch].fit_code if code else info[ch].fit_cache) if remembered else None)
             for ch in zones[FRONT[seat]] + zones[RESERVE[seat]] + zones[BASE[seat]]]
    filled = filled_slots(s, seat)
    free_by_slot: dict[str, list] = {}  # the characters with the slot free
    out = []
    for c in zones[HAND[seat]]:
        inf = info[c]
        slot = inf.slot
        if slot is None:
            continue
        free = free_by_slot.get(slot)
        if free is None:
            free = free_by_slot[slot] = [x for x in chars if (x[0], slot) not in filled]
        aspect = inf.kind == "aspect"
        on_base = aspect and inf.persona != ANY_HOME_BASE
        for ch, base, cache in free:
            if on_base if base else not aspect:
                ok = cache.get(inf) if cache is not None else None
                if ok is None:
                    ok = fits(s, ch, inf)
                if ok:
                    out.append(_new(Move, ("place", seat, c, ch, None)))  # Move("place", ...)
                    if first:
                        return out
    return out


def place_ok(s: OPState, m: Move) -> bool:
    """Is ``m`` a legal answer to the placing decision (without listing them all)?"""
    seat = m.seat
    if m.kind == "done":
        return m == Move("done", seat)
    if m.kind != "place" or m.choice is not None or \
            m.card not in s.zones[HAND[seat]] or \
            m.target not in s.zones[FRONT[seat]] + s.zones[RESERVE[seat]] + \
            s.zones[BASE[seat]]:
        return False
    inf = s.info[m.card]
    return inf.slot is not None and fits(s, m.target, inf) and \
        placeable_on(s, m.target, inf) and slot_free(s, m.target, seat, inf.slot)


@FLOW.step("place")
def place(s: OPState, seat: int) -> None:
    """Players take turns Placing, first player first; one who is done is skipped."""
    for p in (seat, other(seat)):
        if s.placing[p]:
            if place_moves(s, p, first=True):
                decide(s, "place", p)
                return
            done_placing(s, p, "has nothing to Place")


def _place_options(s: OPState, d: Decision) -> list[Move]:
    out = place_moves(s, d.seat)
    out.append(Move("done", d.seat))
    return out


def done_placing(s: OPState, seat: int, why: str = "is done placing") -> None:
    placing = list(s.placing)
    placing[seat] = False
    s.placing = tuple(placing)
    s.say(f"{seat_label(seat)} {why}")
    hand = s.zones[HAND[seat]]
    left = [c for c in hand if c in s.must_place]
    if left:
        s.must_place = s.must_place - set(left)
        discard_all(s, left, HAND[seat], "discards cards kept to be Placed but not "
                                             "Placed")


@FLOW.decision("place", _place_options, phase="placing")
def placed(s: OPState, d: Decision, m: Move) -> None:
    if m.kind == "done":
        done_placing(s, m.seat)
    else:
        s.move_card(m.card, HAND[m.seat], PLACED[m.seat])
        s.attached[m.card] = m.target
        s.placed_now = s.placed_now | {m.card}
        if m.card in s.must_place:
            s.must_place = s.must_place - {m.card}
        s.say(f"{seat_label(m.seat)} Places {s.name(m.card)} on {s.name(m.target)}")
    push(s, ("place", other(m.seat)))


# -- the venture --------------------------------------------------------------------------------
@FLOW.step("ventures")
def ventures(s: OPState) -> None:
    first = s.first
    push(s, ("venture", first), ("venture", other(first)))


def venture_moves(s: OPState, seat: int) -> list[Move]:
    """(from Reserve Missions, from Completed Missions): at least one card, from Completed
    only while the Defeated pile holds a card; after a drawn battle, none if nothing is
    left to venture (or, with the option, by choice)."""
    n, m, least = venture_limits(s, seat)
    out = [_new(Move, ("venture", seat, None, a, b))  # Move("venture", seat, None, a, b)
           for a in range(n + 1) for b in range(m + 1) if a + b >= least]
    return out or [Move("venture", seat, None, 0, 0)]


def venture_limits(s: OPState, seat: int) -> tuple[int, int, int]:
    """(most from Reserve Missions, most from Completed, fewest in all)."""
    n = len(s.zones[MISSIONS[seat]])
    m = len(s.zones[COMPLETED[seat]]) if s.zones[FAILED[seat]] else 0
    least = 0 if s.riding and s.options.get("draw_reventure") == "optional" else 1
    return n, m, least


@FLOW.step("venture")
def venture(s: OPState, seat: int) -> None:
    moves = venture_moves(s, seat)
    if len(moves) == 1:
        ventured(s, Decision("venture", seat), moves[0])
        return
    decide(s, "venture", seat)


def penalty_for(s: OPState, seat: int, new: int) -> int:
    """Cards the opponent may draw: two fewer than the cards ventured (only those of this
    venture; with *all riding*, every card riding on the battle less those already
    paid for)."""
    if s.options.get("penalty_counts") == "all_riding":
        riding = len(s.zones[RISK_RESERVE[seat]]) + len(s.zones[RISK_COMPLETED[seat]])
        return max(0, riding - 2 - s.granted[seat])
    return max(0, new - 2)


@FLOW.decision("venture", lambda s, d: venture_moves(s, d.seat), phase="venture")
def ventured(s: OPState, d: Decision, m: Move) -> None:
    seat = m.seat
    a, b = m.target, m.choice
    for _ in range(a):
        s.zones[RISK_RESERVE[seat]].append(s.zones[MISSIONS[seat]].pop())
    for _ in range(b):
        s.zones[RISK_COMPLETED[seat]].append(s.zones[COMPLETED[seat]].pop())
    now = list(s.ventured_now)
    now[seat] = a + b
    s.ventured_now = tuple(now)
    s.say(f"{seat_label(seat)} ventures {a} from Reserve Missions and {b} from Completed")
    penalty = penalty_for(s, seat, a + b)
    if penalty:
        granted = list(s.granted)
        granted[seat] += penalty
        s.granted = tuple(granted)
        decide(s, "penalty", other(seat), penalty)


def _penalty_options(s: OPState, d: Decision) -> list[Move]:
    return [Move("penalty", d.seat, choice=n) for n in range(d.data[0] + 1)]


@FLOW.decision("penalty", _penalty_options, phase="penalty")
def penalty_drawn(s: OPState, d: Decision, m: Move) -> None:
    s.say(f"{seat_label(m.seat)} takes {m.choice} of {d.data[0]} penalty card(s)")
    if m.choice:
        OPEffects(s, None, m.seat).draw(m.choice)


# -- conceding before the battle ------------------------------------------------------------------
@FLOW.step("concessions")
def concessions(s: OPState) -> None:
    push(s, ("concede_ask", s.first), ("concede_ask", other(s.first)))


@FLOW.step("concede_ask")
def concede_ask(s: OPState, seat: int) -> None:
    decide(s, "battle_start", seat)


@FLOW.decision("battle_start", lambda s, d: [Move("fight", d.seat), Move("concede", d.seat)],
               phase="concede")
def battle_start(s: OPState, d: Decision, m: Move) -> None:
    if m.kind == "concede":
        concede(s, m.seat)
    else:
        s.say(f"{seat_label(m.seat)} fights")


def concede(s: OPState, seat: int) -> None:
    """The battle is over at once and lost by the conceding player."""
    s.conceded = seat
    s.say(f"{seat_label(seat)} concedes the battle")
    s.tasks.clear()
    s.chain = ()
    push(s, ("end_battle",))
