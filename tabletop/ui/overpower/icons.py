"""OverPower's four power types as colours, letters and small pictures (drawn in code):
Energy a bolt (yellow), Fighting a fist (red), Strength a kettlebell (green), Intellect
an eye (blue). Types always carry their letter as well as their colour."""

from __future__ import annotations

import pygame

from ...games.overpower.common import LETTERS, TYPES
from .. import palette, text
from ..bounded import make_room
from ..cardart import bolt, shade, star

TYPE_COLORS = ((236, 196, 44), (214, 70, 58), (74, 170, 84), (70, 128, 220))
palette.swatch(globals(), "TYPE_COLORS", ((240, 228, 66), (150, 60, 30), (0, 158, 115),
                                          (60, 80, 170)), "OverPower power types")
ANY_COLOR = (150, 150, 160)
INK = (16, 18, 24)


def color_of(t: int) -> tuple[int, int, int]:
    return TYPE_COLORS[t] if 0 <= t < 4 else ANY_COLOR


def type_icon(surf, t: int, rect: pygame.Rect, color=None) -> None:
    """The picture of type ``t`` (-1: a star, no type) inside ``rect``."""
    color = color or shade(color_of(t), 1.25)
    x, y, w, h = rect
    cx, cy = rect.center
    r = min(w, h) / 2
    if t == 0:
        bolt(surf, rect.inflate(-w * 0.3, -h * 0.12), color)
    elif t == 1:
        fist = pygame.Rect(0, 0, int(r * 1.3), int(r * 0.95))
        fist.center = (cx, int(cy - r * 0.1))
        pygame.draw.rect(surf, color, fist, border_radius=max(1, int(r / 5)))
        for i in range(1, 4):
            fx = fist.left + fist.w * i / 4
            pygame.draw.line(surf, INK, (fx, fist.top), (fx, fist.top + fist.h * 0.45),
                             max(1, int(r / 8)))
        pygame.draw.rect(surf, color, (cx - r * 0.45, fist.bottom - 1, r * 0.9, r * 0.45))
    elif t == 2:
        pygame.draw.circle(surf, color, (cx, int(cy + r * 0.2)), int(r * 0.62))
        handle = pygame.Rect(0, 0, int(r * 0.95), int(r * 0.8))
        handle.midbottom = (cx, int(cy - r * 0.15))
        pygame.draw.ellipse(surf, color, handle, max(2, int(r / 4)))
    elif t == 3:
        pygame.draw.ellipse(surf, color, (cx - r * 0.9, cy - r * 0.5, r * 1.8, r))
        pygame.draw.circle(surf, INK, (cx, cy), max(2, int(r * 0.34)))
        pygame.draw.circle(surf, color, (cx, cy), max(1, int(r * 0.14)))
    else:
        star(surf, (cx, cy), int(r * 0.9), color, 5)


#: small pictures drawn once: (what, size, ...) -> surface
_cache: dict[tuple, pygame.Surface] = {}


def letter_chip(surf, t: int, center, size: int, filled: bool = True) -> pygame.Rect:
    """A round chip with the type's letter (an outline when not ``filled``)."""
    r = max(4, size // 2)
    key = ("chip", t, r, filled)
    img = _cache.get(key)
    if img is None:
        img = _cache[key] = pygame.Surface((2 * r + 1, 2 * r + 1), pygame.SRCALPHA)
        _letter_chip(img, t, (r, r), r, filled)
    box = img.get_rect(center=center)
    surf.blit(img, box)
    return box


def _letter_chip(surf, t: int, center, r: int, filled: bool) -> None:
    color = color_of(t)
    if filled:
        pygame.draw.circle(surf, color, center, r)
        ink = INK
    else:
        pygame.draw.circle(surf, (40, 44, 52), center, r)
        pygame.draw.circle(surf, shade(color, 0.8), center, r, max(1, r // 5))
        ink = shade(color, 0.9)
    letter = LETTERS[t] if 0 <= t < 4 else "*"
    box = pygame.Rect(0, 0, 2 * r, 2 * r)
    box.center = center
    text.draw(surf, letter, box, max(7, int(r * 1.25)), ink, "condbold", align="center",
              valign="middle", min_size=6)


def hit_chip(surf, rect: pygame.Rect, types: tuple, value: int, muted: bool = False) -> None:
    """A hit: its type colour(s) and printed value (``muted``: the Permanent Record)."""
    key = ("hit", rect.size, types, value, muted)
    img = _cache.get(key)
    if img is None:
        make_room(_cache, 2000)
        img = _cache[key] = pygame.Surface(rect.size, pygame.SRCALPHA)
        _hit_chip(img, img.get_rect(), types, value, muted)
    surf.blit(img, rect)


def _hit_chip(surf, rect: pygame.Rect, types: tuple, value: int, muted: bool) -> None:
    colors = [color_of(t) for t in types] or [ANY_COLOR]
    if muted:
        colors = [shade(c, 0.45) for c in colors]
    band = rect.w / len(colors)
    radius = max(2, rect.h // 4)
    clip = surf.get_clip()
    surf.set_clip(rect.clip(clip) if clip else rect)
    for i, c in enumerate(colors):
        pygame.draw.rect(surf, c, (rect.left + int(i * band), rect.top,
                                   int(band) + 1, rect.h))
    surf.set_clip(clip)
    pygame.draw.rect(surf, (230, 232, 236) if not muted else (90, 94, 100), rect, 1,
                     border_radius=radius)
    label = str(value)
    if len(types) == 1:
        label = LETTERS[types[0]] + label
    text.draw(surf, label, rect.inflate(-2, 0), int(rect.h * 0.8),
              INK if not muted else (200, 202, 206), "condbold", align="center",
              valign="middle", min_size=6)


def type_name(t: int) -> str:
    return TYPES[t].capitalize() if 0 <= t < 4 else "Any"
