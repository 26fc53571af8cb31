"""Power Play: the co-operative villain game (rules: docs/rulings.md, cards:
cards/power-play/)."""

from .rules import PowerPlayGame

GAME = PowerPlayGame()

__all__ = ["PowerPlayGame", "GAME"]
