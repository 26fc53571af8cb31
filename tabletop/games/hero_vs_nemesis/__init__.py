"""Hero vs Nemesis: a superhero and the nemesis they made, on one standard deck
(rules: docs/rulings.md; cards: cards/standard-deck/ and cards/hero-vs-nemesis/)."""

from ...engine.legacy import wrap
from .rules import HeroVsNemesisGame

GAME = wrap(HeroVsNemesisGame())

__all__ = ["HeroVsNemesisGame", "GAME"]
