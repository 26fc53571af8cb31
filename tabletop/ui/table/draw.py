"""Drawing the table: its layers (felt, cards, overlays, panel, log; painted when they
change by :mod:`~tabletop.ui.table.painting`), and what moves every frame (the dragged
card and its lit targets, gliding cards, rising numbers, another player's move shown);
menus, zooms and the panels over the table are in :mod:`~tabletop.ui.table.panels`."""

from __future__ import annotations

from collections.abc import Iterator

import pygame

from ...engine.state import HIDDEN
from .. import pictures, text, theme
from ..app import background
from ..widgets import panel
from .layout import Sprite
from .marks import TableMarks
from .messages import TableMessages
from .overlays import TableOverlays, glow
from .painting import TablePainting
from .panels import TablePanels

#: gliding cards keep their overlays (health...) on the way when no more than this many
#: glide at once (a whole table moving draws bare cards for those few frames)
GLIDE_OVERLAYS = 12
#: the cards of the table are painted in about this many steps (a few cards each)
CARD_STEPS = 6


class TableDrawing(TablePainting, TablePanels, TableMarks, TableOverlays, TableMessages):
    """Drawing of :class:`~tabletop.ui.table.scene.TableScene` (a mixin): what its
    picture's layers are drawn with (painted by :class:`~tabletop.ui.table.painting.
    TablePainting`) and what each frame draws over the picture."""

    def _draw_arrived(self, surf) -> None:
        """Cards back in their places (their glide ended) that the picture does not show
        yet: drawn over it until it does."""
        for sprite in self._arrived():
            self._draw_sprite(surf, sprite)

    def _draw_log(self, surf) -> None:
        """The log alone, over the panel's background (its area only: see
        :meth:`_draw_layers`)."""
        surf.blit(panel_ground(self.panel_rect.size), self.panel_rect)
        with text.layer("panel"):
            self.log_list.draw(surf)

    def _off_table(self) -> tuple[set[int], set[int]]:
        """The cards not drawn in the table layer (dragged, gliding) and those lit as
        playable."""
        return self.motion.moving | {self.dragged_card}, self._glowing()

    def _glowing(self) -> set[int]:
        """The cards lit as playable (only while nothing is dragged)."""
        return set() if self.dragged_card is not None else self._lit()

    def _lit(self) -> set[int]:
        """The cards a move uses, which light up while nothing is dragged."""
        lay = self.layout_obj
        carriers = self.kit.gestures.carriers
        playable = {c for m in self.offered() for c in (carriers(m) if self.kit.gestures.gesture(m)
                                                        == "drag" else (m.card,))
                    if c is not None}
        return {sp.card for sp in lay.sprites if sp.card in playable and (
            sp.zone.endswith(f".{self.viewer}") or lay.can_drag(sp, self.viewer))}

    def _draw_table_layer(self, surf) -> None:
        """The felt, the zones and every card with its overlays (not the dragged one nor
        those gliding: they are drawn every frame), in one go."""
        for _ in self._table_steps(surf, *self._off_table()):
            pass

    def _table_steps(self, surf, away: set[int], glowing: set[int]) -> Iterator[None]:
        """The table layer a step at a time: the felt and the zones, each card, what is
        drawn over them all."""
        background(surf)
        lay = self.layout_obj
        if self.handover_to is not None:
            return
        yield  # (the felt of a new size is painted once: a step of its own)
        with text.layer("under"):
            lay.draw_under(surf, self.view)
        yield
        shown = [sp for sp in lay.sprites if sp.card not in away or sp.card == HIDDEN]
        per_step = max(4, len(shown) // CARD_STEPS + 1)
        for i, sprite in enumerate(shown, 1):
            if not self.cards.painted(sprite):
                # a face not painted at this size yet (a new window size, a card not
                # seen before): a step of its own, the longest kind
                self.cards.picture(sprite, sprite.rect.size)
                yield
            with text.layer("over"):
                self._draw_sprite(surf, sprite)
                if sprite.card in glowing:
                    glow(surf, sprite.rect, theme.ACCENT, 2)
            if i % per_step == 0:
                yield
        with text.layer("top"):
            lay.draw_top(surf, self.view)

    def _draw_panel_static(self, surf) -> None:
        hovered = [b for b in self.tools + self.buttons if b.hover]
        for b in hovered:
            b.hover = False
        with text.layer("panel"):
            self._draw_panel(surf)
        for b in hovered:
            b.hover = True

    def draw(self, surf) -> None:
        if not self._draw_layers(surf):
            return  # the table is being painted (just opened, or a new window size)
        if not self.painting:  # the picture shows the position: input is made on it
            self.shown_changes = self.session.changes
        for b in self.tools + self.buttons:
            if b.hover:
                b.draw(surf)
        if self._latest_shown():
            self.latest_button.draw(surf)
        if self._narration_shown():
            self.narration.draw(surf)
        if self.handover_to is not None:
            self._draw_handover(surf)
        else:
            self._draw_thinking(surf)
            self._draw_hint(surf)
            if self.dialog is not None:
                self._draw_dialog(surf)
            self._draw_moving(surf)
            self._draw_menu(surf)
            self._draw_hover_zoom(surf)
            if self.gameover_shown:
                self._draw_gameover(surf)
            if self.zoom is not None:
                self._draw_zoom(surf, self.zoom)
        self._draw_messages(surf)
        if self.help_open:
            self._draw_help(surf)

    @property
    def gameover_shown(self) -> bool:
        """Is the game-over panel up (the game over, and not dismissed to review it)?"""
        return self.state.over and not self._review

    def _latest_shown(self) -> bool:
        """Is the "Latest" button over the log (the log scrolled back)?"""
        return not self.game_log.following and self.log_list.max_offset() > 0 and \
            self.handover_to is None

    def _narration_shown(self) -> bool:
        """Is the narration line under the status box?"""
        return self.narration is not None and self.narration.visible and \
            self.handover_to is None

    # -- what moves ------------------------------------------------------------------------
    def _draw_moving(self, surf) -> None:
        """The spotlight on another player's move, the lit targets of the dragged card,
        the cards gliding, the numbers rising, the dropped and the dragged card."""
        dragging = self.dragged_card
        if dragging is not None:
            for rect, _, zone in self.lit_targets(dragging):
                glow(surf, rect, theme.LEGAL, 3 if zone else 4, fill=zone)
        if self._job is None:  # else the picture shows the cards where they were
            self._draw_arrived(surf)
            self._draw_spotlight(surf)
            self._draw_glides(surf)
        held = self.held_card()
        if held is not None:  # dropped, its move not yet landed: where it was let go
            sprite = self.pointer.sprite_of(held[0])
            if sprite is not None:
                self._draw_lifted(surf, sprite, held[1])
        if dragging is not None:
            rect = self.pointer.drag_rect(self.drag)
            surf.blit(pictures.box(rect.size, (0, 0, 0, 90), radius=8), rect.move(6, 8))
            self._draw_lifted(surf, self.drag.sprite, rect)

    def _draw_lifted(self, surf, sprite: Sprite, rect: pygame.Rect) -> None:
        """A card off its place (dragged, or dropped and waiting for its move to land),
        upright at ``rect``, with its captions."""
        moved = Sprite(sprite.card, rect, sprite.zone, sprite.face_up, 0, False, sprite.extra)
        self.cards.draw(surf, moved, rect)
        self.layout_obj.draw_over(surf, self.view, moved)

    def _draw_glides(self, surf) -> None:
        """The cards gliding to their places and the numbers rising."""
        lay = self.layout_obj
        few = len(self.motion.glides) <= GLIDE_OVERLAYS
        for glide in self.motion.glides.values():
            rect = glide.rect()
            sprite = glide.sprite
            moved = Sprite(sprite.card, rect, sprite.zone, sprite.face_up, sprite.angle,
                           sprite.dim, sprite.extra)
            self.cards.draw(surf, moved, rect, size=sprite.rect.size)
            if few and rect.size == sprite.rect.size:
                lay.draw_over(surf, self.view, moved)
        self._draw_rising(surf)

    def _draw_sprite(self, surf, sprite: Sprite) -> None:
        self.cards.draw(surf, sprite, sprite.rect)
        self.layout_obj.draw_over(surf, self.view, sprite)

    # -- the side panel ----------------------------------------------------------------------
    def _draw_panel(self, surf) -> None:
        surf.blit(panel_ground(self.panel_rect.size), self.panel_rect)
        handing = self.handover_to is not None
        for b in self.tools:
            b.enabled = True
        self.tools[0].enabled = self.model.can_undo() and not handing
        self.tools[1].enabled = self.model.can_redo() and not handing
        for b in self.tools:
            if b.label == "Hint":
                b.enabled = self.can_hint() and not self.hint_waiting and not handing
        for b in self.tools:
            b.draw(surf)
        x = self.panel_rect.left + 10
        w = self.panel_rect.w - 20
        heading = f"{self.game.info.title} \u00b7 {self.layout_obj.progress(self.state)}"
        top = self.panel_top
        text.draw(surf, heading, (x + 2, 46 + top, w - 4, 17), 13, theme.MUTED, "bold")
        box = pygame.Rect(x, 70 + top, w, self._status_bottom() - 76 - top)
        pygame.draw.rect(surf, (30, 38, 48), box, border_radius=8)
        actor = self.state.actor
        color = theme.seat_color(actor)
        pygame.draw.rect(surf, color, (box.left, box.top, 4, box.h), border_radius=2)
        y = box.top + 7
        turn = self.turn_line()
        if turn:
            y += text.blit_wrapped(surf, turn, pygame.Rect(box.left + 12, y, box.w - 18, 17),
                                   13, color, "bold", shrink=False) + 4
        for line in self._status_lines():
            y += text.blit_wrapped(surf, line, pygame.Rect(box.left + 12, y, box.w - 18, 20),
                                   15, theme.TEXT, "bold", line_gap=1.3, shrink=False)
        if self.info:
            pygame.draw.rect(surf, (24, 31, 40), self.info_rect, border_radius=8)
            yy = self.info_rect.top + 5
            for line, color in self.info:
                yy += text.blit_wrapped(surf, line, pygame.Rect(self.info_rect.left + 8, yy,
                                                                self.info_rect.w - 16, 19),
                                        14, color, line_gap=1.4, shrink=False)
        for b in self.buttons:
            b.draw(surf)
        self.log_list.draw(surf)


def panel_ground(size: tuple[int, int]) -> pygame.Surface:
    """The side panel's background as on a new (black) picture, made opaque once per size
    (an opaque blit instead of blending the translucent panel at every redraw)."""
    found = _grounds.get(size)
    if found is None:
        found = pygame.Surface(size)
        panel(found, found.get_rect(), theme.PANEL, 245, theme.PANEL_LINE, 0)
        _grounds.clear()
        _grounds[size] = found
    return found


_grounds: dict[tuple[int, int], pygame.Surface] = {}
