"""Where OverPower's Locations, Events and Artifacts lie on the table (issue 14).

Each seat's Home Base and Battlesite, the Specials beneath the Battlesite (face down to the
opponent) and the Events it played lie in the centre lane, on that seat's side of it (the
opponent's along the top, the viewer's along the bottom), in a column right of the action.
A Battlesite shows its hits toward its KO at 30 under it; a Home Base says what it is.
An Artifact in play rides on the corner of the character who bears it.

The Location cards are sprites like the characters: a Battlesite is attacked (and defends)
by dropping a card on it, a Home Base plays and takes its Aspects the same way.
"""

from __future__ import annotations

import pygame

from ...engine.state import HIDDEN
from ...games.overpower.hits import cumulative, current_hits, ko_at
from .. import theme
from ..table import Sprite

#: the column of the lane the places take, when any seat has something to show there
PLACES_W = 196
LOC_W, LOC_H = 48, 67
UNDER_W, UNDER_H = 28, 39
EVENT_W, EVENT_H = 44, 62
BORNE_W, BORNE_H = 30, 42


def needed(view) -> bool:
    """Does either deck bring a Location or an Event (the column then stays for the whole
    game, so that nothing moves when an Event comes into play)?"""
    return any(inf.kind in ("location", "event") for inf in view.info)


def lay_out(lay, view, column: pygame.Rect) -> None:
    """The places of both seats in ``column`` (the opponent's in its top half)."""
    half = column.h // 2
    for seat, top in ((lay.top, column.top), (lay.bottom, column.top + half)):
        _row(lay, view, seat, pygame.Rect(column.left, top, column.w, half))


def _row(lay, view, seat: int, row: pygame.Rect) -> None:
    S = lay.S
    x, y = row.left + S(4), row.top + S(3)
    for zone, what in (("base", "Home Base"), ("site", "Battlesite")):
        for c in view.zones.get(f"{zone}.{seat}", ()):
            rect = pygame.Rect(x, y, S(LOC_W), S(LOC_H))
            lay.sprites.append(Sprite(c, rect, f"{zone}.{seat}", face_up=c != HIDDEN))
            lay.places.append((rect, what, c, zone))
            x = rect.right + S(4)
            if zone == "site":
                x = _beneath(lay, view, seat, x, y)
    events = list(view.zones.get(f"events.{seat}", ()))
    if events:
        room = row.right - x - S(4)
        step = min(S(EVENT_W + 4), max(S(8), (room - S(EVENT_W)) // max(1, len(events) - 1)))
        for c in events:
            rect = pygame.Rect(x, y, S(EVENT_W), S(EVENT_H))
            lay.sprites.append(Sprite(c, rect, f"events.{seat}", face_up=c != HIDDEN))
            x += step


def _beneath(lay, view, seat: int, x: int, y: int) -> int:
    """The Specials beneath the Battlesite: a fan of small cards beside it (their faces
    for their owner only); returns where the row goes on."""
    S = lay.S
    under = list(view.zones.get(f"beneath.{seat}", ()))
    if not under:
        return x
    step = S(10)
    for i, c in enumerate(under):
        rect = pygame.Rect(x + i * step, y + S(4) + (i % 2) * S(4), S(UNDER_W), S(UNDER_H))
        lay.sprites.append(Sprite(c, rect, f"beneath.{seat}", face_up=c != HIDDEN))
    lay.labels.append((f"{len(under)} beneath", (x, y + S(UNDER_H + 18)), theme.MUTED,
                       S(10), "ml"))
    return x + (len(under) - 1) * step + S(UNDER_W + 6)


def borne(lay, view) -> None:
    """Each Artifact in play, on the corner of its bearer's card."""
    S = lay.S
    where = {s.card: s.rect for s in lay.sprites if s.zone.startswith("front.")}
    for seat in (0, 1):
        for c in view.zones.get(f"borne.{seat}", ()):
            rect = where.get(view.attached.get(c))
            if rect is None:
                continue
            small = pygame.Rect(rect.right - S(BORNE_W) + S(6), rect.top + S(20),
                                S(BORNE_W), S(BORNE_H))
            lay.sprites.append(Sprite(c, small, f"borne.{seat}", face_up=c != HIDDEN))


def draw(lay, surf, view, blit) -> None:
    """The words under the Location cards: a Battlesite's hits toward its KO, this
    battle's hits on it, or "Home Base"."""
    S = lay.S
    for rect, what, c, zone in lay.places:
        y = rect.bottom + S(8)
        if zone == "site":
            total, limit = cumulative(view, c), ko_at(view, c)
            color = theme.TEXT if total < limit * 0.5 else (
                theme.ACCENT if total < limit * 0.75 else theme.BAD)
            now = len(current_hits(view, c))
            words = f"\u03a3{total}/{limit}" + (f" ({now} now)" if now else "")
            blit(surf, words, (rect.left, y), color, S(11), "ml")
        else:
            blit(surf, what, (rect.left, y), theme.MUTED, S(10), "ml")
