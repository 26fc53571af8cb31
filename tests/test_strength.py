"""How strong the search is, by playing whole games (long: outside the default suite).

Run with ``TABLETOP_STRENGTH=1 python -m pytest -m slow tests/test_strength.py``
(``TABLETOP_STRENGTH_GAMES`` games a game, default 200; the budget is Normal's, counted
in CPU time so that a busy machine does not weaken it). The figures in
docs/computer-players.md come from ``tabletop strength`` (the same games, written to a
file as they are played); this test checks that the search is not weaker than the
game's own player: the lower end of the Wilson 95% interval of its result is above the
own player's result on the same deals, less a margin for the own player's own spread.
"""

from __future__ import annotations

import os

import pytest

from tabletop.games import GAMES
from tabletop.tools.strength import play_one, wilson

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not os.environ.get("TABLETOP_STRENGTH"),
                                 reason="long: set TABLETOP_STRENGTH=1 to run")]

GAMES_A_GAME = int(os.environ.get("TABLETOP_STRENGTH_GAMES", "200"))


def result(record: dict) -> float:
    return 1.0 if record["won"] else 0.5 if record["draw"] and record["searching"] else 0.0


@pytest.mark.parametrize("gid", list(GAMES))
def test_the_search_is_not_weaker_than_the_games_own_player(gid):
    game = GAMES[gid]
    search = [play_one(game, k, "search", "normal", None, None, {}, cpu=True)
              for k in range(GAMES_A_GAME)]
    own = [play_one(game, k, "own", "normal", None, None, {}) for k in range(GAMES_A_GAME)]
    wins = sum(result(r) for r in search)
    base = sum(result(r) for r in own) / len(own)
    low, _ = wilson(wins, len(search))
    assert low >= base - 0.1, (wins / len(search), base)
