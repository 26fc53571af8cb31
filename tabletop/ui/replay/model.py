"""What the replay's table shows: one position of a kept game, as one seat saw it.

The positions are the session's own: a save is replayed through the engine when it is
opened (:mod:`.opening`), which keeps the state after every move. The table reads a
*cut* of that session, the game as it stood after ``index`` moves (its states and moves
up to there, the same objects), so the table's parts (the layout, the panel, the log)
work as at a game being played. Nothing here plays a move: :meth:`ReplayModel.play`
refuses, and the snapshot offers none. Imports no pygame.
"""

from __future__ import annotations

import copy
import itertools

from ...engine.moves import IllegalMove, Move
from ...engine.session import Session
from ...engine.state import State
from ..table.model import TableSnapshot

#: each cut of a session gets its own count of changes (the table's "position shown")
_CHANGES = itertools.count(1)


def cut_session(full: Session, index: int) -> Session:
    """``full`` as it stood after its first ``index`` moves (sharing its states)."""
    cut = copy.copy(full)
    cut.states = full.states[:index + 1]
    cut.moves = full.moves[:index]
    cut.notations = full.notations[:index]
    cut.notes = {k: v for k, v in full.notes.items() if k <= index}
    cut.listeners = []
    cut.redo_stack = []
    cut.settings = dict(full.settings)
    cut.barrier = index
    cut.changes = next(_CHANGES)
    return cut


class ReplayModel:
    """The replay's position (``index`` moves played) and whose view it is shown from
    (``seat``; None: every card face up, offered for a finished game only). The members
    the table reads of a :class:`~tabletop.ui.table.model.TableModel`."""

    remote = False
    pending: Move | None = None
    handover_to: int | None = None

    def __init__(self, full: Session, seat: int = 0) -> None:
        self.full = full
        self.game = full.game
        #: every seat counts as a person's: the panel says whose turn, never "thinking"
        self.humans = list(range(len(full.seats)))
        self.hide_hands = True
        self.seat: int | None = seat
        self.index = len(full.moves)
        self.session = cut_session(full, self.index)

    # -- what can be shown -----------------------------------------------------------------
    @property
    def count(self) -> int:
        """The moves of the game (the last position is after them all)."""
        return len(self.full.moves)

    @property
    def finished(self) -> bool:
        """Is the game over (only then may every card be shown)?"""
        return self.full.state.over

    def go(self, index: int) -> bool:
        """Show the position after ``index`` moves (kept within the game); whether it
        changed."""
        index = max(0, min(self.count, index))
        if index == self.index:
            return False
        self.index = index
        self.session = cut_session(self.full, index)
        return True

    def show_seat(self, seat: int | None) -> bool:
        """Show the game from ``seat``'s view (None: all cards, a finished game only);
        whether it changed."""
        if seat is None and not self.finished:
            return False
        if seat is not None and not 0 <= seat < len(self.full.seats):
            return False
        if seat == self.seat:
            return False
        self.seat = seat
        self.session = cut_session(self.full, self.index)  # a new position to show
        return True

    # -- the table's model ----------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.session.state

    @property
    def viewer(self) -> int:
        """The seat at the bottom of the table (the one shown, or the first for all
        cards)."""
        return 0 if self.seat is None else self.seat

    @property
    def changes(self) -> int:
        return self.session.changes

    def view(self) -> State:
        """The position as the chosen seat saw it; for no seat, the whole state (every
        hand and pile: the engine's view for no seat would be a spectator's)."""
        if self.seat is None:
            whole = self.state.copy()
            whole.events = list(self.state.events)  # (a copy starts the next move's lines)
            return whole
        return self.game.rules.view(self.state, self.seat)

    def snapshot(self) -> TableSnapshot:
        s = self.state
        return TableSnapshot(self.changes, self.view(), [], self.viewer, None, s.actor, s.over)

    def take_seat(self) -> None:
        """(No hand-over in a replay.)"""

    def play(self, move: Move, note: str | None = None) -> None:
        raise IllegalMove("This is a replay: no move can be played.")

    def undo(self, people_only: bool) -> bool:
        return False

    def redo(self, people_only: bool) -> bool:
        return False

    def receive(self) -> bool:
        return False

    def close(self) -> None:
        """(Nothing to close.)"""

    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False
