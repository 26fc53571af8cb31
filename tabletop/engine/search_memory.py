"""The search's trees kept between a seat's questions (tree reuse).

After a decision the worker keeps, for the seat and the kind of question, the part of the
tree under the move it answered. When the same seat is asked again, in the same game,
with nothing undone between, the search starts from the node reached by what the seat has
seen happen since: its own move, then the others' moves as it observed them (the tree
keys another seat's move by what the searching seat sees of it). Its statistics are a
head start: the work a level guarantees counts new iterations only, so a kept tree makes
a decision better founded, never cheaper.

What happened since is known exactly when the request says it (``seen``: the observed
moves since the seat's last question of that kind, its own first). Without it, a tree is
kept only across the seat's own move (the next question comes one move and one change
later), and only when the new view agrees with the move it answered (played in a few
worlds sampled from the view before: the cards the seat knew are where the move put them,
and the same seat acts in the same turn and phase); a Hint's answer is advice, whose
person may have played another move, so a Hint keeps its tree only with ``seen``.

Anything else drops the tree: another game, an undo, a move the tree never tried, another
level, or a subtree of more than :data:`MAX_NODES` nodes (0.3-1.3 kB a node, measured).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from .moves import Move
from .pack import pack
from .rng import Rng
from .rules import Rules
from .search import Node, count_nodes, subtree
from .state import HIDDEN, State

#: the most nodes a kept tree may have (more: it is dropped)
MAX_NODES = 20_000
#: the worlds in which the move answered is checked against the new view (no ``seen``)
CHECKS = 4


@dataclass
class _Kept:
    """One seat's kept tree: the question it answered (level, moves, changes), the view,
    the move made and the node under it."""

    level: str
    moves: int
    changes: int
    view: State
    move: Move
    node: Node
    #: the size was checked (after the reply went)
    sized: bool = False


class TreeMemory:
    """The kept trees of one worker, one per (kind of question, seat)."""

    def __init__(self, max_nodes: int = MAX_NODES) -> None:
        self.max_nodes = max_nodes
        self._kept: dict[tuple[str, int], _Kept] = {}
        #: trees taken, and dropped as not consistent or too big (for tests and logs)
        self.taken = 0
        self.dropped = 0

    def keep(self, kind: str, seat: int, level: str, moves: int, changes: int,
             view: State, move: Move, root: Node,
             split: Callable[[Move], Hashable] | None) -> None:
        """Keep the tree of a decision just made (``root``) under ``move``; its size is
        checked by :meth:`settle`, after the reply."""
        node = subtree(root, [move], split)
        if node is None:
            self._kept.pop((kind, seat), None)
            return
        self._kept[(kind, seat)] = _Kept(level, moves, changes, view, move, node)

    def settle(self) -> None:
        """Drop a kept tree too big to keep (called when nobody waits)."""
        for key, kept in list(self._kept.items()):
            if not kept.sized:
                kept.sized = True
                if count_nodes(kept.node, self.max_nodes) > self.max_nodes:
                    del self._kept[key]
                    self.dropped += 1

    def take(self, rules: Rules, kind: str, seat: int, level: str, moves: int,
             changes: int, view: State, seen: Sequence[Move] | None,
             split: Callable[[Move], Hashable] | None, rng: Rng) -> Node | None:
        """The kept tree to start this question's search from, or None; either way the
        seat's kept tree is given up (the next one is kept after this decision)."""
        kept = self._kept.pop((kind, seat), None)
        if kept is None:
            return None
        node = self._follow(rules, kept, kind, seat, level, moves, changes, view, seen,
                            split, rng)
        if node is None:
            self.dropped += 1
        else:
            self.taken += 1
        return node

    def clear(self) -> None:
        self._kept.clear()

    def _follow(self, rules: Rules, kept: _Kept, kind: str, seat: int, level: str,
                moves: int, changes: int, view: State, seen: Sequence[Move] | None,
                split: Callable[[Move], Hashable] | None, rng: Rng) -> Node | None:
        gone = moves - kept.moves
        if level != kept.level or gone < 1 or changes - kept.changes != gone or \
                view.actor != seat:
            return None  # another level, another game, an undo or a redo between
        if seen is not None:
            if len(seen) != gone or seen[0] != kept.move:
                return None
            return subtree(kept.node, seen[1:], split)
        if gone != 1 or kind != "move":
            return None  # what the others did is not known
        return kept.node if _agrees(rules, kept.view, kept.move, view, seat, rng) else None


def _agrees(rules: Rules, before: State, move: Move, after: State, seat: int,
            rng: Rng) -> bool:
    """Is ``after`` (a view of ``seat``) what ``move`` made of the view ``before``, as
    far as the seat can tell: in one of a few worlds sampled from ``before``, the move
    leaves every card the seat saw where the new view has it, and the same seat to act
    in the same turn, phase and state of the game?"""
    want = _shape(after, before)
    for _ in range(CHECKS):
        world = rules.determinize(before, seat, rng)
        if move not in rules.legal_moves(world):
            continue
        rules.apply(world, move)
        if _shape(rules.view(world, seat), before) == want:
            return True
    return False


def _shape(view: State, known: State) -> tuple:
    """What a view shows of the cards ``known`` showed (their zones, marks), and all else
    it shows but its other cards and its random numbers (whose turn and step it is, the
    counters, a game's own fields)."""
    shown = {c for cards in known.zones.values() for c in cards if c != HIDDEN}
    where = sorted((c, z, c in view.facedown, c in view.turned, view.attached.get(c))
                   for z, cards in view.zones.items() for c in cards if c in shown)
    rest = pack(view)
    for name in _UNCOMPARED:
        rest.pop(name, None)
    return tuple(where), json.dumps(rest, sort_keys=True, default=repr)


#: the slots :func:`_shape` leaves out (cards compared one by one; chance; the log)
_UNCOMPARED = ("zones", "facedown", "turned", "attached", "rng", "events")
