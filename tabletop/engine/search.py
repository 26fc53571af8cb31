"""One search for every game: information-set Monte Carlo tree search (ISMCTS).

Single-observer ISMCTS (Cowling, Powley & Whitehouse, 2012) with availability counts,
over the rules core only (``view`` / ``determinize`` / ``legal_moves`` / ``apply`` /
``returns`` / ``evaluate`` / ``observe``); nothing here knows a game. The search gets one
seat's view and never more: each iteration samples a full state consistent with that
view (``determinize``), walks the tree with the moves legal in that sample, adds one
node, plays on (with a cheap policy or at random) until the game ends or a depth limit,
scores the end with ``returns`` (finished) or ``evaluate`` (cut off) and backs the
scores up. Other seats' moves are keyed by what the searching seat observes of them
(``observe``), so a hidden choice is one branch, not one per hidden card.

A game may give a :class:`SearchHints`: a rollout policy (a function of the full
state), the rollout depth, and an exploration constant.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .moves import Move
from .rng import Rng
from .rules import Rules
from .state import State


@dataclass(frozen=True)
class SearchHints:
    """What a game tells the search (all optional)."""

    #: ``policy(rules, state, moves, rng) -> move``: a cheap choice for rollouts, on the
    #: sampled full state (default: uniform random)
    policy: Callable[[Rules, State, list[Move], Rng], Move] | None = None
    #: moves played after the tree before the position is scored with ``evaluate``
    depth: int = 40
    #: UCB exploration constant
    exploration: float = 0.7


@dataclass
class Node:
    """A node of the searcher's tree; the edge into it is ``move`` (as the searching
    seat observes it), made by ``actor``."""

    move: Move | None
    actor: int | None
    parent: Node | None = None
    children: dict[Move, Node] = field(default_factory=dict)
    visits: int = 0
    reward: float = 0.0  # total, for ``actor``
    available: int = 0

    def ucb(self, c: float) -> float:
        if self.visits == 0:
            return math.inf
        return self.reward / self.visits + \
            c * math.sqrt(math.log(max(1, self.available)) / self.visits)


@dataclass(frozen=True)
class Decision:
    """What a search found: the move to make, the estimated chance to win (the share of
    the reward) after it, the runner-up, and the work done."""

    move: Move
    value: float
    runner_up: Move | None
    runner_up_value: float
    iterations: int
    seconds: float


class Search:
    """ISMCTS for one seat (see the module docstring)."""

    def __init__(self, rules: Rules, hints: SearchHints | None = None) -> None:
        self.rules = rules
        self.hints = hints or SearchHints()

    def decide(self, view: State, seat: int, rng: Rng, seconds: float | None = None,
               iterations: int | None = None) -> Decision:
        """The best move for ``seat`` from its ``view``, thinking for ``seconds`` (wall
        time) or exactly ``iterations`` iterations (reproducible)."""
        rules = self.rules
        legal = rules.legal_moves(view)
        t0 = time.perf_counter()
        if len(legal) == 1:
            return Decision(legal[0], 0.5, None, 0.0, 0, 0.0)
        root = Node(None, None)
        deadline = t0 + (seconds if seconds is not None else 1e9)
        done = 0
        while True:
            if iterations is not None and done >= iterations:
                break
            if iterations is None and time.perf_counter() >= deadline:
                break
            self._iterate(root, view, seat, rng)
            done += 1
        ranked = sorted((c for c in root.children.values() if c.move in legal),
                        key=lambda c: (c.visits, c.reward), reverse=True)
        if not ranked:  # pragma: no cover - every legal move is tried first
            return Decision(legal[0], 0.5, None, 0.0, done, time.perf_counter() - t0)
        best = ranked[0]
        second = ranked[1] if len(ranked) > 1 else None
        return Decision(best.move, best.reward / max(1, best.visits),
                        second.move if second else None,
                        second.reward / max(1, second.visits) if second else 0.0,
                        done, time.perf_counter() - t0)

    # -- one iteration --------------------------------------------------------------------
    def _iterate(self, root: Node, view: State, seat: int, rng: Rng) -> None:
        rules = self.rules
        c = self.hints.exploration
        state = rules.determinize(view, seat, rng)
        node = root
        # selection: descend while every available move of this node has been tried
        while not state.over:
            legal = rules.legal_moves(state)
            keyed = self._keyed(state, legal, seat)
            for key in keyed:
                child = node.children.get(key)
                if child is not None:
                    child.available += 1
            untried = [k for k in keyed if k not in node.children]
            if untried:
                key = untried[rng.below(len(untried))]
                move = keyed[key]
                actor = state.actor
                after = state.copy()
                rules.apply(after, move)
                child = node.children[key] = Node(key, actor, node, available=1)
                node, state = child, after
                break
            best = max((node.children[k] for k in keyed), key=lambda n: n.ucb(c))
            move = keyed[best.move]
            after = state.copy()
            rules.apply(after, move)
            node, state = best, after
        scores = self._rollout(state, rng)
        while node is not None:
            node.visits += 1
            if node.actor is not None:
                node.reward += scores[node.actor]
            node = node.parent

    def _keyed(self, state: State, legal: list[Move], seat: int) -> dict[Move, Move]:
        """Each legal move under the key the searching seat knows it by (its own moves as
        they are; others' as observed, one key for choices it cannot tell apart)."""
        if state.actor == seat:
            return {m: m for m in legal}
        rules = self.rules
        out: dict[Move, Move] = {}
        for m in legal:
            out.setdefault(rules.observe(state, m, seat, state), m)
        return out

    def _rollout(self, state: State, rng: Rng) -> tuple[float, ...]:
        rules = self.rules
        policy = self.hints.policy
        if not state.over:
            state = state.copy()
        for _ in range(self.hints.depth):
            if state.over:
                break
            legal = rules.legal_moves(state)
            move = policy(rules, state, legal, rng) if policy else legal[rng.below(len(legal))]
            rules.apply(state, move)
        return rules.returns(state)
