"""Statistics of finished games, kept in the user data folder (``stats.json``).

Each finished game is one record: the game, when it ended, its seats (name, human or
computer, role), its winners and, when it was kept, its save's file name (``"save"``: the
game's autosave, replayable from the statistics screen; older records have none, and
:func:`save_name` reads it from their key). :func:`summary` works out, for one game, the games
played, won and lost by the humans at the screen, by seat or role and by opponent, and
the longest winning streak.

The file is written atomically in the background (:func:`~tabletop.engine.files.
write_later`). A file that cannot be read is refused with a message and never stops the
app: it is kept aside under another name and counting starts again.
"""

from __future__ import annotations

import json
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import limits
from .files import write_later
from .moves import seat_label
from .paths import user_data
from .safe_open import FileTooLarge, NotRegularFile, read_regular

FORMAT = "tabletop-stats"
VERSION = 1


def stats_path() -> Path:
    return user_data() / "stats.json"


class StatsError(Exception):
    """The statistics file cannot be used; the message says why, for the player."""


# -- a finished game ------------------------------------------------------------------------
def record_of(session, key: str, save: str | None = None) -> dict[str, Any]:
    """The record of ``session``'s finished game (``key`` names the game: recording it
    again, after an undo of its last move, replaces its result; ``save``: the file name
    of its autosave, if it has one)."""
    info = session.game.info
    roles = info.seat_roles
    state = session.state
    return {
        "key": key,
        "game": info.id,
        "ended": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "mode": info.mode,
        "seats": [{"name": seat.name, "kind": seat.kind,
                   "role": roles[i] if i < len(roles) else seat_label(i)}
                  for i, seat in enumerate(session.seats)],
        "winners": sorted(state.winners),
        **({"save": save} if save else {}),
    }


def save_name(rec: dict[str, Any]) -> str | None:
    """The file name of the save of a record's game: its ``"save"``, or for a record
    written before they had one, the autosave its key begins with (``<name>.json:<seed>``);
    None when the game was never kept."""
    name = rec.get("save")
    if name is None:
        head = rec["key"].rsplit(":", 1)[0]
        name = head if head.endswith(".json") and ":" in rec["key"] else None
    return name


def _check_record(rec: Any, n: int) -> dict[str, Any]:
    where = f"game {n + 1}"
    if not isinstance(rec, dict):
        raise StatsError(f"{where} is not an object")
    for key, kind in (("key", str), ("game", str), ("ended", str), ("mode", str),
                      ("seats", list), ("winners", list)):
        if not isinstance(rec.get(key), kind):
            raise StatsError(f"{where}: field {key!r} is missing or of the wrong type")
    seats = rec["seats"]
    if not 1 <= len(seats) <= 8:
        raise StatsError(f"{where}: {len(seats)} seats")
    for seat in seats:
        if not isinstance(seat, dict) or not all(isinstance(seat.get(k), str) for k in
                                                 ("name", "kind", "role")):
            raise StatsError(f"{where}: a seat needs a name, a kind and a role")
        if len(seat["name"]) > limits.MAX_SEAT_NAME_CHARS or seat["kind"] not in (
                "human", "computer"):
            raise StatsError(f"{where}: seat {limits.quoted(seat['name'])} is not valid")
    if any(type(w) is not int or not 0 <= w < len(seats) for w in rec["winners"]):
        raise StatsError(f"{where}: the winners do not name its seats")
    save = rec.get("save")
    if save is not None and (not isinstance(save, str) or not 1 <= len(save) <= 200 or
                             "/" in save or "\\" in save):
        raise StatsError(f"{where}: field 'save' is not a file name")
    return rec


def read_records(path: Path | None = None) -> list[dict[str, Any]]:
    """Every record in the file ([] if there is none); raises :class:`StatsError`."""
    path = path or stats_path()
    try:
        # a regular file within the limit, looked at before it is opened (a named pipe
        # would wait forever for a writer): :mod:`.safe_open`
        raw = read_regular(path, limits.MAX_STATS_BYTES)
    except FileNotFoundError:
        return []
    except FileTooLarge as exc:
        limit = f"{limits.MAX_STATS_BYTES:,}"
        raise StatsError(f"it is more than {limit} bytes" if exc.grew else
                         f"it is {exc.size:,} bytes (at most {limit})") from exc
    except NotRegularFile as exc:
        raise StatsError(exc.strerror) from exc
    except OSError as exc:
        raise StatsError(f"it cannot be read ({exc.strerror or exc})") from exc
    from .saves import json_depth

    if json_depth(raw, limits.MAX_JSON_DEPTH) > limits.MAX_JSON_DEPTH:
        raise StatsError("it is nested too deeply")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise StatsError(f"it is not readable JSON ({limits.quoted(str(exc), 80)})") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StatsError("it is not a Tabletop statistics file")
    if data.get("version") != VERSION:
        raise StatsError(f"it is of version {limits.quoted(data.get('version'))}; this "
                         f"app reads version {VERSION}")
    games = data.get("games")
    if not isinstance(games, list) or len(games) > limits.MAX_STATS_GAMES:
        raise StatsError("its list of games is missing or too long")
    return [_check_record(rec, i) for i, rec in enumerate(games)]


