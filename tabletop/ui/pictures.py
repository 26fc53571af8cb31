"""Translucent boxes (zones, glows, shades, ribbons) made once per size and colours.

A table draws the same few boxes again and again (every zone at every redraw, a glow
around every playable card); :func:`box` paints each once onto a transparent picture
and hands back the same picture while its size and colours stay the same. The
picture is exactly what painting it afresh gives: a cache keyed by all it shows cannot
go stale. Never change a picture it returns (copy it first)."""

from __future__ import annotations

import pygame

from .bounded import make_room

_boxes: dict[tuple, pygame.Surface] = {}
LIMIT = 400


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
