"""The dashed lines of Brawl's More Actions: from the character rendering aid, thwarting
or ganging up to the teammate or match-up it acts on.

A line never crosses a card. It leaves the actor from the edge facing the strip it runs
in, goes straight to that strip (between the opponents' rows and the match-ups, or
between the match-ups and the row at the bottom), along it in a lane of its own, and
ends with an arrow just off the target's edge (above a declared power's pill). The cards
of a row and of the match-ups leave those strips free, so the lines show without hiding
a word.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...engine.state import HIDDEN
from ...games.brawl.state import BrawlState
from .. import theme
from ..table import Sprite

Point = tuple[int, int]


@dataclass(frozen=True)
class Link:
    """One action's line: who acts, on what (a card, or a match-up by its attacker),
    and the points it runs through (actor first, the arrow's tip last)."""

    kind: str
    actor: int
    target: int
    points: tuple[Point, ...]


@dataclass
class _End:
    """One end of a line: the box it leaves or reaches, where that box is (``top``,
    ``arena``, ``bottom``) and the edge used."""

    box: pygame.Rect
    where: str
    edge: str = ""
    x: int = 0


class BrawlLinks:
    """The action lines of :class:`~.layout.BrawlLayout` (a mixin)."""

    S: Callable[[float], int]
    sprites: list[Sprite]
    arena_cards: set[int]
    pair_rects: dict[int, pygame.Rect]
    band: pygame.Rect
    bottom: int
    marks: Callable  # BrawlMarks.marks

    def links(self, view: BrawlState) -> list[Link]:
        """Every action's line, routed round the cards."""
        boxes = self._boxes(view)
        found = []
        for actor, (kind, target) in view.action.items():
            a = self._end(view, actor, boxes)
            b = self._end(view, target, boxes, pair=kind == "thwart")
            if a is not None and b is not None:
                found.append((kind, actor, target, a, b))
        if not found:
            return []
        strips = self._strips(boxes)
        lanes: dict[str, list[tuple]] = {"upper": [], "lower": []}
        for item in found:
            a, b = item[3], item[4]
            strip = "upper" if "top" in (a.where, b.where) else "lower"
            for end in (a, b):
                end.edge = _edge(end.where, strip)
            lanes[strip].append(item)
        _spread([end for item in found for end in item[3:]])
        out = []
        for strip, items in lanes.items():
            lo, hi = strips[strip]
            items.sort(key=lambda it: (it[3].x + it[4].x, it[1]))
            for i, (kind, actor, target, a, b) in enumerate(items):
                y = lo + (i + 1) * (hi - lo) // (len(items) + 1)
                out.append(Link(kind, actor, target, (
                    (a.x, self._port(a)), (a.x, y), (b.x, y), (b.x, self._port(b)))))
        return out

    def _boxes(self, view: BrawlState) -> dict[int, tuple[pygame.Rect, str]]:
        """Each character in play: the box it and what is drawn over or beside it take
        on the table, and where it is."""
        out = {}
        for sp in self.sprites:
            if sp.card == HIDDEN or not sp.zone.startswith("play."):
                continue
            box = sp.rect.unionall([m.rect for m in self.marks(view, sp)]) \
                if sp.face_up else pygame.Rect(sp.rect)
            if sp.card in self.arena_cards:
                where = "arena"
            else:
                where = "bottom" if sp.zone == f"play.{self.bottom}" else "top"
            out[sp.card] = (box, where)
        return out

    def _end(self, view: BrawlState, card: int, boxes, pair: bool = False) -> _End | None:
        if pair:  # a thwart: the match-up named by its attacker, both of its cards
            other = view.mu.get(card)
            if card not in boxes or other not in boxes:
                return None
            return _End(boxes[card][0].union(boxes[other][0]), "arena")
        if card not in boxes:
            return None
        return _End(*boxes[card])

    def _strips(self, boxes) -> dict[str, tuple[int, int]]:
        """The free strips the lines run in: ``upper`` between the opponents' rows and
        the match-ups, ``lower`` between the match-ups and the row at the bottom."""
        S = self.S
        band = self.band
        gap = max(2, S(3))
        tops = [b.bottom for b, where in boxes.values() if where == "top"]
        arena = [b for b, where in boxes.values() if where == "arena"]
        upper_lo = max(tops, default=band.top - S(8)) + gap
        upper_hi = min((b.top for b in arena), default=band.top + S(24)) - gap
        lower_lo = max((b.bottom for b in arena), default=band.bottom - S(24)) + gap
        return {"upper": (upper_lo, upper_hi), "lower": (lower_lo, band.bottom)}

    def _port(self, end: _End) -> int:
        """How high a line ends at ``end``: just off its edge."""
        gap = max(2, self.S(3))
        return end.box.top - gap if end.edge == "top" else end.box.bottom + gap

    def draw_links(self, surf, view: BrawlState) -> None:
        S = self.S
        width = max(2, S(3))
        for link in self.links(view):
            pts = link.points
            for a, b in zip(pts, pts[1:], strict=False):
                _dashed(surf, theme.ACCENT, a, b, width)
            _arrow(surf, pts[-2], pts[-1], S(7))


def _edge(where: str, strip: str) -> str:
    """The edge of a box in ``where`` that faces ``strip``."""
    if strip == "upper":
        return "bottom" if where == "top" else "top"
    return "top" if where == "bottom" else "bottom"


def _spread(ends: list[_End]) -> None:
    """Lines meeting one edge of one box meet it at points spread along it."""
    groups: dict[tuple, list[_End]] = {}
    for end in ends:
        groups.setdefault((tuple(end.box), end.edge), []).append(end)
    for group in groups.values():
        box = group[0].box
        for j, end in enumerate(group):
            end.x = box.left + box.w * (j + 1) // (len(group) + 1)


def _arrow(surf, before: Point, tip: Point, size: int) -> None:
    """An arrowhead at ``tip``, pointing the way the line's last stretch goes."""
    down = tip[1] >= before[1]
    x, y = tip
    back = y - size if down else y + size
    pygame.draw.polygon(surf, theme.ACCENT, [(x, y), (x - size * 2 // 3, back),
                                             (x + size * 2 // 3, back)])


def _dashed(surf, color, a: Point, b: Point, width: int) -> None:
    ax, ay = a
    bx, by = b
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    steps = max(1, int(length // 8))
    for i in range(0, steps, 2):
        t0, t1 = i / steps, min(1.0, (i + 1) / steps)
        pygame.draw.line(surf, color, (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                         (ax + (bx - ax) * t1, ay + (by - ay) * t1), width)
