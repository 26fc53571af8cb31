"""Where a lesson points on the table, and how: an arrow from the card to drag to the
place to drop it, or a pulsing outline round the card to click or the button to press.

:func:`aim` reads a move's gesture from the game's kit (:mod:`tabletop.ui.gestures`) and
the table's layout: nothing here knows a game. :func:`draw_aim` draws it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ...engine.moves import Move

#: the colour of the move to make, and of the wrong move the learner is invited to try
GO = (255, 214, 64)
TRY = (255, 120, 96)


@dataclass(frozen=True)
class Aim:
    """What the lesson points at: ``kind`` is ``drag`` (``start`` a visible point of the
    card, ``end`` the middle of the place), ``click`` (a card, then its menu's entry) or
    ``button``; ``rects`` are outlined; ``wrong``: the move the rules will refuse."""

    kind: str
    move: Move
    rects: tuple[pygame.Rect, ...]
    start: tuple[int, int]
    end: tuple[int, int] | None = None
    wrong: bool = False

    def path(self) -> tuple[pygame.Rect, ...]:
        """Small squares along the arrow (none but for a drag): what the lesson's panel
        keeps clear of, so that the arrow never crosses its words."""
        if self.kind != "drag" or self.end is None:
            return ()
        return tuple(pygame.Rect(int(x) - 8, int(y) - 8, 16, 16)
                     for x, y in arrow_points(self.start, self.end)[::2])


def visible_point(table, card: int) -> tuple[int, int] | None:
    """A point of ``card``'s sprite that no card drawn over it covers (None: none shown)."""
    pointer = table.pointer
    sprite = pointer.sprite_of(card)
    if sprite is None:
        return None
    r = sprite.rect
    for fx, fy in ((0.5, 0.5), (0.5, 0.25), (0.25, 0.5), (0.15, 0.3), (0.85, 0.5),
                   (0.5, 0.1), (0.1, 0.1), (0.5, 0.9)):
        p = (r.left + int(r.w * fx), r.top + int(r.h * fy))
        if pointer.sprite_at(p) is sprite:
            return p
    return None


def _place_point(rect: pygame.Rect, avoid: pygame.Rect) -> tuple[int, int]:
    """The middle of ``rect`` or, when the dragged card lies there (a zone holding it),
    a point of ``rect`` away from it."""
    if not avoid.collidepoint(rect.center):
        return rect.center
    for fx in (0.85, 0.15, 0.95, 0.05):
        p = (rect.left + int(rect.w * fx), rect.centery)
        if not avoid.collidepoint(p):
            return p
    return rect.center


def aim(table, move: Move, wrong: bool = False) -> Aim | None:
    """Where the table shows ``move`` is made (None when it cannot show it now)."""
    if table.dialog is not None and move in table.dialog.d.moves:
        return _in_dialog(table.dialog, move, wrong)
    entry = next((rect for rect, _, m in table.pointer.menu if m == move), None)
    if entry is not None:  # a card's menu, or the choice a drop offers (help or hinder)
        return Aim("click", move, (entry,), entry.center, None, wrong)
    gestures = table.kit.gestures
    kind = gestures.gesture(move)
    lay = table.layout_obj
    if kind == "drag":
        card = next((c for c in gestures.carriers(move) if visible_point(table, c)), None)
        if card is None:
            return None
        place = lay.target_rect(move)
        if place is None:
            target = gestures.landing(move)
            place = lay.zones.get(target) if isinstance(target, str) else None
            if isinstance(target, int) and table.pointer.sprite_of(target) is not None:
                place = table.pointer.sprite_of(target).rect
        if place is None:
            return None
        sprite = table.pointer.sprite_of(card)
        return Aim("drag", move, (sprite.rect, place), visible_point(table, card),
                   _place_point(place, sprite.rect), wrong)
    if kind == "menu":
        point = visible_point(table, move.card)
        if point is None:
            return None
        return Aim("click", move, (table.pointer.sprite_of(move.card).rect,), point, None,
                   wrong)
    label = table.game.text.describe(table.state, move)
    button = next((b for b in table.buttons if b.key == move.kind and b.label == label), None)
    if button is None:
        return None
    return Aim("button", move, (button.rect,), button.rect.center, None, wrong)


def _in_dialog(box, move: Move, wrong: bool) -> Aim | None:
    """A move the table's dialog makes: its card, its button, or its confirm button
    when the dialog's numbers already mean it (:mod:`tabletop.ui.table.dialog`)."""
    for rect, pick in box.picks + box.labels:
        if pick.move == move:
            return Aim("button", move, (rect,), rect.center, None, wrong)
    actions = [a.move for a in box.d.actions] + ([box.move] if box.d.confirm else [])
    for button, meant in zip(box.buttons, actions, strict=False):
        if meant == move and button.enabled:
            return Aim("button", move, (button.rect,), button.rect.center, None, wrong)
    return None


def draw_aim(surf: pygame.Surface, found: Aim, ticks: int) -> None:
    """The pulsing outlines and, for a drag, the arrow from the card to the place."""
    color = TRY if found.wrong else GO
    pulse = 0.5 + 0.5 * math.sin(ticks / 180)
    grow = 3 + int(4 * pulse)
    for rect in found.rects:
        ring = rect.inflate(2 * grow, 2 * grow)
        pygame.draw.rect(surf, (0, 0, 0), ring.inflate(4, 4), 3, border_radius=12)
        pygame.draw.rect(surf, color, ring, 3, border_radius=10)
    if found.kind == "drag" and found.end is not None:
        arrow(surf, found.start, found.end, color)


def arrow(surf: pygame.Surface, start: tuple[int, int], end: tuple[int, int],
          color: tuple[int, int, int]) -> None:
    """A thick arrow, outlined in black, its head at ``end``, bowed a little to the side
    so that it does not lie along a row of cards."""
    points = arrow_points(start, end)
    if len(points) < 2:
        return
    pygame.draw.lines(surf, (0, 0, 0), False, points, 11)
    pygame.draw.lines(surf, color, False, points, 6)
    (x0, y0), (x1, y1) = points[-3], points[-1]
    angle = math.atan2(y1 - y0, x1 - x0)
    size = 22
    head = [(x1, y1),
            (x1 - size * math.cos(angle - 0.45), y1 - size * math.sin(angle - 0.45)),
            (x1 - size * math.cos(angle + 0.45), y1 - size * math.sin(angle + 0.45))]
    pygame.draw.polygon(surf, color, head, 0)
    pygame.draw.polygon(surf, (0, 0, 0), head, 2)
    pygame.draw.circle(surf, (0, 0, 0), start, 9)
    pygame.draw.circle(surf, color, start, 6)


def arrow_points(start, end, steps: int = 24) -> list[tuple[float, float]]:
    """Points of a curve from ``start`` to ``end``, bowed to one side."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    if length < 4:
        return []
    bow = min(60.0, max(26.0, length * 0.2))  # a short arrow still bends visibly
    cx, cy = (x0 + x1) / 2 - dy / length * bow, (y0 + y1) / 2 + dx / length * bow
    out = []
    for i in range(steps + 1):
        t = i / steps
        out.append(((1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x1,
                    (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y1))
    return out
