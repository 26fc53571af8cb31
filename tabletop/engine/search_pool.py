"""The search's helper processes: more sampled worlds of the same decision on the cores
the machine gives (root parallelisation).

The computer players' worker may start helpers (:func:`processes` less one: the cores it
may use less one for the table; none on a machine of one or two cores, nor in a desktop
bundle). Each is a process of its own (``multiprocessing``, ``spawn``), started by the
worker and so at the worker's priority, below the table's (a child keeps its parent's
niceness, and on Windows its below-normal class). A helper gets what the worker's search
gets and nothing more: the seat's view (packed, :mod:`.pack`), the seat, the level, the
prior and a seed of the worker's own random numbers; it searches that decision in worlds
of its own until told to stop (or until the ceiling), telling how many iterations it has
made, and sends its root moves' figures (visits, rewards, its common worlds' scores).
The worker counts the helpers' iterations towards the level's work and merges their
figures with its own (:func:`~.search.merge`): visits and rewards add up, and each
process's paired comparison stays within its own common worlds.

A question withdrawn stops the helpers with the worker's search. A helper that dies, or
does not answer within :data:`GRACE` of the worker's end, is left out of the decision (a
dead one for good): the worker's own search is the answer. A helper ends when the
worker's end of its pipe closes (the worker quit, or died). Messages are JSON (nothing is
pickled).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
import time
from collections.abc import Callable
from multiprocessing.connection import Connection, wait
from typing import Any

from .moves import Move
from .pack import pack_move, unpack, unpack_move
from .rng import Rng
from .search import RootStat, RootStats, Search, SearchHints
from .state import State

#: the environment variable that sets the processes a decision may use (1: the worker
#: alone)
PROCESSES_ENV = "TABLETOP_SEARCH_PROCESSES"
#: how long the worker waits for its helpers' figures after its own search ends (s)
GRACE = 0.03


def processes() -> int:
    """The processes a decision may use: :data:`PROCESSES_ENV`, else the cores this
    process may run on less one for the table, at least 1 (1 in a desktop bundle, where
    ``multiprocessing`` cannot start a Python of its own; the tests set one unless a
    test asks for more)."""
    raw = os.environ.get(PROCESSES_ENV, "").strip()
    if raw:
        try:
            return max(1, int(raw))
        except ValueError:
            pass
    if getattr(sys, "frozen", False):
        return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


class _Helper:
    """The worker's side of one helper process."""

    def __init__(self, ctx, target: Callable, args: tuple) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=target, args=(child, *args), daemon=True,
                                name="tabletop-search-helper")
        self.proc.start()
        child.close()
        self.ready = False
        self.dead = False
        #: the decision it works on (None: idle), its iterations so far, its figures
        self.working: int | None = None
        self.done = 0
        self.stats: RootStats | None = None

    def send(self, data: dict) -> None:
        try:
            self.conn.send_bytes(json.dumps(data, separators=(",", ":")).encode())
        except (OSError, ValueError):
            self.dead = True

    def read(self) -> None:
        """Take what it has sent (never blocks)."""
        try:
            while not self.dead and self.conn.poll():
                self._note(json.loads(self.conn.recv_bytes()))
        except (OSError, EOFError, ValueError):
            self.dead = True

    def _note(self, data: dict) -> None:
        if data.get("ready"):
            self.ready = True
        elif data.get("id") != self.working:
            return  # a decision given up
        elif "stats" in data:
            self.done = data["iterations"]
            self.stats = {unpack_move(m): RootStat(v, r, [s])
                          for m, v, r, s in data["stats"]}
        else:
            self.done = data["done"]


