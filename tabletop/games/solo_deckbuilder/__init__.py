"""Solo Deck-Builder: one player against the city (rules: docs/rulings.md, cards:
cards/solo-deckbuilder/)."""

from ...engine.legacy import wrap
from .rules import SoloGame

GAME = wrap(SoloGame())

__all__ = ["GAME", "SoloGame"]
