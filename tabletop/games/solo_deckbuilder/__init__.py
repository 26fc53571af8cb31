"""Solo Deck-Builder: one player against the city (rules: docs/rulings.md, cards:
cards/solo-deckbuilder/)."""

from .rules import SoloGame

GAME = SoloGame()

__all__ = ["GAME", "SoloGame"]
