"""Solo Deck-Builder card faces: resources, starters, villains, supervillains, locations
and superheroes, drawn in code (original art)."""

from __future__ import annotations

import math
from typing import NamedTuple

import pygame

from ...engine.cards import CardDef
from ...engine.effects import effects_with
from .. import palette, text, theme
from ..cardart import (
    CardPainters,
    bolt,
    frame,
    name_bar,
    name_bar_height,
    picture,
    seed_of,
    shade,
    star,
)

GAME = "solo-deckbuilder"
TYPE_COLORS = {
    "hero": (48, 112, 196), "equipment": (170, 118, 50), "superpower": (132, 72, 196),
    "starter": (108, 116, 128), "weakness": (92, 44, 56), "villain": (178, 46, 60),
    "supervillain": (128, 22, 44), "location": (34, 140, 128), "superhero": (204, 156, 40),
}
# nine card types, each also named in words on the card's foot: apart, if less so
palette.swatch(globals(), "TYPE_COLORS", {
    "hero": (60, 80, 170), "equipment": (255, 200, 120), "superpower": (180, 100, 210),
    "starter": (150, 150, 150), "weakness": (90, 90, 100), "villain": (213, 94, 0),
    "supervillain": (150, 60, 30), "location": (20, 170, 190), "superhero": (230, 159, 0)},
    "Solo card types", floor=12)
TYPE_FOOT = {"hero": "HERO", "equipment": "EQUIPMENT", "superpower": "SUPER POWER",
             "starter": "STARTER", "weakness": "WEAKNESS", "villain": "VILLAIN",
             "supervillain": "SUPERVILLAIN", "location": "LOCATION", "superhero": "SUPERHERO"}
POWER_GOLD = (250, 204, 72)
DRAW_BLUE = (110, 180, 250)
SHIELD = (150, 220, 200)


def card_type(card: CardDef) -> str:
    return card.get("type") or {"starter": "starter", "weakness": "weakness",
                                "villain": "villain", "supervillain": "supervillain",
                                "location": "location", "superhero": "superhero"}.get(
        card.kind, "starter")


