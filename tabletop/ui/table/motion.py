"""Motion on the table: cards glide between places, numbers rise from the cards whose
value changed, and another player's move is shown on the table (its card lit, a caption
saying what it did) long enough to be read.

Nothing here blocks input: a gliding card already lies where it is going as far as the
mouse is concerned; it is only drawn on its way. Time is the ``dt`` of each frame (tests
step frames of a fixed length). ``speed`` scales every duration; 0 switches the motion
off (cards jump, numbers do not rise; a computer's move is still lit until the next).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from ...engine.state import HIDDEN
from .layout import Sprite

#: seconds: a card gliding to its new place (150-250 ms), back after a refused drop,
#: a number rising, a computer's move shown
GLIDE = 0.22
BACK = 0.18
RISE = 1.1
SHOW = 1.6


def ease(t: float) -> float:
    """Ease-out cubic: fast start, soft landing."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


@dataclass
class Glide:
    sprite: Sprite  # where the card ends
    start: pygame.Rect
    duration: float
    t: float = 0.0
    back: bool = False  # going back after a refused drop
    #: the place worked out last, and when (a frame asks for it several times)
    _at: tuple | None = field(default=None, repr=False, compare=False)

    def rect(self) -> pygame.Rect:
        a, b = self.start, self.sprite.rect
        key = (self.t, tuple(a), tuple(b))
        if self._at is None or self._at[0] != key:
            k = ease(self.t / self.duration) if self.duration > 0 else 1.0
            self._at = (key, (round(a.x + (b.x - a.x) * k), round(a.y + (b.y - a.y) * k),
                              max(1, round(a.w + (b.w - a.w) * k)),
                              max(1, round(a.h + (b.h - a.h) * k))))
        return pygame.Rect(self._at[1])


@dataclass
class Rising:
    label: str
    good: bool
    pos: tuple[int, int]
    duration: float
    t: float = 0.0


@dataclass
class Spotlight:
    """Another player's move, shown: its cards (and target) lit, and a caption."""

    caption: str
    seat: int | None
    cards: tuple[int, ...]
    zones: tuple[str, ...]
    duration: float
    t: float = 0.0
    extra: dict = field(default_factory=dict)


class Motion:
    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self.glides: dict[int, Glide] = {}
        self.rising: list[Rising] = []
        self.spot: Spotlight | None = None
        self._from: dict[int, pygame.Rect] = {}

    @property
    def on(self) -> bool:
        return self.speed > 0

    @property
    def moving(self) -> frozenset[int]:
        """The cards drawn on their way (the cached table layer leaves them out)."""
        return frozenset(self.glides)

    @property
    def busy(self) -> bool:
        """Is anything still moving (a computer's next move waits for it)?"""
        return bool(self.glides or self.rising)

    # -- starting -----------------------------------------------------------------------
    def from_rect(self, card: int, rect: pygame.Rect) -> None:
        """``card`` was last seen at ``rect`` (dropped there): its next glide starts
        there rather than from its old place."""
        self._from[card] = pygame.Rect(rect)

    def glide_back(self, sprite: Sprite, rect: pygame.Rect) -> None:
        """A refused drop: the card goes back from ``rect`` to its place (always drawn
        on its way, even with motion off, for one short moment)."""
        self.glides[sprite.card] = Glide(sprite, pygame.Rect(rect),
                                         BACK * (self.speed if self.on else 0.5), back=True)

    def relayout(self, before: dict[int, pygame.Rect], zones: dict[str, pygame.Rect],
                 sprites: list[Sprite], origin: Callable[[int], str | None]) -> None:
        """After the table was laid out again: every card whose place changed glides
        from where it was (``before``), or, if it was not on the table, from the zone
        it came from (``origin``, e.g. the draw pile)."""
        dropped, self._from = self._from, {}
        if not self.on:
            self.glides.clear()
            return
        for sprite in sprites:
            card = sprite.card
            if card == HIDDEN:
                continue
            start = dropped.get(card) or before.get(card)
            if start is None:
                zone = origin(card)
                area = zones.get(zone) if zone else None
                if area is None:
                    continue
                start = pygame.Rect(0, 0, *sprite.rect.size)
                start.center = area.center
            if start == sprite.rect:
                self.glides.pop(card, None)
                continue
            going = self.glides.get(card)
            if going is not None:
                start = going.rect()  # already moving: carry on from where it is
            self.glides[card] = Glide(sprite, pygame.Rect(start), GLIDE * self.speed)

    def changed_amounts(self, before: dict[int, int], after: dict[int, int],
                        rects: dict[int, pygame.Rect]) -> None:
        """A number rises from each card whose amount (health...) changed."""
        if not self.on:
            return
        for card, value in after.items():
            old = before.get(card)
            rect = rects.get(card)
            if old is None or old == value or rect is None:
                continue
            diff = value - old
            label = f"+{diff}" if diff > 0 else f"\u2212{-diff}"
            self.rising.append(Rising(label, diff > 0, rect.center, RISE * self.speed))

    def show(self, caption: str, seat: int | None, cards: tuple[int, ...],
             zones: tuple[str, ...], pace: float) -> None:
        """Light another player's move for about ``pace`` seconds (at least long enough
        to read the caption)."""
        self.spot = Spotlight(caption, seat, cards, zones, max(pace, SHOW))

    def stop(self) -> None:
        """Everything lands at once (an undo, a new window size)."""
        self.glides.clear()
        self.rising.clear()
        self._from.clear()

    # -- time -------------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; True when the set of moving cards changed."""
        before = len(self.glides)
        for card in list(self.glides):
            glide = self.glides[card]
            glide.t += dt
            if glide.t >= glide.duration:
                del self.glides[card]
        for rise in self.rising:
            rise.t += dt
        self.rising = [r for r in self.rising if r.t < r.duration]
        if self.spot is not None:
            self.spot.t += dt
            if self.spot.t >= self.spot.duration:
                self.spot = None
        return len(self.glides) != before
