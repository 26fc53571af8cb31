"""``tabletop bench``: the quick run (the CI smoke test) prints one table in which every
figure stands beside a yardstick from the same run, with its goal and a verdict; the
per-game figures cover every game in the registry."""

from __future__ import annotations

import json
import math

import pytest

from tabletop import bench
from tabletop.bench.report import Row, error_row, ratio_row, table, value_row
from tabletop.games import GAMES

#: the measurements made once for every registered game
PER_GAME = ("frames", "play", "undo", "cardload", "memory", "saving", "decisions", "search",
            "playouts")


@pytest.fixture(scope="module")
def quick(tmp_path_factory):
    import contextlib
    import io

    path = tmp_path_factory.mktemp("bench") / "bench.json"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert bench.main(quick=True, json_path=path) == 0
    return out.getvalue(), json.loads(path.read_text(encoding="utf-8"))


def test_the_table_has_one_judged_line_per_figure(quick):
    text, rows = quick
    lines = [line for line in text.splitlines() if line.startswith("|")]
    assert [c.strip() for c in lines[0].strip("|").split("|")][:6] == \
        ["figure", "game", "measured", "yardstick (same run)", "ratio", "goal"]
    assert set(lines[1]) <= {"|", "-"}
    assert len(lines) == len(rows) + 2
    for line, row in zip(lines[2:], rows, strict=True):
        cells = [c.strip() for c in line.strip("|").split("|")]
        assert len(cells) == 7
        assert cells[0] == row["figure"] and cells[6] == row["verdict"]
        assert cells[6] in ("PASS", "FAIL")
    passed = sum(r["verdict"] == "PASS" for r in rows)
    assert f"{passed} of {len(rows)} figures meet their goal" in text


def test_every_figure_is_measured_beside_a_yardstick_with_a_goal(quick):
    _, rows = quick
    for row in rows:
        assert not row["error"], (row["figure"], row["game"], row["error"])
        assert math.isfinite(row["value"]) and row["value"] >= 0, row
        assert math.isfinite(row["yardstick"]) and row["yardstick"] > 0, row
        assert row["yard_label"] and row["unit"], row
        assert row["sense"] in ("<=", ">=") and row["on"] in ("ratio", "value")
        judged = row["ratio"] if row["on"] == "ratio" else row["value"]
        ok = judged <= row["goal"] if row["sense"] == "<=" else judged >= row["goal"]
        assert row["verdict"] == ("PASS" if ok else "FAIL"), row


def test_the_figures_cover_every_game_and_every_measurement(quick):
    _, rows = quick
    parts = {m.__module__.rsplit(".", 1)[-1] for m in bench.MEASUREMENTS}
    assert parts == {r["part"] for r in rows}
    for part in PER_GAME:
        games = " ".join(r["game"] for r in rows if r["part"] == part)
        for game in GAMES.values():
            assert game.info.title in games, (part, game.info.id)
    frames = {r["figure"] for r in rows if r["part"] == "frames"}
    assert "frame max, move frames" in frames
    for start in ("frame p99, move frames", "frame p99, opening and resizing",
                  "frames to show the table opened or resized", "building the table"):
        assert any(f.startswith(start) for f in frames), start


def test_verdicts_follow_the_goal():
    assert ratio_row("f", "g", 1.2, "ms", 1.0, "bare", 1.3).ok
    assert not ratio_row("f", "g", 1.4, "ms", 1.0, "bare", 1.3).ok
    assert value_row("f", "g", 310, "games/s", 2.0, "raw", 300, ">=").ok
    assert not value_row("f", "g", 290, "games/s", 2000.0, "raw", 300, ">=").ok
    assert not value_row("f", "g", 17.0, "ms", 1.0, "bare", 1000 / 60).ok
    failed = error_row("f", "g", RuntimeError("no worker"))
    assert not failed.ok and failed.verdict == "FAIL"
    assert "not measured: RuntimeError: no worker" in table([failed])
    assert isinstance(failed, Row)


