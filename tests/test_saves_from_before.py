"""Saves written before the engine core (issue 9) load and replay to the same table.

``tests/fixtures/saves/before-engine-core/`` holds, for each game and some option sets, a
complete random game saved by the tree before the rewrite (commit 710c7b4), beside what
that tree showed at its end: every zone's cards by name, whether the game was over, the
last lines of the game log and the number of moves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.engine.saves import read_save, session_from_dict
from tabletop.games import GAMES

HERE = Path(__file__).parent / "fixtures" / "saves" / "before-engine-core"
SAVES = sorted(p for p in HERE.glob("*.json") if not p.name.endswith(".expect.json"))


@pytest.fixture(scope="module")
def catalogs():
    return {gid: game.rules.load_catalog(mod_dirs=[]) for gid, game in GAMES.items()}


def test_every_game_has_a_save_from_before():
    assert {read_save(p, GAMES)["game"] for p in SAVES} == {
        "brawl", "power-play", "hero-vs-nemesis", "solo-deckbuilder"}


@pytest.mark.parametrize("path", SAVES, ids=[p.stem for p in SAVES])
def test_a_save_from_before_replays_to_the_same_table(path, catalogs):
    data = read_save(path, GAMES)
    game = GAMES[data["game"]]
    session, warnings = session_from_dict(data, game, catalogs[game.info.id], path.name)
    expect = json.loads(path.with_name(path.stem + ".expect.json").read_text())
    state = session.state
    assert len(session.moves) == expect["moves"]
    assert session.notations == data["moves"]  # each move reads as it was written
    assert state.over == expect["over"]
    for zone, names in expect["zones"].items():
        got = [state.name(c) if c >= 0 else None for c in state.zones[zone]]
        if zone.startswith(("deck", "resources", "enemy", "box", "kicks", "weaknesses")):
            got, names = sorted(got, key=str), sorted(names, key=str)  # piles, not orders
        assert got == names, zone
    assert session.log_text(None).splitlines()[-5:] == expect["log"]
