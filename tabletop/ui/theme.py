"""Colours, fonts and sizes of the window.

Two of the player's settings act here: the **text size** (:func:`set_text_scale`: every
font of the window's own words, menus, panel, log and dialogs, is that much bigger; a
card's face is painted at its card's size, :func:`card_text`) and the **palette**
(:mod:`.palette` swaps the colours below and the games' own for colour-blind-safe ones).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

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
    "mono": "DejaVuSansMono.ttf",  # a card file's line with a caret under a column
}


#: the player's text size (1.0: as designed; the Settings offer 100-175%)
chosen_scale = 1.0
#: the text size in effect: the player's, as far as the window has room for it
text_scale = 1.0
#: the factor fonts are made with now: :data:`text_scale`, or 1 while a card face is painted
_factor = 1.0


def most_scale(size: tuple[int, int]) -> float:
    """The largest text size a window of ``size`` has room for: 125% in the smallest
    (1024x640), 175% from 1920x1080, in between in proportion."""
    window = min(size[0] / 1280, size[1] / 720)
    return round(min(1.75, max(1.25, 1.25 + (window - 0.8) / 0.7 * 0.5)), 3)


def set_text_scale(scale: float, size: tuple[int, int] | None = None) -> None:
    """Make every text of the window's own ``scale`` times its designed size, as far as
    a window of ``size`` has room for (:func:`most_scale`; None: the size it was last
    given). The caches of measured and placed texts are keyed by the factor."""
    global chosen_scale, text_scale, _factor, _window
    chosen_scale = float(scale)
    if size is not None:
        _window = tuple(size)
    text_scale = _factor = min(chosen_scale, most_scale(_window)) if _window else chosen_scale


_window: tuple | None = None


def ui(v: float) -> int:
    """``v`` pixels of a control that holds text (a button's height, a line's), at the
    player's text size."""
    return int(round(v * text_scale))


def factor() -> float:
    """The factor :func:`font` applies now (the text caches key on it)."""
    return _factor


@contextlib.contextmanager
def card_text() -> Iterator[None]:
    """Inside the block fonts are at their designed size: a card's face is painted at the
    card's own size (a bigger window gives bigger cards), whatever the text size."""
    global _factor
    outer, _factor = _factor, 1.0
    try:
        yield
    finally:
        _factor = outer


def font(size: int, style: str = "regular") -> pygame.font.Font:
    size = max(6, int(round(size * _factor)) if _factor != 1.0 else int(size))
    key = (style, size)
    f = _fonts.get(key)
    if f is None:
        path = FONT_DIR / FILES[style]
        f = pygame.font.Font(str(path) if path.exists() else None, size)
        _fonts[key] = f
    return f