def test_sigterm_stops_the_bench():
    """Told to stop, the bench stops (SDL's signal handlers would turn SIGTERM into a quit
    event that the bench never reads)."""
    import os
    import signal
    import subprocess
    import sys
    import time

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONUNBUFFERED": "1"}
    env.pop("SDL_NO_SIGNAL_HANDLERS", None)
    proc = subprocess.Popen([sys.executable, "-m", "tabletop", "bench", "--only", "frames"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env=env)
    try:
        assert "Tabletop benchmark" in proc.stdout.readline()  # under way
        time.sleep(3)  # the tables' window is open by now (SDL's handlers would be set)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) != 0
    finally:
        proc.kill()
        proc.wait()


def test_the_play_measurement_plays_every_game_on_a_real_display(quick):
    """``play``: the app's own loop with a person playing each game, on a real display
    when there is one (a private Xvfb when the binary exists), the worker's priority shown
    before (nice 0) and after (the chosen level) on the first game."""
    import os
    import shutil

    from tabletop.bench.play import DUMMY
    from tabletop.worker import WORKER_NICE

    _, rows = quick
    play = [r for r in rows if r["part"] == "play"]
    if os.environ.get("DISPLAY"):
        display = "X display"
    elif shutil.which("Xvfb"):
        display = "Xvfb :"
    else:
        display = DUMMY
    for row in play:
        assert display in row["game"] and "load" in row["game"], row["game"]
    for game in GAMES.values():
        mine = [r for r in play if r["game"].startswith(game.info.title + " (")]
        figures = {r["figure"].split(" (")[0] for r in mine}
        assert {"frame interval p99, playing", "frames over 33 ms, playing"} <= figures, \
            (game.info.id, figures)
        for row in mine:
            assert math.isfinite(row["value"]) and math.isfinite(row["yardstick"]), row
        if game.rules.seat_count(game.rules.default_options()) > 1:
            assert f"worker at nice {WORKER_NICE}" in mine[0]["game"]
    first = next(iter(GAMES.values())).info.title
    levels = {r["game"].split("worker at nice ")[1].split(";")[0] for r in play
              if r["game"].startswith(first)}
    assert levels == {"0", str(WORKER_NICE)}
    for row in play:  # there when each level's worker answered a searched move
        if row["figure"].startswith("search iterations a move"):
            assert row["yard_label"].startswith("worker at nice 0") and row["sense"] == ">="


def test_play_rows_set_intervals_beside_the_bare_loop():
    from tabletop.bench.play import LONG_MS, frame_rows

    bare = [16.7] * 995 + [40.0] * 5  # 0.5 % of the bare frames lost
    smooth = {"frames": [16.7] * 1000, "thinking": [True] * 500 + [False] * 500,
              "moves": 9}
    rows = frame_rows("Brawl", smooth, bare, 12)
    assert [r.ok for r in rows] == [True] * 4
    lost = {"frames": [16.7] * 960 + [LONG_MS + 1] * 40, "thinking": [False] * 900 +
            [True] * 100, "moves": 9}  # 4 % over 33 ms: more than 0.5 % + 1 point
    rows = {r.figure.split(" (")[0]: r for r in frame_rows("Brawl", lost, bare, 12)}
    assert not rows["frames over 33 ms, playing"].ok
    assert not rows["frames over 33 ms, a computer thinking"].ok
    assert not rows["frame interval p99, a computer thinking"].ok
    assert rows["frame interval p99, playing"].value == LONG_MS + 1


def test_play_finds_a_display(monkeypatch):
    import shutil
    import sys

    from tabletop.bench import play

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("DISPLAY", ":7")
    with play.real_display() as (env, label):
        assert env == {"SDL_VIDEODRIVER": "x11"} and label == "X display :7"
    monkeypatch.delenv("DISPLAY")
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with play.real_display() as (env, label):
        assert env == {"SDL_VIDEODRIVER": "dummy"} and label == play.DUMMY


def test_play_starts_and_stops_a_private_xvfb():
    import shutil
    import subprocess
    from pathlib import Path

    from tabletop.bench.play import private_xvfb

    if not shutil.which("Xvfb"):
        pytest.skip("no Xvfb")
    with private_xvfb() as display:
        socket = Path(f"/tmp/.X11-unix/X{display[1:]}")
        assert socket.exists()
        if shutil.which("xdpyinfo"):
            subprocess.run(["xdpyinfo", "-display", display], check=True,
                           capture_output=True, timeout=20)
    assert not Path(f"/tmp/.X{display[1:]}-lock").exists()
