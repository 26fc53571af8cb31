"""The pointer on the cards: picking up, dragging, dropping, clicking, card menus, zoom.

:class:`PointerInput` turns what the pointer does to the cards into the moves the player
means, and nothing else: it asks its table (a :class:`PointerTable`) for what is shown
(the layout's sprites and places, the viewer, the moves offered) and sends a meant move
with :meth:`PointerTable.input_move`. One drop policy holds for every game: a drop
counts only on a lit target; anywhere else the card glides back and the game names the
rule the move it meant would break (a drop back where the card lies is only put down).
The scene routes events to it after its overlays and buttons (:mod:`.input`).
"""

from __future__ import annotations

from typing import Protocol

import pygame

from ...engine.moves import Move
from ...engine.state import HIDDEN, State
from .. import theme
from ..gestures import Gestures
from .layout import Drag, Layout, Sprite
from .model import TableModel
from .motion import Motion

DRAG_THRESHOLD = 6


class PointerTable(Protocol):
    """What the pointer asks of its table."""

    layout_obj: Layout
    motion: Motion
    model: TableModel
    size: tuple[int, int]
    #: the position the table showed last (a gesture is made on it)
    shown_changes: int

    @property
    def gestures(self) -> Gestures: ...

    @property
    def viewer(self) -> int | None: ...

    @property
    def state(self) -> State: ...

    def offered(self) -> list[Move]:
        """The legal moves the cards offer (not those of a dialog)."""

    def input_move(self, move: Move, held: tuple[int, pygame.Rect] | None = None,
                   built: int | None = None) -> bool:
        """Send a move the person means; False when refused."""

    @property
    def landing(self) -> Move | None: ...

    def say(self, message: str) -> None:
        """Show a short message (why a drop was refused)."""

    def describe(self, move: Move) -> str:
        """A move in words, for a menu entry."""

    def cue(self, name: str) -> None:
        """Play a sound (``pickup``, ``refused``: :mod:`.sounds`)."""


