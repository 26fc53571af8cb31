"""Checking every field of a save before any of it is used (types, ranges, the game's
declared options, the seat count, the rules version), one checker per field."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from . import limits
from .game import Game
from .levels import LEVELS
from .schema import describe_value

SAVE_FORMAT = "tabletop-save"
#: table settings a save may keep
SETTINGS: dict[str, type] = {"hide_hands": bool}
REQUIRED = ("format", "version", "game", "options", "seed", "seats", "moves")
OPTIONAL = ("app", "saved", "fingerprint", "notes", "settings", "position", "turn", "over",
            "ruleset", "journal")
_NOTE_KEY = re.compile(r"[1-9][0-9]{0,5}")  # ASCII digits only (not "¹")


class SaveError(Exception):
    """A save that cannot be loaded; the message says why, for the player."""


class Damaged(Exception):
    """One field is wrong (the message says how)."""


def _describe(value: Any) -> str:
    """A value as JSON names it (true, an object, null), quoted briefly."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "an object" if isinstance(value, dict) else "null" if value is None \
        else describe_value(value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def option_problem(game: Game, key: Any, value: Any) -> str | None:
    """Why ``key: value`` is not an option setting of ``game``, or None. A switch takes
    true or false; a choice one of its declared values (of the same type), or what else
    the option accepts (:meth:`~tabletop.engine.info.Option.accepts`: a game's option may
    take values of its card set, checked with the cards when the game is set up)."""
    option = next((o for o in game.info.options if o.key == key), None)
    if option is None:
        known = ", ".join(o.key for o in game.info.options) or "none"
        return f"{game.info.title} has no option {limits.quoted(key)} (it has: {known})"
    if option.accepts(value):
        return None
    return f"option {key!r} must be {option.expected()}, got {_describe(value)}"


def _text(value: Any, what: str, longest: int, one_line: bool = True) -> str:
    from .schema import text_problem

    if not isinstance(value, str):
        raise Damaged(f"{what} must be text, got {_describe(value)}")
    if len(value) > longest:
        raise Damaged(f"{what} is longer than {longest:,} characters")
    problem = text_problem(value, one_line)
    if problem:
        raise Damaged(f"{what}: {problem}")
    return value


def saved_at(data: dict[str, Any]) -> datetime | None:
    """When a save was written (its ``saved`` field, in UTC), or None."""
    saved = data.get("saved")
    if not isinstance(saved, str) or len(saved) > 40:
        return None
    try:
        when = datetime.fromisoformat(saved)
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


# -- one checker per field: (value, game, the fields checked so far) -> clean value ---------
def _seed(value, game: Game, out: dict) -> int:
    if not _is_int(value) or not -(2**63) <= value < 2**64:
        raise Damaged(f"field 'seed' must be a whole number, got {_describe(value)}")
    return value


def _options(value, game: Game, out: dict) -> dict:
    if not isinstance(value, dict):
        raise Damaged(f"field 'options' must be an object, got {_describe(value)}")
    for key, setting in value.items():
        problem = option_problem(game, key, setting)
        if problem:
            raise Damaged(problem)
    return {**game.rules.default_options(), **value}


def _seats(value, game: Game, out: dict) -> list:
    if not isinstance(value, list):
        raise Damaged(f"field 'seats' must be a list, got {_describe(value)}")
    count = game.rules.seat_count(out["options"])
    if len(value) != count:
        raise Damaged(f"{game.info.title} with these options has {count} seats, the save "
                      f"lists {len(value)}")
    seats = []
    for number, seat in enumerate(value, start=1):
        if not isinstance(seat, dict) or set(seat) - {"name", "kind", "level"} or \
                "name" not in seat:
            raise Damaged(f"seat {number} must be an object with a name and a kind")
        _text(seat["name"], f"the name of seat {number}", limits.MAX_SEAT_NAME_CHARS)
        kind = seat.get("kind", "human")
        if kind not in ("human", "computer"):
            raise Damaged(f"seat {number} must be human or computer, got {_describe(kind)}")
        level = seat.get("level", "easy")
        if not isinstance(level, str) or level not in LEVELS:
            raise Damaged(f"the level of seat {number} must be one of "
                          f"{', '.join(LEVELS)}, got {_describe(level)}")
        seats.append({"name": seat["name"], "kind": kind, "level": level})
    return seats


def _moves(value, game: Game, out: dict) -> list:
    if not isinstance(value, list):
        raise Damaged(f"field 'moves' must be a list, got {_describe(value)}")
    if len(value) > limits.MAX_MOVES:
        raise Damaged(f"it holds {len(value):,} moves; a save has at most "
                      f"{limits.MAX_MOVES:,}")
    for number, text in enumerate(value, start=1):
        if not isinstance(text, str):
            raise Damaged(f"move {number} is not text")
        _text(text, f"move {number}", limits.MAX_MOVE_CHARS)
    return list(value)


