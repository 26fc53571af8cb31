"""Opening a saved game whose replay would hold up a frame.

A save is every move of its game, replayed through the rules when it is opened: about
0.04-0.1 ms a move, so a game of several hundred moves would take more than the click's
frame. The click replays as much as :data:`CLICK_BUDGET` allows; if moves remain, this
screen shows how far the replay has come while it goes on between frames (the app loop's
``spare`` time), and opens the table once every move has replayed. A frame replays only
when no such time came for :data:`~tabletop.ui.table.painting.PAINT_WAIT` frames, for at
most :data:`FRAME_BUDGET` of CPU. A move the rules refuse takes the player back to the
screen the game was opened from, with the message; nothing of the game is kept (the save
is remembered as one that does not open, :mod:`.savemarks`; Continue then shows the load
screen with it marked). Esc goes back too.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from ..engine.saves import Replay, SaveError
from ..engine.session import Session
from . import text, theme
from .app import Scene, background
from .table.painting import PAINT_WAIT
from .widgets import panel

#: the CPU time the click that opens a game may spend replaying it (what is left of its
#: frame reads the save and builds the table, 2-6 ms: a game that replays within it opens
#: at once, as before)
CLICK_BUDGET = 0.004
#: the CPU time, from its start, a frame replays for when no time between frames came
FRAME_BUDGET = 0.003


def replay_opened(app, replay: Replay, opened: Callable[[Session, list[str]], None],
                  refused: Callable[[str], None]) -> None:
    """Replay ``replay`` within the click's budget, then open the game (``opened``, with
    the session and its warnings) or, when moves remain, show the opening screen, which
    replays the rest and then does. ``refused`` gets the message of a save refused
    (a move the rules refuse)."""
    start = time.thread_time()
    try:
        done = replay.run(stop=lambda: time.thread_time() - start >= CLICK_BUDGET)
        if done:
            opened(*replay.result())
            return
    except SaveError as exc:
        refused(str(exc))
        return
    app.push(Opening(replay, opened, refused))


class Opening(Scene):
    """The screen shown while a long saved game replays (see the module docstring)."""

    def __init__(self, replay: Replay, opened: Callable[[Session, list[str]], None],
                 refused: Callable[[str], None]) -> None:
        self.replay = replay
        self.opened = opened
        self.refused = refused
        self.waited = 0  # frames since time between frames last replayed
        self.box = pygame.Rect(0, 0, 460, 150)

    @property
    def title(self) -> str:
        return f"Opening {self.replay.session.game.info.title}" \
            if self.replay.session is not None else "Opening the game"

    def layout(self, size: tuple[int, int]) -> None:
        self.box.center = (size[0] // 2, size[1] // 2)

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()  # nothing of the game is kept

    def spare(self, end: float) -> None:
        """Between frames: replay until ``end``."""
        if not self.replay.finished:
            self.waited = 0
            self._replay(lambda: time.perf_counter() >= end)

    def update(self, dt: float) -> None:
        """Open the table once every move has replayed (this frame builds it); replay
        within :data:`FRAME_BUDGET` when no time between frames came for a while."""
        if self.replay.finished:
            self._open()
        elif self.waited >= PAINT_WAIT:
            start = self.app.frame_cpu or time.thread_time()
            self._replay(lambda: time.thread_time() - start >= FRAME_BUDGET)
        else:
            self.waited += 1

    def _replay(self, stop: Callable[[], bool]) -> None:
        try:
            self.replay.run(stop)
        except SaveError as exc:
            self._refuse(exc)

    def _open(self) -> None:
        try:
            session, warnings = self.replay.result()
        except SaveError as exc:
            self._refuse(exc)
            return
        self.opened(session, warnings)

    def _refuse(self, exc: SaveError) -> None:
        """Back to the screen the game was opened from, with the message."""
        self.app.pop()
        self.refused(str(exc))

    def draw(self, surf: pygame.Surface) -> None:
        background(surf)
        box = self.box
        panel(surf, box, theme.PANEL, 240, theme.ACCENT)
        inner = box.inflate(-60, 0)
        # (the menu's sizes of text: their fonts are loaded already)
        text.draw(surf, self.title, pygame.Rect(inner.left, box.top + 22, inner.w, 30), 18,
                  theme.TEXT, "bold")
        done, total = self.replay.done, max(1, self.replay.total)
        text.draw(surf, f"Replaying move {done:,} of {total:,}",
                  pygame.Rect(inner.left, box.top + 60, inner.w, 22), 15, theme.MUTED)
        bar = pygame.Rect(inner.left, box.top + 94, inner.w, 14)
        pygame.draw.rect(surf, theme.PANEL_LINE, bar, border_radius=7)
        pygame.draw.rect(surf, theme.ACCENT, (bar.left, bar.top, bar.w * done // total, bar.h),
                         border_radius=7)
        text.draw(surf, "Esc: back", pygame.Rect(inner.left, box.bottom - 32, inner.w, 20),
                  15, theme.MUTED, align="right")
