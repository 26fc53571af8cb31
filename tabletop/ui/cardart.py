"""Card faces and backs, drawn in code (original art), cached per card and size.

Each game registers a *painter* per card kind (:data:`PAINTERS`); a painter draws the
face of a :class:`~tabletop.engine.cards.CardDef` onto a surface of the requested size.
Shared pieces live here: frames, the generated portrait, icons and the card back.
A card with an ``art:`` image file gets that picture instead of the generated portrait.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable

import pygame

from ..engine.cards import CardDef
from . import text, theme

Painter = Callable[[pygame.Surface, CardDef], None]
PAINTERS: dict[tuple[str, str], Painter] = {}

_faces: dict[tuple, pygame.Surface] = {}
_images: dict[str, pygame.Surface | None] = {}


def register(game: str, kind: str) -> Callable[[Painter], Painter]:
    def deco(fn: Painter) -> Painter:
        PAINTERS[(game, kind)] = fn
        return fn
    return deco


def face(card: CardDef, game: str, w: int, h: int) -> pygame.Surface:
    key = (game, card.id, id(card), w, h)
    surf = _faces.get(key)
    if surf is None:
        if len(_faces) > 1500:
            _faces.clear()
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        if (game, card.kind) not in PAINTERS:
            _load_painters(game)
        painter = PAINTERS.get((game, card.kind), paint_generic)
        painter(surf, card)
        _faces[key] = surf
    return surf


def forget() -> None:
    """Drop every cached face and picture (card data or art files changed)."""
    _faces.clear()
    _images.clear()


def _load_painters(game: str) -> None:
    import importlib

    try:
        importlib.import_module(f"tabletop.ui.{game.replace('-', '_')}.cards")  # painters
    except ModuleNotFoundError:
        PAINTERS.setdefault((game, "?"), paint_generic)


def rotated(surf: pygame.Surface, angle: int) -> pygame.Surface:
    key = ("rot", id(surf), angle)
    out = _faces.get(key)
    if out is None:
        out = pygame.transform.rotate(surf, angle)
        _faces[key] = out
    return out


def back(w: int, h: int) -> pygame.Surface:
    key = ("back", w, h)
    surf = _faces.get(key)
    if surf is None:
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        paint_back(surf)
        _faces[key] = surf
    return surf


# -- shared drawing pieces ---------------------------------------------------------------

def seed_of(card_id: str) -> int:
    return zlib.crc32(card_id.encode())


class _R:
    """Tiny deterministic generator for art (independent of game randomness)."""

    def __init__(self, seed: int) -> None:
        self.s = seed & 0xFFFFFFFF or 1

    def next(self) -> float:
        self.s ^= (self.s << 13) & 0xFFFFFFFF
        self.s ^= self.s >> 17
        self.s ^= (self.s << 5) & 0xFFFFFFFF
        return (self.s & 0xFFFFFF) / float(0x1000000)

    def pick(self, items):
        return items[int(self.next() * len(items)) % len(items)]


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


def name_bar(surf: pygame.Surface, rect: pygame.Rect, name: str, color,
             left_pad: int = 0, right_pad: int = 0) -> None:
    pygame.draw.rect(surf, shade(color, 0.8), rect, border_radius=max(2, rect.h // 4))
    size = text.fit_size(name, rect.w - left_pad - right_pad - 4, int(rect.h * 0.62),
                         "condbold")
    img = text.render(name, size, theme.TEXT, "condbold")
    x = rect.left + left_pad + (rect.w - left_pad - right_pad - img.get_width()) // 2
    surf.blit(img, (x, rect.centery - img.get_height() // 2))


def gradient(surf: pygame.Surface, rect: pygame.Rect, top, bottom) -> None:
    for y in range(rect.h):
        pygame.draw.line(surf, mix(top, bottom, y / max(1, rect.h - 1)),
                         (rect.left, rect.top + y), (rect.right - 1, rect.top + y))


def load_image(path: str) -> pygame.Surface | None:
    if path not in _images:
        try:
            _images[path] = pygame.image.load(path)
        except (pygame.error, FileNotFoundError, OSError):
            _images[path] = None
    return _images[path]


def picture(surf: pygame.Surface, rect: pygame.Rect, card: CardDef, base, accent) -> None:
    """The card's image file if it has one, else a generated portrait."""
    art = card.get("art")
    img = load_image(art) if art else None
    if img is not None:
        surf.blit(pygame.transform.smoothscale(img, rect.size), rect)
        return
    portrait(surf, rect, seed_of(card.id), base, accent)


