"""The spread of several bench runs (tabletop/bench/spread.py): the same figure matched
across runs whatever counts each run reports in its words, its worst value by its goal's
sense, and how many runs met the goal."""

from __future__ import annotations

import json

from tabletop.bench import spread


def row(figure, game, ratio, verdict, goal=1.3, sense="<=", on="ratio", value=1.0):
    return {"figure": figure, "game": game, "value": value, "unit": "ms", "yardstick": 1.0,
            "goal": goal, "sense": sense, "on": on, "ratio": ratio, "verdict": verdict,
            "error": ""}


def test_a_figure_is_matched_across_runs_and_judged_by_its_worst(tmp_path, capsys):
    one = [row("frame interval p99, playing (747 frames, 12 moves)",
               "Brawl (worker at nice 5; Xvfb :40; load 0.14 at the start)", 1.13, "PASS"),
           row("search iterations a move, median (5 moves)", "Brawl (worker at nice 5)",
               0.41, "FAIL", goal=0.5, sense=">=")]
    two = [row("frame interval p99, playing (731 frames, 13 moves)",
               "Brawl (worker at nice 5; Xvfb :41; load 1.20 at the start)", 1.36, "FAIL"),
           row("search iterations a move, median (7 moves)", "Brawl (worker at nice 5)",
               0.62, "PASS", goal=0.5, sense=">=")]
    got = spread.spread([one, two])
    assert [(e["figure"], e["game"]) for e in got] == [
        ("frame interval p99, playing", "Brawl (worker at nice 5)"),
        ("search iterations a move, median", "Brawl (worker at nice 5)")]
    assert got[0]["values"] == [1.13, 1.36] and got[0]["worst"] == 1.36
    assert got[1]["worst"] == 0.41  # (at least: the least is the worst)
    assert [e["passed"] for e in got] == [1, 1]
    paths = []
    for i, rows in enumerate((one, two)):
        paths.append(tmp_path / f"run{i}.json")
        paths[-1].write_text(json.dumps(rows), encoding="utf-8")
    assert spread.main([str(p) for p in paths]) == 0
    out = capsys.readouterr().out
    assert "| frame interval p99, playing | Brawl (worker at nice 5) | 1.13x | 1.36x | " \
           "1.36x | <= 1.3x | 1/2 |" in out
    assert out.strip().endswith("0 of 2 figures met their goal in every one of the 2 runs.")


def test_a_figure_missing_from_a_run_or_not_measured_is_not_met_there():
    one = [row("first frame", "the app", None, "FAIL", on="value", goal=1.0) | {
        "error": "no window"}]
    two = [row("first frame", "the app", 0.3, "PASS", on="value", goal=1.0, value=0.3),
           row("menu complete", "the app", 0.9, "PASS", on="value", goal=3.0, value=0.9)]
    got = spread.spread([one, two])
    assert got[0]["values"] == [None, 0.3] and got[0]["worst"] == 0.3
    assert got[0]["passed"] == 1
    assert got[1]["values"] == [None, 0.9] and got[1]["passed"] == 1
    text = spread.markdown(got, 2)
    assert "not measured" in text and "0 of 2 figures" in text
