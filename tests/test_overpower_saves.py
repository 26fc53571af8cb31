"""OverPower saves replay exactly; the sample save loads ready for the human seat; the docs
cover the notation, the rulings and the scenario positions."""

from __future__ import annotations

from pathlib import Path

from overpower_helpers import CATALOG, GAME

from tabletop.engine.info import SeatConfig
from tabletop.engine.players import computer_move
from tabletop.engine.rng import Rng
from tabletop.engine.saves import read_save, session_from_dict, session_to_dict
from tabletop.engine.session import Session
from tabletop.games import GAMES
from tabletop.games.overpower import notation

ROOT = Path(__file__).resolve().parent.parent


def test_a_game_between_computer_players_replays_exactly():
    session = Session(GAME, CATALOG, {"team_p1": "quarryfolk", "team_p2": "scrapline"}, 9,
                      [SeatConfig("Ana", "computer"), SeatConfig("Bo", "computer")])
    rng = Rng(9)
    player = GAME.computer_player()
    while not session.state.over and len(session.moves) < 400:
        seat = session.state.actor
        session.play(computer_move(GAME.rules, session.state, seat, player, rng))
    loaded, warnings = session_from_dict(session_to_dict(session), GAME, CATALOG)
    assert not warnings
    assert loaded.notations == session.notations
    assert GAME.positions.to_json(loaded.state) == GAME.positions.to_json(session.state)
    assert loaded.state.zones == session.state.zones and loaded.state.rng == session.state.rng
    assert loaded.log_text(1) == session.log_text(1)


def test_the_sample_save_loads():
    from tabletop import SAMPLE_SAVES_DIR

    path = SAMPLE_SAVES_DIR / "overpower-sample.json"
    data = read_save(path, GAMES)
    loaded, warnings = session_from_dict(data, GAME, CATALOG, path.name)
    assert not warnings, "regenerate it (tabletop.tools.make_sample_saves, OverPower only)"
    assert len(loaded.moves) == len(data["moves"]) and not loaded.state.over
    assert loaded.state.actor == 0  # ready for the human seat


def test_the_docs_cover_the_notation_the_rulings_and_the_positions():
    scenarios = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    section = scenarios.split("## OverPower")[1]
    for verb in notation.SIMPLE + notation.ACTIONS + tuple(notation.READERS):
        assert f"P1 {verb}" in section or f"P2 {verb}" in section, verb
    for key in ("front", "reserve", "hand", "draw", "placed", "hits", "record", "pack",
                "dead", "defeated_characters", "missions", "completed", "defeated",
                "ventured", "first", "phase: setup", "battle"):
        assert key in section, key
    rulings = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    assert "## OverPower (`overpower.txt`)" in rulings
    for name in ("test_the_ladder_after_a_win_and_a_loss",
                 "test_spectrum_ko_with_and_without_the_record"):
        assert name in rulings
    assert (ROOT / "tabletop" / "games" / "overpower" / "help.md").exists()
