"""Every key the app answers to, on one page over whatever screen is open (F1 or ?).

:data:`SHORTCUTS` is the one list of them (the README's table says the same); the menus
(:mod:`.menuscene`, :mod:`.screens`) and the table (:mod:`.table.input`) open the page
with :func:`shortcuts_asked`. Esc, F1, ? or a click closes it.
"""

from __future__ import annotations

import pygame

from . import pictures, text, theme
from .app import Scene
from .widgets import panel

#: (heading, [(keys, what they do)]): every key of the app, by where it works
SHORTCUTS: list[tuple[str, list[tuple[str, str]]]] = [
    ("Anywhere", [
        ("F1 or ?", "Show or hide this list of keys"),
        ("F11", "Full screen on or off"),
        ("M", "Sound off or on"),
        ("Esc", "Close what is open, or go back a screen"),
    ]),
    ("In the menus", [
        ("Tab, Shift+Tab, arrows", "Move the focus between the buttons and fields"),
        ("Enter or Space", "Press the focused button, switch, or pick the focused row"),
        ("Left and Right", "Change the focused choice"),
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
        ("Ctrl+Z, Ctrl+Y", "Take your last move back, play it again"),
        ("Enter", "On the pass-the-screen page: show the next player's cards"),
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
    """The list of keys over the screen it was opened from (drawn under it, shaded)."""

    transparent = True

    def __init__(self) -> None:
        self.box = pygame.Rect(0, 0, 0, 0)
        self.size = (0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        self.box = pygame.Rect(0, 0, min(860, w - 40), 0)
        self.box.h = min(h - 24, self._height())
        self.box.center = (w // 2, h // 2)

    def _columns(self) -> tuple[int, int, int]:
        """The left of the text, the keys' column width, the whole text width."""
        inner = self.box.w - 48
        return self.box.left + 24, min(230, inner * 2 // 7), inner

    def _rows(self) -> list[tuple[str, str, int]]:
        """Each key's row: its keys, what they do, its height (a long line wraps)."""
        _, keys_w, inner = self._columns()
        size = self._size()
        return [(k, does, max(self._row(), text.height_of(does, inner - keys_w, size) + 4))
                for _, keys in SHORTCUTS for k, does in keys]

    def _size(self) -> int:
        return 15 if self.size[1] >= 720 else 14

    def _row(self) -> int:
        """A one-line row's height: 26 px, less in a short window."""
        return 26 if self.size[1] >= 720 else 21

    def _height(self) -> int:
        return 62 + len(SHORTCUTS) * 34 + sum(h for *_, h in self._rows()) + 16

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and (event.key in CLOSE or shortcuts_asked(event)) \
                or event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.app.pop()

    def draw(self, surf) -> None:
        surf.blit(pictures.box(surf.get_size(), (0, 0, 0, 150)), (0, 0))
        box = self.box
        panel(surf, box, (20, 26, 34), 250, theme.ACCENT, 12)
        x, keys_w, inner = self._columns()
        y = box.top + 16
        text.draw(surf, "Keys", (x, y, inner // 2, 30), 24, theme.ACCENT, "bold")
        text.draw(surf, "Esc, F1 or ? closes this list", (x + inner // 2, y + 6, inner // 2, 20),
                  14, theme.MUTED, align="right")
        y += 46
        rows = iter(self._rows())
        size = self._size()
        for heading, keys in SHORTCUTS:
            text.draw(surf, heading, (x, y + 4, inner, 22), 17, theme.TEXT, "bold")
            pygame.draw.line(surf, theme.PANEL_LINE, (x, y + 29), (x + inner, y + 29))
            y += 34
            for _ in keys:
                keys_text, does, h = next(rows)
                text.draw(surf, keys_text, (x + 8, y, keys_w - 12, self._row()), size,
                          theme.ACCENT, "bold", valign="middle")
                if h > self._row():  # wrapped over two lines or more
                    text.blit_wrapped(surf, does, pygame.Rect(x + keys_w, y + 2,
                                                              inner - keys_w, h),
                                      size, theme.TEXT, shrink=False)
                else:
                    text.draw(surf, does, (x + keys_w, y, inner - keys_w, h), size, theme.TEXT,
                              valign="middle")
                y += h
