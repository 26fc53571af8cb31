"""The time from launching the app to its first drawn frame (the main menu, in a fresh
process with an empty user folder), against a bare pygame program that opens a window
and draws one frame, launched the same way; and to the menu complete (the games
imported and every card file checked by the menu's helper thread, the fan of cards
painted, frames running all the while), so that work moved after the first frame is
still measured."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

from .. import PACKAGE_PARENT
from .games import Context
from .report import Row, value_row

GOAL_S = 1.0
#: the menu complete: no later than the whole start took before it was split (2 s on the
#: loaded development machine), with room for that machine's load
COMPLETE_S = 3.0

APP = ("import time, sys; t0 = float(sys.argv[1])\n"
       "from tabletop.ui.app import App\n"
       "from tabletop.ui.menu import MainMenu\n"
       "app = App(headless=True); menu = MainMenu(); app.push(menu); app.step(0.016)\n"
       "first = time.time() - t0 - (time.perf_counter() - app.first_frame_at)\n"
       "while not (menu.ready and len(menu.fan) == len(menu.prep.showcase)):\n"
       "    app.step(); app.clock.tick(60)  # as App.run paces frames\n"
       "print(first, time.time() - t0)\n")

BARE = ("import time, sys; t0 = float(sys.argv[1])\n"
        "import pygame\n"
        "pygame.display.init(); pygame.font.init()\n"
        "screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)\n"
        "screen.fill((18, 44, 50)); pygame.display.flip()\n"
        "print(time.time() - t0)\n")


def launch(code: str) -> list[float]:
    """Seconds from starting ``python -c code`` to the moments it reports."""
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "TABLETOP_HOME": home, "PYGAME_HIDE_SUPPORT_PROMPT": "1",
               "PYTHONPATH": os.pathsep.join(p for p in (str(PACKAGE_PARENT),
                                                         os.environ.get("PYTHONPATH")) if p)}
        out = subprocess.run([sys.executable, "-c", code, repr(time.time())],
                             capture_output=True, text=True, env=env, timeout=120, check=True)
    return [float(x) for x in out.stdout.strip().splitlines()[-1].split()]


def measure(ctx: Context) -> list[Row]:
    runs = 2 if ctx.quick else 5
    app, done, bare = [], [], []
    for _ in range(runs):  # interleaved, so all see the same load
        first, complete = launch(APP)
        app.append(first)
        done.append(complete)
        bare.append(launch(BARE)[0])
    yard = statistics.median(bare)
    return [value_row(f"first frame, median of {runs} launches", "app (main menu)",
                      statistics.median(app), "s", yard, "bare pygame window", GOAL_S),
            value_row(f"menu complete, median of {runs} launches",
                      "app (cards checked, fan drawn)", statistics.median(done), "s", yard,
                      "bare pygame window", COMPLETE_S)]