class StatsFile:
    """The statistics file: read once, added to as games end (never raises)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or stats_path()
        self.problem = ""
        try:
            self.records = read_records(self.path)
        except StatsError as exc:
            self.records = []
            self.problem = f"Your statistics file {self.path.name} could not be read: {exc}."
            self._bad = True
        else:
            self._bad = False

    def add(self, record: dict[str, Any]) -> Future | None:
        """Count a finished game (replacing an earlier result with the same key) and
        write the file in the background; a bad file is first kept aside."""
        if self._bad:
            self._set_aside()
        self.records = [r for r in self.records if r["key"] != record["key"]]
        self.records.append(record)
        del self.records[:-limits.MAX_STATS_GAMES]
        blob = json.dumps({"format": FORMAT, "version": VERSION, "games": self.records},
                          indent=0, ensure_ascii=False).encode("utf-8")
        try:
            return write_later(self.path, blob)
        except RuntimeError as exc:  # pragma: no cover - the interpreter is stopping
            self.problem = f"The statistics could not be saved: {exc}"
            return None

    def _set_aside(self) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        kept = self.path.with_name(f"stats-unreadable-{stamp}.json")
        try:
            self.path.replace(kept)
        except OSError as exc:
            self.problem += f" It could not be kept aside ({exc.strerror or exc})."
        else:
            self.problem += f" It was kept as {kept.name}; counting starts again."
        self._bad = False


# -- what the statistics screen shows ----------------------------------------------------------
@dataclass
class Tally:
    played: int = 0
    won: int = 0
    lost: int = 0

    @property
    def drawn(self) -> int:
        return self.played - self.won - self.lost


@dataclass
class Summary:
    """One game's statistics, from the point of view of the humans at the screen."""

    total: Tally = field(default_factory=Tally)
    by_seat: dict[str, Tally] = field(default_factory=dict)
    by_opponent: dict[str, Tally] = field(default_factory=dict)
    longest_streak: int = 0
    current_streak: int = 0


def outcome(rec: dict[str, Any], seat: int) -> str:
    """``won``, ``lost`` or ``drawn`` for ``seat`` of a finished game (in a game played
    together, the seats share the result)."""
    winners = rec["winners"]
    if seat in winners:
        return "won"
    if winners or rec["mode"] in ("coop", "solo"):
        return "lost"
    return "drawn"


def _count(tally: Tally, result: str) -> None:
    tally.played += 1
    tally.won += result == "won"
    tally.lost += result == "lost"


def summary(records: list[dict[str, Any]], game: str) -> Summary:
    """The statistics of ``game``: every human seat of every finished game counts by its
    seat or role and by its opponents; a game counts once in the total, won when a human
    at the screen won (the team, in a co-operative or solo game), and the streak is of
    such wins. Games of computers only are not counted."""
    out = Summary()
    streak = 0
    for rec in sorted((r for r in records if r["game"] == game), key=lambda r: r["ended"]):
        seats = rec["seats"]
        humans = [i for i, s in enumerate(seats) if s["kind"] == "human"]
        if not humans:
            continue
        for i in humans:
            result = outcome(rec, i)
            _count(out.by_seat.setdefault(seats[i]["role"], Tally()), result)
            for name in _opponents(rec, i):
                _count(out.by_opponent.setdefault(name, Tally()), result)
        results = {outcome(rec, i) for i in humans}
        total = "won" if "won" in results else "lost" if "lost" in results else "drawn"
        _count(out.total, total)
        streak = streak + 1 if total == "won" else 0
        out.longest_streak = max(out.longest_streak, streak)
    out.current_streak = streak
    return out


def _opponents(rec: dict[str, Any], seat: int) -> list[str]:
    """Who ``seat`` played against: the computer, or the other humans by name (a
    co-operative or solo game is against the game itself)."""
    if rec["mode"] in ("coop", "solo"):
        return ["the game"]
    names = []
    for i, s in enumerate(rec["seats"]):
        if i == seat:
            continue
        names.append("the computer" if s["kind"] == "computer" else s["name"])
    return sorted(set(names))
