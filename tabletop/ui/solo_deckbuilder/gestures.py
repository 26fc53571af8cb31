"""Solo Deck-Builder's pointer gestures: cards are played, bought and defeated by
dragging; everything else is a button."""

from __future__ import annotations

from ...engine.moves import Move
from ...games.solo_deckbuilder.state import SoloState
from ..gestures import Gestures


class SoloGestures(Gestures):
    def gesture(self, move: Move) -> str:
        return "drag" if move.kind in ("play", "buy", "defeat") else "button"

    def move_for_drop(self, s: SoloState, seat: int, card: int,
                      target: int | str | None) -> Move | None:
        if card is None or card < 0:
            return None
        z = s.zones
        home = next((name for name in ("hand.0", "row", "kicks", "battleground",
                                       "supervillain") if card in z[name]), None)
        if home is not None and (target == home or isinstance(target, int) and
                                 target in z[home]):
            return None  # dropped back where it came from: nothing meant
        if home is None or home == "hand.0":
            return Move("play", 0, card, target)  # the player's own cards
        if home in ("row", "kicks"):
            if target == "defeated" or target in z["battleground"]:
                return Move("defeat", 0, card, target)
            return Move("buy", 0, card, target)
        if target == "discard.0":
            return Move("buy", 0, card, target)
        return Move("defeat", 0, card, target)
