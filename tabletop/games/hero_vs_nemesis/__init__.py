"""Hero vs Nemesis: a superhero and the nemesis they made, on one standard deck
(rules: docs/rulings.md; cards: cards/standard-deck/ and cards/hero-vs-nemesis/)."""

from .rules import HeroVsNemesisGame

GAME = HeroVsNemesisGame()

__all__ = ["HeroVsNemesisGame", "GAME"]