class PointerInput:
    """The pointer's state on the cards (a card held, a card's menu, the card zoomed or
    under the pointer) and what its gestures mean (see the module docstring)."""

    def __init__(self, table: PointerTable) -> None:
        self.table = table
        self.drag: Drag | None = None
        #: a card's menu: (entry rectangle, label, move) and its title, box and the
        #: position its entries are moves of
        self.menu: list[tuple[pygame.Rect, str, Move]] = []
        self.menu_title = ""
        self.menu_box = pygame.Rect(0, 0, 0, 0)
        self.menu_built = 0
        #: the card shown on its own (right click), the card under the pointer and since
        #: when, and where the pointer is
        self.zoom: int | None = None
        self.hover: int | None = None
        self.hover_since = 0
        self.mouse = (0, 0)

    # -- what lies under the pointer ----------------------------------------------------------
    def sprite_at(self, pos) -> Sprite | None:
        for sprite in reversed(self.table.layout_obj.sprites):
            if sprite.rect.collidepoint(pos):
                return sprite
        return None

    def sprite_of(self, card: int) -> Sprite | None:
        for sprite in self.table.layout_obj.sprites:
            if sprite.card == card:
                return sprite
        return None

    def card_at(self, pos) -> int | None:
        sprite = self.sprite_at(pos)
        if sprite is None or not sprite.face_up or sprite.card == HIDDEN:
            return None
        return sprite.card

    @property
    def dragged_card(self) -> int | None:
        """The card being dragged (past the threshold), if any."""
        return self.drag.card if self.drag is not None and self.drag.active else None

    def can_pick_up(self, sprite: Sprite) -> bool:
        """Cards the viewer owns may be picked up (even when no move is legal, so the
        refusal can be explained)."""
        t = self.table
        if t.viewer is None or sprite.card == HIDDEN or t.state.over:
            return False
        return sprite.zone.endswith(f".{t.viewer}") or t.layout_obj.can_drag(sprite, t.viewer)

    def playable(self) -> set[int]:
        """The cards a move offered now uses (lit on the table while nothing is
        dragged): a drag move's carriers, any other move's card, among the cards the
        viewer may pick up."""
        t = self.table
        gestures = t.gestures
        cards = {c for m in t.offered()
                 for c in (gestures.carriers(m) if gestures.gesture(m) == "drag"
                           else (m.card,))
                 if c is not None}
        lay = t.layout_obj
        return {sp.card for sp in lay.sprites if sp.card in cards and (
            sp.zone.endswith(f".{t.viewer}") or lay.can_drag(sp, t.viewer))}

    # -- where a card may go ------------------------------------------------------------------
    def drag_moves(self, card: int) -> list[Move]:
        """The drag moves ``card`` makes (as their card or a partner card)."""
        gestures = self.table.gestures
        return [m for m in self.table.offered() if gestures.gesture(m) == "drag"
                and card in gestures.carriers(m)]

    def targets_for(self, card: int) -> set:
        return {self.table.gestures.landing(m) for m in self.drag_moves(card)}

    def lit_targets(self, card: int) -> list[tuple[pygame.Rect, Move, bool]]:
        """Where ``card`` may be dropped: (the lit rectangle, the move a drop there
        makes, whether the rectangle is a zone rather than a card), for each legal drag
        move of the card whose target the layout shows."""
        out = []
        landing = self.table.gestures.landing
        for m in self.drag_moves(card):
            rect = self.table.layout_obj.target_rect(m)
            if rect is not None:
                out.append((rect, m, not isinstance(landing(m), int)))
        return out

    def moves_at(self, card: int, pos) -> list[Move]:
        """The moves a drop of ``card`` at ``pos`` makes: those of the smallest lit
        rectangle under the pointer (a card lit inside a lit zone wins), else none."""
        hits = [(rect.w * rect.h, rect, m) for rect, m, _ in self.lit_targets(card)
                if rect.collidepoint(pos)]
        if not hits:
            return []
        best = min(area for area, _, _ in hits)
        rect = next(r for area, r, _ in hits if area == best)
        return [m for _, r, m in hits if r == rect]

    def drop_target(self, pos, card: int) -> int | str | None:
        """What lies under the pointer: what the layout says a drop there lands on (e.g.
        anywhere in a character's area), else a card, else the smallest zone, else None
        (the bare table)."""
        lay = self.table.layout_obj
        found = lay.drop_target(pos, card)
        if found is not None:
            return found
        for sprite in reversed(lay.sprites):
            if sprite.card != card and sprite.rect.collidepoint(pos) and sprite.card != HIDDEN:
                return sprite.card
        named = [(rect.w * rect.h, name) for name, rect in lay.zones.items()
                 if rect.collidepoint(pos)]
        return min(named)[1] if named else None

    def put_back(self, sprite: Sprite, target, pos) -> bool:
        """Is a drop of ``sprite`` at ``pos`` (on ``target``) only putting it back where
        it lies: on itself, its own zone, or a card beside it that means nothing?"""
        if target == sprite.zone or sprite.rect.collidepoint(pos):
            return True
        home = self.table.layout_obj.zones.get(sprite.zone)
        if home is None or not home.collidepoint(pos):
            return False
        t = self.table
        return target is None or t.gestures.move_for_drop(
            t.state, t.viewer, sprite.card, target) is None

    def drag_rect(self, drag: Drag) -> pygame.Rect:
        return pygame.Rect(drag.pos[0] - drag.grab[0], drag.pos[1] - drag.grab[1],
                           *drag.sprite.rect.size)

    # -- gestures ---------------------------------------------------------------------------
    def press(self, pos) -> None:
        """The left button went down on the table: a card the viewer may move is held."""
        sprite = self.sprite_at(pos)
        if sprite is not None and self.can_pick_up(sprite):
            self.drag = Drag(sprite.card, sprite, (pos[0] - sprite.rect.x,
                                                   pos[1] - sprite.rect.y),
                             pos, pos, built=self.table.shown_changes)

    def moved(self, pos) -> None:
        """The pointer moved: a held card follows (a drag once past the threshold)."""
        self.mouse = pos
        if self.drag:
            self.drag.pos = pos
            if not self.drag.active and _dist(pos, self.drag.start) > DRAG_THRESHOLD:
                self.drag.active = True
                self.menu = []
                self.table.cue("pickup")

    def release(self, pos) -> None:
        """The left button came up: a drag drops, a press without one is a click."""
        drag, self.drag = self.drag, None
        if drag is None:
            return
        if drag.active or _dist(pos, drag.start) > DRAG_THRESHOLD:
            self.drop(drag, pos)
        else:
            self.click(drag.sprite)

    def drop(self, drag: Drag, pos) -> None:
        """The one drop policy of every table (see the module docstring)."""
        t = self.table
        moves = self.moves_at(drag.card, pos)
        if len(moves) == 1:
            if not t.input_move(moves[0], held=(drag.card, self.drag_rect(drag)),
                                built=drag.built) and t.landing is None:
                self.snap_back(drag)
                t.cue("refused")
            return
        self.snap_back(drag)
        if len(moves) > 1:
            self.menu_for(moves, pos, "Choose")
            return
        target = self.drop_target(pos, drag.card)
        if t.viewer is None or self.put_back(drag.sprite, target, pos):
            return  # put back where it was: no move was meant
        t.say(t.gestures.refuse_drop(t.state, t.viewer, drag.card, target))
        t.cue("refused")

    def snap_back(self, drag: Drag) -> None:
        self.table.motion.glide_back(drag.sprite, self.drag_rect(drag))

    def click(self, sprite: Sprite) -> None:
        """A card clicked: its menu, if it offers moves; else it is shown on its own."""
        if self.menu_moves(sprite.card):
            self.open_menu(sprite.card, sprite.rect)
        elif sprite.card is not None and sprite.card != HIDDEN and sprite.face_up:
            self.zoom = sprite.card

    def menu_moves(self, card: int) -> list[Move]:
        gestures = self.table.gestures
        return [m for m in self.table.offered() if m.card == card
                and gestures.gesture(m) == "menu"]

    def open_only_menu(self, aside) -> None:
        """When the only thing to do is pick from one card's menu, open it (``aside(m)``:
        a move that does not count, e.g. a side option always offered)."""
        gestures = self.table.gestures
        offered = self.table.offered()
        menu_cards = {m.card for m in offered if gestures.gesture(m) == "menu"}
        others = [m for m in offered if gestures.gesture(m) != "menu" and not aside(m)]
        if len(menu_cards) == 1 and not others:
            card = next(iter(menu_cards))
            sprite = self.sprite_of(card)
            if sprite is not None:
                self.open_menu(card, sprite.rect)

    def open_menu(self, card: int, rect: pygame.Rect) -> None:
        self.menu_for(self.menu_moves(card), (rect.right + 4, rect.top),
                      self.table.state.name(card))

    def menu_for(self, moves: list[Move], pos, title: str) -> None:
        t = self.table
        f = theme.font(14, "bold")
        labels = [t.describe(m) for m in moves]
        w = max([f.size(label)[0] for label in labels] + [f.size(title)[0]]) + 28
        h = 30
        x, y = pos
        total_h = 26 + h * len(moves)
        table = t.layout_obj.table_rect(t.size)
        x = min(x, table.right - w - 4)
        y = max(4, min(y, t.size[1] - total_h - 4))
        self.menu_title = title
        self.menu_built = t.model.changes  # the position its entries are moves of
        self.menu_box = pygame.Rect(x, y, w, total_h)
        self.menu = [(pygame.Rect(x + 4, y + 24 + i * h, w - 8, h - 4), label, m)
                     for i, (label, m) in enumerate(zip(labels, moves, strict=True))]

    def menu_takes(self, pos) -> bool:
        """A click while a card's menu is open picks an entry (or closes the menu)."""
        if not self.menu:
            return False
        for rect, _, move in self.menu:
            if rect.collidepoint(pos):
                self.menu = []
                self.table.input_move(move, built=self.menu_built)
                return True
        self.menu = []
        return False


def _dist(a, b) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
