"""Hero vs Nemesis scenario positions: starting in set-up."""

from __future__ import annotations

import pytest

from tabletop.engine.moves import NotationError
from tabletop.games import get_game

GAME = get_game("hero-vs-nemesis")


def test_a_setup_position_starts_at_the_deal_and_gives_nothing_else():
    catalog = GAME.rules.load_catalog(mod_dirs=[])
    s = GAME.positions.build(catalog, {}, 3, {"phase": "setup"})
    dealt = GAME.rules.new_state(catalog, {}, 3)
    assert s.zones == dealt.zones and s.pending == dealt.pending
    assert s.pending.kind == "ace" and s.actor == 0
    for bad in ({"phase": "setup", "deck": ["2 of Clubs"]}, {"phase": "fight"}):
        with pytest.raises(NotationError, match="set-up|phase"):
            GAME.positions.build(catalog, {}, 3, bad)
