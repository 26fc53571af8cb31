"""The search only ever answers with a move legal for the seat it was asked about, in the
true state it sees only a view of: every game in the registry, 300 positions each (1,500
in all) from games played at random and by the games' own players, searched from the
acting seat's view; and the worker's whole answer (the view packed and rebuilt, the
player chosen by the request) on a share of them."""

from __future__ import annotations

import pytest

from tabletop.engine.pack import pack, unpack_move
from tabletop.engine.rng import Rng
from tabletop.games import GAMES
from tabletop.worker_process import answer

POSITIONS = 300


def positions(game, count: int, seed: int = 1) -> list:
    """``count`` (the deal's seed, a state with a choice to make: two legal moves or more),
    taken from games played alternately at random and by the game's own player."""
    rules = game.rules
    catalog = rules.load_catalog(mod_dirs=[])
    options = rules.default_options()
    rng = Rng(seed)
    own = game.computer_player()
    out = []
    deal = 0
    while len(out) < count:
        deal += 1
        state = rules.new_state(catalog, options, seed * 1000 + deal)
        dealt = seed * 1000 + deal
        by_own = deal % 2 == 0
        while not state.over and len(out) < count:
            legal = rules.legal_moves(state)
            if len(legal) > 1 and rng.random() < 0.3:
                out.append((dealt, state))
            seat = state.actor
            move = own.choose(rules, rules.view(state, seat), seat, rng) if by_own else \
                rng.choice(legal)
            state = rules.play(state, move)
    return out


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_search_answers_only_with_moves_legal_for_the_seat_asked(game_id):
    game = GAMES[game_id]
    rules = game.rules
    player = game.player_at("normal", iterations=6)
    rng = Rng(5)
    found = positions(game, POSITIONS)
    assert len(found) == POSITIONS
    wrong = []
    for _, state in found:
        seat = state.actor
        move = player.choose(rules, rules.view(state, seat), seat, rng)
        if move.seat != seat or move not in rules.legal_moves(state):
            wrong.append(game.notation.format_move(state, move))
    assert wrong == []


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_workers_answer_is_legal_for_the_seat_asked(game_id):
    """As the worker answers a request: the view packed, rebuilt on its own set-up, the
    player named by the request (a hint, a level, the game's own)."""
    game = GAMES[game_id]
    rules = game.rules
    catalog = rules.load_catalog(mod_dirs=[])
    players: dict = {}
    rng = Rng(9)
    for i, (dealt, state) in enumerate(positions(game, 60, seed=2)):
        template = rules.new_state(catalog, rules.default_options(), dealt)  # as the worker's
        seat = state.actor
        kind, player = [("move", "easy"), ("move", "normal"), ("hint", "normal")][i % 3]
        reply = answer(game, template, players, rng,
                       {"question": [kind, seat, 0, 0, i], "budget": 0.02, "player": player,
                        "view": pack(rules.view(state, seat))})
        assert "error" not in reply, reply["error"]
        assert reply["question"] == [kind, seat, 0, 0, i]
        move = unpack_move(reply["move"])
        assert move.seat == seat and move in rules.legal_moves(state), reply
