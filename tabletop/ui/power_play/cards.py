"""Power Play card faces: power cards, villains, attributes and locations (drawn in code)."""

from __future__ import annotations

import math
import zlib

import pygame

from ...engine.cards import CardDef
from .. import palette, text, theme
from ..cardart import CardPainters, frame, gradient, name_bar, name_bar_height, picture, shade, star

TYPE_COLORS = {
    "flame": (226, 94, 48), "frost": (96, 178, 232), "gale": (120, 200, 150),
    "mind": (176, 112, 230), "shadow": (104, 96, 150), "might": (214, 160, 56),
}
KIND_COLORS = {"villain": (170, 40, 52), "attribute": (112, 70, 168),
               "location": (34, 132, 128)}
palette.swatch(globals(), "TYPE_COLORS", {
    "flame": (213, 94, 0), "frost": (120, 200, 255), "gale": (0, 158, 115),
    "mind": (60, 80, 170), "shadow": (90, 90, 100), "might": (255, 200, 120)},
    "Power Play power types")


def type_color(kind: str) -> tuple[int, int, int]:
    """The colour of a power type (types added by mods get a steady colour of their own)."""
    if kind in TYPE_COLORS:
        return TYPE_COLORS[kind]
    h = zlib.crc32(kind.encode())
    return (80 + h % 150, 80 + (h >> 8) % 150, 80 + (h >> 16) % 150)


def _flame(surf, cx, cy, r, width, color, bg) -> None:
    pts = []
    for i in range(24):
        a = 2 * math.pi * i / 24
        k = 1 + 0.35 * max(0.0, -math.sin(a)) ** 3
        pts.append((cx + math.cos(a) * r * 0.55, cy + r * 0.25 - math.sin(a) * r * 0.6 * k))
    pygame.draw.polygon(surf, color, pts)
    pygame.draw.circle(surf, shade(color, 1.25), (cx, int(cy + r * 0.3)), int(r * 0.25))


def _frost(surf, cx, cy, r, width, color, bg) -> None:
    for i in range(3):
        a = math.pi * i / 3 + math.pi / 2
        dx, dy = math.cos(a) * r * 0.85, math.sin(a) * r * 0.85
        pygame.draw.line(surf, color, (cx - dx, cy - dy), (cx + dx, cy + dy), width)
        for sgn in (-1, 1):
            bx, by = cx + sgn * dx * 0.6, cy + sgn * dy * 0.6
            for turn in (-0.6, 0.6):
                b = a + turn + (0 if sgn > 0 else math.pi)
                pygame.draw.line(surf, color, (bx, by), (bx + math.cos(b) * r * 0.28,
                                                         by + math.sin(b) * r * 0.28), width)


def _gale(surf, cx, cy, r, width, color, bg) -> None:
    for i, frac in enumerate((0.85, 0.6, 0.35)):
        box = pygame.Rect(0, 0, int(2 * r * frac), int(2 * r * frac))
        box.center = (int(cx + (i - 1) * r * 0.12), cy)
        pygame.draw.arc(surf, color, box, 0.4 + i, 0.4 + i + 4.0, width)


def _mind(surf, cx, cy, r, width, color, bg) -> None:
    pygame.draw.ellipse(surf, color, (cx - r * 0.9, cy - r * 0.45, r * 1.8, r * 0.9))
    pygame.draw.circle(surf, bg, (cx, cy), max(2, int(r * 0.32)))
    pygame.draw.circle(surf, color, (cx, cy), max(1, int(r * 0.13)))


def _shadow(surf, cx, cy, r, width, color, bg) -> None:
    pygame.draw.circle(surf, color, (cx, cy), int(r * 0.8))
    pygame.draw.circle(surf, bg, (int(cx + r * 0.35), int(cy - r * 0.2)), int(r * 0.7))


