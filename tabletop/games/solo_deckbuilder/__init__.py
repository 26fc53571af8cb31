"""Solo Deck-Builder: one player against the city (rules: docs/rulings.md, cards:
cards/solo-deckbuilder/).

The registry record wires the rules core to its words, scenario positions, computer
player, sample save and bench line; the rules never import the computer player.
"""

from functools import partial

from ...engine.game import Game, SampleSave
from . import features
from .ai import SoloAI, bench_lines
from .notation import SoloNotation
from .positions import SoloPositions
from .rules import SoloRules
from .text import SoloText

RULES = SoloRules()

GAME = Game(
    rules=RULES,
    text=SoloText(RULES),
    notation=SoloNotation(RULES),
    positions=SoloPositions(RULES),
    player=SoloAI,
    search_rate=1850,  # iterations/s, quiet (tabletop bench, 2026-11-27)
    features=(features.NAMES, features.features),
    holdings=("deck", "hand", "played", "discard"),
    samples=(SampleSave("solo-deckbuilder-sample.json", {"superhero": "random"}, 2026, 60),),
    bench=partial(bench_lines, RULES),
)

__all__ = ["GAME", "RULES", "SoloRules"]
