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

**Reuse and helpers.** ``decide`` may start from a kept ``tree`` (the part of the seat's
previous tree still consistent with what it has seen since, :mod:`.search_memory`): its
visits are a head start, and the work guaranteed counts new iterations only. Other
processes may search the same decision in worlds of their own (:mod:`.search_pool`):
``others()`` counts their iterations towards the work, ``gather()`` brings their root
figures, merged with this search's (visits and rewards summed; each process's common
worlds paired within it).

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
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field

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
    #: the scores of every seat where a rollout stops (a finished game's included;
    #: None: the rules' ``returns``, ``evaluate`` when cut off), e.g. a learned
    #: evaluation (:func:`~.evaluation.scorer`)
    score: Callable[[State], tuple[float, ...]] | None = None


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
    #: the root's visits the decision began with (a kept tree's head start; not counted
    #: in ``iterations``), and how many processes' searches were merged into it
    reused: int = 0
    processes: int = 1


@dataclass
class RootStat:
    """A root move's figures from the searches of one decision: its visits, its total
    reward for the searching seat, and its scores in each search's common worlds (one
    list a search, in the same order for every move)."""

    visits: int = 0
    reward: float = 0.0
    runs: list[list[float]] = field(default_factory=list)

    @property
    def worlds(self) -> int:
        return sum(len(r) for r in self.runs)


#: a decision's root moves and their figures
RootStats = dict[Move, RootStat]


def merge(parts: Sequence[RootStats]) -> RootStats:
    """The root figures of several searches of the same decision as one: visits and
    rewards summed, each search's worlds kept as its own run (run ``k``: search ``k``)."""
    out: RootStats = {}
    for k, part in enumerate(parts):
        for move, stat in part.items():
            got = out.get(move)
            if got is None:
                got = out[move] = RootStat(0, 0.0, [[] for _ in parts])
            got.visits += stat.visits
            got.reward += stat.reward
            got.runs[k] = [x for run in stat.runs for x in run]
    return out


def paired_runs(xs: Sequence[Sequence[float]], ys: Sequence[Sequence[float]]
                ) -> tuple[int, float, float]:
    """Two root moves' scores, run by run (a run: one search's common worlds, world
    ``n`` the same for both), in the worlds both were played in: how many, the mean of
    the first's score less the second's there, and that mean in standard errors (0 with
    fewer than two worlds; a difference the same in every world counts as certain,
    ``inf``)."""
    diffs: list[float] = []
    for x, y in zip(xs, ys, strict=False):
        n = min(len(x), len(y))
        diffs += [p - q for p, q in zip(x[:n], y[:n], strict=True)]
    n = len(diffs)
    if n < 2:
        return n, diffs[0] if n else 0.0, 0.0
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var == 0:
        return n, mean, math.inf if mean else 0.0
    return n, mean, mean / math.sqrt(var / n)


def paired(a: Node, b: Node) -> tuple[int, float, float]:
    """Root moves ``a`` and ``b`` of one search in the worlds both were played in (see
    :func:`paired_runs`)."""
    return paired_runs([a.samples or []], [b.samples or []])


class _Group:
    """A tree key for the first step of a split compound move."""

    __slots__ = ("key",)

    def __init__(self, key: Hashable) -> None:
        self.key = key

    def __eq__(self, other) -> bool:
        return isinstance(other, _Group) and other.key == self.key

    def __hash__(self) -> int:
        return hash(("group", self.key))


def subtree(root: Node, keys: Iterable[Hashable], split: Callable[[Move], Hashable] | None
            ) -> Node | None:
    """The node reached from ``root`` by ``keys`` (moves, another seat's as the searching
    seat saw them), through a split group where the tree went through one (the busier
    way when it went both); None when the tree never went that way."""
    node = root
    for key in keys:
        ways = [node.children.get(key)]
        if split is not None and isinstance(key, Move):
            group = node.children.get(_Group(split(key)))
            ways.append(group.children.get(key) if group is not None else None)
        found = [n for n in ways if n is not None]
        if not found:
            return None
        node = max(found, key=lambda n: n.visits)
    return node


def count_nodes(root: Node, most: int) -> int:
    """The nodes of the tree under ``root`` (itself included), counted up to ``most + 1``
    (more is too many: the count stops there)."""
    seen, todo = 0, [root]
    while todo and seen <= most:
        node = todo.pop()
        seen += 1
        todo.extend(node.children.values())
    return seen