def _might(surf, cx, cy, r, width, color, bg) -> None:
    fist = pygame.Rect(0, 0, int(r * 1.3), int(r * 0.95))
    fist.center = (cx, int(cy - r * 0.1))
    pygame.draw.rect(surf, color, fist, border_radius=max(1, int(r / 5)))
    for i in range(1, 4):
        fx = fist.left + fist.w * i / 4
        pygame.draw.line(surf, bg, (fx, fist.top), (fx, fist.top + fist.h * 0.45),
                         max(1, width // 2))
    pygame.draw.rect(surf, color, (cx - r * 0.45, fist.bottom - 1, r * 0.9, r * 0.45))


def _other(surf, cx, cy, r, width, color, bg) -> None:
    star(surf, (cx, cy), int(r * 0.85), color, 5)


#: the picture of each built-in power type (types added by mods get a star)
ICONS = {"flame": _flame, "frost": _frost, "gale": _gale, "mind": _mind, "shadow": _shadow,
         "might": _might}


def type_icon(surf: pygame.Surface, kind: str, rect: pygame.Rect, color=None,
              bg=(18, 20, 26)) -> None:
    """A small picture of a power type: flame, snowflake, swirl, eye, crescent, fist
    (``bg`` is the colour behind it, used to cut the crescent)."""
    color = color or shade(type_color(kind), 1.35)
    cx, cy = rect.center
    r = min(rect.w, rect.h) / 2
    ICONS.get(kind, _other)(surf, cx, cy, r, max(1, int(r / 5)), color, bg)


def paint_power(surf: pygame.Surface, card: CardDef) -> None:
    w, h = surf.get_size()
    kind = card["type"]
    color = type_color(kind)
    inner = frame(surf, color, shade(color, 0.22))
    gradient(surf, inner.inflate(-2, -2), shade(color, 0.5), shade(color, 0.18))
    # the value, big, top-left, and again upside down bottom-right (as on real cards)
    size = max(10, int(h * 0.3))
    text.draw(surf, str(card["value"]), (inner.left + max(2, w // 16), inner.top,
                                         inner.w // 2, int(size * 1.25)), size, theme.TEXT,
              "bold")
    icon = int(min(inner.w, inner.h) * 0.62)
    icon_rect = pygame.Rect(0, 0, icon, icon)
    icon_rect.center = (inner.centerx + w // 10, inner.centery + h // 20)
    pygame.draw.circle(surf, shade(color, 0.3), icon_rect.center, icon // 2 + 2)
    type_icon(surf, kind, icon_rect, bg=shade(color, 0.3))
    bar_h = max(9, int(h * 0.13))
    bar = pygame.Rect(inner.left + 2, inner.bottom - bar_h - 2, inner.w - 4, bar_h)
    if h >= 60:
        name_bar(surf, bar, kind.upper(), shade(color, 0.75))


def _text_card(surf: pygame.Surface, card: CardDef, color, footer: str, art) -> pygame.Rect:
    """The common face: name bar, a picture, the rules text, a footer; returns the art box."""
    w, h = surf.get_size()
    inner = frame(surf, color)
    bar = pygame.Rect(inner.left + 1, inner.top + 1, inner.w - 2,
                      name_bar_height(card.name, inner.w - 2, h))
    name_bar(surf, bar, card.name, shade(color, 0.7))
    art_box = pygame.Rect(inner.left + 2, bar.bottom + 2, inner.w - 4, int(h * 0.36))
    art(surf, art_box)
    foot_h = max(8, int(h * 0.065))
    body = pygame.Rect(inner.left + 4, art_box.bottom + 3, inner.w - 8,
                       inner.bottom - art_box.bottom - foot_h - 6)
    flavor_h = int(h * 0.1) if w >= 200 and card.get("flavor") else 0
    text.draw(surf, card.text or card.name, (body.left, body.top, body.w, body.h - flavor_h),
              max(7, int(w * 0.085)), theme.TEXT, "cond", wrap=True, optional=w < 110)
    if flavor_h:
        text.draw(surf, card["flavor"], (body.left, body.bottom - flavor_h, body.w, flavor_h),
                  int(w * 0.045), theme.DIM, "italic", wrap=True, optional=True)
    text.draw(surf, footer, (inner.left + 2, inner.bottom - foot_h - 1, inner.w - 4, foot_h),
              max(6, int(foot_h * 0.85)), shade(color, 1.7), "condbold", align="center",
              valign="middle", optional=True)
    return art_box


def badge(surf: pygame.Surface, label: str, center, radius: int, color) -> None:
    """A round badge with a number or a short label."""
    pygame.draw.circle(surf, (14, 16, 20), center, radius + 2)
    pygame.draw.circle(surf, color, center, radius)
    box = pygame.Rect(0, 0, radius * 2 - 2, radius * 2 - 2)
    box.center = center
    text.draw(surf, label, box, int(radius * 1.15), (20, 16, 12), "bold", align="center",
              valign="middle", min_size=6)


def paint_villain(surf: pygame.Surface, card: CardDef) -> None:
    color = KIND_COLORS["villain"]
    art = _text_card(surf, card, color, "VILLAIN",
                     lambda s, r: picture(s, r, card, color, (250, 200, 90)))
    r = max(6, art.h // 5)
    badge(surf, f"\u00d7{card['base']}", (art.left + r + 2, art.top + r + 2), r,
          (250, 196, 80))


def paint_attribute(surf: pygame.Surface, card: CardDef) -> None:
    color = KIND_COLORS["attribute"]

    def art(s: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(s, shade(color, 0.35), rect)
        star(s, rect.center, rect.h // 2 - 2, shade(color, 1.2), 8, 0.55)
        kinds = [e.get("type") for e in card["effects"] if e.get("type")]
        if kinds:
            icon = rect.h // 2
            center = pygame.Rect(rect.centerx - icon // 2, rect.centery - icon // 2, icon, icon)
            pygame.draw.circle(s, (18, 20, 26), center.center, icon // 2 + 3)
            type_icon(s, kinds[0], center)

    box = _text_card(surf, card, color, "ATTRIBUTE", art)
    r = max(6, box.h // 5)
    badge(surf, f"+{card['power']}", (box.left + r + 2, box.top + r + 2), r, (200, 170, 250))


def paint_location(surf: pygame.Surface, card: CardDef) -> None:
    color = KIND_COLORS["location"]
    seed = zlib.crc32(card.id.encode())

    def art(s: pygame.Surface, rect: pygame.Rect) -> None:
        gradient(s, rect, shade(color, 0.9), shade(color, 0.3))
        x = rect.left
        i = 0
        while x < rect.right:
            bw = max(3, int(rect.w * (0.08 + ((seed >> i) % 7) / 60)))
            bh = int(rect.h * (0.3 + ((seed >> (i + 3)) % 9) / 16))
            bh = min(bh, rect.h - 2)
            pygame.draw.rect(s, shade(color, 0.25), (x, rect.bottom - bh, min(bw, rect.right - x),
                                                     bh))
            x += bw + 1
            i = (i + 2) % 24
        pygame.draw.circle(s, (240, 230, 190), (rect.right - rect.w // 5, rect.top + rect.h // 4),
                           max(2, rect.h // 9))

    box = _text_card(surf, card, color, "LOCATION", art)
    if card.get("score_bonus"):
        r = max(7, box.h // 4)
        badge(surf, f"+{card['score_bonus']}", (box.right - r - 2, box.top + r + 2), r,
              (250, 196, 80))


#: how each kind of Power Play card is drawn (:mod:`tabletop.ui.kits`)
PAINTERS = CardPainters("power-play", {
    "power": paint_power, "villain": paint_villain, "attribute": paint_attribute,
    "location": paint_location,
})
