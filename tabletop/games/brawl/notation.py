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
    NotationError,
    card_ref,
    find_card,
    parse_seat,
    quote,
    seat_label,
    split,
)
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
    tokens = split(text)
    if len(tokens) < 2:
        raise NotationError(f"expected 'P1 <verb> ...', got {text!r}")
    seat = parse_seat(tokens[0])
    if not 0 <= seat < s.seats:
        raise NotationError(f"there is no seat {tokens[0]} in this game")
    verb = tokens[1].lower()
    args = tokens[2:]
    target_token = None
    if ">" in args:
        i = args.index(">")
        if i + 1 >= len(args):
            raise NotationError(f"nothing after '>' in {text!r}")
        target_token = args[i + 1]
        args = args[:i]
    hand = [f"hand.{seat}"]
    if verb in SIMPLE:
        return Move(verb, seat)
    if verb in ("pick", "character", "discard"):
        _need(args, 1, text)
        card = find(s, args[0], hand)
        target = "discard" if verb == "discard" else f"play.{seat}"
        return Move(verb, seat, card, target)
    if verb == "condition":
        _need(args, 1, text)
        card = find(s, args[0], hand)
        target = find(s, target_token, ["conditions"]) if target_token else "conditions"
        return Move(verb, seat, card, target)
    if verb in LINKS:
        _need(args, 1, text)
        if target_token is None:
            raise NotationError(f"{verb} needs a target: {verb} \"Mine\" > \"Other\"")
        return Move(verb, seat, find(s, args[0], _play_zones(s)),
                    find(s, target_token, _play_zones(s)))
    if verb == "declare":
        _need(args, 2, text)
        card = find(s, args[0], _play_zones(s))
        powers = [p.name.casefold() for p in s.info[card].powers]
        if args[1].casefold() not in powers:
            raise NotationError(f"{s.name(card)} has no power {args[1]!r} (powers: "
                                + ", ".join(p.name for p in s.info[card].powers) + ")")
        target = find(s, target_token, _play_zones(s)) if target_token else None
        return Move(verb, seat, card, target, powers.index(args[1].casefold()))
    if verb == "interrupt":
        _need(args, 1, text)
        card = find(s, args[0], hand)
        target = find(s, target_token, _play_zones(s) + ["conditions"]) \
            if target_token else "table"
        return Move(verb, seat, card, target)
    raise NotationError(f"unknown verb {verb!r} in {text!r}")


def _need(args: list[str], n: int, text: str) -> None:
    if len(args) != n:
        raise NotationError(f"expected {n} name(s) in {text!r}")
