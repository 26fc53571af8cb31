"""What the server keeps: every table and its move journal, in SQLite (standard library,
WAL), so that a server stopped at any moment (``kill -9`` included) and started again
resumes every table with every move it acknowledged.

A move is acknowledged to the clients only after its row is committed
(``synchronous=FULL``: on disk). A seat's token is kept as its SHA-256, never itself.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, code TEXT UNIQUE NOT NULL, game TEXT NOT NULL,
    options TEXT NOT NULL, seed INTEGER NOT NULL, seats TEXT NOT NULL,
    fingerprint TEXT NOT NULL, ruleset INTEGER NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS claims (
    table_id TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,
    token_hash TEXT NOT NULL, PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL, n INTEGER NOT NULL, move TEXT NOT NULL,
    PRIMARY KEY (table_id, n));
"""


@dataclass
class TableRecord:
    """A table as kept: what replays it (its moves are read apart)."""

    id: str
    code: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    fingerprint: str
    ruleset: int


class Store:
    """The server's SQLite file (one connection, used from the server's thread)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def add_table(self, t: TableRecord) -> None:
        self.db.execute(
            "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (t.id, t.code, t.game, json.dumps(t.options), t.seed, json.dumps(t.seats),
             t.fingerprint, t.ruleset, time.time()))

    def claim(self, table_id: str, seat: int, name: str, token_hash: str) -> None:
        self.db.execute("INSERT INTO claims VALUES (?, ?, ?, ?)",
                        (table_id, seat, name, token_hash))

    def add_move(self, table_id: str, n: int, move: list) -> None:
        """Keep move number ``n`` (1-based) of the table: on disk when this returns."""
        self.db.execute("INSERT INTO moves VALUES (?, ?, ?)",
                        (table_id, n, json.dumps(move)))

    def set_seats(self, table_id: str, seats: list[dict[str, Any]]) -> None:
        """The table's seats as now (a seat handed to the computer)."""
        self.db.execute("UPDATE tables SET seats=? WHERE id=?", (json.dumps(seats), table_id))

    def unclaim(self, table_id: str, seat: int) -> None:
        self.db.execute("DELETE FROM claims WHERE table_id=? AND seat=?", (table_id, seat))

    def truncate(self, table_id: str, keep: int) -> None:
        """Keep only the table's first ``keep`` moves (an undo all agreed to)."""
        self.db.execute("DELETE FROM moves WHERE table_id=? AND n>?", (table_id, keep))

    def tables(self) -> list[TableRecord]:
        rows = self.db.execute("SELECT id, code, game, options, seed, seats, fingerprint, "
                               "ruleset FROM tables ORDER BY created").fetchall()
        return [TableRecord(i, c, g, json.loads(o), s, json.loads(st), f, r)
                for i, c, g, o, s, st, f, r in rows]

    def claims(self, table_id: str) -> dict[int, tuple[str, str]]:
        """Seat -> (name, token hash) of the table's claimed seats."""
        rows = self.db.execute("SELECT seat, name, token_hash FROM claims WHERE table_id=?",
                               (table_id,)).fetchall()
        return {seat: (name, token) for seat, name, token in rows}

    def moves(self, table_id: str) -> list[list]:
        rows = self.db.execute("SELECT move FROM moves WHERE table_id=? ORDER BY n",
                               (table_id,)).fetchall()
        return [json.loads(m) for (m,) in rows]
