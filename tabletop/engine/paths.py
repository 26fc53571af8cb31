"""Where the app keeps user files (platformdirs): saves, mods, decks, statistics and
settings, and where it exports files for the player to find and share.

``TABLETOP_HOME`` names another folder for all of them (tests, portable use). When it
names something that is not a folder (a file, say) the app never stops for it: it keeps
the player's files in the usual folders instead, says so once on standard error, and
:func:`notice` holds the same words for the app to show (the settings pass them on,
:func:`~tabletop.engine.settings.load_settings`). The command-line tools ask
:func:`home_problem` first and stop with its message instead.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

APP = "tabletop"

#: what was said about each unusable ``TABLETOP_HOME`` (said once per value)
_notices: dict[str, str] = {}


def home_problem() -> str:
    """Why ``TABLETOP_HOME`` cannot hold the user files (it is a file, say), or "" when
    it can or is not set. The folder is made if it is missing."""
    override = os.environ.get("TABLETOP_HOME")
    if not override:
        return ""
    path = Path(override)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        from .safe_open import describe

        what = describe(path)
        if what in ("nothing", "not readable"):  # e.g. a file where a parent should be
            why = f"it cannot be made ({exc.strerror or exc})"
        else:
            why = f"it is {what}, not a folder"
        return f"TABLETOP_HOME is set to {override}, and {why}"
    return ""


def notice() -> str:
    """What the player should be told about the user folders ("" when nothing): that
    ``TABLETOP_HOME`` was not used, and which folder is used instead."""
    override = os.environ.get("TABLETOP_HOME")
    return _notices.get(override, "") if override else ""


def _home() -> Path | None:
    """The folder ``TABLETOP_HOME`` names, or None: not set, or not usable (then the
    usual folders are used and the player is told once, :func:`notice`)."""
    override = os.environ.get("TABLETOP_HOME")
    if not override:
        return None
    if override in _notices:
        return None
    problem = home_problem()
    if not problem:
        return Path(override)
    data = platformdirs.user_data_path(APP, appauthor=False)
    config = platformdirs.user_config_path(APP, appauthor=False)
    _notices[override] = (f"{problem}. Your saves and mods are kept in the usual folder "
                          f"instead ({data}), your settings in {config}.")
    print(f"tabletop: {_notices[override]}", file=sys.stderr)
    return None


def user_data() -> Path:
    """The user data directory; ``TABLETOP_HOME`` overrides it (tests, portable use)."""
    home = _home()
    if home is not None:
        return home
    return platformdirs.user_data_path(APP, appauthor=False, ensure_exists=True)


def user_config() -> Path:
    """The user config directory (settings); ``$TABLETOP_HOME/config`` when
    ``TABLETOP_HOME`` is set."""
    home = _home()
    if home is not None:
        path = home / "config"
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
    home = _home()
    if home is not None:
        path = home / "exports"
    else:
        path = platformdirs.user_documents_path() / "Tabletop"
    path.mkdir(parents=True, exist_ok=True)
    return path
