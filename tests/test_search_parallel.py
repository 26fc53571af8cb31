"""Helper processes (issue 28, item 1): a decision searched in more processes merges
their visits at the root, keeps within its ceiling, is legal in every game, stops the
helpers when withdrawn, survives a dead helper, and leaves no process behind."""

from __future__ import annotations

import gc
import os
import signal
import time

import pytest
from test_search import midgame

from tabletop.engine.pack import pack, unpack_move
from tabletop.engine.rng import Rng
from tabletop.engine.search import RootStat, merge, paired_runs
from tabletop.engine.search_memory import TreeMemory
from tabletop.engine.search_pool import GRACE, PROCESSES_ENV, SearchPool, processes
from tabletop.games import GAMES
from tabletop.worker import ComputerWorker, Question
from tabletop.worker_process import _helper, answer, set_up

CEILING = 0.6


def _ready(pool: SearchPool, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end and not all(h.ready for h in pool._live()):
        time.sleep(0.05)
    assert pool._live() and all(h.ready for h in pool._live())


@pytest.fixture(autouse=True)
def _as_the_worker_collects():
    """As the worker does after its set-up (worker_process.py): what this test process
    built before (every earlier test's objects) is kept out of the collector's full
    passes, which would otherwise land inside a timed decision (one such pass cost a
    pooled decision here 0.19 s in CI)."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@pytest.fixture(scope="module", params=list(GAMES))
def pooled(request):
    gid = request.param
    setup = {"game": gid, "options": {}, "thinking_seed": 1, "mods": False}
    game, template = set_up(setup)
    pool = SearchPool(1, _helper, (setup,))
    try:
        _ready(pool)
        yield gid, game, template, pool
    finally:
        pool.close()


def _ask(game, template, state, pool, number, players=None, stop=None, budget=0.2):
    seat = state.actor
    request = {"question": ["move", seat, 25, 25, number], "budget": budget,
               "ceiling": CEILING, "player": "normal",
               "view": pack(game.rules.view(state, seat))}
    players = {} if players is None else players
    return answer(game, template, players, Rng(number), request, stop=stop,
                  memory=TreeMemory(), pool=pool)


def test_a_decision_merges_the_helpers_visits_legal_in_every_game(pooled):
    gid, game, template, pool = pooled
    _, state = midgame(gid)
    players = {"normal": game.player_at("normal")}
    players["normal"].at_least = 10 ** 6  # the work never done: the ceiling ends it
    reply = _ask(game, template, state, pool, 1, players)
    details = reply["details"]
    assert details["processes"] == 2 and details["helped"] > 0
    assert details["iterations"] > details["helped"]
    assert unpack_move(reply["move"]) in game.rules.legal_moves(state)
    assert players["normal"].last.visits <= details["iterations"]
    # within the ceiling plus 50 ms, as a decision of the worker alone is: on a machine
    # whose cores are busy a process may wait for its turn past any bound, so the bound
    # is also tied to the same decision made alone right beside it (the helpers may add
    # their grace for the figures, no more)
    alone = _ask(game, template, state, None, 2, players)
    assert alone["details"]["processes"] == 1
    bound = max(CEILING + 0.05, alone["seconds"] + GRACE + 0.02)
    assert reply["seconds"] <= bound, (reply["seconds"], alone["seconds"])


def test_a_withdrawn_question_stops_the_helpers_too(pooled):
    gid, game, template, pool = pooled
    if gid != "brawl":
        pytest.skip("once is enough")
    _, state = midgame(gid)
    t0 = time.monotonic()
    reply = _ask(game, template, state, pool, 2, stop=lambda: time.monotonic() > t0 + 0.1,
                 budget=0.5)
    assert reply["seconds"] < 0.3 and reply["move"] is not None
    (helper,) = pool._live()
    assert helper.working is None  # its figures are not awaited
    if os.path.exists(f"/proc/{helper.proc.pid}/stat"):
        time.sleep(0.05)
        busy = _cpu(helper.proc.pid)
        time.sleep(0.3)
        assert _cpu(helper.proc.pid) - busy < 0.05  # it stopped searching
    # and it answers the next decision
    assert _ask(game, template, state, pool, 3)["details"]["processes"] == 2


def _cpu(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_a_dead_helper_does_not_hang_the_worker():
    gid = "brawl"
    setup = {"game": gid, "options": {}, "thinking_seed": 1, "mods": False}
    game, template = set_up(setup)
    pool = SearchPool(1, _helper, (setup,))
    try:
        _ready(pool)
        _, state = midgame(gid)
        os.kill(pool.pids[0], signal.SIGKILL)
        time.sleep(0.2)
        reply = _ask(game, template, state, pool, 1)
        assert reply["move"] is not None and reply["details"]["processes"] == 1
        assert reply["seconds"] <= CEILING + 0.05
    finally:
        pool.close()


def test_the_cores_less_the_tables_by_default_and_the_environment_sets_it(monkeypatch):
    monkeypatch.delenv(PROCESSES_ENV, raising=False)
    assert processes() == max(1, len(os.sched_getaffinity(0)) - 1)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0})
    assert processes() == 1  # one core: the worker searches alone
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2, 3})
    assert processes() == 3
    monkeypatch.setenv(PROCESSES_ENV, "3")
    assert processes() == 3


def test_merged_figures_pair_each_process_within_its_own_worlds():
    a = {"x": RootStat(3, 2.0, [[1.0, 0.0, 1.0]]), "y": RootStat(2, 1.0, [[0.0, 1.0]])}
    b = {"x": RootStat(2, 1.0, [[1.0, 0.5]]), "y": RootStat(4, 2.0, [[0.0, 0.5, 1.0, 0.5]])}
    got = merge([a, b])
    assert got["x"].visits == 5 and got["y"].reward == 3.0
    assert got["x"].runs == [[1.0, 0.0, 1.0], [1.0, 0.5]]
    n, mean, _ = paired_runs(got["x"].runs, got["y"].runs)
    assert n == 4 and mean == pytest.approx((1.0 - 1.0 + 1.0 + 0.0) / 4)


def _children(pid: int) -> set[int]:
    out = set()
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.add(int(name))
            except OSError:
                continue
    return out


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")
@pytest.mark.parametrize("end", ["close", "kill"])
def test_the_helpers_go_when_the_worker_goes(monkeypatch, end):
    monkeypatch.setenv(PROCESSES_ENV, "2")
    game = GAMES["brawl"]
    _, state = midgame("brawl")
    worker = ComputerWorker("brawl", {}, 1, mods=False)
    try:
        deadline = time.monotonic() + 60
        helpers: set[int] = set()
        while time.monotonic() < deadline and not helpers:
            helpers = _children(worker._proc.pid)
            time.sleep(0.1)
        assert helpers, "no helper process started"
        nice = os.getpriority(os.PRIO_PROCESS, worker._proc.pid)
        for pid in helpers:  # below the table, as the worker is
            assert os.getpriority(os.PRIO_PROCESS, pid) == nice
        question = Question("move", state.actor, 25, 25, 1)
        time.sleep(2.0)  # (the helper loads the game)
        worker.ask(question, game.rules.view(state, state.actor), 0.2, "normal", 0.6)
        reply = worker.wait(question)
        assert reply is not None and reply.move is not None
    finally:
        worker.close() if end == "close" else worker.kill()
    end_by = time.monotonic() + 10
    while time.monotonic() < end_by and any(os.path.exists(f"/proc/{p}") and
                                            _state(p) != "Z" for p in helpers):
        time.sleep(0.05)
    assert not [p for p in helpers if os.path.exists(f"/proc/{p}") and _state(p) != "Z"]


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"
