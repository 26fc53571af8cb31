"""What a game's table layout provides (where zones and cards go, what is drawn over
them), and the sprites and drags the table works with."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame


@dataclass
class Sprite:
    """A card as drawn: where, which way up, turned, and in which zone."""

    card: int
    rect: pygame.Rect
    zone: str
    face_up: bool = True
    angle: int = 0  # 90: turned sideways (knocked out); 180: inverted
    dim: bool = False
    extra: dict = field(default_factory=dict)


@dataclass
class Drag:
    card: int
    sprite: Sprite
    grab: tuple[int, int]
    pos: tuple[int, int]
    start: tuple[int, int]
    active: bool = False


class Layout:
    """Base class of a game's table layout (see :mod:`tabletop.ui.brawl.layout`)."""

    panel_width = 300

    def __init__(self, scene) -> None:
        """``scene`` is the :class:`~tabletop.ui.table.scene.TableScene` it lays out."""
        self.scene = scene
        self.sprites: list[Sprite] = []
        self.zones: dict[str, pygame.Rect] = {}
        self.scale = 1.0

    def compute(self, view, viewer: int | None, size: tuple[int, int]) -> None:
        raise NotImplementedError

    def table_rect(self, size: tuple[int, int]) -> pygame.Rect:
        w, h = size
        return pygame.Rect(0, 0, w - int(self.panel_width * self.scale), h)

    def draw_under(self, surf, view) -> None:
        """Zones, labels and anything under the cards."""

    def draw_over(self, surf, view, sprite: Sprite) -> None:
        """Per-card overlays (health, badges)."""

    def draw_top(self, surf, view) -> None:
        """Lines and labels above all cards."""

    def info_lines(self, view) -> list[tuple[str, tuple]]:
        """Extra lines for the side panel, under the status (e.g. running totals)."""
        return []

    def dialog(self, view, legal: list, viewer: int | None):
        """Hook: a :class:`~.dialog.Dialog` over the table for the decision in hand (its
        ``moves`` leave the panel's buttons) or something to show; None: no dialog."""
        return None

    def drop_target(self, pos, card: int):
        """Hook: what a card dropped at ``pos`` lands on, when the layout knows better
        than the card or zone under it (e.g. anywhere in a character's area means the
        character); None: the card or zone under the pointer."""
        return None

    def can_drag(self, sprite: Sprite, viewer: int | None) -> bool:
        """Hook: may ``viewer`` pick up this card although it lies in no zone of theirs
        (e.g. a card in a shared row that can be bought)? Such cards also light up when
        a move uses them."""
        return False
