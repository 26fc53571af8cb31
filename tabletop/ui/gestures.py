"""How a game's moves are made with the pointer: its *gestures*, part of its UI kit.

The engine knows no pointer: the rules list moves and :class:`~tabletop.engine.
presentation.GameText` words them; a game's :class:`Gestures` (``ui/<game>/gestures.py``)
says which moves are made by dragging a card, which from a card's menu and which with a
button, which cards carry a dragged move and where it lands, and what a drop off every
lit target meant (so the refusal can name the rule it breaks). The defaults suit a game
played with buttons only.
"""

from __future__ import annotations

from typing import Any

from ..engine.game import Game
from ..engine.moves import Move
from ..engine.presentation import GameText
from ..engine.rules import Rules
from ..engine.state import State


class Gestures:
    """A game's pointer gestures (buttons only, by default)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def text(self) -> GameText:
        return self.game.text

    def gesture(self, move: Move) -> str:
        """``drag`` (card onto target), ``menu`` (click a card, pick) or ``button``."""
        return "button"

    def carriers(self, move: Move) -> tuple:
        """The cards a player may drag to make a ``drag`` move: its own card, and for a
        move made of several cards (a card played with a partner) those too, so that
        dropping either means the move (the table asks which when several do)."""
        return (move.card,)

    def landing(self, move: Move) -> Any:
        """Where a ``drag`` move is dropped: its target (a card or a zone name); a game
        whose move has no target says what the card is dropped on instead."""
        return move.target

    def move_for_drop(self, state: State, seat: int, card: int,
                      target: int | str | None) -> Move | None:
        """The move a player means by dropping ``card`` on ``target`` (a card, a zone's
        name, or None for the bare table), legal or not.

        The table calls it only for a drop that is *not* on a lit target, to say why
        nothing happened: return the move the player most likely meant *with the drop's
        own target*, so that the game's ``explain`` can name the rule it breaks (wrong
        place, wrong time, wrong card). A game should answer for every card its players
        may pick up and every place (``tests/test_table_drops.py`` drags each card to
        each)."""
        return None

    def refuse_drop(self, state: State, seat: int, card: int,
                    target: int | str | None) -> str:
        """The table's message for a drop that is not on a lit target: the rule the
        move the player meant would break (:meth:`move_for_drop` + ``explain``)."""
        intent = self.move_for_drop(state, seat, card, target)
        if intent is not None and (state.over or not self.rules.is_legal(state, intent)):
            return self.text.explain(state, intent)
        # a game that gives no reading of this drop: say what the card may do now
        name = state.name(card) if card is not None and card >= 0 else "That card"
        return f"{name} cannot go there: {self.text.status(state, state.actor)}"
