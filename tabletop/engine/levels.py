"""Difficulty levels of the computer players, and the player that searches.

``easy`` is the game's own hand-written player; ``normal`` and ``hard`` run the one search
(:mod:`.search`) for a time budget per decision, guided by that same player (its move is
the search's prior and its rollout policy). A forced move (one legal move) is made at
once. The budget is wall time in the process that thinks (the computer players' worker).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from .moves import Move
from .rng import Rng
from .rules import Rules
from .search import Decision, Search, SearchHints
from .state import State


@dataclass(frozen=True)
class Level:
    """One difficulty: its name, what the new-game screen says, and the thinking time per
    decision (None: the game's own player, which answers in milliseconds)."""

    key: str
    label: str
    seconds: float | None

    @property
    def budget_text(self) -> str:
        if self.seconds is None:
            return "answers at once"
        return f"thinks up to {self.seconds:g} s a move"


LEVELS: dict[str, Level] = {
    "easy": Level("easy", "Easy", None),
    "normal": Level("normal", "Normal", 0.5),
    "hard": Level("hard", "Hard", 2.0),
}
#: the level of a computer seat nobody chose one for (and of saves made before levels)
DEFAULT_LEVEL = "normal"
#: the level a Hint thinks at
HINT_LEVEL = "normal"


def player_policy(player, own_view: bool = False) -> Any:
    """A rollout policy from a computer player: its choice in the sampled world, on the
    whole world (as in perfect-information Monte Carlo: cheap, and the same for every
    move compared) or, with ``own_view``, from the acting seat's own view of it."""

    def policy(rules: Rules, state: State, legal: list[Move], rng: Rng) -> Move:
        seat = state.actor
        return player.choose(rules, rules.view(state, seat) if own_view else state, seat,
                             rng)

    return policy


class SearchPlayer:
    """A computer player that searches (see the module docstring). After each decision
    ``details`` holds the estimated chance to win, the runner-up and the work done."""

    name = "search"

    def __init__(self, hints: SearchHints, own, seconds: float | None = None,
                 iterations: int | None = None, clock=time.perf_counter) -> None:
        self.search_hints = hints
        self.own = own
        self.seconds = seconds
        self.iterations = iterations
        #: the clock of the budget: wall time (``time.process_time`` in measurements on a
        #: shared machine, so that other programs' load does not change the result)
        self.clock = clock
        #: an absolute deadline on :attr:`clock` for the next decision (the worker
        #: sets it from the request's arrival); else ``seconds`` from the call
        self.deadline: float | None = None
        self.details: dict[str, Any] = {}
        self.last: Decision | None = None

    def choose(self, rules: Rules, view: State, seat: int, rng: Rng) -> Move:
        t0 = self.clock()
        legal = rules.legal_moves(view)
        if len(legal) == 1:
            self.deadline = None
            self.last = Decision(legal[0], 0.5, None, 0.0, 0, 0.0)
            self.details = {"forced": True}
            return legal[0]
        prior = self.own.choose(rules, view, seat, rng) if self.own is not None else None
        deadline, self.deadline = self.deadline, None
        if deadline is None and self.seconds is not None:
            deadline = t0 + self.seconds
        decision = Search(rules, self.search_hints, self.clock).decide(
            view, seat, rng, iterations=self.iterations, prior=prior, deadline=deadline)
        self.last = decision
        self.details = {"value": decision.value, "runner_up": decision.runner_up,
                        "runner_up_value": decision.runner_up_value,
                        "iterations": decision.iterations, "prior": prior,
                        "seconds": self.clock() - t0}
        return decision.move
