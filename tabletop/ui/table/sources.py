"""Where a move at the table comes from, and the one check that it may be played.

A person's move comes from that seat's own input (a drop, a card's menu, a panel button,
a dialog), stamped with the position the table showed when the input came and the
position the control was made for; a computer seat's move comes from the answer to a
question about the position on the table (:class:`~.computers.Answer`). :func:`refusal`
is asked where a move is accepted and again where it is played: a human seat's move from
anything but that seat's own input, or a computer seat's move from anything but its
answer, is a bug of the table (refused, logged, counted, and raised where
``TableScene.strict`` is set, as in the tests); an input made on a position that has
changed since, or an answer about another position, is only stale, and refused quietly.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.moves import Move, seat_label
from ...engine.session import Session
from .computers import Answer


@dataclass(frozen=True)
class PersonInput:
    """A person's gesture at the table: the seat in front of the screen, the position
    the table showed (``shown``: the session's changes then) and the one the control
    was made for (``built``; None when the gesture needs no control of its own)."""

    seat: int | None
    shown: int
    built: int | None = None


@dataclass(frozen=True)
class ComputerAnswer:
    """A computer seat's answer (the worker's, or its own player's: ``answer.fallback``)."""

    answer: Answer


Source = PersonInput | ComputerAnswer


@dataclass(frozen=True)
class Refusal:
    """Why a move may not be played from its source; ``bug``: the table broke the rule
    that only a seat's own input or answer makes its moves (else the move is stale)."""

    reason: str
    bug: bool


def refusal(session: Session, humans: list[int], computers: set[int], move: Move,
            source: Source) -> Refusal | None:
    """Why ``move`` may not be played from ``source`` now (None: it may)."""
    seat = seat_label(move.seat) if move.seat is not None else "no seat"
    if isinstance(source, PersonInput):
        if move.seat not in humans:
            return Refusal(f"{seat} is not a person's seat: a person's input cannot move "
                           f"for it", True)
        if source.seat != move.seat:
            return Refusal(f"the input of {seat_label(source.seat)} cannot move for "
                           f"{seat}" if source.seat is not None else
                           f"no seat was in front of the screen to move for {seat}", True)
        if source.shown != session.changes or source.built not in (None, session.changes):
            return Refusal("the table changed as you chose: nothing was played", False)
        return None
    if isinstance(source, ComputerAnswer):
        q = source.answer.question
        if move.seat not in computers:
            return Refusal(f"{seat} is a person's seat: a computer's answer cannot move "
                           f"for it", True)
        if q.kind != "move" or q.seat != move.seat or source.answer.move != move:
            return Refusal(f"the answer to {q} is not {seat}'s move", True)
        if q.changes != session.changes or q.moves != len(session.moves):
            return Refusal("the answer was for another position", False)
        return None
    return Refusal(f"a move for {seat} from nowhere", True)
