"""Events in play (issue 14; docs/rulings.md, OverPower, "Events").

After the draw, before the discard step: each player holding an Event plays one (the first
player first), face up beside the Reserve Missions Pile (``events.p``), choosing which if
they hold two or more, and draws a card to replace it; the others are discarded in the
discard step (one Event per player per battle). Then the Events are resolved, the first
player's first; an Event both players played is resolved once. An ``instant`` Event
leaves play once resolved, a ``battle`` Event at the end of the battle, a ``game`` Event
never (it acts again every battle). Events leave play for the Defeated Characters Pile.
"""

from __future__ import annotations

from ...engine.effects import run
from ...engine.flow import Decision, decide, push
from ...engine.moves import Move, seat_label
from .common import DEFEATED, EVENTS, HAND, other
from .context import OPEffects
from .state import FLOW, OPState


def duration(s: OPState, card: int) -> str:
    return s.cards[card].data.get("duration") or "battle"


def in_hand(s: OPState, seat: int) -> list[int]:
    return [c for c in s.zones[HAND[seat]] if s.info[c].kind == "event"]


@FLOW.step("events")
def events(s: OPState) -> None:
    s.forbidden = frozenset()
    first = s.first
    push(s, ("lasting_events",), ("event_of", first), ("event_of", other(first)),
         ("resolve_events",))


@FLOW.step("lasting_events")
def lasting_events(s: OPState) -> None:
    """Events that last the game act again at the start of every battle."""
    for seat in (s.first, other(s.first)):
        for c in s.zones[EVENTS[seat]]:
            if duration(s, c) == "game":
                s.say(f"{s.name(c)} is still in play")
                resolve(s, seat, c)


@FLOW.step("event_of")
def event_of(s: OPState, seat: int) -> None:
    held = in_hand(s, seat)
    if not held:
        return
    if len({s.info[c].id for c in held}) == 1:
        play_event(s, seat, held[0])
    else:
        decide(s, "event", seat)


def _event_options(s: OPState, d: Decision) -> list[Move]:
    seen: set[str] = set()
    out = []
    for c in in_hand(s, d.seat):
        if s.info[c].id not in seen:
            seen.add(s.info[c].id)
            out.append(Move("event", d.seat, c))
    return out


@FLOW.decision("event", _event_options, phase="events")
def event_chosen(s: OPState, d: Decision, m: Move) -> None:
    play_event(s, m.seat, m.card)


def play_event(s: OPState, seat: int, card: int) -> None:
    """The Event goes face up beside the missions; a card is drawn to replace it."""
    s.move_card(card, HAND[seat], EVENTS[seat])
    s.counters[("event", card)] = s.battle
    s.reveals += 1
    s.say(f"{seat_label(seat)} has an Event: {s.name(card)}")
    OPEffects(s, card, seat).draw(1, check=False)


@FLOW.step("resolve_events")
def resolve_events(s: OPState) -> None:
    """The first player's Event first; the same Event played by both acts once."""
    done: set[str] = set()
    for seat in (s.first, other(s.first)):
        for c in list(s.zones[EVENTS[seat]]):
            if s.count(("event", c), -1) != s.battle:
                continue
            if s.info[c].id in done:
                s.say(f"{s.name(c)} has already been resolved this battle")
            else:
                done.add(s.info[c].id)
                resolve(s, seat, c)
            if duration(s, c) == "instant":
                leave_play(s, seat, c)


def resolve(s: OPState, seat: int, card: int) -> None:
    ctx = OPEffects(s, card, seat)
    for e in s.info[card].effects:
        run(ctx, e)


def leave_play(s: OPState, seat: int, card: int) -> None:
    s.move_card(card, EVENTS[seat], DEFEATED[seat])
    s.say(f"{s.name(card)} leaves play")


def battle_over(s: OPState) -> None:
    """At the end of a battle, its Events leave play (those of the game stay)."""
    for seat in (0, 1):
        for c in list(s.zones.get(EVENTS[seat], ())):
            if duration(s, c) == "battle":
                leave_play(s, seat, c)


def forbidden(s: OPState, m: Move) -> bool:
    """Does move ``m`` play a card of a kind an Event forbids this battle?"""
    if not s.forbidden or not isinstance(m.card, int) or m.card < 0:
        return False
    cards = [m.card]
    if isinstance(m.choice, tuple) and len(m.choice) > 1 and isinstance(m.choice[1], int):
        cards.append(m.choice[1] if m.kind != "defend" else m.choice[0])
    info = s.info
    return any(0 <= c < len(info) and info[c].kind in s.forbidden for c in cards)
