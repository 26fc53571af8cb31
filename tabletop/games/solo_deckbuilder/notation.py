"""Solo Deck-Builder move notation (the game log, saves and scenario files all use it).

==========================================  ===============================================
``P1 hero "Name"``                          set-up: choose the superhero
``P1 play "Card"``                          play a card from the hand
``P1 buy "Card"``                           buy a resource from the row, or from the
                                            Kick-like pile
``P1 defeat "Villain"``                     defeat a villain or the supervillain (pay Power)
``P1 free-defeat "Villain"``                securing: the villain defeated for free
``P1 hq "Location"`` / ``P1 stack "Loc"``   securing: HQ, or the Secured stack
``P1 defend "Card"`` / ``P1 accept``        a Defense card prevents the Weakness / take it
``P1 discard "Card"``                       an attack makes you discard from the hand
``P1 destroy "Card" from hand|discard``     a card's destroy effect
``P1 foresee "Card" [from discard]``        play the revealed card, or the top card of the
                                            resources discard pile
``P1 done`` / ``P1 end``                    stop destroying or decline / end the turn
==========================================  ===============================================

Names are card names in double quotes; a second copy in the same place is ``"Name#2"``.
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
from .state import SoloState

SIMPLE = ("accept", "done", "end")
#: verb -> (move kind, zones the card is looked up in, the move's target)
CARD_VERBS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "hero": ("hero", ("superheroes",), "hero.0"),
    "play": ("play", ("hand.0",), "played.0"),
    "buy": ("buy", ("row", "kicks"), "discard.0"),
    "defeat": ("defeat", ("battleground", "supervillain"), "defeated"),
    "free-defeat": ("free", ("battleground",), "defeated"),
    "hq": ("hq", ("location",), "hq.0"),
    "stack": ("stack", ("location",), "secured.0"),
    "defend": ("defend", ("hand.0",), "discard.0"),
    "discard": ("discard", ("hand.0",), "discard.0"),
    "foresee": ("foresee", ("revealed",), "played.0"),
}
VERB_OF = {kind: verb for verb, (kind, _, _) in CARD_VERBS.items()}
VERBS = tuple(CARD_VERBS) + SIMPLE + ("destroy",)


def ref(s: SoloState, card: int, zones: tuple[str, ...]) -> str:
    """A card's name, with ``#n`` when it is the n-th copy of that name in its zone."""
    name = s.name(card)
    for zone in zones:
        cards = s.zones.get(zone, [])
        if card in cards:
            if zone == "kicks" or zone == "resource_discard":
                return quote(name)  # only the top can be taken
            nth = sum(1 for c in cards[:cards.index(card) + 1] if s.name(c) == name)
            return quote(name_with_copy(name, nth))
    return quote(name)


def find(s: SoloState, token: str, zones: tuple[str, ...]) -> int:
    name, nth = split_copy(token)
    lowered = name.casefold()
    for zone in zones:
        cards = s.zones.get(zone, [])
        if zone in ("kicks", "resource_discard"):
            cards = cards[-1:]  # the top card
        seen = 0
        for c in cards:
            if c >= 0 and s.name(c).casefold() == lowered:
                seen += 1
                if seen == nth:
                    return c
    raise NotationError(f"no card {token!r} in {', '.join(zones)}" + did_you_mean(
        name, [s.name(c) for zone in zones for c in s.zones.get(zone, []) if c >= 0]))


def format_move(s: SoloState, m: Move) -> str:
    p = seat_label(m.seat)
    if m.kind in SIMPLE:
        return f"{p} {m.kind}"
    if m.kind == "destroy":
        zone = f"{m.target}.0"
        return f"{p} destroy {ref(s, m.card, (zone,))} from {m.target}"
    if m.kind == "foresee" and m.card not in s.zones["revealed"]:
        return f"{p} foresee {ref(s, m.card, ('resource_discard',))} from discard"
    verb = VERB_OF.get(m.kind)
    if verb is None:
        raise NotationError(f"unknown move kind {m.kind!r}")
    return f"{p} {verb} {ref(s, m.card, CARD_VERBS[verb][1])}"


def parse_move(s: SoloState, text: str) -> Move:
    tokens = split(text)
    if len(tokens) < 2:
        raise NotationError(f"expected 'P1 <verb> ...', got {text!r}")
    seat = parse_seat(tokens[0])
    if seat != 0:
        raise NotationError(f"there is only one seat (P1) in this game, not {tokens[0]}")
    verb = tokens[1].lower()
    args = tokens[2:]
    if verb in SIMPLE:
        if args:
            raise NotationError(f"'{verb}' takes no card: {text!r}")
        return Move(verb, seat)
    if verb == "destroy":
        if len(args) != 3 or args[1].lower() != "from" or args[2].lower() not in ("hand",
                                                                               "discard"):
            raise NotationError(f"expected 'P1 destroy \"Card\" from hand|discard', got "
                                f"{text!r}")
        where = args[2].lower()
        return Move("destroy", seat, find(s, args[0], (f"{where}.0",)), where)
    if verb == "foresee" and len(args) == 3 and args[1:] == ["from", "discard"]:
        return Move("foresee", seat, find(s, args[0], ("resource_discard",)), "played.0")
    if verb not in CARD_VERBS:
        raise NotationError(f"unknown verb {verb!r} in {text!r}; known: {', '.join(VERBS)}")
    if len(args) != 1:
        raise NotationError(f"expected one card name in {text!r}")
    kind, zones, target = CARD_VERBS[verb]
    return Move(kind, seat, find(s, args[0], zones), target)


class SoloNotation(Notation):
    """The game's notation (the table above), for saves, scenario files and the log."""

    format_move = staticmethod(format_move)
    parse_move = staticmethod(parse_move)
