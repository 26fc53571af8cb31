"""Card faces of the kinds deck building adds (issue 14): Locations, Aspects, Activators,
Events and Artifacts, drawn from their data like the rest of OverPower's cards.

- A **Location**: a landmark against a sky (its shape and colours from its id), its name,
  how many characters it lists, LOCATION at the foot; zoomed, its Home Base ability.
- An **Aspect**: like a Special (a blade, a shield or a star for how it is played) framed
  in its Location's stone colour, with the Location's name where a Special names its
  character.
- An **Activator**: a key in the colours of the character whose Special it fetches.
- An **Event**: a bell-burst on a gold ground, with how long it lasts.
- An **Artifact**: a gem, with the two conditions in its corner (the player's rating, and
  the bearer's, "or less" shown as ≤).
"""

from __future__ import annotations

import math
import zlib

import pygame

from ...engine.cards import CardDef
from ...games.overpower.cards import compile_card
from ...games.overpower.common import TYPES
from .. import text, theme
from ..cardart import frame, gradient, name_bar, name_bar_height, shade, star
from .icons import color_of, letter_chip

LOCATION = (150, 112, 70)
ASPECT = (120, 100, 150)
ACTIVATOR = (70, 130, 150)
EVENT = (196, 150, 40)
ARTIFACT = (60, 150, 120)
DURATION = {"instant": "AT ONCE", "battle": "THIS BATTLE", "game": "ALL GAME"}


def _words(surf, words: str, rect, size: int, color, style: str = "condbold",
           wrap: bool = False) -> None:
    text.draw(surf, words, rect, max(6, size), color, style, align="center",
              valign="middle", wrap=wrap, optional=True, min_size=6)


def _hue(card_id: str, s: int = 50, v: int = 70) -> tuple[int, int, int]:
    c = pygame.Color(0)
    c.hsva = (zlib.crc32(card_id.encode()) % 360, s, v, 100)
    return tuple(c)[:3]


def _top(surf, card: CardDef, inner: pygame.Rect, color) -> int:
    """The name bar (not on thumbnails); returns where the picture starts."""
    w, h = surf.get_size()
    if w < 70:
        return inner.top + 2
    bar = pygame.Rect(inner.left + 1, inner.top + 1, inner.w - 2,
                      name_bar_height(card.name, inner.w - 2, h))
    name_bar(surf, bar, card.name, shade(color, 0.7))
    return bar.bottom + 3


def _foot(surf, inner: pygame.Rect, words: str, color) -> None:
    w, h = surf.get_size()
    if h < 70:
        return
    foot_h = max(8, int(h * 0.08))
    _words(surf, words, pygame.Rect(inner.left + 2, inner.bottom - 2 - foot_h, inner.w - 4,
                                    foot_h), int(h * 0.06), shade(color, 1.9))


