"""The log file: what went wrong, with its traceback, where a player can find it.

Every module logs to a named logger under ``tabletop`` (``tabletop.table``,
``tabletop.computers``, ...); :func:`setup_logging` sends them to a rotating file in the
user log folder (platformdirs' ``user_log_dir``; ``$TABLETOP_HOME/logs`` when
``TABLETOP_HOME`` is set), 1 MB a file and 3 older files kept. The computer players'
worker is another process: it writes a file of its own (``worker.log``), since two
processes rotating one file would lose lines. When the folder cannot be written (read
only, a file in its place) the log goes to standard error instead, and nothing stops.

:func:`install_excepthooks` logs every exception nobody caught, in the main thread
(``sys.excepthook``) and in any other (``threading.excepthook``), with its traceback;
the app passes ``on_error``, which is told a short message naming the log file. It is
called in the failing thread: it must only record the message (the app's frame loop
shows it).
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import platformdirs

APP_LOG = "tabletop.log"
WORKER_LOG = "worker.log"
MAX_BYTES = 1_000_000
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s [%(process)d %(threadName)s] %(message)s"

LOG = logging.getLogger("tabletop")

#: the handler :func:`setup_logging` added to the root logger, and the file it writes
#: (None: standard error, the folder could not be written)
_handler: logging.Handler | None = None
_path: Path | None = None
_wanted: Path | None = None
#: told a short message when an exception nobody caught ends a thread (the app's)
_on_error: Callable[[str], None] | None = None
_previous_sys = sys.__excepthook__
_previous_thread = threading.__excepthook__


def log_dir() -> Path:
    """The folder of the log files: ``$TABLETOP_HOME/logs`` when ``TABLETOP_HOME`` is set
    (tests, portable use), else the user log folder (``~/.local/state/tabletop/log`` on
    Linux, ``~/Library/Logs/tabletop`` on macOS, ``%LOCALAPPDATA%\\tabletop\\Logs`` on
    Windows). Not made here."""
    from .engine.paths import home_problem

    home = os.environ.get("TABLETOP_HOME")
    if home and not home_problem():  # not a folder: the usual folders (engine.paths)
        return Path(home) / "logs"
    return Path(platformdirs.user_log_dir("tabletop", appauthor=False))


def log_path(name: str = APP_LOG) -> Path:
    """The log file ``name`` (default: the app's) in :func:`log_dir`."""
    return log_dir() / name


def current_log() -> Path | None:
    """The file the log is written to now (None: standard error, or not set up)."""
    return _path


def where() -> str:
    """Where the log goes, in words for the player: the file's path, or standard error
    when its folder cannot be written."""
    if _handler is not None and _path is None and _wanted is not None:
        return f"standard error ({_wanted.parent} cannot be written)"
    return str(_path if _path is not None else log_path())


def setup_logging(name: str = APP_LOG, level: int = logging.INFO) -> Path | None:
    """Send the ``tabletop`` loggers (at ``level``) and every other logger's warnings to
    the log file ``name``; the file's path, or None when the folder cannot be written
    (then they go to standard error, warnings and worse only). Idempotent: called again
    for the same file it changes nothing; for another (``TABLETOP_HOME`` changed) it
    moves to that one."""
    global _handler, _path, _wanted
    path = log_path(name)
    if _handler is not None and path == _wanted and _handler in logging.getLogger().handlers:
        return _path
    root = logging.getLogger()
    if _handler is not None:
        root.removeHandler(_handler)
        _handler.close()
    problem = ""
    handler: logging.Handler
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=MAX_BYTES,
                                                       backupCount=BACKUPS, encoding="utf-8")
        _path = path
    except OSError as exc:  # read only, a file in the way, no room: never fatal
        problem = f"{exc.strerror or exc} ({path})"
        handler = logging.StreamHandler(sys.stderr)
        handler.setLevel(logging.WARNING)
        _path = None
    handler.setFormatter(logging.Formatter(FORMAT))
    root.addHandler(handler)
    _handler, _wanted = handler, path
    LOG.setLevel(level)
    if problem:
        LOG.warning("the log file cannot be written: %s; logging to standard error", problem)
    return _path


def error_message(kind: str, where: str) -> str:
    """What the player is told of an error (an exception named ``kind``, in ``where``)."""
    path = current_log()
    details = f"details are in the log file {path}" if path is not None else \
        "details were written to standard error"
    return f"Something went wrong ({kind} in {where}); {details}."


def _echoes() -> bool:
    """Does the log already reach standard error (the file could not be written)?"""
    return _handler is not None and _path is None


def _sys_hook(kind, value, tb) -> None:
    """``sys.excepthook``: log it; the traceback on standard error too, as ever."""
    if issubclass(kind, KeyboardInterrupt):
        _previous_sys(kind, value, tb)
        return
    with contextlib.suppress(Exception):  # a hook must not raise
        LOG.critical("uncaught exception", exc_info=(kind, value, tb))
    if not _echoes():
        _previous_sys(kind, value, tb)


def _thread_hook(args) -> None:
    """``threading.excepthook``, in the failing thread: log it, and tell ``on_error``
    (which only records the message) or else print it as Python does."""
    if args.exc_type is SystemExit:
        return
    name = args.thread.name if args.thread is not None else "a thread"
    with contextlib.suppress(Exception):  # a hook must not raise
        LOG.error("uncaught exception in thread %s", name,
                  exc_info=(args.exc_type, args.exc_value, args.exc_traceback))
    told = _on_error
    if told is not None:
        try:
            told(error_message(args.exc_type.__name__, f"the thread {name}"))
            return
        except Exception:  # noqa: BLE001 - printed below instead
            pass
    if not _echoes():
        _previous_thread(args)


def install_excepthooks(on_error: Callable[[str], None] | None = None) -> None:
    """Log every uncaught exception (main thread and other threads) with its traceback;
    ``on_error(message)`` is told of one in another thread (called in that thread: it
    must only record the message). Idempotent; the last ``on_error`` given is used."""
    global _on_error, _previous_sys, _previous_thread
    _on_error = on_error
    if sys.excepthook is not _sys_hook:
        _previous_sys = sys.excepthook
        sys.excepthook = _sys_hook
    if threading.excepthook is not _thread_hook:
        _previous_thread = threading.excepthook
        threading.excepthook = _thread_hook
