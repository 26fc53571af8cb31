"""What the table draws over its picture of the cards: a layout's dialog (drawn once and
copied while it stays the same), another player's move lit, the numbers rising from the
cards, the hint's rings, the thinking bar and the message strip (a mixin of
:class:`~tabletop.ui.table.renderer.TableRenderer`; what the strip says and where it is
are the table's: :mod:`.messages`)."""

from __future__ import annotations

import time
from typing import NamedTuple

import pygame

from .. import pictures, text, theme
from ..bounded import make_room
from ..menufocus import RING_OUT, draw_ring
from .frame import FocusView, TableFrame
from .messages import GAP, PAD, SPACE, message_h

#: the width of the spotlight's outline round another player's cards
SPOT_WIDTH = 4
#: the hint's colour (its rings, its message)
HINT_COLOR = (120, 200, 255)
#: how much wider and taller than the hinted card its ring is
HINT_RING = 12


def hint_ring(rect: pygame.Rect) -> pygame.Rect:
    """The ring round a hinted card or target (drawn inside this rect)."""
    return rect.inflate(HINT_RING, HINT_RING)


class Spotlit(NamedTuple):
    """The spotlight on another player's move as a frame draws it."""

    color: tuple  # the seat's colour
    lit: list[pygame.Rect]  # the cards (or zone) outlined


