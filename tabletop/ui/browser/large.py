"""One card of the card browser, large, over the grid: its face, its name, kind and
source, the file and line it is defined at, its problems, its texts and its lines as the
file has them.
Left and Right (or Previous and Next) go through the cards the grid shows; Esc closes.
It follows hot reload as the grid does (the card is found again by its id)."""

from __future__ import annotations

import pygame

from .. import text, theme
from ..app import Scene
from ..menuscene import draw_focus, keys_after, keys_before
from ..screens import middle_cut
from ..widgets import Button, panel
from . import model
from .model import Entry


def end_cut(s: str, size: int, width: int) -> str:
    """``s`` cut at its end (an ellipsis) where it is wider than ``width``."""
    if text.width_of(s, size) <= width:
        return s
    lo, hi = 0, len(s)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text.width_of(s[:mid] + text.ELLIPSIS, size) <= width:
            lo = mid
        else:
            hi = mid - 1
    return s[:lo] + text.ELLIPSIS


class CardView(Scene):
    """``browser``'s entry ``key`` shown large (see the module docstring)."""

    transparent = True

    def __init__(self, browser, key: str) -> None:
        self.browser = browser
        self.key = key
        self._written: tuple = (None, [])

    @property
    def entry(self) -> Entry | None:
        return next((e for e in self.browser.shown if e.key == self.key), None) or \
            next((e for e in self.browser.all if e.key == self.key), None)

    def layout(self, size) -> None:
        w, h = size
        self.rect = pygame.Rect(24, 20, w - 48, h - 40)
        bh = theme.ui(44)
        by = self.rect.bottom - 16 - bh
        bw = theme.ui(150)
        right = self.rect.right - 20
        self.close = Button((right - bw, by, bw, bh), "Close", self.app.pop, size=16)
        self.next = Button((right - 2 * bw - 10, by, bw, bh), "Next \u25b6",
                           lambda: self.step(1), size=16)
        self.prev = Button((right - 3 * bw - 20, by, bw, bh), "\u25c0 Previous",
                           lambda: self.step(-1), size=16)
        face_h = min(by - self.rect.top - 36, int((self.rect.w * 0.4) * 7 / 5))
        self.face_rect = pygame.Rect(self.rect.left + 24, self.rect.top + 20,
                                     face_h * 5 // 7, face_h)

    def controls(self) -> list:
        return [self.prev, self.next, self.close]

    def step(self, by: int) -> None:
        """The previous or next card of those the grid shows."""
        keys = [e.key for e in self.browser.shown]
        if not keys:
            return
        at = keys.index(self.key) if self.key in keys else 0
        self.key = keys[(at + by) % len(keys)]
        grid = self.browser.grid
        if grid is not None:
            grid.cursor = keys.index(self.key)
            grid.show(grid.cursor)

    def update(self, dt: float) -> None:
        self.browser.poll()

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(-1 if event.key == pygame.K_LEFT else 1)
            return
        if keys_before(self, event):
            return
        for widget in self.controls():
            if widget.handle(event):
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                not self.rect.collidepoint(event.pos):
            self.app.pop()  # a click beside the card closes it
            return
        if keys_after(self, event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surf) -> None:
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surf.blit(shade, (0, 0))
        panel(surf, self.rect, theme.PANEL, 250, theme.ACCENT, 12)
        entry = self.entry
        for b in self.controls():
            b.draw(surf)
        if entry is None:
            text.draw(surf, "This card is no longer in the set (its file changed).",
                      self.rect.inflate(-60, -200), 18, theme.MUTED, align="center",
                      valign="middle", wrap=True)
            draw_focus(self, surf)
            return
        self._face(surf, entry)
        x = self.face_rect.right + 28
        column = pygame.Rect(x, self.face_rect.top, self.rect.right - 24 - x,
                             self.close.rect.top - 12 - self.face_rect.top)
        self._words(surf, entry, column)
        keys = [e.key for e in self.browser.shown]
        if self.key in keys:
            text.draw(surf, f"{keys.index(self.key) + 1} of {len(keys)}",
                      (self.face_rect.left, self.prev.rect.top,
                       max(0, self.prev.rect.left - 12 - self.face_rect.left),
                       self.prev.rect.h),
                      15, theme.MUTED, valign="middle", optional=True)
        draw_focus(self, surf)

    def _face(self, surf, entry: Entry) -> None:
        picture = self.browser.grid.picture(entry, self.face_rect.size)
        surf.blit(picture, self.face_rect)
        if entry.problems:
            pygame.draw.rect(surf, theme.BAD, self.face_rect.inflate(8, 8), 3,
                             border_radius=12)

    def _words(self, surf, entry: Entry, box: pygame.Rect) -> None:
        u = theme.ui
        y = box.top
        bottom = box.bottom
        text.draw(surf, entry.name, (box.left, y, box.w, u(34)), 26, theme.ACCENT, "bold",
                  min_size=14)
        y += u(38)
        label, _ = model.facet_of(self.browser.game_id)
        if entry.loaded:
            facts = [model.pretty(entry.kind)]
            if entry.types:
                facts.append(f"{label}: {', '.join(model.pretty(t) for t in entry.types)}")
            facts.append("shipped card" if entry.source == model.SHIPPED else
                         f"mod: {entry.source}")
        else:
            facts = ["Could not load", "shipped file" if entry.source == model.SHIPPED
                     else f"mod: {entry.source}"]
        text.draw(surf, " \u00b7 ".join(facts), (box.left, y, box.w, u(22)), 16,
                  theme.TEXT, "bold", min_size=11)
        y += u(26)
        where = middle_cut(f"{entry.file}:{entry.line}", 14, box.w - u(80))
        text.draw(surf, "Defined at", (box.left, y, u(78), u(20)), 14, theme.MUTED)
        text.draw(surf, where, (box.left + u(80), y, box.w - u(80), u(20)), 14, theme.TEXT)
        y += u(30)
        if entry.problems:
            text.draw(surf, "Problems", (box.left, y, box.w, u(22)), 17, theme.BAD, "bold")
            y += u(24)
            for error in entry.problems[:6]:
                y += text.blit_wrapped(surf, str(error), pygame.Rect(box.left, y, box.w,
                                                                     max(0, bottom - y)),
                                       14, theme.TEXT) + 4
            y += 8
        card = entry.card
        if card is not None and card.text and y < bottom:
            y += text.blit_wrapped(surf, card.text, pygame.Rect(box.left, y, box.w,
                                                                max(0, bottom - y)),
                                   16, theme.TEXT) + 8
        if card is not None and card.get("flavor") and y < bottom:
            y += text.blit_wrapped(surf, card["flavor"], pygame.Rect(
                box.left, y, box.w, max(0, bottom - y)), 14, theme.MUTED, "italic") + 8
        lines = self.written(entry)
        if lines and y + u(44) < bottom:
            text.draw(surf, "As written", (box.left, y, box.w, u(22)), 15, theme.ACCENT,
                      "bold")
            y += u(24)
            step = u(18)
            for line in lines:
                if y + step > bottom:
                    break
                shown = "\u00a0" * (len(line) - len(line.lstrip(" "))) + line.lstrip(" ")
                text.draw(surf, end_cut(shown, 13, box.w), (box.left, y, box.w, step), 13,
                          theme.TEXT)
                y += step

    def written(self, entry: Entry) -> list[str]:
        """The card's lines in its file (read once a card: :func:`model.written`)."""
        if entry.card is None:
            return []
        key = (entry.key, entry.file, entry.line, id(entry.card))
        if self._written[0] != key:
            self._written = (key, model.written(entry.file, entry.line))
        return self._written[1]
