"""The saves folder: one autosave per game in progress, saved copies, samples.

::

    <user data>/saves/autosaves/<game>-<date>-<time>-<tag>.json   one per game in progress
    <user data>/saves/finished/<the autosave's name>              finished games (replays)
    <user data>/saves/<game>-<date>-<time>.json                   copies saved with "Save"
    saves/*.json (in the project)                                 sample games

Starting a game creates its own autosave file, so no game in progress is ever replaced by
another; Continue resumes the most recently played one. Every listed file is read with
:func:`~tabletop.engine.saves.read_save` (the same checks as Continue and Load), so a bad
file is listed as unreadable with its reason instead of breaking the list. :func:`tidy`
runs when the main menu opens: it moves an old single ``autosave.json`` into the
autosaves folder, removes temporary files left by a save that was interrupted (the app
killed while writing), and moves the autosaves of finished games into the finished
folder, where the most recent :data:`KEEP_FINISHED` are kept to be replayed (the
statistics name a game by its autosave's file name: :func:`find_save`).
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import limits
from .autosave import journal_of
from .game import Game
from .paths import saves_dir
from .safe_open import is_special
from .saves import SaveError, read_save, saved_at

AUTOSAVES = "autosaves"
#: the folder of finished games kept to be replayed
FINISHED = "finished"
#: the single autosave file of earlier versions (moved into the autosaves folder)
LEGACY_AUTOSAVE = "autosave.json"
#: a temporary file of :func:`~tabletop.engine.saves.atomic_write` older than this
#: (seconds) belongs to a save that never finished
STALE_TEMP_SECONDS = 60
#: finished games kept in the finished folder (the most recent ones)
KEEP_FINISHED = 200
#: what a save's file name may be when a record names it (a plain name, no folder)
_SAVE_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,150}\.json$")

_TEMP = re.compile(r"^\..+\.json\..+\.tmp$")
#: when a game was played if neither its save nor its file can say
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def showable(moment: datetime | None) -> datetime | None:
    """``moment`` in UTC if it can also be told in local time, else None (the year 1 or
    9999 near a time zone's edge overflows)."""
    if moment is None:
        return None
    try:
        moment.astimezone()
        return moment.astimezone(UTC)
    except (OverflowError, ValueError, OSError):
        return None


def autosaves_dir() -> Path:
    path = saves_dir() / AUTOSAVES
    path.mkdir(parents=True, exist_ok=True)
    return path


def finished_dir() -> Path:
    path = saves_dir() / FINISHED
    path.mkdir(parents=True, exist_ok=True)
    return path


def find_save(name: str) -> Path | None:
    """The save of a game the statistics name by its autosave's file name: in the
    autosaves folder or, once finished and tidied, in the finished folder (None: it is
    gone, or ``name`` is not a plain save file name)."""
    if not isinstance(name, str) or not _SAVE_NAME.match(name):
        return None
    for folder in (autosaves_dir(), finished_dir()):
        path = folder / name
        if path.is_file():
            return path
    return None


def new_autosave_path(game_id: str) -> Path:
    """A fresh autosave file for a game that starts now (never an existing file)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder = autosaves_dir()
    while True:
        path = folder / f"{game_id}-{stamp}-{secrets.token_hex(4)}.json"
        if not path.exists():
            return path


def is_autosave(path: Path) -> bool:
    return Path(path).parent.resolve() == autosaves_dir().resolve()


@dataclass
class Entry:
    """One file of the load screen: its checked fields, or why it cannot be loaded."""

    path: Path
    kind: str  # "autosave", "finished", "copy" or "sample"
    data: dict[str, Any] | None
    error: str | None
    modified: float

    @property
    def readable(self) -> bool:
        return self.data is not None

    @property
    def over(self) -> bool:
        return bool(self.data and self.data.get("over"))

    @property
    def in_progress(self) -> bool:
        return self.kind == "autosave" and self.readable and not self.over

    @property
    def played(self) -> datetime:
        """When the game was last played (saved), in UTC: the save's own ``saved`` time,
        else the file's; never a time that cannot be shown in local time (a save may say
        it was written in the year 1 at +23:59)."""
        when = showable(saved_at(self.data)) if self.data else None
        if when is None:
            try:
                when = showable(datetime.fromtimestamp(self.modified, UTC))
            except (OverflowError, ValueError, OSError):
                when = None
        return when or EPOCH

    @property
    def recency(self) -> tuple[datetime, float]:
        """Sort key, most recent last: when it was played, then the file's time (two
        games saved within the same second)."""
        return self.played, self.modified


def read_entry(path: Path, kind: str, games: Mapping[str, Game]) -> Entry:
    modified = _modified(path)
    try:
        return Entry(path, kind, read_save(path, games), None, modified)
    except SaveError as exc:
        return Entry(path, kind, None, str(exc), modified)


def _modified(path: Path) -> float:
    """When ``path`` was last changed (the link's own time for a link that leads
    nowhere or round in a loop; 0 if neither can be told)."""
    for look in (os.stat, os.lstat):
        with contextlib.suppress(OSError):
            return look(path).st_mtime
    return 0.0


def _json_files(folder: Path) -> list[Path]:
    """The ``.json`` entries of ``folder``, the most recent first: the saves, and what
    only looks like one (a folder, a named pipe, a link in a loop), which the list
    shows as refused with its reason (:func:`read_entry`, never opened); a link that
    leads nowhere is left out."""
    if not folder.is_dir():
        return []
    files = []
    for path in folder.glob("*.json"):
        if os.path.lexists(path) and (os.path.exists(path) or is_special(path)):
            files.append((_modified(path), path))
    files.sort(key=lambda item: item[0], reverse=True)
    return [path for _, path in files[: limits.MAX_LISTED_SAVES]]


def list_entries(games: Mapping[str, Game], samples: bool = True) -> list[Entry]:
    """Games in progress (most recently played first), then finished games (those of the
    finished folder too) and saved copies, then the sample games; each save checked
    against ``games`` (the registry)."""
    from .. import SAMPLE_SAVES_DIR

    autos = []
    for path in _json_files(autosaves_dir()):
        limits.checkpoint()
        autos.append(read_entry(path, "autosave", games))
    copies = [read_entry(p, "copy", games) for p in _json_files(saves_dir())]
    copies += [read_entry(p, "finished", games) for p in _json_files(finished_dir())]
    newest = lambda e: e.recency  # noqa: E731
    going = sorted((e for e in autos if e.in_progress), key=newest, reverse=True)
    unreadable = [e for e in autos if not e.readable]
    done = sorted([e for e in autos if e.over] + [e for e in copies if e.readable],
                  key=newest, reverse=True)
    bad_copies = [e for e in copies if not e.readable]
    out = going + unreadable + done + bad_copies
    if samples:
        out += [read_entry(p, "sample", games)
                for p in sorted(SAMPLE_SAVES_DIR.glob("*.json"))]
    return out


def latest_in_progress(games: Mapping[str, Game],
                       entries: list[Entry] | None = None) -> Entry | None:
    """The game Continue resumes: the most recently played game in progress."""
    if entries is None:
        entries = list_entries(games, samples=False)
    going = [e for e in entries if e.in_progress]
    return max(going, key=lambda e: e.recency) if going else None


def delete(entry: Entry) -> None:
    """Delete a game in progress or a saved copy (never a sample)."""
    if entry.kind == "sample":
        raise ValueError("sample games cannot be deleted")
    entry.path.unlink(missing_ok=True)
    journal_of(entry.path).unlink(missing_ok=True)


def tidy(games: Mapping[str, Game], now: float | None = None) -> None:
    """Move an old ``autosave.json`` into the autosaves folder, remove temporary files
    of interrupted saves, move finished games' autosaves into the finished folder and
    keep the most recent :data:`KEEP_FINISHED` there."""
    now = time.time() if now is None else now
    folder = saves_dir()
    autos = autosaves_dir()
    done = finished_dir()
    for directory in (folder, autos, done):
        for path in directory.iterdir():
            if not _TEMP.match(path.name):
                continue
            with contextlib.suppress(OSError):
                if now - path.stat().st_mtime > STALE_TEMP_SECONDS:
                    path.unlink()
    legacy = folder / LEGACY_AUTOSAVE
    if legacy.is_file():
        entry = read_entry(legacy, "autosave", games)
        game = entry.data["game"] if entry.data else "unreadable"
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(entry.modified))
        with contextlib.suppress(OSError):
            os.replace(legacy, autos / f"{game}-{stamp}-migrated.json")
    for entry in (read_entry(p, "autosave", games) for p in _json_files(autos)):
        if entry.over:  # its journal goes with it (lines the save may not hold yet)
            with contextlib.suppress(OSError):
                journal = journal_of(entry.path)
                if journal.exists():
                    os.replace(journal, journal_of(done / entry.path.name))
                os.replace(entry.path, done / entry.path.name)
    kept = sorted(done.glob("*.json"), key=_modified, reverse=True)
    for path in kept[KEEP_FINISHED:]:
        with contextlib.suppress(OSError):
            path.unlink()
            journal_of(path).unlink(missing_ok=True)
    for journal in [*autos.glob("*.journal"), *done.glob("*.journal")]:  # save gone
        if not journal.with_suffix("").exists():
            with contextlib.suppress(OSError):
                journal.unlink()