class SearchPool:
    """The worker's helper processes (see the module docstring). ``target(conn, *args)``
    is a helper's main: it sets up the game and calls :func:`serve_helper`."""

    def __init__(self, helpers: int, target: Callable, args: tuple = (),
                 context: str = "spawn") -> None:
        ctx = multiprocessing.get_context(context)
        self._helpers = [_Helper(ctx, target, args) for _ in range(helpers)]
        self._id = 0
        #: the iterations of the helpers whose figures the last decision merged
        self.helped = 0

    @property
    def pids(self) -> list[int]:
        return [h.proc.pid for h in self._helpers if h.proc.pid is not None]

    def _live(self) -> list[_Helper]:
        for h in self._helpers:
            h.read()
        return [h for h in self._helpers if not h.dead]

    def start(self, level: str, view: dict[str, Any], seat: int, prior: Move | None,
              ceiling: float, rng: Rng) -> int:
        """Set the ready helpers searching a decision (``view`` packed) for at most
        ``ceiling`` seconds; how many there are."""
        self._id += 1
        self.helped = engaged = 0
        for h in self._live():
            h.working, h.done, h.stats = None, 0, None
            if not h.ready:
                continue  # still starting: the next decision
            h.working = self._id
            h.send({"id": self._id, "level": level, "view": view, "seat": seat,
                    "prior": pack_move(prior) if prior is not None else None,
                    "seed": rng.below(1 << 40), "ceiling": ceiling})
            engaged += not h.dead
        return engaged

    def done(self) -> int:
        """The iterations the helpers have made for the decision so far."""
        return sum(h.done for h in self._live() if h.working == self._id)

    def finish(self, grace: float = GRACE) -> list[RootStats]:
        """Stop the helpers' searches and take their figures, waiting at most ``grace``
        seconds for them."""
        working = [h for h in self._live() if h.working == self._id]
        for h in working:
            if h.stats is None:
                h.send({"stop": self._id})
        end = time.monotonic() + grace
        while True:
            waiting = [h for h in working if h.stats is None and not h.dead]
            left = end - time.monotonic()
            if not waiting or left <= 0:
                break
            for conn in wait([h.conn for h in waiting], left):
                next(h for h in waiting if h.conn is conn).read()
        out = [h.stats for h in working if h.stats is not None]
        self.helped = sum(h.done for h in working if h.stats is not None)
        for h in self._helpers:
            h.working = None
        return out

    def close(self, timeout: float = 2.0) -> None:
        """End the helpers: their pipes closed, each goes; one that does not in
        ``timeout`` is killed."""
        for h in self._helpers:
            h.conn.close()
        end = time.monotonic() + timeout
        for h in self._helpers:
            h.proc.join(max(0.0, end - time.monotonic()))
            if h.proc.is_alive():
                h.proc.kill()
                h.proc.join(1.0)
        self._helpers = []


def serve_helper(conn: Connection, template: State,
                 hints_of: Callable[[str], tuple[Any, SearchHints]]) -> None:
    """A helper's loop: search each decision the worker sends until told to stop, and
    send its figures; end when the worker's end of the pipe closes. ``hints_of(level)``:
    the rules and the search hints of a level's player."""
    # standard output is the worker's answers to the table: a helper never writes there
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)

    def send(data: dict) -> None:
        conn.send_bytes(json.dumps(data, separators=(",", ":")).encode())

    try:
        send({"ready": True})
        while True:
            data = json.loads(conn.recv_bytes())
            if "stop" in data:
                continue  # a search that ended on its own
            _search(conn, data, template, hints_of, send)
    except (EOFError, OSError):
        return  # the worker has gone


def _search(conn: Connection, data: dict, template: State,
            hints_of: Callable[[str], tuple[Any, SearchHints]],
            send: Callable[[dict], None]) -> None:
    """One decision in this helper's worlds."""
    rules, hints = hints_of(data["level"])
    view = unpack(data["view"], template)
    prior = unpack_move(data["prior"]) if data["prior"] is not None else None
    number = data["id"]
    search = Search(rules, hints)
    decision = search.decide(
        view, data["seat"], Rng(data["seed"]), prior=prior,
        deadline=time.perf_counter() + data["ceiling"], stop=conn.poll,
        progress=lambda done, _need, _s: send({"id": number, "done": done}))
    stats = search.root_stats() if decision.iterations else {}
    send({"id": number, "iterations": decision.iterations,
          "stats": [[pack_move(m), s.visits, s.reward, s.runs[0]] for m, s in stats.items()]})

