"""The keyboard at the table: a focus moved over what a move may use, and Enter.

The focus steps (Tab, Shift+Tab, the arrow keys) over *stops*: the cards that offer
moves, the dialog's cards, numbers and buttons, the panel's move buttons and tools; with
a card chosen (Enter), over the places that card may go; with a card's menu open, over
its entries. Enter (or Space) does what the focused stop does: choose the card, play it
at the focused place (several moves there open the table's menu, as a drop does), press
the button. Esc goes back one step. Every move is one the table offers (the engine's
legal moves) and is sent as the pointer sends it (:meth:`PointerTable.input_move`), so
refusals, undo, autosave, computer seats and online tables behave the same. The focus
is shown only once a key asked for it (a click hides it again); what Enter will do is
said in the message strip (:meth:`line`). The renderer draws the ring from the frame's
:class:`~.frame.FocusView`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...engine.moves import Move
from ...engine.state import HIDDEN
from .frame import FocusView

NEXT = (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN)
PREVIOUS = (pygame.K_LEFT, pygame.K_UP)
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
PLUS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
MINUS = (pygame.K_MINUS, pygame.K_KP_MINUS)


@dataclass(frozen=True)
class Stop:
    """A place the focus may rest: its rectangle, what Enter does there in words
    (``says``) and in deed (``act``), the legal moves it may lead to, and ``key``, what
    it is (the focus stays on it when the table is laid out again). ``adjust(step)``:
    a number the left and right keys change (a dialog's)."""

    rect: pygame.Rect
    says: str
    act: Callable[[], None]
    key: tuple
    moves: tuple[Move, ...] = ()
    adjust: Callable[[int], None] | None = None


class TableKeys:
    """The focus of the keyboard at a :class:`~.scene.TableScene` (see the module
    docstring)."""

    def __init__(self, table) -> None:
        self.table = table
        #: is the focus shown (a key asked for it since the last click)?
        self.shown = False
        #: the card chosen with Enter: the focus is on the places it may go
        self.chosen: int | None = None
        self._at: tuple | None = None  # the focused stop's key
        self._index = 0
        self._stops: list[Stop] = []
        self._built: tuple | None = None  # what the stops were built for

    # -- the stops ----------------------------------------------------------------------------
    def _situation(self) -> tuple:
        t = self.table
        box = t.dialog
        return (t.layout_gen, t.session.changes, tuple(id(e) for e in t.menu), id(box),
                tuple(st.value for st in box.d.steppers) if box is not None else (),
                self.chosen, t.handover_to, t.gameover_shown, t.help_open,
                tuple(b.enabled for b in t.tools), len(t.buttons), t.landing is not None,
                len(t.gameover_buttons))

    def stops(self) -> list[Stop]:
        """The stops now (built again only when the table changed)."""
        now = self._situation()
        if now != self._built:
            self._stops = self._make_stops()
            self._built = self._situation()  # (a chosen card gone is forgotten)
            keys = [s.key for s in self._stops]
            if self._at in keys:
                self._index = keys.index(self._at)
            else:
                self._index = min(self._index, max(0, len(keys) - 1))
                self._at = keys[self._index] if keys else None
        return self._stops

    @property
    def focused(self) -> Stop | None:
        """The stop the focus is on (None: not shown, or nothing to focus)."""
        if not self.shown:
            return None
        stops = self.stops()
        return stops[self._index] if stops else None

    def _make_stops(self) -> list[Stop]:
        t = self.table
        built = t.session.changes
        if t.help_open or t.landing is not None:
            return []
        if t.handover_to is not None:
            return [_button_stop(t.handover_button, ("handover",))] + self._tools(2)
        if t.gameover_shown and t.gameover_buttons:
            return [_button_stop(b, ("over", b.label)) for b in t.gameover_buttons]
        if t.menu:
            return self._menu_stops()
        if self.chosen is not None and self.chosen in t.pointer.playable():
            return self._target_stops(self.chosen, built)
        self.chosen = None
        box = t.dialog
        stops = self._dialog_stops(box) if box is not None else []
        if box is None or not box.d.modal:
            stops += self._card_stops() + self._narration() + self._button_stops()
        return stops + self._tools(0)

    def _narration(self) -> list[Stop]:
        """The line of narration (typed into; Enter ends it), where the game has one."""
        t = self.table
        line = t.narration
        if line is None or not t.narration_shown():
            return []

        def type_in() -> None:
            line.focused = True
            pygame.key.start_text_input()
        return [Stop(line.rect, "type a line for your move (Enter ends it)", type_in,
                     ("narration",))]

    def _card_stops(self) -> list[Stop]:
        t = self.table
        pointer = t.pointer
        out = []
        for card in pointer.playable():
            sprite = pointer.sprite_of(card)
            drags, menu = pointer.drag_moves(card), pointer.menu_moves(card)
            if sprite is None or not (drags or menu):
                continue
            name = t.state.name(card) if card != HIDDEN else "the card"
            if drags:
                says, act = f"choose {name}, then where it goes", self._chooser(card)
            else:
                says = f"show what {name} may do"
                act = self._menu_opener(card, sprite.rect)
            out.append(Stop(sprite.rect, says, act, ("card", card), tuple(drags + menu)))
        return sorted(out, key=lambda s: (s.rect.centery // 40, s.rect.centerx))

    def _target_stops(self, card: int, built: int) -> list[Stop]:
        """The places the chosen ``card`` may go (and its menu, if it has one too)."""
        t = self.table
        places: dict[tuple, list[Move]] = {}
        rects: dict[tuple, pygame.Rect] = {}
        for rect, move, _ in t.pointer.lit_targets(card):
            places.setdefault(tuple(rect), []).append(move)
            rects[tuple(rect)] = rect
        out = []
        for place, moves in places.items():
            rect = rects[place]
            if len(moves) == 1:
                says = t.describe(moves[0])
                act = self._player(moves[0], built)
            else:
                says = f"choose among {len(moves)} moves here"
                act = self._menu_at(moves, rect)
            out.append(Stop(rect, says, act, ("place", place), tuple(moves)))
        out.sort(key=lambda s: (s.rect.centery // 40, s.rect.centerx))
        menu = t.pointer.menu_moves(card)
        sprite = t.pointer.sprite_of(card)
        if menu and sprite is not None:
            out.append(Stop(sprite.rect, f"show what {t.state.name(card)} may do",
                            self._menu_opener(card, sprite.rect), ("card menu", card),
                            tuple(menu)))
        return out

    def _menu_stops(self) -> list[Stop]:
        pointer = self.table.pointer
        return [Stop(rect, label, self._menu_pick(move), ("entry", i, label), (move,))
                for i, (rect, label, move) in enumerate(pointer.menu)]

    def _dialog_stops(self, box) -> list[Stop]:
        t = self.table
        out = [Stop(rect, pick.caption or t.describe(pick.move),
                    _played(box, pick.move), ("pick", i), (pick.move,))
               for i, (rect, pick) in enumerate(box.picks)]
        for minus, plus, i in box.steps:
            st = box.d.steppers[i]
            rect = pygame.Rect(box.rect.left + box.S(10), minus.top - box.S(3), 0, 0)
            rect.size = (plus.right + box.S(6) - rect.left, minus.h + box.S(6))
            out.append(Stop(rect, f"{st.label}: {st.value}",
                            lambda: self._move(pygame.K_TAB, False), ("stepper", i),
                            adjust=lambda step, i=i: box.step(i, step)))
        actions = list(box.d.actions)
        for i, b in enumerate(box.buttons):
            confirm = b.key == "confirm"
            move = box.move if confirm else (actions[i].move if i < len(actions) else None)
            if confirm and move is None or not b.enabled:
                continue
            out.append(Stop(b.rect, f"press {b.label}", b.on_click, ("dialog", i, b.key),
                            (move,) if move is not None else ()))
        return out

    def _button_stops(self) -> list[Stop]:
        t = self.table
        gestures = t.kit.gestures
        moves = [m for m in t.offered() if gestures.gesture(m) == "button"]
        out = []
        for i, b in enumerate(t.buttons):
            if b.visible and b.enabled and b.on_click is not None:
                made = (moves[i],) if i < len(moves) else ()
                out.append(Stop(b.rect, f"press {b.label}", b.on_click,
                                ("button", b.key, b.label), made))
        return out

    def _tools(self, first: int) -> list[Stop]:
        return [_button_stop(b, ("tool", b.label)) for b in self.table.tools[first:]
                if b.enabled and b.visible]

    # -- what Enter does ----------------------------------------------------------------------
    def _chooser(self, card: int) -> Callable[[], None]:
        def choose() -> None:
            self.chosen = card
            self._index, self._at = 0, None
        return choose

    def _menu_opener(self, card: int, rect: pygame.Rect) -> Callable[[], None]:
        def open_menu() -> None:
            self.table.pointer.open_menu(card, rect)
            self._index, self._at = 0, None
        return open_menu

    def _menu_at(self, moves: list[Move], rect: pygame.Rect) -> Callable[[], None]:
        def open_menu() -> None:
            self.table.pointer.menu_for(moves, (rect.right + 4, rect.top), "Choose")
            self._index, self._at = 0, None
        return open_menu

    def _player(self, move: Move, built: int) -> Callable[[], None]:
        def play() -> None:
            self.chosen = None
            self.table.input_move(move, built=built)
        return play

    def _menu_pick(self, move: Move) -> Callable[[], None]:
        def pick() -> None:
            pointer = self.table.pointer
            pointer.menu = []
            self.chosen = None
            self.table.input_move(move, built=pointer.menu_built)
        return pick

    # -- keys -----------------------------------------------------------------------------------
    def key(self, event) -> bool:
        """Take a key the focus answers to (True: taken; the table does the rest)."""
        k = event.key
        mods = getattr(event, "mod", 0)
        if mods & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        if k in NEXT or k in PREVIOUS:
            self._move(k, bool(mods & pygame.KMOD_SHIFT))
            return True
        if k in ENTER:
            return self._enter()
        if k in PLUS or k in MINUS:
            stop = self.focused
            if stop is not None and stop.adjust is not None:
                stop.adjust(1 if k in PLUS else -1)
                return True
            return False
        if k == pygame.K_ESCAPE:
            return self._back()
        if k == pygame.K_z:
            return self._zoom()
        return False

    def _move(self, k: int, shift: bool) -> None:
        stop = self.focused
        if stop is not None and stop.adjust is not None and \
                k in (pygame.K_LEFT, pygame.K_RIGHT):
            stop.adjust(1 if k == pygame.K_RIGHT else -1)
            return
        if not self.shown:  # the first key shows the focus where it is
            self.shown = True
            self.stops()
            return
        stops = self.stops()
        if not stops:
            return
        step = -1 if k in PREVIOUS or (k == pygame.K_TAB and shift) else 1
        self._index = (self._index + step) % len(stops)
        self._at = stops[self._index].key

    def _enter(self) -> bool:
        t = self.table
        if not self.shown:
            if t.handover_to is not None:
                return False  # the hand-over screen's own Enter
            self.shown = True
            return True
        stop = self.focused
        if stop is None:
            return t.handover_to is None
        self._at = stop.key
        before = t.session.changes
        stop.act()
        if t.landing is not None or t.session.changes != before:
            self._index, self._at = 0, None  # a move was made: from the first stop again
        self._built = None
        return True

    def _back(self) -> bool:
        """Esc: one step back (a card's menu closed, the chosen card put down)."""
        t = self.table
        if t.zoom is not None or t.help_open:
            return False  # the table closes them
        if t.menu and self.shown:
            t.menu = []
            if self.chosen is not None:
                self._at = None
            return True
        if self.chosen is not None:
            card, self.chosen = self.chosen, None
            self._at = ("card", card)
            return True
        return False

    def _zoom(self) -> bool:
        """Z: the focused card shown large (Esc closes it)."""
        stop = self.focused
        if stop is None or stop.key[0] not in ("card", "card menu"):
            return False
        self.table.zoom = stop.key[1]
        return True

    def clicked(self) -> None:
        """The pointer was pressed: the focus is hidden (and a chosen card put down)."""
        self.shown = False
        self.chosen = None

    # -- what the frame shows -------------------------------------------------------------------
    def line(self) -> str:
        """What Enter will do, for the message strip ("" when the focus is hidden)."""
        stop = self.focused
        if stop is None:
            return ""
        back = " \u00b7 Esc: back" if self.chosen is not None or self.table.menu else ""
        if stop.adjust is not None:
            return f"{stop.says} \u00b7 left/right: change it \u00b7 Enter: next{back}"
        return f"Enter: {stop.says[:1].lower()}{stop.says[1:]}{back}"

    def view(self) -> FocusView | None:
        """The ring, the chosen card and its places, as the frame draws them."""
        stop = self.focused
        if stop is None or self.table.pointer.zoom is not None:
            return None
        chosen = None
        places: tuple = ()
        if self.chosen is not None:
            sprite = self.table.pointer.sprite_of(self.chosen)
            chosen = sprite.rect if sprite is not None else None
            places = tuple(s.rect for s in self._stops if s.key[0] == "place")
        return FocusView(pygame.Rect(stop.rect), chosen, places)


def _button_stop(button, key: tuple) -> Stop:
    return Stop(button.rect, button.tooltip or f"press {button.label}", button.on_click, key)


def _played(box, move: Move) -> Callable[[], None]:
    return lambda: box.play(move)
