"""Every text of the window is drawn here: fitted or wrapped into its box, never clipped.

:func:`draw` is the one way to put words on a surface: it shrinks a line until it fits
its box (or wraps a paragraph and shrinks it until the lines fit), and when even the
smallest readable size does not fit it draws what fits, ends it with an ellipsis and
*reports an overflow*. A test records every text drawn (:func:`recording`) while it
renders every card face, panel and table, and fails on any overflow or on labels that
overlap each other or hide under cards.

Text that only adds detail (a card's rules text on a thumbnail, read in full on the
zoomed card) is drawn with ``optional=True``: it is left out, not cut, when it cannot fit.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass

import pygame

from . import theme
from .bounded import make_room

#: the smallest font size a text is shrunk to (smaller is not readable)
MIN_SIZE = 7
ELLIPSIS = "\u2026"

_cache: dict[tuple, pygame.Surface] = {}


@dataclass
class Drawn:
    """One text as drawn: where it went (``rect``), the box it was given, on which
    surface and in which drawing pass, and whether it overflowed."""

    text: str
    rect: pygame.Rect
    box: pygame.Rect
    surface: int  # id() of the surface drawn on
    layer: str
    overflow: bool
    clip: pygame.Rect  # the part of the surface drawing could reach
    size: int = 0  # the font size it was drawn at
    asked: int = 0  # the size it was asked for (it shrinks to fit its box)
    lines: int = 1  # the lines it was drawn on
    optional: bool = False  # detail left out where it does not fit
    scale: float = 1.0  # the text size it was drawn at (the pixels: ``size * scale``)

    @property
    def visible(self) -> pygame.Rect:
        """The part of the text inside the surface's clip (a scrolled-out line: none)."""
        return self.rect.clip(self.clip)


_records: list[Drawn] | None = None
_layer = "text"


