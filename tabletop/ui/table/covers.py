"""What covers part or all of the table: the card menu, the card under the pointer shown
large and a card zoomed on its own, the hand-over, game-over and help panels (a mixin of
:class:`~tabletop.ui.table.renderer.TableRenderer`; the panels' words and buttons are
the table's, in the frame)."""

from __future__ import annotations

import pygame

from .. import text, theme
from ..widgets import panel
from .frame import TableFrame
from .layout import Layout

HOVER_ZOOM_MS = 550
#: how far the hover zoom's shadow lies from it
ZOOM_SHADOW = (6, 8)


def handover_box(layout: Layout, size: tuple[int, int]) -> pygame.Rect:
    """The hand-over panel's place, in the middle of the table."""
    table = layout.table_rect(size)
    box = pygame.Rect(0, 0, min(580, table.w - 40), 262)
    box.center = table.center
    return box


def gameover_box(layout: Layout, size: tuple[int, int]) -> pygame.Rect:
    """The game-over panel's place, in the middle of the table."""
    table = layout.table_rect(size)
    box = pygame.Rect(0, 0, min(600, table.w - 40), 210)
    box.center = (table.centerx, table.centery)
    return box


def place_gameover_buttons(buttons: list, box: pygame.Rect) -> None:
    """The game-over panel's buttons in a row along the bottom of ``box``."""
    bw = min(170, (box.w - 48) // 3)
    bx = box.centerx - (len(buttons) * bw + (len(buttons) - 1) * 12) // 2
    for i, b in enumerate(buttons):
        b.rect = pygame.Rect(bx + i * (bw + 12), box.bottom - 58, bw, 40)


def zoom_size(size: tuple[int, int]) -> tuple[int, int]:
    """The size of a card shown on its own (right click) in a window of ``size``."""
    h = int(size[1] * 0.82)
    return int(h * 5 / 7), h


class TableCovers:
    """Menus, zooms and panels over the table."""

    def _draw_menu(self, surf, f: TableFrame) -> None:
        pointer = f.pointer
        if not pointer.menu:
            return
        box = pointer.menu_box
        panel(surf, box, (24, 30, 40), 245, theme.ACCENT, 8)
        text.draw(surf, pointer.menu_title, (box.left + 10, box.top + 4, box.w - 20, 18),
                  13, theme.ACCENT, "bold")
        for rect, label, _ in pointer.menu:
            hover = rect.collidepoint(pointer.mouse)
            pygame.draw.rect(surf, theme.BUTTON_HOVER if hover else theme.BUTTON, rect,
                             border_radius=5)
            text.draw(surf, label, rect.inflate(-16, 0), 14, theme.TEXT, "bold",
                      valign="middle")

    def _draw_hover_zoom(self, surf, f: TableFrame) -> None:
        place = self.hover_zoom_place(f)
        if place is not None:
            pygame.draw.rect(surf, (0, 0, 0), place.move(*ZOOM_SHADOW), border_radius=12)
            img = self.cards.face(f.pointer.hover, place.size)
            surf.blit(img, place)

    @staticmethod
    def hover_zoom_place(f: TableFrame) -> pygame.Rect | None:
        """Where the large picture of the card under the pointer is shown (None: not
        now: the pointer has not moved onto a card and rested there since the last click,
        or a drag, a menu or a zoom is open)."""
        pointer = f.pointer
        if pointer.drag or pointer.menu or pointer.zoom is not None or pointer.hover is None:
            return None
        # the time as the frame began: the marks of the frame and its drawing agree
        if f.ticks - pointer.hover_since < HOVER_ZOOM_MS:
            return None
        sprite = pointer.sprite_of(pointer.hover)
        if sprite is None or not sprite.face_up or not sprite.rect.collidepoint(pointer.mouse):
            return None  # (a card the layout moved away from under a still pointer)
        w, h = f.hover_size
        table = f.layout.table_rect(f.size)
        x = sprite.rect.right + 10 if sprite.rect.centerx < table.centerx else \
            sprite.rect.left - w - 10
        y = max(4, min(sprite.rect.centery - h // 2, f.size[1] - h - 4))
        return pygame.Rect(x, y, w, h)

    def _draw_zoom(self, surf, f: TableFrame) -> None:
        dim = pygame.Surface(f.size, pygame.SRCALPHA)
        dim.fill((0, 0, 0, 170))
        surf.blit(dim, (0, 0))
        img = self.cards.face(f.pointer.zoom, zoom_size(f.size))
        surf.blit(img, img.get_rect(center=(f.size[0] // 2, f.size[1] // 2)))

    # -- hand-over, game over, help ------------------------------------------------------------
    @staticmethod
    def _draw_handover(surf, f: TableFrame) -> None:
        """Between two players sharing the screen: whose move it is, and how to go on
        (the button or Enter shows their cards; Menu, Save and Rules work here too)."""
        box = handover_box(f.layout, f.size)
        panel(surf, box, (20, 26, 34), 250, theme.ACCENT, 14)
        hand = f.handover
        text.draw(surf, f"{hand.name}, your move",
                  (box.left + 20, box.top + 24, box.w - 40, 40), 28,
                  theme.SEAT_COLORS[hand.seat % 4], "bold", align="center", valign="middle")
        text.draw(surf, "Hands are hidden between players. Pass the screen over, then show "
                  "your cards.", (box.left + 30, box.top + 74, box.w - 60, 44), 15,
                  theme.MUTED, align="center", wrap=True)
        hand.button.draw(surf)
        text.draw(surf, "Enter or Space shows the cards \u00b7 Esc or Menu: back to the main "
                  "menu (the game is saved)", (box.left + 24, box.bottom - 62, box.w - 48, 44),
                  13, theme.DIM, align="center", wrap=True)

    @staticmethod
    def _draw_gameover(surf, f: TableFrame) -> None:
        box = gameover_box(f.layout, f.size)
        panel(surf, box, (20, 26, 34), 245, theme.ACCENT, 14)
        over = f.gameover
        text.draw(surf, over.title, (box.left + 20, box.top + 16, box.w - 40, 44), 28,
                  theme.ACCENT, "bold", align="center", valign="middle")
        text.draw(surf, over.result, (box.left + 24, box.top + 66, box.w - 48, 70), 15,
                  theme.TEXT, align="center", wrap=True)
        for b in over.buttons:  # (placed by the table: :func:`place_gameover_buttons`)
            b.draw(surf)

    @staticmethod
    def _draw_help(surf, f: TableFrame) -> None:
        dim = pygame.Surface(f.size, pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        surf.blit(dim, (0, 0))
        rect = f.help.rect
        panel(surf, rect, (20, 26, 34), 250, theme.ACCENT, 12)
        text.draw(surf, f.help.title, (rect.left + 20, rect.top + 12, rect.w - 40, 30),
                  22, theme.ACCENT, "bold")
        f.help.rows.draw(surf)
        text.draw(surf, "Scroll to read \u00b7 click to close",
                  (rect.left + 20, rect.bottom - 24, rect.w - 40, 18), 12, theme.MUTED)
