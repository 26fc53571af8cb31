"""Discarding (after the draw, and every card drawn later): duplicates by each kind's
identity test, Placed cards counting as part of the hand, Unusable cards, the Special
Discard Rule, and where each discard goes.

The discard step is a hidden commit: each player's choices (which duplicate to keep) put
the other cards face down in ``discarding.p``; when both are done every discard is shown
and goes to its pile.
"""

from __future__ import annotations

from ...engine.effects import effects_with
from ...engine.flow import Decision, decide, push
from ...engine.moves import Move, seat_label
from .combos import COMPLETED_BY, has_companion
from .common import BASE, DISCARDING, FRONT, HAND, PLACED, RESERVE, other
from .grid import TEAM_KINDS, fits, from_reserve, slot_free, team_ok
from .locations import is_base
from .piles import SeatView, discard, discard_all, pile_name
from .state import FLOW, OPState


# -- what counts ------------------------------------------------------------------------------
def counted_placed(s: OPState, seat: int, late: bool = False) -> list[int]:
    """Placed cards that count as part of the hand: those on the Front Line; those on the
    Reserve only if it may play them (or, for cards drawn after placing, if they were
    Placed this battle)."""
    placed = s.zones[PLACED[seat]]
    if not placed:
        return []
    att = s.attached
    front = s.zones[FRONT[seat]]
    return [c for c in placed if att[c] in front or from_reserve(s, att[c], c, placed=True)
            or is_base(s, att[c]) or (late and c in s.placed_now)]


def usable_by_team(s: OPState, seat: int, card: int) -> bool:
    """Some Front Line character can use the card (or the Reserve, for a Special it may
    play from there; the Home Base, for an Aspect)."""
    inf = s.info[card]
    for ch in s.zones[FRONT[seat]] + s.zones[BASE[seat]]:
        if fits(s, ch, inf) and (inf.kind not in TEAM_KINDS or team_ok(s, ch, inf, seat)):
            return True
    return any(from_reserve(s, ch, card, placed=False) for ch in s.zones[RESERVE[seat]])


def reserve_home(s: OPState, seat: int, card: int) -> int | None:
    """A Reserve character the card could be Placed on (a free slot, its test passed)."""
    inf = s.info[card]
    for ch in s.zones[RESERVE[seat]]:
        if fits(s, ch, inf) and slot_free(s, ch, seat, inf.slot):
            return ch
    return None


def placeable(s: OPState, seat: int, card: int) -> bool:
    inf = s.info[card]
    return any(fits(s, ch, inf) and slot_free(s, ch, seat, inf.slot)
               for ch in s.zones[FRONT[seat]] + s.zones[RESERVE[seat]])


def fetchable(s: OPState, seat: int, card: int) -> bool:
    """The Special Discard Rule's second case: a card available to the player could bring
    the missing companion from a pile (e.g. a Power card from the Power Pack)."""
    need = COMPLETED_BY.get(s.info[card].kind)
    info = s.info
    view = SeatView(s, seat)
    for c in s.zones[HAND[seat]] + counted_placed(s, seat):
        if c == card:
            continue
        for fn, e in effects_with(info[c].effects, "fetches"):
            if fn(view, e, lambda x: info[x].kind == need):
                return True
    return False


def duplicate_groups(s: OPState, seat: int, late: bool = False) -> list[list[int]]:
    """Cards of the hand (with the counted Placed cards first) that share an identity."""
    info = s.info
    groups: dict[tuple, list[int]] = {}
    for c in counted_placed(s, seat, late) + s.zones[HAND[seat]]:
        key = info[c].dup_key
        if key is not None:
            groups.setdefault(key, []).append(c)
    return [g for g in groups.values() if len(g) > 1]


def choice_group(s: OPState, seat: int) -> list[int] | None:
    """The first group of hand cards whose player must choose which one to keep."""
    hand = s.zones[HAND[seat]]
    for group in duplicate_groups(s, seat):
        if all(c in hand for c in group) and len({s.info[c].id for c in group}) > 1:
            return group
    return None


