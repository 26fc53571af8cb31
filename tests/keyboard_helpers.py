"""A player at the keyboard, for the tests: keys are posted as real KEYDOWN events (no
mouse event at all) and the app's frames run between them; the player reads the table
only to decide which key to press next (where the focus is, what it leads to)."""

from __future__ import annotations

import random
import time

import pygame

from tabletop.engine.info import SeatConfig
from tabletop.engine.moves import Move
from tabletop.engine.session import Session
from tabletop.games import GAMES
from tabletop.ui.kits import table_for


def key(app, k: int, mod: int = 0, unicode: str = "", frames: int = 1) -> None:
    """Press ``k`` (a real KEYDOWN and KEYUP posted) and run ``frames`` frames."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode,
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode,
                                         scancode=0))
    for _ in range(frames):
        app.step(0.016)


def settle(app, scene, frames: int = 60) -> None:
    """Frames (with the work between them) until no move waits to land and the picture
    shows the position."""
    for _ in range(frames):
        app.step(0.016)
        if scene.landing is None and scene.shown_changes == scene.session.changes and \
                scene.picture_shown and not scene.painting:
            return  # the window shows the position: a key is pressed on it
        app.spare(time.perf_counter() + 0.05)


def hot_seat_table(app, game_id: str, seed: int, computers: int = 0):
    """A new game of ``game_id`` with every seat a person at one open screen (the seat
    that must act is the one in front of it), laid out and drawn; ``computers``: the
    last seats are computers at Easy instead."""
    game = GAMES[game_id]
    options = game.rules.default_options()
    count = game.rules.seat_count(options)
    seats = [SeatConfig(f"Player {i + 1}") if i < count - computers else
             SeatConfig(f"Computer {i + 1}", "computer", "easy") for i in range(count)]
    session = Session(game, app.catalog(game_id), options, seed, seats)
    scene = table_for(session, autosave=None, hide_hands=False)
    app.replace(scene)
    settle(app, scene)
    return scene


def reachable(scene) -> set[Move]:
    """The legal moves some stop of the focus leads to now."""
    return {m for stop in scene.keys.stops() for m in stop.moves} & set(scene.legal)


def focus_on(app, scene, wanted, limit: int = 400) -> bool:
    """Tab until the focus rests on a stop ``wanted(stop)`` holds for (False: none)."""
    if not scene.keys.shown:
        key(app, pygame.K_TAB)
    for _ in range(limit):
        stop = scene.keys.focused
        if stop is not None and wanted(stop):
            return True
        key(app, pygame.K_TAB)
    return False


def make_move(app, scene, move: Move) -> bool:
    """Make ``move`` with keys only: focus a stop that leads to it, Enter, and again on
    the stops that opens (a card's places, a menu), until the move is sent."""
    before = len(scene.session.moves)
    for _ in range(6):
        if not focus_on(app, scene, lambda s: move in s.moves):
            return False
        key(app, pygame.K_RETURN)
        settle(app, scene)
        if len(scene.session.moves) > before:
            return True
    return False


def dismiss_summary(app, scene) -> bool:
    """A dialog that only shows something (its buttons make no move): its button
    pressed with the keys."""
    box = scene.dialog
    if box is None or box.d.moves:
        return False
    if focus_on(app, scene, lambda s: s.key[0] == "dialog"):
        key(app, pygame.K_RETURN)
        settle(app, scene)
        return True
    return False


def play_by_keys(app, scene, rng: random.Random, limit: int = 600,
                 seconds: float = 240.0) -> list[Move]:
    """Play the table's game to its end with the keyboard: at each decision one of the
    legal moves the focus leads to, at random. Returns the moves the keys meant."""
    meant: list[Move] = []
    start = time.monotonic()
    while not scene.state.over and len(meant) < limit and \
            time.monotonic() - start < seconds:
        if scene.handover_to is not None:  # the screen passed on: Enter shows the cards
            key(app, pygame.K_RETURN)
            settle(app, scene)
            continue
        if dismiss_summary(app, scene):
            continue
        if not scene.legal:  # another seat (a computer) acts: frames until it has
            app.step(0.016)
            app.spare(time.perf_counter() + 0.02)
            continue
        options = sorted(reachable(scene), key=repr)
        assert options, f"no legal move reachable by keys: {scene.legal[:3]}"
        move = rng.choice(options)
        meant.append(move)
        assert make_move(app, scene, move), f"the keys could not make {move}"
    return meant
