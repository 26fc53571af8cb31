"""OverPower's words and gestures."""

from __future__ import annotations

from ...engine.moves import Move
from ...engine.presentation import GameText
from . import notation
from .state import OPState


class OverPowerText(GameText):
    def format_move(self, s: OPState, m: Move) -> str:
        return notation.format_move(s, m)

    def parse_move(self, s: OPState, text: str) -> Move:
        return notation.parse_move(s, text)
