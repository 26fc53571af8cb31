"""Saved games: JSON files holding the move log, written atomically.

A save is ``{"format": "tabletop-save", "version": 1, "game", "options", "seed",
"seats", "fingerprint", "ruleset", "moves": [notation...], "notes", "settings"}`` plus,
for a game that started from a scenario position instead of a deal, that ``"position"``;
an autosave also records the journal line it includes (``"journal"``, :mod:`.autosave`);
and what the load screen shows (``"saved"``, ``"turn"``, ``"over"``, ``"app"``).
``"ruleset"`` is the version of the game's rules the game was played under
(``Rules.version``): it replays and goes on under those rules. Loading replays
every move through the rules; if anything is wrong (bad JSON, a newer format, an unknown
game, a move the rules refuse) the whole save is refused with a message; nothing is
half-loaded.

Reading is limited before the work grows (:mod:`tabletop.engine.limits`): the size is
checked before the file is read, the nesting depth by a scan of the bytes before
``json.loads``, and every field against :func:`check_save` (types, ranges, the game's
declared options) before any of them is used. :func:`read_save` serves Continue, Load and
the load screen's list alike.
Older formats are brought up to date by the functions in :data:`UPGRADERS`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import limits
from .autosave import read_journal, recover, save_from_journal
from .cards import Catalog
from .files import atomic_write
from .game import Game
from .info import SeatConfig
from .moves import IllegalMove
from .safe_open import FileTooLarge, NotRegularFile, read_regular
from .savecheck import (
    SAVE_FORMAT,
    SETTINGS,
    SaveError,
    check_save,
    option_problem,
    saved_at,
)
from .session import Session

SAVE_VERSION = 2


def _levels_added(data: dict) -> dict:
    """Version 2 records a computer seat's level; a seat without one plays at easy, the
    game's own player, as every computer seat did before."""
    return data


#: ``UPGRADERS[n]`` turns a version-n save into version n + 1.
UPGRADERS: dict[int, Callable[[dict], dict]] = {1: _levels_added}

__all__ = ["SAVE_FORMAT", "SAVE_VERSION", "SETTINGS", "UPGRADERS", "SaveError", "check_save",
           "option_problem", "Replay", "saved_at", "session_from_dict", "session_to_dict",
           "read_save", "parse_save", "write_save", "atomic_write"]


def session_to_dict(session: Session) -> dict[str, Any]:
    """What a save holds: only what is needed to replay the game (options, seed, seats,
    the card data's fingerprint, the rules version, moves, narration, table settings, a
    scenario position) and what the load screen shows (when, which turn, whether it is
    over)."""
    from .. import __version__

    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "app": __version__,
        "saved": datetime.now(UTC).isoformat(timespec="seconds"),
        "game": session.game.info.id,
        "options": session.options,
        "seed": session.seed,
        "seats": [{"name": s.name, "kind": s.kind,
                   **({"level": s.level} if s.kind == "computer" else {})}
                  for s in session.seats],
        "fingerprint": session.catalog.fingerprint,
        "ruleset": session.ruleset,
        "moves": list(session.notations),
        "notes": {str(k): v for k, v in session.notes.items()},
        "settings": {k: v for k, v in session.settings.items() if k in SETTINGS},
        **({"position": session.position} if session.position is not None else {}),
        "turn": session.state.turn,
        "over": session.state.over,
    }


def write_save(path: Path, session: Session) -> None:
    blob = json.dumps(session_to_dict(session), indent=1, ensure_ascii=False)
    atomic_write(path, blob.encode("utf-8"))


def read_save(path: Path, games: Mapping[str, Game]) -> dict[str, Any]:
    """Read a save file and check every field (:func:`parse_save`) against ``games`` (the
    registry, :data:`tabletop.games.GAMES`); not yet replayed. Messages name the save
    by its file name."""
    path = Path(path)
    name = path.name
    journal = read_journal(path)  # first: see read_journal
    if not path.exists():
        start = save_from_journal(journal)
        if start is not None:  # killed before the first background write
            raw = json.dumps(start).encode("utf-8")
            return parse_save(raw, name, games=games, journal=path, journal_bytes=journal)
    try:
        # a regular file within the limit, looked at before it is opened (a named pipe
        # would wait forever for a writer, a device never end): :mod:`.safe_open`
        raw = read_regular(path, limits.MAX_SAVE_BYTES)
    except FileTooLarge as exc:
        size = f"more than {limits.MAX_SAVE_BYTES:,} bytes" if exc.grew else \
            f"{exc.size:,} bytes; a save has at most {limits.MAX_SAVE_BYTES:,}"
        raise SaveError(f"{name} is too large to be a save ({size}); it was not "
                        "loaded.") from None
    except NotRegularFile as exc:
        raise SaveError(f"{name} is {exc.what}, not a save file; it was not "
                        "loaded.") from None
    except OSError as exc:
        raise SaveError(f"Cannot read {name}: {exc.strerror or exc}") from exc
    return parse_save(raw, name, games=games, journal=path, journal_bytes=journal)


_JSON_STRING = re.compile(rb'"(?:[^"\\]++|\\.)*+"')
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))


