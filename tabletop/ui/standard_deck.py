"""Faces of the standard deck's playing cards, drawn in code (original art).

Any game that uses the shared ``standard-deck`` set can paint its cards with
:func:`paint_playing_card` (rank and suit in two corners, the pips of a number card,
a masked figure on a court card, a starburst on an ace, a domino mask on a joker) and
pass a few lines to show what the card means in that game. The set's cards on their own
are drawn by :data:`PAINTERS`.
"""

from __future__ import annotations

import math

import pygame

from ..engine.cards import CardDef
from ..engine.standard_deck import playing_card
from . import text
from .cardart import CardPainters, portrait, shade, star

PAPER = (250, 246, 236)
INK = {"red": (196, 32, 44), "black": (28, 30, 38)}
EDGE = (150, 140, 120)
#: pip positions (x, y in 0..1) of the number cards
PIPS = {
    2: [(0.5, 0.0), (0.5, 1.0)],
    3: [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    4: [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)],
    5: [(0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)],
    6: [(0.0, 0.0), (1.0, 0.0), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)],
    7: [(0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)],
    8: [(0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.5, 0.75), (0.0, 1.0),
        (1.0, 1.0)],
    9: [(0.0, 0.0), (1.0, 0.0), (0.0, 1 / 3), (1.0, 1 / 3), (0.5, 0.5), (0.0, 2 / 3),
        (1.0, 2 / 3), (0.0, 1.0), (1.0, 1.0)],
    10: [(0.0, 0.0), (1.0, 0.0), (0.5, 1 / 6), (0.0, 1 / 3), (1.0, 1 / 3), (0.0, 2 / 3),
         (1.0, 2 / 3), (0.5, 5 / 6), (0.0, 1.0), (1.0, 1.0)],
}


def pip(surf: pygame.Surface, suit: str, center, size: float, color,
        upside_down: bool = False) -> None:
    """A suit symbol drawn from circles and polygons, ``size`` pixels tall."""
    cx, cy = center
    r = size / 2
    flip = -1 if upside_down else 1

    def pt(dx: float, dy: float) -> tuple[float, float]:
        return cx + dx * r, cy + dy * r * flip

    if suit == "diamonds":
        pygame.draw.polygon(surf, color, [pt(0, -1), pt(0.72, 0), pt(0, 1), pt(-0.72, 0)])
    elif suit == "hearts":
        lobe = max(1, int(r * 0.5))
        pygame.draw.circle(surf, color, pt(-0.46, -0.38), lobe)
        pygame.draw.circle(surf, color, pt(0.46, -0.38), lobe)
        pygame.draw.polygon(surf, color, [pt(-0.95, -0.22), pt(0.95, -0.22), pt(0, 0.95)])
    elif suit == "spades":
        lobe = max(1, int(r * 0.46))
        pygame.draw.circle(surf, color, pt(-0.44, 0.2), lobe)
        pygame.draw.circle(surf, color, pt(0.44, 0.2), lobe)
        pygame.draw.polygon(surf, color, [pt(-0.9, 0.08), pt(0.9, 0.08), pt(0, -0.98)])
        pygame.draw.polygon(surf, color, [pt(0, 0.35), pt(0.32, 0.98), pt(-0.32, 0.98)])
    else:  # clubs
        lobe = max(1, int(r * 0.42))
        pygame.draw.circle(surf, color, pt(0, -0.52), lobe)
        pygame.draw.circle(surf, color, pt(-0.52, 0.12), lobe)
        pygame.draw.circle(surf, color, pt(0.52, 0.12), lobe)
        pygame.draw.polygon(surf, color, [pt(0, -0.1), pt(0.3, 0.98), pt(-0.3, 0.98)])


