"""Hero vs Nemesis move notation (the game log, saves and scenario files all use it).

====================================  ====================================================
``P1 ace "Ace of Hearts"``            set-up: the hero's greatest power (then ``king``)
``P2 resource "2 of Clubs"``          set-up: the nemesis's first resource
``P2 lost home``                      set-up: what the hero took from the nemesis
``P1 counter "7 of Clubs" > "Conf"``  the hero plays a card onto a conflict
``P1 switch "3 of Hearts"``           the hero spends popular support to switch a card
``P2 hinder "9 of Clubs" > "Conf"``   the nemesis raises a conflict (``help``: its counter)
``P2 scavenge "Queen of Spades"``     the nemesis takes a card the hero set aside
``P2 plot "4 of Hearts" > "Scheme"``  the nemesis plays a card towards a scheme
``P2 showdown`` / ``P2 challenge``    call a showdown / stop staking and challenge
``P2 stake "King of Clubs"``          the nemesis stakes a card on the showdown
``P1 answer "Ace of Spades"``         the hero answers the showdown (``P1 yield``: gives up)
``P2 return "9 of Clubs"``            the nemesis spends bad press to take a card back
``P2 pass`` / ``P2 end``              no (more) meddling / end the turn
====================================  ====================================================

Cards are named by their printed names in double quotes (``"Name#2"`` for a second copy).
"""

from __future__ import annotations

from ...engine.moves import (
    Move,
    NotationError,
    card_ref,
    find_card,
    parse_seat,
    seat_label,
    split,
)
from ...engine.notation import Notation
from . import reckoning as rk
from .state import LOSSES, HvNState

SIMPLE = ("pass", "showdown", "challenge", "yield", "end")
#: verb -> (zones the card comes from, zones the target is in; None: no named target)
CARD_VERBS: dict[str, tuple[tuple[str, ...], tuple[str, ...] | None]] = {
    "ace": (("offer.0",), None),
    "king": (("offer.0",), None),
    "resource": (("offer.1",), None),
    "counter": (("hand.0",), ("conflicts",)),
    "switch": (("hand.0",), None),
    "hinder": (("hand.1", "support.1"), ("conflicts",)),
    "help": (("hand.1", "support.1"), ("conflicts",)),
    "scavenge": (("aside",), None),
    "plot": (("hand.1", "support.1"), ("schemes",)),
    "stake": (("hand.1", "support.1"), None),
    "answer": (("hand.0",), None),
    "return": (("spent",), None),
}
FIXED_TARGET = {"ace": "hand.0", "king": "hand.0", "resource": "hand.1", "switch": "deck",
                "stake": "showdown", "answer": "showdown", "return": "hand.1"}


ref = card_ref
find = find_card


def format_move(s: HvNState, m: Move) -> str:
    p = seat_label(m.seat)
    k = m.kind
    if k in SIMPLE:
        return f"{p} {k}"
    if k == "lost":
        return f"{p} lost {LOSSES[m.choice]}"
    if k not in CARD_VERBS:
        raise NotationError(f"unknown move kind {k!r}")
    src, dst = CARD_VERBS[k]
    text = f"{p} {k} {ref(s, m.card, src)}"
    if dst is not None:
        text += f" > {ref(s, m.target, dst)}"
    return text


def parse_move(s: HvNState, text: str) -> Move:
    seat, verb, args = _words(text)
    if verb in SIMPLE:
        if args:
            raise NotationError(f"{verb} takes no card: {text!r}")
        return Move(verb, seat)
    if verb == "lost":
        if len(args) != 1 or args[0].lower() not in LOSSES:
            raise NotationError(f"expected one of {', '.join(LOSSES)} after 'lost': {text!r}")
        return Move("lost", seat, None, None, LOSSES.index(args[0].lower()))
    if verb not in CARD_VERBS:
        raise NotationError(f"unknown verb {verb!r} in {text!r}")
    return _card_move(s, seat, verb, args, text)


def _words(text: str) -> tuple[int, str, list[str]]:
    """The seat, the verb (lower case) and the rest of a move text."""
    tokens = split(text)
    if len(tokens) < 2:
        raise NotationError(f"expected 'P1 <verb> ...', got {text!r}")
    seat = parse_seat(tokens[0])
    if not 0 <= seat < 2:
        raise NotationError(f"there is no seat {tokens[0]} in Hero vs Nemesis (P1 is the "
                            "hero, P2 the nemesis)")
    return seat, tokens[1].lower(), tokens[2:]


def _card_move(s: HvNState, seat: int, verb: str, args: list[str], text: str) -> Move:
    """``verb "Card"`` or ``verb "Card" > "Target"``."""
    src, dst = CARD_VERBS[verb]
    target_token = None
    if ">" in args:
        i = args.index(">")
        if i + 1 >= len(args):
            raise NotationError(f"nothing after '>' in {text!r}")
        target_token = args[i + 1]
        args = args[:i]
    if len(args) != 1:
        raise NotationError(f"expected one card name in {text!r}")
    card = find(s, args[0], src)
    if dst is not None:
        if target_token is None:
            raise NotationError(f"{verb} needs a target: {verb} \"Card\" > \"Target\"")
        return Move(verb, seat, card, find(s, target_token, dst))
    if verb == "scavenge":
        return Move(verb, seat, card, rk.scavenge_to(s, card))
    return Move(verb, seat, card, FIXED_TARGET[verb])


#: the set-up choices (made in secret: the log does not show the other seat which card)
SETUP = ("ace", "king", "resource")


class HvNNotation(Notation):
    """The game's notation (the table above), for saves, scenario files and the log."""

    format_move = staticmethod(format_move)
    parse_move = staticmethod(parse_move)
    hidden_kinds = frozenset(SETUP)
    hidden_note = "hidden"
