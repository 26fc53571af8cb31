"""Text helpers: wrapping, fitting and cached rendering."""

from __future__ import annotations

import pygame

from . import theme

_cache: dict[tuple, pygame.Surface] = {}


def render(text: str, size: int, color=theme.TEXT, style: str = "regular") -> pygame.Surface:
    key = (text, size, color, style)
    surf = _cache.get(key)
    if surf is None:
        if len(_cache) > 4000:
            _cache.clear()
        surf = theme.font(size, style).render(text, True, color)
        _cache[key] = surf
    return surf


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` (cached)."""
    key = (text, id(font), width)
    found = _wraps.get(key)
    if found is None:
        if len(_wraps) > 8000:
            _wraps.clear()
        found = _wraps[key] = _wrap(text, font, width)
    return found


_wraps: dict[tuple, list[str]] = {}


def _wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = word if not line else line + " " + word
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit_size(text: str, width: int, size: int, style: str = "bold", minimum: int = 7) -> int:
    """The largest font size <= ``size`` at which ``text`` fits ``width``."""
    while size > minimum and theme.font(size, style).size(text)[0] > width:
        size -= 1
    return size


def blit_wrapped(surf: pygame.Surface, text: str, rect: pygame.Rect, size: int,
                 color=theme.TEXT, style: str = "regular", line_gap: float = 1.15,
                 center: bool = False, shrink: bool = True) -> int:
    """Draw wrapped text into ``rect`` (shrinking the font until it fits); returns the
    height used."""
    while True:
        f = theme.font(size, style)
        lines = wrap(text, f, rect.width)
        step = int(f.get_linesize() * line_gap * 0.85)
        if not shrink or len(lines) * step <= rect.height or size <= 7:
            break
        size -= 1
    y = rect.top
    for line in lines:
        if y + f.get_height() > rect.bottom + 2:
            break
        img = render(line, size, color, style)
        x = rect.centerx - img.get_width() // 2 if center else rect.left
        surf.blit(img, (x, y))
        y += step
    return y - rect.top
