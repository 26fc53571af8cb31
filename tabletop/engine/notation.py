"""A game's notation: the one line per move that saves, scenario files and the log hold.

It is apart from the game's words (:class:`~.presentation.GameText`: refusals, labels,
the status line), so rewording what players read never touches a save. It is versioned
with the rules: a change that would stop older saves' moves parsing raises the rules'
``version`` (:class:`~.rules.Rules`), and the notation reads ``state.ruleset`` to read an
older game's moves the older way, as the rules do. ``tests/test_saves_from_before.py``
replays saves written by earlier versions.
"""

from __future__ import annotations

from .moves import Move, seat_label
from .rules import Rules
from .state import State


class Notation:
    """How a game writes and reads its moves (``P1 attack "Tin Sentinel" > "Rust Widow"``).

    A game's notation module defines ``format_move(state, move)`` and ``parse_move(state,
    text)`` and its class takes them as they are (``format_move =
    staticmethod(format_move)``)."""

    #: the moves whose card the log shows only to the seat that made them, and what the
    #: others read instead (``P1 pick (face down)``)
    hidden_kinds: frozenset[str] = frozenset()
    hidden_note = "hidden"

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def format_move(self, state: State, move: Move) -> str:
        """``move`` (legal in ``state``) as one line."""
        raise NotImplementedError

    def parse_move(self, state: State, text: str) -> Move:
        """The move ``text`` names in ``state`` (:class:`~.moves.NotationError` if none)."""
        raise NotImplementedError

    def public_notation(self, state: State, move: Move, seat: int | None) -> str:
        """The log's line for ``move`` as ``seat`` may read it (a move of
        :attr:`hidden_kinds` by another seat masked)."""
        if move.kind in self.hidden_kinds and seat != move.seat:
            return f"{seat_label(move.seat)} {move.kind} ({self.hidden_note})"
        return self.format_move(state, move)
