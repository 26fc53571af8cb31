"""The game log beside the table: it grows by the lines of each move (never rebuilt for
a move), follows play unless the player has scrolled back, and names cards as players
read them."""

from __future__ import annotations

import re

from ...engine.session import LogEntry, Session
from .. import theme
from ..widgets import Row, ScrollList

_COPY = re.compile(r'"([^"]*?)(?:#\d+)?"')


def readable(notation: str) -> str:
    """A move's notation as a player reads it: card names without quotes or copy
    numbers (``P1 attack "Kestrel#2" > "Mawgrave"`` -> ``P1 attack Kestrel → Mawgrave``)."""
    return _COPY.sub(r"\1", notation).replace(" > ", " \u2192 ")


class GameLog:
    """Keeps a :class:`ScrollList` in step with a session's log for one reader."""

    def __init__(self, scroll: ScrollList) -> None:
        self.scroll = scroll
        self.reader: object = object()  # no reader yet
        self._states: list[int] = []  # id of the state after each entry shown
        #: each reader's rows, kept while another reads (hot-seat players take turns)
        self._books: dict[object, tuple[list[Row], list[int]]] = {}

    def sync(self, session: Session, reader: int | None) -> None:
        """Show every entry of ``session``'s log that ``reader`` may read: add what is
        new and take back what was undone; each reader's rows are kept, not rebuilt, but
        wrapped again when the log's width changed (a new window size: drawn in the old
        width's lines, each would shrink to fit, and wrap anew only at the next move)."""
        self.scroll.fit()
        if reader != self.reader:
            self._books[self.reader] = (self.scroll.rows, self._states)
            rows, self._states = self._books.pop(reader, ([], []))
            self.reader = reader
            self.scroll.set_rows(rows)
            self.scroll.to_bottom()
        states = session.states
        keep = 0
        while keep < len(self._states) and keep < len(states) and \
                self._states[keep] == id(states[keep]):
            keep += 1
        if keep < len(self._states):
            self._states = self._states[:keep]
            self.scroll.truncate(keep)
        if keep < len(states):
            entries = session.log_entries(reader, keep)
            self.scroll.append([self._row(e) for e in entries])
            self._states.extend(id(states[e.index]) for e in entries)

    @staticmethod
    def _row(entry: LogEntry) -> Row:
        seat = entry.seat
        color = theme.seat_color(seat)
        lines = [(readable(entry.text), color, "bold")]
        lines += [(line, theme.MUTED, "small") for line in entry.lines]
        return Row(lines, data=entry.index)

    @property
    def following(self) -> bool:
        """Does the log keep up with play (the player has not scrolled back)?"""
        return self.scroll.follow

    def jump_to_latest(self) -> None:
        self.scroll.to_bottom()
