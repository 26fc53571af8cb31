"""How the table draws a card: the one place that decides it.

A card on the table is its face (painted by its game's painter, :class:`~tabletop.ui.
cardart.CardPainters`, from the game's kit) or a back, turned as it lies, at the size
the layout gives it; a gliding card is its picture at its final size, scaled on its way
(:mod:`.scaled`, ahead of the frames); faces are painted ahead between frames
(:mod:`.warm`); a dimmed card gets a veil. Every picture of a card the table shows (on
the table, lifted, gliding, under the pointer, zoomed, in a dialog) comes from
:class:`CardPictures`; the game provides only its painters.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...engine.cards import CardDef
from ...engine.state import HIDDEN
from .. import cardart, pictures
from .layout import Sprite
from .scaled import ScaledPictures
from .warm import FaceWarmer


class CardPictures:
    """The pictures of one table's cards (``cards()``: the card definitions of the game
    shown, by index; ``painters``: its game's)."""

    def __init__(self, cards: Callable[[], list[CardDef]],
                 painters: cardart.CardPainters) -> None:
        self.cards = cards
        self.painters = painters
        #: gliding cards' pictures at the sizes they pass, scaled between frames
        self.scaled = ScaledPictures()
        #: card faces painted ahead between frames (``spare``), so no frame paints one
        self.warmer = FaceWarmer(self)

    def face(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        """The face of card ``card`` at ``size`` (painted once, then kept)."""
        return cardart.face(self.cards()[card], self.painters, *size)

    def face_painted(self, card: int, size: tuple[int, int]) -> bool:
        """Is that face kept already (:meth:`face` returns it at once)?"""
        return cardart.painted(self.cards()[card], self.painters, *size)

    def picture(self, sprite: Sprite, size: tuple[int, int]) -> pygame.Surface:
        """The card's face (or back) at ``size``, turned as the sprite lies (kept)."""
        w, h = size
        if sprite.angle in (90, 270):
            w, h = h, w
        if sprite.face_up and sprite.card != HIDDEN:
            img = self.face(sprite.card, (w, h))
        else:
            img = cardart.back(w, h)
        return cardart.rotated(img, sprite.angle) if sprite.angle else img

    def painted(self, sprite: Sprite) -> bool:
        """Is the picture :meth:`picture` gives ``sprite`` at its size ready (a back, or
        a face painted at that size before)?"""
        if not sprite.face_up or sprite.card == HIDDEN:
            return True
        w, h = sprite.rect.size
        if sprite.angle in (90, 270):
            w, h = h, w
        return self.face_painted(sprite.card, (w, h))

    def draw(self, surf: pygame.Surface, sprite: Sprite, rect: pygame.Rect,
             size: tuple[int, int] | None = None) -> None:
        """The card in ``rect``; ``size``: the size it is painted at (a gliding card is
        painted once at its final size and scaled on its way)."""
        img = self.picture(sprite, size or rect.size)
        if img.get_size() != rect.size:
            img = self.scaled.get(img, rect.size)
            surf.blit(img, img.get_rect(center=rect.center))
        else:
            surf.blit(img, rect)
        if sprite.dim:
            surf.blit(pictures.box(rect.size, (10, 10, 14, 120)), rect)