@contextlib.contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Record every text drawn inside the block (tests)."""
    global _records
    outer, _records = _records, []
    try:
        yield _records
    finally:
        _records = outer


@contextlib.contextmanager
def layer(name: str) -> Iterator[None]:
    """Tag the texts drawn inside the block (``under`` the cards, ``over`` them...)."""
    global _layer
    outer, _layer = _layer, name
    try:
        yield
    finally:
        _layer = outer


def _record(surf: pygame.Surface, s: str, rect: pygame.Rect, box: pygame.Rect,
            overflow: bool, size: int = 0, asked: int = 0, lines: int = 1,
            optional: bool = False) -> None:
    if _records is not None:
        _records.append(Drawn(s, pygame.Rect(rect), pygame.Rect(box), id(surf), _layer, overflow,
                               surf.get_clip(), size, asked, lines, optional, theme.factor()))


def render(s: str, size: int, color=theme.TEXT, style: str = "regular") -> pygame.Surface:
    """One line as a picture (cached). Draw with :func:`draw`, which fits it to a box;
    this is for measuring and for the few pictures made of a word (the window icon)."""
    key = (s, size, color, style, theme.factor())
    surf = _cache.get(key)
    if surf is None:
        make_room(_cache, 4000)
        surf = theme.font(size, style).render(s, True, color)
        _cache[key] = surf
    return surf


def wrap(s: str, font: pygame.font.Font, width: int) -> list[str]:
    """``s`` broken into lines no wider than ``width`` (cached); a word longer than the
    width stays whole on its own line (:func:`draw` then shrinks the size)."""
    key = (s, id(font), width)
    found = _wraps.get(key)
    if found is None:
        make_room(_wraps, 8000)
        found = _wraps[key] = _wrap(s, font, width)
    return found


_wraps: dict[tuple, list[str]] = {}


def _wrap(s: str, font: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = word if not line else line + " " + word
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def _hyphenate(lines: list[str], font: pygame.font.Font, width: int) -> list[str]:
    """``lines`` with every word wider than ``width`` broken over lines (``Counter-``,
    ``stroke``)."""
    out: list[str] = []
    for line in lines:
        while font.size(line)[0] > width and len(line) > 2:
            cut = len(line) - 1
            while cut > 1 and font.size(line[:cut] + "-")[0] > width:
                cut -= 1
            if len(line) - cut < 4:  # not a lone letter or two on the next line
                cut = min(cut, max(2, (len(line) + 1) // 2))
            head, line = line[:cut], line[cut:]
            out.append(head if head.endswith(" ") else head + "-")
        out.append(line)
    return [line.strip() for line in out]


def step_of(size: int, style: str = "regular", line_gap: float = 1.15) -> int:
    """The distance between two wrapped lines."""
    f = theme.font(size, style)
    return max(f.get_height(), int(f.get_linesize() * line_gap * 0.85))


def width_of(s: str, size: int, style: str = "regular") -> int:
    return theme.font(size, style).size(s)[0]


def fit_size(s: str, width: int, size: int, style: str = "bold",
             minimum: int = MIN_SIZE) -> int:
    """The largest font size <= ``size`` (and >= ``minimum``) at which ``s`` fits
    ``width`` on one line."""
    while size > minimum and theme.font(size, style).size(s)[0] > width:
        size -= 1
    return size


def designed_fit(s: str, width: int, size: int, style: str = "regular") -> int:
    """``size``, or smaller (as far as its designed size, at the player's text size) for
    ``s`` to fit ``width`` on one line: a short label keeps to one line at a bigger text
    size rather than wrap."""
    if theme.text_scale == 1.0:
        return size
    return fit_size(s, width, size, style, minimum=round(size / theme.text_scale))


def line_size(line: str, width: int, size: int = 14, style: str = "regular") -> int:
    """The text size of a line of a panel (the table's status box, the game's lines under
    it): ``size``, a short line (three words or fewer) shrunk, as far as its designed
    size, to stay on one line at a bigger text size."""
    if len(line.split()) > 3:
        return size
    return designed_fit(line, width, size, style)


def _layout_lines(s: str, box: pygame.Rect, size: int, style: str, wrap_: bool,
                  line_gap: float, minimum: int) -> tuple[int, list[str], bool]:
    """The size and lines at which ``s`` fits ``box`` (shrinking from ``size`` down to
    ``minimum``), and whether it fits at all (cached: a frame that draws the same words
    in a box of the same size measures nothing)."""
    key = (s, box.w, box.h, size, style, wrap_, line_gap, minimum, theme.factor())
    found = _layouts.get(key)
    if found is None:
        make_room(_layouts, 8000)
        found = _layouts[key] = _measure_lines(s, box, size, style, wrap_, line_gap, minimum)
    return found


_layouts: dict[tuple, tuple[int, list[str], bool]] = {}


def _measure_lines(s: str, box: pygame.Rect, size: int, style: str, wrap_: bool,
                   line_gap: float, minimum: int) -> tuple[int, list[str], bool]:
    size = max(minimum, size)
    while True:
        f = theme.font(size, style)
        if wrap_:
            lines = wrap(s, f, box.w)
            fits = len(lines) * step_of(size, style, line_gap) - \
                (step_of(size, style, line_gap) - f.get_height()) <= box.h + 1 and \
                all(f.size(line)[0] <= box.w for line in lines)
        else:
            lines = [s]
            fits = f.size(s)[0] <= box.w and f.get_height() <= box.h + max(2, size // 4)
        if fits:
            return size, lines, fits
        if size <= minimum:
            if wrap_:  # a last resort: a word longer than the box is broken, hyphenated
                lines = _hyphenate(lines, f, box.w)
                fits = len(lines) * step_of(size, style, line_gap) - \
                    (step_of(size, style, line_gap) - f.get_height()) <= box.h + 1
            return size, lines, fits
        size -= 1


def fits(s: str, box, size: int, style: str = "regular", wrap: bool = False,
         line_gap: float = 1.15, min_size: int = MIN_SIZE) -> bool:
    """Would :func:`draw` fit ``s`` in ``box`` without overflow?"""
    return _layout_lines(s, pygame.Rect(box), size, style, wrap, line_gap, min_size)[2]


def _cut(s: str, font: pygame.font.Font, width: int) -> str:
    """The longest start of ``s`` that fits ``width`` with an ellipsis."""
    if font.size(s)[0] <= width:
        return s
    lo, hi = 0, len(s)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if font.size(s[:mid].rstrip() + ELLIPSIS)[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return s[:lo].rstrip() + ELLIPSIS


def draw(surf: pygame.Surface, s: str, box, size: int, color=theme.TEXT,
         style: str = "regular", align: str = "left", valign: str = "top",
         wrap: bool = False, line_gap: float = 1.15, min_size: int = MIN_SIZE,
         optional: bool = False, shadow=None) -> pygame.Rect | None:
    """Draw ``s`` inside ``box`` at ``size`` or smaller: one line (``wrap=False``) or
    wrapped lines; ``align`` left/center/right, ``valign`` top/middle/bottom. Returns the
    rectangle used (None when an ``optional`` text did not fit and was left out).

    When ``s`` does not fit at ``min_size`` it is drawn cut with an ellipsis and the
    overflow is recorded; an ``optional`` text is left out instead."""
    found = _draw(surf, s, pygame.Rect(box), size, color, style, align, valign, wrap,
                  line_gap, min_size, optional, shadow)
    return None if found is None else found[0]


def _draw(surf, s, box, size, color, style, align, valign, wrap_, line_gap, min_size,
          optional, shadow) -> tuple[pygame.Rect, int] | None:
    """:func:`draw`; also returns the height from the first line to where a next line
    would go. Where each line goes is worked out once per text, box and look (cached:
    a redraw of the same words in the same place only blits)."""
    if not s:
        return pygame.Rect(box.left, box.top, 0, 0), 0
    key = (s, box.x, box.y, box.w, box.h, size, tuple(color), style, align, valign, wrap_,
           line_gap, min_size, optional, None if shadow is None else tuple(shadow),
           theme.factor())
    placed = _placed.get(key)
    if placed is None:
        make_room(_placed, 6000)
        placed = _placed[key] = _place(s, box, size, color, style, align, valign, wrap_,
                                       line_gap, min_size, optional, shadow)
    if placed is None:
        return None
    blits, used, height, ok, drawn_size, lines = placed
    for img, pos in blits:
        surf.blit(img, pos)
    if _records is not None:
        _record(surf, s, used, box, not ok, drawn_size, size, lines, optional)
    return pygame.Rect(used), height


_placed: dict[tuple, tuple | None] = {}


def _place(s, box, size, color, style, align, valign, wrap_, line_gap, min_size, optional,
           shadow) -> tuple[list, pygame.Rect, int, bool, int, int] | None:
    """The pictures of ``s`` drawn in ``box`` and where each goes, the rectangle used,
    the height to a next line, whether it fits, the size and the number of lines (None:
    an optional text that does not fit)."""
    size, lines, ok = _layout_lines(s, box, size, style, wrap_, line_gap, min_size)
    if not ok and optional:
        return None
    f = theme.font(size, style)
    step = step_of(size, style, line_gap) if wrap_ else f.get_height()
    if not ok:
        lines = list(lines)  # the cached list stays as measured
        room = max(1, (box.h - f.get_height()) // step + 1) if wrap_ else 1
        if len(lines) > room:
            lines = lines[:room]
            lines[-1] = lines[-1] + ELLIPSIS
        lines = [_cut(line, f, box.w) for line in lines]
    height = (len(lines) - 1) * step + f.get_height()
    y = box.top
    if valign == "middle":
        y = box.centery - height // 2
    elif valign == "bottom":
        y = box.bottom - height
    used = None
    blits = []
    for line in lines:
        img = render(line, size, color, style)
        if align == "center":
            x = box.centerx - img.get_width() // 2
        elif align == "right":
            x = box.right - img.get_width()
        else:
            x = box.left
        if shadow is not None:
            dark = render(line, size, shadow, style)
            blits.extend((dark, (x + dx, y + dy)) for dx, dy in ((-1, 0), (1, 0), (0, -1),
                                                                 (0, 1)))
        blits.append((img, (x, y)))
        rect = pygame.Rect(x, y, img.get_width(), f.get_height())
        used = rect if used is None else used.union(rect)
        y += step
    return blits, used, len(lines) * step, ok, size, len(lines)


def blit_wrapped(surf: pygame.Surface, s: str, rect: pygame.Rect, size: int,
                 color=theme.TEXT, style: str = "regular", line_gap: float = 1.15,
                 center: bool = False, shrink: bool = True, optional: bool = False) -> int:
    """Wrapped text in ``rect`` (see :func:`draw`); returns the height used, to the
    top of where a next line would go. ``shrink=False`` keeps the size and lets the box
    grow downwards (the caller made room for it: the side panel measures its lines
    first with :func:`height_of`)."""
    rect = pygame.Rect(rect)
    if not shrink:
        rect.h = max(rect.h, height_of(s, rect.w, size, style, line_gap))
    found = _draw(surf, s, rect, size, color, style, "center" if center else "left",
                  "top", True, line_gap, MIN_SIZE, optional, None)
    if found is None or not found[0].h:
        return 0
    return found[1]


def tail(s: str, size: int, width: int, style: str = "regular") -> str:
    """The end of ``s`` that fits ``width`` (a text box shows what is being typed)."""
    f = theme.font(size, style)
    while s and f.size(s)[0] > width:
        s = s[1:]
    return s


def height_of(s: str, width: int, size: int, style: str = "regular",
              line_gap: float = 1.15) -> int:
    """The height :func:`blit_wrapped` with ``shrink=False`` takes for ``s``."""
    lines = wrap(s, theme.font(size, style), width)
    return len(lines) * step_of(size, style, line_gap)
