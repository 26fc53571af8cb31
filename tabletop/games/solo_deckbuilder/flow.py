"""The Solo Deck-Builder's steps and decisions on the shared turn model (registered by
:mod:`.turn`, :mod:`.reactions` and :mod:`.securing`), and the end of the game."""

from __future__ import annotations

from ...engine.flow import Flow, finish
from .state import SoloState

FLOW = Flow("solo-deckbuilder")


def game_over(s: SoloState, won: bool, text: str) -> None:
    """The game ends: ``text`` says why (the result line and the last log line)."""
    finish(s, (0,) if won else ())
    s.result = text
    s.say(text)
