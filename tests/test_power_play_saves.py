"""Power Play saves: a round trip replays exactly; the sample save loads; docs name the
notation."""

from __future__ import annotations

from pathlib import Path

from power_play_helpers import GAME, real_cards

from tabletop.engine.info import SeatConfig
from tabletop.engine.players import computer_move
from tabletop.engine.rng import Rng
from tabletop.engine.saves import read_save, session_from_dict, write_save
from tabletop.engine.session import Session
from tabletop.games import GAMES
from tabletop.games.power_play import notation

ROOT = Path(__file__).resolve().parent.parent


def test_a_save_round_trip_replays_exactly(tmp_path):
    options = {"players": 3, "less_cooperative": True, "any_bonus": True}
    seats = [SeatConfig("Ana"), SeatConfig("Bo", "computer"), SeatConfig("Cy", "computer")]
    session = Session(GAME, real_cards(), options, 21, seats)
    ai = GAME.computer_player()
    rng = Rng(21)
    while len(session.moves) < 70 and not session.state.over:
        s = session.state
        session.play(computer_move(GAME.rules, s, s.actor, ai, rng))
    path = tmp_path / "pp.json"
    write_save(path, session)
    data = read_save(path, GAMES)
    assert data["game"] == "power-play" and data["options"]["players"] == 3
    loaded, warnings = session_from_dict(data, GAME, real_cards())
    assert not warnings
    assert loaded.notations == session.notations
    assert GAME.positions.to_json(loaded.state) == GAME.positions.to_json(session.state)
    assert loaded.state.zones == session.state.zones and loaded.state.rng == session.state.rng
    assert loaded.log_text(1) == session.log_text(1)


def test_the_sample_save_loads():
    from tabletop import SAMPLE_SAVES_DIR

    path = SAMPLE_SAVES_DIR / "power-play-sample.json"
    data = read_save(path, GAMES)
    loaded, warnings = session_from_dict(data, GAME, real_cards(), path.name)
    assert not warnings, "regenerate with python -m tabletop.tools.make_sample_saves"
    assert len(loaded.moves) == len(data["moves"]) and not loaded.state.over
    assert loaded.state.actor == 0  # ready for the human seat


def test_the_docs_cover_the_notation_and_the_module_table():
    scenarios = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    for verb in notation.SIMPLE + tuple(notation.CARD_VERBS):
        assert f"P1 {verb}" in scenarios or f"P2 {verb}" in scenarios, verb
    rulings = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    assert "## Power Play (`power-play.txt`)" in rulings
    architecture = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert "`tabletop/games/power_play/tally.py`" in architecture
