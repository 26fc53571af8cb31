"""A level is an amount of thinking, not a clock (issue 28): the search goes on past its
nominal time until the level's work is done, never past its ceiling; it tells how far it
is and stops when its question is withdrawn; the worker knows nothing of the game's seed;
the table's bar fills as the work is done."""

from __future__ import annotations

import io
import json
import time

import pytest

from tabletop.engine.levels import LEVELS, WORK_SHARE, Level, SearchPlayer
from tabletop.engine.rng import Rng
from tabletop.engine.search import Search
from tabletop.games import GAMES
from tabletop.worker import ComputerWorker, Question
from tabletop.worker_process import TEMPLATE_SEED, serve


def midgame(gid: str, moves: int = 12, seed: int = 3):
    game = GAMES[gid]
    rules = game.rules
    state = rules.new_state(rules.load_catalog(mod_dirs=[]), rules.normalize_options({}),
                            seed)
    rng = Rng(seed)
    for _ in range(moves):
        if state.over:
            break
        state = rules.play(state, rng.choice(rules.legal_moves(state)))
    while len(rules.legal_moves(state)) < 2:
        state = rules.play(state, rules.legal_moves(state)[0])
    return game, state


class SlowMachine:
    """A clock on which every iteration of the search takes ``step`` seconds: the time
    moves only when an iteration ends (the search's own calls in between see no time
    pass), so the counts below are exact."""

    def __init__(self, monkeypatch, step: float) -> None:
        self.now = 0.0
        real = Search._iterate

        def iterate(search, *args):
            real(search, *args)
            self.now += step

        monkeypatch.setattr(Search, "_iterate", iterate)

    def __call__(self) -> float:
        return self.now


def decide(monkeypatch, step: float, at_least: int, ceiling: float | None, **kw):
    game, state = midgame("brawl")
    clock = SlowMachine(monkeypatch, step)
    view = game.rules.view(state, state.actor)
    search = Search(game.rules, game.search_hints(), clock)
    return search.decide(view, state.actor, Rng(1), deadline=0.5, at_least=at_least,
                         ceiling=ceiling, **kw)


#: a sixteenth of a second an iteration (exact in binary: the counts below are exact): 8
#: iterations by the nominal 0.5 s, 32 by a ceiling of 2 s
STEP = 0.0625


def test_past_its_nominal_time_the_search_does_the_work_it_guarantees(monkeypatch):
    assert decide(monkeypatch, STEP, 30, 2.0).iterations == 30


def test_the_ceiling_ends_the_search_however_little_it_did(monkeypatch):
    got = decide(monkeypatch, STEP, 100, 2.0)
    assert got.iterations == 32 and got.seconds <= 2.0


def test_with_the_work_done_the_nominal_time_ends_it(monkeypatch):
    assert decide(monkeypatch, STEP, 5, 2.0).iterations == 8
    assert decide(monkeypatch, STEP, 30, None).iterations == 8  # no ceiling: no more


def test_the_search_tells_its_progress_and_stops_when_asked(monkeypatch):
    told = []
    got = decide(monkeypatch, STEP, 30, 2.0, progress=lambda *a: told.append(a))
    assert got.iterations == 30
    assert [t[0] for t in told] == list(range(2, 31, 2))  # every 0.1 s of the clock
    assert all(t[1] == 30 for t in told) and told[-1][2] == 30 * STEP
    asked = []
    got = decide(monkeypatch, STEP, 30, 2.0,
                 stop=lambda: asked.append(1) or len(asked) > 7)
    assert got.iterations == 7 and got.move is not None


def test_a_levels_work_is_its_share_of_the_reference_rate():
    normal, hard = LEVELS["normal"], LEVELS["hard"]
    assert normal.ceiling == 3.0 and hard.ceiling == 12.0
    assert normal.work(400) == round(400 * 0.5 * WORK_SHARE) == 160
    assert hard.work(400) == 640 and normal.work(None) == 0
    assert LEVELS["easy"].work(400) == 32  # Easy's glance: rollouts (test_levels_human.py)
    assert normal.budget_text == "thinks 0.5\u20133 s a move"
    for game in GAMES.values():
        assert game.search_rate and game.search_rate >= 100
        player = game.player_at("normal")
        assert isinstance(player, SearchPlayer)
        assert player.at_least == normal.work(game.search_rate) and player.ceiling == 3.0
        timed = game.player_at("normal", seconds=0.1)  # a measurement's own budget
        assert timed.at_least == 0 and timed.ceiling is None


def test_a_level_without_a_rate_or_a_ceiling_thinks_for_its_time_only():
    level = Level("quick", "Quick", 0.25)
    assert level.work(None) == 0 and level.ceiling is None
    assert level.budget_text == "thinks up to 0.25 s a move"


