"""The slider over a replay's moves: click or drag along it to jump to a move."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import text, theme

#: the height of the line of words above the track
LABEL_H = 18
#: the track's height and the knob's radius
TRACK_H = 8
KNOB = 9


class MoveSlider:
    """A track from the set-up (0) to the last move (``count``); the knob at ``value``.
    A press on the track jumps there and drags the knob while the button is held;
    ``on_jump(index)`` is told each new position."""

    def __init__(self, rect, count: int, on_jump: Callable[[int], None]) -> None:
        self.rect = pygame.Rect(rect)
        self.count = count
        self.value = count
        self.on_jump = on_jump
        self.dragging = False

    @property
    def track(self) -> pygame.Rect:
        """The track itself (the knob's centre runs along it)."""
        r = self.rect
        return pygame.Rect(r.left + KNOB, r.top + theme.ui(LABEL_H) + KNOB - TRACK_H // 2,
                           max(1, r.w - 2 * KNOB), TRACK_H)

    def x_of(self, index: int) -> int:
        """Where the knob's centre is for the position after ``index`` moves."""
        t = self.track
        return t.left + (t.w * index // self.count if self.count else 0)

    def index_at(self, x: int) -> int:
        """The position nearest the point ``x`` along the track."""
        t = self.track
        if not self.count:
            return 0
        return max(0, min(self.count, round((x - t.left) * self.count / t.w)))

    def hit_rect(self) -> pygame.Rect:
        """Where a press takes the slider: the track and the knob's height about it."""
        t = self.track
        return pygame.Rect(self.rect.left, t.centery - KNOB - 4, self.rect.w, 2 * KNOB + 8)

    def handle(self, event) -> bool:
        """A press on the track, the drag after it and its release; True when taken."""
        kind = event.type
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.hit_rect().collidepoint(event.pos):
            self.dragging = True
            self._jump(event.pos[0])
            return True
        if kind == pygame.MOUSEMOTION and self.dragging:
            self._jump(event.pos[0])
            return True
        if kind == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            self._jump(event.pos[0])
            return True
        return False

    def _jump(self, x: int) -> None:
        index = self.index_at(x)
        if index != self.value:
            self.value = index
            self.on_jump(index)

    def draw(self, surf: pygame.Surface, words: str) -> None:
        """The words above (``Move 12 of 80``), the track, its part played, the knob."""
        r, t = self.rect, self.track
        pygame.draw.rect(surf, theme.PANEL, r.inflate(4, 4), border_radius=6)
        text.draw(surf, words, (r.left + 2, r.top, r.w - 4, theme.ui(LABEL_H)), 13, theme.TEXT,
                  "bold")
        pygame.draw.rect(surf, theme.PANEL_LINE, t, border_radius=TRACK_H // 2)
        x = self.x_of(self.value)
        pygame.draw.rect(surf, theme.ACCENT, (t.left, t.top, x - t.left, t.h),
                         border_radius=TRACK_H // 2)
        pygame.draw.circle(surf, theme.ACCENT if not self.dragging else theme.TEXT,
                           (x, t.centery), KNOB)
        pygame.draw.circle(surf, theme.PANEL, (x, t.centery), KNOB - 3)
