"""What covers part or all of the table: the card menu, the card under the pointer shown
large and a card zoomed on its own, the hand-over, game-over and help panels (a mixin of
:class:`~tabletop.ui.table.scene.TableScene`, with
:class:`~tabletop.ui.table.draw.TableDrawing`)."""

from __future__ import annotations

import pygame

from .. import text, theme
from ..widgets import Button, Row, ScrollList, panel

HOVER_ZOOM_MS = 550
#: how far the hover zoom's shadow lies from it
ZOOM_SHADOW = (6, 8)


class TablePanels:
    """Menus, zooms and panels over the table."""

    def toggle_help(self) -> None:
        from ...games.help import rules_help

        self.help_open = not self.help_open
        if self.help_open:
            w, h = self.size
            rect = pygame.Rect(w // 2 - 330, 40, 660, h - 80)
            rows = [Row([(line, color, style)]) for line, color, style in
                    _help_rows(rules_help(self.game.info.id))]
            self.help_list = ScrollList((rect.left + 10, rect.top + 50, rect.w - 20,
                                         rect.h - 80), rows, size=15)
            self.help_rect = rect

    #: ``pygame.time.get_ticks()`` as the frame began (``update``)
    frame_ticks = 0

    def _draw_menu(self, surf) -> None:
        if not self.menu:
            return
        box = self.pointer.menu_box
        panel(surf, box, (24, 30, 40), 245, theme.ACCENT, 8)
        text.draw(surf, self.pointer.menu_title, (box.left + 10, box.top + 4, box.w - 20, 18),
                  13, theme.ACCENT, "bold")
        for rect, label, _ in self.menu:
            hover = rect.collidepoint(self.mouse)
            pygame.draw.rect(surf, theme.BUTTON_HOVER if hover else theme.BUTTON, rect,
                             border_radius=5)
            text.draw(surf, label, rect.inflate(-16, 0), 14, theme.TEXT, "bold",
                      valign="middle")

    def _draw_hover_zoom(self, surf) -> None:
        place = self._hover_zoom_place()
        if place is not None:
            pygame.draw.rect(surf, (0, 0, 0), place.move(*ZOOM_SHADOW), border_radius=12)
            img = self.cards.face(self.hover, place.size)
            surf.blit(img, place)

    def _hover_zoom_place(self) -> pygame.Rect | None:
        """Where the large picture of the card under the pointer is shown (None: not
        now: the pointer has not moved onto a card and rested there since the last click,
        or a drag, a menu or a zoom is open)."""
        if self.drag or self.menu or self.zoom is not None or self.hover is None:
            return None
        # the time as the frame began: the marks of the frame and its drawing agree
        if self.frame_ticks - self.pointer.hover_since < HOVER_ZOOM_MS:
            return None
        sprite = self.pointer.sprite_of(self.hover)
        if sprite is None or not sprite.face_up or not sprite.rect.collidepoint(self.mouse):
            return None  # (a card the layout moved away from under a still pointer)
        w, h = self.hover_size()
        table = self.layout_obj.table_rect(self.size)
        x = sprite.rect.right + 10 if sprite.rect.centerx < table.centerx else \
            sprite.rect.left - w - 10
        y = max(4, min(sprite.rect.centery - h // 2, self.size[1] - h - 4))
        return pygame.Rect(x, y, w, h)

    def hover_size(self) -> tuple[int, int]:
        """The size of the card shown while the pointer rests on a card."""
        s = self.layout_obj.scale
        return int(250 * s), int(350 * s)

    def zoom_size(self) -> tuple[int, int]:
        """The size of a card shown on its own (right click)."""
        h = int(self.size[1] * 0.82)
        return int(h * 5 / 7), h

    def _draw_zoom(self, surf, card: int) -> None:
        dim = pygame.Surface(self.size, pygame.SRCALPHA)
        dim.fill((0, 0, 0, 170))
        surf.blit(dim, (0, 0))
        w, h = self.zoom_size()
        img = self.cards.face(card, (w, h))
        surf.blit(img, img.get_rect(center=(self.size[0] // 2, self.size[1] // 2)))

    # -- hand-over, game over, help -----------------------------------------------------------
    def _draw_handover(self, surf) -> None:
        """Between two players sharing the screen: whose move it is, and how to go on
        (the button or Enter shows their cards; Menu, Save and Rules work here too)."""
        box = self._handover_box()
        panel(surf, box, (20, 26, 34), 250, theme.ACCENT, 14)
        seat = self.handover_to
        name = self._seat_name(seat)
        text.draw(surf, f"{name}, your move", (box.left + 20, box.top + 24, box.w - 40, 40), 28,
                  theme.SEAT_COLORS[seat % 4], "bold", align="center", valign="middle")
        text.draw(surf, "Hands are hidden between players. Pass the screen over, then show "
                  "your cards.", (box.left + 30, box.top + 74, box.w - 60, 44), 15,
                  theme.MUTED, align="center", wrap=True)
        self._handover_button.draw(surf)
        text.draw(surf, "Enter or Space shows the cards \u00b7 Esc or Menu: back to the main "
                  "menu (the game is saved)", (box.left + 24, box.bottom - 62, box.w - 48, 44),
                  13, theme.DIM, align="center", wrap=True)

    def _handover_box(self) -> pygame.Rect:
        table = self.layout_obj.table_rect(self.size)
        box = pygame.Rect(0, 0, min(580, table.w - 40), 262)
        box.center = table.center
        return box

    def _place_handover(self) -> None:
        """The hand-over screen's button, placed as the screen is laid out (a click
        before its first frame finds it where it will be drawn)."""
        if self.handover_to is None:
            return
        box = self._handover_box()
        self._handover_button.rect = pygame.Rect(box.centerx - 150, box.top + 130, 300, 46)
        self._handover_button.label = \
            f"Show {self.session.seats[self.handover_to].name}'s cards"

    def _draw_gameover(self, surf) -> None:
        table = self.layout_obj.table_rect(self.size)
        box = pygame.Rect(0, 0, min(600, table.w - 40), 210)
        box.center = (table.centerx, table.centery)
        panel(surf, box, (20, 26, 34), 245, theme.ACCENT, 14)
        s = self.state
        title = self.game.text.headline(s)
        if title is None and s.winners:
            names = " and ".join(self._seat_name(w) for w in s.winners)
            title = f"{names} win{'s' if len(s.winners) == 1 else ''}!"
        elif title is None and s.seats and len(s.eliminated) == s.seats:
            title = "Everyone loses"
        elif title is None and self.game.info.mode in ("solo", "coop"):
            title = "The game is lost"  # nobody to share a draw with
        elif title is None:
            title = "A draw"
        text.draw(surf, title, (box.left + 20, box.top + 16, box.w - 40, 44), 28,
                  theme.ACCENT, "bold", align="center", valign="middle")
        text.draw(surf, getattr(s, "result", ""), (box.left + 24, box.top + 66, box.w - 48,
                                                   70), 15, theme.TEXT, align="center",
                  wrap=True)
        if not getattr(self, "_gameover_buttons", None):
            self._gameover_buttons = [
                Button((0, 0, 170, 40), "Main menu", self.to_menu, size=15),
                Button((0, 0, 170, 40), "Save the log", self.writes.export_log, size=15),
                Button((0, 0, 170, 40), "Review table", self.dismiss_gameover, size=15),
            ]
        bw = min(170, (box.w - 48) // 3)
        bx = box.centerx - (3 * bw + 2 * 12) // 2
        for i, b in enumerate(self._gameover_buttons):
            b.rect = pygame.Rect(bx + i * (bw + 12), box.bottom - 58, bw, 40)
            b.draw(surf)

    def _draw_help(self, surf) -> None:
        dim = pygame.Surface(self.size, pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        surf.blit(dim, (0, 0))
        panel(surf, self.help_rect, (20, 26, 34), 250, theme.ACCENT, 12)
        text.draw(surf, f"How to play {self.game.info.title}",
                  (self.help_rect.left + 20, self.help_rect.top + 12, self.help_rect.w - 40, 30),
                  22, theme.ACCENT, "bold")
        self.help_list.draw(surf)
        text.draw(surf, "Scroll to read \u00b7 click to close",
                  (self.help_rect.left + 20, self.help_rect.bottom - 24, self.help_rect.w - 40,
                   18), 12, theme.MUTED)


def _help_rows(markdown: str) -> list[tuple[str, tuple, str]]:
    rows = []
    for line in markdown.splitlines():
        if not line.strip():
            continue
        if line.startswith("#"):
            rows.append((line.lstrip("# "), theme.ACCENT, "bold"))
        elif line.lstrip().startswith(("-", "*")):
            rows.append(("\u2022 " + line.lstrip(" -*"), theme.TEXT, "regular"))
        else:
            rows.append((line, theme.TEXT, "regular"))
    return rows
