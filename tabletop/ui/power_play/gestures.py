"""Power Play's pointer gestures: powers are dragged into the defence (Bonus powers too);
everything else is a button."""

from __future__ import annotations

from ...engine.moves import Move
from ...games.power_play.state import PPState
from ..gestures import Gestures


class PowerPlayGestures(Gestures):
    def gesture(self, move: Move) -> str:
        return "drag" if move.kind in ("play", "bonus") else "button"

    def move_for_drop(self, s: PPState, seat: int, card: int,
                      target: int | str | None) -> Move | None:
        if card is None or card < 0:
            return None
        if target in s.zones["defence"] or target == "defence":
            target = "defence"
        where = s.where(card)
        if where == f"bonus.{seat}":
            return Move("bonus", seat, card, target)
        if where in (f"hand.{seat}", f"badnews.{seat}"):
            return Move("play", seat, card, target)
        return None