def cost_badge(surf: pygame.Surface, center, r: int, cost: int) -> None:
    """A gold coin with the card's cost."""
    pygame.draw.circle(surf, (40, 30, 10), center, r + 1)
    pygame.draw.circle(surf, POWER_GOLD, center, r)
    pygame.draw.circle(surf, (200, 150, 40), center, r, max(1, r // 6))
    box = pygame.Rect(0, 0, 2 * r, 2 * r)
    box.center = center
    text.draw(surf, str(cost), box, max(7, int(r * 1.25)), (40, 26, 6), "condbold",
              align="center", valign="middle", min_size=6)


#: how each effect badge reads and its colour (the effects name their badge: ``chip``)
BADGES = (("draw", "\u2191{n}", DRAW_BLUE), ("later", "\u21bb{n}", (170, 150, 250)),
          ("destroy", "\u2716", (240, 120, 110)), ("foresee", "\u25ce", (140, 230, 250)))


def chips(card: CardDef) -> list[tuple[str, tuple]]:
    """Short badges for what a card does: +Power, draws, later draws, Defense."""
    totals: dict[str, int] = {}
    for chip, e in effects_with(card.get("effects") or (), "chip"):
        badge, amount = chip(e)
        totals[badge] = totals.get(badge, 0) + amount
    out = []
    flat = totals.get("power", 0)
    if flat or "power+" in totals:
        out.append((f"+{flat}" + ("+" if "power+" in totals else ""), POWER_GOLD))
    for badge, label, color in BADGES:
        if totals.get(badge):
            out.append((label.format(n=totals[badge]), color))
    if card.get("defense") is not None:
        out.append(("DEF", SHIELD))
    return out


def draw_chips(surf: pygame.Surface, items, rect: pygame.Rect) -> None:
    if not items:
        return
    h = rect.h
    x = rect.left
    size = max(7, int(h * 0.82))
    for label, color in items:
        w = max(h, text.width_of(label, size, "condbold") + h // 2)
        if x + w > rect.right:
            break
        pill = pygame.Rect(x, rect.top, w, h)
        pygame.draw.rect(surf, color, pill, border_radius=h // 2)
        text.draw(surf, label, pill, size, (20, 20, 24), "condbold", align="center",
                  valign="middle", min_size=6)
        x += w + max(2, h // 5)


class Pen(NamedTuple):
    """What a glyph is drawn with: the picture box, its centre and radius, the ink and
    background colours, the card's colour and a number from its id (for variety)."""

    rect: pygame.Rect
    c: tuple[int, int]
    r: int
    ink: tuple
    base: tuple
    color: tuple
    seed: int


def _gear(surf: pygame.Surface, p: Pen, card: CardDef) -> None:
    c, r = p.c, p.r
    teeth = 8 + p.seed % 4
    pts = []
    for i in range(teeth * 2):
        a = i * math.pi / teeth
        rr = r if i % 2 == 0 else r * 0.78
        pts.append((c[0] + math.cos(a) * rr, c[1] + math.sin(a) * rr))
    pygame.draw.polygon(surf, p.ink, pts)
    pygame.draw.circle(surf, p.base, c, max(2, r // 3))


def _burst(surf: pygame.Surface, p: Pen, card: CardDef) -> None:
    c, r = p.c, p.r
    star(surf, c, r, p.ink, 7 + p.seed % 5, 0.45)
    bolt(surf, pygame.Rect(c[0] - r // 2, c[1] - r // 2, r, r), (255, 250, 220))


def _broken_heart(surf: pygame.Surface, p: Pen, card: CardDef) -> None:
    c, r = p.c, p.r
    for sgn in (-1, 1):
        pygame.draw.circle(surf, (200, 70, 90), (c[0] + sgn * r // 3, c[1] - r // 5),
                           max(2, r // 2))
    pygame.draw.polygon(surf, (200, 70, 90), [(c[0] - r * 0.8, c[1]),
                                              (c[0] + r * 0.8, c[1]), (c[0], c[1] + r)])
    pygame.draw.lines(surf, p.base, False, [(c[0], c[1] - r // 2), (c[0] - r // 5, c[1]),
                                            (c[0] + r // 5, c[1] + r // 4),
                                            (c[0], c[1] + r)], max(2, r // 6))


def _skyline(surf: pygame.Surface, p: Pen, card: CardDef) -> None:
    rect, seed = p.rect, p.seed
    sky = pygame.Rect(rect)
    for y in range(sky.h):
        t = y / max(1, sky.h - 1)
        pygame.draw.line(surf, (int(30 + 60 * t), int(50 + 80 * t), int(90 + 50 * t)),
                         (sky.left, sky.top + y), (sky.right - 1, sky.top + y))
    x = rect.left
    i = 0
    while x < rect.right:
        bw = max(4, rect.w // (6 + (seed + i) % 4))
        bh = int(rect.h * (0.3 + ((seed >> i) % 7) / 10))
        pygame.draw.rect(surf, shade(p.color, 0.5), (x, rect.bottom - bh, bw - 1, bh))
        for wy in range(rect.bottom - bh + 3, rect.bottom - 2, max(3, rect.h // 10)):
            pygame.draw.rect(surf, (250, 220, 140), (x + 2, wy, max(1, bw // 5), 2))
        x += bw
        i += 1


def _starter(surf: pygame.Surface, p: Pen, card: CardDef) -> None:
    """A fist for a starter that does something, two feet for one that does not."""
    c, r = p.c, p.r
    if card.get("effects"):
        fist = pygame.Rect(c[0] - r * 0.7, c[1] - r * 0.45, r * 1.4, r * 0.9)
        pygame.draw.rect(surf, p.ink, fist, border_radius=max(2, r // 4))
        for i in range(1, 4):
            fx = fist.left + fist.w * i / 4
            pygame.draw.line(surf, p.base, (fx, fist.top), (fx, fist.top + fist.h * 0.45), 2)
    else:
        for sgn, dy in ((-1, -r // 3), (1, r // 4)):
            foot = pygame.Rect(0, 0, r * 0.55, r * 0.9)
            foot.center = (c[0] + sgn * r // 3, c[1] + dy)
            pygame.draw.ellipse(surf, (170, 210, 240), foot)


#: the glyph of each card type (starters and the rest: :func:`_starter`)
GLYPHS = {"equipment": _gear, "superpower": _burst, "weakness": _broken_heart,
          "location": _skyline}


def glyph(surf: pygame.Surface, rect: pygame.Rect, card: CardDef, color) -> None:
    """Art for cards without a figure: equipment, super powers, starters, Weakness,
    locations."""
    base = shade(color, 0.35)
    old_clip = surf.get_clip()
    surf.set_clip(rect)
    pygame.draw.rect(surf, base, rect)
    pen = Pen(rect, rect.center, min(rect.w, rect.h) // 2 - 3, shade(color, 1.7), base, color,
              seed_of(card.id))
    GLYPHS.get(card_type(card), _starter)(surf, pen, card)
    surf.set_clip(old_clip)
    pygame.draw.rect(surf, shade(color, 0.5), rect, 1)


def _layout(surf: pygame.Surface, card: CardDef, color, figure: bool,
            body: str, footer: str) -> tuple[pygame.Rect, pygame.Rect, bool]:
    """Frame, name bar, cost badge, picture, chips and body text. Returns the inner rect,
    the picture rect and whether the card is drawn large."""
    w, h = surf.get_size()
    big = w >= 200
    inner = frame(surf, color)
    cost = card.get("cost")
    show_cost = cost is not None and card.kind not in ("starter", "weakness",
                                                       "location", "superhero")
    bar = pygame.Rect(inner.left + 1, inner.top + 1, inner.w - 2,
                      name_bar_height(card.name, inner.w - 2, h))
    bar_h = bar.h
    name_bar(surf, bar, card.name, shade(color, 0.75))
    art = pygame.Rect(inner.left + 2, bar.bottom + 2, inner.w - 4,
                      int(h * (0.30 if big else 0.36)))
    if figure:
        picture(surf, art, card, color, shade(color, 1.6))
    else:
        glyph(surf, art, card, color)
    if show_cost:
        r = max(6, int(bar_h * (0.42 if big else 0.55)))
        cost_badge(surf, (art.left + r + 1, art.top + r + 1), r, cost)
    foot_h = max(8, int(h * 0.065))
    y = art.bottom + 3
    items = chips(card)
    if items:
        chip_h = max(9, int(h * (0.06 if big else 0.085)))
        draw_chips(surf, items, pygame.Rect(inner.left + 3, y, inner.w - 6, chip_h))
        y += chip_h + 3
    text_rect = pygame.Rect(inner.left + 4, y, inner.w - 8, inner.bottom - foot_h - 4 - y)
    size = max(7, int(w * (0.072 if big else 0.1)))
    used = text.draw(surf, body, text_rect, size, theme.TEXT, "cond", wrap=True,
                     optional=not big)
    used_h = used.h if used else 0
    if big and card.get("flavor") and used_h + int(h * 0.08) < text_rect.h:
        text.draw(surf, card["flavor"], (text_rect.left, text_rect.top + used_h + 6,
                                         text_rect.w, text_rect.h - used_h - 6),
                  int(w * 0.05), theme.DIM, "italic", wrap=True, optional=True)
    text.draw(surf, footer, (inner.left + 2, inner.bottom - foot_h - 1, inner.w - 4, foot_h),
              max(6, int(foot_h * 0.85)), shade(color, 1.7), "condbold", align="center",
              valign="middle", optional=True)
    return inner, art, big


def paint_playable(surf: pygame.Surface, card: CardDef) -> None:
    kind = card_type(card)
    color = TYPE_COLORS[kind]
    footer = TYPE_FOOT[kind] + (" \u00b7 DEFENSE" if card.get("defense") is not None else "")
    if card.kind == "kick":
        footer += " \u00b7 PILE"
    _layout(surf, card, color, kind == "hero", card.text or card.name, footer)


def paint_villain(surf: pygame.Surface, card: CardDef) -> None:
    body = card.text or "No attack."
    _layout(surf, card, TYPE_COLORS["villain"], True, body, "VILLAIN")


def paint_supervillain(surf: pygame.Surface, card: CardDef) -> None:
    inner, art, _ = _layout(surf, card, TYPE_COLORS["supervillain"], True, card.text,
                            "SUPERVILLAIN")
    pygame.draw.rect(surf, POWER_GOLD, art, max(1, art.w // 60))


def paint_superhero(surf: pygame.Surface, card: CardDef) -> None:
    power = card.get("power") or {}
    _layout(surf, card, TYPE_COLORS["superhero"], True,
            "Power: " + (power.get("text") or ""), "SUPERHERO")


def paint_location(surf: pygame.Surface, card: CardDef) -> None:
    w, h = surf.get_size()
    big = w >= 200
    color = TYPE_COLORS["location"]
    inner = frame(surf, color)
    bar = pygame.Rect(inner.left + 1, inner.top + 1, inner.w - 2,
                      name_bar_height(card.name, inner.w - 2, h))
    name_bar(surf, bar, card.name, shade(color, 0.7))
    art = pygame.Rect(inner.left + 2, bar.bottom + 2, inner.w - 4, int(h * 0.24))
    glyph(surf, art, card, color)
    # the three numeric traits
    traits = [("ROW", str(card["resource_max"])), ("FOES", str(card["battleground_max"])),
              ("SV", f"+{card['supervillain_modifier']}")]
    th = max(16, int(h * 0.13))
    gap = 2
    tw = (inner.w - 4 - 2 * gap) // 3
    y = art.bottom + 3
    for i, (label, value) in enumerate(traits):
        box = pygame.Rect(inner.left + 2 + i * (tw + gap), y, tw, th)
        pygame.draw.rect(surf, shade(color, 0.45), box, border_radius=3)
        top = pygame.Rect(box.left + 1, box.top + 1, box.w - 2, box.h * 2 // 5)
        text.draw(surf, label, top, max(6, int(th * 0.32)), shade(color, 1.8), "condbold",
                  align="center", min_size=6, optional=True)
        text.draw(surf, value, (box.left + 1, top.bottom, box.w - 2, box.bottom - top.bottom),
                  max(7, int(th * 0.55)), theme.TEXT, "condbold", align="center",
                  valign="bottom", min_size=6, optional=w < 50)
    y += th + 3
    foot_h = max(8, int(h * 0.065))
    body = pygame.Rect(inner.left + 4, y, inner.w - 8, inner.bottom - foot_h - 4 - y)
    size = max(7, int(w * (0.07 if big else 0.095)))
    hq = card.get("hq")
    hq_text = "As your HQ: " + (hq.get("text") or "") if big and hq else ""
    hq_h = text.height_of(hq_text, body.w, size, "cond") if hq_text else 0
    text.draw(surf, card.text, (body.left, body.top, body.w, body.h - hq_h - 6 * bool(hq_h)),
              size, theme.TEXT, "cond", wrap=True, optional=w < 110)
    if hq_text:
        text.draw(surf, hq_text, (body.left, body.bottom - hq_h, body.w, hq_h), size,
                  POWER_GOLD, "cond", wrap=True, optional=True)
    text.draw(surf, "LOCATION", (inner.left + 2, inner.bottom - foot_h - 1, inner.w - 4,
                                 foot_h), max(6, int(foot_h * 0.85)), shade(color, 1.8),
              "condbold", align="center", valign="middle", optional=True)


#: how each kind of Solo Deck-Builder card is drawn (:mod:`tabletop.ui.kits`)
PAINTERS = CardPainters(GAME, {
    "resource": paint_playable, "kick": paint_playable, "starter": paint_playable,
    "weakness": paint_playable, "villain": paint_villain,
    "supervillain": paint_supervillain, "superhero": paint_superhero,
    "location": paint_location,
})
