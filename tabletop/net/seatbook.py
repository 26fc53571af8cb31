"""The online seats this player holds: what the app needs to rejoin a game on a server
(its address, the table, the seat and its token), kept in the user data folder as
``online.json`` so that a closed app, or one that crashed, can carry on.

The file is small and checked as it is read (at most :data:`LIMIT` bytes, at most
:data:`MOST` seats, each field of its type); a file that fails is left alone and treated
as empty, logged. It is written atomically, in the background thread that writes files.
"""

from __future__ import annotations

import logging
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..engine.files import later, read_json_data, write_json_data

LOG = logging.getLogger("tabletop.online")

LIMIT = 256 * 1024
MOST = 40
FILE_NAME = "online.json"


@dataclass(frozen=True)
class HeldSeat:
    """A seat held at a table on a server."""

    url: str  # where this app reaches the server
    address: str  # what friends are told (the same server as they reach it)
    table: str
    code: str
    seat: int
    token: str
    game: str
    title: str  # "Brawl with Ana, Bo"
    when: float  # last played (seconds since the epoch)
    over: bool = False


_FIELDS = {"url": str, "address": str, "table": str, "code": str, "seat": int,
           "token": str, "game": str, "title": str, "when": (int, float), "over": bool}


def _build(data: Any) -> list[HeldSeat]:
    if not isinstance(data, list) or len(data) > MOST:
        raise ValueError(f"not a list of at most {MOST} seats")
    out = []
    for item in data:
        if not isinstance(item, dict) or set(item) != set(_FIELDS) or not all(
                isinstance(item[k], t) for k, t in _FIELDS.items()):
            raise ValueError("a seat with missing or wrong fields")
        out.append(HeldSeat(**item))
    return out


def path_of(folder: Path | None = None) -> Path:
    from ..engine.paths import user_data

    return (folder or user_data()) / FILE_NAME


def read(folder: Path | None = None) -> list[HeldSeat]:
    """The seats held, newest first (none when the file is missing or broken)."""
    found = read_json_data(path_of(folder), LIMIT, "the online seats file", _build, LOG)
    return sorted(found or [], key=lambda s: -s.when)


def keep(seat: HeldSeat, folder: Path | None = None) -> None:
    """Add or update ``seat`` (by table and seat); the oldest go past :data:`MOST`."""
    seats = [s for s in read(folder) if (s.table, s.seat, s.url) !=
             (seat.table, seat.seat, seat.url)]
    seats = [seat, *seats][:MOST]
    write_json_data(path_of(folder), [asdict(s) for s in seats])


def forget(table: str, seat: int, folder: Path | None = None) -> None:
    seats = [s for s in read(folder) if (s.table, s.seat) != (table, seat)]
    write_json_data(path_of(folder), [asdict(s) for s in seats])


def keep_later(seat: HeldSeat) -> None:
    """:func:`keep` off the frame (in the user data folder as it is now)."""
    later(keep, seat, path_of().parent)


def now() -> float:
    return time.time()