def _notes(value, game: Game, out: dict) -> dict:
    if not isinstance(value, dict):
        raise Damaged(f"field 'notes' must be an object, got {_describe(value)}")
    moves = len(out["moves"])
    for key, note in value.items():
        if not _NOTE_KEY.fullmatch(key) or int(key) > moves:
            raise Damaged(f"note {limits.quoted(key)} does not name a move (1 to {moves})")
        _text(note, f"note {key}", limits.MAX_NOTE_CHARS)
    return dict(value)


def _settings(value, game: Game, out: dict) -> dict:
    if not isinstance(value, dict):
        raise Damaged(f"field 'settings' must be an object, got {_describe(value)}")
    for key, setting in value.items():
        if key not in SETTINGS:
            raise Damaged(f"unknown setting {limits.quoted(key)}")
        if type(setting) is not SETTINGS[key]:
            raise Damaged(f"setting {key!r} must be true or false, got {_describe(setting)}")
    return dict(value)


def _position(value, game: Game, out: dict) -> dict:
    if not isinstance(value, dict):
        raise Damaged(f"field 'position' must be an object, got {_describe(value)}")
    return value


def _short_text(field: str) -> Callable:
    return lambda value, game, out: _text(value, f"field {field!r}", 64)


def _saved(value, game: Game, out: dict) -> str:
    if saved_at({"saved": value}) is None:
        raise Damaged(f"field 'saved' must be a date and time, got {_describe(value)}")
    return value


def _turn(value, game: Game, out: dict) -> int:
    if not _is_int(value) or not 0 <= value <= 10**6:
        raise Damaged(f"field 'turn' must be a whole number from 0, got {_describe(value)}")
    return value


def _ruleset(value, game: Game, out: dict) -> int:
    if not _is_int(value) or not 1 <= value <= game.rules.version:
        raise Damaged(f"it was played under rules this version does not know (version "
                      f"{_describe(value)} of {game.info.title}'s rules)")
    return value


def _over(value, game: Game, out: dict) -> bool:
    if not isinstance(value, bool):
        raise Damaged(f"field 'over' must be true or false, got {_describe(value)}")
    return value


def _journal(value, game: Game, out: dict) -> int:
    if not _is_int(value) or value < 0:
        raise Damaged(f"field 'journal' must be a whole number, got {_describe(value)}")
    return value


#: field -> (checker, value when the save leaves it out; None: left out), in order
FIELDS: dict[str, tuple[Callable, Any]] = {
    "seed": (_seed, None), "options": (_options, None), "seats": (_seats, None),
    "moves": (_moves, None), "notes": (_notes, {}), "settings": (_settings, {}),
    "position": (_position, None), "app": (_short_text("app"), None),
    "fingerprint": (_short_text("fingerprint"), None), "saved": (_saved, None),
    "turn": (_turn, None), "ruleset": (_ruleset, None), "over": (_over, None),
    "journal": (_journal, None),
}


def check_save(data: dict[str, Any], name: str, games: Mapping[str, Game]) -> dict[str, Any]:
    """Check every field of a save (types, ranges, the game's declared options, the seat
    count); returns a clean copy with the optional fields filled in, or raises
    :class:`SaveError` naming the first problem. Nothing of the save is used before.
    ``games``: the games a save may be of (the registry, :data:`tabletop.games.GAMES`)."""
    try:
        return _check(data, name, games)
    except Damaged as exc:
        raise SaveError(f"{name} is damaged ({exc}); it was not loaded.") from None


def _check(data: dict[str, Any], name: str, games: Mapping[str, Game]) -> dict[str, Any]:
    for key in REQUIRED:
        if key not in data:
            raise Damaged(f"field {key!r} is missing")
    for key in data:
        if key not in REQUIRED and key not in OPTIONAL:
            raise Damaged(f"unknown field {limits.quoted(key)}")
    game_id = data["game"]
    if not isinstance(game_id, str):
        raise Damaged(f"field 'game' must be text, got {_describe(game_id)}")
    game = games.get(game_id)
    if game is None:
        raise SaveError(f"{name} is for a game this version does not have "
                        f"({limits.quoted(game_id)}).")
    out: dict[str, Any] = {"format": SAVE_FORMAT, "version": data["version"],
                           "game": game_id}
    for field, (check, missing) in FIELDS.items():
        if field in data:
            out[field] = check(data[field], game, out)
        elif missing is not None:
            out[field] = check(missing, game, out)
    return out
