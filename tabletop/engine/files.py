"""Writing files so that a crash leaves the old file or the new one, never a broken one."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from .safe_open import read_regular

_writer: ThreadPoolExecutor | None = None


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


def write_later(path: Path, data: bytes) -> Future:
    """:func:`atomic_write` in a background thread (the frame loop never waits for a
    durable write); the future says when it is done, or raises its error."""
    return later(atomic_write, path, data)


def later(fn, *args) -> Future:
    """Run ``fn(*args)`` in the background thread that writes files (one at a time, in
    the order asked): reading a file of the player's, off the frame."""
    global _writer
    if _writer is None:
        _writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="save")
    return _writer.submit(fn, *args)


def read_json_data(path: Path, limit: int, what: str, build, log) -> object | None:
    """``build(data)`` of the JSON file at ``path`` (a regular file of at most ``limit``
    bytes): None when there is none, and None, logged on ``log`` as ``what``, when it
    cannot be read or ``build`` refuses it (a ``ValueError``, as json's own errors are)."""
    try:
        text = read_regular(path, limit).decode("utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        log.warning("%s %s cannot be read: %s", what, path, exc)
        return None
    try:
        return build(json.loads(text))
    except ValueError as exc:
        log.warning("%s %s is not usable: %s", what, path, exc)
        return None


def write_json_data(path: Path, data) -> None:
    """``data`` as indented JSON at ``path``, atomically (its folder made if need be)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, (json.dumps(data, indent=1) + "\n").encode("utf-8"))
