"""Full screen in a real window on a virtual X screen (1600x900, no window manager): F11
makes the window the whole screen, drawn to its far corner, and back to the window it
was; the app opens full screen again when it was left so."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_e2e_xvfb import stop, virtual_screen, wait_for, xdo

pytestmark = pytest.mark.e2e

SCREEN = (1600, 900)


@pytest.fixture()
def big_xserver():
    with virtual_screen(f"{SCREEN[0]}x{SCREEN[1]}") as display:
        yield display


def geometry(env, wid) -> tuple[int, ...]:
    """The window's x, y, width and height; () when it is gone (SDL may replace the
    window found a moment ago as it changes mode: a wait looks again)."""
    geo = dict(line.split("=", 1) for line in xdo(env, "getwindowgeometry", "--shell",
                                                   wid).split() if "=" in line)
    if not {"X", "Y", "WIDTH", "HEIGHT"} <= geo.keys():
        return ()
    return int(geo["X"]), int(geo["Y"]), int(geo["WIDTH"]), int(geo["HEIGHT"])


def window_of(env, app) -> str:
    return wait_for(lambda: xdo(env, "search", "--onlyvisible", "--pid",
                                str(app.pid)).split(), 20, "the window")[0]


def screen_setting(home: Path) -> str | None:
    path = home / "config" / "settings.json"
    try:
        return json.loads(path.read_text()).get("screen")
    except (OSError, ValueError):
        return None


def press_f11(env, app) -> None:
    """F11 to the app's window (found anew: SDL may make a new one for a new mode)."""
    time.sleep(0.5)
    wid = window_of(env, app)
    xdo(env, "windowfocus", "--sync", wid)
    xdo(env, "key", "--window", wid, "F11")


def corner_is_drawn(env, tmp_path) -> bool:
    """The screen's bottom-right corner shows the app's felt (not the bare X screen)."""
    shot = tmp_path / "screen.png"
    subprocess.run(["import", "-window", "root", str(shot)], env=env, check=True, timeout=20)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    img = pygame.image.load(str(shot))
    return tuple(img.get_at((SCREEN[0] - 40, SCREEN[1] - 40)))[:3] != (0, 0, 0)


def test_f11_makes_the_real_window_the_whole_screen_and_it_is_remembered(big_xserver,
                                                                          tmp_path):
    home = tmp_path / "home"
    env = {**os.environ, "DISPLAY": big_xserver, "TABLETOP_HOME": str(home),
           "SDL_AUDIODRIVER": "dummy"}
    env.pop("SDL_VIDEODRIVER", None)
    app = subprocess.Popen([sys.executable, "-m", "tabletop"], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        wid = window_of(env, app)
        assert geometry(env, wid)[2:] == (1280, 720)
        time.sleep(1.0)
        assert not corner_is_drawn(env, tmp_path)  # a window, the screen bare around it
        press_f11(env, app)
        wait_for(lambda: screen_setting(home) == "full", 15, "full screen kept")
        wait_for(lambda: geometry(env, window_of(env, app)) == (0, 0, *SCREEN), 10,
                 "the window over the whole screen")
        wait_for(lambda: corner_is_drawn(env, tmp_path), 10, "the whole screen drawn")
        press_f11(env, app)
        wait_for(lambda: screen_setting(home) == "window", 15, "the window kept")
        wait_for(lambda: geometry(env, window_of(env, app))[2:] == (1280, 720), 10,
                 "the window's size again")
        press_f11(env, app)
        wait_for(lambda: screen_setting(home) == "full", 15, "full screen kept again")
    finally:
        stop(app)
    again = subprocess.Popen([sys.executable, "-m", "tabletop"], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        wait_for(lambda: geometry(env, window_of(env, again)) == (0, 0, *SCREEN), 20,
                 "the app opening full screen")
        wait_for(lambda: corner_is_drawn(env, tmp_path), 10, "the whole screen drawn")
    finally:
        stop(again)


def test_the_window_opens_no_bigger_than_a_small_screen(tmp_path):
    """On a screen of 1024x640 (the smallest the app lays out for) the window opens at
    the screen's size, not at 1280x720 with its far side and the keys list off screen;
    a unit check covers sizes in between (``App.fitted``)."""
    from tabletop.ui.app import MIN_SIZE, fitted

    assert fitted((1280, 720), [(1366, 768)]) == (1280, 720)
    assert fitted((1280, 720), [(1280, 600)]) == (1280, 640)  # (never below the least)
    assert fitted((1280, 720), [(1100, 700)]) == (1100, 700)
    assert fitted((1280, 720), []) == (1280, 720)
    with virtual_screen(f"{MIN_SIZE[0]}x{MIN_SIZE[1]}") as display:
        env = {**os.environ, "DISPLAY": display, "TABLETOP_HOME": str(tmp_path / "home"),
               "SDL_AUDIODRIVER": "dummy"}
        env.pop("SDL_VIDEODRIVER", None)
        app = subprocess.Popen([sys.executable, "-m", "tabletop"], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        try:
            assert geometry(env, window_of(env, app))[2:] == MIN_SIZE
        finally:
            stop(app)
