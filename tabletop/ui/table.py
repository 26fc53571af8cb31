"""The table: draws a game from one seat's view and turns mouse gestures into moves.

The scene never changes the game state itself: it asks the engine for the legal moves
of the seat in front of the screen, lights up where a picked-up card may go, and sends
the chosen move to the session. A refused drop snaps the card back and shows the
engine's reason. Each game supplies a *layout* (where zones and cards go, and what is
drawn over them); the rest (dragging, menus, buttons, log, undo, hand-over between human
players, computer turns, autosave) is shared by every game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pygame

from ..engine.moves import IllegalMove, Move, seat_label
from ..engine.players import computer_move
from ..engine.rng import Rng
from ..engine.saves import write_save
from ..engine.session import Session
from ..engine.state import HIDDEN
from . import cardart, text, theme
from .app import Scene, background
from .widgets import Button, Row, ScrollList, TextInput, Toast, panel

DRAG_THRESHOLD = 6
HOVER_ZOOM_MS = 550
SNAP_MS = 160


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

    def __init__(self, scene: TableScene) -> None:
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

    def can_drag(self, sprite: Sprite, viewer: int | None) -> bool:
        """Hook: may ``viewer`` pick up this card although it lies in no zone of theirs
        (e.g. a card in a shared row that can be bought)? Such cards also light up when
        a move uses them."""
        return False


class TableScene(Scene):
    def __init__(self, session: Session, autosave: Path | None = None,
                 hide_hands: bool = True, warnings: list[str] | None = None) -> None:
        from .layouts import layout_for

        self.session = session
        self.game = session.game
        self.autosave = autosave
        self.hide_hands = hide_hands and session.game.rules.hidden_information(session.options)
        self.humans = [i for i, seat in enumerate(session.seats) if seat.kind == "human"]
        self.viewer: int | None = self.humans[0] if self.humans else None
        self.handover_to: int | None = None
        self.players = {i: self.game.computer_player() for i, seat in enumerate(session.seats)
                        if seat.kind == "computer"}
        self.ai_rng = Rng(session.seed ^ 0x5EED)
        self.ai_wait = 0.0
        self.layout_obj = layout_for(self.game.info.id, self)
        self.toast = Toast()
        self.drag: Drag | None = None
        self.snap: tuple[Sprite, pygame.Rect, int] | None = None
        self.menu: list[tuple[pygame.Rect, str, Move]] = []
        self.menu_title = ""
        self.zoom: int | None = None
        self.hover: int | None = None
        self.hover_since = 0
        self.mouse = (0, 0)
        self.view = None
        self.legal: list[Move] = []
        self.buttons: list[Button] = []
        self.tools: list[Button] = []
        self.log_list = ScrollList((0, 0, 10, 10), size=13, stick_bottom=True)
        self.help_open = False
        self.size = (1280, 720)
        self._pending_warnings = warnings or []
        self._gameover_buttons: list[Button] = []
        self._review = False
        self._handover_button = Button((0, 0, 280, 46), "", self.take_seat, primary=True,
                                       size=17)
        self.help_list: ScrollList | None = None
        self.info: list[tuple[str, tuple]] = []
        self.info_rect = pygame.Rect(0, 0, 0, 0)
        #: a line of narration typed by the player, attached to their next move
        self.narration = TextInput((0, 0, 10, 10), "", "Narrate your move (optional)\u2026",
                                   120) if session.game.info.narration else None
        self._static: pygame.Surface | None = None
        self._static_key_was: tuple = ()
        self.help_rect = pygame.Rect(0, 0, 10, 10)
        session.settings["hide_hands"] = hide_hands
        session.listeners.append(self._on_change)
        self._on_change(session)  # the new or loaded game is now the one to continue
        if len(self.humans) > 1 and self.hide_hands and session.state.actor in self.humans:
            self.handover_to = session.state.actor
            self.viewer = None

    # -- state changes --------------------------------------------------------------------
    def _on_change(self, session: Session) -> None:
        if self.autosave is not None:
            try:
                write_save(self.autosave, session)
            except OSError as exc:
                self.toast.show(f"Could not autosave: {exc}")

    def on_quit(self) -> None:
        self._on_change(self.session)

    @property
    def state(self):
        return self.session.state

    def refresh(self) -> None:
        """Recompute the view, the legal moves, the layout, the buttons and the log."""
        s = self.state
        actor = s.actor
        if not s.over:
            desired = actor if actor in self.humans else self.viewer
            if desired is None and self.humans and actor not in self.humans:
                desired = self.viewer
            if desired is not None and desired != self.viewer and self.handover_to is None:
                if self.hide_hands and len(self.humans) > 1 and self.viewer is not None:
                    self.handover_to = desired
                    self.viewer = None
                else:
                    self.viewer = desired
        shown_seat = self.viewer if self.hide_hands or len(self.humans) < 2 else None
        if not self.hide_hands and len(self.humans) > 1:
            shown_seat = actor if actor in self.humans else self.viewer
        self.view = self.game.rules.view(s, shown_seat if self.handover_to is None else None)
        self.legal = []
        if not s.over and actor is not None and actor == self.viewer and \
                actor in self.humans and self.handover_to is None:
            self.legal = self.game.rules.legal_moves(s)
        self.layout_obj.compute(self.view, self.viewer, self.size)
        self._build_buttons()
        self._build_log()
        self.menu = []
        self._auto_menu()

    def _auto_menu(self) -> None:
        """When the only thing to do is pick from one card's menu, open it."""
        menu_cards = {m.card for m in self.legal if self.game.text.gesture(m) == "menu"}
        others = [m for m in self.legal if self.game.text.gesture(m) != "menu"
                  and not self.game.text.side_option(m)]
        if len(menu_cards) == 1 and not others:
            card = next(iter(menu_cards))
            sprite = self._sprite_of(card)
            if sprite is not None:
                self._open_menu(card, sprite.rect)

    def play(self, move: Move) -> bool:
        note = None
        if self.narration is not None and move.seat in self.humans:
            note = self.narration.value.strip() or None
        try:
            self.session.play(move, note=note)
        except IllegalMove as exc:
            self.toast.show(exc.reason)
            return False
        if note:
            self.narration.value = ""
        self.ai_wait = 0.0
        self.refresh()
        return True

    # -- layout ---------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        scale = min(w / 1280, h / 720)
        self.layout_obj.scale = scale
        pw = int(self.layout_obj.panel_width * scale)
        self.panel_rect = pygame.Rect(w - pw, 0, pw, h)
        x = self.panel_rect.left + 10
        labels = [("Undo", self.undo, "Take back your last move (Ctrl+Z)"),
                  ("Redo", self.redo, "Play the move again (Ctrl+Y)"),
                  ("Save", self.save_copy, "Keep a copy of this game to load later"),
                  ("Rules", self.toggle_help, "How to play"),
                  ("Menu", self.to_menu, "Back to the main menu (the game is saved)")]
        bw = (pw - 20 - (len(labels) - 1) * 5) // len(labels)
        self.tools = []
        for i, (label, fn, tip) in enumerate(labels):
            self.tools.append(Button((x + i * (bw + 5), 10, bw, 30), label, fn, size=13,
                                     tooltip=tip))
        self.log_list.rect = pygame.Rect(x, 0, pw - 20, 10)
        if self._pending_warnings:
            self.toast.show(" ".join(self._pending_warnings), theme.ACCENT, 6)
            self._pending_warnings = []
        self.refresh()

    def _build_buttons(self) -> None:
        x = self.panel_rect.left + 10
        pw = self.panel_rect.w - 20
        y = self._status_bottom()
        self.info = self.layout_obj.info_lines(self.view) if self.handover_to is None else []
        if self.info:
            f = theme.font(14)
            self.info_rect = pygame.Rect(x, y - 6, pw, 0)
            for line, _ in self.info:
                self.info_rect.h += 19 * len(text.wrap(line, f, pw - 16))
            self.info_rect.h += 10
            y = self.info_rect.bottom + 8
        self.buttons = []
        if self.narration is not None:
            self.narration.rect = pygame.Rect(x, y, pw, 30)
            self.narration.visible = bool(self.legal)
            self.narration.placeholder = self.game.text.narration_prompt(self.state, self.viewer)
            if self.narration.visible:
                y += 36
        moves = [m for m in self.legal if self.game.text.gesture(m) == "button"]
        for m in moves:
            label = self.game.text.describe(self.state, m)
            primary = self.game.text.primary(m)
            self.buttons.append(Button((x, y, pw, 34), label, lambda m=m: self.play(m),
                                       primary=primary, size=15, key=m.kind))
            y += 40
        self.log_list.rect = pygame.Rect(x, y + 6, pw, self.panel_rect.bottom - y - 16)

    def _status_lines(self) -> list[str]:
        s = self.state
        lines = []
        if s.over:
            lines.append(getattr(s, "result", "") or "The game is over.")
        elif self.handover_to is not None:
            lines.append(f"Pass the screen to {self._seat_name(self.handover_to)}.")
        else:
            status = self.game.text.status(s, s.actor)
            actor = s.actor
            if actor is not None and actor not in self.humans:
                status += " (computer is thinking\u2026)"
            lines.append(status)
        return lines

    def _status_bottom(self) -> int:
        f = theme.font(15, "bold")
        n = sum(len(text.wrap(line, f, self.panel_rect.w - 36)) for line in self._status_lines())
        return 52 + 30 + n * 20 + 14

    def _seat_name(self, seat: int) -> str:
        name = self.session.seats[seat].name
        label = seat_label(seat)
        return f"{name} ({label})" if name != label else label

    def _build_log(self) -> None:
        rows = []
        viewer = self.viewer if self.handover_to is None else -1
        for entry in self.session.log(viewer if viewer is not None else None):
            seat = entry.seat
            color = theme.SEAT_COLORS[seat % 4] if seat is not None else theme.ACCENT
            lines = [(entry.text, color, "bold")]
            lines += [(line, theme.MUTED, "small") for line in entry.lines]
            rows.append(Row(lines))
        self.log_list.set_rows(rows)

    # -- input ----------------------------------------------------------------------------
    def handle(self, event) -> None:
        if self.narration is not None and self.narration.visible and \
                event.type in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.MOUSEBUTTONDOWN):
            if self.narration.handle(event) and event.type != pygame.MOUSEBUTTONDOWN:
                self.invalidate()
                return
            if event.type == pygame.MOUSEBUTTONDOWN and self.narration.focused:
                self.invalidate()
                return
        if event.type == pygame.KEYDOWN:
            mods = pygame.key.get_mods() | getattr(event, "mod", 0)
            if event.key == pygame.K_z and mods & pygame.KMOD_CTRL:
                self.undo()
            elif event.key == pygame.K_y and mods & pygame.KMOD_CTRL:
                self.redo()
            elif event.key == pygame.K_ESCAPE:
                if self.zoom is not None or self.menu or self.help_open:
                    self.zoom = None
                    self.menu = []
                    self.help_open = False
                else:
                    self.to_menu()
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            for b in self.tools + self.buttons:
                b.handle(event)
            self._hover(event.pos)
            if self.drag:
                self.drag.pos = event.pos
                if not self.drag.active and _dist(event.pos, self.drag.start) > DRAG_THRESHOLD:
                    self.drag.active = True
                    self.menu = []
            return
        if event.type == pygame.MOUSEWHEEL:
            self.log_list.handle(event)
            return
        if self.help_open:
            if event.type == pygame.MOUSEBUTTONUP:
                self.help_open = False
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
                self.help_list.handle(event)
            return
        if self.zoom is not None and event.type == pygame.MOUSEBUTTONDOWN:
            self.zoom = None
            return
        if self.state.over and not self._review and self._gameover_buttons:
            for b in self._gameover_buttons:
                if b.handle(event):
                    return
        if self.handover_to is not None:
            if self._handover_button.handle(event):
                return
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
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
            if self.menu:
                for rect, _, move in self.menu:
                    if rect.collidepoint(event.pos):
                        self.menu = []
                        self.play(move)
                        return
                self.menu = []
            for b in self.tools + self.buttons:
                if b.handle(event):
                    return
            if self.log_list.handle(event):
                return
            sprite = self._sprite_at(event.pos)
            if sprite is not None and self._can_pick_up(sprite):
                self.drag = Drag(sprite.card, sprite, (event.pos[0] - sprite.rect.x,
                                                       event.pos[1] - sprite.rect.y),
                                 event.pos, event.pos)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            for b in self.tools + self.buttons:
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
        card = self._card_at(pos)
        if card != self.hover:
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
        return [m for m in self.legal if m.card == card and self.game.text.gesture(m) == "drag"]

    def targets_for(self, card: int) -> set:
        return {m.target for m in self.drag_moves(card)}

    def _drop_target(self, pos, card: int) -> int | str | None:
        for sprite in reversed(self.layout_obj.sprites):
            if sprite.card != card and sprite.rect.collidepoint(pos) and sprite.card != HIDDEN:
                return sprite.card
        for name, rect in self.layout_obj.zones.items():
            if name != "table" and rect.collidepoint(pos):
                return name
        table = self.layout_obj.zones.get("table")
        if table is not None and table.collidepoint(pos):
            return "table"
        return None

    def _drop(self, drag: Drag, pos) -> None:
        target = self._drop_target(pos, drag.card)
        moves = [m for m in self.drag_moves(drag.card) if m.target == target]
        if target is not None and not moves and isinstance(target, int):
            # a drop on a card inside a zone may mean the zone itself
            zone = self._zone_of_card(target)
            moves = [m for m in self.drag_moves(drag.card) if m.target == zone]
        if len(moves) == 1:
            self.play(moves[0])
            return
        if len(moves) > 1:
            self._menu_for(moves, pos, "Choose")
            self._snap_back(drag)
            return
        reason = None
        if target is not None and self.viewer is not None:
            intent = self.game.text.move_for_drop(self.state, self.viewer, drag.card, target)
            if intent is not None:
                if intent in self.legal:
                    self.play(intent)
                    return
                reason = self.game.text.explain(self.state, intent)
        if reason is None:
            if self.state.actor != self.viewer:
                reason = f"Wait: {self.game.text.status(self.state, self.state.actor)}"
            elif self.drag_moves(drag.card):
                reason = "Drop the card on one of the highlighted places."
            else:
                reason = "That card cannot be played now."
        self.toast.show(reason)
        self._snap_back(drag)

    def _zone_of_card(self, card: int) -> str | None:
        for sprite in self.layout_obj.sprites:
            if sprite.card == card:
                return sprite.zone
        return None

    def _snap_back(self, drag: Drag) -> None:
        x, y = drag.pos[0] - drag.grab[0], drag.pos[1] - drag.grab[1]
        self.snap = (drag.sprite, pygame.Rect(x, y, *drag.sprite.rect.size), 0.0)

    def _click(self, sprite: Sprite) -> None:
        moves = [m for m in self.legal if m.card == sprite.card
                 and self.game.text.gesture(m) == "menu"]
        if moves:
            self._open_menu(sprite.card, sprite.rect)
        elif self._visible(sprite.card) and sprite.face_up:
            self.zoom = sprite.card

    def _open_menu(self, card: int, rect: pygame.Rect) -> None:
        moves = [m for m in self.legal if m.card == card and self.game.text.gesture(m) == "menu"]
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
        self.menu_box = pygame.Rect(x, y, w, total_h)
        self.menu = [(pygame.Rect(x + 4, y + 24 + i * h, w - 8, h - 4), label, m)
                     for i, (label, m) in enumerate(zip(labels, moves, strict=True))]

    # -- tools ----------------------------------------------------------------------------
    def undo(self) -> None:
        if self.session.undo(self.humans if self.players else None):
            self.toast.show("Move taken back.", theme.GOOD, 1.5)
        elif self.session.moves:
            self.toast.show("That move showed hidden cards (a draw or a reveal); it cannot "
                            "be taken back.")
        self.ai_wait = -1.0
        self.refresh()

    def redo(self) -> None:
        if self.session.redo(self.humans if self.players else None):
            self.refresh()

    def save_copy(self) -> None:
        """Write a named copy of the game to the saves folder (Load game lists it)."""
        import time

        from ..engine.paths import saves_dir

        stamp = time.strftime("%Y-%m-%d-%H%M%S")
        path = saves_dir() / f"{self.game.info.id}-{stamp}.json"
        try:
            write_save(path, self.session)
        except OSError as exc:
            self.toast.show(f"Could not save: {exc}")
            return
        self.toast.show(f"Saved as {path.name}", theme.GOOD, 3)

    def toggle_help(self) -> None:
        from ..games.help import rules_help

        self.help_open = not self.help_open
        if self.help_open:
            w, h = self.size
            rect = pygame.Rect(w // 2 - 330, 40, 660, h - 80)
            rows = [Row([(line, color, style)]) for line, color, style in
                    _help_rows(rules_help(self.game.info.id))]
            self.help_list = ScrollList((rect.left + 10, rect.top + 50, rect.w - 20,
                                         rect.h - 80), rows, size=15)
            self.help_rect = rect

    def to_menu(self) -> None:
        from .menu import MainMenu

        self.on_quit()
        self.app.replace(MainMenu())

    def take_seat(self) -> None:
        self.viewer = self.handover_to
        self.handover_to = None
        self.refresh()

    # -- frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.snap is not None:
            sprite, start, elapsed = self.snap
            elapsed += dt * 1000
            self.snap = None if elapsed >= SNAP_MS else (sprite, start, elapsed)
        s = self.state
        if s.over or self.handover_to is not None or self.drag is not None:
            return
        actor = s.actor
        if actor is not None and actor in self.players:
            self.ai_wait += dt
            if self.ai_wait >= self.app.ai_delay:
                self.ai_wait = 0.0
                move = computer_move(self.game.rules, s, actor, self.players[actor], self.ai_rng)
                self.play(move)

    def invalidate(self) -> None:
        """The static layer (table, cards, panel) must be drawn again."""
        self._static = None

    def _static_key(self) -> tuple:
        dragging = self.drag.card if self.drag and self.drag.active else None
        snapping = self.snap[0].card if self.snap else None
        return (self.size, dragging, snapping, self.log_list.offset, len(self.session.moves),
                id(self.view), self.handover_to)

    def _draw_static(self, surf) -> None:
        """Everything that changes only when the view, the drag or the log change."""
        background(surf)
        lay = self.layout_obj
        if self.handover_to is not None:
            self._draw_panel_static(surf)
            return
        lay.draw_under(surf, self.view)
        dragging = self.drag.card if self.drag and self.drag.active else None
        snapping = self.snap[0].card if self.snap else None
        playable = {m.card for m in self.legal if m.card is not None}
        for sprite in lay.sprites:
            if sprite.card in (dragging, snapping) and sprite.card != HIDDEN:
                continue
            self._draw_sprite(surf, sprite)
            if dragging is None and sprite.card in playable and (sprite.zone.endswith(
                    f".{self.viewer}") or lay.can_drag(sprite, self.viewer)):
                _glow(surf, sprite.rect, theme.ACCENT, 2)
        lay.draw_top(surf, self.view)
        self._draw_panel_static(surf)

    def _draw_panel_static(self, surf) -> None:
        hovered = [b for b in self.tools + self.buttons if b.hover]
        for b in hovered:
            b.hover = False
        self._draw_panel(surf)
        for b in hovered:
            b.hover = True

    def draw(self, surf) -> None:
        key = self._static_key()
        if self._static is None or self._static_key_was != key or \
                self._static.get_size() != surf.get_size():
            if self._static is None or self._static.get_size() != surf.get_size():
                self._static = pygame.Surface(surf.get_size())
            self._draw_static(self._static)
            self._static_key_was = key
        surf.blit(self._static, (0, 0))
        for b in self.tools + self.buttons:
            if b.hover:
                b.draw(surf)
        if self.narration is not None and self.narration.visible and self.handover_to is None:
            self.narration.draw(surf)
        if self.handover_to is not None:
            self._draw_handover(surf)
            return
        lay = self.layout_obj
        dragging = self.drag.card if self.drag and self.drag.active else None
        if dragging is not None:
            targets = self.targets_for(dragging)
            for sprite in lay.sprites:
                if sprite.card in targets:
                    _glow(surf, sprite.rect, theme.LEGAL, 4)
            for name, rect in lay.zones.items():
                if name in targets:
                    _glow(surf, rect, theme.LEGAL, 3, fill=True)
        if self.snap is not None:
            sprite, start, elapsed = self.snap
            t = min(1.0, elapsed / SNAP_MS)
            t = 1 - (1 - t) ** 2  # ease out
            r = sprite.rect
            pos = (start.x + (r.x - start.x) * t, start.y + (r.y - start.y) * t)
            self._draw_card(surf, sprite, pygame.Rect(int(pos[0]), int(pos[1]), *r.size))
        if dragging is not None:
            sp = self.drag.sprite
            rect = pygame.Rect(self.drag.pos[0] - self.drag.grab[0],
                               self.drag.pos[1] - self.drag.grab[1], *sp.rect.size)
            shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=8)
            surf.blit(shadow, rect.move(6, 8))
            self._draw_card(surf, Sprite(sp.card, rect, sp.zone, sp.face_up, 0), rect)
        self._draw_menu(surf)
        self._draw_hover_zoom(surf)
        if self.state.over and not self._review:
            self._draw_gameover(surf)
        if self.zoom is not None:
            self._draw_zoom(surf, self.zoom)
        if self.help_open:
            self._draw_help(surf)
        table = lay.table_rect(self.size)
        self.toast.draw(surf, (table.centerx, table.centery), min(620, table.w - 40))

    def _draw_card(self, surf, sprite: Sprite, rect: pygame.Rect) -> None:
        w, h = (rect.h, rect.w) if sprite.angle in (90, 270) else rect.size
        if sprite.face_up and sprite.card != HIDDEN:
            img = cardart.face(self.state.cards[sprite.card], self.game.info.id, w, h)
        else:
            img = cardart.back(w, h)
        if sprite.angle:
            img = cardart.rotated(img, sprite.angle)
        surf.blit(img, rect)
        if sprite.dim:
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            shade.fill((10, 10, 14, 120))
            surf.blit(shade, rect)

    def _draw_sprite(self, surf, sprite: Sprite) -> None:
        self._draw_card(surf, sprite, sprite.rect)
        self.layout_obj.draw_over(surf, self.view, sprite)

    def _draw_panel(self, surf) -> None:
        panel(surf, self.panel_rect, theme.PANEL, 245, theme.PANEL_LINE, 0)
        for b in self.tools:
            b.enabled = True
        self.tools[0].enabled = self.session.can_undo() and self.handover_to is None
        self.tools[1].enabled = self.session.can_redo() and self.handover_to is None
        for b in self.tools:
            b.draw(surf)
        x = self.panel_rect.left + 10
        title = f"{self.game.info.title} \u00b7 turn {self.state.turn}"
        surf.blit(text.render(title, 13, theme.MUTED, "bold"), (x + 2, 50))
        box = pygame.Rect(x, 70, self.panel_rect.w - 20, self._status_bottom() - 76)
        pygame.draw.rect(surf, (30, 38, 48), box, border_radius=8)
        actor = self.state.actor
        color = theme.SEAT_COLORS[actor % 4] if actor is not None else theme.ACCENT
        pygame.draw.rect(surf, color, (box.left, box.top, 4, box.h), border_radius=2)
        y = box.top + 7
        for line in self._status_lines():
            y += text.blit_wrapped(surf, line, pygame.Rect(box.left + 12, y, box.w - 18, 200),
                                   15, theme.TEXT, "bold", line_gap=1.3, shrink=False)
        if self.info:
            pygame.draw.rect(surf, (24, 31, 40), self.info_rect, border_radius=8)
            yy = self.info_rect.top + 5
            for line, color in self.info:
                yy += text.blit_wrapped(surf, line, pygame.Rect(self.info_rect.left + 8, yy,
                                                                self.info_rect.w - 16, 400),
                                        14, color, line_gap=1.4, shrink=False)
        for b in self.buttons:
            b.draw(surf)
        self.log_list.draw(surf)

    def _draw_menu(self, surf) -> None:
        if not self.menu:
            return
        panel(surf, self.menu_box, (24, 30, 40), 245, theme.ACCENT, 8)
        surf.blit(text.render(self.menu_title, 13, theme.ACCENT, "bold"),
                  (self.menu_box.left + 10, self.menu_box.top + 5))
        for rect, label, _ in self.menu:
            hover = rect.collidepoint(self.mouse)
            pygame.draw.rect(surf, theme.BUTTON_HOVER if hover else theme.BUTTON, rect,
                             border_radius=5)
            surf.blit(text.render(label, 14, theme.TEXT, "bold"),
                      (rect.left + 8, rect.centery - 9))

    def _draw_hover_zoom(self, surf) -> None:
        if self.drag or self.menu or self.zoom is not None or self.hover is None:
            return
        if pygame.time.get_ticks() - self.hover_since < HOVER_ZOOM_MS:
            return
        sprite = self._sprite_of(self.hover)
        if sprite is None or not sprite.face_up:
            return
        s = self.layout_obj.scale
        w, h = int(250 * s), int(350 * s)
        table = self.layout_obj.table_rect(self.size)
        x = sprite.rect.right + 10 if sprite.rect.centerx < table.centerx else \
            sprite.rect.left - w - 10
        y = max(4, min(sprite.rect.centery - h // 2, self.size[1] - h - 4))
        img = cardart.face(self.state.cards[self.hover], self.game.info.id, w, h)
        shadow = pygame.Rect(x + 6, y + 8, w, h)
        pygame.draw.rect(surf, (0, 0, 0), shadow, border_radius=12)
        surf.blit(img, (x, y))

    def _draw_zoom(self, surf, card: int) -> None:
        dim = pygame.Surface(self.size, pygame.SRCALPHA)
        dim.fill((0, 0, 0, 170))
        surf.blit(dim, (0, 0))
        h = int(self.size[1] * 0.82)
        w = int(h * 5 / 7)
        img = cardart.face(self.state.cards[card], self.game.info.id, w, h)
        surf.blit(img, img.get_rect(center=(self.size[0] // 2, self.size[1] // 2)))

    def _draw_handover(self, surf) -> None:
        table = self.layout_obj.table_rect(self.size)
        box = pygame.Rect(0, 0, min(560, table.w - 40), 230)
        box.center = table.center
        panel(surf, box, (20, 26, 34), 250, theme.ACCENT, 14)
        seat = self.handover_to
        name = self._seat_name(seat)
        title = text.render(f"{name}, your move", 28, theme.SEAT_COLORS[seat % 4], "bold")
        surf.blit(title, title.get_rect(center=(box.centerx, box.top + 46)))
        text.blit_wrapped(surf, "Hands are hidden between players. Hand the screen over, "
                          "then show your cards.", pygame.Rect(box.left + 30, box.top + 80,
                                                               box.w - 60, 50), 15,
                          theme.MUTED, center=True)
        self._handover_button.rect = pygame.Rect(box.centerx - 140, box.bottom - 70, 280, 46)
        self._handover_button.label = f"Show {self.session.seats[seat].name}'s cards"
        self._handover_button.draw(surf)

    def _draw_gameover(self, surf) -> None:
        table = self.layout_obj.table_rect(self.size)
        box = pygame.Rect(0, 0, min(600, table.w - 40), 210)
        box.center = (table.centerx, table.centery)
        panel(surf, box, (20, 26, 34), 245, theme.ACCENT, 14)
        s = self.state
        title = self.game.text.headline(s)
        if title is None and s.winners:
            names = " and ".join(self._seat_name(w) for w in s.winners)
            title = f"{names} win{'s' if len(s.winners) == 1 else ''}!"
        elif title is None and s.seats and len(s.eliminated) == s.seats:
            title = "Everyone loses"
        elif title is None and self.game.info.mode in ("solo", "coop"):
            title = "The game is lost"  # nobody to share a draw with
        elif title is None:
            title = "A draw"
        img = text.render(title, 28, theme.ACCENT, "bold")
        surf.blit(img, img.get_rect(center=(box.centerx, box.top + 38)))
        text.blit_wrapped(surf, getattr(s, "result", ""), pygame.Rect(box.left + 24, box.top + 66,
                                                                       box.w - 48, 70),
                          15, theme.TEXT, center=True)
        if not getattr(self, "_gameover_buttons", None):
            self._gameover_buttons = [
                Button((0, 0, 170, 40), "Main menu", self.to_menu, size=15),
                Button((0, 0, 170, 40), "Save the log", self.export_log, size=15),
                Button((0, 0, 170, 40), "Review table", self.dismiss_gameover, size=15),
            ]
        bx = box.centerx - (3 * 170 + 2 * 12) // 2
        for i, b in enumerate(self._gameover_buttons):
            b.rect = pygame.Rect(bx + i * 182, box.bottom - 58, 170, 40)
            b.draw(surf)

    def dismiss_gameover(self) -> None:
        self._gameover_buttons = []
        self._review = True

    def export_log(self) -> None:
        from ..engine.paths import saves_dir

        path = saves_dir() / f"{self.game.info.id}-log-{len(self.session.moves)}-moves.txt"
        path.write_text(self.game.text.story(self.session), encoding="utf-8")
        self.toast.show(f"Game log saved to {path}", theme.GOOD, 5)

    def _draw_help(self, surf) -> None:
        dim = pygame.Surface(self.size, pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        surf.blit(dim, (0, 0))
        panel(surf, self.help_rect, (20, 26, 34), 250, theme.ACCENT, 12)
        title = text.render(f"How to play {self.game.info.title}", 22, theme.ACCENT, "bold")
        surf.blit(title, (self.help_rect.left + 20, self.help_rect.top + 14))
        self.help_list.draw(surf)
        hint = text.render("Scroll to read \u00b7 click to close", 12, theme.MUTED)
        surf.blit(hint, (self.help_rect.left + 20, self.help_rect.bottom - 22))


def _help_rows(markdown: str) -> list[tuple[str, tuple, str]]:
    rows = []
    for line in markdown.splitlines():
        if not line.strip():
            continue
        if line.startswith("#"):
            rows.append((line.lstrip("# "), theme.ACCENT, "bold"))
        elif line.lstrip().startswith(("-", "*")):
            rows.append(("\u2022 " + line.lstrip(" -*"), theme.TEXT, "regular"))
        else:
            rows.append((line, theme.TEXT, "regular"))
    return rows


def _dist(a, b) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


def _glow(surf, rect: pygame.Rect, color, width: int, fill: bool = False) -> None:
    r = rect.inflate(width * 2 + 2, width * 2 + 2)
    box = pygame.Surface(r.size, pygame.SRCALPHA)
    if fill:
        pygame.draw.rect(box, (*color, 40), box.get_rect(), border_radius=10)
    pygame.draw.rect(box, (*color, 230), box.get_rect(), width, border_radius=10)
    surf.blit(box, r)
