"""The new-game screen's seat rows: a name, a person here, a person online or the
computer, and a computer's level with the time it may think for each move
(:mod:`tabletop.engine.levels`)."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.levels import DEFAULT_LEVEL, LEVELS
from .theme import ui
from .widgets import Caption, Choice, TextInput

ROW = 44
#: who sits at a seat: a person at this screen, a person on another machine (an online
#: game: :mod:`.online_screens`), or the computer
KINDS = [("human", "Human"), ("online", "Online"), ("computer", "Computer")]
LEVEL_ROW = 38


class SeatRows:
    """Names, kinds and levels of up to four seats, and the widgets that edit them."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.kinds = ["human", "computer", "computer", "computer"]
        self.levels = [DEFAULT_LEVEL] * 4

    def build(self, left: int, y: int, count: int, relayout: Callable[[], None]) -> tuple[
            list, int]:
        """The widgets of ``count`` seats from ``(left, y)``; returns them and the y below."""
        widgets: list = []
        for i in range(count):
            widgets.append(TextInput((left, y, 164, ui(34)), self.names[i], f"Player {i + 1}", 20,
                                     on_change=lambda v, i=i: self._set_name(i, v)))
            widgets.append(Choice((left + 170, y, 256, ui(34)), "",
                                  KINDS,
                                  self.kinds[i], lambda v, i=i: self._set_kind(i, v, relayout)))
            y += ui(ROW)
            if self.kinds[i] == "computer":
                widgets.append(Choice((left + 196, y - 6, 224, ui(30)), "",
                                      [(lv.key, lv.label) for lv in LEVELS.values()],
                                      self.levels[i],
                                      lambda v, i=i: self._set_level(i, v, relayout)))
                # the computer's thinking time, right-aligned beside its level
                widgets.append(Caption((left, y, 186, ui(18)),
                                       LEVELS[self.levels[i]].budget_text.capitalize(), 13,
                                       align="right"))
                y += ui(LEVEL_ROW)
        return widgets, y

    def _set_name(self, i: int, value: str) -> None:
        self.names[i] = value

    def _set_kind(self, i: int, value: str, relayout: Callable[[], None]) -> None:
        self.kinds[i] = value
        relayout()

    def _set_level(self, i: int, value: str, relayout: Callable[[], None]) -> None:
        self.levels[i] = value
        relayout()

