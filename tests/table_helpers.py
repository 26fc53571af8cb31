"""Tables of every registered game for the shared table tests: each game's sample saves
replayed to a few points (and a new game), with every seat a human in front of the open
screen, so the seat that must act is the viewer."""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path

import pygame

from tabletop.engine.info import SeatConfig
from tabletop.engine.paths import saves_dir
from tabletop.engine.saves import session_from_dict
from tabletop.engine.session import Session
from tabletop.games import GAMES
from tabletop.ui.kits import table_for
from tabletop.ui.table import TableScene

SAVES = Path(__file__).resolve().parent.parent / "saves"


def sample_points(game_id: str, points: int = 3) -> list[tuple[str, dict]]:
    """(label, save data) of each sample save of ``game_id`` cut after a few of its moves
    (the start, in between, the whole game)."""
    out = []
    for sample in GAMES[game_id].samples:
        data = json.loads((SAVES / sample.file).read_text(encoding="utf-8"))
        moves = data["moves"]
        cuts = sorted({round(len(moves) * i / (points - 1)) for i in range(points)})
        for k in cuts:
            cut = copy.deepcopy(data)
            cut["moves"] = moves[:k]
            cut["notes"] = {n: v for n, v in data.get("notes", {}).items() if int(n) <= k}
            for seat in cut["seats"]:
                seat["kind"] = "human"
            out.append((f"{sample.file}@{k}", cut))
    return out


def pixels_differ(a, b) -> int:
    """How many pixels of two pictures of one size differ (0: they are the same)."""
    x, y = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    if x == y:
        return 0
    return sum(1 for i in range(0, len(x), 3) if x[i:i + 3] != y[i:i + 3])


def table_session(app, game_id: str, data: dict | None = None) -> Session:
    """The session of ``data`` (a save's fields; None: a new game, seed 1)."""
    game = GAMES[game_id]
    catalog = app.catalog(game_id)
    if data is None:
        return Session(game, catalog, game.rules.default_options(), 1)
    return session_from_dict(data, game, catalog, "sample")[0]


def open_table(app, game_id: str, data: dict | None = None) -> TableScene:
    """The table of ``data`` (a save's fields; None: a new game, seed 1) with every seat
    a human and the hands open, laid out and drawn once."""
    scene = table_for(table_session(app, game_id, data), autosave=None, hide_hands=False)
    app.replace(scene)
    first_frames(app, scene)
    return scene


#: a Brawl position: P1 to act with three cards in hand, a Character each in play
BRAWL_POSITION = {"turn": "P1",
                  "hands": {"P1": ["Granite Warden", "Solar Storm", "Lucky Break"]},
                  "play": {"P1": ["Copper Kestrel"], "P2": ["Iron Mawgrave"]}}


def brawl_table(app, position: dict = BRAWL_POSITION, seats=None, hide_hands: bool = True,
                autosave: bool = True, worker=None) -> TableScene:
    """A Brawl table at ``position`` (seats: Ana and Bo, both human, by default),
    autosaving to the saves folder, laid out and drawn once; ``worker``: the computer
    seats' worker (a stand-in), given before the first frame."""
    seats = seats or [SeatConfig("Ana"), SeatConfig("Bo")]
    session = Session(GAMES["brawl"], app.catalog("brawl"), {}, 1, seats, position=position)
    scene = table_for(session, autosave=saves_dir() / "game.json" if autosave else None,
                       hide_hands=hide_hands)
    if worker is not None:
        scene.computers.worker = worker
    app.replace(scene)
    if scene.handover_to is not None:
        scene.take_seat()
    first_frames(app, scene)
    return scene


def first_frames(app, scene, frames: int = 60) -> None:
    """The frames of a table just opened until its first picture is done and shown: it
    is painted between frames, where this does the app loop's work. Afterwards the app
    is as a test that runs frames alone expects it (``between_frames`` as it was: moves
    land in frames unless the test does the work between them too)."""
    between = app.between_frames
    try:
        for _ in range(frames):
            app.step(0.016)
            if not scene.painting and scene.picture_shown:
                return
            app.spare(time.perf_counter() + 0.05)
    finally:
        app.between_frames = between
    raise AssertionError(f"the table's first picture was not shown in {frames} frames")
