"""The computer players' worker: a separate process that thinks while the table draws.

Every game's computer player runs here, not in the window's process: a thread would
share the interpreter lock with the frame loop, and a separate process also keeps the
cards a seat cannot see out of the thinking's memory. The table sends one seat's *view*
(:mod:`tabletop.engine.pack`) and gets a move back; it keeps drawing, and shows that the
computer is thinking, in between.

The worker is ``python -m tabletop.worker_process`` (:mod:`tabletop.worker_process`), spoken
to in JSON lines over its standard
input and output (nothing is pickled). Its first line says which game, options, seed,
scenario position and card files to load; it rebuilds each view on a state set up the
same way, so it has the card definitions without being sent them. The table's frame
loop reads the answers without blocking, so asking and collecting never hold up a frame.

**A question and its answer are one thing.** Every request carries a :class:`Question`:
what is asked (a computer seat's ``move`` or a ``hint``), for which seat, and about which
position (the moves played and the session's count of changes, which an undo and a
different move make different from the position before). The reply carries the same
question back; the table takes a reply only when its question is the one it awaits of
that kind, and drops every other (stale, duplicated, unknown). The worker answers its
requests in order, but skips one that a later request of the same kind has replaced, or
that the table has told it to forget (``{"forget": number}``): nobody awaits its answer.

**Priority.** The worker runs below the table (:data:`WORKER_NICE`: it lowers its own
priority first thing; on Windows it is started below normal priority), so that on a busy
machine the table's frames come first and the search takes what is left.

**Logs.** The worker logs to a file of its own, ``worker.log`` beside the app's log
(:mod:`tabletop.logs`: two processes must not rotate one file); an exception nobody
caught is logged there with its traceback, and still written on its standard error,
which the table collects (:meth:`ComputerWorker.why`). When the worker ends without
being told to, the table logs how, with those last lines.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from . import PACKAGE_PARENT
from .engine.moves import Move
from .engine.pack import pack, pack_move, unpack_move
from .engine.state import State

#: how long :meth:`ComputerWorker.wait` waits by default (seconds)
WAIT = 30.0
#: the kinds of question
KINDS = ("move", "hint")
#: the worker's log (in its own process) and the table's record of how a worker ended
LOG = logging.getLogger("tabletop.worker")
#: how many of the worker's last lines on standard error the table logs when it ends
LOGGED_LINES = 20
#: how far below the table's the worker's priority is (``os.nice``: 0 the same, 19 the
#: lowest): on a busy machine the table's frames come before the search, which must
#: still think. Chosen by measurement on 2026-11-27 (2 cores shared with other work, load
#: average 10-15) with every core kept busy (``contend``): with the play measurement
#: (:mod:`tabletop.bench.play`, Brawl, ``--levels 0,5,10,19 --rounds 12 --block 3``) the
#: share of frames over 33 ms while the computer thought was 14.5 / 10.5 / 9.7 / 8.9 % at
#: nice 0 / 5 / 10 / 19 (7.5 / 3.7 / 3.6 / 2.6 points over the frames while it did not;
#: the bare loop's 3.9 %), and the search made 75 / 17 / 14 / 5 iterations a 0.5 s move
#: (medians); a bare loop beside a worker thinking back to back lost 12.4 / 5.6 / 3.8 /
#: 2.7 points of frames over 33 ms to it (38 / 16 / 9 / 22 iterations a move). Over all
#: such runs (six for the frames, eight for the iterations, load 10-16) nice 5 and nice 10
#: each left about half of nice 0's loss of frames (medians 0.49 and 0.46 of it), while the
#: search kept a median 45 % of nice 0's iterations at nice 5 and 22 % at nice 10: nice 5
#: takes about as much of the loss away and leaves the search twice the work. Checked
#: again on 2026-11-27 (evening; the machine otherwise quiet, both cores kept busy by
#: ``contend``; ``tabletop bench --only play``, Brawl at nice 5 / 0 / 2 / 10 in one run):
#: the p99 of the frames while the computer thought was 1.21 / 1.51 / 1.36 / 1.19x the
#: bare loop's (goal 1.3x), and the search made 43 / 104 / 65 / 15 iterations a move:
#: nice 2 keeps more of the search but fails the frames; nice 5 is the least that passes
#: them. The search's strength on a busy machine is kept by the work it is given
#: (issue 28), not by taking the table's turn.
WORKER_NICE = 5
#: the environment variable that sets another niceness for the worker (the bench compares
#: levels with it; 0: the table's priority)
NICE_ENV = "TABLETOP_WORKER_NICE"


@dataclass(frozen=True)
class Question:
    """What one request asks and about which position: ``kind`` (``move``: a computer
    seat's move; ``hint``: the search's advice to a person), the ``seat`` asked about,
    the ``moves`` played and the session's ``changes`` (every move, undo and redo counts
    one) when it was asked, and the table's ``number`` for it (never used twice)."""

    kind: str
    seat: int
    moves: int
    changes: int
    number: int

    def to_json(self) -> list:
        return [self.kind, self.seat, self.moves, self.changes, self.number]

    @classmethod
    def from_json(cls, data: Any) -> Question:
        """The question a reply names; ValueError when it is not one."""
        if not isinstance(data, list) or len(data) != 5 or data[0] not in KINDS or \
                not all(isinstance(v, int) and not isinstance(v, bool) for v in data[1:]):
            raise ValueError(f"not a question: {data!r}")
        return cls(*data)