def _body(surf, words: str, top: int, inner: pygame.Rect) -> None:
    """The card's words, on a large face only."""
    w, h = surf.get_size()
    if w < 160 or not words:
        return
    rect = pygame.Rect(inner.left + 6, top, inner.w - 12, inner.bottom - top - int(h * 0.1))
    text.draw(surf, words, rect, max(8, w // 15), theme.TEXT, "cond", wrap=True,
              optional=True)


# -- Locations ---------------------------------------------------------------------------------
def _landmark(surf, art: pygame.Rect, seed: int, color) -> None:
    """A tower, a breakwater or a hall: a silhouette on the horizon."""
    ground = art.top + int(art.h * 0.78)
    pygame.draw.rect(surf, shade(color, 0.35), (art.left, ground, art.w, art.bottom - ground))
    cx, kind = art.centerx, seed % 3
    if kind == 0:  # a tower with a lamp
        tw = max(4, art.w // 6)
        pygame.draw.polygon(surf, shade(color, 0.2), [(cx - tw, ground), (cx - tw // 2,
                            art.top + art.h // 4), (cx + tw // 2, art.top + art.h // 4),
                            (cx + tw, ground)])
        pygame.draw.circle(surf, (250, 230, 150), (cx, art.top + art.h // 4 - tw // 2),
                           max(2, tw // 2))
    elif kind == 1:  # a wall of blocks running out to sea
        bw = max(3, art.w // 7)
        for i in range(7):
            bh = int(art.h * (0.18 + 0.05 * ((seed >> i) % 4)))
            pygame.draw.rect(surf, shade(color, 0.25), (art.left + i * bw, ground - bh,
                                                        bw - 1, bh))
    else:  # a hall with a roof and a chimney
        hw = art.w // 3
        pygame.draw.rect(surf, shade(color, 0.22), (cx - hw, ground - art.h // 3, 2 * hw,
                                                    art.h // 3))
        pygame.draw.polygon(surf, shade(color, 0.3), [(cx - hw - 2, ground - art.h // 3),
                                                      (cx, art.top + art.h // 6),
                                                      (cx + hw + 2, ground - art.h // 3)])
        pygame.draw.rect(surf, shade(color, 0.18), (cx + hw // 2, art.top + art.h // 6,
                                                    max(2, hw // 4), art.h // 4))


def paint_location(surf: pygame.Surface, card: CardDef) -> None:
    w, h = surf.get_size()
    inner = frame(surf, LOCATION, shade(LOCATION, 0.2))
    top = _top(surf, card, inner, LOCATION)
    art = pygame.Rect(inner.left + 2, top, inner.w - 4, int(h * (0.62 if w < 70 else 0.42)))
    sky = _hue(card.id, 40, 75)
    gradient(surf, art, sky, shade(sky, 0.45))
    _landmark(surf, art, zlib.crc32(card.id.encode()), sky)
    listed = len(card.data.get("characters") or ())
    if w >= 70:
        _words(surf, f"lists {listed}", pygame.Rect(inner.left, art.bottom + 2, inner.w,
                                                    max(9, int(h * 0.08))),
               int(h * 0.065), theme.TEXT)
    ability = (card.data.get("home_base") or {}).get("text", "")
    _body(surf, "\n".join(x for x in (ability, card.text) if x), art.bottom + int(h * 0.1),
          inner)
    _foot(surf, inner, "LOCATION", LOCATION)


# -- Aspects -----------------------------------------------------------------------------------
def _glyph(surf, play: str, center, r: int, color) -> None:
    x, y = center
    if play == "effect":
        star(surf, center, r, color, 8, 0.5)
        return
    if play in ("attack", "attack-or-defence"):
        pygame.draw.polygon(surf, color, [(x - r * 0.15, y + r), (x - r * 0.15, y - r * 0.6),
                                          (x, y - r), (x + r * 0.15, y - r * 0.6),
                                          (x + r * 0.15, y + r)])
    if play in ("defence", "attack-or-defence"):
        pts = [(x - r * 0.6, y - r * 0.7), (x + r * 0.6, y - r * 0.7), (x + r * 0.6, y),
               (x, y + r * 0.9), (x - r * 0.6, y)]
        pygame.draw.polygon(surf, color, pts, 0 if play == "defence" else max(2, r // 5))


def paint_aspect(surf: pygame.Surface, card: CardDef) -> None:
    w, h = surf.get_size()
    inf = compile_card(card)
    inner = frame(surf, ASPECT, shade(ASPECT, 0.18))
    top = _top(surf, card, inner, ASPECT)
    where = card.data.get("location", "")
    if w >= 70:
        who = "ANY HOME BASE" if where == "any-home-base" else \
            where.replace("-", " ").upper()
        size = max(6, int(h * 0.065))
        _words(surf, who, pygame.Rect(inner.left + 2, top, inner.w - 4, size + 4), size,
               shade(ASPECT, 1.9))
        top += size + 6
    art = pygame.Rect(inner.left + 2, top, inner.w - 4, int(h * (0.5 if w < 70 else 0.34)))
    base = _hue(where, 35, 60)
    gradient(surf, art, base, shade(base, 0.3))
    _glyph(surf, inf.play, art.center, int(min(art.w, art.h) * 0.34), (240, 236, 226))
    if inf.has_value:
        r = max(6, int(w * 0.1))
        center = (art.left + r + 1, art.top + r + 1)
        pygame.draw.circle(surf, (18, 20, 26), center, r + 1)
        pygame.draw.circle(surf, color_of(inf.types[0] if len(inf.types) == 1 else -1),
                           center, r)
        _words(surf, str(inf.value), pygame.Rect(center[0] - r, center[1] - r, 2 * r, 2 * r),
               int(r * 1.4), (18, 20, 26))
    _body(surf, card.text, art.bottom + 4, inner)
    _foot(surf, inner, "ASPECT \u00b7 " + inf.play.replace("attack-or-defence",
                                                          "attack/defence").upper(), ASPECT)


# -- Activators --------------------------------------------------------------------------------
def _key(surf, center, r: int, color) -> None:
    x, y = center
    pygame.draw.circle(surf, color, (int(x - r * 0.45), y), max(2, int(r * 0.45)),
                       max(2, r // 5))
    pygame.draw.rect(surf, color, (x - r * 0.05, y - r * 0.1, r * 1.05, max(2, r // 5)))
    for dx in (0.55, 0.85):
        pygame.draw.rect(surf, color, (x + r * dx, y, max(2, r // 6), r * 0.35))


def paint_activator(surf: pygame.Surface, card: CardDef) -> None:
    w, h = surf.get_size()
    who = card.data.get("character", "")
    inner = frame(surf, ACTIVATOR, shade(ACTIVATOR, 0.18))
    top = _top(surf, card, inner, ACTIVATOR)
    art = pygame.Rect(inner.left + 2, top, inner.w - 4, int(h * (0.62 if w < 70 else 0.42)))
    tint = _hue(who, 55, 70)
    gradient(surf, art, tint, shade(tint, 0.3))
    _key(surf, art.center, int(min(art.w, art.h) * 0.4), (240, 232, 200))
    _body(surf, card.text, art.bottom + 4, inner)
    _foot(surf, inner, "ACTIVATOR", ACTIVATOR)


# -- Events ------------------------------------------------------------------------------------
def paint_event(surf: pygame.Surface, card: CardDef) -> None:
    w, h = surf.get_size()
    inner = frame(surf, EVENT, shade(EVENT, 0.2))
    top = _top(surf, card, inner, EVENT)
    art = pygame.Rect(inner.left + 2, top, inner.w - 4, int(h * (0.62 if w < 70 else 0.4)))
    gradient(surf, art, shade(EVENT, 0.9), shade(EVENT, 0.3))
    r = int(min(art.w, art.h) * 0.42)
    seed = zlib.crc32(card.id.encode())
    for i in range(12):  # rays
        a = i * math.pi / 6 + (seed % 30) / 30
        end = (art.centerx + math.cos(a) * r, art.centery + math.sin(a) * r)
        pygame.draw.line(surf, shade(EVENT, 1.5), art.center, end, max(1, r // 10))
    star(surf, art.center, max(3, r * 2 // 3), (250, 240, 210), 6 + seed % 4, 0.55)
    lasts = DURATION.get(card.data.get("duration", "battle"), "")
    if w >= 70:
        _words(surf, lasts, pygame.Rect(inner.left, art.bottom + 2, inner.w,
                                        max(9, int(h * 0.08))), int(h * 0.065), theme.TEXT)
    _body(surf, card.text, art.bottom + int(h * 0.1), inner)
    _foot(surf, inner, "EVENT", EVENT)


# -- Artifacts ---------------------------------------------------------------------------------
def _gem(surf, center, r: int, color) -> None:
    x, y = center
    pts = [(x - r, y - r * 0.3), (x - r * 0.5, y - r * 0.8), (x + r * 0.5, y - r * 0.8),
           (x + r, y - r * 0.3), (x, y + r)]
    pygame.draw.polygon(surf, color, pts)
    pygame.draw.polygon(surf, shade(color, 1.5), pts, max(1, r // 8))
    pygame.draw.line(surf, shade(color, 1.6), (x - r, y - r * 0.3), (x + r, y - r * 0.3),
                     max(1, r // 10))


def paint_artifact(surf: pygame.Surface, card: CardDef) -> None:
    w, h = surf.get_size()
    inner = frame(surf, ARTIFACT, shade(ARTIFACT, 0.18))
    top = _top(surf, card, inner, ARTIFACT)
    art = pygame.Rect(inner.left + 2, top, inner.w - 4, int(h * (0.62 if w < 70 else 0.42)))
    tint = _hue(card.id, 45, 45)
    gradient(surf, art, tint, shade(tint, 0.3))
    _gem(surf, (art.centerx, art.centery + art.h // 10), int(min(art.w, art.h) * 0.34),
         _hue(card.id, 60, 90))
    r = max(5, int(w * 0.085))
    y = art.top + r + 2
    need, mate = card.data.get("requires") or {}, card.data.get("teammate") or {}
    for i, (req, sign) in enumerate(((need, ""), (mate, "\u2264" if mate.get("or_less")
                                                   else "+"))):
        if not req:
            continue
        t = TYPES.index(req["type"]) if req.get("type") in TYPES else -1
        x = art.left + r + 2 + (0 if i == 0 else art.w - 2 * r - 4)
        letter_chip(surf, t, (x, y), 2 * r)
        if w >= 70:
            label = f"{req['value']}{sign}" if sign != "\u2264" else f"\u2264{req['value']}"
            _words(surf, label, pygame.Rect(x - r - 2, y + r, 2 * r + 4, int(r * 1.4)),
                   int(r * 1.3), theme.TEXT)
    _body(surf, card.text, art.bottom + 4, inner)
    _foot(surf, inner, "ARTIFACT", ARTIFACT)
