"""Drawing the table: the static layer (felt, cards, overlays, panel) drawn once per
change, and what moves every frame (the dragged card, highlights, menus, hover zoom,
hand-over and game-over panels, help)."""

from __future__ import annotations

import pygame

from ...engine.state import HIDDEN
from .. import cardart, text, theme
from ..app import background
from ..widgets import Button, panel
from .layout import Sprite

HOVER_ZOOM_MS = 550
SNAP_MS = 160


class TableDrawing:
    """Drawing of :class:`~tabletop.ui.table.scene.TableScene` (a mixin)."""

    def invalidate(self) -> None:
        """The cached layers (table and panel) must be drawn again."""
        self._layers.clear()

    def _layer_keys(self) -> dict[str, tuple]:
        """What each cached layer shows: it is drawn again only when its key changes
        (scrolling the log redraws the panel, not the cards; a drag the cards, not the
        panel)."""
        dragging = self.drag.card if self.drag and self.drag.active else None
        snapping = self.snap[0].card if self.snap else None
        return {
            "table": (self.size, dragging, snapping, id(self.view), self.handover_to),
            "panel": (self.size, self.log_list.offset, len(self.log_list.rows),
                      id(self.view), self.handover_to, self.session.can_undo(),
                      self.session.can_redo()),
        }

    def _draw_layers(self, surf) -> None:
        size = surf.get_size()
        areas = {"table": self.layout_obj.table_rect(self.size), "panel": self.panel_rect}
        for name, key in self._layer_keys().items():
            layer = self._layers.get(name)
            if layer is None or layer[0] != key or layer[1].get_size() != size:
                canvas = layer[1] if layer is not None and layer[1].get_size() == size \
                    else pygame.Surface(size)
                canvas.set_clip(areas[name])
                (self._draw_table_layer if name == "table" else self._draw_panel_static)(canvas)
                canvas.set_clip(None)
                self._layers[name] = layer = (key, canvas)
            surf.blit(layer[1], areas[name], areas[name])

    def _draw_table_layer(self, surf) -> None:
        """The felt, the zones and every card with its overlays (not the dragged one)."""
        background(surf)
        lay = self.layout_obj
        if self.handover_to is not None:
            return
        lay.draw_under(surf, self.view)
        dragging = self.drag.card if self.drag and self.drag.active else None
        snapping = self.snap[0].card if self.snap else None
        carriers = self.game.text.carriers
        playable = {c for m in self.offered() for c in (carriers(m) if self.game.text.gesture(m)
                                                        == "drag" else (m.card,))
                    if c is not None}
        for sprite in lay.sprites:
            if sprite.card in (dragging, snapping) and sprite.card != HIDDEN:
                continue
            self._draw_sprite(surf, sprite)
            if dragging is None and sprite.card in playable and (sprite.zone.endswith(
                    f".{self.viewer}") or lay.can_drag(sprite, self.viewer)):
                _glow(surf, sprite.rect, theme.ACCENT, 2)
        lay.draw_top(surf, self.view)

    def _draw_panel_static(self, surf) -> None:
        hovered = [b for b in self.tools + self.buttons if b.hover]
        for b in hovered:
            b.hover = False
        self._draw_panel(surf)
        for b in hovered:
            b.hover = True

    def draw(self, surf) -> None:
        self._draw_layers(surf)
        for b in self.tools + self.buttons:
            if b.hover:
                b.draw(surf)
        if self.narration is not None and self.narration.visible and self.handover_to is None:
            self.narration.draw(surf)
        if self.handover_to is not None:
            self._draw_handover(surf)
            return
        self._draw_thinking(surf)
        self._draw_hint(surf)
        if self.dialog is not None:
            self.dialog.draw(surf)
        self._draw_moving(surf)
        self._draw_menu(surf)
        self._draw_hover_zoom(surf)
        if self.state.over and not self._review:
            self._draw_gameover(surf)
        if self.zoom is not None:
            self._draw_zoom(surf, self.zoom)
        if self.help_open:
            self._draw_help(surf)
        table = self.layout_obj.table_rect(self.size)
        self.toast.draw(surf, (table.centerx, table.centery), min(620, table.w - 40))

    def _draw_moving(self, surf) -> None:
        """The dragged card with its lit targets, and a card gliding back."""
        lay = self.layout_obj
        dragging = self.drag.card if self.drag and self.drag.active else None
        if dragging is not None:
            targets = self.targets_for(dragging)
            for sprite in lay.sprites:
                if sprite.card in targets:
                    _glow(surf, sprite.rect, theme.LEGAL, 4)
            for name, rect in lay.zones.items():
                if name in targets:
                    _glow(surf, rect, theme.LEGAL, 3, fill=True)
        if self.snap is not None:
            sprite, start, elapsed = self.snap
            t = min(1.0, elapsed / SNAP_MS)
            t = 1 - (1 - t) ** 2  # ease out
            r = sprite.rect
            pos = (start.x + (r.x - start.x) * t, start.y + (r.y - start.y) * t)
            self._draw_card(surf, sprite, pygame.Rect(int(pos[0]), int(pos[1]), *r.size))
        if dragging is not None:
            sp = self.drag.sprite
            rect = pygame.Rect(self.drag.pos[0] - self.drag.grab[0],
                               self.drag.pos[1] - self.drag.grab[1], *sp.rect.size)
            shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=8)
            surf.blit(shadow, rect.move(6, 8))
            self._draw_card(surf, Sprite(sp.card, rect, sp.zone, sp.face_up, 0), rect)

    def _draw_card(self, surf, sprite: Sprite, rect: pygame.Rect) -> None:
        w, h = (rect.h, rect.w) if sprite.angle in (90, 270) else rect.size
        if sprite.face_up and sprite.card != HIDDEN:
            img = cardart.face(self.state.cards[sprite.card], self.game.info.id, w, h)
        else:
            img = cardart.back(w, h)
        if sprite.angle:
            img = cardart.rotated(img, sprite.angle)
        surf.blit(img, rect)
        if sprite.dim:
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            shade.fill((10, 10, 14, 120))
            surf.blit(shade, rect)

    def _draw_sprite(self, surf, sprite: Sprite) -> None:
        self._draw_card(surf, sprite, sprite.rect)
        self.layout_obj.draw_over(surf, self.view, sprite)

    def _draw_panel(self, surf) -> None:
        panel(surf, self.panel_rect, theme.PANEL, 245, theme.PANEL_LINE, 0)
        for b in self.tools:
            b.enabled = True
        self.tools[0].enabled = self.session.can_undo() and self.handover_to is None
        self.tools[1].enabled = self.session.can_redo() and self.handover_to is None
        for b in self.tools:
            if b.label == "Hint":
                b.enabled = self.can_hint() and not self.hint_waiting
        for b in self.tools:
            b.draw(surf)
        x = self.panel_rect.left + 10
        title = f"{self.game.info.title} \u00b7 turn {self.state.turn}"
        surf.blit(text.render(title, 13, theme.MUTED, "bold"), (x + 2, 50))
        box = pygame.Rect(x, 70, self.panel_rect.w - 20, self._status_bottom() - 76)
        pygame.draw.rect(surf, (30, 38, 48), box, border_radius=8)
        actor = self.state.actor
        color = theme.SEAT_COLORS[actor % 4] if actor is not None else theme.ACCENT
        pygame.draw.rect(surf, color, (box.left, box.top, 4, box.h), border_radius=2)
        y = box.top + 7
        for line in self._status_lines():
            y += text.blit_wrapped(surf, line, pygame.Rect(box.left + 12, y, box.w - 18, 200),
                                   15, theme.TEXT, "bold", line_gap=1.3, shrink=False)
        self.draw_hint_lines(surf, pygame.Rect(box.left + 12, y + 2, box.w - 18, 0))
        if self.info:
            pygame.draw.rect(surf, (24, 31, 40), self.info_rect, border_radius=8)
            yy = self.info_rect.top + 5
            for line, color in self.info:
                yy += text.blit_wrapped(surf, line, pygame.Rect(self.info_rect.left + 8, yy,
                                                                self.info_rect.w - 16, 400),
                                        14, color, line_gap=1.4, shrink=False)
        for b in self.buttons:
            b.draw(surf)
        self.log_list.draw(surf)

    def _draw_menu(self, surf) -> None:
        if not self.menu:
            return
        panel(surf, self.menu_box, (24, 30, 40), 245, theme.ACCENT, 8)
        surf.blit(text.render(self.menu_title, 13, theme.ACCENT, "bold"),
                  (self.menu_box.left + 10, self.menu_box.top + 5))
        for rect, label, _ in self.menu:
            hover = rect.collidepoint(self.mouse)
            pygame.draw.rect(surf, theme.BUTTON_HOVER if hover else theme.BUTTON, rect,
                             border_radius=5)
            surf.blit(text.render(label, 14, theme.TEXT, "bold"),
                      (rect.left + 8, rect.centery - 9))

    def _draw_hover_zoom(self, surf) -> None:
        if self.drag or self.menu or self.zoom is not None or self.hover is None:
            return
        if pygame.time.get_ticks() - self.hover_since < HOVER_ZOOM_MS:
            return
        sprite = self._sprite_of(self.hover)
        if sprite is None or not sprite.face_up:
            return
        s = self.layout_obj.scale
        w, h = int(250 * s), int(350 * s)
        table = self.layout_obj.table_rect(self.size)
        x = sprite.rect.right + 10 if sprite.rect.centerx < table.centerx else \
            sprite.rect.left - w - 10
        y = max(4, min(sprite.rect.centery - h // 2, self.size[1] - h - 4))
        img = cardart.face(self.state.cards[self.hover], self.game.info.id, w, h)
        shadow = pygame.Rect(x + 6, y + 8, w, h)
        pygame.draw.rect(surf, (0, 0, 0), shadow, border_radius=12)
        surf.blit(img, (x, y))

    def _draw_zoom(self, surf, card: int) -> None:
        dim = pygame.Surface(self.size, pygame.SRCALPHA)
        dim.fill((0, 0, 0, 170))
        surf.blit(dim, (0, 0))
        h = int(self.size[1] * 0.82)
        w = int(h * 5 / 7)
        img = cardart.face(self.state.cards[card], self.game.info.id, w, h)
        surf.blit(img, img.get_rect(center=(self.size[0] // 2, self.size[1] // 2)))

    def _draw_handover(self, surf) -> None:
        table = self.layout_obj.table_rect(self.size)
        box = pygame.Rect(0, 0, min(560, table.w - 40), 230)
        box.center = table.center
        panel(surf, box, (20, 26, 34), 250, theme.ACCENT, 14)
        seat = self.handover_to
        name = self._seat_name(seat)
        title = text.render(f"{name}, your move", 28, theme.SEAT_COLORS[seat % 4], "bold")
        surf.blit(title, title.get_rect(center=(box.centerx, box.top + 46)))
        text.blit_wrapped(surf, "Hands are hidden between players. Hand the screen over, "
                          "then show your cards.", pygame.Rect(box.left + 30, box.top + 80,
                                                               box.w - 60, 50), 15,
                          theme.MUTED, center=True)
        self._handover_button.rect = pygame.Rect(box.centerx - 140, box.bottom - 70, 280, 46)
        self._handover_button.label = f"Show {self.session.seats[seat].name}'s cards"
        self._handover_button.draw(surf)

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
        img = text.render(title, 28, theme.ACCENT, "bold")
        surf.blit(img, img.get_rect(center=(box.centerx, box.top + 38)))
        text.blit_wrapped(surf, getattr(s, "result", ""), pygame.Rect(box.left + 24, box.top + 66,
                                                                       box.w - 48, 70),
                          15, theme.TEXT, center=True)
        if not getattr(self, "_gameover_buttons", None):
            self._gameover_buttons = [
                Button((0, 0, 170, 40), "Main menu", self.to_menu, size=15),
                Button((0, 0, 170, 40), "Save the log", self.export_log, size=15),
                Button((0, 0, 170, 40), "Review table", self.dismiss_gameover, size=15),
            ]
        bx = box.centerx - (3 * 170 + 2 * 12) // 2
        for i, b in enumerate(self._gameover_buttons):
            b.rect = pygame.Rect(bx + i * 182, box.bottom - 58, 170, 40)
            b.draw(surf)

    def _draw_help(self, surf) -> None:
        dim = pygame.Surface(self.size, pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        surf.blit(dim, (0, 0))
        panel(surf, self.help_rect, (20, 26, 34), 250, theme.ACCENT, 12)
        title = text.render(f"How to play {self.game.info.title}", 22, theme.ACCENT, "bold")
        surf.blit(title, (self.help_rect.left + 20, self.help_rect.top + 14))
        self.help_list.draw(surf)
        hint = text.render("Scroll to read \u00b7 click to close", 12, theme.MUTED)
        surf.blit(hint, (self.help_rect.left + 20, self.help_rect.bottom - 22))


def _glow(surf, rect: pygame.Rect, color, width: int, fill: bool = False) -> None:
    r = rect.inflate(width * 2 + 2, width * 2 + 2)
    box = pygame.Surface(r.size, pygame.SRCALPHA)
    if fill:
        pygame.draw.rect(box, (*color, 40), box.get_rect(), border_radius=10)
    pygame.draw.rect(box, (*color, 230), box.get_rect(), width, border_radius=10)
    surf.blit(box, r)
