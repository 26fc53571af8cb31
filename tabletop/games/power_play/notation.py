"""Power Play move notation (the game log, saves and scenario files all use it).

==============================  ===========================================================
``P1 play "Flame 3"``           put one of your open powers onto the defence (the active
                                hero's 1-4 powers, or another player's one support)
``P1 done``                     the active hero's defence is ready
``P2 pass``                     add nothing to the defence / keep your Bonus powers
``P2 bonus "Windshear"``        spend a Bonus power (a villain you won) after the reveal
``P1 end``                      end the turn once it is decided
==============================  ===========================================================

A second copy of a power in the same hand is ``"Flame 3#2"``.
"""

from __future__ import annotations

from ...engine.moves import (
    Move,
    NotationError,
    name_with_copy,
    parse_seat,
    quote,
    seat_label,
    split,
    split_copy,
)
from ...engine.nearest import did_you_mean
from ...engine.notation import Notation
from .state import PPState

SIMPLE = ("done", "pass", "end")
CARD_VERBS = {"play": "hand", "bonus": "bonus"}


def _ref(s: PPState, card: int, zone: str) -> str:
    name = s.name(card)
    nth = 0
    for c in s.zones[zone]:
        if c >= 0 and s.name(c) == name:
            nth += 1
        if c == card:
            return quote(name_with_copy(name, nth))
    return quote(name)


def _find(s: PPState, token: str, zone: str) -> int:
    name, nth = split_copy(token)
    lowered = name.casefold()
    seen = 0
    for c in s.zones[zone]:
        if c >= 0 and s.name(c).casefold() == lowered:
            seen += 1
            if seen == nth:
                return c
    what = "open powers" if zone.startswith("hand") else "Bonus powers"
    raise NotationError(f"no card {token!r} among {seat_label(int(zone.split('.')[1]))}'s "
                        f"{what}" + did_you_mean(name, [s.name(c) for c in s.zones[zone]
                                                        if c >= 0]))


def format_move(s: PPState, m: Move) -> str:
    p = seat_label(m.seat)
    if m.kind in SIMPLE:
        return f"{p} {m.kind}"
    if m.kind in CARD_VERBS:
        return f"{p} {m.kind} {_ref(s, m.card, f'{CARD_VERBS[m.kind]}.{m.seat}')}"
    raise NotationError(f"unknown move kind {m.kind!r}")


def parse_move(s: PPState, text: str) -> Move:
    tokens = split(text)
    if len(tokens) < 2:
        raise NotationError(f"expected 'P1 <verb> ...', got {text!r}")
    seat = parse_seat(tokens[0])
    if not 0 <= seat < s.seats:
        raise NotationError(f"there is no seat {tokens[0]} in this game")
    verb = tokens[1].lower()
    args = tokens[2:]
    if verb in SIMPLE:
        if args:
            raise NotationError(f"{verb} takes no card: {text!r}")
        return Move(verb, seat)
    if verb in CARD_VERBS:
        if len(args) != 1:
            raise NotationError(f"expected one card name in {text!r}")
        card = _find(s, args[0], f"{CARD_VERBS[verb]}.{seat}")
        return Move(verb, seat, card, "defence")
    raise NotationError(f"unknown verb {verb!r} in {text!r} (verbs: play, done, pass, "
                        "bonus, end)")


class PowerPlayNotation(Notation):
    """The game's notation (the table above), for saves, scenario files and the log."""

    format_move = staticmethod(format_move)
    parse_move = staticmethod(parse_move)
