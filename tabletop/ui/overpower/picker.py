"""A value stepped through with two arrows (a list too long for segmented buttons)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import text, theme
from ..widgets import Choice, Widget


class Cycle(Widget):
    """One value of a list between two arrows that step through it (``choices``: value,
    name, a note shown at the right), under an optional label: the new-game screen's
    decks, the deck builder's character filter. The values in ``warn`` (a deck no longer
    there) are drawn in the colour of a problem."""

    def __init__(self, rect, label: str, choices: list[tuple[str, str, str]], value: str,
                 on_change: Callable[[str], None], warn=frozenset()) -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        self.choices = choices
        self.value = value
        self.on_change = on_change
        self.warn = warn

    def _row(self) -> pygame.Rect:
        top = 22 if self.label else 0
        return pygame.Rect(self.rect.left, self.rect.top + top, self.rect.w - 4,
                           self.rect.h - top)

    def arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        row = self._row()
        return (pygame.Rect(row.left, row.top, 44, row.h),
                pygame.Rect(row.right - 44, row.top, 44, row.h))

    def _index(self) -> int:
        values = [v for v, _, _ in self.choices]
        return values.index(self.value) if self.value in values else 0

    def step(self, by: int) -> None:
        if not self.choices:
            return
        self.value = self.choices[(self._index() + by) % len(self.choices)][0]
        self.on_change(self.value)

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            back, forward = self.arrows()
            if back.collidepoint(event.pos):
                self.step(-1)
                return True
            if forward.collidepoint(event.pos) or self._row().collidepoint(event.pos):
                self.step(1)
                return True
        return event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos)

    def draw(self, surf) -> None:
        if self.label:
            text.draw(surf, self.label, (*self.rect.topleft, self.rect.w, 22), 16, theme.TEXT,
                      "bold")
        row = self._row()
        pygame.draw.rect(surf, theme.BUTTON, row, border_radius=6)
        for box, glyph in zip(self.arrows(), ("\u25c0", "\u25b6"), strict=True):
            pygame.draw.rect(surf, theme.BUTTON_HOVER, box, border_radius=6)
            text.draw(surf, glyph, box, 15, theme.TEXT, "bold", align="center",
                      valign="middle")
        if not self.choices:
            return
        value, name, note = self.choices[self._index()]
        bad = value in self.warn
        middle = row.inflate(-100, 0)
        text.draw(surf, name, (middle.left + 6, middle.top, middle.w - 150, middle.h), 15,
                  theme.BAD if bad else theme.ACCENT, "bold", valign="middle", min_size=9)
        text.draw(surf, note, (middle.right - 140, middle.top, 136, middle.h), 12,
                  theme.BAD if bad else theme.MUTED, "bold", align="right", valign="middle")


class EvenChoice(Choice):
    """Segmented buttons sized to their labels, all labels in one size (the largest
    that fits them all), so a row of filters reads evenly."""

    GAP = 4
    PAD = 14

    def _fit(self) -> tuple[list[int], int]:
        """Each segment's width and the labels' size (measured once per width)."""
        key = (self.rect.w, tuple(label for _, label in self.choices))
        cached = getattr(self, "_fitted", None)
        if cached is None or cached[0] != key:
            self._fitted = cached = (key, self._measure())
        return cached[1]

    def _measure(self) -> tuple[list[int], int]:
        room = self.rect.w - self.GAP * (len(self.choices) - 1)
        for size in range(14, 7, -1):
            widths = [theme.font(size, "bold").size(label)[0] + self.PAD
                      for _, label in self.choices]
            if sum(widths) <= room:
                break
        if sum(widths) > room:  # still too wide: less room around each label
            bare = [wd - self.PAD for wd in widths]
            pad = max(2, (room - sum(bare)) // len(bare))
            widths = [wd + pad for wd in bare]
        spare = max(0, room - sum(widths)) // max(1, len(widths))
        return [wd + spare for wd in widths], size

    def _segments(self) -> list[pygame.Rect]:
        top = self.rect.top + (22 if self.label else 0)
        h = self.rect.h - (22 if self.label else 0)
        out = []
        x = self.rect.left
        for wd in self._fit()[0]:
            out.append(pygame.Rect(x, top, wd, h))
            x += wd + self.GAP
        return out

    def draw(self, surf) -> None:
        if self.label:
            text.draw(surf, self.label, (*self.rect.topleft, self.rect.w, 22), 16, theme.TEXT,
                      "bold")
        size = self._fit()[1]
        for seg, (value, label) in zip(self._segments(), self.choices, strict=True):
            on = value == self.value
            pygame.draw.rect(surf, theme.BUTTON_PRIMARY if on else theme.BUTTON, seg,
                             border_radius=6)
            text.draw(surf, label, seg, size, (24, 18, 6) if on else theme.TEXT, "bold",
                      align="center", valign="middle", min_size=min(size, text.MIN_SIZE))
