"""Where the lesson's panel goes: in the side panel, in the log's place under the
table's buttons and messages (no card is ever there); when the side panel has no room
left for its words (a small window, a big text size, a decision with several buttons),
on a part of the table that no card, no place the lesson points at and no dialog covers;
failing that (a crowded table in a small window), on the table over as little of the
other cards as can be, never over the card or the place the step uses nor a dialog."""

from __future__ import annotations

from collections.abc import Callable

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


def least_covering(area: pygame.Rect, size: tuple[int, int], keep: list[pygame.Rect],
                   cards: list[pygame.Rect]) -> pygame.Rect | None:
    """A place of ``size`` in ``area`` touching none of ``keep`` and covering as little
    of ``cards`` as can be (None: every place touches ``keep``)."""
    w, h = size
    best, least = None, None
    for y in range(area.bottom - h - MARGIN, area.top, -2 * STEP):
        for x in range(area.right - w - MARGIN, area.left, -2 * STEP):
            spot = pygame.Rect(x, y, w, h)
            if spot.collidelist(keep) != -1:
                continue
            covered = sum(spot.clip(cards[i]).w * spot.clip(cards[i]).h
                          for i in spot.collidelistall(cards))
            if least is None or covered < least:
                best, least = spot, covered
    return best


def place_panel(table, need: Callable[[int], int],
                pointed: tuple[pygame.Rect, ...]) -> pygame.Rect:
    """The lesson panel's rectangle, ``need(width)`` being the height its words need at
    a width, keeping clear of the ``pointed`` places (see the module docstring). On the
    table it may be wider than the side panel, so that it needs fewer lines."""
    width = table.panel_rect.w - 16
    slot = side_slot(table, need(width), over_messages=False)
    if slot.h >= need(width):
        return slot
    lay = table.layout_obj
    blocks = [sp.rect.inflate(2 * MARGIN, 2 * MARGIN) for sp in lay.sprites]
    blocks += [r.inflate(2 * MARGIN, 2 * MARGIN) for r in pointed]
    if table.dialog is not None:
        blocks.append(table.dialog.rect.inflate(2 * MARGIN, 2 * MARGIN))
    area = lay.table_rect(table.size)
    widths = [w for w in (width, width * 3 // 2, width * 2) if w < area.w - 2 * MARGIN]
    for w in widths:
        spot = free_spot(area, (w, need(w)), blocks)
        if spot is not None:
            return spot
    # no room anywhere: on the table over cards the step does not use, as few as can be
    keep, cards = blocks[len(lay.sprites):], [sp.rect for sp in lay.sprites]
    found = [spot for w in widths or [width]
             if (spot := least_covering(area, (w, need(w)), keep, cards)) is not None]
    if not found:
        return side_slot(table, need(width), over_messages=True)
    return min(found, key=lambda spot: sum(spot.clip(c).w * spot.clip(c).h for c in cards))