def _backdrop(sub: pygame.Surface, r, base, accent) -> None:
    """Rays, a skyline, rings or stars behind the figure."""
    w, h = sub.get_size()
    cx, cy = w // 2, int(h * 0.42)
    light = shade(base, 1.35)
    style = int(r.next() * 4)
    cx, cy = w // 2, int(h * 0.42)
    light = shade(base, 1.35)
    if style == 0:  # rays
        for i in range(14):
            a = i * math.pi / 7 + r.next() * 0.2
            pts = [(cx, cy), (cx + math.cos(a) * w, cy + math.sin(a) * w),
                   (cx + math.cos(a + 0.16) * w, cy + math.sin(a + 0.16) * w)]
            pygame.draw.polygon(sub, (*light, 60), pts)
    elif style == 1:  # skyline
        x = 0
        while x < w:
            bw = max(3, int(w * (0.06 + r.next() * 0.1)))
            bh = int(h * (0.25 + r.next() * 0.45))
            pygame.draw.rect(sub, shade(base, 0.35), (x, h - bh, bw, bh))
            for wy in range(h - bh + 3, h - 2, max(3, h // 18)):
                if r.next() > 0.5:
                    pygame.draw.rect(sub, (*accent, 160), (x + 1, wy, max(1, bw // 4), 1))
            x += bw + 1
    elif style == 2:  # rings
        for i in range(6, 0, -1):
            pygame.draw.circle(sub, (*light, 22 + i * 6), (cx, cy), int(w * 0.13 * i), 2)
    else:  # stars
        for _ in range(40):
            pygame.draw.circle(sub, (255, 255, 255, int(60 + r.next() * 150)),
                               (int(r.next() * w), int(r.next() * h)), 1)


def _headgear(sub: pygame.Surface, r, head, hr: int, body, trim, w: int) -> None:
    """Horns, a crest, a halo, spikes or nothing on the figure's head."""
    top = r.pick(("horns", "crest", "halo", "plain", "spikes"))
    if top == "horns":
        for sgn in (-1, 1):
            pygame.draw.polygon(sub, body, [(head[0] + sgn * hr // 2, head[1] - hr // 2),
                                            (head[0] + sgn * hr * 2, head[1] - hr * 2),
                                            (head[0] + sgn * hr, head[1])])
    elif top == "crest":
        pygame.draw.polygon(sub, trim, [(head[0], head[1] - hr * 2), (head[0] - hr // 3,
                                        head[1] - hr // 2), (head[0] + hr // 3,
                                                             head[1] - hr // 2)])
    elif top == "halo":
        pygame.draw.ellipse(sub, trim, (head[0] - hr, head[1] - int(hr * 1.7), hr * 2, hr // 2),
                            max(1, w // 60))
    elif top == "spikes":
        for i in range(5):
            a = math.pi * (1.1 + i * 0.2)
            pygame.draw.polygon(sub, body, [
                (head[0] + math.cos(a - 0.25) * hr, head[1] + math.sin(a - 0.25) * hr),
                (head[0] + math.cos(a) * hr * 1.9, head[1] + math.sin(a) * hr * 1.9),
                (head[0] + math.cos(a + 0.25) * hr, head[1] + math.sin(a + 0.25) * hr)])


def portrait(surf: pygame.Surface, rect: pygame.Rect, seed: int, base, accent) -> None:
    """A generated hero/villain silhouette: backdrop, figure, mask and chest emblem."""
    r = _R(seed)
    sub = pygame.Surface(rect.size, pygame.SRCALPHA)
    w, h = rect.size
    gradient(sub, sub.get_rect(), shade(base, 0.9), shade(base, 0.25))
    _backdrop(sub, r, base, accent)
    cx, cy = w // 2, int(h * 0.42)
    body = mix(shade(base, 0.42), accent, 0.12)
    trim = shade(accent, 0.95)
    rim = shade(base, 0.9)
    hr = int(w * (0.12 + r.next() * 0.04))
    head = (cx + int((r.next() - 0.5) * w * 0.08), cy)
    if r.next() > 0.5:  # cape
        pygame.draw.polygon(sub, shade(base, 0.45), [
            (head[0] - hr * 2, head[1] + hr), (head[0] + hr * 2, head[1] + hr),
            (head[0] + int(w * 0.42), h), (head[0] - int(w * 0.42), h)])
    sw = int(w * (0.30 + r.next() * 0.12))
    pygame.draw.ellipse(sub, body, (head[0] - sw, head[1] + hr - 2, sw * 2, h))
    pygame.draw.polygon(sub, body, [(head[0] - hr // 2, head[1]), (head[0] + hr // 2, head[1]),
                                    (head[0] + hr, head[1] + hr * 2),
                                    (head[0] - hr, head[1] + hr * 2)])
    _headgear(sub, r, head, hr, body, trim, w)
    pygame.draw.circle(sub, rim, head, hr + 1)
    pygame.draw.circle(sub, body, head, hr)
    mask_y = head[1] - hr // 5
    pygame.draw.rect(sub, trim, (head[0] - hr, mask_y - max(2, hr // 4), hr * 2,
                                 max(3, hr // 2)), border_radius=2)
    eye_w = max(2, hr // 3)
    for sgn in (-1, 1):
        pygame.draw.ellipse(sub, (250, 250, 250), (head[0] + sgn * hr // 2 - eye_w // 2,
                                                   mask_y - max(1, hr // 8), eye_w,
                                                   max(2, hr // 5)))
    er = int(w * 0.09)
    chest = (head[0], head[1] + hr * 3)
    if chest[1] + er < h:
        pygame.draw.circle(sub, trim, chest, er + 2)
        pygame.draw.circle(sub, body, chest, er)
        emblem(sub, chest, er, seed, accent)
    surf.blit(sub, rect)
    pygame.draw.rect(surf, shade(base, 0.5), rect, 1)


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
        label = text.render("TABLETOP", max(7, w // 11), theme.ACCENT, "condbold")
        surf.blit(label, (c[0] - label.get_width() // 2, inner.bottom - label.get_height() - 4))


def paint_generic(surf: pygame.Surface, card: CardDef) -> None:
    """Fallback for kinds without a painter: name and text."""
    inner = frame(surf, (90, 96, 110))
    w, h = surf.get_size()
    name_bar(surf, pygame.Rect(inner.left + 2, inner.top + 2, inner.w - 4, int(h * 0.13)),
             card.name, (70, 76, 90))
    body = pygame.Rect(inner.left + 4, inner.top + int(h * 0.17), inner.w - 8,
                       inner.h - int(h * 0.2))
    text.blit_wrapped(surf, card.text, body, max(8, w // 11))
