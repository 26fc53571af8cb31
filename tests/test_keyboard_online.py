"""The keyboard at an online table: a move made with keys goes to the server as a drop's
does (pending until it answers), and the game goes on with the friend's answers."""

from __future__ import annotations

import random
import time

import pygame
import pytest
from keyboard_helpers import focus_on, key, reachable

pytest.importorskip("websockets")

from test_online_table import hosted_with_friend, until  # noqa: E402


@pytest.fixture()
def app(menu_app):
    yield menu_app
    menu_app.quit()


def test_moves_made_with_keys_at_an_online_table_reach_the_server(app):
    scene, rs, friend = hosted_with_friend(app)
    rng = random.Random(6)
    server = app.online_server.server.rooms[rs.table].session
    made = []
    for _ in range(4):
        until(app, lambda: (friend.act() or True) and scene.legal and
              scene.model.pending is None and scene.landing is None and
              scene.shown_changes == rs.changes and not scene.painting, 30,
              "the host's turn")
        move = rng.choice(sorted(reachable(scene), key=repr))
        before = len(server.moves)
        for _ in range(3):  # a card, then its place (or a button at once)
            assert focus_on(app, scene, lambda s, m=move: m in s.moves)
            key(app, pygame.K_RETURN)
            app.spare(time.perf_counter() + 0.02)
            if scene.model.pending is not None or len(server.moves) > before:
                break
        until(app, lambda b=before: len(server.moves) > b and scene.model.pending is None,
              20, "the server's answer")
        assert server.moves[before] == move
        made.append(move)
    assert len(made) == 4 and scene.seat_violations == 0
    friend.close()
