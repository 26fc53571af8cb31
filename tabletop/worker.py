"""The computer players' worker: a separate process that thinks while the table draws.

Every game's computer player runs here, not in the window's process: a thread would
share the interpreter lock with the frame loop, and a separate process also keeps the
cards a seat cannot see out of the thinking's memory. The table sends one seat's *view*
(:mod:`tabletop.engine.pack`) and gets a move back; it keeps drawing, and shows that the
computer is thinking, in between.

The worker is ``python -m tabletop.worker``, spoken to in JSON lines over its standard
input and output (nothing is pickled). Its first line says which game, options, seed,
scenario position and card files to load; it rebuilds each view on a state set up the
same way, so it has the card definitions without being sent them. A thread of the table's
process reads the answers, so asking and collecting never block a frame.
"""

from __future__ import annotations

import gc
import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from . import ROOT
from .engine.levels import HINT_LEVEL, LEVELS, SearchPlayer
from .engine.moves import Move
from .engine.pack import pack, pack_move, unpack, unpack_move
from .engine.rng import Rng
from .engine.state import State

#: how long :meth:`ComputerWorker.wait` waits by default (seconds)
WAIT = 30.0


@dataclass(frozen=True)
class Reply:
    """The answer to one request: the move, how long the thinking took, and details
    (a hint's runner-up and chance to win)."""

    request: int
    move: Move | None
    seconds: float
    details: dict[str, Any]
    error: str = ""


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


class ComputerWorker:
    """The table's side of the worker process (see the module docstring)."""

    def __init__(self, game_id: str, options: dict[str, Any], seed: int, mods: bool,
                 position: dict | None = None) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH"))
                                            if p)
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "tabletop.worker"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, bufsize=0)
        self._replies = _Replies(self._proc.stdout)
        self._unread: deque[bytes | None] = deque()
        self._errors: list[str] = []
        threading.Thread(target=self._read_errors, daemon=True).start()
        self._next = 0
        self._broken = False
        self.waiting: int | None = None
        self._send({"game": game_id, "options": options, "seed": seed, "mods": mods,
                    "position": position})

    def _read_errors(self) -> None:
        for line in _lines(self._proc.stderr):
            self._errors = (self._errors + [line.decode("utf-8", "replace").rstrip()])[-20:]

    def _send(self, data: dict[str, Any]) -> None:
        try:
            self._proc.stdin.write(json.dumps(data, separators=(",", ":")).encode() + b"\n")
        except (OSError, ValueError):
            self._broken = True  # the reply will say so (poll)

    def ask(self, view: State, seat: int, budget: float, player: str = "own",
            kind: str = "move") -> int:
        """Send ``seat``'s view; the reply comes through :meth:`poll`. Returns its number
        (a newer request makes an older one stale: its reply is dropped)."""
        self._next += 1
        self.waiting = self._next
        self._send({"id": self._next, "seat": seat, "budget": budget, "player": player,
                    "kind": kind, "view": pack(view)})
        return self._next

    def poll(self) -> Reply | None:
        """The reply to the latest request, if it has come (never blocks)."""
        self._unread.extend(self._replies.take())
        while not self._broken:
            if not self._unread:
                return None
            line = self._unread.popleft()
            if line is None:
                self._broken = True
                break
            data = json.loads(line)
            if data["id"] != self.waiting:
                continue  # a stale answer (the game moved on, or was undone)
            self.waiting = None
            move = unpack_move(data["move"]) if data.get("move") is not None else None
            return Reply(data["id"], move, data["seconds"], data.get("details") or {},
                         data.get("error", ""))
        waiting, self.waiting = self.waiting, None
        if waiting is None:
            return None
        why = self._errors[-1] if self._errors else "it stopped"
        return Reply(waiting, None, 0.0, {}, f"the computer players' worker stopped: {why}")

    def cancel(self) -> None:
        """Forget the request in flight (its reply will be dropped)."""
        self.waiting = None

    def wait(self, timeout: float = WAIT) -> Reply | None:
        """Block until the reply comes (tools and tests, never the frame loop)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            reply = self.poll()
            if reply is not None:
                return reply
            time.sleep(0.005)
        return None

    @property
    def alive(self) -> bool:
        return self._proc.poll() is None

    def kill(self) -> None:
        self._proc.kill()

    def close(self) -> None:
        self._send({"quit": True})
        try:
            self._proc.stdin.close()
            self._proc.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            self._proc.kill()


def serve(inp, out) -> None:
    """The worker process: answer requests until told to quit or the table goes away."""
    from .games import get_game

    setup = json.loads(inp.readline())
    game = get_game(setup["game"])
    rules = game.rules
    catalog = rules.load_catalog(mod_dirs=None if setup["mods"] else [])
    options = rules.normalize_options(setup["options"])
    if setup.get("position") is not None and game.positions is not None:
        template = game.positions.build(catalog, options, setup["seed"], setup["position"])
    else:
        template = rules.new_state(catalog, options, setup["seed"])
    players: dict[str, Any] = {}
    rng = Rng(setup["seed"] ^ 0x5EED)
    # The catalog and the template live as long as the worker: kept out of the collector's
    # full passes, so that a pass inside a decision is short (the budget holds).
    gc.collect()
    gc.freeze()
    for line in inp:
        request = json.loads(line)
        if request.get("quit"):
            return
        out.write(json.dumps(answer(game, template, players, rng, request)).encode() + b"\n")
        out.flush()


def answer(game, template: State, players: dict, rng: Rng, request: dict) -> dict:
    """One request: the chosen move (or the error), with the time it took. A searching
    player (a level above easy, and every hint) thinks within the request's ``budget``,
    counted from the request's arrival."""
    t0 = time.perf_counter()
    reply: dict[str, Any] = {"id": request["id"], "move": None, "details": {}}
    try:
        view = unpack(request["view"], template)
        name = HINT_LEVEL if request.get("kind") == "hint" else request["player"]
        player = players.get(name)
        if player is None:
            player = players[name] = make_player(game, name)
        if isinstance(player, SearchPlayer):
            player.deadline = t0 + max(0.0, float(request.get("budget") or 0.0))
        move = player.choose(game.rules, view, request["seat"], rng)
        reply["move"] = pack_move(move)
        reply["details"] = _plain(getattr(player, "details", None) or {})
    except Exception as exc:  # reported to the table: a bad player never kills the worker
        reply["error"] = f"{type(exc).__name__}: {exc}"
    reply["seconds"] = time.perf_counter() - t0
    return reply


def _plain(details: dict) -> dict:
    """A player's details as JSON (moves as lists)."""
    return {k: pack_move(v) if isinstance(v, Move) else v for k, v in details.items()
            if v is None or isinstance(v, Move | bool | int | float | str)}


def make_player(game, name: str):
    """``own``: the game's own computer player; ``random``: uniform random play; a level
    (:data:`~tabletop.engine.levels.LEVELS`): that level's player."""
    if name == "random":
        from .engine.players import RandomPlayer

        return RandomPlayer()
    if name in LEVELS:
        return game.player_at(name)
    return game.computer_player()


if __name__ == "__main__":
    serve(sys.stdin.buffer, sys.stdout.buffer)
