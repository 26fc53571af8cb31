"""A copy and its original are independent in raw playouts (the loop of a search: legal
moves, pick one, copy, apply): applying a move to either leaves the other exactly as it
was. This guards any sharing a copy may do (copy-on-write zones, shared tuples): a write
that leaked through would change the other state's snapshot."""

from __future__ import annotations

import pytest

from tabletop.engine.rng import Rng
from tabletop.games import GAMES
from tabletop.tools.playout_digest import option_sets, snapshot


@pytest.fixture(scope="module")
def catalogs() -> dict:
    return {game_id: game.rules.load_catalog(mod_dirs=[]) for game_id, game in GAMES.items()}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_move_applied_to_a_copy_or_its_original_leaves_the_other_alone(game_id,
                                                                        catalogs) -> None:
    game = GAMES[game_id]
    rules = game.rules
    for options in option_sets(game):
        options = rules.normalize_options(options)
        for seed in range(2):
            s = rules.new_state(catalogs[game_id], options, seed)
            rng = Rng(seed)
            while not s.over:
                move = rng.choice(rules.legal_moves(s))
                before = snapshot(s)
                child = s.copy()
                rules.apply(child, move)
                assert snapshot(s) == before, (options, seed, move)
                # the other way: the original moves on, the copy stays as it was made
                twin = s.copy()
                made = snapshot(twin)
                s.events = []  # as a copy starts: then s and child must be equal
                rules.apply(s, move)
                assert snapshot(twin) == made, (options, seed, move)
                assert snapshot(s) == snapshot(child), (options, seed, move)