class Search:
    """ISMCTS for one seat (see the module docstring). After :meth:`decide`, ``root``
    is its tree (to keep for the seat's next decision)."""

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
               stop: Callable[[], bool] | None = None, tree: Node | None = None,
               others: Callable[[], int] | None = None,
               gather: Callable[[], list[RootStats]] | None = None) -> Decision:
        """The best move for ``seat`` from its ``view``: thinking until ``deadline``
        (a value of :attr:`clock`), for ``seconds``, or for exactly ``iterations``
        iterations (reproducible for a given ``rng``). A forced move is returned at once.
        ``prior``: the move the game's own player would make (see the module docstring).

        ``at_least``: the work guaranteed, whatever the load: past ``deadline`` the search
        goes on until it has made that many iterations, or until ``ceiling`` (a value of
        :attr:`clock`; without one, ``deadline`` is the end). ``progress(done, at_least,
        elapsed)`` is told how far it is, at most every :data:`PROGRESS_EVERY` seconds;
        ``stop()`` true ends it (the question was withdrawn): the best move so far.

        ``tree``: a kept tree to go on from (its visits a head start, see the module
        docstring); ``others()``: the iterations other processes have made for this
        decision, counted towards ``at_least`` and in the progress; ``gather()``: their
        root figures at the end, merged with this search's."""
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
        root = self.root = self._root = tree if tree is not None else Node(None)
        reused = root.visits
        for _, node in self._leaves(root):
            node.samples = None  # common worlds are this decision's own
        self._prior = prior if prior in legal else None
        split = self.hints.split
        self._prior_group = _Group(split(prior)) if split and self._prior else None
        self._prior_node: Node | None = None
        self._policy_time = 0.0  # the slowest recent rollout move (decaying)
        done = 0
        slowest = 0.0
        now = told = t0
        helped = 0
        while done < (iterations if iterations is not None else math.inf):
            if others is not None:
                helped = others()
            # the end of this decision: the deadline once the work guaranteed is done
            end = math.inf if iterations is not None else \
                deadline if done + helped >= at_least else ceiling
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
                progress(done + helped, at_least, now - t0)
        stats = self.root_stats(root)
        parts = gather() if gather is not None else []
        if parts:
            stats = merge([stats, *parts])
        return self._decision(stats, legal, done, clock() - t0, reused, 1 + len(parts))

    # -- the answer ----------------------------------------------------------------------
    def root_stats(self, root: Node | None = None) -> RootStats:
        """The root moves' figures of this search (a move reached both directly and
        through its split group counts both ways)."""
        out: RootStats = {}
        for move, node in self._leaves(self._root if root is None else root):
            stat = out.get(move)
            if stat is None:
                stat = out[move] = RootStat(0, 0.0, [[]])
            stat.visits += node.visits
            stat.reward += node.reward
            stat.runs[0] += node.samples or []
        return out

    def _decision(self, stats: RootStats, legal: list[Move], done: int, seconds: float,
                  reused: int = 0, processes: int = 1) -> Decision:
        ranked = sorted(((n, m) for m, n in stats.items() if m in legal and n.visits),
                        key=lambda p: (p[0].visits, p[0].reward / p[0].visits),
                        reverse=True)
        if not ranked:  # no iteration ran: the prior, else the first move
            return Decision(self._prior or legal[0], 0.5, None, 0.0, done, seconds,
                            reused=reused, processes=processes)
        prior = next((p for p in ranked if p[1] == self._prior), None)
        if prior is not None and ranked[0] is not prior and \
                not self._better(ranked[0][0], prior[0]):
            ranked.remove(prior)
            ranked.insert(0, prior)
        best, move = ranked[0]
        second = ranked[1] if len(ranked) > 1 else None
        worlds, margin, sure = paired_runs(best.runs, second[0].runs) if second else \
            (0, 0.0, 0.0)
        return Decision(move, best.reward / best.visits,
                        second[1] if second else None,
                        second[0].reward / second[0].visits if second else 0.0,
                        done, seconds, best.visits, worlds, margin, sure, reused, processes)

    def _better(self, node: RootStat, prior: RootStat) -> bool:
        """Did ``node`` beat the prior in the worlds both were played in, by more than
        ``switch_z`` standard errors?"""
        n, mean, z = paired_runs(node.runs, prior.runs)
        if n < 2 or node.worlds < self.hints.switch_min:
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
        """:func:`rollout`, stopped before a policy move that might overrun ``deadline``
        (the slowest recent policy move, decaying, is the measure)."""
        policy = self.hints.policy
        if policy is None:
            return rollout(self.rules, self.hints, state, rng)
        clock = self.clock

        def timed(rules: Rules, state: State, legal: list[Move], rng: Rng) -> Move | None:
            start = clock()
            if start + self._policy_time > deadline:
                return None  # no time for another policy move: score the position now
            move = policy(rules, state, legal, rng)
            self._policy_time = max(self._policy_time * 0.95, clock() - start)
            return move

        return rollout(self.rules, self.hints, state, rng, timed)


def rollout(rules: Rules, hints: SearchHints, state: State, rng: Rng,
            policy: Callable[[Rules, State, list[Move], Rng], Move | None] | None = None
            ) -> tuple[float, ...]:
    """Play ``state`` on with ``policy`` (the hints' own by default; uniform random
    without one, or for the hints' ``epsilon`` share) for at most ``depth`` decisions
    (forced moves free), then score it with the hints' ``score``, by default ``returns``
    of a finished game, else ``evaluate`` per seat. A policy that gives None ends the play there."""
    policy = hints.policy if policy is None else policy
    epsilon, left = hints.epsilon, hints.depth
    while left > 0 and not state.over:
        legal = rules.legal_moves(state)
        if len(legal) == 1:
            move = legal[0]
        else:
            left -= 1
            if policy is None or (epsilon and rng.random() < epsilon):
                move = legal[rng.below(len(legal))]
            else:
                move = policy(rules, state, legal, rng)
                if move is None:
                    break
        rules.apply(state, move)
    return rules.returns(state) if hints.score is None else hints.score(state)
