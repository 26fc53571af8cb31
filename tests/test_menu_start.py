"""The main menu's first frame needs no game (issue 11: first frame <= 1 s): in a fresh
process the games, the catalogs and the saves folder are read by a helper thread after
that frame, and the menu fills in; a button that needs the games, clicked before then, is
acted on once they are read, the frames going on meanwhile."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tabletop import PACKAGE_PARENT as ROOT

COLD = """
import json, sys, time
from tabletop.ui.app import App
from tabletop.ui.menu import MainMenu
app = App(headless=True)
called = []
menu = MainMenu(on_ready=lambda: called.append(1))
app.push(menu)
out = {"games before": "tabletop.games" in sys.modules}
app.step(0.016)
out["first frame labels"] = [b.label for b in menu.buttons]
out["continue enabled"] = menu.buttons[0].enabled
if sys.argv[1] == "click":
    menu.new_game()  # before the preparation is done: remembered, no frame held
    out["scene at once"] = type(app.scene).__name__
    out["said"] = menu.toast.message
    frames = 0
    while type(app.scene).__name__ == "MainMenu" and frames < 5000:
        app.step(0.016)
        frames += 1
        time.sleep(0.002)
    out["frames while waiting"] = frames
    out["scene"] = type(app.scene).__name__
else:
    frames = 0
    while not (menu.ready and len(menu.fan) == len(menu.prep.showcase)):
        app.step(0.016)
        frames += 1
        time.sleep(0.002)
    out["frames"] = frames
    out["fan"] = len(menu.fan)
    out["problems"] = len(menu.prep.errors)
    out["expected problems"] = len(app.card_errors())
    out["info"] = menu.continue_info
    from tabletop.games import GAMES
    from tabletop.ui.kits import KITS
    out["imported ahead"] = sorted(
        name for name in ["tabletop.ui.table", "tabletop.ui.opening", "tabletop.ui.newgame",
                          "tabletop.ui.kits"]
        + [KITS[gid].layout.__module__ for gid in GAMES]
        if name in sys.modules)
    out["to import"] = 4 + len(GAMES)
    for _ in range(3):
        app.step(0.016)
out["ready calls"] = len(called)
print(json.dumps(out))
"""


def run(mode: str, home) -> dict:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TABLETOP_HOME": str(home), "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH"))
                                         if p)}
    out = subprocess.run([sys.executable, "-c", COLD, mode], capture_output=True, text=True,
                         env=env, timeout=180, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_first_frame_imports_no_game_and_the_menu_fills_in_after(tmp_path):
    out = run("frames", tmp_path)
    assert out["games before"] is False
    assert out["first frame labels"][:3] == ["Continue", "New game", "Load game"]
    assert out["continue enabled"] is False  # not known yet (and nothing to continue)
    assert out["fan"] == 5 and out["frames"] >= 5  # the fan painted one card a frame
    assert out["problems"] == out["expected problems"]
    assert out["ready calls"] == 1
    # what a click on the menu opens was imported by the helper, not in that click's frame
    assert len(out["imported ahead"]) == out["to import"], out["imported ahead"]


def test_a_click_before_the_menu_is_complete_is_acted_on_when_it_is(tmp_path):
    out = run("click", tmp_path)
    assert out["scene at once"] == "MainMenu"  # the click held no frame
    assert "Reading the games" in out["said"]
    assert out["frames while waiting"] >= 1
    assert out["scene"] == "NewGame"
    assert out["ready calls"] == 1


def test_the_menu_still_names_the_other_screens():
    """Older imports keep working: the screens live in their own modules now."""
    from tabletop.ui import loadgame, menu, newgame, screens

    assert menu.NewGame is newgame.NewGame
    assert menu.LoadGame is loadgame.LoadGame and menu.start_table is loadgame.start_table
    assert menu.Confirm is screens.Confirm and menu.CardProblems is screens.CardProblems
