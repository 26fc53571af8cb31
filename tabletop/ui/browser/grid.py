"""The card browser's grid: every shown card as its face, in rows that scroll (the mouse
wheel, the scroll bar, the keyboard), a mark on each card with a problem.

Faces are painted once each (:func:`tabletop.ui.cardart.face` keeps them) and only for
the rows in view: a frame paints new faces for a few milliseconds at most and shows the
card's back for the rest until a later frame (or the time between frames, :meth:`spare`)
has painted them, so a long list or a reload never holds up a frame.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from .. import cardart, text, theme
from ..bounded import make_room
from ..cardart import CardPainters
from ..menufocus import ENTER, draw_ring
from ..widgets import Widget
from .model import SHIPPED, Entry, pretty

#: how long a frame may spend painting new faces (seconds)
PAINT_BUDGET = 0.006
GAP = 14
BAR_W = 10


class CardGrid(Widget):
    """``on_open(index)`` opens the shown entry at ``index`` (a click, or Enter on the
    keyboard's card). ``face_of(entry)`` is the definition its face is painted from."""

    def __init__(self, rect, painters: CardPainters,
                 on_open: Callable[[int], None],
                 face_of: Callable[[Entry], object] | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.painters = painters
        self.on_open = on_open
        self.face_of = face_of or (lambda e: e.card)
        self.entries: list[Entry] = []
        self.offset = 0
        self.hover: int | None = None
        #: the keyboard's card (None until a key moves it)
        self.cursor: int | None = None
        self._pressed: int | None = None
        self._dragging: int | None = None  # the pointer's distance into the thumb
        #: seconds a frame may paint faces (None: every face in view at once: tests)
        self.paint_budget: float | None = PAINT_BUDGET
        self._broken: dict[tuple, pygame.Surface] = {}
        self.layout(self.rect)

    # -- geometry ------------------------------------------------------------------------
    def layout(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        width = 124 if self.rect.h >= 520 and self.rect.w >= 1000 else 108
        self.face = (width, width * 7 // 5)
        self.caption_h = theme.ui(18)
        room = self.rect.w - BAR_W - 6
        self.columns = max(1, (room + GAP) // (width + GAP))
        used = self.columns * (width + GAP) - GAP
        self.left = self.rect.left + (room - used) // 2
        self.row_h = self.face[1] + self.caption_h + GAP
        self.scroll(self.offset)

    def set_entries(self, entries: list[Entry]) -> None:
        """Show ``entries`` (the scroll and the keyboard's card stay where they can)."""
        self.entries = entries
        if self.cursor is not None:
            self.cursor = min(self.cursor, len(entries) - 1) if entries else None
        self.hover = None
        self.scroll(self.offset)

    def rows(self) -> int:
        return -(-len(self.entries) // self.columns)

    def content_height(self) -> int:
        return max(0, self.rows() * self.row_h - GAP)

    def max_offset(self) -> int:
        return max(0, self.content_height() - self.rect.h)

    def scroll(self, offset: int) -> None:
        self.offset = max(0, min(self.max_offset(), int(offset)))

    def tile(self, index: int) -> pygame.Rect:
        """Where entry ``index``'s face is drawn (window coordinates, scrolled)."""
        row, col = divmod(index, self.columns)
        return pygame.Rect(self.left + col * (self.face[0] + GAP),
                           self.rect.top + row * self.row_h - self.offset, *self.face)

    def visible(self, extra_rows: int = 0) -> range:
        """The indices of the entries in view (and ``extra_rows`` rows past it)."""
        first = self.offset // self.row_h
        last = (self.offset + self.rect.h) // self.row_h + extra_rows
        return range(first * self.columns, min(len(self.entries), (last + 1) * self.columns))

    def at(self, pos) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        for i in self.visible():
            if self.tile(i).collidepoint(pos):
                return i
        return None

    def bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """The scroll bar's track and thumb (None: everything fits)."""
        if not self.max_offset():
            return None
        track = pygame.Rect(self.rect.right - BAR_W, self.rect.top, BAR_W, self.rect.h)
        thumb_h = max(30, self.rect.h * self.rect.h // max(1, self.content_height()))
        y = track.top + (track.h - thumb_h) * self.offset // self.max_offset()
        return track, pygame.Rect(track.left, y, BAR_W, thumb_h)

    def _drag_to(self, y: int) -> None:
        track, thumb = self.bar() or (None, None)
        if track is None:
            return
        share = (y - self._dragging - track.top) / max(1, track.h - thumb.h)
        self.scroll(share * self.max_offset())

    # -- input ------------------------------------------------------------------------------
    def wheel(self, event) -> None:
        self.scroll(self.offset - event.y * self.row_h // 2)

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.at(event.pos)
            if self._dragging is not None:
                self._drag_to(event.pos[1])
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            bar = self.bar()
            if bar is not None and bar[0].inflate(8, 0).collidepoint(event.pos):
                track, thumb = bar
                if thumb.collidepoint(event.pos):
                    self._dragging = event.pos[1] - thumb.top
                else:  # a page towards the press
                    page = self.rect.h - self.row_h // 2
                    self.scroll(self.offset + (page if event.pos[1] > thumb.bottom else -page))
                return True
            self._pressed = self.at(event.pos)
            return self._pressed is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._dragging is not None:
                self._dragging = None
                return True
            pressed, self._pressed = self._pressed, None
            if pressed is not None and pressed == self.at(event.pos):
                self.cursor = pressed
                self.on_open(pressed)
                return True
        return False

    def focus_key(self, key: int, mod: int = 0) -> bool:
        """A key for the keyboard's card (the grid has the focus): the arrows move it,
        Page Up and Down a screenful, Home and End to the ends, Enter or Space opens it.
        False for any other key (Tab moves the focus on)."""
        if not self.entries:
            return False
        per_page = max(1, self.rect.h // self.row_h) * self.columns
        steps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -self.columns,
                 pygame.K_DOWN: self.columns, pygame.K_PAGEUP: -per_page,
                 pygame.K_PAGEDOWN: per_page, pygame.K_HOME: -len(self.entries),
                 pygame.K_END: len(self.entries)}
        if key in ENTER:
            if self.cursor is None:
                self.cursor = self._first_in_view()
            self.on_open(self.cursor)
            return True
        if key not in steps:
            return False
        if self.cursor is None:
            self.cursor = self._first_in_view()
        else:
            self.cursor = max(0, min(len(self.entries) - 1, self.cursor + steps[key]))
        self.show(self.cursor)
        return True

    def _first_in_view(self) -> int:
        return self.visible().start if self.visible() else 0

    def show(self, index: int) -> None:
        """Scroll so that entry ``index`` is in view."""
        top = (index // self.columns) * self.row_h
        if top < self.offset:
            self.scroll(top)
        elif top + self.row_h - GAP > self.offset + self.rect.h:
            self.scroll(top + self.row_h - GAP - self.rect.h)

    def focus_ring(self) -> pygame.Rect:
        """Where the keyboard's ring goes: round its card (the whole grid before a key
        chose one)."""
        if self.cursor is None or self.cursor >= len(self.entries):
            return self.rect
        return self.tile(self.cursor).clip(self.rect)

    # -- painting -------------------------------------------------------------------------
    def _painted(self, entry: Entry) -> bool:
        card = self.face_of(entry)
        if card is None:
            return True  # (drawn by the grid: cheap)
        return cardart.painted(card, self.painters, *self.face)

    def picture(self, entry: Entry, size: tuple[int, int] | None = None) -> pygame.Surface:
        """The face of ``entry`` at the grid's size or ``size`` (the large view's),
        painted now if it is not yet."""
        size = size or self.face
        card = self.face_of(entry)
        if card is None:
            return self._broken_face(entry, size)
        try:
            return cardart.face(card, self.painters, *size)
        except Exception:  # noqa: BLE001 - a card its painter cannot draw: drawn plainly
            plain = CardPainters(self.painters.game, {})
            return cardart.face(card, plain, *size)

    def _broken_face(self, entry: Entry, size: tuple[int, int]) -> pygame.Surface:
        key = (entry.key, entry.problems, size)
        surf = self._broken.get(key)
        if surf is None:
            w, h = size
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(surf, (40, 22, 26), surf.get_rect(), border_radius=8)
            pygame.draw.rect(surf, theme.BAD, surf.get_rect(), 2, border_radius=8)
            big = max(9, min(22, w // 9))  # (sizes grow with the card: the large view)
            top = max(8, w // 14)
            with theme.card_text():  # clear of the problem's badge on the right corner
                text.draw(surf, "Could not load", (8, top, w - 16 - 22, big + 4), big,
                          theme.BAD, "bold", min_size=8)
                top += big + 10
                text.draw(surf, entry.name, (8, top, w - 16, 2 * big + 6), big - 1,
                          theme.TEXT, "bold", wrap=True, min_size=8)
                top += 2 * big + 10
                text.draw(surf, entry.problems[0].message if entry.problems else "",
                          (8, top, w - 16, h - top - 8), max(8, min(16, w // 13)),
                          theme.MUTED, wrap=True, optional=True)
            make_room(self._broken, 200)
            self._broken[key] = surf
        return surf

    def paint_ahead(self, end: float) -> None:
        """Paint the faces in view and a row past it until ``end`` (perf_counter)."""
        for i in self.visible(extra_rows=1):
            if time.perf_counter() >= end:
                return
            if not self._painted(self.entries[i]):
                self.picture(self.entries[i])

    def draw(self, surf) -> None:
        started = time.perf_counter()
        clip = surf.get_clip()
        surf.set_clip(self.rect.clip(clip) if clip else self.rect)
        back = cardart.back(*self.face)
        painted_one = False
        for i in self.visible():
            entry = self.entries[i]
            box = self.tile(i)
            if self._painted(entry):
                face = self.picture(entry)
            elif self.paint_budget is None or not painted_one or \
                    time.perf_counter() - started < self.paint_budget:
                face = self.picture(entry)
                painted_one = True
            else:
                face = back  # painted by a later frame
            surf.blit(face, box)
            if i == self.hover:
                pygame.draw.rect(surf, theme.TEXT, box.inflate(4, 4), 2, border_radius=9)
            if entry.problems:
                self._mark(surf, box)
            self._caption(surf, entry, pygame.Rect(box.left, box.bottom + 2, box.w,
                                                   self.caption_h))
        surf.set_clip(clip)
        self._draw_bar(surf)

    @staticmethod
    def _mark(surf, box: pygame.Rect) -> None:
        """A card with a problem: a red outline and a "!" badge on its corner (the badge's
        shape says it where the colour cannot)."""
        pygame.draw.rect(surf, theme.BAD, box.inflate(6, 6), 3, border_radius=10)
        r = 12
        centre = (box.right - r + 2, box.top + r - 2)
        pygame.draw.circle(surf, (0, 0, 0), centre, r + 2)
        pygame.draw.circle(surf, theme.BAD, centre, r)
        text.draw(surf, "!", pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r), 16,
                  theme.TEXT, "bold", align="center", valign="middle")

    @staticmethod
    def _caption(surf, entry: Entry, box: pygame.Rect) -> None:
        if not entry.loaded:
            words = entry.source if entry.source != SHIPPED else "shipped file"
            text.draw(surf, words, box, 12, theme.BAD, "bold", align="center",
                      optional=True)
            return
        kind = pretty(entry.kind)
        full = f"{kind} \u00b7 {entry.source}" if entry.source != SHIPPED else kind
        if text.fits(full, box, 12, "regular", min_size=10):
            text.draw(surf, full, box, 12, theme.MUTED if entry.source == SHIPPED
                      else theme.ACCENT, align="center", min_size=10)
        else:
            text.draw(surf, kind, box, 12, theme.MUTED, align="center", min_size=10,
                      optional=True)

    def _draw_bar(self, surf) -> None:
        bar = self.bar()
        if bar is None:
            return
        track, thumb = bar
        pygame.draw.rect(surf, theme.PANEL, track, border_radius=4)
        pygame.draw.rect(surf, theme.BUTTON_HOVER if self._dragging is None else theme.ACCENT,
                         thumb, border_radius=4)

    def draw_cursor(self, surf) -> None:
        """The keyboard's ring round its card."""
        draw_ring(surf, self.focus_ring())
