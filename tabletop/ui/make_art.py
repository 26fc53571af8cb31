"""Regenerate the image files in ``art/`` (the window icon and a card back).

    python -m tabletop.ui.make_art

Card faces are drawn by the app itself at any size (``tabletop/ui/cardart.py``); these
files are the few pictures needed outside a running table.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def main() -> None:
    import pygame

    from .. import ART_DIR
    from . import cardart, theme

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((8, 8))
    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    pygame.draw.rect(icon, (20, 26, 44), (0, 0, 64, 64), border_radius=14)
    pygame.draw.rect(icon, theme.ACCENT, (0, 0, 64, 64), 3, border_radius=14)
    cardart.star(icon, (32, 33), 22, theme.ACCENT, 5)
    pygame.image.save(icon, str(ART_DIR / "icon.png"))
    pygame.image.save(cardart.back(250, 350), str(ART_DIR / "card-back.png"))
    print("wrote art/icon.png and art/card-back.png")


if __name__ == "__main__":
    main()
