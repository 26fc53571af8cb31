"""The hint's chance to win, calibrated: the map from the search's raw estimate to a
chance, its file (bad ones refused, never fatal), the fit and its reliability table,
the records ``tabletop calibrate`` makes, and the worker showing the calibrated chance."""

from __future__ import annotations

import json
import logging

import pytest

from tabletop.engine import calibration
from tabletop.engine.calibration import Calibration, calibration_path, hint_chance
from tabletop.engine.pack import pack
from tabletop.engine.rng import Rng
from tabletop.games import GAMES
from tabletop.tools import calibrate
from tabletop.worker_process import answer


def test_the_chance_is_read_off_the_line_between_points_and_held_beyond_them():
    c = Calibration([0.2, 0.5, 0.8], [0.1, 0.4, 0.9])
    assert c.chance(0.5) == pytest.approx(0.4)
    assert c.chance(0.35) == pytest.approx(0.25)  # halfway from 0.1 to 0.4
    assert c.chance(0.65) == pytest.approx(0.65)
    assert c.chance(0.0) == pytest.approx(0.1) and c.chance(1.0) == pytest.approx(0.9)
    # never falling as the estimate rises
    values = [c.chance(i / 100) for i in range(101)]
    assert values == sorted(values)


@pytest.mark.parametrize("data, problem", [
    ({"raw": [0.5, 0.2], "chance": [0.1, 0.3]}, "rise"),
    ({"raw": [0.2, 0.5], "chance": [0.4, 0.3]}, "rise"),
    ({"raw": [0.2], "chance": [1.5]}, "between 0 and 1"),
    ({"raw": [0.2, 0.3], "chance": [0.5]}, "points"),
    ({"raw": [], "chance": []}, "points"),
    ({"raw": [True], "chance": [0.5]}, "numbers"),
    ({"raw": "0.5", "chance": [0.5]}, "numbers"),
    ([0.5], "mapping"),
])
def test_a_calibration_that_is_not_a_rising_map_of_chances_is_refused(data, problem):
    with pytest.raises(ValueError, match=problem):
        Calibration.from_json(data)


def test_a_bad_calibration_file_is_logged_and_left_out(tmp_path, caplog):
    path = tmp_path / "c.json"
    assert calibration.read(path) is None  # none: the raw estimate is shown
    for text in ("{not json", json.dumps({"raw": [0.9, 0.1], "chance": [0.1, 0.2]}),
                 json.dumps({"raw": [float("nan")], "chance": [0.5]}),
                 "x" * (calibration.MAX_BYTES + 1)):
        path.write_text(text)
        with caplog.at_level(logging.WARNING, logger="tabletop.engine.calibration"):
            assert calibration.read(path) is None
        assert "calibration" in caplog.text
        caplog.clear()
    Calibration([0.1, 0.9], [0.2, 0.7], 12).write(path)
    back = calibration.read(path)
    assert (back.raw, back.chance_at, back.positions) == ([0.1, 0.9], [0.2, 0.7], 12)


def test_the_logistic_fit_finds_the_curve_the_outcomes_follow():
    """Outcomes drawn with chance sigmoid(0.3 + 0.5 * logit(raw)): the fit finds 0.3 and
    0.5; estimates that tell nothing give the share won everywhere."""
    rng = Rng(8)
    points = []
    for _ in range(6000):
        raw = rng.random()
        chance = calibrate._sigmoid(0.3 + 0.5 * calibrate._logit(raw))
        points.append((raw, 1.0 if rng.random() < chance else 0.0))
    a, b = calibrate.logistic(points)
    assert a == pytest.approx(0.3, abs=0.08) and b == pytest.approx(0.5, abs=0.08)
    flat = [(rng.random(), 1.0 if i % 4 == 0 else 0.0) for i in range(400)]
    a, b = calibrate.logistic(flat)
    assert b < 0.1
    assert all(abs(calibrate._sigmoid(a + b * calibrate._logit(r / 10)) - 0.25) < 0.05
               for r in range(11))


