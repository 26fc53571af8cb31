"""Small widgets drawn with pygame: buttons, switches, choices, sliders, text entry, lists,
toasts.

Widgets work in window coordinates; each has ``rect``, ``handle(event) -> bool`` (True
when it consumed the event) and ``draw(surface)``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from . import pictures, text, theme
from .bounded import make_room


class Widget:
    rect: pygame.Rect
    visible = True
    enabled = True

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surf: pygame.Surface) -> None:  # pragma: no cover - overridden
        pass


class Caption(Widget):
    """Words at a place among widgets (they scroll with them in a :class:`ScrollBox`)."""

    def __init__(self, rect, words: str, size: int = 14, color=None, style: str = "regular",
                 align: str = "left") -> None:
        self.rect = pygame.Rect(rect)
        self.words, self.size, self.color, self.style, self.align = \
            words, size, color, style, align

    def draw(self, surf) -> None:
        text.draw(surf, self.words, self.rect, self.size, self.color or theme.MUTED,
                  self.style, align=self.align, valign="middle")


class Button(Widget):
    def __init__(self, rect, label: str, on_click: Callable[[], None] | None = None,
                 primary: bool = False, size: int = 16, tooltip: str = "",
                 key: str | None = None, wrap: bool = False) -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        #: a long label is wrapped over the lines of a taller button, not shrunk
        self.wrap = wrap
        self.on_click = on_click
        self.primary = primary
        self.size = size
        self.tooltip = tooltip
        self.key = key or label
        self.hover = False
        self.pressed = False

    def handle(self, event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.pressed = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos):
                if self.enabled and self.on_click:
                    self.on_click()
                return True
        return False

    def draw(self, surf) -> None:
        if not self.visible:
            return
        if not self.enabled:
            color = theme.BUTTON_OFF
        elif self.primary:
            color = theme.BUTTON_PRIMARY_HOVER if self.hover else theme.BUTTON_PRIMARY
        else:
            color = theme.BUTTON_HOVER if self.hover else theme.BUTTON
        pygame.draw.rect(surf, color, self.rect, border_radius=8)
        pygame.draw.rect(surf, (255, 255, 255, 30) if self.enabled else theme.PANEL_LINE,
                         self.rect, 1, border_radius=8)
        fg = theme.TEXT if self.enabled else theme.DIM
        if self.primary and self.enabled:
            fg = (24, 18, 6)
        text.draw(surf, self.label, self.rect.inflate(-12, -4), self.size, fg, "bold",
                  align="center", valign="middle", wrap=self.wrap)


class Switch(Widget):
    """An on/off option with a label and a one-line help text."""

    def __init__(self, rect, label: str, value: bool, help: str = "",
                 on_change: Callable[[bool], None] | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.label, self.value, self.help, self.on_change = label, value, help, on_change

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                self.rect.collidepoint(event.pos) and self.enabled:
            self.value = not self.value
            if self.on_change:
                self.on_change(self.value)
            return True
        return event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos)

    def draw(self, surf) -> None:
        u = theme.ui
        box = pygame.Rect(self.rect.left, self.rect.top + 3, u(38), u(20))
        on = self.value and self.enabled
        pygame.draw.rect(surf, theme.GOOD if on else (70, 78, 90), box, border_radius=u(10))
        knob_x = box.right - u(10) if self.value else box.left + u(10)
        knob = theme.TEXT if self.enabled else theme.DIM
        pygame.draw.circle(surf, knob, (knob_x, box.centery), u(8))
        color = theme.TEXT if self.enabled else theme.DIM
        text.draw(surf, self.label, (box.right + 10, self.rect.top + 2,
                                     self.rect.right - box.right - 10, u(20)), 16, color, "bold")
        if self.help:
            top = u(23)
            text.draw(surf, self.help, (box.right + 10, self.rect.top + top,
                                        self.rect.right - box.right - 10, self.rect.h - top),
                      12, theme.MUTED, wrap=True)


class Choice(Widget):
    """A value picked from a few, shown as segmented buttons."""

    def __init__(self, rect, label: str, choices: list[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], None] | None = None, help: str = "") -> None:
        self.rect = pygame.Rect(rect)
        self.label, self.choices, self.value, self.on_change = label, choices, value, on_change
        self.help = help

    def _segments(self) -> list[pygame.Rect]:
        head = theme.ui(22) if self.label else 0
        top, h = self.rect.top + head, self.rect.h - head
        w = self.rect.w // max(1, len(self.choices))
        return [pygame.Rect(self.rect.left + i * w, top, w - 4, h)
                for i in range(len(self.choices))]

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.enabled:
            for seg, (value, _) in zip(self._segments(), self.choices, strict=True):
                if seg.collidepoint(event.pos):
                    self.value = value
                    if self.on_change:
                        self.on_change(value)
                    return True
        return event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos)

    def draw(self, surf) -> None:
        if self.label:
            text.draw(surf, self.label, (*self.rect.topleft, self.rect.w, theme.ui(20)), 16,
                      theme.TEXT, "bold")
        for seg, (value, label) in zip(self._segments(), self.choices, strict=True):
            on = value == self.value
            pygame.draw.rect(surf, theme.BUTTON_PRIMARY if on else theme.BUTTON, seg,
                             border_radius=6)
            text.draw(surf, label, seg.inflate(-8, -2), 14, (24, 18, 6) if on else theme.TEXT,
                      "bold", align="center", valign="middle", wrap=True)


class Slider(Widget):
    """A whole number in a range, set by dragging the knob along the bar or clicking the
    bar; its value is shown beside it (``unit`` after it). ``on_change(value)`` follows
    every change while dragging; ``on_release(value)`` once the button comes up."""

    def __init__(self, rect, label: str, value: int, low: int = 0, high: int = 100,
                 on_change: Callable[[int], None] | None = None,
                 on_release: Callable[[int], None] | None = None, unit: str = "%") -> None:
        self.rect = pygame.Rect(rect)
        self.label, self.low, self.high, self.unit = label, low, high, unit
        self.value = max(low, min(high, value))
        self.on_change, self.on_release = on_change, on_release
        self.dragging = False

    @property
    def bar(self) -> pygame.Rect:
        """The track the knob moves along (under the label, left of the value)."""
        top = self.rect.top + (theme.ui(22) if self.label else 0)
        return pygame.Rect(self.rect.left + 10, top + (self.rect.bottom - top) // 2 - 3,
                           max(20, self.rect.w - theme.ui(90)), 6)

    def _grab(self) -> pygame.Rect:
        """Where a press takes the knob: the bar, with room above and below."""
        top = self.rect.top + (theme.ui(22) if self.label else 0)
        return pygame.Rect(self.rect.left, top, self.bar.w + 20, self.rect.bottom - top)

    def value_at(self, x: int) -> int:
        bar = self.bar
        share = (x - bar.left) / bar.w
        return round(self.low + max(0.0, min(1.0, share)) * (self.high - self.low))

    def _set(self, x: int) -> None:
        value = self.value_at(x)
        if value != self.value:
            self.value = value
            if self.on_change:
                self.on_change(value)

    def handle(self, event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self._grab().collidepoint(event.pos):
            self.dragging = True
            self._set(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._set(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            self._set(event.pos[0])
            if self.on_release:
                self.on_release(self.value)
            return True
        return False

    def draw(self, surf) -> None:
        if self.label:
            text.draw(surf, self.label, (*self.rect.topleft, self.rect.w, theme.ui(20)), 16,
                      theme.TEXT, "bold")
        bar = self.bar
        share = (self.value - self.low) / max(1, self.high - self.low)
        pygame.draw.rect(surf, theme.BUTTON, bar, border_radius=3)
        filled = pygame.Rect(bar.left, bar.top, round(bar.w * share), bar.h)
        if filled.w:
            pygame.draw.rect(surf, theme.BUTTON_PRIMARY if self.enabled else theme.DIM,
                             filled, border_radius=3)
        knob = (bar.left + round(bar.w * share), bar.centery)
        pygame.draw.circle(surf, theme.TEXT if self.enabled else theme.DIM, knob,
                           11 if self.dragging else 9)
        text.draw(surf, f"{self.value}{self.unit}", (bar.right + 20, bar.centery - theme.ui(11),
                                                     theme.ui(60), theme.ui(22)),
                  16, theme.TEXT if self.enabled else theme.DIM, "bold", valign="middle")


class TextInput(Widget):
    """One line of text; click to focus, type, Enter or click elsewhere to finish."""

    def __init__(self, rect, value: str = "", placeholder: str = "", max_len: int = 40,
                 on_change: Callable[[str], None] | None = None,
                 on_submit: Callable[[str], None] | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.value, self.placeholder, self.max_len = value, placeholder, max_len
        self.on_change, self.on_submit = on_change, on_submit
        self.focused = False

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            was = self.focused
            self.focused = self.rect.collidepoint(event.pos)
            if self.focused and not was:
                pygame.key.start_text_input()
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.value = (self.value + event.text)[: self.max_len]
            if self.on_change:
                self.on_change(self.value)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                if self.on_change:
                    self.on_change(self.value)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.focused = False
                if self.on_submit:
                    self.on_submit(self.value)
            elif event.key == pygame.K_ESCAPE:
                self.focused = False
            return True
        return False

    def draw(self, surf) -> None:
        pygame.draw.rect(surf, (26, 32, 40), self.rect, border_radius=6)
        pygame.draw.rect(surf, theme.ACCENT if self.focused else theme.PANEL_LINE, self.rect, 1,
                         border_radius=6)
        shown = self.value or self.placeholder
        color = theme.TEXT if self.value else theme.DIM
        inner = self.rect.inflate(-16, -4)
        shown = text.tail(shown, 15, inner.w - 4) if self.value else shown
        used = text.draw(surf, shown, inner, 15, color, valign="middle")
        if self.focused and (pygame.time.get_ticks() // 500) % 2 == 0:
            cx = (used.right if self.value else inner.left) + 1
            pygame.draw.line(surf, theme.TEXT, (cx, self.rect.top + 6), (cx, self.rect.bottom - 6))


@dataclass
class Row:
    """One row of a :class:`ScrollList`: lines of (text, colour, style)."""

    lines: list[tuple[str, tuple, str]]
    data: Any = None
    height: int = 0
    wrapped: list[tuple[str, tuple, str, int]] = field(default_factory=list)
    #: the width and font size ``wrapped`` was made for (empty: not yet wrapped)
    wrap_key: tuple = ()


def line_step(size: int) -> int:
    """The distance between two lines of a list at text ``size`` (and the text size)."""
    return int(size * theme.text_scale * 1.3)


class ScrollList(Widget):
    """A scrolling list of rows with wrapped text (the game log, save lists, errors)."""

    def __init__(self, rect, rows: list[Row] | None = None, size: int = 13,
                 on_pick: Callable[[Any], None] | None = None, stick_bottom: bool = False,
                 selectable: bool = False) -> None:
        self.rect = pygame.Rect(rect)
        self.size = size
        self.on_pick = on_pick
        self.stick_bottom = stick_bottom
        self.selectable = selectable
        self.offset = 0
        #: a list that sticks to its bottom follows new rows until the player scrolls up
        #: (and again once they scroll back down, or jump to the latest)
        self.follow = stick_bottom
        self.hover: int | None = None
        self.rows: list[Row] = []
        #: goes up whenever the rows change (a cached picture of the list is then old)
        self.version = 0
        self._height = 0
        self._wrap_cache: dict[tuple, list[str]] = {}
        self.set_rows(rows or [])

    def set_rows(self, rows: list[Row]) -> None:
        """Show ``rows`` (a row already wrapped at this width is not wrapped again: a
        hot-seat reader's rows come back as they were)."""
        self.rows = list(rows)
        self._wrap_w = self.rect.w - 16
        for row in self.rows:
            if row.wrap_key != (self._wrap_w, self.size, theme.text_scale):
                self._wrap(row)
        self._height = sum(r.height for r in self.rows)
        self.version += 1
        self.settle()

    def append(self, rows: list[Row]) -> None:
        """Add rows at the end, wrapping only them (the game log grows by a move)."""
        self.fit()
        for row in rows:
            self._wrap(row)
            self.rows.append(row)
            self._height += row.height
        self.version += 1
        self.settle()

    def truncate(self, count: int) -> None:
        """Keep only the first ``count`` rows (a move taken back)."""
        if count >= len(self.rows):
            return
        del self.rows[count:]
        self._height = sum(r.height for r in self.rows)
        self.version += 1
        self.settle()

    def fit(self) -> None:
        """Wrap the rows again if the list changed width."""
        if self.rect.w - 16 != getattr(self, "_wrap_w", None):
            self.set_rows(self.rows)

    def at_bottom(self) -> bool:
        return self.offset >= self.max_offset() - 2

    def to_bottom(self) -> None:
        self.offset = self.max_offset()
        self.follow = self.stick_bottom

    def settle(self) -> None:
        """Keep the offset in range; a list that follows shows its newest row (also
        after its box changed size)."""
        if self.stick_bottom and self.follow:
            self.offset = self.max_offset()
        self.offset = max(0, min(self.offset, self.max_offset()))

    def _scrolled(self, offset: int) -> None:
        self.offset = max(0, min(self.max_offset(), offset))
        if self.stick_bottom:
            self.follow = self.at_bottom()

    def _wrap(self, row: Row) -> None:
        inner_w = self.rect.w - 16
        cache = self._wrap_cache
        make_room(cache, 20000)
        row.wrapped = []
        for line, color, style in row.lines:
            size = self.size if style != "small" else self.size - 2
            face = "regular" if style == "small" else style
            indent = 10 if style == "small" else 0
            key = (line, size, face, inner_w - indent, theme.text_scale)
            parts = cache.get(key)
            if parts is None:
                parts = cache[key] = text.wrap(line, theme.font(size, face), inner_w - indent)
            row.wrapped.extend((part, color, face, size) for part in parts)
        row.height = sum(line_step(s) for *_, s in row.wrapped) + 6
        row.wrap_key = (inner_w, self.size, theme.text_scale)

    def content_height(self) -> int:
        return self._height

    def max_offset(self) -> int:
        return max(0, self.content_height() - self.rect.h + 8)

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pygame.mouse.get_pos()) or getattr(event, "force", False):
                self._scrolled(self.offset - event.y * 40)
                return True
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self._row_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            if event.button == 4:
                self._scrolled(self.offset - 40)
            elif event.button == 5:
                self._scrolled(self.offset + 40)
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                self.rect.collidepoint(event.pos):
            idx = self._row_at(event.pos)
            if idx is not None and self.on_pick:
                self.on_pick(self.rows[idx].data)
            return True
        return False

    def _row_at(self, pos) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        y = self.rect.top + 4 - self.offset
        for i, row in enumerate(self.rows):
            if y <= pos[1] < y + row.height:
                return i
            y += row.height
        return None

    def draw(self, surf) -> None:
        pygame.draw.rect(surf, (20, 26, 33), self.rect, border_radius=6)
        clip = surf.get_clip()
        surf.set_clip(self.rect.inflate(-4, -4))
        y = self.rect.top + 4 - self.offset
        for i, row in enumerate(self.rows):
            if y + row.height >= self.rect.top and y <= self.rect.bottom:
                if self.selectable and i == self.hover:
                    pygame.draw.rect(surf, theme.BUTTON, (self.rect.left + 2, y, self.rect.w - 4,
                                                          row.height), border_radius=4)
                yy = y + 3
                for part, color, style, size in row.wrapped:
                    indent = 10 if size < self.size else 0
                    step = line_step(size)
                    text.draw(surf, part, (self.rect.left + 8 + indent, yy,
                                           self.rect.w - 16 - indent, step),
                              size, color, style)
                    yy += step
            y += row.height
        surf.set_clip(clip)
        if self.max_offset() > 0:
            frac = self.rect.h / max(1, self.content_height())
            bar_h = max(20, int(self.rect.h * frac))
            pos = self.offset / max(1, self.max_offset())
            bar_y = self.rect.top + int((self.rect.h - bar_h) * pos)
            pygame.draw.rect(surf, theme.PANEL_LINE, (self.rect.right - 5, bar_y, 3, bar_h),
                             border_radius=2)