# -- the worker ---------------------------------------------------------------------------------
def run_serve(setup: dict, requests: list[dict]) -> list[dict]:
    lines = [json.dumps(setup)] + [json.dumps(r) for r in requests]
    out = io.BytesIO()
    serve(io.BytesIO(("\n".join(lines) + "\n").encode()), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_worker_sets_up_its_state_from_a_seed_of_its_own(monkeypatch):
    """The setup line carries no game seed; the template is built from TEMPLATE_SEED
    whatever the table sends, and the views still rebuild on it."""
    from tabletop.engine.pack import pack

    game, state = midgame("brawl", seed=77)
    rules = game.rules
    seeds = []
    real = type(rules).new_state

    def new_state(self, catalog, options, seed):
        seeds.append(seed)
        return real(self, catalog, options, seed)

    monkeypatch.setattr(type(rules), "new_state", new_state)

    q = Question("move", state.actor, 0, 0, 1)
    got = run_serve({"game": "brawl", "options": {}, "thinking_seed": 9, "mods": False,
                     "seed": 77},
                    [{"question": q.to_json(), "budget": 0, "player": "easy",
                      "view": pack(rules.view(state, state.actor))}])
    assert seeds == [TEMPLATE_SEED]
    assert got[-1]["question"] == q.to_json() and got[-1]["move"] is not None


@pytest.mark.parametrize("gid", list(GAMES))
def test_what_the_template_keeps_does_not_depend_on_the_seed(gid):
    """The parts of a state a view does not carry (the cards, their compiled data, the
    options) are the same whatever the seed: a template from a seed of its own rebuilds
    every view exactly."""
    from tabletop.engine.pack import STATIC, pack, unpack

    game = GAMES[gid]
    rules = game.rules
    catalog = rules.load_catalog(mod_dirs=[])
    options = rules.normalize_options({})
    a = rules.new_state(catalog, options, 5)
    b = rules.new_state(catalog, options, TEMPLATE_SEED)
    for name in STATIC:
        if hasattr(a, name):
            assert getattr(a, name) == getattr(b, name), name
    rng = Rng(5)
    for _ in range(20):
        if a.over:
            break
        view = rules.view(a, a.actor)
        again = unpack(pack(view), b)
        assert rules.legal_moves(again) == rules.legal_moves(view)
        a = rules.play(a, rng.choice(rules.legal_moves(a)))


def wait_for(worker, question, timeout=30.0, kept=None):
    """The reply to ``question`` and the progress seen meanwhile; other replies go to
    ``kept`` (a dict by question), where an earlier call may have put this one."""
    end = time.monotonic() + timeout
    seen_progress = []
    kept = {} if kept is None else kept
    while time.monotonic() < end:
        for reply in worker.replies():
            kept[reply.question] = reply
        if question in kept:
            return kept.pop(question), seen_progress
        if question.number in worker.progress:
            seen_progress.append(worker.progress[question.number])
        time.sleep(0.01)
    raise AssertionError("no reply")


def test_the_worker_tells_the_progress_of_a_search_and_guarantees_its_work():
    game, state = midgame("brawl")
    rules = game.rules
    worker = ComputerWorker("brawl", {}, 3, mods=False)
    try:
        q = Question("move", state.actor, 0, 0, 1)
        worker.ask(q, rules.view(state, state.actor), 0.5, "normal",
                   LEVELS["normal"].ceiling)
        reply, progress = wait_for(worker, q)
        assert not reply.error and reply.move in rules.legal_moves(state)
        work = LEVELS["normal"].work(game.search_rate)
        assert reply.details["at_least"] == work
        # the work was done, or the ceiling came first
        ceiling = LEVELS["normal"].ceiling
        assert reply.details["iterations"] >= work or reply.seconds >= ceiling - 0.05
        assert reply.seconds <= ceiling + 0.5
        assert progress and all(p[1] == work for p in progress)
        assert q.number not in worker.progress  # (dropped with its answer)
    finally:
        worker.close()


def test_a_withdrawn_question_stops_its_search():
    """A Hard decision (2 s nominal) forgotten after 0.3 s ends at once, its answer
    dropped by the table; one replaced by a newer question ends the same way."""
    game, state = midgame("brawl")
    rules = game.rules
    view = rules.view(state, state.actor)
    worker = ComputerWorker("brawl", {}, 3, mods=False)
    try:
        warm = Question("move", state.actor, 0, 0, 1)
        worker.ask(warm, view, 0, "easy")
        wait_for(worker, warm)
        for number, withdraw in ((2, "forget"), (4, "replace")):
            q = Question("move", state.actor, 0, 0, number)
            worker.ask(q, view, 2.0, "hard", 8.0)
            time.sleep(0.3)
            t0 = time.monotonic()
            if withdraw == "forget":
                worker.forget(q)
                reply, _ = wait_for(worker, q)
            else:
                newer = Question("move", state.actor, 0, 0, number + 1)
                worker.ask(newer, view, 0, "easy")
                kept = {}
                reply, _ = wait_for(worker, q, kept=kept)
                assert not wait_for(worker, newer, kept=kept)[0].error
            assert time.monotonic() - t0 < 1.0, withdraw
            assert reply.seconds < 1.5 and reply.move in rules.legal_moves(state)
    finally:
        worker.close()
