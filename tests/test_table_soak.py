"""The soak's quick version (:mod:`table_soak`): for every game in the registry, a game at
the real table, a person at one seat making its moves with the mouse and computer players
at Normal (budget shortened) at the others, while every core is kept busy: the person's
seat never moves but by its input, the real worker never needs a fallback, and no
answer is illegal. Then the same with a stand-in worker that delays, duplicates,
reorders and drops the real worker's replies. The full run is ``python
tests/table_soak.py --games 20`` (see docs/computer-players.md for its figures)."""

from __future__ import annotations

import os
import random
import time
from contextlib import contextmanager
from multiprocessing import get_context

import pytest
from table_soak import _chaos, play_one, shortened_budget

from tabletop.games import GAMES

#: seconds of each game the quick version plays (a busy machine's 13 s played 8 and more
#: of the person's moves, 10 s 6 and more; the full run, ``tests/table_soak.py``, plays
#: whole games)
SECONDS = 10.0


def _spin(until: float) -> None:
    x = 0
    while time.monotonic() < until:
        for i in range(10_000):
            x = (x * 31 + i) % 1_000_003


@contextmanager
def busy_cores(seconds: float = 120.0):
    """Every core kept busy by another process (bounded: ``seconds`` at most)."""
    ctx = get_context("spawn")
    until = time.monotonic() + seconds
    procs = [ctx.Process(target=_spin, args=(until,), daemon=True)
             for _ in range(os.cpu_count() or 2)]
    for p in procs:
        p.start()
    try:
        yield
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.join(timeout=5)


@pytest.fixture()
def table_app(app):
    app._ai_delay = 0.05  # a short pace between computer moves, as a fast setting
    return app


@pytest.mark.parametrize("game_id", list(GAMES))
def test_under_load_a_person_moves_only_by_its_input(table_app, game_id):
    rng = random.Random(game_id)
    with shortened_budget(0.05), busy_cores():
        tally = play_one(table_app, game_id, seed=rng.randrange(1000), rng=rng,
                         limit=SECONDS)
    assert tally.person_moves >= 4, tally.line()  # the person did play
    assert tally.moves > tally.person_moves or game_id == "solo-deckbuilder", tally.line()
    assert tally.not_by_input == [], tally.line()
    assert tally.violations == 0 and tally.illegal_answers == 0, tally.line()
    assert tally.fallbacks == 0, tally.line()
    assert tally.unreachable == [], tally.unreachable


@pytest.mark.parametrize("game_id", ["brawl", "overpower"])
def test_replies_late_twice_out_of_order_or_lost_never_move_for_a_person(table_app,
                                                                         game_id):
    # Every game played is checked whole. The stand-in drops and repeats replies at
    # random; on a starved machine (a test niced below two busy programs) one 18 s game
    # made 12 moves and no reply came late enough to be dropped, so another game is
    # played (at most three) until the stand-in's mischief has been seen
    rng = random.Random(7)
    chaos = random.Random(3)
    dropped = 0
    for attempt in range(3):
        with shortened_budget(0.05):
            tally = play_one(table_app, game_id, seed=7 + attempt, rng=rng, limit=SECONDS,
                             worker=_chaos(chaos))
        assert tally.person_moves >= 4 and tally.moves > tally.person_moves, tally.line()
        assert tally.not_by_input == [], tally.line()
        assert tally.violations == 0 and tally.illegal_answers == 0, tally.line()
        dropped += tally.dropped_replies
        if dropped:
            break
    assert dropped > 0, "the stand-in sent no reply that no one awaited"
