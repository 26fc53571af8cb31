"""OverPower move notation (the game log, saves and scenario files all use it).

==================================================================  ==========================
``P1 reserve "Char"``                                              set-up: the Reserve
``P1 event "Event"``                                               which Event to play
``P1 keep "Card"``                                                 which duplicate to keep
``P1 place "Card" > "Char"`` / ``P1 done``                         placing
``P1 venture 2 1`` / ``P2 penalty 1``                              from Reserve, Completed;
                                                                   penalty cards drawn
``P1 fight`` / ``P1 concede`` / ``P1 pass``                        before and in the fight
``P1 attack "Power" [+ "Universe"] [as type] by "Char" > "Foe"``   a Power card attack
``P1 teamwork|ally "Card" by "Char" > "Foe"``                      Teamwork, Ally
``P1 follow "Power" as type by "Char" > "Foe"`` / ``P1 finish``     Teamwork follow-ups
``P1 doubleshot "Card" + "Power" from "Mate" by "Char" > "Foe"``   a Doubleshot
``P1 special "Card" [+ "Power"] [as type] by "Char" [> "Foe"]``    a Special
``P1 activate "Activator" + "Special" [as type] by "Char" [> "Foe"]``  an Activator (its Special
                                                                   from beneath the Battlesite)
``P1 artifact "Artifact" by "Char" > "Teammate"``                    an Artifact onto its bearer
``P2 defend "Card" [+ "Card" [from "Mate"]] by "Char"`` / ``take``  a Defensive Action
``P1 stop``                                                        no more extra attacks
``P1 name type``, ``P2 lose "Card"``, ``P1 strip "Card" > "Char"``,  choices effects ask for
``P1 fetch "Card"``, ``P1 heal "Hit" > "Char"``
==================================================================  ==========================

Names are card names in double quotes; a second copy in the same place is ``"Name#2"``.
"""

from __future__ import annotations

from ...engine.moves import (
    Move,
    MoveText,
    NotationError,
    card_ref,
    find_card,
    read_move,
    seat_label,
)
from ...engine.notation import Notation
from .common import NO_TYPE, TYPE_INDEX, TYPES
from .state import OPState

SIMPLE = ("pass", "concede", "fight", "done", "stop", "finish", "take")
ACTIONS = ("attack", "teamwork", "ally", "doubleshot", "special", "follow", "activate",
           "artifact")
#: what a move may name as its actor or target: characters, Battlesites, Home Bases (and,
#: last, KO'd ones: such a move is read, then refused with the rule)
CHARS = ("front.0", "reserve.0", "front.1", "reserve.1", "site.0", "site.1", "base.0",
         "base.1", "defeated.0", "defeated.1")


def own(seat: int) -> list[str]:
    """Where a player's cards for a move are: the hand, Placed cards, and (for an
    Activator's Special) beneath the Battlesite."""
    return [f"hand.{seat}", f"placed.{seat}", f"beneath.{seat}"]


def _char(s: OPState, c: int) -> str:
    return card_ref(s, c, CHARS)


def _action(s: OPState, m: Move) -> str:
    actor, partner, extra = m.choice
    mine = own(m.seat)
    text = f"{seat_label(m.seat)} {m.kind} {card_ref(s, m.card, mine)}"
    if m.kind == "doubleshot":
        text += f" + {card_ref(s, partner, mine)} from {_char(s, extra)}"
    else:
        if partner >= 0:
            text += f" + {card_ref(s, partner, mine)}"
        if extra != NO_TYPE:
            text += f" as {TYPES[extra]}"
    text += f" by {_char(s, actor)}"
    if m.target is not None:
        text += f" > {_char(s, m.target)}"
    return text


def _defend(s: OPState, m: Move) -> str:
    partner, mate = m.choice
    mine = own(m.seat)
    text = f"{seat_label(m.seat)} defend {card_ref(s, m.card, mine)}"
    if partner >= 0:
        text += f" + {card_ref(s, partner, mine)}"
    if mate >= 0:
        text += f" from {_char(s, mate)}"
    return text + f" by {_char(s, m.target)}"


FORMATS = {
    "reserve": lambda s, m, p: f"{p} reserve {card_ref(s, m.card, [f'front.{m.seat}'])}",
    "event": lambda s, m, p: f"{p} event {card_ref(s, m.card, [f'hand.{m.seat}'])}",
    "keep": lambda s, m, p: f"{p} keep" + ("" if m.card is None else
                                          f" {card_ref(s, m.card, [f'hand.{m.seat}'])}"),
    "place": lambda s, m, p: f"{p} place {card_ref(s, m.card, [f'hand.{m.seat}'])} > "
                             f"{_char(s, m.target)}",
    "venture": lambda s, m, p: f"{p} venture {m.target} {m.choice}",
    "penalty": lambda s, m, p: f"{p} penalty {m.choice}",
    "name": lambda s, m, p: f"{p} name {m.choice}",
    "lose": lambda s, m, p: f"{p} lose {card_ref(s, m.card, [f'hand.{m.seat}'])}",
    "strip": lambda s, m, p: f"{p} strip {card_ref(s, m.card, ['placed.0', 'placed.1'])} > "
                             f"{_char(s, m.target)}",
    "fetch": lambda s, m, p: f"{p} fetch "
                             f"{card_ref(s, m.card, [f'pack.{m.seat}', f'dead.{m.seat}'])}",
    "heal": lambda s, m, p: f"{p} heal "
                            f"{card_ref(s, m.card, [f'record.{m.seat}', f'hits.{m.seat}'])} > "
                            f"{_char(s, m.target)}",
    "defend": lambda s, m, p: _defend(s, m),
}


