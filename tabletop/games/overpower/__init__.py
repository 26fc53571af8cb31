"""OverPower: teams of four characters fight a series of battles over their missions
(rules: docs/rulings.md, cards: cards/overpower/).

The registry record wires the rules core to its words, scenario positions, computer
player, sample save and bench lines (rules help: help.md); the rules never import the
computer player.
"""

from ...engine.game import Game, SampleSave
from . import features
from .ai import OverPowerAI, bench
from .notation import OverPowerNotation
from .positions import OverPowerPositions
from .rules import OverPowerRules
from .text import OverPowerText

RULES = OverPowerRules()

GAME = Game(
    rules=RULES,
    text=OverPowerText(RULES),
    notation=OverPowerNotation(RULES),
    positions=OverPowerPositions(RULES),
    player=OverPowerAI,
    search_rate=620,  # iterations/s, quiet (tabletop bench, 2026-11-27)
    features=(features.NAMES, features.features),
    holdings=("hand", "draw", "front", "reserve", "placed"),
    samples=(SampleSave("overpower-sample.json", {"team_p1": "tidewatch",
                                                  "team_p2": "scrapline"}, 13, 120),
             # the ready-made Location decks (issue 14): a Home Base against a Battlesite
             SampleSave("overpower-locations.json", {"team_p1": "tidewatch-gull-point",
                                                     "team_p2": "quarryfolk-breakwater"},
                        4, 120)),
    bench=lambda quick: bench(quick, RULES),
)

__all__ = ["GAME", "RULES", "OverPowerRules"]
