"""Saves that cannot be resumed, beyond what reading them finds (an unreadable file is
refused by :func:`~tabletop.engine.saves.read_save` already, and listed so):

- a save refused when it was opened, Continue's or the load screen's (a move the rules
  refuse, a set-up the cards no longer allow): remembered for this run of the app, for
  the file as it was (its size and time, and its autosave journal's) and the cards it was
  refused with (their fingerprint), so a file written again, or other cards (a mod added
  or removed, the card files edited), are tried again;
- a save the game says it cannot set up with its cards, asked without replaying it (a
  game's rules may tell it: ``rules.setup_problem(catalog, options, position)``,
  OverPower's team a mod removed).

The load screen marks both; Continue passes a remembered refusal by
(:func:`tabletop.ui.loadgame.autosave_state`). Replaying a save to find out is never done
here: a save may hold thousands of moves; a save is replayed when it is opened, between
frames (:mod:`.opening`).
"""

from __future__ import annotations

import os
from pathlib import Path

from ..engine.autosave import journal_of
from ..engine.savegames import Entry
from ..games import GAMES

#: path -> (the file's stamp, the cards' fingerprint, the message it was refused with)
_REFUSED: dict[str, tuple[tuple, str, str]] = {}


def _stamp(path: Path) -> tuple:
    """The save's and its journal's (time, size), None for a file that is not there."""
    out = []
    for one in (Path(path), journal_of(Path(path))):
        try:
            st = os.stat(one)
        except OSError:
            out.append(None)
        else:
            out.append((st.st_mtime_ns, st.st_size))
    return tuple(out)


def _fingerprint(app, game_id: str) -> str:
    return app.catalog(game_id).fingerprint if game_id in GAMES else ""


def remember(app, path: Path, game_id: str, message: str) -> None:
    """The save at ``path`` (of ``game_id``) was refused with ``message``."""
    _REFUSED[str(path)] = (_stamp(path), _fingerprint(app, game_id), message)


def forget(path: Path) -> None:
    _REFUSED.pop(str(path), None)


def refused(app, entry: Entry) -> str | None:
    """The message ``entry``'s save was refused with when it was opened, if it is the
    same file and the game's cards are the same; else None."""
    found = _REFUSED.get(str(entry.path))
    if found is None or not entry.readable:
        return None
    stamp, fingerprint, message = found
    if stamp != _stamp(entry.path) or fingerprint != _fingerprint(app, entry.data["game"]):
        return None
    return message


def problem(app, entry: Entry) -> str | None:
    """Why the readable save ``entry`` cannot be resumed, as far as is known without
    replaying it (see the module docstring), in the words of a refusal
    (``<file> cannot be set up: ...``); None if nothing is known against it."""
    if not entry.readable:
        return None
    found = refused(app, entry)
    if found:
        return found
    data = entry.data
    check = getattr(GAMES[data["game"]].rules, "setup_problem", None)
    if check is None:
        return None
    why = check(app.catalog(data["game"]), data["options"], data.get("position"))
    return f"{entry.path.name} cannot be set up: {why}" if why else None
