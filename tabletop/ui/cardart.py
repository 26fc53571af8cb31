"""Card faces and backs, drawn in code (original art), cached per card and size.

Each game has a *painter* per card kind (:class:`CardPainters`, in its
``ui/<game>/cards.py``, handed to the table through the game's kit, :mod:`.kits`); a
painter draws the face of a :class:`~tabletop.engine.cards.CardDef` onto a surface of
the requested size, and :func:`face` keeps the pictures.
Shared pieces live here: frames, the generated portrait, icons and the card back.
A card with an ``art:`` image file gets that picture instead of the generated portrait.
"""

from __future__ import annotations

import contextlib
import io
import math
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from ..engine.cards import CardDef
from ..engine.loader import MAX_ART_BYTES, MAX_ART_SIDE
from ..engine.safe_open import read_regular
from . import figures, text, theme
from .bounded import make_room

Painter = Callable[[pygame.Surface, CardDef], None]

_faces: dict[tuple, Any] = {}  # pictures (and, turned, with what they were turned from)
_images: dict[str, pygame.Surface | None] = {}


@dataclass(frozen=True)
class CardPainters:
    """How a game's cards are drawn: a painter per card kind (a kind without one is
    drawn plainly, :func:`paint_generic`)."""

    game: str
    by_kind: Mapping[str, Painter]

    def painter(self, kind: str) -> Painter:
        return self.by_kind.get(kind, paint_generic)


def face(card: CardDef, painters: CardPainters, w: int, h: int) -> pygame.Surface:
    """The face of ``card`` at ``w`` x ``h``, drawn by its game's painter once and kept."""
    key = (painters.game, card.id, id(card), w, h)
    surf = _used(key)
    if surf is None:
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        with theme.card_text():  # a face's words scale with its card, not the text size
            painters.painter(card.kind)(surf, card)
        _keep(key, surf)
    return surf


def _used(key: tuple) -> pygame.Surface | None:
    """The picture kept under ``key``, moved to the end of the cache: the pictures on the
    table are the last it drops (one dropped and painted again would be a new picture, and
    a card gliding from it would be scaled in a frame: :mod:`tabletop.ui.table.scaled`)."""
    surf = _faces.pop(key, None)
    if surf is not None:
        _faces[key] = surf
    return surf


def _keep(key: tuple, surf: pygame.Surface) -> None:
    make_room(_faces, 1500)
    _faces[key] = surf


def painted(card: CardDef, painters: CardPainters, w: int, h: int) -> bool:
    """Is the face of ``card`` at ``w`` x ``h`` painted already (kept: :func:`face`
    returns it at once)?"""
    return (painters.game, card.id, id(card), w, h) in _faces


def forget() -> None:
    """Drop every cached face and picture (card data or art files changed)."""
    _faces.clear()
    _images.clear()


def rotated(surf: pygame.Surface, angle: int) -> pygame.Surface:
    """``surf`` turned by ``angle`` degrees (kept with it: a picture painted anew after
    ``surf`` was dropped is not taken for it, though it may have its ``id``)."""
    key = ("rot", id(surf), angle)
    kept = _used(key)
    if kept is not None and kept[0] is surf:
        return kept[1]
    out = pygame.transform.rotate(surf, angle)
    _keep(key, (surf, out))
    return out


def back(w: int, h: int) -> pygame.Surface:
    key = ("back", w, h)
    surf = _used(key)
    if surf is None:
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        paint_back(surf)
        _keep(key, surf)
    return surf


# -- shared drawing pieces ---------------------------------------------------------------

def seed_of(card_id: str) -> int:
    return zlib.crc32(card_id.encode())


def shade(color, factor: float) -> tuple[int, int, int]:
    return tuple(max(0, min(255, int(c * factor))) for c in color[:3])


def mix(a, b, t: float) -> tuple[int, int, int]:
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


