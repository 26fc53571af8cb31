"""The time from launching the app to its first drawn frame (the main menu, in a fresh
process with an empty user folder), against a bare pygame program that opens a window
and draws one frame, launched the same way."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

from .. import ROOT
from .games import Context
from .report import Row, value_row

GOAL_S = 1.0

APP = ("import time, sys; t0 = float(sys.argv[1])\n"
       "from tabletop.ui.app import App\n"
       "from tabletop.ui.menu import MainMenu\n"
       "app = App(headless=True); app.push(MainMenu()); app.step(0.016)\n"
       "print(time.time() - t0 - (time.perf_counter() - app.first_frame_at))\n")

BARE = ("import time, sys; t0 = float(sys.argv[1])\n"
        "import pygame\n"
        "pygame.display.init(); pygame.font.init()\n"
        "screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)\n"
        "screen.fill((18, 44, 50)); pygame.display.flip()\n"
        "print(time.time() - t0)\n")


def launch(code: str) -> float:
    """Seconds from starting ``python -c code`` to the frame it reports."""
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "TABLETOP_HOME": home, "PYGAME_HIDE_SUPPORT_PROMPT": "1",
               "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT),
                                                         os.environ.get("PYTHONPATH")) if p)}
        out = subprocess.run([sys.executable, "-c", code, repr(time.time())],
                             capture_output=True, text=True, env=env, timeout=120, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def measure(ctx: Context) -> list[Row]:
    runs = 2 if ctx.quick else 5
    app, bare = [], []
    for _ in range(runs):  # interleaved, so both see the same load
        app.append(launch(APP))
        bare.append(launch(BARE))
    return [value_row(f"first frame, median of {runs} launches", "app (main menu)",
                      statistics.median(app), "s", statistics.median(bare),
                      "bare pygame window", GOAL_S)]
