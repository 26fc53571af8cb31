"""What a frame of the table draws: one value, built by the table each frame from its
parts (the model's snapshot, the layout, the motion, the pointer, the move waiting to
land, the dialog, the side panel's widgets) and handed to the renderer
(:class:`~tabletop.ui.table.renderer.TableRenderer`), which turns it into pixels.

The renderer reads the table through this value alone: nothing it draws comes from
anywhere else, and it changes nothing the frame names (it places and draws the widgets
it is given). Words that take time to set (the status box's lines, the playable cards)
are asked only when the picture is painted again, through the frame's ``words`` and
``lit``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from ..widgets import Button, ScrollList, TextInput
from .layout import Layout
from .motion import Motion
from .pointer import PointerInput


@dataclass(frozen=True, slots=True)
class Window:
    """The window the frame is drawn on, as the app's loop left it."""

    screen: pygame.Surface | None
    #: frames the app has drawn so far
    frames_drawn: int
    #: did this table alone draw the last frame (no screen, no banner over it)?
    alone: bool
    #: the drawing thread's CPU time as the frame began (None: not in a frame)
    frame_cpu: float | None


@dataclass(frozen=True, slots=True)
class PanelWords:
    """The side panel's words (set when the panel is painted again)."""

    heading: str  # the game's title and how far it has gone
    turn: str  # whose turn it is (may be "")
    status: list[str]  # the status box's lines


@dataclass(frozen=True, slots=True)
class PanelView:
    """The side panel as laid out: its widgets (drawn, never changed, by the renderer)
    and the places the table laid out for them."""

    rect: pygame.Rect
    top: int  # how far a second row of tool buttons moves the heading down
    tools: list[Button]
    buttons: list[Button]  # the moves a button makes
    log: ScrollList
    #: the "Latest" button, when the log is scrolled back (else None)
    latest: Button | None
    #: the narration line, when it is shown (else None)
    narration: TextInput | None
    info: list[tuple[str, tuple]]  # the game's figures under the status box
    info_rect: pygame.Rect
    status_bottom: int
    message_rect: pygame.Rect  # the message strip
    message_size: int  # its text size
    can_undo: bool
    can_redo: bool
    words: Callable[[], PanelWords]


@dataclass(frozen=True, slots=True)
class Handover:
    """The screen passed between two people: to whom, and the button that shows their
    cards."""

    seat: int
    name: str
    button: Button


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game-over panel: its title, the result, its buttons."""

    title: str
    result: str
    buttons: list[Button]


@dataclass(frozen=True, slots=True)
class Help:
    """The rules help over the table."""

    title: str
    rect: pygame.Rect
    rows: ScrollList


@dataclass(frozen=True, slots=True)
class FocusView:
    """The keyboard's focus as a frame draws it (:mod:`.keyboard`): the ring, the card
    chosen with Enter (None: none) and the places it may go."""

    ring: pygame.Rect
    chosen: pygame.Rect | None
    places: tuple[pygame.Rect, ...]


@dataclass(frozen=True, slots=True)
class TableFrame:
    """Everything a frame of the table draws."""

    size: tuple[int, int]
    state: Any  # the game as it is (read: over, actor, current...)
    view: Any  # the viewer's view of it, as laid out
    layout: Layout
    #: layouts made so far: the cached picture is painted again after each
    gen: int
    #: is the table laid out for the window and its log built (else the time between
    #: frames does that before a picture is begun)?
    laid_out: bool
    motion: Motion
    pointer: PointerInput
    #: the dropped card and where it was let go, its move not yet landed
    held: tuple[int, pygame.Rect] | None
    #: a move accepted and not yet played (the picture is behind the game)?
    landing: bool
    dialog: Any  # the layout's DialogBox over the table, or None
    #: the cards lit as playable while nothing is dragged (asked when painted)
    lit: Callable[[], set[int]]
    panel: PanelView
    #: the message strip's messages: (text, colour)
    messages: tuple[tuple[str, tuple], ...]
    #: where the hinted move is (its card, its target, its button)
    hint_rects: list[pygame.Rect]
    #: the thinking bar's place and how full it is (None: a pulse), or None
    thinking: tuple[pygame.Rect, float | None] | None
    handover: Handover | None
    gameover: GameOver | None  # (only while it is shown)
    help: Help | None
    #: ``pygame.time.get_ticks()`` as the frame began
    ticks: int
    #: the size of the card shown while the pointer rests on one
    hover_size: tuple[int, int]
    window: Window
    #: the keyboard's focus, when a key asked for it (None: hidden)
    focus: FocusView | None = None

    @property
    def dragged_card(self) -> int | None:
        return self.pointer.dragged_card
