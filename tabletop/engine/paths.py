"""Where the app keeps user files (platformdirs): saves, mods, decks, statistics and
settings, and where it exports files for the player to share."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "tabletop"


def user_data() -> Path:
    """The user data directory; ``TABLETOP_HOME`` overrides it (tests, portable use)."""
    override = os.environ.get("TABLETOP_HOME")
    if override:
        path = Path(override)
        path.mkdir(parents=True, exist_ok=True)
        return path
    return platformdirs.user_data_path(APP, appauthor=False, ensure_exists=True)


def user_config() -> Path:
    """The user config directory (settings); ``$TABLETOP_HOME/config`` when
    ``TABLETOP_HOME`` is set."""
    override = os.environ.get("TABLETOP_HOME")
    if override:
        path = Path(override) / "config"
        path.mkdir(parents=True, exist_ok=True)
        return path
    return platformdirs.user_config_path(APP, appauthor=False, ensure_exists=True)


def saves_dir() -> Path:
    path = user_data() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def mods_root() -> Path:
    return user_data() / "mods"


def mod_dirs() -> list[Path]:
    """Every folder of mods: ``<user data>/mods`` (all YAML files below it are read)."""
    root = mods_root()
    return [root] if root.is_dir() else []


def decks_dir(game_id: str) -> Path:
    """A game's saved decks: ``<user data>/decks/<game>``."""
    path = user_data() / "decks" / game_id
    path.mkdir(parents=True, exist_ok=True)
    return path


def exports_dir() -> Path:
    """Where files are exported for the player to find and share: a ``Tabletop`` folder in
    the documents folder (``<TABLETOP_HOME>/exports`` when that is set)."""
    if os.environ.get("TABLETOP_HOME"):
        path = user_data() / "exports"
    else:
        path = platformdirs.user_documents_path() / "Tabletop"
    path.mkdir(parents=True, exist_ok=True)
    return path
