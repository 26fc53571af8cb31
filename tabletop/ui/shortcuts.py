"""Every key the app answers to, on one page over whatever screen is open (F1 or ?).

:data:`SHORTCUTS` is the one list of them (the README's table says the same); the menus
(:mod:`.menuscene`, :mod:`.screens`) and the table (:mod:`.table.input`) open the page
with :func:`shortcuts_asked`. Esc, F1, ? or a click closes it.
"""

from __future__ import annotations

import itertools

import pygame

from . import pictures, text, theme
from .app import Scene
from .widgets import panel

#: (heading, [(keys, what they do)]): every key of the app, by where it works
SHORTCUTS: list[tuple[str, list[tuple[str, str]]]] = [
    ("Anywhere", [
        ("F1 or ?", "Show or hide this list of keys"),
        ("F11", "Full screen on or off"),
        ("Esc", "Close what is open, or go back a screen"),
    ]),
    ("In the menus", [
        ("Tab, Shift+Tab, arrows", "Move the focus between the buttons and fields"),
        ("Enter or Space", "Press the focused button, switch, or pick the focused row"),
        ("Left and Right", "Change the focused choice or slider"),
    ]),
    ("In the card browser", [
        ("Arrows, Enter", "The cards focused (Tab): move over them, show one large"),
        ("Left, Right", "A card shown large: the previous or next card"),
        ("Letters", "Search the cards"),
    ]),
    ("At the table", [
        ("Tab, Shift+Tab, arrows", "Step between the cards you can use, a dialog's "
                                   "choices, the move buttons and the tools"),
        ("Enter or Space", "Choose the focused card, then the place to play it; press "
                           "the focused button"),
        ("Esc", "Put the chosen card down; close a menu, the rules or a large card; "
                "else leave for the main menu (the game is kept)"),
        ("Left, Right, + and -", "Change the focused number in a dialog"),
        ("Z", "Show the focused card large"),
        ("H", "Ask the computer for a hint"),
        ("M", "Sound off or on (Settings sets the volume)"),
        ("Ctrl+Z, Ctrl+Y", "Take your last move back, play it again"),
        ("Enter", "On the pass-the-screen page: show the next player's cards"),
    ]),
    ("In a replay", [
        ("Left, Right", "One move back, one move on"),
        ("Home, End", "Back to the set-up, on to the last move"),
        ("Space", "Play the moves one by one, or pause"),
        ("Esc", "Close the replay"),
    ]),
]