class TableOverlays:
    """The dialog, the spotlight on another player's move, the rising numbers, the hint,
    the thinking bar and the messages."""

    _spotlit: tuple | None = None  # (what it was worked out for, the spotlight)

    def _dialog_ahead(self, f: TableFrame) -> None:
        """The dialog over the picture just painted, drawn now (between frames) as the
        next frame will show it, so that frame only copies it."""
        if f.dialog is None or f.handover is not None or self._canvas is None:
            return
        area, key = self._dialog_key(f)
        if (self._dialog_pic is None or self._dialog_pic[0] != key) and area.w and area.h:
            scratch = self._canvas.copy()
            self._draw_hint(scratch, f)  # what the frame draws under it
            self._keep_dialog(scratch, f, area, key)

    def _draw_dialog(self, surf, f: TableFrame) -> None:
        """The dialog over the table: drawn once, then (while neither it nor what lies
        under it changes: the picture of the table, the hint's rings) the same pixels
        copied from the last frame that drew it (a modal one shades the whole table);
        what the pointer lights is drawn over it every frame."""
        area, key = self._dialog_key(f)
        kept = self._dialog_pic
        if kept is not None and kept[0] == key:
            surf.blit(kept[1], area)
        else:
            self._keep_dialog(surf, f, area, key)
        with text.layer("dialog"):
            f.dialog.draw_hover(surf)

    def _keep_dialog(self, surf, f: TableFrame, area: pygame.Rect, key: tuple) -> None:
        """Draw the dialog on ``surf`` (the table's picture under it) and keep the
        pixels of ``area``."""
        with text.layer("dialog"):
            f.dialog.draw(surf)
        self._dialog_pic = (key, surf.subsurface(area).copy()) if area.w and area.h else None

    def _dialog_key(self, f: TableFrame) -> tuple[pygame.Rect, tuple]:
        """The part of the window the dialog's picture covers, and what it shows."""
        box = f.dialog
        area = (f.layout.table_rect(f.size) if box.d.modal else box.rect).clip(
            pygame.Rect((0, 0), f.size))
        return area, (self._canvas_gen, box.look(), tuple(area),
                      tuple(map(tuple, f.hint_rects)))

    def _draw_rising(self, surf, f: TableFrame) -> None:
        for img, box, alpha in self._rise_places(f):
            img.set_alpha(alpha)
            surf.blit(img, box)

    def _rise_places(self, f: TableFrame) -> list[tuple[pygame.Surface, pygame.Rect, int]]:
        """Each rising number's picture, where it is now and how opaque."""
        s = f.layout.scale
        out = []
        for rise in f.motion.rising:
            k = rise.t / rise.duration
            x, y = rise.pos
            y -= int(60 * s * (1 - (1 - k) ** 2))
            img = self._rise_picture(rise, s)
            out.append((img, img.get_rect(center=(x, y)), int(255 * min(1.0, 2.5 * (1 - k)))))
        return out

    @staticmethod
    def _rise_picture(rise, s: float) -> pygame.Surface:
        """A rising number's picture at the layout's scale ``s``, painted once per
        number, colour and size (with the move's new picture, between frames:
        :meth:`_paint_steps`)."""
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

    def _draw_spotlight(self, surf, f: TableFrame) -> None:
        """Another player's move: its cards lit in the seat's colour (its caption is in the
        message strip: :mod:`.messages`)."""
        place = self._spotlight_place(f)
        if place is None:
            return
        for rect in place.lit:
            glow(surf, rect, place.color, SPOT_WIDTH)

    def _spotlight_place(self, f: TableFrame) -> Spotlit | None:
        """The spotlight on another player's move now (None when there is none; worked
        out once a frame: the frame's marks and its drawing both ask)."""
        spot = f.motion.spot
        if spot is None or f.state.over:
            return None
        key = (f.window.frames_drawn, id(spot), spot.t, f.gen, f.size, f.motion.moving)
        if self._spotlit is None or self._spotlit[0] != key:
            self._spotlit = (key, self._place_spotlight(f, spot))
        return self._spotlit[1]

    @staticmethod
    def _place_spotlight(f: TableFrame, spot) -> Spotlit:
        lay = f.layout
        # where the cards end up: a card still gliding there is lit once it lands (an
        # outline following a card that grows on its way would be painted anew each
        # frame)
        places = [sp for sp in lay.sprites if sp.card in spot.cards]
        ends = [sp.rect for sp in places] or \
            [lay.zones[z] for z in spot.zones if z in lay.zones]
        lit = [sp.rect for sp in places if sp.card not in f.motion.glides] \
            if places else ends
        return Spotlit(theme.seat_color(spot.seat), lit)

    # -- the hint, the thinking bar, the messages ----------------------------------------------
    @staticmethod
    def _draw_hint(surf, f: TableFrame) -> None:
        """Rings round the hinted card and its target (the words are in the strip)."""
        for rect in f.hint_rects:
            pygame.draw.rect(surf, HINT_COLOR, hint_ring(rect), 4, border_radius=10)

    @staticmethod
    def _draw_thinking(surf, f: TableFrame) -> None:
        """A bar under the status that fills as the thinking computer's work is done."""
        if f.thinking is None:
            return
        box, share = f.thinking
        pygame.draw.rect(surf, (44, 54, 66), box, border_radius=2)
        if share is not None:  # the search: its level's work done (computers.py)
            pygame.draw.rect(surf, theme.ACCENT, (box.left, box.top, int(box.w * share), 4),
                             border_radius=2)
        else:  # the game's own player: a short pulse
            x = int((time.monotonic() * 0.8 % 1.0) * (box.w - 40))
            pygame.draw.rect(surf, theme.ACCENT, (box.left + x, box.top, 40, 4),
                             border_radius=2)

    def message_picture(self, message: str, color: tuple, width: int,
                        size: int) -> pygame.Surface:
        """A message in its frame, painted once per message, colour, width and size."""
        key = (message, color, width, size)
        pic = self._message_pics.get(key)
        if pic is None:
            if len(self._message_pics) > 24:
                self._message_pics.clear()
            inner = width - 2 * PAD - 4
            h = message_h(message, width, size)
            pic = pygame.Surface((width, h), pygame.SRCALPHA)
            pic.blit(pictures.box((width, h), (12, 14, 18, 240), color, 2, 8), (0, 0))
            text.draw(pic, message, pygame.Rect(PAD + 2, PAD, inner, h - 2 * PAD), size,
                      theme.TEXT, "bold", wrap=True, line_gap=GAP, valign="middle")
            self._message_pics[key] = pic
        return pic

    def _messages_ahead(self, f: TableFrame) -> None:
        """Paint the pictures of the messages now (between frames)."""
        p = f.panel
        for message, color in f.messages:
            self.message_picture(message, color, p.message_rect.w, p.message_size)

    def _draw_messages(self, surf, f: TableFrame) -> None:
        p = f.panel
        y = p.message_rect.top
        for message, color in f.messages:
            pic = self.message_picture(message, color, p.message_rect.w, p.message_size)
            surf.blit(pic, (p.message_rect.left, y))
            y += pic.get_height() + SPACE

    @staticmethod
    def message_marks(f: TableFrame) -> list[pygame.Rect]:
        """Where the strip draws over the picture in the frame ``f``."""
        return [f.panel.message_rect] if f.messages else []


def focus_marks(focus: FocusView) -> list[pygame.Rect]:
    """Where the keyboard's focus draws (see :func:`draw_focus`)."""
    return [focus_area(focus.ring)] + \
        [glow_area(r, 4) for r in (*focus.places, *([focus.chosen] if focus.chosen else []))]


def focus_area(rect: pygame.Rect) -> pygame.Rect:
    """Where the focus ring round ``rect`` is drawn."""
    return rect.inflate(2 * RING_OUT, 2 * RING_OUT)


def draw_focus(surf, focus: FocusView) -> None:
    """The keyboard's focus: the places the chosen card may go lit, the chosen card
    outlined, and the ring (the menus' look: :func:`~tabletop.ui.menufocus.draw_ring`)."""
    for rect in focus.places:
        glow(surf, rect, theme.LEGAL, 3, fill=True)
    if focus.chosen is not None:  # white, apart from the playable cards' gold
        glow(surf, focus.chosen, theme.TEXT, 4)
    draw_ring(surf, focus.ring)


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
