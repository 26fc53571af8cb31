"""The keyboard on a screen of widgets (the menus, new game, load game, settings...).

Tab and Shift+Tab (and the up and down keys) move a focus over the screen's controls
that take input: buttons, switches, choices, text fields, the rows of a list to pick
from, the widgets in a scrolling box (scrolled into view). Enter or Space presses the
focused button, flips the switch, starts typing in the field (Enter ends it), picks the
focused row; left and right change a choice or a slider (and move the focus elsewhere). A
widget of its own may take the focus too: one with ``focus_key(key, mod) -> bool`` gets
the keys but Tab while it is focused (the card browser's grid: the arrows move over its
cards), and ``focus_ring()`` says where its ring goes. The focus
is shown only once a key asked for it; a click hides it. :func:`draw_ring` is the ring
the table draws too (:mod:`.table.overlays` draws the same look).
"""

from __future__ import annotations

import pygame

from .widgets import Button, Choice, ScrollBox, ScrollList, Slider, Switch, TextInput

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: how far the ring reaches outside what it is round
RING_OUT = 7


def draw_ring(surf, rect: pygame.Rect) -> None:
    """The keyboard's focus ring round ``rect``: a black band with a dashed black-and-white
    line in it (seen on any ground, and by its dashes, not its colour alone)."""
    ring = rect.inflate(2 * RING_OUT, 2 * RING_OUT)
    pygame.draw.rect(surf, (0, 0, 0), ring, 7, border_radius=9)
    line = ring.inflate(-4, -4)
    pygame.draw.rect(surf, (255, 255, 255), line, 3, border_radius=7)
    for x in range(line.left + 12, line.right - 12, 14):  # the dashes
        for y in (line.top, line.bottom - 3):
            surf.fill((0, 0, 0), (x, y, 6, 3))
    for y in range(line.top + 12, line.bottom - 12, 14):
        for x in (line.left, line.right - 3):
            surf.fill((0, 0, 0), (x, y, 3, 6))


def _takes_input(w) -> bool:
    if w is None or not w.visible or not w.enabled:
        return False
    if hasattr(w, "focus_key"):
        return True
    if isinstance(w, ScrollList):
        return w.selectable and w.on_pick is not None and \
            any(r.data is not None for r in w.rows)
    return isinstance(w, (Button, Switch, Choice, Slider, TextInput))


