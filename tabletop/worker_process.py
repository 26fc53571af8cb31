"""The computer players' worker process itself (``python -m tabletop.worker_process``): it reads
the table's requests (:class:`_Requests`, a thread that notes questions withdrawn while
it thinks), answers each with the asked seat's player, and writes the answers, and the
progress of a long search, as JSON lines (the protocol: :mod:`tabletop.worker`).

A searching seat's tree is kept for its next question (:mod:`.engine.search_memory`), and
where the machine gives more than two cores the worker's helper processes search each
decision in worlds of their own beside it (:mod:`.engine.search_pool`)."""

from __future__ import annotations

import gc
import json
import os
import sys
import threading
import time
from collections import deque
from typing import Any

from .engine.calibration import hint_chance
from .engine.levels import HINT_LEVEL, LEVELS, SearchPlayer
from .engine.moves import Move
from .engine.pack import pack_move, unpack, unpack_move
from .engine.rng import Rng
from .engine.search import Search
from .engine.search_memory import TreeMemory
from .engine.search_pool import SearchPool, processes, serve_helper
from .engine.state import State
from .worker import LOG, worker_nice

#: the seed the worker's template state is set up from (any: the views replace all but
#: its static parts; never the game's own)
TEMPLATE_SEED = 0


def lower_priority() -> int | None:
    """The worker's first act (Linux, macOS): its priority lowered :func:`worker_nice`
    steps below the table's, which started it. Returns its niceness now (None where there
    is no ``os.nice``, or it could not be changed)."""
    if not hasattr(os, "nice"):
        return None
    try:
        return os.nice(worker_nice())
    except OSError:
        return None


class _Requests:
    """The worker's incoming requests, read by a thread while the worker thinks, so that
    a question replaced or forgotten meanwhile is skipped rather than answered."""

    def __init__(self, inp) -> None:
        self._lock = threading.Condition()
        self._queue: deque[dict | None] = deque()
        self._forgotten: set[int] = set()
        threading.Thread(target=self._read, args=(inp,), daemon=True).start()

    def _read(self, inp) -> None:
        for line in inp:
            request = json.loads(line)
            with self._lock:
                if "forget" in request:
                    self._forgotten.add(request["forget"])
                else:
                    self._queue.append(request)
                self._lock.notify()
        with self._lock:
            self._queue.append(None)
            self._lock.notify()

    def next(self) -> dict | None:
        """The next request worth answering (None: quit, or the table has gone)."""
        with self._lock:
            while True:
                while not self._queue:
                    self._lock.wait()
                request = self._queue.popleft()
                if request is None or request.get("quit"):
                    return None
                if not self._skipped(request):
                    return request

    def _skipped(self, request: dict) -> bool:
        """Has a later request of the same kind replaced it, or was it forgotten?"""
        question = request.get("question") or [None] * 5
        if question[4] in self._forgotten:
            self._forgotten.discard(question[4])
            return True
        return self._replaced(question)

    def _replaced(self, question: list) -> bool:
        return any(r is not None and (r.get("question") or [None])[0] == question[0]
                   for r in self._queue)

    def withdrawn(self, request: dict) -> bool:
        """Has the question being answered been replaced or forgotten since it began (or
        has the table gone)? Its search then stops: nobody awaits its answer."""
        question = request.get("question") or [None] * 5
        with self._lock:
            return question[4] in self._forgotten or self._replaced(question) or \
                any(r is None or r.get("quit") for r in self._queue)

    def done(self, request: dict) -> None:
        """The question is answered: a later ``forget`` of it has nothing to skip."""
        with self._lock:
            self._forgotten.discard((request.get("question") or [None] * 5)[4])


