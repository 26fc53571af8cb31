"""The table's input: each event goes to what takes it first (the narration line, keys,
the overlays, a dialog, the panel's buttons and log), and what is left to the pointer on
the cards (:mod:`.pointer`), which turns it into the moves the player means."""

from __future__ import annotations

import pygame

from ...engine.state import HIDDEN
from ..shortcuts import ShortcutsScreen, shortcuts_asked


class TableInput:
    """The event routing of :class:`~tabletop.ui.table.scene.TableScene` (a mixin; the
    cards' gestures are its :class:`~.pointer.PointerInput`'s)."""

    def handle(self, event) -> None:
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            self.land_now()  # what the event does acts on the position after the move
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.hover = None  # the card zoom waits for the pointer to move onto a card
            self.keys.clicked()  # the keyboard's focus hides (:mod:`.keyboard`)
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
        if shortcuts_asked(event):
            self.app.push(ShortcutsScreen())
        elif self.keys.key(event):
            return  # the focus took it (Tab, arrows, Enter, Esc one step back)
        elif event.key == pygame.K_z and mods & pygame.KMOD_CTRL:
            self.undo()
        elif event.key == pygame.K_y and mods & pygame.KMOD_CTRL:
            self.redo()
        elif event.key == pygame.K_h and not mods & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.ask_hint()
        elif event.key == pygame.K_m and not mods & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.toggle_mute()
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
        for b in [*self.tools, *self.buttons, self.latest_button]:
            b.handle(event)
        self.pointer.moved(event.pos)
        self._hover(event.pos)

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
            self.zoom = card if card is not None and card != HIDDEN else None
        return True

    def _mouse_down(self, event) -> None:
        pointer = self.pointer
        pointer.mouse = event.pos
        if event.button == 3:
            card = pointer.card_at(event.pos)
            if card is not None:
                pointer.zoom = card
            return
        if event.button != 1:
            if self.log_list.rect.collidepoint(event.pos):
                self.log_list.handle(event)
            return
        if pointer.menu_takes(event.pos) or self._panel_takes(event):
            return
        pointer.press(event.pos)

    def _panel_takes(self, event) -> bool:
        """The side panel's buttons and the log take a click before the table."""
        for b in self.tools + self.buttons:
            if b.handle(event):
                return True
        if not self.game_log.following and self.latest_button.handle(event):
            return True
        return self.log_list.handle(event)

    def _mouse_up(self, event) -> None:
        self.pointer.mouse = event.pos
        for b in [*self.tools, *self.buttons, self.latest_button]:
            if b.handle(event):
                return
        self.pointer.release(event.pos)

    def _hover(self, pos) -> None:
        """The pointer moved: the card it is over is zoomed once it rests there (a move
        within the card restarts the wait until the zoom shows; then it stays)."""
        pointer = self.pointer
        card = pointer.card_at(pos)
        if card != pointer.hover or self.renderer.hover_zoom_place(self.frame()) is None:
            pointer.hover = card
            pointer.hover_since = pygame.time.get_ticks()

    # -- the pointer's, where the rest of the table reads them ------------------------------
    @property
    def drag(self):
        return self.pointer.drag

    @property
    def dragged_card(self) -> int | None:
        return self.pointer.dragged_card

    @property
    def menu(self) -> list:
        return self.pointer.menu

    @menu.setter
    def menu(self, entries: list) -> None:
        self.pointer.menu = entries

    @property
    def zoom(self) -> int | None:
        return self.pointer.zoom

    @zoom.setter
    def zoom(self, card: int | None) -> None:
        self.pointer.zoom = card

    @property
    def hover(self) -> int | None:
        return self.pointer.hover

    @hover.setter
    def hover(self, card: int | None) -> None:
        self.pointer.hover = card

    @property
    def mouse(self) -> tuple[int, int]:
        return self.pointer.mouse

    def targets_for(self, card: int) -> set:
        return self.pointer.targets_for(card)

    def lit_targets(self, card: int) -> list:
        return self.pointer.lit_targets(card)
