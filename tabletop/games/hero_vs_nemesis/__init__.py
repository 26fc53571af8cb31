"""Hero vs Nemesis: a superhero and the nemesis they made, on one standard deck
(rules: docs/rulings.md; cards: cards/standard-deck/ and cards/hero-vs-nemesis/).

The registry record wires the rules core to its words, scenario positions, computer
player, sample save and bench line; the rules never import the computer player.
"""

from functools import partial

from ...engine.game import Game, SampleSave
from . import features
from .ai import HvNPlayer, bench_lines
from .notation import HvNNotation
from .positions import HvNPositions
from .rules import HvNRules
from .text import HvNText

RULES = HvNRules()

GAME = Game(
    rules=RULES,
    text=HvNText(RULES),
    notation=HvNNotation(RULES),
    positions=HvNPositions(RULES),
    player=HvNPlayer,
    search_rate=560,  # iterations/s, quiet (tabletop bench, 2026-11-27)
    features=(features.NAMES, features.features),
    holdings=("hand",),
    samples=(SampleSave("hero-vs-nemesis-sample.json", {}, 2026, 40),),
    bench=partial(bench_lines, RULES),
)

__all__ = ["GAME", "RULES", "HvNRules"]
