"""Autosaving off the frame loop, without ever losing a move.

Each change of the game (a move, an undo, a redo) appends one short line to a journal
beside the save (``<save>.journal``): a plain write the operating system holds even if
the app is killed the next instant, cheap enough for any frame. A background thread then
writes the whole save the durable way (temporary file, fsync, rename, fsync of the
folder; :func:`~tabletop.engine.files.atomic_write`), coalescing a burst of changes into
one write, and empties the journal once the save holds everything in it. Reading a save
(:func:`~tabletop.engine.saves.read_save`) replays the journal's newer lines on top
(:func:`recover`), so the last move survives a crash between the two.

A journal line: ``{"seq": n, "keep": k, "add": [move, ...]}`` (keep the first ``k``
moves of the previous line's list, then add these), with ``"notes"`` and ``"settings"``
when they changed. The save records the ``seq`` it includes as ``"journal"``.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from pathlib import Path
from typing import Any

from . import limits
from .files import atomic_write
from .safe_open import NotRegularFile, open_append, read_regular

#: a journal line longer than this is not read (a damaged file)
MAX_LINE = 64 * 1024


def journal_of(path: Path) -> Path:
    return path.with_name(path.name + ".journal")


class Autosaver:
    """Keeps one game's autosave (see the module docstring)."""

    def __init__(self, path: Path, start: int = 0) -> None:
        self.path = Path(path)
        self.journal = journal_of(self.path)
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        #: numbers go on from those already on disk (``start``: the number the resumed
        #: save holds), as a journal is read against its save's number
        self._seq = start
        self._written = self._seq  # the last seq the save on disk includes
        self._pending: dict[str, Any] | None = None
        self._last: dict[str, Any] | None = None  # what the last journal line leaves
        self._closing = False
        self.error: str = ""
        self._fd: int | None = None
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    # -- on the frame ---------------------------------------------------------------------
    def changed(self, data: dict[str, Any]) -> None:
        """The game is now ``data`` (a save's fields): journal it now, save it soon."""
        moves = data["moves"]
        with self._lock:
            self._seq += 1
            line = self._delta(data)
            line["seq"] = self._seq
            self._append(json.dumps(line, ensure_ascii=False, separators=(",", ":")))
            self._last = {"moves": list(moves), "notes": data.get("notes"),
                          "settings": data.get("settings")}
            self._pending = {**data, "journal": self._seq}
            self._wake.notify()

    def _delta(self, data: dict[str, Any]) -> dict[str, Any]:
        moves = data["moves"]
        last = self._last
        if last is None:
            # the first line also carries the rest of the save (game, seed, options,
            # seats...): a game killed before its first background write is read back
            # from the journal alone (:func:`save_from_journal`)
            head = {k: v for k, v in data.items() if k not in ("moves", "notes", "settings")}
            return {"keep": 0, "add": list(moves), "notes": data.get("notes"),
                    "settings": data.get("settings"), "save": head}
        old = last["moves"]
        keep = 0
        while keep < len(old) and keep < len(moves) and old[keep] == moves[keep]:
            keep += 1
        line: dict[str, Any] = {"keep": keep, "add": moves[keep:]}
        for key in ("notes", "settings"):
            if data.get(key) != last.get(key):
                line[key] = data.get(key)
        return line

    def _append(self, line: str) -> None:
        try:
            if self._fd is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                # only a regular file: a named pipe would wait for a reader, a link to
                # /dev/null swallow the moves (:func:`.safe_open.open_append`)
                self._fd = open_append(self.journal)
            os.write(self._fd, line.encode("utf-8") + b"\n")
        except NotRegularFile as exc:
            self.error = f"Could not autosave: the journal {self.journal.name} is " \
                         f"{exc.what}, not a regular file"
        except OSError as exc:
            self.error = f"Could not autosave: {exc.strerror or exc}"

    # -- in the background ------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self._lock:
                while self._pending is None and not self._closing:
                    self._wake.wait()
                data, self._pending = self._pending, None
                if data is None:
                    return
            try:
                atomic_write(self.path, json.dumps(data, indent=1, ensure_ascii=False)
                             .encode("utf-8"))
            except OSError as exc:
                self.error = f"Could not autosave: {exc.strerror or exc}"
                continue
            with self._lock:
                self._written = data["journal"]
                if self._seq == self._written and self._fd is not None:
                    # everything the journal holds is in the save: start it afresh
                    with contextlib.suppress(OSError):
                        os.ftruncate(self._fd, 0)

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until the save on disk holds every change (quitting waits for this)."""
        end = threading.Event()
        for _ in range(int(timeout * 100)):
            with self._lock:
                if self._pending is None and self._written == self._seq:
                    return True
                if self._pending is None and self.error:
                    return False  # the last write failed: the journal keeps the moves
            end.wait(0.01)
        return False

    def close(self) -> None:
        """Write what is left, then stop the thread (the journal stays if the last
        write failed, so nothing is lost)."""
        self.flush()
        with self._lock:
            self._closing = True
            self._wake.notify()
        self._thread.join(timeout=10)
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None


def read_journal(path: Path) -> bytes | None:
    """The journal beside the save ``path`` as it is now (None: none, or unreadable).

    A reader takes the journal *before* the save: the writer empties the journal only
    after the save holds its lines, so a journal read first and a save read after it
    always join up (read the other way round, a write between the two reads loses them).
    """
    journal = journal_of(Path(path))
    try:
        # only a regular file, looked at before it is opened (a named pipe would wait
        # forever for a writer): :mod:`.safe_open`
        return read_regular(journal, limits.MAX_SAVE_BYTES) or None
    except OSError:  # none, too large, not a regular file (the save is read alone)
        return None


def save_from_journal(raw: bytes | None) -> dict[str, Any] | None:
    """The save a journal's first line starts from (its fields but the moves), when the
    save file itself was never written; None if the journal has no such line."""
    if not raw:
        return None
    first = _line(raw.split(b"\n", 1)[0])
    head = first.get("save") if first is not None else None
    if not isinstance(head, dict):
        return None
    return {**head, "moves": [], "journal": 0}


def recover(path: Path, data: dict[str, Any], raw: bytes | None = None) -> dict[str, Any]:
    """``data`` (a save read from ``path``) with the newer lines of its journal replayed
    on top; a damaged or unfinished line ends the replay (what came before it stands).
    ``raw``: the journal as read before the save (:func:`read_journal`); read now if
    not given."""
    if raw is None:
        raw = read_journal(path)
    if not raw:
        return data
    done = data.get("journal", 0)
    if not isinstance(done, int) or isinstance(done, bool):
        return data
    moves = list(data.get("moves") or []) if isinstance(data.get("moves"), list) else None
    if moves is None:
        return data
    out = dict(data)
    for line in raw.split(b"\n"):
        change = _line(line)
        if change is None:
            break
        if change["seq"] <= done:
            continue
        if change["keep"] > len(moves):
            break
        moves = moves[:change["keep"]] + change["add"]
        for key in ("notes", "settings"):
            if key in change and isinstance(change[key], dict):
                out[key] = change[key]
        out["journal"] = done = change["seq"]
    out["moves"] = moves
    return out


def _line(raw: bytes) -> dict[str, Any] | None:
    """One journal line, checked; None if it is empty, damaged or unfinished."""
    if not raw or len(raw) > MAX_LINE:
        return None
    try:
        line = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(line, dict):
        return None
    seq, keep, add = line.get("seq"), line.get("keep"), line.get("add")
    ints = all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in (seq, keep))
    if not ints or not isinstance(add, list) or not all(isinstance(m, str) for m in add):
        return None
    return line
