"""The turn model every game shares: a queue of rule steps and one pending decision.

A game's sequence of play is written as *steps*: small tuples ``(name, *args)`` kept in
``state.tasks``. :meth:`Flow.run` takes them in order and calls each step's handler,
which does what the rulebook says and may queue further steps. A step that needs a player
opens a *decision* with :func:`decide`: ``state.pending`` names it and the seat that
must answer, the queue stops, and the decision's options are the legal moves.
:meth:`Flow.apply` answers it and runs the queue on to the next decision. So a turn reads
as the rulebook's sequence::

    @flow.step("turn")
    def turn(s, seat):
        push(s, ("draw", seat), ("main", seat), ("end_of_turn", seat))

Windows in which players may respond ("any time", help or hinder) are decisions offered
in turn to the seats that have a response (the ``window`` step), so play does not stop
for a player who could only pass.

The queue is a stack (the next step is the last item) so that pushing and popping cost
nothing; :func:`push` and :func:`later` hide that.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from .moves import Move
from .state import State


class Decision(NamedTuple):
    """A question the rules put to one seat: its kind, the seat, and small details
    (plain, hashable values such as the card that must declare)."""

    kind: str
    seat: int
    data: tuple = ()


class FlowError(RuntimeError):
    """The rules ran out of steps without a decision or an end: a bug in a game."""


#: ``_new(Decision, (kind, seat, data))``: a named tuple without its ``__new__``'s
#: argument handling (a decision is opened at nearly every move)
_new = tuple.__new__
Step = Callable[..., None]
Options = Callable[[Any, Decision], list[Move]]
Answer = Callable[[Any, Decision, Move], None]
Offered = Callable[..., bool]


@dataclass(frozen=True)
class DecisionKind:
    """How a decision is offered and answered."""

    kind: str
    options: Options
    answer: Answer
    #: the ``state.phase`` label while this decision is pending (default: the kind)
    phase: str
    #: for windows: does this seat have a response (then it is asked)?
    offered: Offered | None = None


def push(s: State, *tasks: tuple) -> None:
    """Queue ``tasks`` to run next, in the order given (before anything already queued)."""
    if tasks:
        s.tasks.extend(reversed(tasks))


def later(s: State, *tasks: tuple) -> None:
    """Queue ``tasks`` after everything already queued."""
    if tasks:
        s.tasks[0:0] = reversed(tasks)


def decide(s: State, kind: str, seat: int, *data: Any) -> None:
    """Open a decision: the queue waits until ``seat`` answers it."""
    s.pending = _new(Decision, (kind, seat, data))  # Decision(kind, seat, data), faster
    s.actor = seat


def finish(s: State, winners: tuple[int, ...]) -> None:
    """The game is over: no decision, no more steps."""
    s.over = True
    s.winners = tuple(winners)
    s.pending = None
    s.actor = None
    s.tasks = []
    s.phase = "over"


class Flow:
    """One game's steps and decisions (see the module docstring)."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.steps: dict[str, Step] = {}
        self.decisions: dict[str, DecisionKind] = {}
        self.steps["window"] = self._window

    # -- registering ----------------------------------------------------------------------
    def step(self, name: str) -> Callable[[Step], Step]:
        """Register the handler of step ``name``: ``handler(state, *args)``."""

        def deco(fn: Step) -> Step:
            if name in self.steps:
                raise ValueError(f"{self.game}: step {name!r} is defined twice")
            self.steps[name] = fn
            return fn
        return deco

    def decision(self, kind: str, options: Options, phase: str | None = None,
                 offered: Offered | None = None) -> Callable[[Answer], Answer]:
        """Register decision ``kind``: ``options(state, decision)`` lists its legal moves;
        the decorated ``answer(state, decision, move)`` applies a chosen one."""

        def deco(fn: Answer) -> Answer:
            if kind in self.decisions:
                raise ValueError(f"{self.game}: decision {kind!r} is defined twice")
            self.decisions[kind] = DecisionKind(kind, options, fn, phase or kind, offered)
            return fn
        return deco

    def _window(self, s: State, kind: str, seats: tuple[int, ...], *data: Any) -> None:
        """The step ``("window", kind, seats, *data)``: ask each seat of ``seats`` in order,
        skipping those the decision's ``offered(state, seat, *data)`` turns down. The
        decision's data is ``(seats still to ask, *data)``; its answer handler decides
        what follows (:meth:`pass_window` moves on to the next seat)."""
        offered = self.decisions[kind].offered
        for i, seat in enumerate(seats):
            if seat in s.eliminated:
                continue
            if offered is None or offered(s, seat, *data):
                decide(s, kind, seat, seats[i + 1:], *data)
                return

    @staticmethod
    def pass_window(s: State, d: Decision) -> None:
        """Move a window on to the seats after the one that passed."""
        push(s, ("window", d.kind, *d.data))

    # -- running --------------------------------------------------------------------------
    def run(self, s: State) -> None:
        """Run queued steps until a decision is pending or the game is over."""
        tasks = s.tasks
        steps = self.steps
        while s.pending is None and not s.over:
            if not tasks:
                raise FlowError(f"{self.game}: no step left and no decision pending "
                                f"(phase {s.phase!r})")
            task = tasks.pop()
            steps[task[0]](s, *task[1:])
            tasks = s.tasks

    def start(self, s: State, *tasks: tuple) -> None:
        """Queue the opening steps and run to the first decision."""
        push(s, *tasks)
        self.resume(s)

    def resume(self, s: State) -> None:
        """Run the queued steps to the next decision (e.g. after a scenario set a table)."""
        self.run(s)
        self._settle(s)

    def _settle(self, s: State) -> None:
        """The seat to act and the phase label follow the pending decision."""
        d = s.pending
        if d is not None:
            s.actor = d.seat
            s.phase = self.decisions[d.kind].phase
        elif s.over:
            s.actor = None

    def legal_moves(self, s: State) -> list[Move]:
        d = s.pending
        if d is None or s.over:
            return []
        return self.decisions[d.kind].options(s, d)

    def apply(self, s: State, move: Move) -> None:
        """Answer the pending decision with ``move`` (a legal move) and run on."""
        d = s.pending
        if d is None:
            raise FlowError(f"{self.game}: a move was applied with no decision pending")
        s.pending = None
        decisions = self.decisions
        decisions[d.kind].answer(s, d, move)
        if s.pending is None and not s.over:
            self.run(s)
        d = s.pending  # settle: the seat to act and the phase follow the decision
        if d is not None:
            s.actor = d.seat
            s.phase = decisions[d.kind].phase
        elif s.over:
            s.actor = None
