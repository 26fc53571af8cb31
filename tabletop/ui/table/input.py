"""The table's input: keys, hover, clicks, drags and drops, card menus."""

from __future__ import annotations

import pygame

from ...engine.moves import Move
from ...engine.state import HIDDEN
from .. import theme
from .layout import Drag, Sprite

DRAG_THRESHOLD = 6


class TableInput:
    """Input handling of :class:`~tabletop.ui.table.scene.TableScene` (a mixin)."""

    def handle(self, event) -> None:
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            self.land_now()  # what the event does acts on the position after the move
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.hover = None  # the card zoom waits for the pointer to move onto a card
        if self._narration_takes(event):
            return
        kind = event.type
        if kind == pygame.KEYDOWN:
            self._key(event)
        elif kind == pygame.MOUSEMOTION:
            self._motion(event)
            if self.dialog is not None:
                self.dialog.handle(event)
        elif kind == pygame.MOUSEWHEEL:
            self.log_list.handle(event)
        elif not self._overlay_takes(event):
            if kind == pygame.MOUSEBUTTONDOWN:
                self._mouse_down(event)
            elif kind == pygame.MOUSEBUTTONUP and event.button == 1:
                self._mouse_up(event)

    def _narration_takes(self, event) -> bool:
        n = self.narration
        if n is None or not n.visible or \
                event.type not in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.MOUSEBUTTONDOWN):
            return False
        if n.handle(event) and event.type != pygame.MOUSEBUTTONDOWN or \
                event.type == pygame.MOUSEBUTTONDOWN and n.focused:
            self.invalidate()
            return True
        return False

    def _key(self, event) -> None:
        mods = pygame.key.get_mods() | getattr(event, "mod", 0)
        if event.key == pygame.K_z and mods & pygame.KMOD_CTRL:
            self.undo()
        elif event.key == pygame.K_y and mods & pygame.KMOD_CTRL:
            self.redo()
        elif event.key == pygame.K_h and not mods & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.ask_hint()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and \
                self.handover_to is not None and not self.help_open:
            self.take_seat()
        elif event.key == pygame.K_ESCAPE:
            if self.zoom is not None or self.menu or self.help_open:
                self.zoom = None
                self.menu = []
                self.help_open = False
            else:
                self.to_menu()

    def _motion(self, event) -> None:
        self.mouse = event.pos
        for b in [*self.tools, *self.buttons, self.latest_button]:
            b.handle(event)
        self._hover(event.pos)
        if self.drag:
            self.drag.pos = event.pos
            if not self.drag.active and _dist(event.pos, self.drag.start) > DRAG_THRESHOLD:
                self.drag.active = True
                self.menu = []

    def _overlay_takes(self, event) -> bool:
        """Help, a zoomed card, the game-over panel and the hand-over screen take clicks
        before the table does."""
        if self.help_open:
            if event.type == pygame.MOUSEBUTTONUP:
                self.help_open = False
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
                self.help_list.handle(event)
            return True
        if self.zoom is not None and event.type == pygame.MOUSEBUTTONDOWN:
            self.zoom = None
            return True
        if self.gameover_shown and self._gameover_buttons:
            for b in self._gameover_buttons:
                if b.handle(event):
                    return True
        if self.handover_to is not None:
            # the hand-over screen: its button, and the tools that show nothing hidden
            # (Save, Rules, Menu; Undo and Redo are off)
            for b in [self._handover_button, *self.tools[2:]]:
                if b.handle(event):
                    break
            return True
        return self._dialog_takes(event)

    def _dialog_takes(self, event) -> bool:
        """A layout's dialog over the table takes the clicks on it (a right click zooms
        one of its cards)."""
        if self.dialog is None or self.dragged_card is not None or self.menu or \
                not self.dialog.handle(event):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            card = self.dialog.card_at(event.pos)
            self.zoom = card if self._visible(card) else None
        return True

    def _mouse_down(self, event) -> None:
        self.mouse = event.pos
        if event.button == 3:
            card = self._card_at(event.pos)
            if card is not None and self._visible(card):
                self.zoom = card
            return
        if event.button != 1:
            if self.log_list.rect.collidepoint(event.pos):
                self.log_list.handle(event)
            return
        if self._menu_takes(event.pos) or self._panel_takes(event):
            return
        sprite = self._sprite_at(event.pos)
        if sprite is not None and self._can_pick_up(sprite):
            self.drag = Drag(sprite.card, sprite, (event.pos[0] - sprite.rect.x,
                                                   event.pos[1] - sprite.rect.y),
                             event.pos, event.pos, built=self.shown_changes)

    def _menu_takes(self, pos) -> bool:
        """A click while a card's menu is open picks an entry (or closes the menu)."""
        if not self.menu:
            return False
        for rect, _, move in self.menu:
            if rect.collidepoint(pos):
                self.menu = []
                self.input_move(move, built=self.menu_built)
                return True
        self.menu = []
        return False

    def _panel_takes(self, event) -> bool:
        """The side panel's buttons and the log take a click before the table."""
        for b in self.tools + self.buttons:
            if b.handle(event):
                return True
        if not self.game_log.following and self.latest_button.handle(event):
            return True
        return self.log_list.handle(event)

    def _mouse_up(self, event) -> None:
        self.mouse = event.pos
        for b in [*self.tools, *self.buttons, self.latest_button]:
            if b.handle(event):
                return
        drag, self.drag = self.drag, None
        if drag is None:
            return
        if drag.active or _dist(event.pos, drag.start) > DRAG_THRESHOLD:
            self._drop(drag, event.pos)
        else:
            self._click(drag.sprite)

    def _hover(self, pos) -> None:
        """The pointer moved: the card it is over is zoomed once it rests there (a move
        within the card restarts the wait until the zoom shows; then it stays)."""
        card = self._card_at(pos)
        if card != self.hover or self._hover_zoom_place() is None:
            self.hover = card
            self.hover_since = pygame.time.get_ticks()

    def _visible(self, card: int) -> bool:
        return card is not None and card != HIDDEN

    def _sprite_at(self, pos) -> Sprite | None:
        for sprite in reversed(self.layout_obj.sprites):
            if sprite.rect.collidepoint(pos):
                return sprite
        return None

    def _sprite_of(self, card: int) -> Sprite | None:
        for sprite in self.layout_obj.sprites:
            if sprite.card == card:
                return sprite
        return None

    def _card_at(self, pos) -> int | None:
        sprite = self._sprite_at(pos)
        if sprite is None or not sprite.face_up or sprite.card == HIDDEN:
            return None
        return sprite.card

    def _can_pick_up(self, sprite: Sprite) -> bool:
        """Cards the viewer owns may be picked up (even when no move is legal, so the
        refusal can be explained)."""
        if self.viewer is None or sprite.card == HIDDEN or self.state.over:
            return False
        return sprite.zone.endswith(f".{self.viewer}") or \
            self.layout_obj.can_drag(sprite, self.viewer)

    def drag_moves(self, card: int) -> list[Move]:
        """The drag moves ``card`` makes (as their card or a partner card)."""
        gestures = self.kit.gestures
        return [m for m in self.offered() if gestures.gesture(m) == "drag"
                and card in gestures.carriers(m)]

    def targets_for(self, card: int) -> set:
        return {self.kit.gestures.landing(m) for m in self.drag_moves(card)}

    def lit_targets(self, card: int) -> list[tuple[pygame.Rect, Move, bool]]:
        """Where ``card`` may be dropped: (the lit rectangle, the move a drop there
        makes, whether the rectangle is a zone rather than a card), for each legal drag
        move of the card whose target the layout shows."""
        out = []
        landing = self.kit.gestures.landing
        for m in self.drag_moves(card):
            rect = self.layout_obj.target_rect(m)
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

    def _drop_target(self, pos, card: int) -> int | str | None:
        """What lies under the pointer: what the layout says a drop there lands on (e.g.
        anywhere in a character's area), else a card, else the smallest zone, else None
        (the bare table)."""
        found = self.layout_obj.drop_target(pos, card)
        if found is not None:
            return found
        for sprite in reversed(self.layout_obj.sprites):
            if sprite.card != card and sprite.rect.collidepoint(pos) and sprite.card != HIDDEN:
                return sprite.card
        named = [(rect.w * rect.h, name) for name, rect in self.layout_obj.zones.items()
                 if rect.collidepoint(pos)]
        return min(named)[1] if named else None

    def _drop(self, drag: Drag, pos) -> None:
        """The one drop policy of every table: a drop counts only on a lit target;
        anywhere else the card glides back and the game says which rule the move it
        meant would break (a drop back where the card lies is only put down again)."""
        moves = self.moves_at(drag.card, pos)
        if len(moves) == 1:
            if not self.input_move(moves[0], held=(drag.card, self._drag_rect(drag)),
                                   built=drag.built) and self.landing is None:
                self._snap_back(drag)
            return
        self._snap_back(drag)
        if len(moves) > 1:
            self._menu_for(moves, pos, "Choose")
            return
        target = self._drop_target(pos, drag.card)
        if self.viewer is None or self.put_back(drag.sprite, target, pos):
            return  # put back where it was: no move was meant
        self.toast.show(self.kit.gestures.refuse_drop(self.state, self.viewer, drag.card,
                                                   target))

    def put_back(self, sprite: Sprite, target, pos) -> bool:
        """Is a drop of ``sprite`` at ``pos`` (on ``target``) only putting it back where
        it lies: on itself, its own zone, or a card beside it that means nothing?"""
        if target == sprite.zone or sprite.rect.collidepoint(pos):
            return True
        home = self.layout_obj.zones.get(sprite.zone)
        if home is None or not home.collidepoint(pos):
            return False
        return target is None or self.kit.gestures.move_for_drop(
            self.state, self.viewer, sprite.card, target) is None

    def _drag_rect(self, drag: Drag) -> pygame.Rect:
        return pygame.Rect(drag.pos[0] - drag.grab[0], drag.pos[1] - drag.grab[1],
                           *drag.sprite.rect.size)

    def _snap_back(self, drag: Drag) -> None:
        self.motion.glide_back(drag.sprite, self._drag_rect(drag))

    def _click(self, sprite: Sprite) -> None:
        moves = [m for m in self.offered() if m.card == sprite.card
                 and self.kit.gestures.gesture(m) == "menu"]
        if moves:
            self._open_menu(sprite.card, sprite.rect)
        elif self._visible(sprite.card) and sprite.face_up:
            self.zoom = sprite.card

    def _open_menu(self, card: int, rect: pygame.Rect) -> None:
        moves = [m for m in self.offered() if m.card == card
                 and self.kit.gestures.gesture(m) == "menu"]
        self._menu_for(moves, (rect.right + 4, rect.top), self.state.name(card))

    def _menu_for(self, moves: list[Move], pos, title: str) -> None:
        f = theme.font(14, "bold")
        labels = [self.game.text.describe(self.state, m) for m in moves]
        w = max([f.size(label)[0] for label in labels] + [f.size(title)[0]]) + 28
        h = 30
        x, y = pos
        total_h = 26 + h * len(moves)
        table = self.layout_obj.table_rect(self.size)
        x = min(x, table.right - w - 4)
        y = max(4, min(y, self.size[1] - total_h - 4))
        self.menu_title = title
        self.menu_built = self.session.changes  # the position its entries are moves of
        self.menu_box = pygame.Rect(x, y, w, total_h)
        self.menu = [(pygame.Rect(x + 4, y + 24 + i * h, w - 8, h - 4), label, m)
                     for i, (label, m) in enumerate(zip(labels, moves, strict=True))]


def _dist(a, b) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