class MenuFocus:
    """Where the keyboard's focus is on one screen (see the module docstring)."""

    def __init__(self) -> None:
        self.shown = False
        self.index = 0
        self._key: tuple | None = None  # what the focused widget is (kept over a relayout)
        self.rows: dict[int, int] = {}  # a list's focused row, by the list's id

    def stops(self, controls: list) -> list:
        out = []
        for w in controls:
            if isinstance(w, ScrollBox):
                out += [inner for inner in w.widgets if _takes_input(inner)]
            elif _takes_input(w):
                out.append(w)
        return out

    def focused(self, controls: list):
        """The focused widget (None: the focus is hidden, or there is nothing to focus)."""
        if not self.shown:
            return None
        stops = self.stops(controls)
        if not stops:
            return None
        keys = [_key_of(w) for w in stops]
        if self._key in keys:
            self.index = keys.index(self._key)
        self.index = min(self.index, len(stops) - 1)
        self._key = keys[self.index]
        return stops[self.index]

    def typing(self, controls: list) -> bool:
        """Is a text field taking the keys?"""
        return any(isinstance(w, TextInput) and w.focused for w in self._flat(controls))

    def _flat(self, controls: list) -> list:
        return [x for w in controls for x in (w.widgets if isinstance(w, ScrollBox) else [w])]

    def key(self, event, controls: list) -> bool:
        """Take a key the focus answers to (True: taken)."""
        k = event.key
        own = getattr(self.focused(controls), "focus_key", None)
        if own is not None and k != pygame.K_TAB and own(k, event.mod):
            return True
        if k == pygame.K_TAB or k in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT,
                                      pygame.K_RIGHT) or k in ENTER:
            for w in self._flat(controls):  # Tab leaves a text field too
                if isinstance(w, TextInput):
                    w.focused = False
        else:
            return False
        if not self.shown:
            self.shown = True
            self.focused(controls)
            self._into_view(controls)
            return True
        w = self.focused(controls)
        if w is None:
            return False
        back = k == pygame.K_UP or k == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
        if k in ENTER and isinstance(w, Slider):
            self._step(controls, 1)  # (left and right set it)
        elif k in ENTER:
            _press(w, self)
        elif isinstance(w, ScrollList) and k in (pygame.K_UP, pygame.K_DOWN):
            self._row(w, -1 if k == pygame.K_UP else 1)
        elif isinstance(w, Choice) and k in (pygame.K_LEFT, pygame.K_RIGHT):
            _choose(w, -1 if k == pygame.K_LEFT else 1)
        elif isinstance(w, Slider) and k in (pygame.K_LEFT, pygame.K_RIGHT):
            _slide(w, -1 if k == pygame.K_LEFT else 1)
        else:
            self._step(controls, -1 if back or k == pygame.K_LEFT else 1)
        return True

    def _step(self, controls: list, step: int) -> None:
        stops = self.stops(controls)
        self.index = (self.index + step) % len(stops)
        self._key = _key_of(stops[self.index])
        self._into_view(controls)

    def _into_view(self, controls: list) -> None:
        w = self.focused(controls)
        for box in controls:
            if isinstance(box, ScrollBox) and w in box.widgets and \
                    not box.rect.contains(w.rect):
                box.scroll(box.offset + (w.rect.bottom - box.rect.bottom if
                                         w.rect.bottom > box.rect.bottom else
                                         w.rect.top - box.rect.top))

    def _row(self, lst: ScrollList, step: int) -> None:
        """The list's next (or previous) row that holds something focused and picked (a
        section's heading is passed over)."""
        rows = [i for i, r in enumerate(lst.rows) if r.data is not None]
        if not rows:
            return
        at = self.rows.get(id(lst))
        if at is None:
            row = rows[0] if step > 0 else rows[-1]
        else:
            later = [i for i in rows if (i > at if step > 0 else i < at)]
            row = (later[0] if step > 0 else later[-1]) if later else at
        self.rows[id(lst)] = row
        lst.hover = row
        top = sum(r.height for r in lst.rows[:row])
        if top < lst.offset or top + lst.rows[row].height > lst.offset + lst.rect.h - 8:
            lst._scrolled(top)
        lst.on_pick(lst.rows[row].data)

    def ring(self, controls: list) -> pygame.Rect | None:
        """Where the ring goes (a list's focused row; else the widget)."""
        w = self.focused(controls)
        if w is None:
            return None
        if hasattr(w, "focus_ring"):
            return w.focus_ring()
        if isinstance(w, ScrollList) and id(w) in self.rows:
            row = self.rows[id(w)]
            top = w.rect.top + 4 - w.offset + sum(r.height for r in w.rows[:row])
            return pygame.Rect(w.rect.left + 2, top, w.rect.w - 4, w.rows[row].height) \
                .clip(w.rect)
        return w.rect

    def draw(self, surf, controls: list) -> None:
        rect = self.ring(controls)
        if rect is not None and rect.w and rect.h:
            draw_ring(surf, rect)


def _key_of(w) -> tuple:
    return type(w).__name__, getattr(w, "label", ""), getattr(w, "placeholder", ""), \
        tuple(w.rect.topleft)


def _press(w, focus: MenuFocus) -> None:
    if isinstance(w, Button):
        if w.on_click is not None:
            w.on_click()
    elif isinstance(w, Switch):
        w.value = not w.value
        if w.on_change:
            w.on_change(w.value)
    elif isinstance(w, TextInput):
        w.focused = True
        pygame.key.start_text_input()
    elif isinstance(w, Choice):
        _choose(w, 1)
    elif isinstance(w, ScrollList):
        row = focus.rows.get(id(w))
        if row is None:
            focus._row(w, 1)
        else:
            w.on_pick(w.rows[row].data)


def _slide(w: Slider, step: int) -> None:
    """A slider moved a twentieth of its range (left or right), as a drag would."""
    value = max(w.low, min(w.high, w.value + step * max(1, (w.high - w.low) // 20)))
    if value != w.value:
        w.value = value
        if w.on_change:
            w.on_change(value)
        if w.on_release:
            w.on_release(value)


def _choose(w: Choice, step: int) -> None:
    values = [v for v, _ in w.choices]
    at = values.index(w.value) if w.value in values else 0
    w.value = values[(at + step) % len(values)]
    if w.on_change:
        w.on_change(w.value)
