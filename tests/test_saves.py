"""Saves: round trip, atomic writes (even when killed), refusal of bad saves."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from tabletop.engine.info import SeatConfig
from tabletop.engine.players import RandomPlayer, computer_move
from tabletop.engine.rng import Rng
from tabletop.engine.saves import (
    SAVE_VERSION,
    UPGRADERS,
    SaveError,
    parse_save,
    read_save,
    session_from_dict,
    session_to_dict,
    write_save,
)
from tabletop.engine.session import Session
from tabletop.games import GAMES


def played(brawl, catalog, moves=60, seed=8, options=None):
    session = Session(brawl, catalog, options or {"more_actions": True}, seed,
                      [SeatConfig("Ana"), SeatConfig("Bo", "computer")])
    r = Rng(seed)
    for _ in range(moves):
        if session.state.over:
            break
        seat = session.state.actor
        session.play(computer_move(brawl.rules, session.state, seat, RandomPlayer(), r))
    return session


def test_round_trip_replays_exactly(brawl, brawl_cards, tmp_path):
    session = played(brawl, brawl_cards)
    session.notes[3] = "A storm rolls in."
    path = tmp_path / "game.json"
    write_save(path, session)
    data = read_save(path, GAMES)
    assert data["version"] == SAVE_VERSION and data["game"] == "brawl"
    assert data["fingerprint"] == brawl_cards.fingerprint
    loaded, warnings = session_from_dict(data, brawl, brawl_cards)
    assert not warnings
    assert brawl.positions.to_json(loaded.state) == brawl.positions.to_json(session.state)
    assert loaded.state.zones == session.state.zones and loaded.state.rng == session.state.rng
    assert loaded.notations == session.notations
    assert loaded.log_text() == session.log_text()
    assert [s.kind for s in loaded.seats] == ["human", "computer"]


def test_a_computer_seats_level_is_saved_and_an_older_save_plays_at_easy(brawl, brawl_cards,
                                                                          tmp_path):
    session = Session(brawl, brawl_cards, {}, 8,
                      [SeatConfig("Ana"), SeatConfig("Bo", "computer", "hard")])
    path = tmp_path / "game.json"
    write_save(path, session)
    assert json.loads(path.read_text())["seats"] == [
        {"name": "Ana", "kind": "human"}, {"name": "Bo", "kind": "computer", "level": "hard"}]
    loaded, _ = session_from_dict(read_save(path, GAMES), brawl, brawl_cards)
    assert [s.level for s in loaded.seats if s.kind == "computer"] == ["hard"]
    # a version-1 save has no levels: its computer seats keep the game's own player
    old = session_to_dict(session)
    old["version"] = 1
    del old["seats"][1]["level"]
    loaded, _ = session_from_dict(parse_save(json.dumps(old).encode(), games=GAMES), brawl,
                                  brawl_cards)
    assert loaded.seats[1].level == "easy"


def test_the_saved_move_log_is_readable_notation(brawl, brawl_cards, tmp_path):
    session = played(brawl, brawl_cards, moves=10)
    path = tmp_path / "game.json"
    write_save(path, session)
    moves = json.loads(path.read_text())["moves"]
    assert moves[0].startswith("P1 pick \"")


def test_corrupt_truncated_and_newer_saves_are_refused(brawl, brawl_cards, tmp_path):
    session = played(brawl, brawl_cards)
    path = tmp_path / "game.json"
    write_save(path, session)
    raw = path.read_bytes()
    with pytest.raises(SaveError, match="damaged"):
        parse_save(raw[: len(raw) // 2], games=GAMES)
    with pytest.raises(SaveError, match="not a Tabletop save"):
        parse_save(b'{"hello": 1}', games=GAMES)
    data = json.loads(raw)
    data["version"] = SAVE_VERSION + 1
    with pytest.raises(SaveError, match="newer Tabletop"):
        parse_save(json.dumps(data).encode(), games=GAMES)
    data = json.loads(raw)
    data["moves"][5] = 'P1 attack "Nobody" > "Nothing"'
    with pytest.raises(SaveError, match="move 6"):
        session_from_dict(parse_save(json.dumps(data).encode(), games=GAMES), brawl, brawl_cards)
    data = json.loads(raw)
    del data["seed"]
    with pytest.raises(SaveError, match="seed"):
        parse_save(json.dumps(data).encode(), games=GAMES)


def test_old_saves_are_upgraded(brawl, brawl_cards, monkeypatch):
    session = played(brawl, brawl_cards, moves=5)
    data = session_to_dict(session)
    data["version"] = SAVE_VERSION - 1
    data["turns"] = data.pop("moves")  # pretend the old format named it differently
    monkeypatch.setitem(UPGRADERS, SAVE_VERSION - 1,
                        lambda d: {**{k: v for k, v in d.items() if k != "turns"},
                                   "moves": d["turns"]})
    upgraded = parse_save(json.dumps(data).encode(), games=GAMES)
    loaded, _ = session_from_dict(upgraded, brawl, brawl_cards)
    assert loaded.notations == session.notations


def test_changed_card_data_is_reported(brawl, brawl_cards):
    session = played(brawl, brawl_cards, moves=5)
    data = session_to_dict(session)
    data["fingerprint"] = "0" * 16
    _, warnings = session_from_dict(data, brawl, brawl_cards)
    assert warnings and "card data has changed" in warnings[0]


WRITER = """
import sys, time
from tabletop.engine.saves import atomic_write
path = sys.argv[1]
i = 0
while True:
    i += 1
    blob = ('{"n": %d, "pad": "' % i + "x" * (200000 + i % 977) + '"}').encode()
    atomic_write(path, blob)
