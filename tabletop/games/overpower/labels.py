"""The labels a player reads for OverPower's moves (buttons, menus, the hint): card names,
never the notation's copy numbers (``Energy 4#2``). Where two copies of a card would
give the same label and it matters which one (one in the hand, one Placed; one in the
Power Pack, one in the Dead Pile), the label says where the card is; a hit to remove is
always named with where it is (this battle's, or the Permanent Record)."""

from __future__ import annotations

import re

from ...engine.moves import Move
from .common import DEAD, HAND, HITS, PACK, PLACED, TYPES
from .state import OPState

#: the words for where a card is, when a copy of it is somewhere else
WHERE = {"hand": "from your hand", "placed": "Placed", "pack": "from the Power Pack",
         "dead": "from the Dead Pile"}


#: a quoted card name in the notation, with its copy number if it has one
_QUOTED = re.compile(r'"([^"#]*)(?:#\d+)?"')


def plain(notation: str) -> str:
    """A move's notation without quotes or copy numbers (for a kind without a label of
    its own)."""
    return _QUOTED.sub(r"\1", notation).replace(" > ", " \u2192 ")


def _twin(s: OPState, card: int, zones, on: int | None) -> bool:
    """Another card of the same name is in one of ``zones`` (where the move could also
    have taken it from; with ``on``, only those on that character)."""
    name = s.name(card)
    return any(c != card and c >= 0 and s.name(c) == name and
               (on is None or s.attached.get(c) == on) for z in zones for c in s.zones[z])


def named(s: OPState, card: int, zones, on: int | None = None) -> str:
    """``card``'s name, with where it is when a copy of it is in another of ``zones``."""
    if card < 0 or not _twin(s, card, zones, on):
        return s.name(card)
    where = s.where(card)
    word = WHERE.get(where.split(".")[0]) if where else None
    return f"{s.name(card)} ({word})" if word else s.name(card)


def own(seat: int) -> tuple[str, str]:
    """Where a player's cards for an action come from: the hand or a Placed slot."""
    return HAND[seat], PLACED[seat]


def action_label(s: OPState, m: Move) -> str:
    """An attack, a Special, a follow-up or a defence: its cards, who plays it, at whom."""
    mine = own(m.seat)
    if m.kind == "defend":
        partner, mate = m.choice
        text = named(s, m.card, mine) + (f" + {named(s, partner, mine)}" if partner >= 0
                                         else "")
        return text + (f" (from {s.name(mate)})" if mate >= 0 else "") + \
            f" by {s.name(m.target)}"
    actor, partner, extra = m.choice
    text = named(s, m.card, mine)
    if m.kind == "doubleshot":
        text += f" + {named(s, partner, mine)} from {s.name(extra)}"
    elif partner >= 0:
        text += f" + {named(s, partner, mine)}"
    if m.kind != "doubleshot" and extra >= 0 and len(s.info[m.card].types) != 1:
        text += f" as {TYPES[extra]}"
    text += f" by {s.name(actor)}"
    return text + (f" \u2192 {s.name(m.target)}" if m.target is not None else "")


def choice_label(s: OPState, m: Move) -> str | None:
    """The label of a move an effect or a phase asks for (None: not one of them)."""
    seat = m.seat
    if m.kind == "reserve":
        return f"Put {s.name(m.card)} in Reserve"
    if m.kind == "place":
        return f"Place {s.name(m.card)} on {s.name(m.target)}"
    if m.kind == "strip":
        return f"Remove {s.name(m.card)}, Placed on {s.name(m.target)}"
    if m.kind == "heal":  # where the hit is, always (this battle's counts for the venture)
        if m.card in s.zones[HITS[seat]]:
            return f"Remove {s.name(m.card)}, this battle's hit on {s.name(m.target)}"
        return f"Remove {s.name(m.card)} from {s.name(m.target)}'s Permanent Record"
    if m.kind == "fetch":
        return f"Take {named(s, m.card, (PACK[seat], DEAD[seat]))}"
    if m.kind in ("keep", "lose"):
        verb = "Keep" if m.kind == "keep" else "Give up"
        return f"{verb} {s.name(m.card)}" if m.card is not None else verb
    if m.kind == "event":
        return f"Play {s.name(m.card)}"
    return None
