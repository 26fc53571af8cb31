"""The playout digest (``python -m tabletop.tools.playout_digest``): the check that a
change meant only to be faster leaves every game as it was."""

from __future__ import annotations

from tabletop.games import GAMES
from tabletop.tools.playout_digest import digest, main, option_sets


def test_the_digest_is_the_same_for_the_same_games_and_differs_otherwise(brawl_cards):
    game = GAMES["brawl"]
    first = digest(game, brawl_cards, {}, 2)
    assert digest(game, brawl_cards, {}, 2) == first
    assert digest(game, brawl_cards, {"more_actions": True}, 2)[1] != first[1]
    assert digest(game, brawl_cards, {}, 3)[1] != first[1]


def test_every_game_and_option_set_gets_a_line(capsys):
    assert main(["--games", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == sum(len(option_sets(g)) for g in GAMES.values())
    for game_id in GAMES:
        assert any(line.startswith(game_id + " ") for line in lines)
