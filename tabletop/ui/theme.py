"""Colours, fonts and sizes of the window."""

from __future__ import annotations

import pygame

from .. import ART_DIR

FONT_DIR = ART_DIR / "fonts"

BG = (18, 44, 50)
BG_EDGE = (10, 26, 31)
PANEL = (14, 19, 25)
PANEL_LINE = (44, 54, 66)
TEXT = (236, 239, 243)
MUTED = (150, 162, 176)
DIM = (96, 106, 118)
ACCENT = (255, 198, 70)
LEGAL = (96, 226, 150)
BAD = (240, 86, 86)
GOOD = (110, 210, 120)
BUTTON = (46, 62, 82)
BUTTON_HOVER = (64, 86, 112)
BUTTON_PRIMARY = (196, 136, 32)
BUTTON_PRIMARY_HOVER = (222, 160, 48)
BUTTON_OFF = (36, 42, 50)
ZONE = (255, 255, 255, 18)
ZONE_LINE = (255, 255, 255, 46)

KIND_COLORS = {"condition": (34, 140, 128), "interruption": (120, 72, 178)}
SPEED_COLORS = {"fast": (236, 90, 70), "ranged": (236, 150, 60), "normal": (120, 150, 180),
                "slow": (110, 100, 160), "heal": (90, 190, 110), "boost": (200, 170, 60)}
SEAT_COLORS = [(88, 170, 255), (255, 120, 100), (140, 220, 120), (230, 190, 90)]


def seat_color(seat: int | None) -> tuple:
    """A seat's colour (the accent for no seat)."""
    return SEAT_COLORS[seat % 4] if seat is not None else ACCENT

_fonts: dict[tuple[str, int], pygame.font.Font] = {}
FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "cond": "DejaVuSansCondensed.ttf",
    "condbold": "DejaVuSansCondensed-Bold.ttf",
    "italic": "DejaVuSans-Oblique.ttf",
}


def font(size: int, style: str = "regular") -> pygame.font.Font:
    size = max(6, int(size))
    key = (style, size)
    f = _fonts.get(key)
    if f is None:
        path = FONT_DIR / FILES[style]
        f = pygame.font.Font(str(path) if path.exists() else None, size)
        _fonts[key] = f
    return f
