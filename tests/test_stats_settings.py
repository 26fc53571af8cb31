"""Statistics and settings files in the user folders: what they count and keep, atomic
writes, and a bad file refused with a message without ever stopping the app."""

from __future__ import annotations

import json

from tabletop.engine.info import SeatConfig
from tabletop.engine.paths import user_config
from tabletop.engine.session import Session
from tabletop.engine.settings import Settings, load_settings, save_settings, settings_path
from tabletop.engine.stats import StatsFile, read_records, record_of, stats_path, summary
from tabletop.games import get_game


def rec(key, winners, opponent="computer", game="brawl", mode="competitive", ended="01"):
    return {"key": key, "game": game, "ended": f"2026-01-{ended}T10:00:00", "mode": mode,
            "seats": [{"name": "Ana", "kind": "human", "role": "P1"},
                      {"name": "Bo", "kind": opponent, "role": "P2"}],
            "winners": winners}


def test_a_summary_counts_by_seat_and_opponent_with_the_longest_streak():
    records = [rec("a", [0], ended="01"), rec("b", [0], ended="02"), rec("c", [1], ended="03"),
               rec("d", [0], ended="04"), rec("e", [0], ended="05"), rec("f", [0], ended="06"),
               rec("g", [], ended="07"), rec("h", [0], game="power-play", ended="08")]
    s = summary(records, "brawl")
    assert (s.total.played, s.total.won, s.total.lost, s.total.drawn) == (7, 5, 1, 1)
    assert s.longest_streak == 3 and s.current_streak == 0
    assert (s.by_seat["P1"].played, s.by_seat["P1"].won, s.by_seat["P1"].lost) == (7, 5, 1)
    assert "P2" not in s.by_seat  # a computer's seat is not counted
    assert s.by_opponent["the computer"].played == 7


def test_hot_seat_games_count_each_human_seat_and_name_the_opponent():
    s = summary([rec("a", [1], opponent="human")], "brawl")
    assert s.by_seat["P1"].lost == 1 and s.by_seat["P2"].won == 1
    assert s.by_opponent["Bo"].lost == 1 and s.by_opponent["Ana"].won == 1


def test_a_cooperative_loss_is_lost_by_every_hero():
    r = {"key": "x", "game": "power-play", "ended": "2026-01-01T00:00:00", "mode": "coop",
         "seats": [{"name": "A", "kind": "human", "role": "P1"},
                   {"name": "B", "kind": "computer", "role": "P2"}], "winners": []}
    s = summary([r], "power-play")
    assert s.total.lost == 1 and s.by_opponent["the game"].lost == 1


def test_a_finished_session_is_recorded_and_kept_atomically(tmp_path):
    game = get_game("brawl")
    session = Session(game, game.rules.load_catalog(mod_dirs=[]), {}, 3,
                      [SeatConfig("Ana"), SeatConfig("Robo", "computer")])
    record = record_of(session, "game-1")
    assert record["seats"][1] == {"name": "Robo", "kind": "computer", "role": "P2"}
    stats = StatsFile()
    stats.add(record).result()
    stats.add({**record, "winners": [1]}).result()  # the same game again: replaced
    assert read_records() == [{**record, "winners": [1]}]
    assert not list(stats_path().parent.glob(".stats.json.*.tmp"))  # no temporary left


def test_a_bad_statistics_file_is_refused_with_a_message_and_kept_aside():
    stats_path().write_text('{"format": "tabletop-stats", "version": 1, "games": [{"key": 1}]}')
    stats = StatsFile()
    assert stats.records == []
    assert stats.problem.startswith("Your statistics file stats.json could not be read")
    stats.add(rec("a", [0])).result()
    assert "kept as stats-unreadable-" in stats.problem
    assert len(list(stats_path().parent.glob("stats-unreadable-*.json"))) == 1
    assert [r["key"] for r in read_records()] == ["a"]


def test_an_oversized_or_nested_statistics_file_is_refused():
    stats_path().write_text("[" * 100 + "]" * 100)
    assert "nested too deeply" in StatsFile().problem
    stats_path().write_bytes(b" " * 5_000_000)
    assert "bytes" in StatsFile().problem


def test_settings_round_trip_and_bad_values_fall_back_with_a_message():
    assert load_settings() == (Settings(), "")  # no file: the defaults
    save_settings(Settings(animation="off", pace="slow")).result()
    assert settings_path().parent == user_config()
    assert load_settings() == (Settings(animation="off", pace="slow"), "")
    settings_path().write_text(json.dumps({"animation": "warp", "pace": "quick", "x": 1}))
    settings, problem = load_settings()
    assert settings == Settings(animation="normal", pace="quick")
    assert "animation 'warp'" in problem and "unknown setting 'x'" in problem
    settings_path().write_text("{not json")
    settings, problem = load_settings()
    assert settings == Settings() and "not readable JSON" in problem
    assert Settings(animation="off").speed == 0 and Settings(pace="quick").pace_seconds < 0.5
