"""A hung or long load can always be stopped: SIGTERM, Ctrl+C, the window's close button
(issue 8). The app ends quietly, without a traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from tabletop.engine import limits
from tabletop.games import GAMES
from tabletop.ui.app import App

# The main menu's layout loops forever, the way a load without limits once hung.
HUNG = """
import sys
import tabletop.ui.menu as menu

class Hung(menu.MainMenu):
    def layout(self, size):
        print("hung", flush=True)
        while True:
            pass

menu.MainMenu = Hung
from tabletop.ui.start import main
sys.exit(main())
"""


def start(tmp_path: Path, code: str | None = None) -> subprocess.Popen:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TABLETOP_HOME": str(tmp_path / "home")}
    args = ["-c", code] if code else ["-m", "tabletop"]
    return subprocess.Popen([sys.executable, *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def wait_line(proc: subprocess.Popen, line: str) -> None:
    assert proc.stdout.readline().strip() == line


@pytest.mark.parametrize("sig, code, said", [
    (signal.SIGTERM, 143, "Tabletop stopped (signal 15).\n"),
    (signal.SIGINT, 130, "Tabletop stopped (Ctrl+C).\n"),
])
def test_a_signal_stops_a_hung_app_without_a_traceback(tmp_path, sig, code, said):
    proc = start(tmp_path, HUNG)
    try:
        wait_line(proc, "hung")
        time.sleep(0.2)
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=10)
    finally:
        proc.kill()
    assert proc.returncode == code and err.endswith(said) and "Traceback" not in err


def test_sigterm_stops_the_app_on_its_main_menu(tmp_path):
    proc = start(tmp_path)
    try:
        home = tmp_path / "home" / "saves" / "autosaves"
        end = time.time() + 20
        while not home.is_dir() and time.time() < end:  # the menu has tidied the saves
            time.sleep(0.1)
        time.sleep(1.0)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=10)
    finally:
        proc.kill()
    assert proc.returncode == 143 and "Traceback" not in err


def test_the_close_button_stops_a_long_load():
    app = App(headless=True, ai_delay=0.0)
    try:
        app._polled = 0.0
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        with pytest.raises(limits.Interrupted):
            GAMES["brawl"].rules.load_catalog()  # every file checks in before it is read
        assert not app.catalogs
    finally:
        pygame.display.quit()


def test_the_close_button_stops_a_long_replay(brawl, brawl_cards):
    from test_saves import played

    from tabletop.engine.saves import session_from_dict, session_to_dict

    data = session_to_dict(played(brawl, brawl_cards, moves=120))
    app = App(headless=True, ai_delay=0.0)
    try:
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        app._polled = 0.0
        with pytest.raises(limits.Interrupted):
            session_from_dict(data, brawl, brawl_cards)
    finally:
        pygame.display.quit()


def test_without_an_app_checkpoints_do_nothing(brawl, brawl_cards):
    limits.set_interrupt_check(None)
    limits.checkpoint()
    assert len(GAMES["brawl"].rules.load_catalog(mod_dirs=[]).cards) == len(brawl_cards.cards)


# The main menu loads every game's catalog slowly (each file takes a while), the way a
# large set of mods would; the window's close button is pressed meanwhile.
SLOW_LOAD = """
import sys, time
import pygame
import tabletop.engine.loader as loader

slow = loader.CardLoader.read

def read(self, path, catalog):
    if not getattr(read, "closed", False):
        read.closed = True
        print("loading", flush=True)
        pygame.event.post(pygame.event.Event(pygame.QUIT))  # the close button
    time.sleep(0.5)
    return slow(self, path, catalog)

loader.CardLoader.read = read
from tabletop.ui.start import main
sys.exit(main())
"""


def test_the_close_button_during_the_first_load_ends_the_app_at_once(tmp_path):
    proc = start(tmp_path, SLOW_LOAD)
    try:
        wait_line(proc, "loading")
        t0 = time.perf_counter()
        _, err = proc.communicate(timeout=20)
        elapsed = time.perf_counter() - t0
    finally:
        proc.kill()
    files = sum(1 for _ in Path(__file__).parent.parent.joinpath("cards").rglob("*.yaml"))
    assert proc.returncode == 0 and "Traceback" not in err
    assert elapsed < 0.5 * files / 2  # well before every file was read
