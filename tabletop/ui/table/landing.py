"""A move lands between frames: the frame in which a move is made only accepts it.

Playing a move at the table is the engine's move (its effects, the autosave's journal
line) and the table's refresh (the view, the legal moves, the layout, the dialog, the
buttons, the log): from under a millisecond to a few. When the app's loop leaves time
between frames (``App.spare``), the frame in which a card is dropped, a button pressed or
a computer's answer read only *accepts* the move (:meth:`MoveLanding.play`), and the move
*lands* (is played and the table refreshed) in the time after that frame; the dropped
card is held where it was let go until then. The next event, an undo, a save or leaving
the table lands it first, so nothing ever acts on the position before it; a frame lands
it itself only after waiting :data:`~tabletop.ui.table.painting.PAINT_WAIT` frames for that
time (a loop that leaves none). Without time between frames (a test running frames
alone) a move lands at once, in the frame that makes it. A computer's answer is read from
the worker between frames too (:meth:`MoveLanding.take_computer_move`), so that it is
accepted and lands there: no frame does any of a computer's move.

Every move is accepted with its source (:mod:`.sources`): a person's input
(:meth:`MoveLanding.input_move`) or a computer seat's answer; it is checked where it is
accepted and again where it lands, and a computer's answer is accepted only when no other
move waits to land (it was computed for the position before that move).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import pygame

from ...engine.moves import Move
from .computers import Answer
from .painting import PAINT_WAIT, STEP_FORGET
from .sources import ComputerAnswer, PersonInput, Source

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


class MoveLanding:
    """Accepting moves in the frame and landing them between frames (a mixin of
    :class:`~tabletop.ui.table.scene.TableScene`; see the module docstring)."""

    _landing: Landing | None = None
    #: the longest recent landing (seconds, decaying): one is begun between frames only
    #: when one that long would still end in time
    _slowest_landing: float = FIRST_GUESS
    #: the CPU time (seconds) the last move landed in between frames (what the bench reads)
    landed_in: float = 0.0
    landed: int = 0  #: moves landed between frames so far
    #: frames since the loop last worked between frames (a computer's answer is read
    #: in the frame when that time has not come for :data:`PAINT_WAIT` frames)
    _spare_missed: int = 0

    def input_move(self, move: Move, held: tuple[int, pygame.Rect] | None = None,
                   built: int | None = None) -> bool:
        """Accept ``move`` from the input of the person in front of the screen, made on
        what the table showed (``built``: the position the control was made for);
        ``held``: the dropped card and where it was let go. Returns False when refused."""
        return self._accept(move, PersonInput(self.viewer, self.shown_changes, built), held)

    def play(self, move: Move, held: tuple[int, pygame.Rect] | None = None) -> bool:
        """The person in front of the screen makes ``move`` on the position as it is now
        (tools and tests; the table's own input goes through :meth:`input_move`)."""
        self.land_now()
        return self._accept(move, PersonInput(self.viewer, self.session.changes), held)

    def play_answer(self, answer: Answer) -> bool:
        """Accept a computer seat's answer (:meth:`take_computer_move`)."""
        return self._accept(answer.move, ComputerAnswer(answer))

    def _accept(self, move: Move, source: Source,
                held: tuple[int, pygame.Rect] | None = None) -> bool:
        """Accept ``move`` from ``source``: it lands between frames when the loop leaves
        time there, else now. A person's move that is not among the legal ones is refused
        at once (with the rule). Returns False when refused."""
        self.land_now()  # a person's input made before it lands is stale: refused below
        if self.refused(move, source):
            return False
        self._landing = Landing(move, source, held)
        if self._between_frames and (move.seat not in self.humans or move in self.legal):
            return True
        return self.land_now()

    @property
    def _between_frames(self) -> bool:
        """Does the app's loop work between frames (:meth:`App.spare`)?"""
        return getattr(self.app, "between_frames", False)

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
            self.motion.from_rect(*landing.held)  # it glides on from where it was let go
        return self._play_now(landing.move, landing.source)

    def say_computer_problem(self) -> None:
        """Show why a computer seat's move was a random one (once)."""
        if self.computers.problem:
            self.toast.show(self.computers.problem)
            self.computers.problem = ""

    def take_computer_move_in_frame(self) -> None:
        """In a frame: read a computer's answer here only when the loop leaves no time
        between frames, or has left none for :data:`PAINT_WAIT` frames."""
        self._spare_missed += 1
        if not self._between_frames or self._spare_missed > PAINT_WAIT:
            self.take_computer_move()

    def take_computer_move(self) -> None:
        """Read the computer seat's answer, if it has come (the worker thinks in its own
        process and never blocks), and accept it once the table's pace allows: no other
        move waiting to land, the pause since the last move (``App.ai_delay``), no card
        dragged, the last move's picture shown. Between frames when the loop leaves time
        there, else in the frame. An answer held meanwhile is dropped once the position
        is not the one it answers."""
        if self._landing is not None:
            return  # the answer would be read for the position before that move
        answer = self.computers.take_move()
        self.say_computer_problem()
        if answer is not None:
            self._computer_move = answer
        answer = self._computer_move
        if answer is not None and not self.computers.current(answer.question):
            self._computer_move = answer = None
        pace = self.app.ai_delay
        if answer is not None and self.drag is None and self.ai_wait >= pace and \
                not (pace and self.motion.glides) and not self.painting:
            self._computer_move = None
            self.play_answer(answer)

    def _land_between(self, end: float) -> bool:
        """Between frames: read a computer's answer (:meth:`take_computer_move`); land
        the accepted move if a landing as long as the longest recent one ends before
        ``end``, and ask the computer seat that acts next (its question is sent here, not
        in a frame). False when it must wait."""
        self._spare_missed = 0
        if self._landing is None and not self.state.over and self.handover_to is None:
            self.take_computer_move()
        if self._landing is None:
            return True
        start, cpu = time.perf_counter(), time.thread_time()
        if start + self._slowest_landing >= end:
            return False
        self.land_now()
        self.computers.ask_ahead()
        took = time.perf_counter() - start
        self._slowest_landing = max(self._slowest_landing * STEP_FORGET, took)
        self.landed_in = time.thread_time() - cpu
        self.landed += 1
        return True

    def _land_late(self) -> None:
        """In a frame: a move that has waited :data:`PAINT_WAIT` frames for time between
        frames lands in this one."""
        if self._landing is None:
            return
        if self._landing.waited >= PAINT_WAIT:
            self.land_now()
        else:
            self._landing.waited += 1
