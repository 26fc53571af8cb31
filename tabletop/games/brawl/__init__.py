"""Brawl: a duel of superpowered teams (rules: docs/rulings.md, cards: cards/brawl/).

The registry record wires the rules core to its words, scenario positions, computer
player, sample saves and bench line; the rules never import the computer player.
"""

from ...engine.game import Game, SampleSave
from . import features
from .ai import BrawlAI
from .notation import BrawlNotation
from .positions import BrawlPositions
from .rules import BrawlRules
from .text import BrawlText

RULES = BrawlRules()

GAME = Game(
    rules=RULES,
    text=BrawlText(RULES),
    notation=BrawlNotation(RULES),
    positions=BrawlPositions(RULES),
    player=BrawlAI,
    search_rate=400,  # iterations/s, quiet (tabletop bench, 2026-11-27)
    # each simulated player on its own view, the rollout's end scored on each seat's
    # view: no value rests on another seat's hidden cards, and no weaker (deals 0-49 at
    # Normal: 36 of 50 against the world view's 33, +0.060, -0.043 to +0.163;
    # docs/computer-players.md), at about a tenth fewer iterations a decision
    rollout_view="own",
    features=(features.NAMES, features.features),
    holdings=("hand", "play", "deck"),
    samples=(SampleSave("brawl-sample.json", {"more_actions": True, "maybe_help": True},
                        2026, 90),
             SampleSave("brawl-three-way.json", {"three_way": True, "more_actions": True},
                        7, 70)),
)

__all__ = ["GAME", "RULES", "BrawlRules"]