@dataclass(frozen=True)
class Reply:
    """The answer to one question: the move, how long the thinking took, and details
    (a hint's runner-up and chance to win)."""

    question: Question
    move: Move | None
    seconds: float
    details: dict[str, Any]
    error: str = ""


def read_reply(line: bytes) -> Reply:
    """A reply line as a :class:`Reply`; ValueError when it is not one."""
    try:
        data = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise ValueError("not a reply")
    question = Question.from_json(data.get("question"))
    raw = data.get("move")
    try:
        move = unpack_move(raw) if raw is not None else None
    except TypeError as exc:
        raise ValueError(f"not a move: {raw!r}") from exc
    seconds = data.get("seconds", 0.0)
    details = data.get("details")
    details = {} if details is None else details
    if not isinstance(seconds, int | float) or not isinstance(details, dict):
        raise ValueError("bad seconds or details")
    return Reply(question, move, float(seconds), details, str(data.get("error", "")))


def _lines(stream) -> Iterator[bytes]:
    """The lines of a pipe, read in chunks (iterating an unbuffered pipe reads a line
    byte by byte)."""
    fd = stream.fileno()
    pending = b""
    while True:
        try:
            chunk = os.read(fd, 1 << 16)
        except OSError:
            return
        if not chunk:
            if pending:
                yield pending
            return
        *lines, pending = (pending + chunk).split(b"\n")
        yield from lines


class _Replies:
    """The worker's reply lines, taken without blocking by the thread that polls for them.

    The pipe is read there, non-blocking: a reader thread would need the interpreter's
    lock to pass each reply on, and behind a frame loop that never pauses it waited for it
    up to seconds (read byte by byte, a reply of a few kilobytes took 20 s). Where a pipe
    cannot be made non-blocking (Windows before Python 3.12) a reader thread does it."""

    def __init__(self, stream) -> None:
        self._fd = stream.fileno()
        self._pending = b""
        self._queue: queue.Queue | None = None
        try:
            os.set_blocking(self._fd, False)
        except (OSError, AttributeError):  # pragma: no cover - not on POSIX
            self._queue = queue.Queue()
            threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream) -> None:  # pragma: no cover - the thread, not on POSIX
        for line in _lines(stream):
            if line.strip():
                self._queue.put(line)
        self._queue.put(None)

    def take(self) -> list[bytes | None]:
        """The lines come since the last call, then None if the worker has gone."""
        if self._queue is not None:  # pragma: no cover - not on POSIX
            out: list[bytes | None] = []
            while not self._queue.empty():
                out.append(self._queue.get_nowait())
            return out
        chunks, gone = [], False
        while True:
            try:
                chunk = os.read(self._fd, 1 << 16)
            except BlockingIOError:
                break
            except OSError:
                gone = True
                break
            if not chunk:
                gone = True
                break
            chunks.append(chunk)
        *lines, self._pending = (self._pending + b"".join(chunks)).split(b"\n")
        return [line for line in lines if line.strip()] + ([None] if gone else [])


