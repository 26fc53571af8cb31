"""Brawl's side and attack-type icons and their colours."""

from __future__ import annotations

import pygame

from .. import palette, theme
from ..cardart import bolt, shade, star

SIDE_COLORS = {"hero": (48, 112, 196), "gray": (112, 120, 132), "villain": (178, 46, 60)}
ATTACK_COLORS = {"physical": (222, 130, 52), "energy": (244, 206, 58),
                 "mental": (176, 112, 230), "fate": (62, 188, 164)}
palette.swatch(globals(), "SIDE_COLORS", {
    "hero": (0, 114, 178), "gray": (90, 90, 100), "villain": (150, 60, 30)}, "Brawl sides")
palette.swatch(globals(), "ATTACK_COLORS", {
    "physical": (213, 94, 0), "energy": (240, 228, 66), "mental": (180, 100, 210),
    "fate": (0, 158, 115)}, "Brawl attack types")


def side_icon(surf, side: str, rect: pygame.Rect) -> None:
    """Hero: a shield; Gray: a split diamond; Villain: a horned mask."""
    color = SIDE_COLORS.get(side, theme.MUTED)
    x, y, w, h = rect
    cx = x + w / 2
    pygame.draw.circle(surf, (18, 20, 26), rect.center, min(w, h) // 2 + 1)
    if side == "hero":
        pts = [(x + w * 0.2, y + h * 0.2), (x + w * 0.8, y + h * 0.2), (x + w * 0.8, y + h * 0.5),
               (cx, y + h * 0.88), (x + w * 0.2, y + h * 0.5)]
        pygame.draw.polygon(surf, shade(color, 1.3), pts)
    elif side == "gray":
        pts = [(cx, y + h * 0.12), (x + w * 0.85, y + h / 2), (cx, y + h * 0.88),
               (x + w * 0.15, y + h / 2)]
        pygame.draw.polygon(surf, (200, 204, 210), pts)
        pygame.draw.polygon(surf, (70, 74, 80), pts[:3])
    else:
        c = shade(color, 1.25)
        pygame.draw.polygon(surf, c, [(x + w * 0.18, y + h * 0.12), (x + w * 0.42, y + h * 0.4),
                                      (x + w * 0.25, y + h * 0.5)])
        pygame.draw.polygon(surf, c, [(x + w * 0.82, y + h * 0.12), (x + w * 0.58, y + h * 0.4),
                                      (x + w * 0.75, y + h * 0.5)])
        pygame.draw.circle(surf, c, (int(cx), int(y + h * 0.58)), int(w * 0.28))
        for sgn in (-1, 1):
            pygame.draw.circle(surf, (18, 20, 26), (int(cx + sgn * w * 0.11), int(y + h * 0.56)),
                               max(1, int(w * 0.07)))


def attack_icon(surf, attack: str, rect: pygame.Rect) -> None:
    """Physical: a fist; Energy: a bolt; Mental: an eye; Fate: a four-point star."""
    color = ATTACK_COLORS.get(attack, theme.MUTED)
    x, y, w, h = rect
    pygame.draw.circle(surf, (18, 20, 26), rect.center, min(w, h) // 2 + 1)
    if attack == "physical":
        fist = pygame.Rect(x + w * 0.22, y + h * 0.3, w * 0.56, h * 0.45)
        pygame.draw.rect(surf, color, fist, border_radius=max(1, w // 8))
        for i in range(1, 4):
            fx = fist.left + fist.w * i / 4
            pygame.draw.line(surf, (18, 20, 26), (fx, fist.top), (fx, fist.top + fist.h * 0.4))
        pygame.draw.rect(surf, color, (x + w * 0.3, y + h * 0.7, w * 0.4, h * 0.16))
    elif attack == "energy":
        bolt(surf, rect.inflate(-w * 0.3, -h * 0.2), color)
    elif attack == "mental":
        pygame.draw.ellipse(surf, color, (x + w * 0.12, y + h * 0.3, w * 0.76, h * 0.4))
        pygame.draw.circle(surf, (18, 20, 26), rect.center, max(1, int(w * 0.14)))
        pygame.draw.circle(surf, color, rect.center, max(1, int(w * 0.06)))
    else:
        star(surf, rect.center, int(min(w, h) * 0.4), color, 4, 0.35)