"""


def test_killing_the_app_while_saving_never_leaves_a_broken_save(tmp_path):
    path = tmp_path / "save.json"
    for round_ in range(6):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path)])
        end = time.time() + 20  # a busy machine may take a while to start Python
        while not path.exists() and time.time() < end:
            time.sleep(0.02)
        time.sleep(0.25 + 0.05 * round_)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        data = json.loads(path.read_text())  # always whole: the old or the new file
        assert data["n"] >= 1
    leftovers = [p for p in tmp_path.iterdir() if p.name != "save.json"]
    # temporary files of killed writers may remain, but never replace the save
    assert all(p.name.startswith(".save.json.") for p in leftovers)


def test_sample_saves_load(brawl, brawl_cards):
    from tabletop import SAMPLE_SAVES_DIR

    files = sorted(SAMPLE_SAVES_DIR.glob("*.json"))
    assert any(read_save(f, GAMES)["game"] == "brawl" for f in files)
    for f in files:
        data = read_save(f, GAMES)
        if data["game"] == "brawl":
            loaded, warnings = session_from_dict(data, brawl, brawl_cards, f.name)
            assert not warnings, f"{f.name}: regenerate with tools/make_sample_saves.py"
            assert len(loaded.moves) == len(data["moves"])


SETUP_POSITIONS = {
    "brawl": ({}, {"phase": "setup", "hands": {
        "P1": ["Granite Warden", "Solar Storm", "Grid Blackout", "Vanishing Act", "Dead Air",
               "Lucky Star"],
        "P2": ["Iron Mawgrave", "Fever Dream", "Broken Mirror", "Counterstroke",
               "Field Dressing", "Group Huddle"]}}),
    "power-play": ({"players": 3, "receding": True},
                   {"phase": "setup", "active": "P2", "powers": ["Flame 1", "Frost 2"],
                    "locations": ["Night Market"]}),
    "solo-deckbuilder": ({"superhero": "choose"},
                         {"phase": "setup", "locations": ["Signal Tower"],
                          "deck": ["Cold Feet", "Cold Feet"]}),
}


@pytest.mark.parametrize("game_id", sorted(SETUP_POSITIONS))
def test_a_game_from_a_setup_position_saves_and_replays(game_id, tmp_path):
    """Issue 10: the set-up position is kept in the save; loading builds it again and
    replays the moves to the same table, log and generator."""
    from tabletop.games import GAMES

    game = GAMES[game_id]
    catalog = game.rules.load_catalog(mod_dirs=[])
    options, position = SETUP_POSITIONS[game_id]
    seats = [SeatConfig(f"P{n + 1}") for n in range(game.rules.seat_count(
        game.rules.normalize_options(options)))]
    session = Session(game, catalog, options, 6, seats, position=position)
    assert session.state.phase != "over"
    r = Rng(6)
    for _ in range(25):
        if session.state.over:
            break
        seat = session.state.actor
        session.play(computer_move(game.rules, session.state, seat, RandomPlayer(), r))
    path = tmp_path / "setup.json"
    write_save(path, session)
    data = read_save(path, GAMES)
    assert data["position"] == position
    # the first move is a set-up move (or the first active hero's, in Power Play)
    first = {"brawl": "P1 pick", "power-play": "P2 play", "solo-deckbuilder": "P1 hero"}
    assert data["moves"][0].startswith(first[game_id])
    loaded, warnings = session_from_dict(data, game, catalog)
    assert not warnings and loaded.position == position
    assert loaded.notations == session.notations and len(loaded.moves) == 25
    assert loaded.state.zones == session.state.zones and loaded.state.rng == session.state.rng
    assert game.positions.to_json(loaded.state) == game.positions.to_json(session.state)
    assert loaded.log_text() == session.log_text()
