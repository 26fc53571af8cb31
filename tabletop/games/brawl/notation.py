"""Brawl move notation (the game log, saves and scenario files all use it).

=========================================  ================================================
``P1 pick "Name"``                         set-up: place a Character face down
``P1 condition "Name" [> "Condition"]``    play a Condition (instant ones may name one)
``P1 character "Name"``                    put a Character into play
``P1 attack "Mine" > "Theirs"``            attack or counter-attack
``P1 aid|thwart|gang "Mine" > "Other"``    More Actions (a thwart names the match-up's
                                           attacker)
``P1 declare "Char" "Power" [> "Target"]`` declare a power (a heal names its target)
``P1 interrupt "Name" [> "Target"]``       play an Interruption
``P1 discard "Name"``                      discard down to the hand limit
``P1 pass`` / ``P1 resolve`` / ``P1 end``  decline, resolve damage, end the turn
=========================================  ================================================

Names are card names in double quotes; a second copy in the same place is ``"Name#2"``.
"""

from __future__ import annotations

from ...engine.moves import (
    Move,
    MoveText,
    NotationError,
    card_ref,
    find_card,
    quote,
    read_move,
    seat_label,
)
from ...engine.notation import Notation
from .state import BrawlState

SIMPLE = ("pass", "resolve", "end")
FROM_HAND = ("pick", "character", "discard", "condition", "interrupt")
LINKS = ("attack", "aid", "thwart", "gang")


def _play_zones(s: BrawlState) -> list[str]:
    return [f"play.{seat}" for seat in range(s.seats)]


ref = card_ref
find = find_card


def format_move(s: BrawlState, m: Move) -> str:
    p = seat_label(m.seat)
    k = m.kind
    if k in SIMPLE:
        return f"{p} {k}"
    hand = [f"hand.{m.seat}"]
    if k in ("pick", "character", "discard"):
        return f"{p} {k} {ref(s, m.card, hand)}"
    if k == "condition":
        text = f"{p} condition {ref(s, m.card, hand)}"
        if isinstance(m.target, int):
            text += f" > {ref(s, m.target, ['conditions'])}"
        return text
    if k in LINKS:
        return f"{p} {k} {ref(s, m.card, _play_zones(s))} > {ref(s, m.target, _play_zones(s))}"
    if k == "declare":
        power = s.info[m.card].powers[m.choice].name
        text = f"{p} declare {ref(s, m.card, _play_zones(s))} {quote(power)}"
        if m.target is not None:
            text += f" > {ref(s, m.target, _play_zones(s))}"
        return text
    if k == "interrupt":
        text = f"{p} interrupt {ref(s, m.card, hand)}"
        if m.target != "table":
            text += f" > {ref(s, m.target, _play_zones(s) + ['conditions'])}"
        return text
    raise NotationError(f"unknown move kind {k!r}")


def parse_move(s: BrawlState, text: str) -> Move:
    mt = read_move(text, s.seats)
    if mt.verb in SIMPLE:
        return Move(mt.verb, mt.seat)
    reader = _READERS.get("link" if mt.verb in LINKS else mt.verb)
    if reader is None:
        raise NotationError(f"unknown verb {mt.verb!r} in {text!r}")
    return reader(s, mt)


def _from_hand(s: BrawlState, mt: MoveText) -> Move:
    mt.need(1)
    card = find(s, mt.args[0], [f"hand.{mt.seat}"])
    target = "discard" if mt.verb == "discard" else f"play.{mt.seat}"
    return Move(mt.verb, mt.seat, card, target)


def _condition(s: BrawlState, mt: MoveText) -> Move:
    mt.need(1)
    card = find(s, mt.args[0], [f"hand.{mt.seat}"])
    target = find(s, mt.target, ["conditions"]) if mt.target else "conditions"
    return Move(mt.verb, mt.seat, card, target)


def _link(s: BrawlState, mt: MoveText) -> Move:
    mt.need(1)
    if mt.target is None:
        raise NotationError(f"{mt.verb} needs a target: {mt.verb} \"Mine\" > \"Other\"")
    return Move(mt.verb, mt.seat, find(s, mt.args[0], _play_zones(s)),
                find(s, mt.target, _play_zones(s)))


def _declare(s: BrawlState, mt: MoveText) -> Move:
    mt.need(2)
    card = find(s, mt.args[0], _play_zones(s))
    powers = [p.name.casefold() for p in s.info[card].powers]
    if mt.args[1].casefold() not in powers:
        raise NotationError(f"{s.name(card)} has no power {mt.args[1]!r} (powers: "
                            + ", ".join(p.name for p in s.info[card].powers) + ")")
    target = find(s, mt.target, _play_zones(s)) if mt.target else None
    return Move(mt.verb, mt.seat, card, target, powers.index(mt.args[1].casefold()))


def _interrupt(s: BrawlState, mt: MoveText) -> Move:
    mt.need(1)
    card = find(s, mt.args[0], [f"hand.{mt.seat}"])
    target = find(s, mt.target, _play_zones(s) + ["conditions"]) if mt.target else "table"
    return Move(mt.verb, mt.seat, card, target)


_READERS = {"pick": _from_hand, "character": _from_hand, "discard": _from_hand,
            "condition": _condition, "link": _link, "declare": _declare,
            "interrupt": _interrupt}


class BrawlNotation(Notation):
    """The game's notation (the table above), for saves, scenario files and the log."""

    format_move = staticmethod(format_move)
    parse_move = staticmethod(parse_move)
    hidden_kinds = frozenset({"pick"})
    hidden_note = "face down"
