"""Power Play: the co-operative villain game (rules: docs/rulings.md, cards:
cards/power-play/)."""

from ...engine.legacy import wrap
from .rules import PowerPlayGame

GAME = wrap(PowerPlayGame())

__all__ = ["PowerPlayGame", "GAME"]
