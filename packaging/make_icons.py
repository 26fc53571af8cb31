"""Regenerate the desktop icons in ``packaging/linux/icons/`` from the app's own icon.

    python packaging/make_icons.py

The picture is the window icon's (``tabletop/ui/make_art.py``: a dark rounded square with
a gold rim and a gold star, drawn with :func:`tabletop.ui.cardart.star` in
:data:`tabletop.ui.theme.ACCENT`), drawn again at each size rather than scaled up from the
64-pixel ``art/icon.png``: four times larger, then smooth-scaled down, so its edges are
smooth at every size. The files follow the freedesktop icon theme's layout
(``<size>x<size>/tabletop.png``, copied to ``hicolor/<size>x<size>/apps/``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

HERE = Path(__file__).resolve().parent
ICONS = HERE / "linux" / "icons"
SIZES = (48, 128, 256)
#: drawn this many times larger, then smooth-scaled down (anti-aliased edges)
OVERSAMPLE = 4

if str(HERE.parent) not in sys.path:  # run from a checkout that is not installed
    sys.path.insert(0, str(HERE.parent))


def draw_icon(size: int):
    """The app icon as a ``size`` x ``size`` surface with alpha: ``make_art``'s 64-pixel
    design scaled to ``size``."""
    import pygame

    from tabletop.ui import cardart, theme

    big = size * OVERSAMPLE
    k = big / 64  # make_art draws on a 64-pixel square
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    radius = round(14 * k)
    pygame.draw.rect(surf, (20, 26, 44), (0, 0, big, big), border_radius=radius)
    pygame.draw.rect(surf, theme.ACCENT, (0, 0, big, big), max(1, round(3 * k)),
                     border_radius=radius)
    cardart.star(surf, (round(32 * k), round(33 * k)), round(22 * k), theme.ACCENT, 5)
    return pygame.transform.smoothscale(surf, (size, size))


def main(out: Path = ICONS) -> list[Path]:
    import pygame

    pygame.display.init()
    try:
        pygame.display.set_mode((8, 8))  # convert() and friends need a display
        written = []
        for size in SIZES:
            path = out / f"{size}x{size}" / "tabletop.png"
            path.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(draw_icon(size), str(path))
            written.append(path)
            print(f"wrote {path}")
        return written
    finally:
        pygame.display.quit()


if __name__ == "__main__":
    main()