def serve(inp, out, helpers: int | None = None) -> None:
    """The worker process: answer requests until told to quit or the table goes away.
    ``helpers``: the helper processes to start (default: :func:`processes` less one)."""
    setup = json.loads(inp.readline())
    game, template = set_up(setup)
    players: dict[str, Any] = {}
    rng = Rng(int(setup.get("thinking_seed") or 0) ^ 0x5EED)
    helpers = processes() - 1 if helpers is None else helpers
    pool = SearchPool(helpers, _helper, (setup,)) if helpers > 0 else None
    memory = TreeMemory()
    # The catalog and the template live as long as the worker: kept out of the collector's
    # full passes, so that a pass inside a decision is short (the budget holds).
    gc.collect()
    gc.freeze()
    requests = _Requests(inp)
    try:
        while (request := requests.next()) is not None:
            def progress(done: int, at_least: int, elapsed: float,
                         q=request["question"]) -> None:
                out.write(json.dumps({"progress": q, "done": done, "needed": at_least,
                                      "seconds": round(elapsed, 3)}).encode() + b"\n")
                out.flush()

            reply = answer(game, template, players, rng, request, progress=progress,
                           stop=lambda r=request: requests.withdrawn(r), memory=memory,
                           pool=pool)
            requests.done(request)
            out.write(json.dumps(reply).encode() + b"\n")
            out.flush()
            memory.settle()
    finally:
        if pool is not None:
            pool.close()


def set_up(setup: dict) -> tuple[Any, State]:
    """The game of a setup line and the state every view is rebuilt on."""
    from .games import get_game

    game = get_game(setup["game"])
    rules = game.rules
    catalog = rules.load_catalog(mod_dirs=None if setup["mods"] else [])
    options = rules.normalize_options(setup["options"])
    # the state every view is rebuilt on: its static parts (the cards, their compiled
    # data, the options) are what matter; it is set up from a seed of its own, never the
    # game's (the deal and the deck's order are nothing the worker may know)
    if setup.get("position") is not None and game.positions is not None:
        template = game.positions.build(catalog, options, TEMPLATE_SEED, setup["position"])
    else:
        template = rules.new_state(catalog, options, TEMPLATE_SEED)
    return game, template


def _helper(conn, setup: dict) -> None:
    """A search helper process's main (:mod:`.engine.search_pool`): the worker's set-up,
    then its share of the worker's decisions."""
    game, template = set_up(setup)
    players: dict[str, Any] = {}

    def hints_of(level: str):
        if level not in players:
            players[level] = make_player(game, level)
        return game.rules, players[level].search_hints

    gc.collect()
    gc.freeze()
    serve_helper(conn, template, hints_of)


def answer(game, template: State, players: dict, rng: Rng, request: dict,
           progress=None, stop=None, memory: TreeMemory | None = None,
           pool: SearchPool | None = None) -> dict:
    """One request: the chosen move (or the error), with the time it took. A searching
    player (a level above easy, and every hint) thinks for the request's ``budget`` and,
    until it has done its level's work, up to its ``ceiling``, both counted from the
    request's arrival; it tells ``progress(done, needed, seconds)`` how far it is, and
    ends early, with its best move so far, when ``stop()`` says the question was
    withdrawn; it goes on from the seat's kept tree in ``memory`` and shares the work
    with ``pool``'s helpers (:func:`think`)."""
    t0 = time.perf_counter()
    reply: dict[str, Any] = {"question": request["question"], "move": None, "details": {}}
    try:
        view = unpack(request["view"], template)
        name = HINT_LEVEL if request["question"][0] == "hint" else request["player"]
        player = players.get(name)
        if player is None:
            player = players[name] = make_player(game, name)
        if isinstance(player, SearchPlayer):
            budget = max(0.0, float(request.get("budget") or 0.0))
            player.deadline = t0 + budget
            # (a question without a ceiling: the budget is the end, work or no work)
            player.ceiling_at = t0 + max(budget, float(request.get("ceiling") or 0.0))
            player.progress, player.stop = progress, stop
        seat = request["question"][1]
        if isinstance(player, SearchPlayer) and not getattr(player, "temperature", 0.0):
            move = think(game.rules, player, view, seat, rng, request, name, memory, pool)
        else:
            move = player.choose(game.rules, view, seat, rng)
        if move.seat != seat or move not in game.rules.legal_moves(view):
            # a bug of the player, said rather than sent as an answer
            raise ValueError(f"its move {move!r} is not legal for P{seat + 1}")
        reply["move"] = pack_move(move)
        details = reply["details"] = _plain(getattr(player, "details", None) or {})
        if request["question"][0] == "hint" and "value" in details \
                and not details.get("forced"):
            # the chance a person is shown: the search's estimate, calibrated against
            # what happened in positions it gave (engine.calibration)
            details["raw_value"] = details["value"]
            details["value"] = hint_chance(game.info.id, details["value"])
    except Exception as exc:  # reported to the table: a bad player never kills the worker
        LOG.warning("question %s failed", request.get("question"), exc_info=True)
        reply["error"] = f"{type(exc).__name__}: {exc}"
    reply["seconds"] = time.perf_counter() - t0
    return reply


