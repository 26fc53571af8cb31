"""The painter's estimate of a step's length (a step is begun between frames only when
one that long would still end in time) forgets a slow step even when the time between
frames it keeps unused is all the painting there is: one slow step (a collector's pass,
a cold cache) must not leave a new picture waiting for dozens of frames."""

from __future__ import annotations

import time

import pytest
from table_helpers import open_table, sample_points

from tabletop.engine.rng import Rng
from tabletop.games import GAMES


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_slow_step_is_forgotten_in_the_time_between_frames(app, game_id):
    # (app: conftest's; every seat of open_table's table is a person's)
    points = sample_points(game_id)
    scene = open_table(app, game_id, points[len(points) // 2][1] if points else None)
    legal = scene.legal or scene.game.rules.legal_moves(scene.state)
    assert scene.play(Rng(3).choice(legal))
    app.step(0.016)  # the move's frame: a new picture is begun
    assert scene.painting
    scene.renderer._slowest_step = 0.2  # one step once took 200 ms
    spares = 0
    while scene.painting and spares < 40:
        app.spare(time.perf_counter() + 0.012)  # 12 ms between frames, no frame painting
        spares += 1
    assert not scene.painting, "the picture waited 40 times between frames"
    assert spares <= 12, spares
