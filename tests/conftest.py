"""Shared test set-up: headless SDL, a private user-data folder, card catalogs."""

from __future__ import annotations

import gc
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# one searching process a decision (the worker's own) unless a test asks for more: the
# figures the tests pin do not then depend on the machine's cores
os.environ.setdefault("TABLETOP_SEARCH_PROCESSES", "1")

import pytest  # noqa: E402

HERE = Path(__file__).parent
FIXTURES = HERE / "fixtures"

#: fuzz results per suite: {"cards": {"cases": n, "refused": n, ...}, "saves": {...}}
FUZZ_COUNTS: dict[str, dict[str, int]] = {}


def pytest_addoption(parser):
    parser.addoption("--fuzz-cases", type=int,
                     default=int(os.environ.get("TABLETOP_FUZZ_CASES", "1200")),
                     help="mutations per fuzz suite (card files, saves), shared among the "
                          "games; default 1200 or $TABLETOP_FUZZ_CASES")
    parser.addoption("--fuzz-seed", type=int,
                     default=int(os.environ.get("TABLETOP_FUZZ_SEED", "0")),
                     help="first seed of the fuzz cases (CI: 0, a fixed list)")


def pytest_terminal_summary(terminalreporter):
    for suite, counts in FUZZ_COUNTS.items():
        terminalreporter.write_line(
            f"fuzz {suite}: {counts['cases']} cases, {counts['refused']} refused with a "
            f"message, {counts['loaded']} loaded, {counts['crashes']} crashes, "
            f"{counts['hangs']} hangs, slowest {counts['slowest_ms']} ms")


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    """Saves and mods go to a temporary folder, never the real user data; the close
    button check an app registers for long loads ends with the test."""
    from tabletop.engine import limits

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    # online tables a test hosts listen, and are announced, on this machine only
    monkeypatch.setenv("TABLETOP_HOST_ADDRESS", "127.0.0.1")
    monkeypatch.setenv("TABLETOP_LAN_INTERFACES", "127.0.0.1")
    from tabletop.ui.table.scene import TableScene

    # a move played for a seat from the wrong source raises instead of being refused
    monkeypatch.setattr(TableScene, "strict", True)
    yield
    limits.set_interrupt_check(None)
    import threading

    for thread in threading.enumerate():  # an app's sounds still opening: not into the
        if thread.name == "sounds":  # next test (its objects freed there, e.g. frozen ones)
            thread.join(5)
    if gc.get_freeze_count():  # an app froze its catalogs (the main menu does): the
        gc.unfreeze()  # next tests' garbage must not stay out of the collector's reach


@pytest.fixture(scope="session")
def brawl():
    from tabletop.games import get_game

    return get_game("brawl")


@pytest.fixture(scope="session")
def brawl_cards(brawl):
    """The real Brawl set from cards/brawl."""
    catalog = brawl.rules.load_catalog(mod_dirs=[])
    assert not catalog.errors, catalog.errors
    return catalog


@pytest.fixture(scope="session")
def fixture_cards(brawl):
    """A small set with round numbers (tests/fixtures/brawl) for rule scenarios."""
    catalog = brawl.rules.load_catalog([FIXTURES / "brawl"], [])
    assert not catalog.errors, catalog.errors
    return catalog


@pytest.fixture(scope="session")
def hvn():
    from tabletop.games import get_game

    return get_game("hero-vs-nemesis")


@pytest.fixture(scope="session")
def hvn_cards(hvn):
    """The standard deck (cards/standard-deck) with Hero vs Nemesis's roles."""
    catalog = hvn.rules.load_catalog(mod_dirs=[])
    assert not catalog.errors, catalog.errors
    return catalog


@pytest.fixture()
def menu_app():
    """The app, headless, on its main menu, the games read (:func:`ui_helpers.ready_menu`)."""
    import pygame
    from ui_helpers import ready_menu

    application = ready_menu()
    yield application
    application.quit()  # closes the computer players' worker processes
    pygame.display.quit()


@pytest.fixture()
def app():
    """The app, headless, without mods, computer players answering at once (a test file
    that needs another app defines its own ``app``)."""
    import pygame

    from tabletop.ui.app import App

    application = App(headless=True, ai_delay=0.0, mods=False)
    yield application
    application.quit()  # closes the computer players' worker processes
    pygame.display.quit()
