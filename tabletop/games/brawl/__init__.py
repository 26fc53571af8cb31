"""Brawl: a duel of superpowered teams (rules: docs/rulings.md, cards: cards/brawl/)."""

from .rules import BrawlGame

GAME = BrawlGame()

__all__ = ["BrawlGame", "GAME"]