def _corner(surf: pygame.Surface, rank: str, suit: str | None, color, w: int,
            joker: bool, bottom: int | None) -> None:
    """Rank over a small pip, top-left, and the same upside down bottom-right (its
    lower edge at ``bottom``; None: no second corner)."""
    size = max(8, int(w * (0.15 if w < 180 else 0.13)))
    corner = pygame.Surface((int(size * 1.6), int(size * 2.3)), pygame.SRCALPHA)
    top = pygame.Rect(0, 0, corner.get_width(), int(size * 1.15))
    if joker:
        text.draw(corner, "\u2605", top, size, color, "bold", align="center")
    else:
        text.draw(corner, rank, top, size, color, "condbold", align="center", min_size=6)
        pip(corner, suit, (corner.get_width() / 2, size * 1.55), size * 0.75, color)
    pad = max(2, w // 24)
    surf.blit(corner, (pad, pad))
    if bottom is not None:
        flipped = pygame.transform.rotate(corner, 180)
        surf.blit(flipped, (surf.get_width() - pad - flipped.get_width(),
                            bottom - pad - flipped.get_height()))


def _court(surf: pygame.Surface, box: pygame.Rect, card: CardDef, rank: str, colour: str,
           suit: str) -> None:
    """J, Q, K: a masked figure in a frame, with the rank's emblem above its head."""
    ink = INK[colour]
    base = (150, 40, 52) if colour == "red" else (44, 52, 78)
    accent = (236, 196, 80) if rank == "K" else (120, 200, 230) if rank == "Q" else \
        (150, 220, 120)
    portrait(surf, box, card, base, accent)
    pygame.draw.rect(surf, ink, box, max(1, box.w // 30))
    cx, top = box.centerx, box.top + box.h * 0.1
    r = box.w * 0.16
    if rank == "K":  # a crown
        pts = [(cx - r, top + r * 0.8), (cx - r, top), (cx - r / 2, top + r * 0.45),
               (cx, top - r * 0.2), (cx + r / 2, top + r * 0.45), (cx + r, top),
               (cx + r, top + r * 0.8)]
        pygame.draw.polygon(surf, accent, pts)
    elif rank == "Q":  # a circlet with a gem
        pygame.draw.ellipse(surf, accent, (cx - r, top, 2 * r, r * 0.7), max(1, int(r / 4)))
        gem = [(cx, top - r * 0.35), (cx + r * 0.3, top + r * 0.1), (cx, top + r * 0.5),
               (cx - r * 0.3, top + r * 0.1)]
        pygame.draw.polygon(surf, (240, 240, 255), gem)
    else:  # a lightning feather
        pts = [(cx + r * 0.2, top - r * 0.4), (cx - r * 0.5, top + r * 0.5),
               (cx, top + r * 0.45), (cx - r * 0.3, top + r * 1.2),
               (cx + r * 0.6, top + r * 0.15), (cx + r * 0.1, top + r * 0.2)]
        pygame.draw.polygon(surf, accent, pts)
    mini = max(6, box.w * 0.2)
    pip(surf, suit, (box.left + mini * 0.75, box.top + mini * 0.75), mini, PAPER)
    pip(surf, suit, (box.right - mini * 0.75, box.bottom - mini * 0.75), mini, PAPER,
        upside_down=True)


def _ace(surf: pygame.Surface, box: pygame.Rect, suit: str, color) -> None:
    c = box.center
    r = min(box.w, box.h) * 0.48
    for i in range(16):
        a = i * math.pi / 8
        pts = [c, (c[0] + math.cos(a - 0.09) * r, c[1] + math.sin(a - 0.09) * r),
               (c[0] + math.cos(a + 0.09) * r, c[1] + math.sin(a + 0.09) * r)]
        pygame.draw.polygon(surf, shade(color, 0.35) if i % 2 else (232, 214, 170), pts)
    pygame.draw.circle(surf, PAPER, c, int(r * 0.62))
    pygame.draw.circle(surf, color, c, int(r * 0.62), max(1, int(r * 0.05)))
    pip(surf, suit, c, r * 0.9, color)


def _joker(surf: pygame.Surface, box: pygame.Rect, colour: str) -> None:
    ink = INK[colour]
    c = box.center
    r = min(box.w, box.h) * 0.46
    star(surf, c, int(r), shade(ink, 1.0) if colour == "red" else (70, 76, 100), 12, 0.55)
    star(surf, c, int(r * 0.7), (238, 200, 90), 12, 0.6)
    # a domino mask
    mw, mh = r * 1.2, r * 0.5
    mask = pygame.Rect(0, 0, int(mw), int(mh))
    mask.center = c
    pygame.draw.ellipse(surf, ink, mask)
    for sgn in (-1, 1):
        eye = pygame.Rect(0, 0, int(mw * 0.28), int(mh * 0.38))
        eye.center = (c[0] + sgn * mw * 0.22, c[1] - mh * 0.05)
        pygame.draw.ellipse(surf, PAPER, eye)


def band_strip(w: int, h: int, band: str) -> pygame.Rect | None:
    """Where a face of ``w`` x ``h`` draws ``band`` across its foot (None: not drawn, on a
    large card or where it does not fit); a table covering the band uses the same rect."""
    if not band or w >= 180:
        return None
    foot = max(10, int(h * 0.13))
    if not text.fits(band, (0, 0, w - 10, foot), foot * 78 // 100, "condbold"):
        return None
    return pygame.Rect(3, h - foot - 3, w - 6, foot)


def paint_playing_card(surf: pygame.Surface, card: CardDef, lines: tuple[str, ...] = (),
                       band: str = "") -> None:
    """Draw the face; ``band`` is a short line across the foot of a small card, ``lines``
    what the card means in the game (shown on a large card)."""
    w, h = surf.get_size()
    pc = playing_card(card)
    color = INK[pc.colour]
    radius = max(4, w // 12)
    pygame.draw.rect(surf, EDGE, (0, 0, w, h), border_radius=radius)
    pygame.draw.rect(surf, PAPER, (1, 1, w - 2, h - 2), border_radius=radius)
    big = w >= 180
    strip = band_strip(w, h, band)
    foot = strip.h if strip else 0
    info_h = int(h * 0.36) if big and lines else 0
    margin_x = int(w * 0.26)
    top = int(h * 0.12)
    box = pygame.Rect(margin_x, top, w - 2 * margin_x, h - top - int(h * 0.12) - foot - info_h)
    if pc.joker:
        _joker(surf, box.inflate(int(w * 0.12), 0), pc.colour)
    elif pc.rank == "A":
        _ace(surf, box.inflate(int(w * 0.1), 0), pc.suit, color)
    elif pc.rank in ("J", "Q", "K"):
        _court(surf, box, card, pc.rank, pc.colour, pc.suit)
    else:
        n = int(pc.rank)
        size = min(box.w * (0.42 if n < 7 else 0.36), box.h / (4.2 if n < 7 else 5.0))
        inner = box.inflate(-int(size), -int(size))
        for x, y in PIPS[n]:
            pip(surf, pc.suit, (inner.left + x * inner.w, inner.top + y * inner.h), size, color,
                upside_down=y > 0.55)
    _corner(surf, pc.rank or "", pc.suit, color, w, pc.joker,
            None if info_h else h - foot - (2 if foot else 0))
    if strip:
        pygame.draw.rect(surf, shade(color, 0.9) if pc.colour == "red" else (52, 58, 74), strip,
                         border_radius=max(2, foot // 3))
        text.draw(surf, band, strip.inflate(-4, 0), int(foot * 0.78), PAPER, "condbold",
                  align="center", valign="middle", optional=w < 110)
    if info_h:
        panel = pygame.Rect(int(w * 0.06), h - info_h - int(h * 0.1), int(w * 0.88), info_h)
        pygame.draw.rect(surf, (238, 232, 216), panel, border_radius=6)
        pygame.draw.rect(surf, shade(EDGE, 1.1), panel, 1, border_radius=6)
        _meaning(surf, lines, panel.inflate(-16, -8), max(9, int(w * 0.052)), color)


def paint_plain(surf: pygame.Surface, card: CardDef) -> None:
    paint_playing_card(surf, card)


def _meaning(surf: pygame.Surface, lines: tuple[str, ...], box: pygame.Rect, size: int,
             color) -> None:
    """What the card means in the game, in ``box``: the first line bold; every line at
    the largest size at which all of them fit."""
    while size > text.MIN_SIZE and sum(text.height_of(line, box.w, size, "cond")
                                       for line in lines) > box.h:
        size -= 1
    y = box.top
    for i, line in enumerate(lines):
        style = "condbold" if i == 0 else "cond"
        h = text.height_of(line, box.w, size, style)
        text.draw(surf, line, (box.left, y, box.w, min(h, box.bottom - y)), size,
                  color if i == 0 else (50, 50, 60), style, wrap=True)
        y += h


#: the standard deck's cards on their own, with no game's meaning
PAINTERS = CardPainters("standard-deck", {"playing-card": paint_plain})