CLOSE = (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def shortcuts_asked(event) -> bool:
    """Is ``event`` the key that opens the list (F1, or ?)?"""
    if event.type != pygame.KEYDOWN:
        return False
    return event.key in (pygame.K_F1, pygame.K_QUESTION) or \
        getattr(event, "unicode", "") == "?"


class ShortcutsScreen(Scene):
    """The list of keys over the screen it was opened from (drawn under it, shaded): one
    column, or two or three where the window is too short for fewer (a large text size)."""

    transparent = True

    def __init__(self) -> None:
        self.box = pygame.Rect(0, 0, 0, 0)
        self.size = (0, 0)
        self.columns = 1

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        for columns in (1, 2, 3):
            self.columns = columns
            self.box = pygame.Rect(0, 0, min(860 * columns, w - 40), 0)
            self.box.h = self._height()
            if self.box.h <= h - 24:
                break
        self.box.h = min(self.box.h, h - 24)
        self.box.center = (w // 2, h // 2)

    def _column(self) -> tuple[int, int]:
        """A column's width and its keys' width."""
        inner = self.box.w - 48
        width = (inner - 32 * (self.columns - 1)) // self.columns
        return width, min(theme.ui(230), width * (2 if self.columns < 3 else 3) // 7)

    def _sections(self) -> list[list[tuple[str, list[tuple[str, str, int]]]]]:
        """Each column's sections: a heading and its rows (keys, what they do, the row's
        height: a long line wraps)."""
        width, keys_w = self._column()
        size = self._size()
        sections = [(heading, [(k, does, max(self._row(),
                                             text.height_of(k, keys_w - 12, size, "bold") + 4,
                                             text.height_of(does, width - keys_w, size) + 4))
                               for k, does in keys])
                    for heading, keys in SHORTCUTS]
        if self.columns == 1:
            return [sections]
        # the rows in order, cut into columns as even as they allow (a section cut in two
        # goes on under its heading again, "(more)")
        rows = [(i, row) for i, (_, section_rows) in enumerate(sections)
                for row in section_rows]

        def grouped(part) -> list:
            out: list = []
            for i, row in part:
                if not out or out[-1][0] != i:
                    out.append((i, []))
                out[-1][1].append(row)
            return out

        def tall(part) -> int:
            return sum(theme.ui(34) + sum(r[2] for r in rs) for _, rs in grouped(part))

        n = len(rows)
        cuts = min(itertools.combinations(range(1, n), self.columns - 1),
                   key=lambda c: max(tall(rows[a:b]) for a, b in
                                     zip((0, *c), (*c, n), strict=True)))
        columns = []
        for a, b in zip((0, *cuts), (*cuts, n), strict=True):
            part = grouped(rows[a:b])
            columns.append([(sections[i][0] + (" (more)" if rs[0] is not sections[i][1][0]
                                                else ""), rs) for i, rs in part])
        return columns

    def _size(self) -> int:
        return (15 if self.size[1] >= 720 else 14) - (self.columns == 3)

    def _row(self) -> int:
        """A one-line row's height: 26 px, less in a short window (at the text size)."""
        return theme.ui(26 if self.size[1] >= 720 else 21)

    def _height(self) -> int:
        return theme.ui(62) + 16 + max(
            len(column) * theme.ui(34) + sum(h for _, rows in column for *_, h in rows)
            for column in self._sections())

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and (event.key in CLOSE or shortcuts_asked(event)) \
                or event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.app.pop()

    def draw(self, surf) -> None:
        surf.blit(pictures.box(surf.get_size(), (0, 0, 0, 150)), (0, 0))
        box = self.box
        panel(surf, box, (20, 26, 34), 250, theme.ACCENT, 12)
        x, top = box.left + 24, box.top + 16
        inner = box.w - 48
        text.draw(surf, "Keys", (x, top, inner // 2, theme.ui(30)), 24, theme.ACCENT, "bold")
        text.draw(surf, "Esc, F1 or ? closes this list",
                  (x + inner // 2, top + 6, inner // 2, theme.ui(20)), 14, theme.MUTED,
                  align="right")
        width, _ = self._column()
        for i, column in enumerate(self._sections()):
            self._draw_column(surf, column, x + i * (width + 32), top + theme.ui(46))

    def _draw_column(self, surf, sections: list, x: int, y: int) -> None:
        width, keys_w = self._column()
        size = self._size()
        step = theme.ui(34)
        for heading, rows in sections:
            text.draw(surf, heading, (x, y + 4, width, step - 10), 17, theme.TEXT, "bold")
            pygame.draw.line(surf, theme.PANEL_LINE, (x, y + step - 5), (x + width, y + step - 5))
            y += step
            for keys_text, does, h in rows:
                self._cell(surf, keys_text, pygame.Rect(x + 8, y, keys_w - 12, h), size,
                           theme.ACCENT, "bold")
                self._cell(surf, does, pygame.Rect(x + keys_w, y, width - keys_w, h), size,
                           theme.TEXT, "regular")
                y += h

    def _cell(self, surf, words: str, box: pygame.Rect, size: int, color, style: str) -> None:
        """One line in the middle of its row, or the lines it wraps into from the top."""
        if box.h > self._row():
            text.blit_wrapped(surf, words, box.move(0, 2), size, color, style, shrink=False)
        else:
            text.draw(surf, words, box, size, color, style, valign="middle")