class ScrollBox(Widget):
    """Widgets in a box shorter than they need: the mouse wheel over the box scrolls
    them; only those wholly inside take clicks (e.g. a game's many optional rules)."""

    def __init__(self, rect, widgets: list, height: int, offset: int = 0) -> None:
        self.rect = pygame.Rect(rect)
        self.widgets = widgets
        self.height = height  # of the content, from the box's top
        self.offset = 0
        self.scroll(offset)

    def max_offset(self) -> int:
        return max(0, self.height - self.rect.h)

    def scroll(self, offset: int) -> None:
        offset = max(0, min(self.max_offset(), offset))
        for w in self.widgets:
            w.rect.move_ip(0, self.offset - offset)
        self.offset = offset

    def shown(self) -> list:
        return [w for w in self.widgets if self.rect.contains(w.rect)]

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pygame.mouse.get_pos()) or getattr(event, "force", False):
                self.scroll(self.offset - event.y * 60)
                return True
            return False
        for w in self.shown():
            if w.handle(event):
                return True
        return False

    def draw(self, surf) -> None:
        clip = surf.get_clip()
        surf.set_clip(self.rect)
        for w in self.widgets:
            if w.rect.colliderect(self.rect):
                w.draw(surf)
        surf.set_clip(clip)
        if self.max_offset():
            bar_h = max(30, self.rect.h * self.rect.h // self.height)
            y = self.rect.top + (self.rect.h - bar_h) * self.offset // self.max_offset()
            pygame.draw.rect(surf, theme.PANEL_LINE, (self.rect.right + 6, y, 4, bar_h),
                             border_radius=2)
            if self.offset < self.max_offset():
                text.draw(surf, "scroll for more \u25be", (self.rect.left, self.rect.bottom,
                                                          self.rect.w, 17), 12, theme.MUTED,
                          "bold", align="right")


class Toast:
    """A message that fades after a few seconds (refusals, saves, warnings)."""

    def __init__(self) -> None:
        self.message = ""
        self.color = theme.BAD
        self.until = 0

    def show(self, message: str, color=None, seconds: float = 4.0) -> None:
        self.message = message
        self.color = theme.BAD if color is None else color
        self.until = pygame.time.get_ticks() + int(seconds * 1000)

    @property
    def active(self) -> bool:
        return bool(self.message) and pygame.time.get_ticks() < self.until

    def draw(self, surf, center: tuple[int, int], width: int = 560) -> None:
        if not self.active:
            return
        h = text.height_of(self.message, width - 32, 16, "bold", 1.3) + 20
        rect = pygame.Rect(0, 0, width, h)
        rect.center = center
        surf.blit(pictures.box(rect.size, (12, 14, 18, 235), self.color, 2, 10), rect)
        text.draw(surf, self.message, rect.inflate(-32, -16), 16, theme.TEXT, "bold",
                  align="center", valign="middle", wrap=True, line_gap=1.3)


def panel(surf, rect, color=theme.PANEL, alpha: int = 235, border=theme.PANEL_LINE,
          radius: int = 10) -> None:
    """A rounded, translucent box (its picture is made once per size and colours)."""
    rect = pygame.Rect(rect)
    key = (rect.size, tuple(color[:3]), alpha, tuple(border) if border else None, radius)
    box = _panels.get(key)
    if box is None:
        make_room(_panels, 200)
        box = _panels[key] = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(box, (*color[:3], alpha), box.get_rect(), border_radius=radius)
        if border:
            pygame.draw.rect(box, border, box.get_rect(), 1, border_radius=radius)
    surf.blit(box, rect.topleft)


_panels: dict[tuple, pygame.Surface] = {}
