"""Where the app keeps user files (platformdirs): saves, mods, statistics and settings."""

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
