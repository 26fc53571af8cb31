"""The table's renderer: what a frame shows (:class:`~.frame.TableFrame`) -> pixels.

It owns every picture the table keeps: the cards' (:class:`~.cardpictures.CardPictures`,
the one place that decides how a card is drawn, through the game's painters), the cached
picture of the table and the panel and the painting of it between frames
(:mod:`.painting`), the marks that let a frame copy only part of it (:mod:`.marks`), the
dialog's, the messages' and the rising numbers' pictures (:mod:`.overlays`) and what
covers the table (:mod:`.covers`). Its interface is small: :meth:`prepare` (a new window
size; does this frame paint?), :meth:`draw`, :meth:`spare` (between frames),
:meth:`behind` (is the picture behind the game?), :meth:`invalidate`,
:meth:`forget_shown`. This module draws the picture's layers and what moves every frame
(the dragged card and its lit targets, gliding cards, rising numbers, another player's
move shown)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame

from ...engine.state import HIDDEN
from .. import pictures, text, theme
from ..app import background
from ..widgets import panel
from .cardpictures import CardPictures
from .covers import TableCovers
from .frame import TableFrame
from .layout import Sprite
from .marks import TableMarks
from .overlays import TableOverlays, draw_focus, glow
from .painting import PAINT_BUDGET, TablePainting

#: gliding cards keep their overlays (health...) on the way when no more than this many
#: glide at once (a whole table moving draws bare cards for those few frames)
GLIDE_OVERLAYS = 12
#: the cards of the table are painted in about this many steps (a few cards each)
CARD_STEPS = 6


class TableRenderer(TablePainting, TableMarks, TableOverlays, TableCovers):
    """Draws the table's frames (see the module docstring); what it draws with is split
    across :mod:`.painting`, :mod:`.marks`, :mod:`.overlays` and :mod:`.covers`, all of
    them reading the frame they are given and the renderer's own pictures only."""

    def __init__(self, cards_of: Callable[[], dict], painters: dict) -> None:
        """``cards_of``: the game's card data now (hot reload replaces it);
        ``painters``: the game's card painters (its UI kit's)."""
        #: how every card is drawn: faces, backs, glides' scaled pictures, faces painted
        #: ahead between frames
        self.cards = CardPictures(cards_of, painters)
        #: what each cached layer of the picture shows (see ``_layer_keys``)
        self._layers: dict[str, tuple] = {}
        self._canvas: pygame.Surface | None = None  # the picture shown
        self._back: pygame.Surface | None = None  # the next picture, while it is painted
        self._paint_size: tuple[int, int] | None = None  # the size of the picture painted
        self._job = None  # painting it: (steps, what it will show, its layer keys)
        self._canvas_gen = 0  # counts the changes of the picture
        self._dialog_pic: tuple | None = None  # (what it shows, the dialog over the table)
        self._job_waited = 0  # frames it has waited for time between frames
        self._slowest_step = 0.0  # the longest recent step of painting it (decaying)
        #: the most a frame spends painting the table after a change (None: all at once)
        self.paint_budget: float | None = PAINT_BUDGET
        #: (message, colour, width, size) -> its picture
        self._message_pics: dict = {}

    @property
    def paint_size(self) -> tuple[int, int] | None:
        """The window size the picture is (being) painted at (None: no frame yet)."""
        return self._paint_size

    def draw(self, surf: pygame.Surface, f: TableFrame) -> bool:
        """Draw the frame ``f`` on ``surf``. Returns whether the window now shows the
        game as it is (False: the picture is behind it, or there is none yet)."""
        if not self._draw_layers(surf, f):
            return False  # the table is being painted (just opened, or a new window size)
        current = not self.behind(f)
        for b in f.panel.tools + f.panel.buttons:
            if b.hover:
                b.draw(surf)
        if f.panel.latest is not None:
            f.panel.latest.draw(surf)
        if f.panel.narration is not None:
            f.panel.narration.draw(surf)
        if f.handover is not None:
            self._draw_handover(surf, f)
        else:
            self._draw_thinking(surf, f)
            self._draw_hint(surf, f)
            if f.dialog is not None:
                self._draw_dialog(surf, f)
            self._draw_moving(surf, f)
            self._draw_menu(surf, f)
            self._draw_hover_zoom(surf, f)
            if f.gameover is not None:
                self._draw_gameover(surf, f)
            if f.pointer.zoom is not None:
                self._draw_zoom(surf, f)
        if f.focus is not None:
            draw_focus(surf, f.focus)
        self._draw_messages(surf, f)
        if f.help is not None:
            self._draw_help(surf, f)
        return current

    # -- the layers ----------------------------------------------------------------------------
    def _draw_arrived(self, surf, f: TableFrame) -> None:
        """Cards back in their places (their glide ended) that the picture does not show
        yet: drawn over it until it does."""
        for sprite in self._arrived(f):
            self._draw_sprite(surf, f, sprite)

    def _draw_log(self, surf, f: TableFrame) -> None:
        """The log alone, over the panel's background (its area only: see
        :meth:`_draw_layers`)."""
        surf.blit(panel_ground(f.panel.rect.size), f.panel.rect)
        with text.layer("panel"):
            f.panel.log.draw(surf)

    def _off_table(self, f: TableFrame) -> tuple[set[int], set[int]]:
        """The cards not drawn in the table layer (dragged, gliding) and those lit as
        playable."""
        return f.motion.moving | {f.dragged_card}, self._glowing(f)

    @staticmethod
    def _glowing(f: TableFrame) -> set[int]:
        """The cards lit as playable (only while nothing is dragged)."""
        return set() if f.dragged_card is not None else f.lit()

    def _draw_table_layer(self, surf, f: TableFrame) -> None:
        """The felt, the zones and every card with its overlays (not the dragged one nor
        those gliding: they are drawn every frame), in one go."""
        for _ in self._table_steps(surf, f, *self._off_table(f)):
            pass

    def _table_steps(self, surf, f: TableFrame, away: set[int],
                     glowing: set[int]) -> Iterator[None]:
        """The table layer a step at a time: the felt and the zones, each card, what is
        drawn over them all."""
        background(surf)
        lay = f.layout
        if f.handover is not None:
            return
        yield  # (the felt of a new size is painted once: a step of its own)
        with text.layer("under"), theme.card_text():
            lay.draw_under(surf, f.view)
        yield
        shown = [sp for sp in lay.sprites if sp.card not in away or sp.card == HIDDEN]
        per_step = max(4, len(shown) // CARD_STEPS + 1)
        for i, sprite in enumerate(shown, 1):
            if not self.cards.painted(sprite):
                # a face not painted at this size yet (a new window size, a card not
                # seen before): a step of its own, the longest kind
                self.cards.picture(sprite, sprite.rect.size)
                yield
            with text.layer("over"), theme.card_text():
                self._draw_sprite(surf, f, sprite)
                if sprite.card in glowing:
                    glow(surf, sprite.rect, theme.ACCENT, 2)
            if i % per_step == 0:
                yield
        with text.layer("top"), theme.card_text():
            lay.draw_top(surf, f.view)

    def _draw_panel_static(self, surf, f: TableFrame) -> None:
        """The panel as the picture keeps it: no button lit (a lit one is drawn over the
        picture by the frame the pointer is on it)."""
        hovered = [b for b in f.panel.tools + f.panel.buttons if b.hover]
        for b in hovered:
            b.hover = False
        with text.layer("panel"):
            self._draw_panel(surf, f)
        for b in hovered:
            b.hover = True

    # -- what moves ----------------------------------------------------------------------------
    def _draw_moving(self, surf, f: TableFrame) -> None:
        """The spotlight on another player's move, the lit targets of the dragged card,
        the cards gliding, the numbers rising, the dropped and the dragged card."""
        pointer = f.pointer
        dragging = f.dragged_card
        if dragging is not None:
            for rect, _, zone in pointer.lit_targets(dragging):
                glow(surf, rect, theme.LEGAL, 3 if zone else 4, fill=zone)
        if self._job is None:  # else the picture shows the cards where they were
            self._draw_arrived(surf, f)
            self._draw_spotlight(surf, f)
            self._draw_glides(surf, f)
        if f.held is not None:  # dropped, its move not yet landed: where it was let go
            sprite = pointer.sprite_of(f.held[0])
            if sprite is not None:
                self._draw_lifted(surf, f, sprite, f.held[1])
        if dragging is not None:
            rect = pointer.drag_rect(pointer.drag)
            surf.blit(pictures.box(rect.size, (0, 0, 0, 90), radius=8), rect.move(6, 8))
            self._draw_lifted(surf, f, pointer.drag.sprite, rect)

    def _draw_lifted(self, surf, f: TableFrame, sprite: Sprite, rect: pygame.Rect) -> None:
        """A card off its place (dragged, or dropped and waiting for its move to land),
        upright at ``rect``, with its captions."""
        moved = Sprite(sprite.card, rect, sprite.zone, sprite.face_up, 0, False, sprite.extra)
        self.cards.draw(surf, moved, rect)
        with theme.card_text():
            f.layout.draw_over(surf, f.view, moved)

    def _draw_glides(self, surf, f: TableFrame) -> None:
        """The cards gliding to their places and the numbers rising."""
        lay = f.layout
        few = len(f.motion.glides) <= GLIDE_OVERLAYS
        for glide in f.motion.glides.values():
            rect = glide.rect()
            sprite = glide.sprite
            moved = Sprite(sprite.card, rect, sprite.zone, sprite.face_up, sprite.angle,
                           sprite.dim, sprite.extra)
            self.cards.draw(surf, moved, rect, size=sprite.rect.size)
            if few and rect.size == sprite.rect.size:
                with theme.card_text():
                    lay.draw_over(surf, f.view, moved)
        self._draw_rising(surf, f)

    def _draw_sprite(self, surf, f: TableFrame, sprite: Sprite) -> None:
        self.cards.draw(surf, sprite, sprite.rect)
        f.layout.draw_over(surf, f.view, sprite)

    # -- the side panel ------------------------------------------------------------------------
    def _draw_panel(self, surf, f: TableFrame) -> None:
        p = f.panel
        surf.blit(panel_ground(p.rect.size), p.rect)
        for b in p.tools:
            b.draw(surf)
        words = p.words()
        x = p.rect.left + 10
        w = p.rect.w - 20
        top = p.top
        box_top = theme.ui(70) + top
        heading_h = text.height_of(words.heading, w - 4, 13, "bold")
        text.draw(surf, words.heading, (x + 2, box_top - 6 - heading_h, w - 4, heading_h), 13,
                  theme.MUTED, "bold", wrap=True)
        box = pygame.Rect(x, box_top, w, p.status_bottom - box_top - 6)
        pygame.draw.rect(surf, (30, 38, 48), box, border_radius=8)
        color = theme.seat_color(f.state.actor)
        pygame.draw.rect(surf, color, (box.left, box.top, 4, box.h), border_radius=2)
        y = box.top + 7
        if words.turn:
            y += text.blit_wrapped(surf, words.turn,
                                   pygame.Rect(box.left + 12, y, box.w - 18, 17),
                                   13, color, "bold", shrink=False) + 4
        for line in words.status:
            size = text.line_size(line, box.w - 18, 15, "bold")
            y += text.blit_wrapped(surf, line, pygame.Rect(box.left + 12, y, box.w - 18, 20),
                                   size, theme.TEXT, "bold", line_gap=1.3, shrink=False)
        if p.info:
            pygame.draw.rect(surf, (24, 31, 40), p.info_rect, border_radius=8)
            yy = p.info_rect.top + 5
            for line, color in p.info:
                yy += text.blit_wrapped(surf, line, pygame.Rect(p.info_rect.left + 8, yy,
                                                                p.info_rect.w - 16, 19),
                                        text.line_size(line, p.info_rect.w - 16), color,
                                        line_gap=1.4, shrink=False)
        for b in p.buttons:
            b.draw(surf)
        p.log.draw(surf)


def panel_ground(size: tuple[int, int]) -> pygame.Surface:
    """The side panel's background as on a new (black) picture, made opaque once per size
    (an opaque blit instead of blending the translucent panel at every redraw)."""
    found = _grounds.get(size)
    if found is None:
        found = pygame.Surface(size)
        panel(found, found.get_rect(), theme.PANEL, 245, theme.PANEL_LINE, 0)
        _grounds.clear()
        _grounds[size] = found
    return found


_grounds: dict[tuple[int, int], pygame.Surface] = {}
