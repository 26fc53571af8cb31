"""What the table shows: a session as the seat in front of the screen may see it.

The model is the table's one way into a game. It knows whose seats are people's, which
of them sits in front of the screen (``viewer``), whether the screen is being passed to
the next person (``handover_to``, with the hands hidden meanwhile), and it makes a
:class:`TableSnapshot` for a frame to draw from: that seat's view of the state and its
legal moves, as of one position (``changes``). Moves, undo and redo go through it, so
that a table showing a session it does not own (a game on a server) needs only another
model with the same members. It draws nothing and imports no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.moves import Move
from ...engine.session import Session
from ...engine.state import State


@dataclass(frozen=True)
class TableSnapshot:
    """One position as the table shows it: the seat's ``view`` (the whole state for no
    seat: hands shown, or a hand-over), its ``legal`` moves (none unless the viewer is a
    person who must act now), and who sits, acts and is handed the screen."""

    changes: int
    view: State | None
    legal: list[Move]
    viewer: int | None
    handover_to: int | None
    actor: int | None
    over: bool


class TableModel:
    """A local session at one screen (see the module docstring)."""

    #: a game held elsewhere (:class:`~.remote.RemoteTableModel`)?
    remote = False
    #: a move sent and not yet answered (only a remote game has one)
    pending: Move | None = None

    def __init__(self, session: Session, hide_hands: bool = True) -> None:
        self.session = session
        self.game = session.game
        #: hands are hidden between people at one screen (when the game hides anything)
        self.hide_hands = hide_hands and session.game.rules.hidden_information(
            session.options)
        self.humans = [i for i, seat in enumerate(session.seats) if seat.kind == "human"]
        self.viewer: int | None = self.humans[0] if self.humans else None
        self.handover_to: int | None = None
        if len(self.humans) > 1 and self.hide_hands and self.state.actor in self.humans:
            self.handover_to = self.state.actor
            self.viewer = None

    # -- the position --------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.session.state

    @property
    def changes(self) -> int:
        """Counts the session's changes (a move, an undo, a redo, new cards)."""
        return self.session.changes

    def snapshot(self) -> TableSnapshot:
        """The position now, for the person in front of the screen: whose turn brings a
        hand-over first (hands hidden between people), which seat's view is drawn, and
        the legal moves when that person must act."""
        s = self.state
        actor = s.actor
        if not s.over:
            desired = actor if actor in self.humans else self.viewer
            if desired is None and self.humans and actor not in self.humans:
                desired = self.viewer
            if desired is not None and desired != self.viewer and self.handover_to is None:
                if self.hide_hands and len(self.humans) > 1 and self.viewer is not None:
                    self.handover_to = desired
                    self.viewer = None
                else:
                    self.viewer = desired
        shown_seat = self.viewer if self.hide_hands or len(self.humans) < 2 else None
        if not self.hide_hands and len(self.humans) > 1:
            shown_seat = actor if actor in self.humans else self.viewer
        view = self.game.rules.view(s, shown_seat if self.handover_to is None else None)
        legal: list[Move] = []
        if not s.over and actor is not None and actor == self.viewer and \
                actor in self.humans and self.handover_to is None:
            legal = self.game.rules.legal_moves(s)
        return TableSnapshot(self.changes, view, legal, self.viewer, self.handover_to,
                             actor, s.over)

    def take_seat(self) -> None:
        """The person the screen was passed to sits down: their cards show."""
        self.viewer = self.handover_to
        self.handover_to = None

    # -- what the table sends --------------------------------------------------------------
    def play(self, move: Move, note: str | None = None) -> None:
        """Play ``move`` (the rules check it; :class:`~tabletop.engine.moves.IllegalMove`
        says why not)."""
        self.session.play(move, note=note)

    def undo(self, people_only: bool) -> bool:
        """Take back the last move (``people_only``: back to the last person's move, past
        the computers' after it). False when nothing could be taken back."""
        return self.session.undo(self.humans if people_only else None)

    def redo(self, people_only: bool) -> bool:
        return self.session.redo(self.humans if people_only else None)

    def receive(self) -> bool:
        """What came from elsewhere since the last frame: nothing, at one screen (a
        remote model reads its server here); True when the position changed."""
        return False

    def close(self) -> None:
        """Leaving the table (a remote model closes its connection)."""

    def can_undo(self) -> bool:
        return self.session.can_undo()

    def can_redo(self) -> bool:
        return self.session.can_redo()
