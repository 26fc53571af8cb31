"""A glance and a tempered choice: how a level with a temperature (Easy) decides.

**The glance.** A short look at the candidate moves: each is played in the same sampled
worlds (``determinize`` from the seat's view, as the search samples them) with the same
random numbers, then played on with the rollout policy for at most ``depth`` decisions
and scored (``returns``: a finished game, else ``evaluate``). A move's estimated value is
its mean score for the seat over those worlds: its estimated chance to win. Every
candidate is played in every world, so two moves' values differ only by how they play,
not by luck (common random numbers), and a move's *estimated loss* is the best value less
its own. The game's own player's move is always a candidate; when there are more legal
moves than the glance's rollouts can try in :data:`MIN_WORLDS` worlds each, the others are
a random few of them (a person does not weigh every target of every card either).

**The tempered choice.** Among the candidates whose estimated loss is at most the mistake
bound, one is drawn with probability proportional to ``exp(-loss / temperature)`` (a
softmax over the values): near-equal moves about equally often, a move a little worse now
and then, a move worse by more than the bound never. Temperature 0 takes the best (ties:
the own player's move, then the legal order). The draw uses the player's ``rng``: the same
seed, view and work give the same choice (unless a busy machine's ceiling cut the glance).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from .moves import Move
from .rng import Rng
from .rules import Rules
from .search import PROGRESS_EVERY, Progress, SearchHints, rollout
from .state import State

#: the fewest worlds a glance plays each candidate in (fewer candidates when the
#: rollouts would not allow it)
MIN_WORLDS = 3


@dataclass(frozen=True)
class Glance:
    """What a glance saw: the candidates (the own player's move first, when given), each
    one's estimated value (mean score for the seat), the worlds each was played in, and
    the rollouts made and the time taken."""

    moves: tuple[Move, ...]
    values: tuple[float, ...]
    worlds: int
    rollouts: int
    seconds: float

    @property
    def best(self) -> float:
        return max(self.values)

    def loss(self, move: Move) -> float:
        """The move's estimated loss: the best value less its own."""
        return self.best - self.values[self.moves.index(move)]


def candidates(legal: list[Move], own: Move | None, rollouts: int, rng: Rng) -> list[Move]:
    """The moves a glance of ``rollouts`` rollouts looks at: every legal move when each
    can have :data:`MIN_WORLDS` worlds, else the own player's move and a random few (at
    least two moves in all). The own move comes first."""
    first = [own] if own in legal else []
    rest = [m for m in legal if m not in first]
    room = max(2, rollouts // MIN_WORLDS) - len(first)
    if room < len(rest):
        rng.shuffle(rest)
        rest = sorted(rest[:room], key=legal.index)
    return first + rest


def glance(rules: Rules, hints: SearchHints, view: State, seat: int, moves: list[Move],
           rng: Rng, rollouts: int, clock: Callable[[], float] = time.perf_counter,
           ceiling: float | None = None, progress: Progress | None = None,
           stop: Callable[[], bool] | None = None) -> Glance:
    """Play every move of ``moves`` in the same ``rollouts // len(moves)`` sampled worlds
    (at least one) and estimate its value (see the module docstring). Ends early, with
    the worlds every move was played in, at ``ceiling`` (a value of ``clock``) or when
    ``stop()`` is true; ``progress(done, rollouts, elapsed)`` is told how far it is."""
    t0 = told = clock()
    worlds = max(1, rollouts // len(moves))
    seed = rng.below(1 << 40)
    totals = [0.0] * len(moves)
    done = played = 0
    for n in range(worlds):
        if n and ((ceiling is not None and clock() >= ceiling) or (stop and stop())):
            break
        luck = Rng()
        luck.state = seed * 1_000_003 + n
        sample = rules.determinize(view, seat, luck)
        start = luck.state
        for i, move in enumerate(moves):
            state = sample.copy()
            rules.apply(state, move)
            luck.state = start
            totals[i] += rollout(rules, hints, state, luck)[seat]
        played += 1
        done += len(moves)
        now = clock()
        if progress is not None and now - told >= PROGRESS_EVERY:
            told = now
            progress(done, rollouts, now - t0)
    return Glance(tuple(moves), tuple(t / played for t in totals), played, done,
                  clock() - t0)


def tempered(seen: Glance, temperature: float, bound: float, rng: Rng) -> Move:
    """A move drawn from ``seen`` with a softmax of ``temperature`` over the values,
    among the moves whose estimated loss is at most ``bound`` (see the module
    docstring); temperature 0: the best."""
    best = seen.best
    if temperature <= 0:
        return seen.moves[seen.values.index(best)]
    weights = [math.exp((v - best) / temperature) if best - v <= bound else 0.0
               for v in seen.values]
    pick = rng.random() * sum(weights)
    for move, w in zip(seen.moves, weights, strict=True):
        pick -= w
        if w and pick < 0:
            return move
    return seen.moves[seen.values.index(best)]  # (rounding: the best)