def format_move(s: OPState, m: Move) -> str:
    if m.kind in SIMPLE:
        return f"{seat_label(m.seat)} {m.kind}"
    if m.kind in ACTIONS:
        return _action(s, m)
    fmt = FORMATS.get(m.kind)
    if fmt is None:
        raise NotationError(f"unknown move kind {m.kind!r}")
    return fmt(s, m, seat_label(m.seat))


# -- reading -------------------------------------------------------------------------------------
def _words(mt: MoveText) -> dict[str, str]:
    """``"Lead" + "Partner" from "Mate" as type by "Char"`` -> {lead, +, from, as, by}."""
    if not mt.args:
        raise NotationError(f"expected a card name in {mt.text!r}")
    out = {"lead": mt.args[0]}
    rest = mt.args[1:]
    if len(rest) % 2:
        raise NotationError(f"cannot read {mt.text!r}")
    for key, value in zip(rest[::2], rest[1::2], strict=True):
        if key not in ("+", "from", "as", "by"):
            raise NotationError(f"unexpected {key!r} in {mt.text!r}")
        out[key] = value
    return out


def _type(word: str | None) -> int:
    if word is None:
        return NO_TYPE
    if word.lower() not in TYPE_INDEX:
        raise NotationError(f"unknown type {word!r} (expected {', '.join(TYPES)})")
    return TYPE_INDEX[word.lower()]


def _parse_action(s: OPState, mt: MoveText) -> Move:
    w = _words(mt)
    if "by" not in w:
        raise NotationError(f"say who plays it: ... by \"Character\" in {mt.text!r}")
    mine = own(mt.seat)
    lead = find_card(s, w["lead"], mine)
    actor = find_card(s, w["by"], CHARS)
    partner = find_card(s, w["+"], mine) if "+" in w else -1
    target = find_card(s, mt.target, CHARS) if mt.target else None
    if mt.verb == "doubleshot":
        extra = find_card(s, w["from"], CHARS) if "from" in w else -1
    else:
        extra = _type(w.get("as"))
    return Move(mt.verb, mt.seat, lead, target, (actor, partner, extra))


def _parse_defend(s: OPState, mt: MoveText) -> Move:
    w = _words(mt)
    mine = own(mt.seat)
    lead = find_card(s, w["lead"], mine)
    partner = find_card(s, w["+"], mine) if "+" in w else -1
    mate = find_card(s, w["from"], CHARS) if "from" in w else -1
    if "by" not in w:
        raise NotationError(f"say who defends: ... by \"Character\" in {mt.text!r}")
    return Move("defend", mt.seat, lead, find_card(s, w["by"], CHARS), (partner, mate))


def _one(s: OPState, mt: MoveText, zones) -> int:
    mt.need(1)
    return find_card(s, mt.args[0], zones)


def _numbers(mt: MoveText, n: int) -> list[int]:
    mt.need(n)
    if not all(a.isdigit() for a in mt.args):
        raise NotationError(f"expected numbers in {mt.text!r}")
    return [int(a) for a in mt.args]


def _target(s: OPState, mt: MoveText) -> int:
    if mt.target is None:
        raise NotationError(f"{mt.verb} needs a character: ... > \"Character\"")
    return find_card(s, mt.target, CHARS)


READERS = {
    "reserve": lambda s, mt: Move("reserve", mt.seat, _one(s, mt, [f"front.{mt.seat}"]),
                                  f"reserve.{mt.seat}"),
    "event": lambda s, mt: Move("event", mt.seat, _one(s, mt, [f"hand.{mt.seat}"])),
    "keep": lambda s, mt: Move("keep", mt.seat, _one(s, mt, [f"hand.{mt.seat}"]))
    if mt.args else Move("keep", mt.seat),
    "place": lambda s, mt: Move("place", mt.seat, _one(s, mt, [f"hand.{mt.seat}"]),
                                _target(s, mt)),
    "venture": lambda s, mt: Move("venture", mt.seat, None, *_numbers(mt, 2)),
    "penalty": lambda s, mt: Move("penalty", mt.seat, choice=_numbers(mt, 1)[0]),
    "name": lambda s, mt: Move("name", mt.seat, choice=TYPES[_type(mt.args[0])])
    if len(mt.args) == 1 else mt.need(1),
    "lose": lambda s, mt: Move("lose", mt.seat, _one(s, mt, [f"hand.{mt.seat}"])),
    "strip": lambda s, mt: Move("strip", mt.seat, _one(s, mt, ["placed.0", "placed.1"]),
                                _target(s, mt)),
    "fetch": lambda s, mt: Move("fetch", mt.seat,
                                _one(s, mt, [f"pack.{mt.seat}", f"dead.{mt.seat}"])),
    "heal": lambda s, mt: Move("heal", mt.seat,
                               _one(s, mt, [f"record.{mt.seat}", f"hits.{mt.seat}"]),
                               _target(s, mt)),
    "defend": _parse_defend,
}


def parse_move(s: OPState, text: str) -> Move:
    mt = read_move(text, s.seats)
    if mt.verb in SIMPLE:
        mt.need(0)
        return Move(mt.verb, mt.seat)
    if mt.verb in ACTIONS:
        return _parse_action(s, mt)
    reader = READERS.get(mt.verb)
    if reader is None:
        raise NotationError(f"unknown verb {mt.verb!r} in {text!r}")
    return reader(s, mt)


class OverPowerNotation(Notation):
    """The game's notation (the table above), for saves, scenario files and the log."""

    format_move = staticmethod(format_move)
    parse_move = staticmethod(parse_move)
    hidden_kinds = frozenset({"keep", "reserve"})
    hidden_note = "hidden until both have chosen"
