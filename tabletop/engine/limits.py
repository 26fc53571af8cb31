"""Limits on what a card file or a save may hold, and the hook that lets a long load stop.

Every limit is checked before the work it guards grows: that a file is a regular file at
all and its size, before it is opened (:mod:`tabletop.engine.safe_open`), the nesting
depth and the number of YAML nodes (counting every alias as the nodes it stands for)
while the file is parsed, list lengths while cards are checked. The values are
documented in ``docs/modding.md`` (card files) and ``README.md`` (saves).

:func:`checkpoint` is called between files, every few thousand YAML events and every few
replayed moves. The app registers a check (:func:`set_interrupt_check`) that raises
:class:`Interrupted` when the window's close button was pressed, so even a long load can
be stopped.
"""

from __future__ import annotations

from collections.abc import Callable

# -- card files ---------------------------------------------------------------------------
#: bytes in one card file
MAX_CARD_FILE_BYTES = 1_000_000
#: levels of nested lists and mappings in one card file
MAX_YAML_DEPTH = 40
#: values (scalars, lists, mappings) in one card file, every alias counted as what it copies
MAX_YAML_NODES = 100_000
#: characters in one scalar that reads as a number
MAX_NUMBER_CHARS = 40
#: YAML files read from the mods folder, and their bytes in all
MAX_MOD_FILES = 500
MAX_MOD_BYTES = 10_000_000
#: characters in a one-line text field (a name) and in a free text field (rules text)
MAX_NAME_CHARS = 80
MAX_TEXT_CHARS = 2_000

# -- saves --------------------------------------------------------------------------------
#: bytes in one save file
MAX_SAVE_BYTES = 2_000_000
#: levels of nested lists and objects in a save
MAX_JSON_DEPTH = 32
#: moves in one save, and characters in one move
MAX_MOVES = 10_000
MAX_MOVE_CHARS = 200
#: characters in a seat's name and in a line of narration
MAX_SEAT_NAME_CHARS = 40
MAX_NOTE_CHARS = 200
#: save files the load screen reads (the most recent ones)
MAX_LISTED_SAVES = 200

# -- the user's own files ------------------------------------------------------------------
#: bytes in the settings file and in the statistics file
MAX_SETTINGS_BYTES = 64_000
MAX_STATS_BYTES = 4_000_000
#: finished games the statistics keep (the oldest are forgotten first)
MAX_STATS_GAMES = 5_000

# -- deck files ---------------------------------------------------------------------------
#: bytes in one deck file, different cards in one deck, deck files a deck list reads
MAX_DECK_FILE_BYTES = 64_000
MAX_DECK_CARDS = 400
MAX_DECK_FILES = 200

# -- scenario files -------------------------------------------------------------------------
#: bytes in one scenario file (``tabletop scenario``)
MAX_SCENARIO_BYTES = 1_000_000

# -- lesson files (tabletop/data/lessons, :mod:`tabletop.engine.lesson`) -----------------
#: bytes in one lesson file
MAX_LESSON_BYTES = 200_000

#: characters of someone else's input quoted in a message
MAX_QUOTED_CHARS = 60


class Interrupted(BaseException):  # noqa: N818 - like KeyboardInterrupt
    """The player asked the app to stop (close button, Ctrl+C, SIGTERM) during a load.

    A ``BaseException`` so that no ``except Exception`` on the way swallows it."""


_check: Callable[[], None] | None = None


def set_interrupt_check(check: Callable[[], None] | None) -> None:
    """Register ``check`` (it raises :class:`Interrupted` to stop the current load)."""
    global _check
    _check = check


def checkpoint() -> None:
    """Give the registered check a chance to stop a long load."""
    if _check is not None:
        _check()


def quoted(value: object, limit: int = MAX_QUOTED_CHARS) -> str:
    """``repr(value)`` cut to ``limit`` characters (with an ellipsis), for messages."""
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + f"\u2026 ({len(value):,} characters)"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "\u2026"
