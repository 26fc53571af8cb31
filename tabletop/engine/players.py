"""Computer players. A player only ever receives its seat's *view* of the state.

``choose(game, view, seat, rng)`` returns one of ``game.legal_moves(view)``; the moves of
the seat that must act depend only on what that seat can see, so they are the same on
the view as on the full state (a test checks this in random playouts). Players that
want to look ahead sample a full state with ``game.determinize(view, seat, rng)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from .game import Game
from .moves import Move
from .rng import Rng
from .state import State


class Player(Protocol):
    name: str

    def choose(self, game: Game, view: State, seat: int, rng: Rng) -> Move: ...


class RandomPlayer:
    """Picks uniformly among the legal moves."""

    name = "random"

    def choose(self, game: Game, view: State, seat: int, rng: Rng) -> Move:
        return rng.choice(game.legal_moves(view))


def simple_player(game: Game) -> Player:
    """The game's default computer player (see :meth:`Game.computer_player`)."""
    return game.computer_player()


def computer_move(game: Game, state: State, seat: int, player: Player, rng: Rng) -> Move:
    """Ask ``player`` for a move, giving it only ``seat``'s view of ``state``."""
    return player.choose(game, game.view(state, seat), seat, rng)


def playout(game: Game, state: State, players: dict[int, Player], rng: Rng,
            max_moves: int = 20000,
            check: Callable[[State, Move, State], None] | None = None) -> State:
    """Play to the end with ``players`` (seat -> player), validating every move."""
    moves = 0
    while not state.over:
        seat = state.actor
        move = computer_move(game, state, seat, players[seat], rng)
        new = game.play(state, move)
        if check is not None:
            check(state, move, new)
        state = new
        moves += 1
        if moves > max_moves:
            raise RuntimeError(f"game did not end within {max_moves} moves")
    return state
