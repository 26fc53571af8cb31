"""Card faces painted ahead, between frames, so that no frame waits for one.

Painting a card's face the first time at a size (frame, art, wrapped text) takes from a
fraction of a millisecond to several; a move that brings five new cards into a hand would
paint all five in its frame. The table's :class:`FaceWarmer` paints every card of the
game, at every size the table has shown a card face at (and at the size of the pointer's
resting zoom and of a dialog's cards), in the time the frames leave unused
(``App.spare``: between two frames, never in one). It is only a cache of pictures: a
face painted ahead shows nothing to the player (what the table shows is decided by the
seat's view)."""

from __future__ import annotations

import time
from collections import deque

from ...engine.state import HIDDEN

#: the most faces painted ahead for one table (the face cache keeps 1,500 pictures)
MOST = 600


class FaceWarmer:
    """Paints the faces of the cards of ``pictures`` (a table's
    :class:`~.cardpictures.CardPictures`) ahead of need (see the module docstring)."""

    def __init__(self, pictures) -> None:
        self.pictures = pictures
        self.sizes: set[tuple[int, int]] = set()
        self.queue: deque[tuple[int, int, int]] = deque()
        self.asked: set[tuple[int, int, int]] = set()  # every face queued so far
        #: the longest recent paint of a face of each size (decaying): a face is begun
        #: only when one that long would still end in time
        self.slowest: dict[tuple[int, int], float] = {}

    def sizes_seen(self, sizes) -> None:
        """The table now shows faces at ``sizes`` (width, height): queue every card at
        each size not seen before."""
        for size in sorted(sizes):
            if size not in self.sizes:
                self.sizes.add(size)
                self.want(range(len(self.pictures.cards())), size)

    def want(self, cards, size: tuple[int, int], first: bool = False) -> None:
        """Queue ``cards`` at ``size`` (``first``: ahead of the rest, e.g. the cards on
        the table at the size of the pointer's resting zoom)."""
        if size[0] < 8 or size[1] < 8:
            return
        new = [(c, *size) for c in cards if (c, *size) not in self.asked]
        new = new[:max(0, MOST - len(self.asked))]
        self.asked.update(new)
        if first:
            self.queue.extendleft(reversed(new))
        else:
            self.queue.extend(new)

    def step(self, end: float) -> int:
        """Paint faces while they end before ``end`` (a ``time.perf_counter`` time);
        returns how many were painted."""
        done = 0
        now = time.perf_counter()
        while self.queue:
            card, w, h = self.queue[0]
            if now + self.slowest.get((w, h), 0.0) >= end:
                break  # the slowest face of this size so far would not end in time
            self.queue.popleft()
            self.pictures.face(card, (w, h))
            before, now = now, time.perf_counter()
            self.slowest[(w, h)] = max(self.slowest.get((w, h), 0.0) * 0.98, now - before)
            done += 1
        return done


def face_sizes(sprites) -> set[tuple[int, int]]:
    """The sizes the table paints its face-up cards at (unrotated)."""
    out = set()
    for sp in sprites:
        if not sp.face_up or sp.card == HIDDEN:
            continue
        w, h = sp.rect.size
        out.add((h, w) if sp.angle in (90, 270) else (w, h))
    return out
