"""The replay viewer: a kept game's table, read-only, stepped through move by move.

It is the real table (:class:`~tabletop.ui.table.scene.TableScene`: the game's layout,
card painters, panel and log), shown through a :class:`~.model.ReplayModel`, so a
position looks as it did in the game. What differs: the panel's tools step through the
moves (first, back, play/pause, forward, last), a slider jumps to any move, a row of
buttons chooses whose view is shown (each seat's hides what that seat could not see;
"All cards" shows everything, for a finished game only), the log holds the whole game
with the position shown lit (click a line to go there). Left/Right step, Home/End go to
the set-up or the last move, Space plays or pauses, Esc closes. Cards can be looked at
(the pointer resting on one, a right click) but never picked up, and no move is offered.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from ...engine.moves import seat_label
from ...engine.session import Session
from .. import text, theme
from ..kit import UiKit
from ..table.log import GameLog
from ..table.scene import TableScene
from ..widgets import Button, ScrollList
from .model import ReplayModel
from .slider import KNOB, LABEL_H, MoveSlider

#: seconds between two moves while the replay plays
PLAY_PACE = 1.0
#: the height of a seat button and of the words above them
SEAT_H = 28
CAPTION_H = 18


class ReplayLog(ScrollList):
    """The game's whole log with the row of the position shown (``current``) lit."""

    current = 0

    def show(self, index: int) -> None:
        """Light row ``index`` and scroll it into the middle of the list."""
        if index != self.current:
            self.current = index
            self.version += 1  # the cached picture of the log is old
        top = sum(r.height for r in self.rows[:index])
        row_h = self.rows[index].height if index < len(self.rows) else 0
        self.offset = max(0, min(self.max_offset(), top + row_h // 2 - self.rect.h // 2))

    def draw(self, surf) -> None:
        super().draw(surf)
        if not self.current < len(self.rows):
            return
        y = self.rect.top + 4 - self.offset + sum(r.height for r in self.rows[:self.current])
        clip = surf.get_clip()
        surf.set_clip(self.rect.inflate(-2, -2))
        pygame.draw.rect(surf, theme.ACCENT, (self.rect.left + 2, y, self.rect.w - 4,
                                              self.rows[self.current].height), 2,
                         border_radius=4)
        surf.set_clip(clip)


class ReplayScene(TableScene):
    """The replay of ``session`` (every move replayed: its states are the positions),
    drawn with its game's ``kit``, first from ``seat``'s view at the last move."""

    def __init__(self, session: Session, kit: UiKit, warnings: list[str] | None = None,
                 seat: int | None = None) -> None:
        if seat is None:  # the first person's seat
            seat = next((i for i, s in enumerate(session.seats) if s.kind == "human"), 0)
        model = ReplayModel(session, seat)
        super().__init__(session, kit, autosave=None, hide_hands=True, warnings=warnings,
                         model=model)
        self.computers.seats = set()  # nobody thinks here: no worker is started
        self.narration = None
        self.log_list = ReplayLog((0, 0, 10, 10), size=13, on_pick=self._log_picked)
        self.game_log = GameLog(self.log_list)
        self.slider = MoveSlider((0, 0, 10, 10), model.count, self.go)
        self.playing = False
        self._since_step = 0.0
        self._seat_top = 0
        self._defer_log = False

    @property
    def replay(self) -> ReplayModel:
        return self.model

    # -- moving through the game -------------------------------------------------------------
    def go(self, index: int) -> None:
        """Show the position after ``index`` moves (a step of one glides the cards)."""
        model = self.replay
        before, old = model.state, model.index
        if not model.go(index):
            return
        self.slider.value = model.index
        step = model.index - old
        self.refresh(animate=abs(step) == 1)
        if step == 1:
            self._show_move(before, model.full.moves[old])

    def first(self) -> None:
        self.stop()
        self.go(0)

    def back(self) -> None:
        self.stop()
        self.go(self.replay.index - 1)

    def forward(self) -> None:
        self.stop()
        self.go(self.replay.index + 1)

    def last(self) -> None:
        self.stop()
        self.go(self.replay.count)

    def toggle_play(self) -> None:
        """Play the moves one by one at a readable pace (from the set-up once at the
        end), or pause."""
        if self.playing:
            self.stop()
            return
        if self.replay.index >= self.replay.count:
            self.go(0)
        self.playing = True
        self._since_step = 0.0
        self._label_play()

    def stop(self) -> None:
        if self.playing:
            self.playing = False
            self._label_play()

    def _label_play(self) -> None:
        for b in self.tools:
            if b.key == "play":
                b.label = "Pause" if self.playing else "Play"
        self.invalidate()

    def choose_seat(self, seat: int | None) -> None:
        """Show the game from ``seat``'s view (None: all cards, a finished game only)."""
        if self.replay.show_seat(seat):
            self._defer_log = True  # a new reader's whole log: built between frames
            self.refresh(animate=False)

    def close(self) -> None:
        """Back to the screen the replay was opened from."""
        self.on_quit()
        self.app.pop()

    def _log_picked(self, index) -> None:
        if isinstance(index, int):
            self.stop()
            self.go(index)

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.playing:
            return
        self._since_step += dt
        if self._since_step >= PLAY_PACE and not self.painting:
            self._since_step = 0.0
            if self.replay.index >= self.replay.count:
                self.stop()
            else:
                self.go(self.replay.index + 1)

    # -- input: the replay's keys and controls; the cards are only looked at -----------------
    def handle(self, event) -> None:
        kind = event.type
        if kind == pygame.KEYDOWN:
            self._replay_key(event.key)
            return
        if kind == pygame.TEXTINPUT:
            return
        looking = self.help_open or self.zoom is not None
        if not looking and self.slider.handle(event):
            self.stop()
            return
        if kind == pygame.MOUSEBUTTONUP and event.button == 1 and not looking and \
                self.log_list.rect.collidepoint(event.pos):
            self.log_list.handle(event)  # a line of the log: go there
            return
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1 and not looking:
            self.pointer.mouse = event.pos
            self.hover = None
            self._panel_takes(event)  # the panel's buttons and log, never a card
            return
        super().handle(event)

    def _replay_key(self, key: int) -> None:
        steps = {pygame.K_LEFT: self.back, pygame.K_RIGHT: self.forward,
                 pygame.K_HOME: self.first, pygame.K_END: self.last,
                 pygame.K_SPACE: self.toggle_play}
        if key in steps and not self.help_open:
            steps[key]()
        elif key == pygame.K_ESCAPE:
            if self.zoom is not None or self.help_open:
                self.zoom = None
                self.help_open = False
            else:
                self.close()

    # -- the table's parts, as a replay has them ------------------------------------------------
    def _place_tools(self, size: tuple[int, int], scale: float) -> None:
        """The panel at the right and its tools: the steps, Rules and Close (in two
        rows when the panel is narrow)."""
        w, h = size
        pw = self.layout_obj.panel_px(size)
        self.panel_rect = pygame.Rect(w - pw, 0, pw, h)
        x = self.panel_rect.left + 10
        tools = [("|\u25c0", "first", self.first, "Back to the set-up (Home)"),
                 ("\u25c0", "back", self.back, "One move back (Left arrow)"),
                 ("Pause" if self.playing else "Play", "play", self.toggle_play,
                  "Step through the moves one by one (Space)"),
                 ("\u25b6", "forward", self.forward, "One move on (Right arrow)"),
                 ("\u25b6|", "last", self.last, "The last move (End)"),
                 ("Rules", "rules", self.toggle_help, "How to play"),
                 ("Close", "close", self.close, "Back (Esc)")]
        per_row = len(tools)
        bw = (pw - 20 - (per_row - 1) * 5) // per_row
        if bw < 52:
            per_row = (len(tools) + 1) // 2
            bw = (pw - 20 - (per_row - 1) * 5) // per_row
        self.panel_top = theme.ui(36) if per_row < len(tools) else 0
        self.tools = []
        for i, (label, key, fn, tip) in enumerate(tools):
            row, col = divmod(i, per_row)
            self.tools.append(Button((x + col * (bw + 5), 10 + theme.ui(36) * row, bw,
                                      theme.ui(30)), label, fn, size=13, tooltip=tip, key=key))
        self.log_list.rect = pygame.Rect(x, 0, pw - 20, 10)

    def _enable_tools(self) -> None:
        index, count = self.replay.index, self.replay.count
        on = {"first": index > 0, "back": index > 0, "forward": index < count,
              "last": index < count, "play": self.playing or count > 0}
        for b in self.tools:
            b.enabled = on.get(b.key, True)

    def _build_buttons(self) -> None:
        """The panel under the status box: the slider over the moves, whose view is
        shown (a button per seat, and All cards for a finished game), then the log."""
        super()._build_buttons()  # the game's lines (no move is offered)
        x, pw = self.panel_rect.left + 10, self.panel_rect.w - 20
        y = self._buttons_bottom + 4
        self.slider.rect = pygame.Rect(x, y, pw, theme.ui(LABEL_H) + 2 * KNOB + 2)
        self.slider.count, self.slider.value = self.replay.count, self.replay.index
        y = self.slider.rect.bottom + 8
        self._seat_top = y
        y += theme.ui(CAPTION_H)
        choices: list[tuple[int | None, str]] = [
            (seat, self._seat_name(seat)) for seat in range(len(self.session.seats))]
        if self.replay.finished:
            choices.append((None, "All cards"))
        n = len(choices)  # one row when they fit (three at least, shortened)
        per_row = n if n <= 3 or (pw - 6 * (n - 1)) // n >= 100 else 2
        bw = (pw - 6 * (per_row - 1)) // per_row
        for i, (seat, name) in enumerate(choices):
            row, col = divmod(i, per_row)
            label = name if seat is None or text.width_of(name, 13, "bold") <= bw - 12 \
                else seat_label(seat)  # the name in the tooltip
            rect = (x + col * (bw + 6), y + row * (theme.ui(SEAT_H) + 5), bw, theme.ui(SEAT_H))
            self.buttons.append(Button(rect, label, lambda seat=seat: self.choose_seat(seat),
                                       primary=seat == self.replay.seat, size=13,
                                       tooltip=f"The game as {name} saw it" if seat is not None
                                       else "Every card face up (the game is over)",
                                       key="all" if seat is None else f"seat-{seat}"))
        y += -(-len(choices) // per_row) * (theme.ui(SEAT_H) + 5)
        self._buttons_bottom = y
        self._place_log()

    def _build_log(self) -> None:
        """The whole game's log as the seat shown may read it, the position lit (after
        another seat is chosen, in the time between frames: a long game's log is every
        move worded and wrapped)."""
        if self._defer_log:
            self._defer_log = False
            self._log_due = True
            return
        self.game_log.sync(self.replay.full, self.replay.seat)
        self.log_list.show(self.replay.index)
        self._log_due = False

    def take_cards(self, catalog, refit) -> str:
        """New card data (hot reload) is not taken: a replay shows the game with the
        cards it was played with."""
        return ""

    def _build_dialog(self) -> None:
        self.dialog = None  # nothing is asked of anyone in a replay

    def _latest_shown(self) -> bool:
        return False

    @property
    def gameover_shown(self) -> bool:
        return False  # the status box says how it ended; the table stays in view

    def panel_words(self):
        words = super().panel_words()
        return replace(words, heading=f"Replay \u00b7 {words.heading}")

    def draw(self, surf) -> None:
        super().draw(surf)
        if self.help_open or not self.picture_shown:
            return
        index, count = self.replay.index, self.replay.count
        words = "Set-up" if index == 0 else f"Move {index:,} of {count:,}"
        if index == 0:
            words += f" (then {count:,} move{'s' if count != 1 else ''})"
        self.slider.draw(surf, words)
        text.draw(surf, "Cards as seen by", (self.slider.rect.left, self._seat_top,
                                             self.slider.rect.w, theme.ui(CAPTION_H) - 2), 12,
                  theme.MUTED, "bold")
