"""The statistics screen's recent games: a row per finished game counted (when, who
played, how it ended), each opening the game's replay when its save is still kept
(:func:`.opening.open_record`)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ...engine import savegames
from ...engine.stats import save_name
from .. import theme
from ..widgets import Row

#: the most recent games listed per game
RECENT = 60
GONE = "This game's save is no longer kept (the last {} finished games are), so it " \
       "cannot be replayed."


def _ended(rec: dict[str, Any]) -> str:
    """``3 May 2026, 14:05`` (the record's local time), or the text itself."""
    try:
        moment = datetime.fromisoformat(rec["ended"])
    except ValueError:
        return rec["ended"][:20]
    return f"{moment.day} {moment.strftime('%b %Y')}, {moment.strftime('%H:%M')}"


def _seats(rec: dict[str, Any]) -> str:
    names = [s["name"] + (" (computer)" if s["kind"] == "computer" else "")
             for s in rec["seats"]]
    if rec["mode"] == "competitive" or len(names) == 1:
        return " vs ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _result(rec: dict[str, Any]) -> str:
    winners = [rec["seats"][w]["name"] for w in rec["winners"]]
    if rec["mode"] in ("coop", "solo"):
        return "Won" if winners else "Lost"
    if not winners:
        return "A draw"
    return " and ".join(winners) + " won"


def kept(rec: dict[str, Any]):
    """The save of a record's game if it is still kept (None: gone, or never kept)."""
    name = save_name(rec)
    return savegames.find_save(name) if name else None


def recent_rows(records: list[dict[str, Any]], game_id: str) -> list[Row]:
    """The most recent games of ``game_id``, newest first; each row's data is its
    record."""
    mine = sorted((r for r in records if r["game"] == game_id), key=lambda r: r["ended"],
                  reverse=True)[:RECENT]
    rows = []
    for rec in mine:
        there = kept(rec) is not None
        rows.append(Row([(f"{_ended(rec)} \u00b7 {_seats(rec)}", theme.TEXT, "bold"),
                         (f"{_result(rec)} \u00b7 " + ("click to replay" if there else
                                                       "its save is no longer kept"),
                          theme.MUTED if there else theme.DIM, "small")], data=rec))
    return rows
