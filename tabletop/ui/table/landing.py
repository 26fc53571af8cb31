"""A move lands between frames: the frame in which a move is made only accepts it.

Playing a move at the table is the engine's move (its effects, the autosave's journal
line) and the table's refresh (the view, the legal moves, the layout, the dialog, the
buttons, the log): from under a millisecond to a few. When the app's loop leaves time
between frames (``App.spare``), the frame in which a card is dropped, a button pressed or
a computer's answer read only *accepts* the move (:meth:`MoveScheduler.accept`), and the move
*lands* (is played and the table refreshed) in the time after that frame; the dropped
card is held where it was let go until then. The next event, an undo, a save or leaving
the table lands it first, so nothing ever acts on the position before it; a frame lands
it itself only after waiting :data:`~tabletop.ui.table.painting.PAINT_WAIT` frames for that
time (a loop that leaves none). Without time between frames (a test running frames
alone) a move lands at once, in the frame that makes it. A computer's answer is read from
the worker between frames too (:meth:`MoveScheduler.take_answer`), so that it is
accepted and lands there: no frame does any of a computer's move. The scheduler is its
own part (:class:`MoveScheduler`), talking to its table through :class:`Landable`.

Every move is accepted with its source (:mod:`.sources`): a person's input
(``TableScene.input_move``) or a computer seat's answer; it is checked where it is
accepted and again where it lands, and a computer's answer is accepted only when no other
move waits to land (it was computed for the position before that move).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Protocol

import pygame

from ...engine.moves import Move
from .computers import Answer, ComputerSeats
from .painting import PAINT_WAIT, STEP_FORGET
from .sources import ComputerAnswer, Source

#: the first guess of how long a move takes to land (seconds), before one has been timed
FIRST_GUESS = 0.004


@dataclass
class Landing:
    """A move accepted in a frame, to be played between frames."""

    move: Move
    source: Source
    #: the card dropped to make it, and where it was let go (drawn there until it lands)
    held: tuple[int, pygame.Rect] | None = None
    waited: int = 0  # frames it has waited for time between frames


class Landable(Protocol):
    """What the scheduler asks of the table it lands moves on (the table implements it;
    a test may give a stand-in)."""

    computers: ComputerSeats

    @property
    def between_frames(self) -> bool:
        """Does the app's loop work between frames (:meth:`App.spare`)?"""

    def refused(self, move: Move, source: Source) -> bool:
        """Is ``move`` refused for where it comes from (checked again where it lands)?"""

    def known_legal(self, move: Move) -> bool:
        """May ``move`` wait to land without being checked by the rules first (a
        computer's answer, or a person's move among the legal moves shown)?"""

    def play_now(self, move: Move, source: Source) -> bool:
        """Play ``move`` and refresh the table; False when the rules refuse it."""

    def glide_from(self, card: int, rect: pygame.Rect) -> None:
        """``card`` glides on to its place from where it was let go."""

    def answer_due(self) -> bool:
        """May a computer's answer be played now (the pause since the last move over,
        no card dragged or gliding for it, the last picture shown)?"""

    def awaits_computer(self) -> bool:
        """Is the game at a point where a computer seat may act (not over, no hand-over)?"""

    def say_computer_problem(self) -> None:
        """Show why a computer seat's move was its own player's (once)."""


class MoveScheduler:
    """Accepting moves in the frame and landing them between frames, for one table
    (see the module docstring). Its table is a :class:`Landable`."""

    def __init__(self, table: Landable) -> None:
        self.table = table
        self._landing: Landing | None = None
        #: the longest recent landing (seconds, decaying): one is begun between frames
        #: only when one that long would still end in time
        self._slowest_landing = FIRST_GUESS
        #: the CPU time (seconds) the last move landed in between frames (the bench)
        self.landed_in = 0.0
        self.landed = 0  #: moves landed between frames so far
        #: frames since the loop last worked between frames (a computer's answer is read
        #: in the frame when that time has not come for :data:`PAINT_WAIT` frames)
        self._spare_missed = 0
        #: a computer seat's answer that came back, played once the pace allows
        self.held_answer: Answer | None = None

    def accept(self, move: Move, source: Source,
               held: tuple[int, pygame.Rect] | None = None) -> bool:
        """Accept ``move`` from ``source``: it lands between frames when the loop leaves
        time there, else now. A person's move that is not among the legal ones is refused
        at once (with the rule). Returns False when refused."""
        self.land_now()  # a person's input made before it lands is stale: refused below
        table = self.table
        if table.refused(move, source):
            return False
        self._landing = Landing(move, source, held)
        if table.between_frames and table.known_legal(move):
            return True
        return self.land_now()

    @property
    def landing(self) -> Move | None:
        """The move accepted and not yet played, if any."""
        return self._landing.move if self._landing is not None else None

    def held_card(self) -> tuple[int, pygame.Rect] | None:
        """The dropped card waiting for its move to land, and where it was let go."""
        return self._landing.held if self._landing is not None else None

    def land_now(self) -> bool:
        """Play the accepted move now (before anything that acts on the position).
        False when the rules refused it."""
        landing, self._landing = self._landing, None
        if landing is None:
            return True
        if landing.held is not None:
            self.table.glide_from(*landing.held)  # it glides on from where it was let go
        return self.table.play_now(landing.move, landing.source)

    def drop_answer(self) -> None:
        """Forget a computer's answer held for later (the position it answers is gone)."""
        self.held_answer = None

    def take_answer_in_frame(self) -> None:
        """In a frame: read a computer's answer here only when the loop leaves no time
        between frames, or has left none for :data:`PAINT_WAIT` frames."""
        self._spare_missed += 1
        if not self.table.between_frames or self._spare_missed > PAINT_WAIT:
            self.take_answer()

    def take_answer(self) -> None:
        """Read the computer seat's answer, if it has come (the worker thinks in its own
        process and never blocks), and accept it once the table's pace allows
        (:meth:`Landable.answer_due`) and no other move waits to land. Between frames
        when the loop leaves time there, else in the frame. An answer held meanwhile is
        dropped once the position is not the one it answers."""
        if self._landing is not None:
            return  # the answer would be read for the position before that move
        table = self.table
        computers = table.computers
        answer = computers.take_move()
        table.say_computer_problem()
        if answer is not None:
            self.held_answer = answer
        answer = self.held_answer
        if answer is not None and not computers.current(answer.question):
            self.held_answer = answer = None
        if answer is not None and table.answer_due():
            self.held_answer = None
            self.accept(answer.move, ComputerAnswer(answer))

    def land_between(self, end: float) -> bool:
        """Between frames: read a computer's answer (:meth:`take_answer`); land the
        accepted move if a landing as long as the longest recent one ends before
        ``end``, and ask the computer seat that acts next (its question is sent here, not
        in a frame). False when it must wait."""
        self._spare_missed = 0
        if self._landing is None and self.table.awaits_computer():
            self.take_answer()
        if self._landing is None:
            return True
        start, cpu = time.perf_counter(), time.thread_time()
        if start + self._slowest_landing >= end:
            return False
        self.land_now()
        self.table.computers.ask_ahead()
        took = time.perf_counter() - start
        self._slowest_landing = max(self._slowest_landing * STEP_FORGET, took)
        self.landed_in = time.thread_time() - cpu
        self.landed += 1
        return True

    def land_late(self) -> None:
        """In a frame: a move that has waited :data:`PAINT_WAIT` frames for time between
        frames lands in this one."""
        if self._landing is None:
            return
        if self._landing.waited >= PAINT_WAIT:
            self.land_now()
        else:
            self._landing.waited += 1
