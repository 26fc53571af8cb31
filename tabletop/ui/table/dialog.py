"""Dialogs a layout may put over the table: one decision asked in words (pick a card,
set a few numbers, press a button) or something shown until dismissed.

A layout returns a :class:`Dialog` from :meth:`~.layout.Layout.dialog`, built from the
legal moves it stands for (``moves``: the panel then shows no buttons for them); the
table draws it every frame with :class:`DialogBox` and plays the move its buttons or
cards mean. Nothing here changes a game: a dialog only chooses among legal moves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from ...engine.moves import Move
from ...engine.state import HIDDEN
from .. import pictures, text, theme
from ..widgets import Button, panel

if TYPE_CHECKING:
    from .cardpictures import CardPictures

Lines = list[tuple[str, tuple]]
#: the least size of the words under a card (px), in a small window too
CAPTION_LEAST = 11


@dataclass
class Stepper:
    """A number between ``low`` and ``high`` (``note``: why it cannot move, if fixed)."""

    label: str
    low: int
    high: int
    value: int
    note: str = ""


@dataclass
class Action:
    """A button: a legal move, or a local action (``on_click``) such as closing."""

    label: str
    move: Move | None = None
    primary: bool = False
    on_click: Callable[[], None] | None = None


@dataclass
class CardPick:
    """A card shown in the dialog; clicking it plays ``move``. ``caption``: the words
    under it; when ``button`` (the caption names the move: "Keep", "Take") it is drawn
    as a button that plays ``move`` too, else as a plain label."""

    card: int
    move: Move
    caption: str = ""
    button: bool = True


@dataclass
class Dialog:
    """What a dialog asks or shows. ``key`` names it: the table keeps the numbers a
    player set while the key stays the same. ``resolve`` turns the steppers' values
    into (the move they mean or None, lines to show under them); ``confirm`` labels the
    button that plays it. ``area``: the part of the table it is centred in (None: the
    whole table); ``modal``: the table takes no input while it is shown."""

    key: tuple
    title: str
    lines: Lines = field(default_factory=list)
    picks: list[CardPick] = field(default_factory=list)
    steppers: list[Stepper] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    moves: tuple = ()
    resolve: Callable[[tuple], tuple[Move | None, Lines]] | None = None
    confirm: str = ""
    area: pygame.Rect | None = None
    modal: bool = False
    accent: tuple = field(default_factory=lambda: theme.ACCENT)
    width: int = 560


class DialogBox:
    """A :class:`Dialog` laid out, drawn and clicked (window coordinates)."""

    def __init__(self, dialog: Dialog, play: Callable[[Move], object], state,
                 cards: CardPictures,
                 scale: float, table: pygame.Rect,
                 changed: Callable[[], None] | None = None) -> None:
        self.d = dialog
        self.play = play
        #: called after a local action (the table lays itself out again)
        self.changed = changed
        self.state = state
        self.cards = cards
        self.scale = scale
        self.table = table
        self.buttons: list[Button] = []
        self.steps: list[tuple[pygame.Rect, pygame.Rect, int]] = []  # minus, plus, index
        self.picks: list[tuple[pygame.Rect, CardPick]] = []
        #: the captions drawn as buttons under their cards (they play the card's move)
        self.labels: list[tuple[pygame.Rect, CardPick]] = []
        self.mouse = (0, 0)
        self.extra: Lines = []
        self.move: Move | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._resolve()
        self._place()

    @property
    def key(self) -> tuple:
        return self.d.key

    def adopt(self, old: DialogBox) -> None:
        """Keep the numbers set in the same dialog before the table was laid out again."""
        for mine, theirs in zip(self.d.steppers, old.d.steppers, strict=False):
            if mine.low <= theirs.value <= mine.high:
                mine.value = theirs.value
        self._resolve()
        self._place()

    # -- sizes ------------------------------------------------------------------------------
    def S(self, v: float) -> int:
        return int(v * self.scale)

    def T(self, v: float) -> int:
        """``v`` of a line or a button: at the table's scale and the player's text size."""
        return int(v * self.scale * theme.text_scale)

    def _card_size(self) -> tuple[int, int]:
        n = max(1, len(self.d.picks))
        room = (min(self.d.width, self.table.w - 24) * self.scale - self.S(40)) / n
        w = int(min(self.S(84), room - self.S(8)))
        return max(self.S(40), w), int(max(self.S(40), w) * 1.4)

    def _wrapped(self, lines: Lines, width: int) -> list[tuple[str, tuple]]:
        f = theme.font(self.S(14))
        return [(part, color) for line, color in lines for part in text.wrap(line, f, width)]

    def _place(self) -> None:
        d, S = self.d, self.S
        area = d.area or self.table
        w = min(S(d.width), area.w - S(12), self.table.w - S(12))
        inner = w - S(32)
        title = text.wrap(d.title, theme.font(S(17), "bold"), inner)
        body = self._wrapped(list(d.lines), inner)
        extra = self._wrapped(self.extra, inner)
        cw, ch = self._card_size()
        T = self.T
        h = S(16) + len(title) * T(23) + len(body) * T(19) + S(6)
        h += (ch + S(32)) if d.picks else 0
        h += len(d.steppers) * T(40) + len(extra) * T(19)
        actions = list(d.actions) + ([Action(d.confirm, None, True, self._confirm)]
                                     if d.confirm else [])
        h += T(48) if actions else S(6)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = area.center
        rect.clamp_ip(self.table)
        self.rect = rect
        self.layout = (title, body, extra, cw, ch)
        y = rect.top + S(12) + len(title) * T(23) + len(body) * T(19) + S(6)
        self._place_picks(y, cw, ch)
        if d.picks:
            y += ch + S(32)
        self.steps = []
        self.step_top = y
        for i, _ in enumerate(d.steppers):
            minus = pygame.Rect(rect.left + S(16) + S(200), y + S(4), T(30), T(28))
            plus = pygame.Rect(minus.right + T(54), y + S(4), T(30), T(28))
            self.steps.append((minus, plus, i))
            y += T(40)
        self.extra_top = y
        self._buttons(actions, rect)

    def _place_picks(self, top: int, cw: int, ch: int) -> None:
        """The cards in a row from ``top``, each caption's box under its card."""
        S = self.S
        self.picks, self.labels = [], []
        total = len(self.d.picks) * (cw + S(10)) - S(10)
        x = self.rect.centerx - total // 2
        for pick in self.d.picks:
            card = pygame.Rect(x, top, cw, ch)
            self.picks.append((card, pick))
            if pick.caption and pick.button:
                self.labels.append((self.caption_box(card), pick))
            x += cw + S(10)

    def caption_box(self, card: pygame.Rect) -> pygame.Rect:
        """Where the caption of the card at ``card`` goes (its button, if it is one)."""
        S = self.S
        return pygame.Rect(card.left - S(2), card.bottom + S(4), card.w + S(4),
                           max(S(20), CAPTION_LEAST + 6))

    def _buttons(self, actions: list[Action], rect: pygame.Rect) -> None:
        S = self.S
        self.buttons = []
        if not actions:
            return
        gap = S(10)
        bw = min(S(190), (rect.w - S(32) - gap * (len(actions) - 1)) // len(actions))
        x = rect.centerx - (bw * len(actions) + gap * (len(actions) - 1)) // 2
        for a in actions:
            key = "confirm" if a.on_click == self._confirm else \
                (a.move.kind if a.move else a.label)
            b = Button((x, rect.bottom - self.T(44), bw, self.T(34)), a.label, self._on(a),
                       primary=a.primary, size=S(15), key=key)
            b.enabled = a.move is not None or a.on_click is not None
            self.buttons.append(b)
            x += bw + gap

    def _on(self, action: Action) -> Callable[[], None]:
        def run() -> None:
            if action.on_click is not None:
                action.on_click()
            if action.move is not None:
                self.play(action.move)
            elif self.changed is not None and action.on_click != self._confirm:
                self.changed()
        return run

    def _confirm(self) -> None:
        if self.move is not None:
            self.play(self.move)

    def _resolve(self) -> None:
        if self.d.resolve is not None:
            self.move, self.extra = self.d.resolve(tuple(st.value for st in self.d.steppers))
        else:
            self.move, self.extra = None, []

    # -- input ------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        """True when the dialog took the event (a modal dialog takes every click)."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            for b in self.buttons:
                b.handle(event)
            return False
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        for b in self.buttons:
            if b.handle(event):
                return True
        inside = self.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and inside and event.button == 1:
            self._click(event.pos)
        return inside or self.d.modal

    def _click(self, pos) -> None:
        for rect, pick in self.picks + self.labels:
            if rect.collidepoint(pos):
                self.play(pick.move)
                return
        for minus, plus, i in self.steps:
            if minus.collidepoint(pos) and self.step(i, -1) or \
                    plus.collidepoint(pos) and self.step(i, 1):
                return

    def step(self, i: int, delta: int) -> bool:
        """Change the ``i``-th number by ``delta`` (a click on its button, or the
        keyboard), within its bounds; False when it cannot move that way."""
        st = self.d.steppers[i]
        if not st.low <= st.value + delta <= st.high:
            return False
        st.value += delta
        self._resolve()
        self._place()
        return True

    def card_at(self, pos) -> int | None:
        for rect, pick in self.picks:
            if rect.collidepoint(pos):
                return pick.card
        return None

    # -- drawing ----------------------------------------------------------------------------
    def look(self) -> tuple:
        """Everything :meth:`draw` depends on: equal looks draw equal pixels (over the
        same table)."""
        return (id(self.d), tuple(self.rect), self.layout[0], tuple(self.layout[1]),
                tuple(self.layout[2]), tuple(st.value for st in self.d.steppers),
                self.move is not None, tuple((b.label, tuple(b.rect)) for b in self.buttons))

    def draw(self, surf) -> None:
        """The dialog as if the pointer were elsewhere (what it lights is drawn over it
        by :meth:`draw_hover`, every frame)."""
        d, S = self.d, self.S
        if d.modal:  # the shade over the table (made once per size)
            surf.blit(pictures.box(self.table.size, (0, 0, 0, 110)), self.table.topleft)
        panel(surf, self.rect, (20, 26, 34), 246, d.accent, S(12))
        title, body, extra, cw, ch = self.layout
        x, y = self.rect.left + S(16), self.rect.top + S(10)
        inner = self.rect.w - S(32)
        T = self.T
        for line in title:  # (wrapped to ``inner`` when laid out)
            text.draw(surf, line, (x, y, inner, T(23)), S(17), d.accent, "bold")
            y += T(23)
        for line, color in body:
            text.draw(surf, line, (x, y, inner, T(19)), S(14), color)
            y += T(19)
        for rect, pick in self.picks:
            self._draw_pick(surf, rect, pick)
        for (minus, plus, _), st in zip(self.steps, d.steppers, strict=True):
            self._draw_stepper(surf, minus, plus, st)
        y = self.extra_top
        for line, color in extra:
            text.draw(surf, line, (x, y, inner, T(19)), S(14), color)
            y += T(19)
        for b in self.buttons:
            if b.key == "confirm":
                b.enabled = self.move is not None
            lit, b.hover = b.hover, False
            b.draw(surf)
            b.hover = lit

    def draw_hover(self, surf) -> None:
        """What the pointer lights (a card, a stepper's button, a button), over the
        dialog drawn without it."""
        lit = {id(pick) for rect, pick in self.picks + self.labels
               if rect.collidepoint(self.mouse)}  # a card and its caption light together
        for rect, pick in self.picks:
            if id(pick) in lit:
                self._ring(surf, rect)
        for rect, pick in self.labels:
            if id(pick) in lit:
                self._caption_button(surf, rect, pick.caption, lit=True)
        for (minus, plus, _), st in zip(self.steps, self.d.steppers, strict=True):
            for rect, sign, ok in ((minus, "\u2212", st.value > st.low),
                                   (plus, "+", st.value < st.high)):
                if ok and rect.collidepoint(self.mouse):
                    self._step_button(surf, rect, sign, ok, lit=True)
        for b in self.buttons:
            if b.hover:
                b.draw(surf)

    def _ring(self, surf, rect: pygame.Rect) -> None:
        S = self.S
        pygame.draw.rect(surf, theme.LEGAL, rect.inflate(S(6), S(6)), S(3), border_radius=S(8))

    def _step_button(self, surf, rect: pygame.Rect, sign: str, ok: bool,
                     lit: bool = False) -> None:
        S = self.S
        pygame.draw.rect(surf, theme.BUTTON_HOVER if lit else
                         (theme.BUTTON if ok else theme.BUTTON_OFF), rect, border_radius=S(6))
        text.draw(surf, sign, rect, S(18), theme.TEXT if ok else theme.DIM, "bold",
                  align="center", valign="middle")

    def _draw_pick(self, surf, rect: pygame.Rect, pick: CardPick) -> None:
        S = self.S
        if pick.card != HIDDEN:
            img = self.cards.face(pick.card, rect.size)
            surf.blit(img, rect)
        if pick.caption and pick.button:
            self._caption_button(surf, self.caption_box(rect), pick.caption)
        elif pick.caption:
            box = self.caption_box(rect)
            text.draw(surf, pick.caption, box, max(CAPTION_LEAST, S(12)), theme.MUTED,
                      "condbold", align="center", valign="middle")

    def _caption_button(self, surf, rect: pygame.Rect, caption: str,
                        lit: bool = False) -> None:
        """A caption that plays its card's move, drawn as a button."""
        S = self.S
        pygame.draw.rect(surf, theme.BUTTON_HOVER if lit else theme.BUTTON, rect,
                         border_radius=S(6))
        pygame.draw.rect(surf, theme.PANEL_LINE, rect, 1, border_radius=S(6))
        text.draw(surf, caption, rect.inflate(-S(6), -S(2)), max(CAPTION_LEAST, S(12)),
                  theme.TEXT, "condbold", align="center", valign="middle")

    def _draw_stepper(self, surf, minus, plus, st: Stepper) -> None:
        S = self.S
        text.draw(surf, st.label, (self.rect.left + S(16), minus.top,
                                   minus.left - self.rect.left - S(22), minus.h), S(15),
                  theme.TEXT, "bold", valign="middle")
        for rect, sign, ok in ((minus, "\u2212", st.value > st.low),
                               (plus, "+", st.value < st.high)):
            self._step_button(surf, rect, sign, ok)
        text.draw(surf, str(st.value), (minus.right, minus.top, plus.left - minus.right,
                                        minus.h), S(20), theme.ACCENT, "bold", align="center",
                  valign="middle")
        if st.note:
            room = self.rect.right - plus.right - S(22)
            text.draw(surf, st.note, (plus.right + S(12), minus.top, room, minus.h), S(12),
                      theme.MUTED, valign="middle")
