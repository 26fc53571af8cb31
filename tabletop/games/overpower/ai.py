"""The OverPower computer player."""

from __future__ import annotations

from ...engine.moves import Move
from ...engine.rng import Rng


class OverPowerAI:
    name = "simple"

    def choose(self, rules, view, seat: int, rng: Rng) -> Move:
        return rng.choice(rules.legal_moves(view))
