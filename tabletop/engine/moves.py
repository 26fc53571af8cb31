"""Moves are small immutable values; their text form is the game-log notation.

A move names its ``kind`` and ``seat`` and, where it needs them, a ``card`` (an instance
number), a ``target`` (another card instance, or a zone name) and a ``choice`` (an index
or keyword). Moves are hashable and compare by value, so a move built by the UI from a
drag equals the one the engine listed as legal.

The notation, shared by the game log, saves and scenario files, is one line per move:
``P1 attack "Tin Sentinel" > "Rust Widow"`` (seat, verb, quoted card names).
"""

from __future__ import annotations

import shlex
from typing import NamedTuple

from .nearest import did_you_mean


class Move(NamedTuple):
    """A move (a named tuple: immutable, hashable, cheap to create)."""

    kind: str
    seat: int
    card: int | None = None
    target: int | str | None = None
    choice: int | str | None = None


class IllegalMove(Exception):
    """A move the rules refuse; ``reason`` is a sentence for the player naming the rule."""

    def __init__(self, reason: str, move: Move | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.move = move


class NotationError(ValueError):
    """A move text that cannot be read."""


def seat_label(seat: int) -> str:
    return f"P{seat + 1}"


def parse_seat(token: str) -> int:
    digits = token[1:]
    if len(token) >= 2 and token[0] in "Pp" and digits.isascii() and digits.isdigit() \
            and len(digits) <= 3:  # "P1¹" is not a seat (str.isdigit accepts "¹")
        return int(digits) - 1
    raise NotationError(f"expected a seat like P1 or P2, got {token!r}")


class MoveText(NamedTuple):
    """A move text split into its parts: ``P1 verb "A" "B" > "Target"``."""

    seat: int
    verb: str
    args: list[str]
    target: str | None
    text: str

    def need(self, n: int) -> None:
        if len(self.args) != n:
            raise NotationError(f"expected {n} name(s) in {self.text!r}")


def read_move(text: str, seats: int) -> MoveText:
    """Split a move text (seat, lower-cased verb, quoted names, ``> target``)."""
    tokens = split(text)
    if len(tokens) < 2:
        raise NotationError(f"expected 'P1 <verb> ...', got {text!r}")
    seat = parse_seat(tokens[0])
    if not 0 <= seat < seats:
        raise NotationError(f"there is no seat {tokens[0]} in this game")
    args = tokens[2:]
    target = None
    if ">" in args:
        i = args.index(">")
        if i + 1 >= len(args):
            raise NotationError(f"nothing after '>' in {text!r}")
        target = args[i + 1]
        args = args[:i]
    return MoveText(seat, tokens[1].lower(), args, target, text)


def quote(text: str) -> str:
    """Quote a card name for the notation (always double quotes, for readability)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def split(text: str) -> list[str]:
    try:
        return shlex.split(text, posix=True)
    except ValueError as exc:
        raise NotationError(f"cannot read move {text!r}: {exc}") from exc


def name_with_copy(name: str, nth: int) -> str:
    """``Recall`` for the first copy in a zone, ``Recall#2`` for the second..."""
    return name if nth <= 1 else f"{name}#{nth}"


def split_copy(token: str) -> tuple[str, int]:
    if "#" in token:
        name, _, nth = token.rpartition("#")
        if nth.isdigit() and name:
            return name, int(nth)
    return token, 1


def card_ref(state, card: int, zones) -> str:
    """The quoted notation of ``card``: its name, with ``#n`` when it is the n-th card of
    that name in ``zones`` (searched in order)."""
    name = state.name(card)
    nth = 0
    for zone in zones:
        for c in state.zones[zone]:
            if state.name(c) == name:
                nth += 1
            if c == card:
                return quote(name_with_copy(name, nth))
    return quote(name)


def find_card(state, token: str, zones) -> int:
    """The card a notation token (``Name`` or ``Name#2``) means in ``zones``."""
    name, nth = split_copy(token)
    lowered = name.casefold()
    seen = 0
    for zone in zones:
        for c in state.zones[zone]:
            if c >= 0 and state.name(c).casefold() == lowered:
                seen += 1
                if seen == nth:
                    return c
    raise NotationError(f"no card {token!r} in {', '.join(zones)}" + did_you_mean(
        name, [state.name(c) for zone in zones for c in state.zones[zone] if c >= 0]))
