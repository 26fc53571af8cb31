"""Where the lesson's panel goes: in the side panel, in the log's place under the
table's buttons and messages (no card is ever there); when the side panel has no room
left for its words (a small window, a decision with several buttons), on a part of the
table that no card, no place the lesson points at and no dialog covers; failing that, in
the side panel over the table's messages, its words made smaller if need be."""

from __future__ import annotations

import pygame

#: the least height of the panel in the side panel
PANEL_MIN = 160
#: room kept between the panel and a card, and the step of the search over the table
MARGIN, STEP = 10, 16


def side_slot(table, need: int, over_messages: bool) -> pygame.Rect:
    """The panel's place in the side panel: from under the table's messages (or, with
    ``over_messages``, as high as its words need, never over the buttons) to the
    bottom."""
    side = table.panel_rect
    below = table.message_rect.bottom + 6 if table.message_rect.h else \
        getattr(table, "_buttons_bottom", side.top) + 6
    top = min(below, side.bottom - max(PANEL_MIN, need))
    if over_messages:
        top = max(top, getattr(table, "_buttons_bottom", side.top) + 6)
    else:
        top = below
    return pygame.Rect(side.left + 8, top, side.w - 16, side.bottom - 8 - top)


def free_spot(area: pygame.Rect, size: tuple[int, int],
              blocks: list[pygame.Rect]) -> pygame.Rect | None:
    """A place of ``size`` in ``area`` that touches none of ``blocks``, searched from the
    bottom right (beside the side panel) leftwards and up; None when there is none."""
    w, h = size
    for y in range(area.bottom - h - MARGIN, area.top, -STEP):
        for x in range(area.right - w - MARGIN, area.left, -STEP):
            spot = pygame.Rect(x, y, w, h)
            if spot.collidelist(blocks) == -1:
                return spot
    return None


def place_panel(table, need: int, pointed: tuple[pygame.Rect, ...]) -> pygame.Rect:
    """The lesson panel's rectangle for words needing ``need`` pixels of height, keeping
    clear of the ``pointed`` places (see the module docstring)."""
    slot = side_slot(table, need, over_messages=False)
    if slot.h >= need:
        return slot
    lay = table.layout_obj
    blocks = [sp.rect.inflate(2 * MARGIN, 2 * MARGIN) for sp in lay.sprites]
    blocks += [r.inflate(2 * MARGIN, 2 * MARGIN) for r in pointed]
    if table.dialog is not None:
        blocks.append(table.dialog.rect.inflate(2 * MARGIN, 2 * MARGIN))
    spot = free_spot(lay.table_rect(table.size), (slot.w, need), blocks)
    return spot if spot is not None else side_slot(table, need, over_messages=True)
