"""Pictures of gliding cards that change size on their way (from a hand to the table,
from a pile...): scaled ahead, between frames, to the sizes of a grid along the glide's
path, so that a glide frame blits a picture instead of scaling one. Scaling a card's
picture in a frame took 0.05-0.3 ms out of the processor's cache, for each such card:
most of the heaviest glide frames."""

from __future__ import annotations

from collections.abc import Iterator

import pygame

from ..bounded import make_room

#: the grid of sizes (pixels): a gliding card is drawn at the grid size nearest its own,
#: centred on its place (at most half a step off, for the few frames it glides)
STEP = 4
#: how many scaled pictures are kept at most (those of cards no longer gliding are
#: dropped before new ones are made: :meth:`ScaledPictures.keep_only`)
MOST = 1000


def on_grid(size: tuple[int, int]) -> tuple[int, int]:
    """The grid size nearest ``size``."""
    return tuple(max(STEP, round(v / STEP) * STEP) for v in size)


def path_sizes(start: tuple[int, int], end: tuple[int, int]) -> list[tuple[int, int]]:
    """The grid sizes a glide from ``start`` to ``end`` (sizes) passes, in order: its
    size rounded as :meth:`~tabletop.ui.table.motion.Glide.rect` rounds it, at every
    point of the way where a side's rounded length changes and between them."""
    points = {0.0, 1.0}
    for a, b in zip(start, end, strict=True):
        if a != b:
            for v in range(min(a, b), max(a, b)):
                k = (v + 0.5 - a) / (b - a)  # where this side's length rounds anew
                if 0.0 < k < 1.0:
                    points.add(k)
    ordered = sorted(points)
    out: list[tuple[int, int]] = []
    for k in sorted(ordered + [(x + y) / 2 for x, y in zip(ordered, ordered[1:],
                                                                strict=False)]):
        size = on_grid((max(1, round(start[0] + (end[0] - start[0]) * k)),
                        max(1, round(start[1] + (end[1] - start[1]) * k))))
        if size not in out:
            out.append(size)
    return out


class ScaledPictures:
    """Scaled copies of card pictures, each kept with the picture it was made from."""

    def __init__(self) -> None:
        self._kept: dict[tuple[int, int, int], tuple[pygame.Surface, pygame.Surface]] = {}

    def get(self, img: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        """``img`` at the grid size nearest ``size`` (scaled now if it was not ahead)."""
        grid = on_grid(size)
        if grid == on_grid(img.get_size()):
            return img  # as near as a scaled copy would be
        found = self._found(img, grid)
        if found is None:
            make_room(self._kept, MOST)
            found = pygame.transform.scale(img, grid)
            self._kept[(id(img), *grid)] = (img, found)
        return found

    def _found(self, img: pygame.Surface, grid: tuple[int, int]) -> pygame.Surface | None:
        """The copy of ``img`` at ``grid`` kept already (None: not kept; a copy kept for
        another picture that had the same ``id`` is not it)."""
        found = self._kept.get((id(img), *grid))
        return found[1] if found is not None and found[0] is img else None

    def keep_only(self, pictures) -> None:
        """Drop the scaled copies of every picture but ``pictures`` (those gliding)."""
        by_id = {id(img): img for img in pictures}
        self._kept = {k: v for k, v in self._kept.items() if v[0] is by_id.get(k[0])}

    def ahead(self, img: pygame.Surface, start: tuple[int, int],
              end: tuple[int, int]) -> Iterator[None]:
        """Scale ``img`` to every grid size from ``start`` to ``end``, a step each."""
        own = on_grid(img.get_size())
        for size in path_sizes(start, end):
            if size != own and self._found(img, size) is None:
                self.get(img, size)
                yield
