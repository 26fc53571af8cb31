"""Shared test set-up: headless SDL, a private user-data folder, card catalogs."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

HERE = Path(__file__).parent
FIXTURES = HERE / "fixtures"


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    """Saves and mods go to a temporary folder, never the real user data; the close
    button check an app registers for long loads ends with the test."""
    from tabletop.engine import limits

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    yield
    limits.set_interrupt_check(None)


@pytest.fixture(scope="session")
def brawl():
    from tabletop.games import get_game

    return get_game("brawl")


@pytest.fixture(scope="session")
def brawl_cards(brawl):
    """The real Brawl set from cards/brawl."""
    catalog = brawl.load_catalog(mod_dirs=[])
    assert not catalog.errors, catalog.errors
    return catalog


@pytest.fixture(scope="session")
def fixture_cards(brawl):
    """A small set with round numbers (tests/fixtures/brawl) for rule scenarios."""
    catalog = brawl.load_catalog([FIXTURES / "brawl"], [])
    assert not catalog.errors, catalog.errors
    return catalog


@pytest.fixture(scope="session")
def hvn():
    from tabletop.games import get_game

    return get_game("hero-vs-nemesis")


@pytest.fixture(scope="session")
def hvn_cards(hvn):
    """The standard deck (cards/standard-deck) with Hero vs Nemesis's roles."""
    catalog = hvn.load_catalog(mod_dirs=[])
    assert not catalog.errors, catalog.errors
    return catalog
