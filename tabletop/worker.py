"""The computer players' worker: a separate process that thinks while the table draws.

Every game's computer player runs here, not in the window's process: a thread would
share the interpreter lock with the frame loop, and a separate process also keeps the
cards a seat cannot see out of the thinking's memory. The table sends one seat's *view*
(:mod:`tabletop.engine.pack`, JSON, never pickle) and gets a move back; it keeps drawing,
and shows that the computer is thinking, in between.

The worker process loads the game and its cards itself (the same card files, mods
included or not, as the table) and rebuilds each view on a state set up with the same
options and seed, so it has the card definitions without being sent them.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import time
from dataclasses import dataclass
from typing import Any

from .engine.moves import Move
from .engine.pack import pack, pack_move, unpack, unpack_move
from .engine.rng import Rng
from .engine.state import State

#: how long a request may wait for the worker to start (seconds)
START_TIMEOUT = 30.0


@dataclass(frozen=True)
class Reply:
    """The answer to one request: the move, how long the thinking took, and details
    (a hint's runner-up and chance to win)."""

    request: int
    move: Move | None
    seconds: float
    details: dict[str, Any]
    error: str = ""


class ComputerWorker:
    """The table's side of the worker process (see the module docstring)."""

    def __init__(self, game_id: str, options: dict[str, Any], seed: int, mods: bool,
                 position: dict | None = None) -> None:
        ctx = multiprocessing.get_context("spawn")
        self._conn, child = ctx.Pipe()
        self._proc = ctx.Process(target=serve,
                                 args=(child, game_id, options, seed, mods, position),
                                 name=f"tabletop-{game_id}-players", daemon=True)
        self._proc.start()
        child.close()
        self._next = 0
        self._broken = False
        self.waiting: int | None = None

    def ask(self, view: State, seat: int, budget: float, player: str = "own",
            kind: str = "move") -> int:
        """Send ``seat``'s view; the reply comes through :meth:`poll`. Returns its number
        (a newer request makes an older one stale: its reply is dropped)."""
        self._next += 1
        head = json.dumps({"id": self._next, "seat": seat, "budget": budget,
                           "player": player, "kind": kind}).encode("utf-8")
        self.waiting = self._next
        try:
            self._conn.send_bytes(head)
            self._conn.send_bytes(pack(view))
        except (OSError, ValueError):
            self._broken = True  # the reply will say so (poll)
        return self._next

    def poll(self) -> Reply | None:
        """The reply to the latest request, if it has come (never blocks)."""
        while True:
            try:
                if self._broken:
                    raise EOFError
                if not self._conn.poll():
                    return None
                data = json.loads(self._conn.recv_bytes().decode("utf-8"))
            except (EOFError, OSError):
                waiting, self.waiting = self.waiting, None
                return Reply(waiting or 0, None, 0.0, {}, "the computer players' worker "
                             "stopped") if waiting is not None else None
            if data["id"] != self.waiting:
                continue  # a stale answer (the game moved on, or was undone)
            self.waiting = None
            move = unpack_move(data["move"]) if data.get("move") is not None else None
            return Reply(data["id"], move, data["seconds"], data.get("details") or {},
                         data.get("error", ""))

    def cancel(self) -> None:
        """Forget the request in flight (its reply will be dropped)."""
        self.waiting = None

    def wait(self, timeout: float = START_TIMEOUT) -> Reply | None:
        """Block until the reply comes (tools and tests, never the frame loop)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            reply = self.poll()
            if reply is not None:
                return reply
            self._conn.poll(0.01)
        return None

    @property
    def alive(self) -> bool:
        return self._proc.is_alive()

    def close(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self._conn.send_bytes(b'{"quit": true}')
        self._proc.join(timeout=2)
        if self._proc.is_alive():
            self._proc.terminate()
        self._conn.close()


def serve(conn, game_id: str, options: dict[str, Any], seed: int, mods: bool,
          position: dict | None = None) -> None:
    """The worker process: answer requests until told to quit or the table goes away."""
    from .games import get_game

    game = get_game(game_id)
    rules = game.rules
    catalog = rules.load_catalog(mod_dirs=None if mods else [])
    if position is not None and game.positions is not None:
        template = game.positions.build(catalog, rules.normalize_options(options), seed,
                                        position)
    else:
        template = rules.new_state(catalog, options, seed)
    players: dict[str, Any] = {}
    rng = Rng(seed ^ 0x5EED)
    while True:
        try:
            head = json.loads(conn.recv_bytes().decode("utf-8"))
            if head.get("quit"):
                return
            view = unpack(conn.recv_bytes(), template)
        except (EOFError, OSError):
            return
        t0 = time.perf_counter()
        reply: dict[str, Any] = {"id": head["id"], "move": None, "details": {}}
        try:
            player = players.get(head["player"])
            if player is None:
                player = players[head["player"]] = make_player(game, head["player"])
            move = player.choose(rules, view, head["seat"], rng)
            reply["move"] = pack_move(move)
            reply["details"] = dict(getattr(player, "details", None) or {})
        except Exception as exc:  # reported to the table: a bad player never kills the worker
            reply["error"] = f"{type(exc).__name__}: {exc}"
        reply["seconds"] = time.perf_counter() - t0
        try:
            conn.send_bytes(json.dumps(reply).encode("utf-8"))
        except (OSError, ValueError):
            return


def make_player(game, name: str):
    """``own``: the game's own computer player; ``random``: uniform random play."""
    if name == "random":
        from .engine.players import RandomPlayer

        return RandomPlayer()
    return game.computer_player()