#: the argument that makes a desktop bundle's executable run as this worker
BUNDLE_WORKER_ARG = "--computer-worker"


def worker_command() -> list[str]:
    """The command that starts the worker: ``python -m tabletop.worker_process``, or in a desktop
    bundle (PyInstaller, no Python beside it) the bundle's own executable with
    :data:`BUNDLE_WORKER_ARG` (its entry script, ``packaging/entry.py``, runs :func:`main`)."""
    if getattr(sys, "frozen", False):
        return [sys.executable, BUNDLE_WORKER_ARG]
    return [sys.executable, "-m", "tabletop.worker_process"]


class ComputerWorker:
    """The table's side of the worker process (see the module docstring): it sends
    questions and hands back every reply that comes; which of them is wanted is the
    asker's to decide (:class:`~tabletop.ui.table.computers.ComputerSeats`)."""

    def __init__(self, game_id: str, options: dict[str, Any], thinking_seed: int, mods: bool,
                 position: dict | None = None) -> None:
        """A worker for ``game_id`` with ``options`` (and a scenario's ``position``),
        ``mods`` on or off; ``thinking_seed``: the seed of its own random numbers (never
        the game's seed: the worker sets up its state from a seed of its own, and the
        deal is nothing it may know)."""
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(PACKAGE_PARENT), env.get("PYTHONPATH"))
                                            if p)
        self._proc = subprocess.Popen(
            worker_command(), stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, bufsize=0,
            creationflags=_priority_flags())
        self._replies = _Replies(self._proc.stdout)
        self._errors: list[str] = []
        #: the table told the worker to stop (:meth:`close`): its end is no error
        self._closing = False
        threading.Thread(target=self._read_errors, daemon=True).start()
        self._broken = False
        #: replies that were not replies (a line the table cannot read), dropped
        self.unreadable = 0
        #: the latest progress of each question's search: number -> (done, needed,
        #: seconds)
        self.progress: dict[int, tuple[int, int, float]] = {}
        self._send({"game": game_id, "options": options, "thinking_seed": thinking_seed,
                    "mods": mods, "position": position})

    def _read_errors(self) -> None:
        for line in _lines(self._proc.stderr):
            self._errors = (self._errors + [line.decode("utf-8", "replace").rstrip()])[-40:]
        self._log_end()

    def _log_end(self) -> None:
        """The worker's standard error has closed (it has ended): log how it ended and
        its last lines there (an error unless the table told it to stop)."""
        try:
            status = self._proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            status = None
        lines = self._errors[-LOGGED_LINES:]
        if self._closing and not lines:
            LOG.debug("the computer players' worker (process %s) stopped", self._proc.pid)
            return
        LOG.log(logging.WARNING if self._closing else logging.ERROR,
                "the computer players' worker (process %s) ended%s, exit status %s; its "
                "last lines on standard error:\n%s", self._proc.pid,
                " when told to stop" if self._closing else " unasked", status,
                "\n".join(lines) or "(none)")

    def _send(self, data: dict[str, Any]) -> None:
        try:
            self._proc.stdin.write(json.dumps(data, separators=(",", ":")).encode() + b"\n")
        except (OSError, ValueError):
            self._broken = True  # :attr:`gone` says so

    def ask(self, question: Question, view: State, budget: float,
            player: str = "own", ceiling: float | None = None,
            seen: list[Move] | None = None) -> None:
        """Send ``question`` about ``view`` (its seat's view), to be thought about for
        ``budget`` seconds and, until the level's work is done, up to ``ceiling``; the
        reply comes through :meth:`replies`, its search's progress meanwhile in
        :attr:`progress`. ``seen``: the moves since the seat's last question of the
        kind, as the seat saw them (the worker goes on from the tree it kept then)."""
        request = {"question": question.to_json(), "budget": budget, "ceiling": ceiling,
                   "player": player, "view": pack(view)}
        if seen is not None:
            request["seen"] = [pack_move(m) for m in seen]
        self._send(request)

    def forget(self, question: Question) -> None:
        """Tell the worker the answer to ``question`` is no longer wanted (it skips the
        question if it has not begun it)."""
        self._send({"forget": question.number})

    def replies(self) -> list[Reply]:
        """The replies come since the last call (never blocks); an unreadable line is
        dropped and counted (:attr:`unreadable`)."""
        out = []
        for line in self._replies.take():
            if line is None:
                self._broken = True
                break
            if line.startswith(b'{"progress"'):
                self._note_progress(line)
                continue
            try:
                reply = read_reply(line)
            except ValueError:
                self.unreadable += 1
                continue
            self.progress.pop(reply.question.number, None)
            out.append(reply)
        return out

    def _note_progress(self, line: bytes) -> None:
        """A search's progress line: ``{"progress": question, "done": n, "needed": m,
        "seconds": s}`` (an unreadable one is counted and dropped)."""
        try:
            data = json.loads(line)
            number = Question.from_json(data["progress"]).number
            done, needed, seconds = int(data["done"]), int(data["needed"]), \
                float(data["seconds"])
        except (ValueError, KeyError, TypeError):
            self.unreadable += 1
            return
        if len(self.progress) > 16:  # (questions never answered: forgotten ones)
            self.progress.clear()
        self.progress[number] = (done, needed, seconds)

    @property
    def gone(self) -> str:
        """Why the worker can no longer answer ("" while it can)."""
        if not self._broken:
            return ""
        return f"the computer players' worker stopped: {self.why()}"

    def why(self) -> str:
        """The telling line of what the worker wrote last on its standard error: a fatal
        error or an exception, not a frame of its tracebacks."""
        for line in reversed(self._errors):
            text = line.strip()
            if text.startswith(("Fatal Python error", "Traceback")) or (
                    text and not line.startswith(" ") and ":" in text and
                    not text.startswith(("Thread 0x", "Current thread", "File "))):
                return text
        return "it stopped"

    @property
    def errors(self) -> list[str]:
        """The last lines the worker wrote on its standard error."""
        return list(self._errors)

    def wait(self, question: Question, timeout: float = WAIT) -> Reply | None:
        """Block until the reply to ``question`` comes (tools and tests, never the frame
        loop); other replies are dropped."""
        end = time.monotonic() + timeout
        while time.monotonic() < end and not self.gone:
            for reply in self.replies():
                if reply.question == question:
                    return reply
            time.sleep(0.005)
        return None

    @property
    def alive(self) -> bool:
        return self._proc.poll() is None

    def kill(self) -> None:
        self._proc.kill()

    def close(self) -> None:
        """Stop the worker at once (a search under way is not wanted: left to finish, it
        took a core from the table opened next) and reap it in a thread of its own, never
        in the frame that closes it."""
        self._closing = True
        with contextlib.suppress(OSError, ValueError):
            self._proc.stdin.close()
        with contextlib.suppress(OSError):
            self._proc.terminate()
        threading.Thread(target=_reap, args=(self._proc,), daemon=True).start()


def worker_nice() -> int:
    """The niceness the worker takes: :data:`WORKER_NICE`, or :data:`NICE_ENV`'s (0-19)."""
    raw = os.environ.get(NICE_ENV, "").strip()
    try:
        return max(0, min(19, int(raw))) if raw else WORKER_NICE
    except ValueError:
        return WORKER_NICE


def _priority_flags() -> int:
    """Windows has no ``os.nice``: the worker is started below normal priority there
    (unless :data:`NICE_ENV` is 0). Elsewhere the worker lowers its own (:func:`main`)."""
    if sys.platform == "win32" and worker_nice() > 0:
        return subprocess.BELOW_NORMAL_PRIORITY_CLASS
    return 0


def _reap(proc: subprocess.Popen, timeout: float = 5.0) -> None:
    """Wait for a worker told to quit; kill it if it has not gone in ``timeout``."""
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
