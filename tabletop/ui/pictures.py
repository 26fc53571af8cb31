"""Translucent boxes (zones, glows, shades, ribbons) made once per size and colours.

A table draws the same few boxes again and again (every zone at every redraw, a glow
around every playable card); :func:`box` paints each once onto a transparent picture
and hands back the same picture while its size and colours stay the same. The
picture is exactly what painting it afresh gives: a cache keyed by all it shows cannot
go stale. Never change a picture it returns (copy it first)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from . import text, theme
from .bounded import make_room

_boxes: dict[tuple, pygame.Surface] = {}
LIMIT = 400
_kept: dict[tuple, pygame.Surface] = {}


def box(size: tuple[int, int], fill=None, line=None, width: int = 1,
        radius: int = 0) -> pygame.Surface:
    """A transparent ``size`` picture holding a rounded rectangle: ``fill`` (RGBA) inside,
    ``line`` (RGBA) ``width`` pixels round its edge; either may be None."""
    key = (tuple(size), _rgba(fill), _rgba(line), width, radius)
    found = _boxes.get(key)
    if found is None:
        make_room(_boxes, LIMIT)
        found = pygame.Surface(key[0], pygame.SRCALPHA)
        rect = found.get_rect()
        if fill is not None:
            if radius:
                pygame.draw.rect(found, fill, rect, border_radius=radius)
            else:
                found.fill(fill)
        if line is not None:
            pygame.draw.rect(found, line, rect, width, border_radius=radius)
        _boxes[key] = found
    return found


def _rgba(color) -> tuple | None:
    return None if color is None else tuple(color)


def kept(key: tuple, size: tuple[int, int],
         paint: Callable[[pygame.Surface], None]) -> pygame.Surface:
    """A transparent ``size`` picture painted once by ``paint`` and kept for ``key``,
    which must hold all the painting shows (a card's caption, its words and sizes...):
    drawn every frame over a gliding card, a caption costs one blit instead of its
    shapes and words. It is what painting in place gives where the shapes are opaque
    and what is blended over them lies within them (words on a bar): blended over
    nothing, a translucent pixel would come out darker."""
    full = (key, tuple(size), theme.factor())
    found = _kept.get(full)
    if found is None:
        make_room(_kept, LIMIT)
        found = pygame.Surface(size, pygame.SRCALPHA)
        paint(found)
        _kept[full] = found
    return found


def label(size: tuple[int, int], words: str, bg, fg, text_size: int, inset: int,
          radius: int | None = None, min_size: int = text.MIN_SIZE) -> pygame.Surface:
    """A rounded label ``size`` big (its corners half its height unless ``radius``):
    ``words`` centred on ``bg``, ``inset`` pixels in from its sides; kept (see
    :func:`kept`). The tags, pills and strips the games draw over their cards."""
    def paint(img: pygame.Surface) -> None:
        box = img.get_rect()
        pygame.draw.rect(img, bg, box, border_radius=box.h // 2 if radius is None else radius)
        text.draw(img, words, box.inflate(-inset, 0), text_size, fg, "condbold",
                  align="center", valign="middle", min_size=min_size)

    return kept(("label", words, tuple(bg), tuple(fg), text_size, inset, radius, min_size),
                size, paint)


def tag(words: str, bg, fg, text_size: int, pad_w: int, pad_h: int, inset: int,
        max_w: int | None = None, min_size: int = text.MIN_SIZE) -> pygame.Surface:
    """A :func:`label` fitted to ``words``: as wide as they are plus ``pad_w`` (at most
    ``max_w``), as high as a line plus ``pad_h``. The small tags over the games' cards."""
    w = text.width_of(words, text_size, "condbold") + pad_w
    if max_w is not None:
        w = min(max_w, w)
    size = (w, text.step_of(text_size, "condbold") + pad_h)
    return label(size, words, bg, fg, text_size, inset, min_size=min_size)


def forget() -> None:
    """Drop every kept picture (a test that records what is drawn paints them anew)."""
    _boxes.clear()
    _kept.clear()
