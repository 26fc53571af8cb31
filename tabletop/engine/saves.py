"""Saved games: JSON files holding the move log, written atomically.

A save is ``{"format": "tabletop-save", "version": 1, "game", "options", "seed",
"seats", "fingerprint", "moves": [notation...], "notes", "settings"}`` plus, for a game
that started from a scenario position instead of a deal, that ``"position"``. Loading
replays every move through the rules; if anything is wrong (bad JSON, a newer format, an
unknown game, a move the rules refuse) the whole save is refused with a message; nothing
is half-loaded.
Older formats are brought up to date by the functions in :data:`UPGRADERS`.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .cards import Catalog
from .game import Game
from .info import SeatConfig
from .moves import IllegalMove
from .session import Session

SAVE_FORMAT = "tabletop-save"
SAVE_VERSION = 1

#: ``UPGRADERS[n]`` turns a version-n save into version n + 1.
UPGRADERS: dict[int, Callable[[dict], dict]] = {}


class SaveError(Exception):
    """A save that cannot be loaded; the message says why, for the player."""


def session_to_dict(session: Session) -> dict[str, Any]:
    from .. import __version__

    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "app": __version__,
        "saved": datetime.now(UTC).isoformat(timespec="seconds"),
        "game": session.game.info.id,
        "options": session.options,
        "seed": session.seed,
        "seats": [{"name": s.name, "kind": s.kind} for s in session.seats],
        "fingerprint": session.catalog.fingerprint,
        "ruleset": session.ruleset,
        "moves": list(session.notations),
        "notes": {str(k): v for k, v in session.notes.items()},
        "settings": session.settings,
        **({"position": session.position} if session.position is not None else {}),
        "over": session.state.over,
    }


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that a crash leaves either the old or the new file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, 0o644)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:  # pragma: no cover - e.g. Windows
        return
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def write_save(path: Path, session: Session) -> None:
    blob = json.dumps(session_to_dict(session), indent=1, ensure_ascii=False)
    atomic_write(path, blob.encode("utf-8"))


def read_save(path: Path) -> dict[str, Any]:
    """Read and check a save file's envelope (not yet replayed)."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise SaveError(f"Cannot read {path}: {exc.strerror or exc}") from exc
    return parse_save(raw, str(path))


def parse_save(raw: bytes, name: str = "save") -> dict[str, Any]:
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveError(f"{name} is damaged (not valid JSON: {exc}); it was not loaded.") \
            from exc
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{name} is not a Tabletop save.")
    version = data.get("version")
    if not isinstance(version, int) or version < 0:
        raise SaveError(f"{name} has no valid format version.")
    if version > SAVE_VERSION:
        raise SaveError(f"{name} was written by a newer Tabletop (save format {version}; this "
                        f"version reads up to {SAVE_VERSION}). Update the app to load it.")
    while version < SAVE_VERSION:
        upgrade = UPGRADERS.get(version)
        if upgrade is None:
            raise SaveError(f"{name} uses save format {version}, which cannot be upgraded.")
        data = upgrade(data)
        version += 1
        data["version"] = version
    for key, kind in (("game", str), ("seed", int), ("moves", list), ("options", dict),
                      ("seats", list)):
        if not isinstance(data.get(key), kind):
            raise SaveError(f"{name} is damaged (field {key!r} is missing or wrong).")
    return data


def session_from_dict(data: dict[str, Any], game: Game, catalog: Catalog,
                      name: str = "save") -> tuple[Session, list[str]]:
    """Replay a save. Returns the session and warnings (e.g. card data changed)."""
    warnings = []
    if data.get("fingerprint") and data["fingerprint"] != catalog.fingerprint:
        warnings.append("The card data has changed since this game was saved; it was "
                        "replayed with the current cards.")
    try:
        seats = [SeatConfig(str(s["name"]), str(s.get("kind", "human"))) for s in data["seats"]]
        ruleset = data.get("ruleset", 1)
        if not isinstance(ruleset, int) or not 1 <= ruleset <= game.rules.version:
            raise SaveError(f"{name} was played under rules this version does not know "
                            f"(version {ruleset!r} of {game.info.title}).")
        session = Session(game, catalog, data["options"], data["seed"], seats,
                          position=data.get("position"), ruleset=ruleset)
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{name} cannot be set up: {exc}") from exc
    for number, text in enumerate(data["moves"], start=1):
        if not isinstance(text, str):
            raise SaveError(f"{name} is damaged (move {number} is not text).")
        try:
            session.play_text(text)
        except IllegalMove as exc:
            raise SaveError(f"{name} does not replay: move {number} ({text}) is refused: "
                            f"{exc.reason}") from exc
    if isinstance(data.get("settings"), dict):
        session.settings = dict(data["settings"])
    for key, note in (data.get("notes") or {}).items():
        if str(key).isdigit():
            session.notes[int(key)] = str(note)
    session.redo_stack.clear()
    return session, warnings
