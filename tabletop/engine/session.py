"""A game in progress: the move log (the truth), undo/redo and the readable game log.

``states[0]`` is the state after set-up; ``states[i + 1]`` is the state after
``moves[i]``. Undo pops moves, redo re-applies them; because the random generator lives
in the state, replaying the same moves always gives the same game. A move that showed
someone hidden information (a draw, a card turned face up) sets a barrier that undo
cannot cross.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .cards import Catalog
from .game import Game
from .info import SeatConfig
from .moves import IllegalMove, Move, NotationError
from .state import State


@dataclass
class LogEntry:
    """One move of the game log (index 0 is the set-up) and the lines it produced."""

    index: int
    seat: int | None
    text: str
    lines: list[str] = field(default_factory=list)


class Session:
    #: the game is here (a table may also show one held by a server: ``remote`` there)
    remote = False

    def __init__(self, game: Game, catalog: Catalog, options: dict[str, Any] | None,
                 seed: int, seats: list[SeatConfig] | None = None,
                 initial: State | None = None, position: dict | None = None,
                 ruleset: int | None = None) -> None:
        """``position`` (a scenario position) sets up the table instead of a deal; it is
        kept so that saves of such a game replay from the same position. ``ruleset``: the
        version of the rules a saved game was played under (default: the latest)."""
        self.game = game
        self.catalog = catalog
        rules = game.rules
        self.options = rules.normalize_options(options)
        self.seed = seed
        count = rules.seat_count(self.options)
        self.seats = seats or [SeatConfig(f"Player {i + 1}") for i in range(count)]
        if len(self.seats) != count:
            raise ValueError(f"{game.info.title} with these options needs {count} seats, "
                             f"got {len(self.seats)}")
        self.position = position
        if initial is None and position is not None:
            if game.positions is None:
                raise ValueError(f"{game.info.title} cannot start from a position")
            initial = game.positions.build(catalog, self.options, seed, position)
        first = initial if initial is not None else rules.new_state(catalog, self.options, seed)
        self.ruleset = rules.version if ruleset is None else ruleset
        first.ruleset = None if self.ruleset >= rules.version else self.ruleset
        self.states: list[State] = [first]
        self.moves: list[Move] = []
        self.notations: list[str] = []
        self.redo_stack: list[Move] = []
        self.barrier = 0
        self.listeners: list[Callable[[Session], None]] = []
        self.notes: dict[int, str] = {}  # move index -> a line of narration
        #: table settings saved with the game (e.g. whether hands are hidden)
        self.settings: dict[str, Any] = {}
        #: the last autosave journal number the game was saved with (:mod:`.autosave`)
        self.journal_seq = 0
        #: changes so far (each move played, undo and adoption counts one): with the
        #: moves played, it names a position, unlike the moves alone, which an undo and a
        #: different move give again (a question to a computer player names it)
        self.changes = 0

    # -- state ----------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.states[-1]

    def legal_moves(self) -> list[Move]:
        return [] if self.state.over else self.game.rules.legal_moves(self.state)

    def view(self, seat: int | None) -> State:
        return self.game.rules.view(self.state, seat)

    # -- playing ----------------------------------------------------------------------
    def play(self, move: Move, note: str | None = None, _keep_redo: bool = False) -> State:
        """Apply ``move`` or raise :class:`IllegalMove` (the session is then unchanged)."""
        before = self.state
        new = self.game.play(before, move)
        self.notations.append(self.game.notation.format_move(before, move))
        self.moves.append(move)
        self.states.append(new)
        if note:
            self.notes[len(self.moves)] = note.strip()[:200]
        if new.reveals != before.reveals:
            self.barrier = len(self.states) - 1
        if not _keep_redo:
            self.redo_stack.clear()
        self._changed()
        return new

    def play_text(self, text: str) -> State:
        try:
            move = self.game.notation.parse_move(self.state, text)
        except NotationError as exc:
            raise IllegalMove(str(exc)) from exc
        return self.play(move)

    def can_undo(self) -> bool:
        return len(self.states) - 1 > self.barrier

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self, humans: Iterable[int] | None = None) -> bool:
        """Take back the last move; with ``humans`` given, keep going back until a human
        seat must act (so a computer opponent does not simply replay its move)."""
        if not self.can_undo():
            return False
        human = set(humans) if humans is not None else None
        while self.can_undo():
            self.states.pop()
            self.redo_stack.append(self.moves.pop())
            self.notations.pop()
            self.notes.pop(len(self.moves) + 1, None)
            actor = self.state.actor
            if human is None or (actor in human and self.redo_stack[-1].seat in human):
                break
        self._changed()
        return True

    def redo(self, humans: Iterable[int] | None = None) -> bool:
        if not self.redo_stack:
            return False
        human = set(humans) if humans is not None else None
        while self.redo_stack:
            self.play(self.redo_stack.pop(), _keep_redo=True)
            if human is None or not self.redo_stack or self.state.actor in human:
                break
        return True

    def adopt(self, other: Session) -> None:
        """Take ``other``'s cards, states and moves (the same game replayed with new card
        data, :mod:`.reload`); narration, table settings and listeners stay, redo goes."""
        self.catalog = other.catalog
        self.states = other.states
        self.moves = other.moves
        self.notations = other.notations
        self.barrier = other.barrier
        self.redo_stack.clear()
        self._changed()

    def _changed(self) -> None:
        self.changes += 1
        for listener in self.listeners:
            listener(self)

    # -- the readable log ---------------------------------------------------------------
    def log(self, seat: int | None) -> list[LogEntry]:
        """The game log as ``seat`` may read it (None: everything, e.g. for a replay)."""
        return self.log_entries(seat, 0)

    def log_entries(self, seat: int | None, start: int) -> list[LogEntry]:
        """The log entries from number ``start`` on (0 is the set-up), so that a reader
        that has the first ones only adds the new."""
        entries = []
        if start == 0:
            entries.append(LogEntry(0, None, "Set-up", self._lines(self.states[0], seat)))
        for i in range(max(0, start - 1), len(self.moves)):
            move = self.moves[i]
            before, after = self.states[i], self.states[i + 1]
            text = self.game.notation.public_notation(before, move, seat) if seat is not None \
                else self.notations[i]
            entry = LogEntry(i + 1, move.seat, text, self._lines(after, seat))
            note = self.notes.get(i + 1)
            if note:
                entry.lines.insert(0, f"\u201c{note}\u201d")
            entries.append(entry)
        return entries

    @staticmethod
    def _lines(state: State, seat: int | None) -> list[str]:
        return [text for text, only in state.events
                if only is None or seat is None or seat in only]

    def log_text(self, seat: int | None = None) -> str:
        out = []
        for entry in self.log(seat):
            out.append(entry.text)
            out.extend("    " + line for line in entry.lines)
        return "\n".join(out) + "\n"
