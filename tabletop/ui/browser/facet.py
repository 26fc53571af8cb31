"""A filter of the card browser: one value of many between two arrows, under its label.

It is a :class:`~tabletop.ui.widgets.Choice` to the keyboard (:mod:`..menufocus`: Left
and Right step through the values, Enter takes the next), drawn compactly: a game with
fifteen kinds of card has no room for fifteen segments.
"""

from __future__ import annotations

import pygame

from .. import text, theme
from ..widgets import Choice


class Facet(Choice):
    """``choices``: (value, label) pairs; a click on the left arrow steps back, anywhere
    else on the row forward."""

    #: is a value other than the first (a filter in force) outlined?
    outline = True

    def _row(self) -> pygame.Rect:
        head = theme.ui(22) if self.label else 0
        return pygame.Rect(self.rect.left, self.rect.top + head, self.rect.w,
                           self.rect.h - head)

    def arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        row = self._row()
        side = min(theme.ui(30), row.w // 4)
        return (pygame.Rect(row.left, row.top, side, row.h),
                pygame.Rect(row.right - side, row.top, side, row.h))

    def step(self, by: int) -> None:
        values = [v for v, _ in self.choices]
        if not values:
            return
        at = values.index(self.value) if self.value in values else 0
        self.value = values[(at + by) % len(values)]
        if self.on_change:
            self.on_change(self.value)

    def handle(self, event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                self._row().collidepoint(event.pos):
            self.step(-1 if self.arrows()[0].collidepoint(event.pos) else 1)
            return True
        return event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos)

    def label_of(self, value) -> str:
        return next((name for v, name in self.choices if v == value), "")

    def draw(self, surf) -> None:
        if self.label:
            text.draw(surf, self.label, (*self.rect.topleft, self.rect.w, theme.ui(20)), 14,
                      theme.MUTED, "bold")
        row = self._row()
        on = self.outline and self.value is not None and self.value is not False
        if not self.enabled:  # fixed (the deck builder's browser): no arrows, no button
            pygame.draw.rect(surf, theme.PANEL_LINE, row, 1, border_radius=6)
            text.draw(surf, self.label_of(self.value), row.inflate(-16, 0), 14, theme.TEXT,
                      "bold", align="center", valign="middle", min_size=10)
            return
        pygame.draw.rect(surf, theme.BUTTON, row, border_radius=6)
        if on:  # a filter in force is outlined
            pygame.draw.rect(surf, theme.ACCENT, row, 2, border_radius=6)
        for box, glyph in zip(self.arrows(), ("\u25c0", "\u25b6"), strict=True):
            pygame.draw.rect(surf, theme.BUTTON_HOVER, box.inflate(-4, -4), border_radius=5)
            text.draw(surf, glyph, box, 12, theme.TEXT, "bold", align="center",
                      valign="middle")
        left, right = self.arrows()
        middle = pygame.Rect(left.right + 4, row.top, right.left - left.right - 8, row.h)
        text.draw(surf, self.label_of(self.value), middle, 14,
                  theme.ACCENT if on else theme.TEXT, "bold", align="center",
                  valign="middle", min_size=10)
