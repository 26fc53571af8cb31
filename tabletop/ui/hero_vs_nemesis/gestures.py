"""Hero vs Nemesis's pointer gestures: cards are dragged onto conflicts, schemes, the
showdown and the piles; everything else is a button. A drop means a move by the pile the
card came from."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.moves import Move
from ...games.hero_vs_nemesis.notation import SETUP
from ...games.hero_vs_nemesis.state import HERO, NEMESIS, HvNState
from ..gestures import Gestures

#: the moves made by dragging a card
DRAG_KINDS = frozenset({"ace", "king", "resource", "counter", "switch", "hinder", "help",
                        "scavenge", "plot", "stake", "answer", "return"})


class HvNGestures(Gestures):
    def gesture(self, move: Move) -> str:
        """Cards are dragged; everything else is a button."""
        return "drag" if move.kind in DRAG_KINDS else "button"

    def move_for_drop(self, s: HvNState, seat: int, card: int,
                      target: int | str) -> Move | None:
        if card is None or card < 0:
            return None
        if isinstance(target, int) and target in s.attached:
            # a drop on a card played onto a conflict or scheme means that conflict/scheme
            on = s.attached[target]
            if s.role.get(target) in ("counter", "help") and seat == NEMESIS:
                return Move("help", seat, card, on)
            target = on
        drop = _DROPS.get(s.where(card))
        return drop(s, seat, card, target) if drop is not None else None


# -- what a drop means, by the pile the card came from -------------------------------------------
Drop = Callable[[HvNState, int, int, "int | str"], "Move | None"]


def _from_offer(s: HvNState, seat: int, card: int, target) -> Move:
    return Move(s.phase if s.phase in SETUP else "ace", seat, card, target)


def _from_hero_hand(s: HvNState, seat: int, card: int, target) -> Move | None:
    if seat != HERO:
        return None
    if target == "deck":
        return Move("switch", HERO, card, target)
    if target == "showdown" or s.phase == "answer":
        return Move("answer", HERO, card, target)
    return Move("counter", HERO, card, target)


def _from_nemesis(s: HvNState, seat: int, card: int, target) -> Move | None:
    if seat != NEMESIS:
        return None
    if target == "showdown" or s.phase == "stake":
        return Move("stake", NEMESIS, card, target)
    if isinstance(target, int) and target in s.zones["schemes"] or s.phase == "plot":
        return Move("plot", NEMESIS, card, target)
    return Move("hinder", NEMESIS, card, target)


_DROPS: dict[str | None, Drop] = {
    "offer.0": _from_offer,
    "offer.1": _from_offer,
    "aside": lambda s, seat, card, target: Move("scavenge", seat, card, target),
    "spent": lambda s, seat, card, target: Move("return", seat, card, target),
    "hand.0": _from_hero_hand,
    "hand.1": _from_nemesis,
    "support.1": _from_nemesis,
}
