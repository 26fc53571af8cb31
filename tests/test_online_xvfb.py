"""Two real app windows on a virtual X screen play a whole Brawl game against each other
through the server the first one hosts (127.0.0.1 only).

Each window is the app as ``tabletop`` makes it, in a process of its own with a user
folder of its own, driven only by posted mouse and keyboard events
(``tests/online_window.py``): the host starts the game from the New game screen with
seat 2 Online, the friend joins from Play online with the address and code the host's
table shows, and each plays its seat until the game is over.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_e2e_xvfb import xserver  # noqa: F401 - the fixture

pytest.importorskip("websockets")

pytestmark = pytest.mark.e2e

HERE = Path(__file__).parent


def test_two_windows_play_a_whole_brawl_game_online(xserver, tmp_path):  # noqa: F811
    procs = []
    for role, seed in (("host", 1), ("join", 2)):
        env = {**os.environ, "DISPLAY": xserver, "TABLETOP_HOME": str(tmp_path / role),
               "TABLETOP_HOST_ADDRESS": "127.0.0.1", "SDL_AUDIODRIVER": "dummy",
               "TABLETOP_LAN_INTERFACES": "127.0.0.1",
               "SDL_VIDEODRIVER": "x11", "TABLETOP_AI_DELAY": "0.05",
               "PYTHONPATH": os.pathsep.join([str(HERE.parent), str(HERE)])}
        procs.append(subprocess.Popen(
            [sys.executable, str(HERE / "online_window.py"), role, str(tmp_path), str(seed)],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True))
    outs = []
    for proc in procs:
        try:
            out, _ = proc.communicate(timeout=420)
        except subprocess.TimeoutExpired:
            for p in procs:
                p.kill()
            raise
        outs.append(out)
        assert proc.returncode == 0, out[-3000:]
    host = json.loads((tmp_path / "host.json").read_text())
    join = json.loads((tmp_path / "join.json").read_text())
    assert host["driver"] == join["driver"] == "x11"  # real windows, not the dummy driver
    assert host["over"] and join["over"]
    assert host["winners"] == join["winners"] and host["winners"]
    assert (host["seat"], join["seat"]) == (0, 1)
    assert host["gestures"] >= 3 and join["gestures"] >= 3
    assert not host["unreachable"] and not join["unreachable"]
    # both saw the same game: every move in both logs, in the same order (the words
    # may differ where a card was hidden from one of them)
    assert [i for i, _ in host["log"]] == [i for i, _ in join["log"]]
    assert len(host["log"]) > 10
    assert host["log"][-1][0] == len(host["log"]) - 1  # (every entry, none missing)