# -- the discard step ----------------------------------------------------------------------------
def stage(s: OPState, seat: int, cards) -> None:
    for c in cards:
        s.move_card(c, HAND[seat], DISCARDING[seat])


@FLOW.step("discard_step")
def discard_step(s: OPState) -> None:
    first = s.first
    push(s, ("discards_of", first), ("discards_of", other(first)), ("reveal_discards",))


@FLOW.step("discards_of")
def discards_of(s: OPState, seat: int) -> None:
    """Unusable cards first, then duplicates, then the companion test."""
    hand = s.zones[HAND[seat]]
    gone = []
    for c in list(hand):
        if usable_by_team(s, seat, c):
            continue
        if reserve_home(s, seat, c) is not None:
            s.must_place = s.must_place | {c}
        else:
            gone.append(c)
    stage(s, seat, gone)
    push(s, ("duplicates", seat), ("companions", seat))


@FLOW.step("duplicates")
def duplicates(s: OPState, seat: int) -> None:
    hand = s.zones[HAND[seat]]
    info = s.info
    for group in duplicate_groups(s, seat):
        mine = [c for c in group if c in hand]
        if len(mine) < len(group):          # a counted Placed card is one of them
            stage(s, seat, mine)
        elif len({info[c].id for c in mine}) == 1:
            stage(s, seat, mine[1:])
        else:
            decide(s, "keep", seat)
            return


def _keep_options(s: OPState, d: Decision) -> list[Move]:
    group = choice_group(s, d.seat)
    if group is None:  # only in a state sampled for another seat
        return [Move("keep", d.seat)]
    seen: set[str] = set()
    out = []
    for c in group:
        if s.info[c].id not in seen:
            seen.add(s.info[c].id)
            out.append(Move("keep", d.seat, c))
    return out


@FLOW.decision("keep", _keep_options, phase="discard")
def kept(s: OPState, d: Decision, m: Move) -> None:
    group = choice_group(s, m.seat)
    if group is not None and m.card is not None:
        stage(s, m.seat, [c for c in group if c != m.card])
        s.say(f"{seat_label(m.seat)} keeps {s.name(m.card)}", only={m.seat})
        s.say(f"{seat_label(m.seat)} chooses which duplicate to keep",
              only={other(m.seat)})
    push(s, ("duplicates", m.seat))


@FLOW.step("companions")
def companions(s: OPState, seat: int) -> None:
    """The Special Discard Rule: a card that lacks only the card it is played with is
    kept if another available card could fetch one, or if it can be Placed (then it must
    be, before its player finishes placing; with *keep in hand* it simply stays)."""
    gone = []
    strict = s.options.get("special_discard", "place_or_discard") == "place_or_discard"
    for c in list(s.zones[HAND[seat]]):
        if c in s.must_place or has_companion(s, c, seat) or fetchable(s, seat, c):
            continue
        if placeable(s, seat, c):
            if strict:
                s.must_place = s.must_place | {c}
        else:
            gone.append(c)
    stage(s, seat, gone)


@FLOW.step("reveal_discards")
def reveal_discards(s: OPState) -> None:
    for seat in (s.first, other(s.first)):
        zone = DISCARDING[seat]
        discard_all(s, list(s.zones[zone]), zone, "discards")


# -- cards drawn later -------------------------------------------------------------------------
def check_new_card(s: OPState, seat: int, card: int) -> bool:
    """A card drawn after the discard step is discarded at once if it duplicates a card
    in the hand or a counted Placed card, or if it is Unusable. True if it stays."""
    key = s.info[card].dup_key
    why = ""
    if key is not None and any(s.info[c].dup_key == key
                               for c in s.zones[HAND[seat]] + counted_placed(s, seat, True)
                               if c != card):
        why = "a duplicate"
    elif not usable_by_team(s, seat, card):
        why = "Unusable"
    elif not has_companion(s, card, seat) and not fetchable(s, seat, card):
        why = "Unusable (nothing to play it with)"
    if not why:
        return True
    pile = discard(s, card, HAND[seat])
    s.say(f"{seat_label(seat)} draws {s.name(card)}, {why}: \u2192 {pile_name(pile)}")
    return False
