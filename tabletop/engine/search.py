"""One search for every game: information-set Monte Carlo tree search (ISMCTS).

Single-observer ISMCTS (Cowling, Powley & Whitehouse, 2012) with availability counts,
over the rules core only (``determinize`` / ``legal_moves`` / ``apply`` / ``observe`` /
``returns`` / ``evaluate``); nothing here knows a game. The search gets one seat's view
and never more. Each iteration:

1. chooses the searching seat's move at the root (UCB; the moves are the same in every
   world, since they depend only on what the seat sees);
2. takes a full state consistent with the view (``determinize``): one possible world;
3. walks down the one tree, choosing among the moves legal in that world by UCB, where a
   child's exploration term counts the iterations in which it was *available* (legal)
   rather than the parent's visits; another seat's move is keyed by what the searching
   seat observes of it, so a hidden choice is one branch (played as one of the moves it
   may be, at random), not one per hidden card;
4. adds one node, then plays on with the rollout policy for at most ``depth`` moves (the
   game's own player, each seat deciding from its own view of the sampled world), and
   scores the end with ``returns`` (``evaluate`` when cut off);
5. backs the scores up: each node's reward is for the seat that made the move into it.

Forced moves (one legal move) are walked through without counting as the new node.

**Common worlds.** The ``n``-th visit of every root move is played in the same sampled
world ``n`` with the same random numbers (world ``n`` is sampled once from a seed drawn
for this decision). Two root moves are then compared on the same hidden cards and the
same luck, which removes most of the noise of a short search (common random numbers);
a world is still a fresh, sound sample of what the seat cannot see.

**The prior.** The root can be given the move the game's own player would make. It is
tried first and keeps a bonus that fades with visits; at the end the search departs from
it only when another move, played in at least ``switch_min`` worlds, did better in the
same worlds by more than ``switch_z`` standard errors. So a short search is never much
worse than the game's player, and improves on it where its look-ahead finds better.

A game may give :class:`SearchHints`: the rollout policy, the rollout depth, the
exploration constant, and ``split``, which breaks a compound move (card, then target,
then mode) into steps: the tree then chooses the first part among the groups, then the
move within its group, so statistics are shared among the moves of one card.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from .moves import Move
from .rng import Rng
from .rules import Rules
from .state import State

#: ``policy(rules, state, legal, rng) -> move``: a rollout move on a sampled full state
Policy = Callable[[Rules, State, list[Move], Rng], Move]
#: ``progress(done, at_least, elapsed)``: how far a decision is (iterations made, the
#: work guaranteed, seconds thought)
Progress = Callable[[int, int, float], None]
#: how often a decision tells its progress, at most (seconds)
PROGRESS_EVERY = 0.1


@dataclass(frozen=True)
class SearchHints:
    """What a game tells the search (all optional)."""

    #: the rollout policy (default: uniform random)
    policy: Policy | None = None
    #: rollout moves played after the tree before the position is scored with ``evaluate``
    depth: int = 12
    #: UCB exploration constant (rewards are in [0, 1])
    exploration: float = 0.5
    #: share of rollout moves chosen at random instead of by the policy
    epsilon: float = 0.0
    #: the bonus of the root's prior move (added to its UCB value, divided by visits + 1)
    prior_bonus: float = 0.5
    #: how many standard errors better (in the same worlds) a move must be to replace the
    #: prior at the end, and in how many worlds at least it must have been played
    switch_z: float = 1.0
    switch_min: int = 6
    #: ``split(move) -> group``: the first step of a compound move (None: one step)
    split: Callable[[Move], Hashable] | None = None


class Node:
    """One node of the tree. The edge into it is a move (or a group of moves, with
    ``split``) made by ``actor``; ``reward`` is that seat's total. A root move's node
    also keeps its score in each world (``samples``)."""

    __slots__ = ("actor", "available", "children", "keys", "reward", "samples", "visits")

    def __init__(self, actor: int | None) -> None:
        self.actor = actor
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.samples: list[float] | None = None
        #: another seat's moves here, as the searching seat sees them (cached)
        self.keys: dict[Move, Hashable] | None = None


@dataclass(frozen=True)
class Decision:
    """What a search found: the move to make, its estimated chance to win (the mean reward
    for the searching seat after it), the runner-up, and the work done."""

    move: Move
    value: float
    runner_up: Move | None
    runner_up_value: float
    iterations: int
    seconds: float
    visits: int = 0
    #: the move against the runner-up in the sampled worlds both were played in: how
    #: many, the mean difference of their scores there (the move's less the runner-up's)
    #: and that difference in standard errors (0 when fewer than two worlds)
    worlds: int = 0
    margin: float = 0.0
    sure: float = 0.0


def paired(a: Node, b: Node) -> tuple[int, float, float]:
    """Root moves ``a`` and ``b`` in the sampled worlds both were played in (world ``n``
    is the same for every root move): how many, the mean of ``a``'s score less ``b``'s
    there, and that mean in standard errors (0 with fewer than two worlds; a difference
    the same in every world counts as certain, ``inf``)."""
    x, y = a.samples or [], b.samples or []
    n = min(len(x), len(y))
    if n < 2:
        return n, (x[0] - y[0]) if n else 0.0, 0.0
    diffs = [p - q for p, q in zip(x[:n], y[:n], strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var == 0:
        return n, mean, math.inf if mean else 0.0
    return n, mean, mean / math.sqrt(var / n)


class _Group:
    """A tree key for the first step of a split compound move."""

    __slots__ = ("key",)

    def __init__(self, key: Hashable) -> None:
        self.key = key

    def __eq__(self, other) -> bool:
        return isinstance(other, _Group) and other.key == self.key

    def __hash__(self) -> int:
        return hash(("group", self.key))


class Search:
    """ISMCTS for one seat (see the module docstring)."""

    def __init__(self, rules: Rules, hints: SearchHints | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.rules = rules
        self.hints = hints or SearchHints()
        #: the clock of time budgets (wall time; measurements may use CPU time)
        self.clock = clock

    def decide(self, view: State, seat: int, rng: Rng, seconds: float | None = None,
               iterations: int | None = None, prior: Move | None = None,
               deadline: float | None = None, at_least: int = 0,
               ceiling: float | None = None, progress: Progress | None = None,
               stop: Callable[[], bool] | None = None) -> Decision:
        """The best move for ``seat`` from its ``view``: thinking until ``deadline``
        (a value of :attr:`clock`), for ``seconds``, or for exactly ``iterations``
        iterations (reproducible for a given ``rng``). A forced move is returned at once.
        ``prior``: the move the game's own player would make (see the module docstring).

        ``at_least``: the work guaranteed, whatever the load: past ``deadline`` the search
        goes on until it has made that many iterations, or until ``ceiling`` (a value of
        :attr:`clock`; without one, ``deadline`` is the end). ``progress(done, at_least,
        elapsed)`` is told how far it is, at most every :data:`PROGRESS_EVERY` seconds;
        ``stop()`` true ends it (the question was withdrawn): the best move so far."""
        clock = self.clock
        t0 = clock()
        legal = self.rules.legal_moves(view)
        if len(legal) == 1:
            return Decision(legal[0], 0.5, None, 0.0, 0, 0.0)
        if deadline is None and seconds is not None:
            deadline = t0 + seconds
        if deadline is None and iterations is None:
            raise ValueError("give the search a time (seconds, deadline) or iterations")
        if ceiling is None or deadline is None or ceiling < deadline:
            ceiling = deadline
        self._view, self._seat = view, seat
        self._worlds: list[tuple[State, int]] = []
        self._seed = rng.below(1 << 40)
        self._root_classes = {m: [m] for m in legal}
        root = self._root = Node(None)
        self._prior = prior if prior in legal else None
        split = self.hints.split
        self._prior_group = _Group(split(prior)) if split and self._prior else None
        self._prior_node: Node | None = None
        self._policy_time = 0.0  # the slowest recent rollout move (decaying)
        done = 0
        slowest = 0.0
        now = told = t0
        while done < (iterations if iterations is not None else math.inf):
            # the end of this decision: the deadline once the work guaranteed is done
            end = math.inf if iterations is not None else \
                deadline if done >= at_least else ceiling
            if done and now + slowest > end:
                break  # the next iteration might not end in time
            if stop is not None and stop():
                break
            self._iterate(root, seat, rng, end)
            done += 1
            before, now = now, clock()
            slowest = max(slowest * 0.98, now - before)
            if progress is not None and now - told >= PROGRESS_EVERY:
                told = now
                progress(done, at_least, now - t0)
        return self._decision(root, legal, done, clock() - t0)

    # -- the answer ----------------------------------------------------------------------
    def _decision(self, root: Node, legal: list[Move], done: int, seconds: float) -> Decision:
        ranked = sorted(((n, m) for m, n in self._leaves(root) if m in legal and n.visits),
                        key=lambda p: (p[0].visits, p[0].reward / p[0].visits),
                        reverse=True)
        if not ranked:  # no iteration ran: the prior, else the first move
            return Decision(self._prior or legal[0], 0.5, None, 0.0, done, seconds)
        prior = next((p for p in ranked if p[1] == self._prior), None)
        if prior is not None and ranked[0] is not prior and \
                not self._better(ranked[0][0], prior[0]):
            ranked.remove(prior)
            ranked.insert(0, prior)
        best, move = ranked[0]
        second = ranked[1] if len(ranked) > 1 else None
        worlds, margin, sure = paired(best, second[0]) if second else (0, 0.0, 0.0)
        return Decision(move, best.reward / best.visits,
                        second[1] if second else None,
                        second[0].reward / second[0].visits if second else 0.0,
                        done, seconds, best.visits, worlds, margin, sure)

    def _better(self, node: Node, prior: Node) -> bool:
        """Did ``node`` beat the prior in the worlds both were played in, by more than
        ``switch_z`` standard errors?"""
        n, mean, z = paired(node, prior)
        if n < 2 or len(node.samples or ()) < self.hints.switch_min:
            return False
        return mean > 0 and z > self.hints.switch_z

    @staticmethod
    def _leaves(root: Node):
        """The root's moves with their nodes (through split groups)."""
        for key, node in root.children.items():
            if isinstance(key, _Group):
                yield from node.children.items()
            else:
                yield key, node

    # -- one iteration ---------------------------------------------------------------------
    def _world(self, n: int) -> tuple[State, Rng]:
        """A copy of world ``n`` and its own random numbers (see the module docstring)."""
        worlds = self._worlds
        while len(worlds) <= n:
            r = Rng()
            r.state = self._seed * 1_000_003 + len(worlds)
            sample = self.rules.determinize(self._view, self._seat, r)
            worlds.append((sample, r.state))
        sample, seed = worlds[n]
        r = Rng()
        r.state = seed
        return sample.copy(), r

    def _iterate(self, root: Node, seat: int, rng: Rng, deadline: float) -> None:
        rules = self.rules
        path = [root]
        node, key, expanded = self._choose(root, self._root_classes, seat, rng, path)
        first = node.children[key]
        if first.samples is None:
            first.samples = []
        state, luck = self._world(len(first.samples))
        rules.apply(state, key)
        node = first
        path.append(node)
        while not expanded and not state.over:
            legal = rules.legal_moves(state)
            if len(legal) == 1:  # forced: walk through it
                move = legal[0]
                key = self._key(node, state, move, seat)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = Node(state.actor)
                child.available += 1
            else:
                classes = self._classes(node, state, legal, seat)
                node, key, expanded = self._choose(node, classes, state.actor, rng, path)
                moves = classes[key]
                move = moves[0] if len(moves) == 1 else moves[luck.below(len(moves))]
                child = node.children[key]
            rules.apply(state, move)
            node = child
            path.append(node)
        scores = self._rollout(state, luck, deadline)
        for n in path:
            n.visits += 1
            if n.actor is not None:
                n.reward += scores[n.actor]
        first.samples.append(scores[seat])

    def _choose(self, node: Node, classes: dict, actor: int, rng: Rng, path: list):
        """Pick the key to follow from ``node`` (through a split group when the game
        splits its moves): returns the node the key hangs from (its child for the key
        exists), the key, and whether that child is new."""
        split = self.hints.split
        keys = list(classes)
        if split is not None:
            groups: dict[Hashable, list] = {}
            for k in keys:
                groups.setdefault(_Group(split(k)), []).append(k)
            if 1 < len(groups) < len(keys):
                group, new = self._select(node, list(groups), actor, rng)
                if node is self._root and group == self._prior_group:
                    self._prior_node = node.children[group]
                node = node.children[group]
                path.append(node)
                keys = groups[group]  # a new group: its first move is new too
        key, new = self._select(node, keys, actor, rng)
        return node, key, new

    def _select(self, node: Node, keys: list, actor: int, rng: Rng) -> tuple[Hashable, bool]:
        """UCB with availability counts among ``keys`` (the moves legal in this world):
        an untried key first (the prior first, at the root), else the best UCB value.
        Every tried key gains one availability; an untried one chosen gets its node.
        Returns the key and whether its node is new."""
        children = node.children
        untried = []
        tried = []
        for k in keys:
            child = children.get(k)
            if child is None:
                untried.append(k)
            else:
                child.available += 1
                tried.append((k, child))
        prior = self._prior_key(node, keys)
        if untried:
            key = prior if prior in untried else untried[rng.below(len(untried))]
            child = children[key] = Node(actor)
            child.available = 1
            return key, True
        c = self.hints.exploration
        bonus = self.hints.prior_bonus
        log = math.log
        sqrt = math.sqrt
        best_key, best = None, -math.inf
        for k, child in tried:
            v = child.visits
            score = child.reward / v + c * sqrt(log(child.available) / v)
            if k == prior:
                score += bonus / (v + 1)
            if score > best:
                best_key, best = k, score
        return best_key, False

    def _prior_key(self, node: Node, keys: list) -> Hashable | None:
        """The prior move's key among ``keys`` at ``node``: the move at the root (or its
        group, when the root's moves are split) and in the prior's group."""
        prior = self._prior
        if prior is None or (node is not self._root and node is not self._prior_node):
            return None
        if prior in keys:
            return prior
        return self._prior_group if self._prior_group in keys else None

    def _key(self, node: Node, state: State, move: Move, seat: int) -> Hashable:
        """The move as ``seat`` sees it (another seat's hidden card masked), worked out
        once per node: the same move after the same observed history shows the same."""
        if move.seat == seat:
            return move
        keys = node.keys
        if keys is None:
            keys = node.keys = {}
        key = keys.get(move)
        if key is None:
            rules = self.rules
            key = rules.observe(state, move, seat, state)
            if key != move:  # hidden before: does the move show it?
                after = state.copy()
                rules.apply(after, move)
                key = rules.observe(state, move, seat, after)
            keys[move] = key
        return key

    def _classes(self, node: Node, state: State, legal: list[Move],
                 seat: int) -> dict[Hashable, list]:
        """The legal moves grouped by what ``seat`` sees of them (its own moves one by
        one; another seat's moves that look the same to ``seat`` together)."""
        if state.actor == seat:
            return {m: [m] for m in legal}
        out: dict[Hashable, list] = {}
        for m in legal:
            out.setdefault(self._key(node, state, m, seat), []).append(m)
        return out

    def _rollout(self, state: State, rng: Rng, deadline: float) -> tuple[float, ...]:
        """Play on with the policy, at most ``depth`` moves (forced moves free), then
        score: ``returns`` of a finished game, else ``evaluate`` per seat."""
        rules = self.rules
        hints = self.hints
        policy = hints.policy
        epsilon = hints.epsilon
        left = hints.depth
        clock = self.clock
        while left > 0 and not state.over:
            legal = rules.legal_moves(state)
            if len(legal) == 1:
                move = legal[0]
            else:
                left -= 1
                if policy is None or (epsilon and rng.random() < epsilon):
                    move = legal[rng.below(len(legal))]
                else:
                    start = clock()
                    if start + self._policy_time > deadline:
                        break  # no time for another policy move: score the position now
                    move = policy(rules, state, legal, rng)
                    self._policy_time = max(self._policy_time * 0.95, clock() - start)
            rules.apply(state, move)
        return rules.returns(state)
