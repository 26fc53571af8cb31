"""Saving and loading against the length of a game (its moves at 50, 150 and 300).

*Save*: what the autosave's background writer does (the save's fields, JSON, a durable
atomic write: temporary file, fsync, rename), against the durable write of the same bytes
alone. *Load*: reading the save back and replaying every move through the rules (each
parsed from its notation and validated), against applying the same moves to copies
without notation or validation."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from ..engine.files import atomic_write
from ..engine.saves import read_save, session_from_dict, session_to_dict, write_save
from ..games import GAMES
from .cardload import best_of
from .games import Context, at_lengths
from .report import Row, value_row

#: the autosave runs off the frame; a save should still be done long before the next
#: move (the table plays a computer's move 0.45 s after the last)
SAVE_GOAL_MS = 100.0
#: loading a game should take no longer than starting the app
LOAD_GOAL_MS = 1000.0


def measure(ctx: Context) -> list[Row]:
    rows: list[Row] = []
    runs = 2 if ctx.quick else 5
    for game_id, game in ctx.games.items():
        played = ctx.long(game_id)
        lengths = at_lengths(played)
        for n in lengths[-1:] if ctx.quick else lengths:
            session = played.session(n, catalog=ctx.catalog(game_id))
            rows.extend(_rows(game, session, runs))
    return rows


def _rows(game, session, runs: int) -> list[Row]:
    catalog = session.catalog
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "save.json"
        blob = json.dumps(session_to_dict(session), indent=1,
                          ensure_ascii=False).encode("utf-8")
        disk = best_of(lambda: atomic_write(path, blob), runs)
        save = best_of(lambda: write_save(path, session), runs)
        load = best_of(lambda: session_from_dict(read_save(path, GAMES), game, catalog), runs)
    raw = best_of(lambda: _replay(game, session), runs)
    where = f"{game.info.title} ({len(session.moves)} moves)"
    return [value_row("save (fields, JSON, durable write)", where, save, "ms", disk,
                      "durable write alone", SAVE_GOAL_MS),
            value_row("load and replay", where, load, "ms", raw, "bare replay (apply)",
                      LOAD_GOAL_MS)]


def _replay(game, session) -> None:
    rules = game.rules
    state = session.states[0].copy()
    for move in session.moves:
        state = state.copy()
        rules.apply(state, move)
