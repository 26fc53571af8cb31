"""What the table draws over its picture of the cards: a layout's dialog (drawn once and
copied while it stays the same), another player's move lit with its caption, the numbers
rising from the cards (a mixin of :class:`~tabletop.ui.table.scene.TableScene`, with
:class:`~tabletop.ui.table.draw.TableDrawing`)."""

from __future__ import annotations

from typing import NamedTuple

import pygame

from .. import pictures, text, theme
from ..bounded import make_room

#: the width of the spotlight's outline round another player's cards
SPOT_WIDTH = 4


class Spotlit(NamedTuple):
    """The spotlight on another player's move as a frame draws it."""

    color: tuple  # the seat's colour
    lit: list[pygame.Rect]  # the cards (or zone) outlined


class TableOverlays:
    """The dialog, the spotlight on another player's move and the rising numbers."""

    _spotlit: tuple | None = None  # (what it was worked out for, the spotlight)

    def _dialog_ahead(self) -> None:
        """The dialog over the picture just painted, drawn now (between frames) as the
        next frame will show it, so that frame only copies it."""
        if self.dialog is None or self.handover_to is not None or self._canvas is None:
            return
        area, key = self._dialog_key()
        if (self._dialog_pic is None or self._dialog_pic[0] != key) and area.w and area.h:
            scratch = self._canvas.copy()
            self._draw_hint(scratch)  # what the frame draws under it
            self._keep_dialog(scratch, area, key)

    def _draw_dialog(self, surf) -> None:
        """The dialog over the table: drawn once, then (while neither it nor what lies
        under it changes: the picture of the table, the hint's rings) the same pixels
        copied from the last frame that drew it (a modal one shades the whole table);
        what the pointer lights is drawn over it every frame."""
        area, key = self._dialog_key()
        kept = self._dialog_pic
        if kept is not None and kept[0] == key:
            surf.blit(kept[1], area)
        else:
            self._keep_dialog(surf, area, key)
        with text.layer("dialog"):
            self.dialog.draw_hover(surf)

    def _keep_dialog(self, surf, area: pygame.Rect, key: tuple) -> None:
        """Draw the dialog on ``surf`` (the table's picture under it) and keep the
        pixels of ``area``."""
        with text.layer("dialog"):
            self.dialog.draw(surf)
        self._dialog_pic = (key, surf.subsurface(area).copy()) if area.w and area.h else None

    def _dialog_key(self) -> tuple[pygame.Rect, tuple]:
        """The part of the window the dialog's picture covers, and what it shows."""
        box = self.dialog
        area = (self.layout_obj.table_rect(self.size) if box.d.modal else box.rect).clip(
            pygame.Rect((0, 0), self.size))
        return area, (self._canvas_gen, box.look(), tuple(area),
                      tuple(map(tuple, self.hint_rects())))

    def _draw_rising(self, surf) -> None:
        for img, box, alpha in self._rise_places():
            img.set_alpha(alpha)
            surf.blit(img, box)

    def _rise_places(self) -> list[tuple[pygame.Surface, pygame.Rect, int]]:
        """Each rising number's picture, where it is now and how opaque."""
        s = self.layout_obj.scale
        out = []
        for rise in self.motion.rising:
            k = rise.t / rise.duration
            x, y = rise.pos
            y -= int(60 * s * (1 - (1 - k) ** 2))
            img = self._rise_picture(rise)
            out.append((img, img.get_rect(center=(x, y)), int(255 * min(1.0, 2.5 * (1 - k)))))
        return out

    def _rise_picture(self, rise) -> pygame.Surface:
        """A rising number's picture, painted once per number, colour and size (with the
        move's new picture, between frames: :meth:`_paint_steps`)."""
        s = self.layout_obj.scale
        color = theme.GOOD if rise.good else theme.BAD
        size = (int(90 * s), int(40 * s))
        key = (rise.label, color, size)
        img = _risen.get(key)
        if img is None:
            make_room(_risen, 64)
            img = _risen[key] = pygame.Surface(size, pygame.SRCALPHA)
            text.draw(img, rise.label, img.get_rect(), int(30 * s), color, "bold",
                      align="center", valign="middle", shadow=(10, 10, 14))
        return img

    def _draw_spotlight(self, surf) -> None:
        """Another player's move: its cards lit in the seat's colour (its caption is in the
        message strip: :mod:`.messages`)."""
        place = self._spotlight_place()
        if place is None:
            return
        for rect in place.lit:
            glow(surf, rect, place.color, SPOT_WIDTH)

    def _spotlight_place(self) -> Spotlit | None:
        """The spotlight on another player's move now (None when there is none; worked
        out once a frame: the frame's marks and its drawing both ask)."""
        spot = self.motion.spot
        if spot is None or self.state.over:
            return None
        key = (self.app.frames_drawn, id(spot), spot.t, self._gen, self.size,
               self.motion.moving)
        if self._spotlit is None or self._spotlit[0] != key:
            self._spotlit = (key, self._place_spotlight(spot))
        return self._spotlit[1]

    def _place_spotlight(self, spot) -> Spotlit:
        lay = self.layout_obj
        # where the cards end up: a card still gliding there is lit once it lands (an
        # outline following a card that grows on its way would be painted anew each
        # frame)
        places = [sp for sp in lay.sprites if sp.card in spot.cards]
        ends = [sp.rect for sp in places] or \
            [lay.zones[z] for z in spot.zones if z in lay.zones]
        lit = [sp.rect for sp in places if sp.card not in self.motion.glides] \
            if places else ends
        return Spotlit(theme.seat_color(spot.seat), lit)


def glow(surf, rect: pygame.Rect, color, width: int, fill: bool = False) -> None:
    """A lit outline round ``rect`` (and a faint fill with ``fill``), painted once per
    size and colour."""
    r = glow_area(rect, width)
    surf.blit(pictures.box(r.size, (*color, 40) if fill else None, (*color, 230), width, 10),
              r)


def glow_area(rect: pygame.Rect, width: int) -> pygame.Rect:
    """Where :func:`glow` paints round ``rect``."""
    return rect.inflate(width * 2 + 2, width * 2 + 2)


_risen: dict[tuple, pygame.Surface] = {}  # the rising numbers' pictures
