"""Kept games for the replay tests: each game's first sample played on to its end (a
seeded random legal move at a time) and kept as a finished game, as the table keeps one."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

from tabletop import SAMPLE_SAVES_DIR
from tabletop.engine import savegames
from tabletop.engine.saves import session_from_dict, session_to_dict
from tabletop.engine.session import Session
from tabletop.games import GAMES


def sample_data(game_id: str) -> dict:
    return json.loads((SAMPLE_SAVES_DIR / GAMES[game_id].samples[0].file).read_text("utf-8"))


def finished_session(app, game_id: str, seed: int = 5) -> Session:
    """The first sample of ``game_id`` replayed and played on to its end."""
    game = GAMES[game_id]
    session = session_from_dict(sample_data(game_id), game, app.catalog(game_id), "sample")[0]
    rng = random.Random(seed)
    for _ in range(5000):
        if session.state.over:
            return session
        session.play(rng.choice(session.legal_moves()))
    raise AssertionError(f"{game_id}: the game did not end")


def keep_finished(app, game_id: str, name: str | None = None,
                  session: Session | None = None) -> Path:
    """A finished game of ``game_id`` (``session``, else :func:`finished_session`)
    written as its table's autosave, then tidied into the finished folder (as the main
    menu does); its path there."""
    session = session or finished_session(app, game_id)
    name = name or f"{game_id}-{time.strftime('%Y%m%d-%H%M%S')}-done.json"
    path = savegames.autosaves_dir() / name
    path.write_text(json.dumps(session_to_dict(session)), "utf-8")
    savegames.tidy(GAMES)
    kept = savegames.finished_dir() / name
    assert kept.is_file() and not path.exists()
    return kept
