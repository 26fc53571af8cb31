"""Power Play: the co-operative villain game (rules: docs/rulings.md, cards:
cards/power-play/).

The registry record wires the rules core to its words, scenario positions, computer
heroes, sample save and bench line; the rules never import the computer player.
"""

from ...engine.game import Game, SampleSave
from . import features
from .ai import PowerPlayAI, bench_line
from .notation import PowerPlayNotation
from .positions import PowerPlayPositions
from .rules import PowerPlayRules
from .text import PowerPlayText

RULES = PowerPlayRules()


def bench(quick: bool) -> list[str]:
    """``tabletop bench``: the computer heroes' speed and results."""
    return [bench_line(RULES, 10 if quick else 40)]


GAME = Game(
    rules=RULES,
    text=PowerPlayText(RULES),
    notation=PowerPlayNotation(RULES),
    positions=PowerPlayPositions(RULES),
    player=PowerPlayAI,
    rollout_view="own",
    rollout_player=lambda: PowerPlayAI(guess=3),
    # iterations/s, quiet: 720 in tabletop bench (2026-11-27) with world-view rollouts;
    # own-view rollouts (guessing heroes) make 0.44x the iterations a CPU second of the
    # world view on the same 24 positions (measured in one run, 2026-11-28)
    search_rate=315,
    features=(features.NAMES, features.features),
    holdings=("hand", "bonus"),
    samples=(SampleSave("power-play-sample.json", {"players": 3}, 2026, 45),),
    bench=bench,
)

__all__ = ["GAME", "RULES", "PowerPlayRules"]