def json_depth(raw: bytes, limit: int) -> int:
    """How deep the lists and objects of the JSON text ``raw`` nest, counted up to
    ``limit + 1`` (a cheap scan of the bytes: strings are skipped)."""
    if raw.count(b"[") + raw.count(b"{") <= limit:
        return min(raw.count(b"[") + raw.count(b"{"), limit)
    brackets = _JSON_STRING.sub(b"", raw).translate(None, _NOT_BRACKETS)
    depth = deepest = 0
    for byte in brackets:
        if byte in b"[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        else:
            depth -= 1
    return deepest


def parse_save(raw: bytes, name: str = "save", *, games: Mapping[str, Game],
               journal: Path | None = None,
               journal_bytes: bytes | None = None) -> dict[str, Any]:
    """Check the size, the nesting, the JSON, the format version and every field of a
    save; returns the checked fields (see :func:`check_save`). The autosave journal
    beside the save file ``journal`` (:mod:`.autosave`; ``journal_bytes`` if already read)
    is replayed on top first."""
    if len(raw) > limits.MAX_SAVE_BYTES:
        raise SaveError(f"{name} is too large to be a save (more than "
                        f"{limits.MAX_SAVE_BYTES:,} bytes); it was not loaded.")
    if json_depth(raw, limits.MAX_JSON_DEPTH) > limits.MAX_JSON_DEPTH:
        raise SaveError(f"{name} is damaged (its data is nested more than "
                        f"{limits.MAX_JSON_DEPTH} levels deep); it was not loaded.")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise SaveError(f"{name} is damaged (not valid JSON: {_cut(str(exc), 120)}); it was "
                        "not loaded.") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{name} is not a Tabletop save.")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
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
    if journal is not None:
        data = recover(journal, data, journal_bytes)
    return check_save(data, name, games)


#: what a game's scenario set-up raises for a position it cannot build
POSITION_ERRORS = (KeyError, TypeError, ValueError, AttributeError, IndexError)


def session_from_dict(data: dict[str, Any], game: Game, catalog: Catalog,
                      name: str = "save") -> tuple[Session, list[str]]:
    """Replay a save (its fields are checked first). Returns the session and warnings
    (e.g. card data changed); raises :class:`SaveError` unless every move replays."""
    replay = Replay(data, game, catalog, name)
    replay.run()
    return replay.result()


class Replay:
    """A save replayed a few moves at a time: the table opens a long game between frames
    (:mod:`tabletop.ui.opening`). Its fields are checked, and the game set up, when it is
    made; :meth:`run` replays on; :meth:`result` gives the session once every move has
    replayed. Each raises :class:`SaveError` (nothing of the session is kept)."""

    def __init__(self, data: dict[str, Any], game: Game, catalog: Catalog,
                 name: str = "save") -> None:
        kind = data.get("game")
        if isinstance(kind, str) and kind != game.info.id:
            raise SaveError(f"{name} is a {kind[:40]} save, not {game.info.title}.")
        data = check_save(data, name, {game.info.id: game})  # a bad "game" named there
        self.name = name
        self.data = data
        self.warnings: list[str] = []
        if data.get("fingerprint") and data["fingerprint"] != catalog.fingerprint:
            self.warnings.append("The card data has changed since this game was saved; it "
                                 "was replayed with the current cards.")
        seats = [SeatConfig(s["name"], s["kind"], s["level"]) for s in data["seats"]]
        try:
            self.session: Session | None = Session(
                game, catalog, data["options"], data["seed"], seats,
                position=data.get("position"), ruleset=data.get("ruleset", 1))
        except POSITION_ERRORS as exc:
            raise SaveError(f"{name} cannot be set up: "
                            f"{_cut(str(exc), 200)}") from None
        #: the moves replayed so far, of :attr:`total`
        self.done = 0

    @property
    def total(self) -> int:
        return len(self.data["moves"])

    @property
    def finished(self) -> bool:
        return self.done == self.total

    def run(self, stop: Callable[[], bool] | None = None) -> bool:
        """Replay the moves (until ``stop()`` says so, asked after each); whether every
        move has replayed."""
        session, moves = self.session, self.data["moves"]
        if session is None:
            raise SaveError(f"{self.name} was refused.")
        while self.done < len(moves):
            text = moves[self.done]
            self.done += 1
            if self.done % 50 == 0:
                limits.checkpoint()
            try:
                session.play_text(text)
            except IllegalMove as exc:
                self.session = None  # never half-loaded
                raise SaveError(f"{self.name} does not replay: move {self.done} "
                                f"({_cut(text, limits.MAX_QUOTED_CHARS)}) is refused: "
                                f"{_cut(exc.reason, 300)}") from None
            if stop is not None and stop():
                break
        return self.finished

    def result(self) -> tuple[Session, list[str]]:
        """The session with every move replayed (and the save's settings, notes and
        journal line), and the warnings."""
        if self.session is None or not self.finished:
            raise SaveError(f"{self.name} has not been replayed.")
        session, data = self.session, self.data
        session.settings = dict(data["settings"])
        session.journal_seq = data.get("journal", 0)
        session.notes = {int(key): note for key, note in data["notes"].items()}
        session.redo_stack.clear()
        return session, self.warnings


def _cut(text: str, limit: int) -> str:
    """``text`` on one line, at most ``limit`` characters (and an ellipsis)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "\u2026"
