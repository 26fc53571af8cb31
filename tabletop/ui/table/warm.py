"""Card faces painted ahead, a little each frame, so that no frame waits for one.

Painting a card's face the first time at a size (frame, art, wrapped text) takes a few
milliseconds; a move that brings five new cards into a hand would paint all five in its
frame. The table's :class:`FaceWarmer` paints every card of the game, at every size the
table has shown a card face at (and at the size the pointer's resting zoom shows), in the
frames' spare time: at most ``budget`` seconds a frame, one face at least when any is
left. Painting is only a cache of pictures: a face painted ahead shows nothing to the
player (hidden cards stay hidden: what the table draws is decided by the view)."""

from __future__ import annotations

import time
from collections import deque

from ...engine.state import HIDDEN
from .. import cardart

#: the most faces painted ahead for one table (the face cache keeps 1,500 pictures)
MOST = 600


class FaceWarmer:
    """Paints the faces of ``cards`` ahead of need (see the module docstring)."""

    def __init__(self, cards, game_id: str, budget: float = 0.002) -> None:
        self.cards = cards
        self.game_id = game_id
        self.budget = budget
        self.sizes: set[tuple[int, int]] = set()
        self.queue: deque[tuple[int, int, int]] = deque()
        self.queued = 0

    def sizes_seen(self, sizes) -> None:
        """The table now shows faces at ``sizes`` (width, height): queue every card at
        each size not seen before."""
        for size in sizes:
            if size in self.sizes or size[0] < 8 or size[1] < 8:
                continue
            self.sizes.add(size)
            room = MOST - self.queued
            if room <= 0:
                return
            ids = range(min(len(self.cards), room))
            self.queue.extend((i, *size) for i in ids)
            self.queued += len(ids)

    def step(self) -> int:
        """Paint faces for up to ``budget`` seconds (one at least, if any is left);
        returns how many were painted."""
        done = 0
        end = time.perf_counter() + self.budget
        while self.queue:
            card, w, h = self.queue.popleft()
            cardart.face(self.cards[card], self.game_id, w, h)
            done += 1
            if time.perf_counter() >= end:
                break
        return done


def face_sizes(sprites, hover: tuple[int, int]) -> set[tuple[int, int]]:
    """The sizes the table paints faces at: its face-up cards (unrotated) and the zoom
    shown while the pointer rests on a card."""
    out = {hover}
    for sp in sprites:
        if not sp.face_up or sp.card == HIDDEN:
            continue
        w, h = sp.rect.size
        out.add((h, w) if sp.angle in (90, 270) else (w, h))
    return out