def think(rules, player: SearchPlayer, view: State, seat: int, rng: Rng, request: dict,
          level: str, memory: TreeMemory | None = None, pool: SearchPool | None = None
          ) -> Move:
    """:meth:`SearchPlayer.choose`'s search, going on from the seat's tree kept in
    ``memory`` (then keeping this one) and with ``pool``'s helpers searching the same
    decision; ``player.details`` says how many visits the tree brought (``reused``), how
    many processes searched (``processes``) and the helpers' iterations (``helped``,
    within ``iterations``)."""
    clock = player.clock
    t0 = clock()
    kind, _, moves, changes = request["question"][:4]
    split = player.search_hints.split
    seen = request.get("seen")
    seen = None if seen is None else [unpack_move(m) for m in seen]
    take = (lambda: memory.take(rules, kind, seat, level, moves, changes, view, seen, split,
                                rng)) if memory is not None else (lambda: None)
    if len(rules.legal_moves(view)) == 1:
        move = player.choose(rules, view, seat, rng)
        tree = take()  # kept through the forced move
        if tree is not None:
            memory.keep(kind, seat, level, moves, changes, view, move, tree, split)
        return move
    prior = player.own.choose(rules, view, seat, rng) if player.own is not None else None
    deadline, ceiling = player.times(t0)
    tree = take()
    end = ceiling if ceiling is not None else deadline
    helpers = 0
    if pool is not None and end is not None and player.iterations is None:
        helpers = pool.start(level, request["view"], seat, prior, end - clock(), rng)
    search = Search(rules, player.search_hints, clock)
    try:
        decision = search.decide(
            view, seat, rng, iterations=player.iterations, prior=prior, deadline=deadline,
            at_least=player.at_least, ceiling=ceiling, progress=player.progress,
            stop=player.stop, tree=tree, others=pool.done if helpers else None,
            gather=pool.finish if helpers else None)
    except BaseException:
        if helpers:
            pool.finish(0.0)  # stop them: nobody takes their figures
        raise
    helped = pool.helped if helpers else 0
    if memory is not None:
        memory.keep(kind, seat, level, moves, changes, view, decision.move, search.root,
                    split)
    player.record(decision, prior, t0, iterations=decision.iterations + helped,
                  reused=decision.reused, processes=decision.processes, helped=helped)
    return decision.move


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


def main() -> None:
    """Serve the table on standard input and output, logging to ``worker.log``."""
    nice = lower_priority()  # first: the table's frames come before the thinking
    from .logs import WORKER_LOG, install_excepthooks, setup_logging

    setup_logging(WORKER_LOG)
    install_excepthooks()
    LOG.info("the computer players' worker started (process %s, niceness %s)", os.getpid(),
             nice)
    serve(sys.stdin.buffer, sys.stdout.buffer)


if __name__ == "__main__":  # python -m tabletop.worker_process (worker.worker_command)
    main()