def frame(surf: pygame.Surface, color, inner=(24, 27, 34)) -> pygame.Rect:
    """Rounded border in ``color``; returns the inner rect."""
    w, h = surf.get_size()
    radius = max(4, w // 14)
    pygame.draw.rect(surf, shade(color, 0.55), (0, 0, w, h), border_radius=radius)
    pygame.draw.rect(surf, color, (1, 1, w - 2, h - 2), border_radius=radius)
    pad = max(3, w // 28)
    inner_rect = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
    pygame.draw.rect(surf, inner, inner_rect, border_radius=max(2, radius - pad))
    return inner_rect


#: cards narrower than this are thumbnails: their name is left for the zoomed card when
#: it cannot fit (their colour and numbers say what they are)
THUMB = 50


def name_bar_height(name: str, width: int, h: int, pad: int = 0) -> int:
    """The height of a card's name bar ``width`` wide (``pad`` of it taken by an icon): a
    tenth of the card, or two lines of the smallest size when the name needs them (so a
    long name is never cut)."""
    base = max(12, int(h * 0.1))
    if width < THUMB:
        return base
    width -= pad
    size = max(7, int(base * 0.62))
    if text.fits(name, (0, 0, width - 4, base - 2), size, "condbold"):
        return base
    if text.fits(name, (0, 0, width - 4, base - 2), size, "condbold", wrap=True,
                 line_gap=0.95):
        return base
    step = text.step_of(text.MIN_SIZE, "condbold", 0.95)
    for lines in (2, 3):
        height = lines * step + 4
        if text.fits(name, (0, 0, width - 4, height - 2), size, "condbold", wrap=True,
                     line_gap=0.95):
            break
    return max(base, height)


def name_bar(surf: pygame.Surface, rect: pygame.Rect, name: str, color,
             left_pad: int = 0, right_pad: int = 0) -> None:
    """The card's name on a bar: shrunk to fit (on two lines if the bar is tall enough),
    never cut at the ends."""
    pygame.draw.rect(surf, shade(color, 0.8), rect, border_radius=max(2, rect.h // 4))
    box = pygame.Rect(rect.left + left_pad + 2, rect.top + 1,
                      rect.w - left_pad - right_pad - 4, rect.h - 2)
    text.draw(surf, name, box, max(7, int(rect.h * 0.62)), theme.TEXT, "condbold",
              align="center", valign="middle", wrap=True, line_gap=0.95,
              optional=rect.w < THUMB)


def gradient(surf: pygame.Surface, rect: pygame.Rect, top, bottom) -> None:
    for y in range(rect.h):
        pygame.draw.line(surf, mix(top, bottom, y / max(1, rect.h - 1)),
                         (rect.left, rect.top + y), (rect.right - 1, rect.top + y))


def load_image(path: str) -> pygame.Surface | None:
    """The picture of a card's ``art:`` file, or None (the generated one is drawn): it is
    read as the card loader checked it (:func:`~tabletop.engine.loader.check_art`), for
    it may have changed since: a regular file within the size limit, looked at before it
    is opened (a named pipe would wait forever), a PNG within the pixel limit."""
    if path not in _images:
        try:
            raw = read_regular(path, MAX_ART_BYTES)
            width, height = int.from_bytes(raw[16:20], "big"), int.from_bytes(raw[20:24], "big")
            if not raw.startswith(b"\x89PNG\r\n\x1a\n") or max(width, height) > MAX_ART_SIDE:
                raise ValueError("not a PNG image within the limits")
            _images[path] = pygame.image.load(io.BytesIO(raw), path)
        except (pygame.error, OSError, ValueError):
            _images[path] = None
    return _images[path]


#: pictures drawn while a test records them: (card, its picture)
_pictures: list[tuple[CardDef, pygame.Surface]] | None = None


@contextlib.contextmanager
def recording_pictures():
    """Collect every character picture drawn inside the block (tests)."""
    global _pictures
    outer, _pictures = _pictures, []
    try:
        yield _pictures
    finally:
        _pictures = outer


def picture(surf: pygame.Surface, rect: pygame.Rect, card: CardDef, base, accent) -> None:
    """The card's image file if it has one, else a figure generated from its data (its
    side, its attack type, its id): no two characters look alike."""
    art = card.get("art")
    img = load_image(art) if art else None
    if img is not None:
        surf.blit(pygame.transform.smoothscale(img, rect.size), rect)
    else:
        figures.paint(surf, rect, figures.traits_of(card, base, accent))
    if _pictures is not None:
        _pictures.append((card, surf.subsurface(rect).copy()))


def portrait(surf: pygame.Surface, rect: pygame.Rect, card: CardDef, base, accent) -> None:
    """A generated figure for ``card`` in colours near ``base`` and ``accent`` (a
    playing card's court figure)."""
    figures.paint(surf, rect, figures.traits_of(card, base, accent))
    if _pictures is not None:
        _pictures.append((card, surf.subsurface(rect).copy()))


def emblem(surf: pygame.Surface, center, r: int, seed: int, color) -> None:
    kind = seed % 5
    x, y = center
    if kind == 0:
        star(surf, center, r, color, 5)
    elif kind == 1:
        pygame.draw.polygon(surf, color, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
    elif kind == 2:
        bolt(surf, pygame.Rect(x - r, y - r, 2 * r, 2 * r), color)
    elif kind == 3:
        pygame.draw.circle(surf, color, center, max(1, r * 2 // 3), max(1, r // 3))
    else:
        pygame.draw.polygon(surf, color, [(x, y - r), (x + r, y + r), (x - r, y + r)])


def star(surf, center, r: int, color, points: int = 5, inner: float = 0.45) -> None:
    x, y = center
    pts = []
    for i in range(points * 2):
        a = -math.pi / 2 + i * math.pi / points
        rr = r if i % 2 == 0 else r * inner
        pts.append((x + math.cos(a) * rr, y + math.sin(a) * rr))
    pygame.draw.polygon(surf, color, pts)


def bolt(surf, rect: pygame.Rect, color) -> None:
    x, y, w, h = rect
    pts = [(x + w * 0.6, y), (x + w * 0.15, y + h * 0.55), (x + w * 0.45, y + h * 0.55),
           (x + w * 0.35, y + h), (x + w * 0.85, y + h * 0.4), (x + w * 0.55, y + h * 0.4),
           (x + w * 0.75, y)]
    pygame.draw.polygon(surf, color, pts)


def paint_back(surf: pygame.Surface) -> None:
    w, h = surf.get_size()
    inner = frame(surf, (40, 52, 84), (20, 26, 44))
    for i in range(0, w + h, max(4, w // 10)):
        pygame.draw.line(surf, (32, 42, 70), (inner.left + i, inner.top),
                         (inner.left + i - h, inner.top + h), 1)
    pygame.draw.rect(surf, (20, 26, 44), inner, 2, border_radius=4)
    c = inner.center
    r = int(min(w, h) * 0.26)
    pygame.draw.circle(surf, (18, 22, 38), c, r + 3)
    pygame.draw.circle(surf, theme.ACCENT, c, r, max(2, w // 40))
    star(surf, c, int(r * 0.7), theme.ACCENT, 5)
    if w >= 60:
        text.draw(surf, "TABLETOP", (inner.left + 2, inner.bottom - w // 7 - 3, inner.w - 4,
                                     w // 7), max(7, w // 11), theme.ACCENT, "condbold",
                  align="center", valign="bottom", optional=True)


def paint_generic(surf: pygame.Surface, card: CardDef) -> None:
    """Fallback for kinds without a painter: name and text."""
    inner = frame(surf, (90, 96, 110))
    w, h = surf.get_size()
    name_bar(surf, pygame.Rect(inner.left + 2, inner.top + 2, inner.w - 4, int(h * 0.13)),
             card.name, (70, 76, 90))
    body = pygame.Rect(inner.left + 4, inner.top + int(h * 0.17), inner.w - 8,
                       inner.h - int(h * 0.2))
    text.draw(surf, card.text, body, max(8, w // 11), wrap=True, optional=True)
