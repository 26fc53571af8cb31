"""One player's app in a real window (run by ``test_online_xvfb.py`` under Xvfb): the app
as ``tabletop`` makes it, driven only by posted mouse and keyboard events, plays a whole
Brawl game online.

``python tests/online_window.py host FOLDER SEED``: New game, seat 2 made Online with the
mouse, Start; writes the table's code and address to ``FOLDER/table.json``; plays.
``python tests/online_window.py join FOLDER SEED``: waits for that file; Play online, the
address and code typed, Join; plays. Each writes ``FOLDER/<role>.json`` when the game is
over (its log as its seat read it, the winners, the gestures made) and a screenshot.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path

import pygame

from tabletop.bench.person import Person
from tabletop.ui.app import FPS
from tabletop.ui.seats import KINDS
from tabletop.ui.start import make_app
from tabletop.ui.table import TableScene

SECONDS = 240
#: the deal the host types into New game's seed field: the same game each run (the
#: players' seeded choices on it end the game in 78 moves, ~13 s of play; a random deal
#: took from 11 to 48 s of play)
DEAL = int(os.environ.get("TABLETOP_TEST_DEAL", "11"))


def post(kind, **kw) -> None:
    pygame.event.post(pygame.event.Event(kind, **kw))


def frame(app) -> None:
    app.step()
    app.spare()
    app.clock.tick(FPS)


def click(app, pos) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    frame(app)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frame(app)


def until(app, predicate, seconds: float, what: str):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        frame(app)
        found = predicate()
        if found:
            return found
    raise SystemExit(f"timed out waiting for {what}")


def button(scene, label: str):
    return next(b for b in scene.buttons if b.label == label)


def main() -> None:
    role, folder, seed = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
    began = time.monotonic()
    app = make_app()
    until(app, lambda: getattr(app.scene, "ready", False), 120, "the main menu")
    if role == "host":
        click(app, button(app.scene, "New game").rect.center)
        rows = [w for w in app.scene.widgets if getattr(w, "choices", None) == KINDS]
        click(app, rows[1]._segments()[1].center)  # seat 2: a person online
        deal = next(w for w in app.scene.widgets if getattr(w, "placeholder", "") == "random")
        click(app, deal.rect.center)  # the same deal each run (a game of known length)
        post(pygame.TEXTINPUT, text=str(DEAL))
        frame(app)
        click(app, app.scene.start.rect.center)
        scene = until(app, lambda: isinstance(app.scene, TableScene) and app.scene, 60,
                      "the table")
        rs = scene.model.remote_session
        (folder / "table.json").write_text(json.dumps({"code": rs.code,
                                                       "address": rs.address}))
    else:
        spot = folder / "table.json"
        found = until(app, lambda: spot.exists() and json.loads(spot.read_text()), 120,
                      "the host's code")
        click(app, button(app.scene, "Play online").rect.center)
        screen = app.scene
        for box, words in zip(screen.widgets[:3], (found["address"], found["code"], "Bo"),
                              strict=True):
            click(app, box.rect.center)
            post(pygame.TEXTINPUT, text=words)
            frame(app)
        click(app, screen.join_button.rect.center)
        scene = until(app, lambda: isinstance(app.scene, TableScene) and app.scene, 60,
                      "the joined table")
    seat = scene.model.remote_session.seat
    seated = time.monotonic()
    person = Person(scene, seat, random.Random(seed), think=(0.0, 0.05))
    end = time.monotonic() + SECONDS
    while time.monotonic() < end and not scene.state.over:
        person.before_frame()
        frame(app)
    for _ in range(30):
        frame(app)
    pygame.image.save(app.screen, str(folder / f"{role}.png"))
    rs = scene.model.remote_session
    (folder / f"{role}.json").write_text(json.dumps({
        "over": scene.state.over, "winners": sorted(scene.state.winners), "seat": seat,
        "log": [[e.index, e.text] for e in rs.entries], "gestures": person.gestures,
        "unreachable": person.unreachable, "driver": pygame.display.get_driver(),
        "seconds to sit down": round(seated - began, 1),
        "seconds of play": round(time.monotonic() - seated, 1)}))
    if role == "host":  # the friend reads the last view before the server goes
        until(app, lambda: (folder / "join.json").exists(), 60, "the friend's end")
    app.quit()


if __name__ == "__main__":
    main()
