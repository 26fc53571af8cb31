"""Computer players. A player only ever receives its seat's *view* of the state.

``choose(rules, view, seat, rng)`` returns one of ``rules.legal_moves(view)``; the moves
of the seat that must act depend only on what that seat can see, so they are the same on
the view as on the full state (the conformance suite checks this for every game).
Players that want to look ahead sample a full state with
``rules.determinize(view, seat, rng)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from .moves import IllegalMove, Move
from .rng import Rng
from .rules import Rules
from .state import State


class Player(Protocol):
    name: str

    def choose(self, rules: Rules, view: State, seat: int, rng: Rng) -> Move: ...


class RandomPlayer:
    """Picks uniformly among the legal moves."""

    name = "random"

    def choose(self, rules: Rules, view: State, seat: int, rng: Rng) -> Move:
        return rng.choice(rules.legal_moves(view))


def computer_move(rules: Rules, state: State, seat: int, player: Player, rng: Rng) -> Move:
    """Ask ``player`` for a move, giving it only ``seat``'s view of ``state``."""
    return player.choose(rules, rules.view(state, seat), seat, rng)


def playout(rules: Rules, state: State, players: dict[int, Player], rng: Rng,
            max_moves: int = 20000,
            check: Callable[[State, Move, State], None] | None = None) -> State:
    """Play to the end with ``players`` (seat -> player), validating every move with
    ``rules.is_legal``. ``state`` is left as it is: the game goes on in one copy, each
    move applied in place once checked (``check(before, move, after)``, when given,
    gets a copy per move)."""
    state = state.copy()
    moves = 0
    while not state.over:
        seat = state.actor
        move = players[seat].choose(rules, rules.view(state, seat), seat, rng)  # computer_move
        if check is not None:
            new = rules.play(state, move)
            check(state, move, new)
            state = new
        elif rules.is_legal(state, move):
            state.events = []
            rules.apply(state, move)
        else:
            raise IllegalMove("That move is not legal now.", move)
        moves += 1
        if moves > max_moves:
            raise RuntimeError(f"game did not end within {max_moves} moves")
    return state


#: the players a name may ask for: the lab's ``--players``
PLAYER_NAMES = ("computer", "random", "search")
#: the search's work per decision in the lab: a number of iterations, not a time, so a
#: run gives the same games on any machine and with any number of workers
SEARCH_ITERATIONS = 200


def player_by_name(game, name: str) -> tuple[Player, str]:
    """A new player for ``game`` (a :class:`~.game.Game`) and a note ("" or why another
    was used): ``computer`` (or ``own``: the game's own player), ``random``, or ``search``
    (the information-set search at :data:`SEARCH_ITERATIONS` iterations a decision,
    through ``Game.player_at``)."""
    if name == "random":
        return RandomPlayer(), ""
    if name == "search":
        return game.player_at("normal", iterations=SEARCH_ITERATIONS), ""
    if name in ("computer", "own"):
        return game.computer_player(), ""
    raise ValueError(f"unknown player {name!r}; known: {', '.join(PLAYER_NAMES)}")
