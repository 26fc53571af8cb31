"""The computer players' worker runs at a lower priority than the table
(:data:`tabletop.worker.WORKER_NICE`): on a busy machine the table's frames come first."""

from __future__ import annotations

import os
import sys
import time

import pytest

from tabletop.worker import NICE_ENV, WORKER_NICE, ComputerWorker, Question

pytestmark = pytest.mark.skipif(not hasattr(os, "getpriority"),
                                reason="no niceness here (Windows: a priority class)")


def _niceness_of(worker: ComputerWorker, want: int, seconds: float = 60.0) -> int:
    """The worker's niceness relative to this process, once it has set it (the first
    thing it does), or what it is after ``seconds``."""
    pid = worker._proc.pid
    end = time.monotonic() + seconds
    seen = None
    while time.monotonic() < end:
        seen = os.getpriority(os.PRIO_PROCESS, pid) - os.getpriority(os.PRIO_PROCESS, 0)
        if seen == want or not worker.alive:
            break
        time.sleep(0.02)
    return seen


@pytest.mark.parametrize("env, want", [(None, WORKER_NICE), ("0", 0), ("19", 19)])
def test_the_worker_process_runs_below_the_table(monkeypatch, env, want):
    if env is None:
        monkeypatch.delenv(NICE_ENV, raising=False)
    else:
        monkeypatch.setenv(NICE_ENV, env)
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    want = min(want, 19 - mine)  # a table already at a low priority: as low as it goes
    worker = ComputerWorker("brawl", {}, 1, mods=False)
    try:
        assert _niceness_of(worker, want) == want
        assert worker.alive
    finally:
        worker.close()


def test_the_chosen_level_is_lower_priority_and_the_search_still_answers():
    """A worker at the chosen level answers a searched move within its budget."""
    from tabletop.engine.rng import Rng
    from tabletop.games import GAMES

    assert 0 < WORKER_NICE <= 19
    rules = GAMES["brawl"].rules
    options = rules.normalize_options({})
    state = rules.new_state(rules.load_catalog(mod_dirs=[]), options, 3)
    rng = Rng(3)
    while len(rules.legal_moves(state)) < 2:
        state = rules.play(state, rng.choice(rules.legal_moves(state)))
    worker = ComputerWorker("brawl", options, 3, mods=False)
    try:
        q = Question("move", state.actor, 0, 0, 7)
        worker.ask(q, rules.view(state, state.actor), 0.3, "normal")
        reply = worker.wait(q)
        assert reply is not None and not reply.error, reply
        assert reply.move in rules.legal_moves(state)
        assert reply.details.get("iterations", 0) >= 1
    finally:
        worker.close()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX only")
def test_no_priority_class_is_asked_for_off_windows():
    from tabletop.worker import _priority_flags

    assert _priority_flags() == 0
