"""The games the bench measures on: a real late, busy game of each game (played by its
computer players from a seed) and a long game (for undo, saves and loads at 300 moves).

Both are worked out once per run and kept in :class:`Context`, which every measurement
receives."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from ..engine.game import Game, SeatConfig
from ..engine.moves import Move
from ..engine.rng import Rng
from ..engine.session import Session
from ..games import GAMES

#: the seeds whose games are searched for the busiest late position and the longest game
BUSY_SEEDS = (1, 2, 3)
LONG_SEEDS = tuple(range(1, 41))
#: the move count the long-game figures are taken at (capped at the game's length)
LENGTHS = (50, 150, 300)


@dataclass
class Played:
    """A game played from ``seed`` with ``options``: its moves, in order."""

    game: Game
    options: dict[str, Any]
    seed: int
    moves: list[Move]

    def session(self, upto: int | None = None, seats: list[SeatConfig] | None = None,
                catalog=None) -> Session:
        """A session holding the first ``upto`` moves (all by default)."""
        if catalog is None:
            catalog = self.game.rules.load_catalog(mod_dirs=[])
        session = Session(self.game, catalog, self.options, self.seed, seats)
        for move in self.moves[:upto]:
            session.play(move)
        return session


def against_computers(game: Game, options: dict[str, Any],
                      level: str = "easy") -> list[SeatConfig]:
    """The seats the bench's tables give a game played with ``options``: seat 0 a person
    ("You"), the others computer players at ``level``."""
    count = game.rules.seat_count(options)
    return [SeatConfig("You")] + [SeatConfig(f"Computer {i}", "computer", level)
                                  for i in range(1, count)]


@dataclass
class Context:
    """What every measurement gets: quick or full, and the games worked out so far."""

    quick: bool = False
    games: dict[str, Game] = field(default_factory=lambda: dict(GAMES))
    _catalogs: dict[str, Any] = field(default_factory=dict)
    _busy: dict[str, tuple[Played, int]] = field(default_factory=dict)
    _long: dict[str, Played] = field(default_factory=dict)

    def catalog(self, game_id: str):
        if game_id not in self._catalogs:
            self._catalogs[game_id] = self.games[game_id].rules.load_catalog(mod_dirs=[])
        return self._catalogs[game_id]

    def busy(self, game_id: str, count_cards, room: int = 0) -> tuple[Played, int]:
        """A game played by the computer players and the move (in its later half, with
        ``room`` moves left to play when the game is long enough) after which the table
        shows the most cards (``count_cards(session, index)``)."""
        if game_id not in self._busy:
            best: tuple[int, Played, int] | None = None
            for seed in BUSY_SEEDS[:1] if self.quick else BUSY_SEEDS:
                played = computer_game(self.games[game_id], self.catalog(game_id), seed)
                session = played.session(catalog=self.catalog(game_id))
                n = len(played.moves)
                for i in range(n // 2, max(n // 2 + 1, n - room)):
                    cards = count_cards(session, i)
                    if best is None or cards > best[0]:
                        best = (cards, played, i)
            assert best is not None
            self._busy[game_id] = (best[1], best[2])
        return self._busy[game_id]

    def long(self, game_id: str) -> Played:
        """The longest random game over a few seeds and option sets."""
        if game_id not in self._long:
            self._long[game_id] = longest_game(self.games[game_id], self.catalog(game_id),
                                               LONG_SEEDS[:8] if self.quick else LONG_SEEDS)
        return self._long[game_id]


def computer_game(game: Game, catalog, seed: int, max_moves: int = 2000,
                  timings: list[float] | None = None) -> Played:
    """Play a whole game with the game's own computer player in every seat (each seeing
    only its view); ``timings`` gets each decision's seconds."""
    rules = game.rules
    options = rules.default_options()
    state = rules.new_state(catalog, options, seed)
    players = {seat: game.computer_player() for seat in range(state.seats)}
    rng = Rng(seed)
    moves: list[Move] = []
    while not state.over and len(moves) < max_moves:
        seat = state.actor
        view = rules.view(state, seat)
        t0 = time.perf_counter()
        move = players[seat].choose(rules, view, seat, rng)
        if timings is not None:
            timings.append(time.perf_counter() - t0)
        state = rules.play(state, move)
        moves.append(move)
    return Played(game, options, seed, moves)


def option_sets(game: Game) -> list[dict[str, Any]]:
    """The default options and every on/off option switched on at once."""
    switches = {o.key: True for o in game.info.options if not o.choices}
    return [{}, switches] if switches else [{}]


def longest_game(game: Game, catalog, seeds) -> Played:
    rules = game.rules
    best: Played | None = None
    for options in option_sets(game):
        options = rules.normalize_options(options)
        for seed in seeds:
            state = rules.new_state(catalog, options, seed)
            rng = Rng(seed)
            moves = []
            while not state.over and len(moves) < max(LENGTHS):
                move = rng.choice(rules.legal_moves(state))
                state = rules.play(state, move)
                moves.append(move)
            if best is None or len(moves) > len(best.moves):
                best = Played(game, options, seed, moves)
            if len(best.moves) >= max(LENGTHS):
                return best
    assert best is not None
    return best


def at_lengths(played: Played) -> list[int]:
    """The move counts of :data:`LENGTHS` the game reaches (its length when shorter)."""
    n = len(played.moves)
    out = sorted({min(n, length) for length in LENGTHS})
    return [x for x in out if x > 0]
