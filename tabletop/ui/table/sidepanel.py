"""The side panel's contents: the status box's lines, the buttons of the moves a button
makes, the message strip and the log under them (a mixin of
:class:`~tabletop.ui.table.scene.TableScene`)."""

from __future__ import annotations

import pygame

from .. import text
from ..widgets import Button
from .layout import seat_title


class TableSidePanel:
    """Lays out and words the side panel of :class:`~tabletop.ui.table.scene.TableScene`
    (whose attributes it uses)."""

    def _build_buttons(self) -> None:
        x = self.panel_rect.left + 10
        pw = self.panel_rect.w - 20
        y = self.status_bottom = self._status_bottom()
        self.info = self.layout_obj.info_lines(self.view) if self.handover_to is None else []
        if self.info:
            self.info_rect = pygame.Rect(x, y - 6, pw, 0)
            for line, _ in self.info:
                self.info_rect.h += text.height_of(line, pw - 16, 14, line_gap=1.4)
            self.info_rect.h += 10
            y = self.info_rect.bottom + 8
        self.buttons = []
        if self.narration is not None:
            self.narration.rect = pygame.Rect(x, y, pw, 30)
            self.narration.visible = bool(self.legal)
            self.narration.placeholder = self.game.text.narration_prompt(self.state, self.viewer)
            if self.narration.visible:
                y += 36
        moves = [m for m in self.offered() if self.kit.gestures.gesture(m) == "button"]
        built = self.session.changes
        for m in moves:
            label = self.game.text.describe(self.state, m)
            primary = self.game.text.primary(m)
            h, size = button_height(label, pw)
            self.buttons.append(Button((x, y, pw, h), label,
                                       lambda m=m: self.input_move(m, built=built),
                                       primary=primary, size=size, key=m.kind, wrap=h > 34))
            y += h + 6
        self._buttons_bottom = y
        self._place_log()

    def _place_log(self) -> None:
        """The message strip under the panel's buttons, as tall as its messages, and the
        log in the rest (cheap: redone in the frame a message comes or goes)."""
        x, pw, y = self.panel_rect.left + 10, self.panel_rect.w - 20, self._buttons_bottom
        messages = self.message_height(pw, room=self.panel_rect.bottom - y - 16)
        self.message_rect = pygame.Rect(x, y + 6, pw, messages)
        if messages:
            y += messages + 6
        self._laid_messages = self.messages()
        log_h = self.panel_rect.bottom - y - 16
        if log_h < 30:  # a message takes the log's room while it is shown
            log_h = 0
        self.log_list.rect = pygame.Rect(x, y + 6, pw, log_h)
        self.log_list.settle()
        r = self.log_list.rect
        self.latest_button.rect = pygame.Rect(r.right - 104, r.bottom - 30, 96, 24)

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

    def turn_line(self) -> str:
        """Whose turn it is and who must act now, said the same way in every game: the
        panel's heading (the table's seat captions use :meth:`Layout.seat_caption`)."""
        s = self.state
        if s.over:
            return "The game is over"
        if self.handover_to is not None:
            return f"Next: {self._seat_name(self.handover_to)}"
        if s.seats < 2 or s.current is None:
            return ""
        turn = f"{self._seat_name(s.current)}'s turn"
        actor = s.actor
        if actor is not None and actor != s.current:
            return f"{turn} \u00b7 {self._seat_name(actor)} to act"
        return turn

    def _status_bottom(self) -> int:
        """The bottom of the status box (its turn line and status lines, measured)."""
        h = sum(text.height_of(line, self.panel_rect.w - 38, 15, "bold", 1.3)
                for line in self._status_lines())
        turn = self.turn_line()
        if turn:
            h += text.height_of(turn, self.panel_rect.w - 38, 13, "bold") + 4
        return 70 + self.panel_top + 7 + h + 14

    def _seat_name(self, seat: int) -> str:
        """A seat as every part of the table names it (``P2 Bo``)."""
        return seat_title(self.session, seat)

    def _build_log(self) -> None:
        reader = -1 if self.handover_to is not None else self.viewer
        self.game_log.sync(self.session, reader)
        self._log_due = False


def button_height(label: str, width: int) -> tuple[int, int]:
    """A panel button's height and text size for ``label``: one line at 15 px (13 px at
    least), else the lines it wraps into at 14 px (a long label is never shrunk small)."""
    inner = width - 12
    if text.fits(label, (0, 0, inner, 30), 15, "bold", min_size=13):
        return 34, 15
    return text.height_of(label, inner, 14, "bold") + 14, 14
