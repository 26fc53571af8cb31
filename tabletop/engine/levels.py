"""Difficulty levels of the computer players, and the player that searches.

``normal`` and ``hard`` run the one search (:mod:`.search`), guided by the game's own
hand-written player (its move is the search's prior and its rollout policy), and make
the move it finds best. ``easy`` glances: a short look at the candidate moves in a few
sampled worlds (the own player's move among them), then a choice with a temperature among
those whose estimated loss against the best is within its mistake bound
(:mod:`.temper`): levels differ in judgement, not only in time. A forced move (one legal
move) is made at once.

**A level is an amount of thinking, not a clock.** Each searching level has a nominal
time (``seconds``: what a decision takes on a quiet machine) and guarantees its work:
at least ``WORK_SHARE`` of the iterations the game's search makes in that time on the
reference machine, quiet (:attr:`~.game.Game.search_rate`). On a busy machine, where the
nominal time buys fewer iterations, the search goes on past it until the work is done, up
to the level's ``ceiling`` (wall time, a few times the nominal; the table's bar fills by
the work done). Times are wall time in the process that thinks (the computer players'
worker).
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
from .temper import MIN_WORLDS, Glance, candidates, glance, tempered

#: the share of the reference machine's iterations in a level's nominal time that the
#: level guarantees (below 1, so that a quiet machine's decision takes the nominal time)
WORK_SHARE = 0.8


@dataclass(frozen=True)
class Level:
    """One difficulty: its name, what the new-game screen says, the nominal thinking time
    per decision (None: the game's own player, which answers in milliseconds), the most
    it may take on a busy machine to do the work it guarantees, and its judgement: the
    temperature of its choice and its mistake bound, in estimated chance to win (a level
    with a temperature glances instead of searching: :mod:`.temper`)."""

    key: str
    label: str
    seconds: float | None
    ceiling: float | None = None
    #: the softmax temperature over the moves' estimated values (0: the best move)
    temperature: float = 0.0
    #: the most estimated loss against the best that a move chosen may have
    mistake_bound: float = 0.0

    @property
    def at_once(self) -> bool:
        """Does a decision take no time a player would notice (at most :data:`AT_ONCE`
        on a quiet machine)?"""
        return self.seconds is None or self.seconds <= AT_ONCE

    @property
    def budget_text(self) -> str:
        if self.at_once:
            return "answers at once"
        if self.ceiling is None:
            return f"thinks up to {self.seconds:g} s a move"
        return f"thinks {self.seconds:g}\u2013{self.ceiling:g} s a move"  # (longer: busy)

    def work(self, rate: float | None) -> int:
        """The iterations a decision is guaranteed (a glance's rollouts), for a game
        whose search makes ``rate`` a second on the reference machine (0: none, time
        only)."""
        if self.seconds is None or not rate:
            return 0
        return max(1, round(rate * self.seconds * WORK_SHARE))


#: a nominal time a player hardly notices: a level that thinks no longer "answers at once"
AT_ONCE = 0.2

#: a searching level's ceiling, in nominal times: six. With every core of a 2-core machine
#: kept busy (``contend``) the worker, at its lower priority (niceness 5), gets about a
#: quarter of a core; at Normal's former ceiling of four times the nominal (2 s), 28% of
#: Brawl's decisions were ended by it before their guaranteed work (2026-11-28, deals
#: 0-9, docs/strength/brawl-search-wall-contended.jsonl; the median of those would have
#: needed 2.35 s, nine in ten of them 2.96 s). At six, the same busy lines at Normal reached
#: the guaranteed work in 99.6% of Brawl's decisions, 96.8% of Hero vs Nemesis's as Hero
#: (99.9% after its players' scoring was made cheaper),
#: 98.5% as Nemesis, and 89.4% of OverPower's, 99.9% once its rollouts' player scored
#: attacks more cheaply (docs/computer-players.md)
CEILING_TIMES = 6

LEVELS: dict[str, Level] = {
    "easy": Level("easy", "Easy", 0.1, 0.4, temperature=0.01, mistake_bound=0.05),
    "normal": Level("normal", "Normal", 0.5, 0.5 * CEILING_TIMES),
    "hard": Level("hard", "Hard", 2.0, 2.0 * CEILING_TIMES),
}


def decision_ceiling(level: str, seconds: float | None = None,
                     iterations: int | None = None) -> float | None:
    """The most a decision at ``level`` may take: the level's ceiling when it thinks as the
    level does, none when a budget (``seconds`` or ``iterations``) replaces the level's."""
    return LEVELS[level].ceiling if seconds is None and iterations is None else None


#: the most standard errors a decision's margin is reported as (a margin the same in
#: every world is infinitely many: JSON has no infinity)
SURE_CAP = 99.0
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


def view_score(rules: Rules) -> Any:
    """The scores of a rollout's end, each seat's from its own view of the world (the
    ``own`` rollout view, leaves included): a finished game's ``returns``; an unfinished
    one's ``evaluate`` of what each seat sees, so no seat's value rests on another's
    hidden cards."""

    def score(state: State) -> tuple[float, ...]:
        if state.over:
            return rules.returns(state)
        return tuple(rules.evaluate(rules.view(state, seat), seat)
                     for seat in range(state.seats))

    return score


class SearchPlayer:
    """A computer player that searches, or, at a level with a temperature, glances (see
    the module docstring). After each decision ``details`` holds the estimated chance to
    win, the runner-up (or the loss of the move chosen) and the work done.

    ``level``: the judgement (temperature, mistake bound) of the level it plays at
    (:meth:`~.game.Game.player_at` gives it); none: the search's best move."""

    name = "search"

    def __init__(self, hints: SearchHints, own, seconds: float | None = None,
                 iterations: int | None = None, clock=time.perf_counter,
                 at_least: int = 0, ceiling: float | None = None,
                 level: Level | None = None) -> None:
        self.search_hints = hints
        self.own = own
        judge = level
        #: the temperature of the choice and the mistake bound (0: the search's best)
        self.temperature = judge.temperature if judge else 0.0
        self.mistake_bound = judge.mistake_bound if judge else 0.0
        self.seconds = seconds
        self.iterations = iterations
        #: the iterations guaranteed a decision, and the most it may then take (seconds)
        self.at_least = at_least
        self.ceiling = ceiling
        #: the clock of the budget: wall time (``time.process_time`` in measurements on a
        #: shared machine, so that other programs' load does not change the result)
        self.clock = clock
        #: an absolute deadline on :attr:`clock` for the next decision, and its ceiling
        #: (the worker sets them from the request's arrival); else ``seconds`` and
        #: ``ceiling`` from the call
        self.deadline: float | None = None
        self.ceiling_at: float | None = None
        #: told the next decision's progress (the worker: a line to the table), and
        #: asked whether to stop it (its question was withdrawn)
        self.progress = None
        self.stop = None
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
        deadline, ceiling = self.times(t0)
        if self.temperature > 0:
            return self._glance(rules, view, seat, rng, legal, prior, ceiling, t0)
        decision = Search(rules, self.search_hints, self.clock).decide(
            view, seat, rng, iterations=self.iterations, prior=prior, deadline=deadline,
            at_least=self.at_least, ceiling=ceiling, progress=self.progress, stop=self.stop)
        self.record(decision, prior, t0)
        return decision.move

    def times(self, t0: float) -> tuple[float | None, float | None]:
        """The decision's deadline and ceiling on :attr:`clock`: those the worker set
        (taken: the next decision starts afresh), else ``seconds`` and ``ceiling`` from
        ``t0``, when it began."""
        deadline, self.deadline = self.deadline, None
        ceiling, self.ceiling_at = self.ceiling_at, None
        if deadline is None and self.seconds is not None:
            deadline = t0 + self.seconds
        if ceiling is None and self.ceiling is not None:
            ceiling = t0 + self.ceiling
        return deadline, ceiling

    def record(self, decision: Decision, prior: Move | None, t0: float, **more: Any) -> None:
        """:attr:`last` and :attr:`details` after a search's ``decision`` begun at ``t0``
        (``more``: details to add or replace)."""
        self.last = decision
        self.details = {"value": decision.value, "runner_up": decision.runner_up,
                        "runner_up_value": decision.runner_up_value,
                        "iterations": decision.iterations, "prior": prior,
                        "at_least": self.at_least, "seconds": self.clock() - t0,
                        "worlds": decision.worlds, "margin": decision.margin,
                        "sure": min(decision.sure, SURE_CAP), **more}

    def _glance(self, rules: Rules, view: State, seat: int, rng: Rng, legal: list[Move],
                prior: Move | None, ceiling: float | None, t0: float) -> Move:
        """A glance of the guaranteed work in rollouts (``iterations`` when given), then
        the tempered choice (:mod:`.temper`); ``ceiling`` ends the glance early."""
        rollouts = self.iterations or self.at_least or len(legal) * MIN_WORLDS
        moves = candidates(legal, prior, rollouts, rng)
        seen: Glance = glance(rules, self.search_hints, view, seat, moves, rng, rollouts,
                              self.clock, ceiling, self.progress, self.stop)
        move = tempered(seen, self.temperature, self.mistake_bound, rng)
        value = seen.values[seen.moves.index(move)]
        self.last = Decision(move, value, None, 0.0, seen.rollouts, seen.seconds)
        self.details = {"value": value, "loss": seen.loss(move), "best": seen.best,
                        "candidates": len(moves), "worlds": seen.worlds,
                        "iterations": seen.rollouts, "prior": prior,
                        "at_least": self.at_least, "seconds": self.clock() - t0,
                        "temperature": self.temperature}
        return move