def test_a_fit_pulls_an_over_sure_search_in_and_stays_rising():
    rng = Rng(3)
    records = []
    for k in range(4000):  # a search twice as sure as it should be
        raw = rng.random()
        chance = calibrate._sigmoid(0.5 * calibrate._logit(raw))
        records.append({"k": k, "raw": raw, "outcome": 1.0 if rng.random() < chance else 0.0})
    c = calibrate.fit(records)
    assert len(c.raw) == calibrate.GRID + 1 and c.positions == 4000
    assert c.raw == sorted(c.raw) and c.chance_at == sorted(c.chance_at)
    # the fit pulls the over-sure ends in: 0.05 -> about 0.19, 0.95 -> about 0.81, and
    # no raw estimate of 0 or 1 gives 0% or 100%
    assert 0.14 < c.chance(0.05) < 0.24 and 0.76 < c.chance(0.95) < 0.86
    assert c.chance(0.0) > 0.05 and c.chance(1.0) < 0.95
    lines, met = calibrate.table("t", calibrate.out_of_sample(records))
    assert met, lines
    raw_lines, raw_met = calibrate.table("t", [(r["raw"], r["outcome"]) for r in records])
    assert not raw_met and "MISSED" in "\n".join(raw_lines)


def test_the_reliability_table_counts_by_tenths():
    pairs = [(0.05, 0.0), (0.07, 1.0), (0.55, 1.0), (1.0, 1.0)]
    assert calibrate.reliability(pairs) == [
        (0, 2, pytest.approx(0.06), 0.5), (5, 1, 0.55, 1.0), (9, 1, 1.0, 1.0)]


def test_the_records_say_what_the_hint_expected_and_what_happened():
    """Solo's own player in every seat; the hinted seat follows the hint; the same game
    number gives the same records."""
    game = GAMES["solo-deckbuilder"]
    first = calibrate.play_one(game, 3, 4, iterations=12)
    assert first == calibrate.play_one(game, 3, 4, iterations=12)
    assert 1 <= len(first) <= 4
    assert len({r["index"] for r in first}) == len(first)
    for r in first:
        assert r["game"] == "solo-deckbuilder" and r["seed"] == calibrate.SEED + 3
        assert 0.0 <= r["raw"] <= 1.0 and 0.0 <= r["outcome"] <= 1.0
        assert r["iterations"] >= 12 and r["move_number"] < r["moves"]


@pytest.mark.parametrize("gid", list(GAMES))
def test_every_game_ships_a_calibration_from_at_least_1000_positions(gid):
    shipped = calibration.read(calibration_path(gid))
    assert shipped is not None, f"no calibration at {calibration_path(gid)}"
    assert shipped.positions >= 1000
    assert shipped.chance_at == sorted(shipped.chance_at)


def test_the_worker_shows_a_hint_the_calibrated_chance(monkeypatch):
    game = GAMES["brawl"]
    rules = game.rules
    state = rules.new_state(rules.load_catalog(mod_dirs=[]), rules.default_options(), 4)
    rng = Rng(1)
    while len(rules.legal_moves(state)) < 2:
        state = rules.play(state, rng.choice(rules.legal_moves(state)))
    seat = state.actor
    # a calibration that halves every estimate, for this test
    monkeypatch.setattr(calibration, "for_game",
                        lambda gid: Calibration([0.0, 1.0], [0.0, 0.5]))
    reply = answer(game, state, {}, Rng(2),
                   {"question": ["hint", seat, 0, 0, 1], "budget": 0.05, "player": "normal",
                    "view": pack(rules.view(state, seat))})
    d = reply["details"]
    assert "error" not in reply
    assert d["value"] == pytest.approx(d["raw_value"] / 2)
    # a computer seat's move keeps the search's own estimate
    reply = answer(game, state, {}, Rng(2),
                   {"question": ["move", seat, 0, 0, 2], "budget": 0.05, "player": "normal",
                    "view": pack(rules.view(state, seat))})
    assert "raw_value" not in reply["details"]


def test_without_a_calibration_the_hint_shows_the_raw_estimate(monkeypatch):
    monkeypatch.setattr(calibration, "for_game", lambda gid: None)
    assert hint_chance("brawl", 0.37) == 0.37


def test_a_records_file_with_a_broken_line_is_refused_with_its_place(tmp_path):
    good = {"game": "brawl", "k": 0, "index": 3, "raw": 0.4, "outcome": 1.0}
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps(good) + "\n" + json.dumps(good) + "\n\n")
    assert calibrate.read_records([path]) == [good]  # (the same position counts once)
    for bad in ('{"game": "brawl", "k": 1', json.dumps({**good, "raw": None}), "[1, 2]"):
        path.write_text(json.dumps(good) + "\n" + bad + "\n")
        with pytest.raises(SystemExit, match="c.jsonl:2 is not a record"):
            calibrate.read_records([path])
    with pytest.raises(SystemExit, match="cannot read"):
        calibrate.read_records([tmp_path / "missing.jsonl"])
