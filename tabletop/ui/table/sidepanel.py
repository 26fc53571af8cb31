"""The side panel's contents: the status box's lines, the buttons of the moves a button
makes, the message strip and the log under them; and the words and buttons of what
covers the table (hand-over, game over, help) (a mixin of
:class:`~tabletop.ui.table.scene.TableScene`: it lays them out and words them; the
renderer draws them from the frame, :mod:`.frame`)."""

from __future__ import annotations

import pygame

from ...engine.moves import Move, seat_label
from .. import text, theme
from ..widgets import Button, Row, ScrollList
from .covers import gameover_box, handover_box, place_gameover_buttons
from .frame import GameOver, Handover, Help, PanelWords
from .layout import seat_title
from .log import readable
from .messages import SIZE, SIZES, SPACE, message_h, two_lines
from .overlays import HINT_COLOR


class TableSidePanel:
    """Lays out and words the side panel of :class:`~tabletop.ui.table.scene.TableScene`
    (whose attributes it uses)."""

    #: where the message strip is (laid out with the panel's buttons)
    message_rect = pygame.Rect(0, 0, 0, 0)
    #: the messages the strip was laid out for
    _laid_messages: tuple = ()
    #: the text size the strip was laid out with
    _message_size = SIZE
    #: how much lower the status box is for a heading wrapped over more than one line
    heading_extra = 0

    def _place_tools(self, size: tuple[int, int], scale: float) -> None:
        """The panel at the right of a window of ``size`` and its tool buttons (in two
        rows when the panel is narrow), the log under them."""
        w, h = size
        pw = self.layout_obj.panel_px(size)
        self.panel_rect = pygame.Rect(w - pw, 0, pw, h)
        x = self.panel_rect.left + 10
        labels = [("Undo", self.undo, "Take back your last move (Ctrl+Z)"),
                  ("Redo", self.redo, "Play the move again (Ctrl+Y)"),
                  ("Save", self.writes.save_copy, "Keep a copy of this game to load later"),
                  ("Rules", self.toggle_help, "How to play"),
                  ("Hint", self.ask_hint, "What would the computer play here? (H)"),
                  ("Menu", self.to_menu, "Back to the main menu (the game is saved)")]
        per_row = len(labels)
        bw = (pw - 20 - (per_row - 1) * 5) // per_row
        if bw < 52:  # a narrow panel: the buttons in two rows
            per_row = (len(labels) + 1) // 2
            bw = (pw - 20 - (per_row - 1) * 5) // per_row
        #: how far the panel's heading and status box move down for a second row of buttons
        self.panel_top = theme.ui(36) if per_row < len(labels) else 0
        self.tools = []
        for i, (label, fn, tip) in enumerate(labels):
            row, col = divmod(i, per_row)
            self.tools.append(Button((x + col * (bw + 5), 10 + theme.ui(36) * row, bw,
                                      theme.ui(30)), label, fn,
                                     size=13, tooltip=tip))
        self.log_list.rect = pygame.Rect(x, 0, pw - 20, 10)

    def _build_buttons(self) -> None:
        x = self.panel_rect.left + 10
        pw = self.panel_rect.w - 20
        y = self.status_bottom = self._status_bottom()
        moves = [m for m in self.offered() if self.kit.gestures.gesture(m) == "button"]
        built = self.session.changes
        made = [(self.game.text.describe(self.state, m), m) for m in moves]
        made = [(label, m, *button_height(label, pw)) for label, m in made]
        online = [(label, fn, *button_height(label, pw)) for label, fn in self.online_buttons()]
        chat = self.narration is not None and (self.model.remote or bool(self.legal))
        below = sum(h + 6 for *_, h, _ in made + online) + (theme.ui(36) if chat else 0)
        # the game's lines under the status box, as many as leave the moves' buttons room
        # (a short window at a big text size: the moves first)
        room = self.panel_rect.bottom - 16 - y - below - 18
        self.info = []
        if self.handover_to is None:
            for line, color in self.layout_obj.info_lines(self.view):
                h = text.height_of(line, pw - 16, text.line_size(line, pw - 16), line_gap=1.4)
                if h > room:
                    break
                room -= h
                self.info.append((line, color))
        if self.info:
            self.info_rect = pygame.Rect(x, y - 6, pw, 0)
            for line, _ in self.info:
                self.info_rect.h += text.height_of(line, pw - 16, text.line_size(line, pw - 16),
                                                   line_gap=1.4)
            self.info_rect.h += 10
            y = self.info_rect.bottom + 8
        self.buttons = []
        if self.narration is not None:  # (online: the table's chat)
            self.narration.rect = pygame.Rect(x, y, pw, theme.ui(30))
            self.narration.visible = chat
            if not self.model.remote:
                self.narration.placeholder = self.game.text.narration_prompt(self.state,
                                                                             self.viewer)
            if self.narration.visible:
                y += theme.ui(36)
        for label, m, h, size in made:
            self.buttons.append(Button((x, y, pw, h), label,
                                       lambda m=m: self.input_move(m, built=built),
                                       primary=self.game.text.primary(m), size=size,
                                       key=m.kind, wrap=h > theme.ui(34)))
            y += h + 6
        for label, fn, h, size in online:
            self.buttons.append(Button((x, y, pw, h), label, fn, size=size,
                                       wrap=h > theme.ui(34)))
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
        bw, bh = theme.ui(96), theme.ui(24)
        self.latest_button.rect = pygame.Rect(r.right - bw - 8, r.bottom - bh - 6, bw, bh)

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
                status += f" ({self.waiting_word(actor)}\u2026)"
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
        w = self.panel_rect.w - 38
        h = sum(text.height_of(line, w, text.line_size(line, w, 15, "bold"), "bold", 1.3)
                for line in self._status_lines())
        turn = self.turn_line()
        if turn:
            h += text.height_of(turn, self.panel_rect.w - 38, 13, "bold") + 4
        heading = self.panel_words().heading
        width = self.panel_rect.w - 24
        self.heading_extra = text.height_of(heading, width, 13, "bold") - \
            text.height_of("", width, 13, "bold")
        return theme.ui(70) + self.panel_top + self.heading_extra + 7 + h + 14

    def _latest_shown(self) -> bool:
        """Is the "Latest" button over the log (the log scrolled back)?"""
        return not self.game_log.following and self.log_list.max_offset() > 0 and \
            self.handover_to is None

    def _narration_shown(self) -> bool:
        """Is the narration line under the status box?"""
        return self.narration is not None and self.narration.visible and \
            self.handover_to is None

    # -- what the keyboard reaches (:mod:`.keyboard`) ----------------------------------------
    @property
    def handover_button(self) -> Button:
        """The hand-over screen's button (shows the next player's cards)."""
        return self._handover_button

    @property
    def gameover_buttons(self) -> list[Button]:
        """The game-over panel's buttons (placed when the panel is shown)."""
        return self._gameover_buttons

    def narration_shown(self) -> bool:
        """Is the narration line (online: the chat) under the status box?"""
        return self._narration_shown()

    def _enable_tools(self) -> None:
        """Undo, Redo and Hint only when they can be used (not while the screen is
        passed on)."""
        handing = self.handover_to is not None
        for b in self.tools:
            b.enabled = True
        self.tools[0].enabled = self.model.can_undo() and not handing
        self.tools[1].enabled = self.model.can_redo() and not handing
        for b in self.tools:
            if b.label == "Hint":
                b.enabled = self.can_hint() and not self.hint_waiting and not handing

    def panel_words(self) -> PanelWords:
        """The panel's heading, turn line and status lines."""
        heading = f"{self.game.info.title} \u00b7 {self.layout_obj.progress(self.state)}"
        return PanelWords(heading, self.turn_line(), self._status_lines())

    def _show_move(self, before, move: Move) -> None:
        """Light the card a computer (or another player) used, with a caption saying
        what it did, for the length of the computer's pace."""
        reader = self.viewer if self.hide_hands else None
        caption = readable(self.game.notation.public_notation(before, move, reader))
        name = self._seat_name(move.seat) if move.seat is not None else ""
        if name and caption.startswith(seat_label(move.seat) + " "):
            caption = f"{name} \u2014 {caption[len(seat_label(move.seat)) + 1:]}"
        cards = tuple(c for c in (move.card, move.target) if isinstance(c, int) and c >= 0)
        zones = tuple(t for t in (move.target,) if isinstance(t, str))
        self.motion.show(caption, move.seat, cards, zones, self.app.ai_delay)

    # -- the message strip ---------------------------------------------------------------------
    def messages(self) -> tuple[tuple[str, tuple], ...]:
        """The messages to show now: an online table's lines, another player's move, the
        hint, then the table's word."""
        spot = self.motion.spot
        online = self.online_lines()
        keys = self.keys.line()  # what Enter does at the keyboard's focus
        if spot is None and self.hint is None and not self.hint_waiting and \
                not self.toast.active and not online and not keys:
            return ()  # most frames: asked several times a frame, answered at once
        out = online
        if spot is not None and not self.state.over and self.handover_to is None:
            out.append((spot.caption, tuple(theme.seat_color(spot.seat))))
        hint = self.hint_lines() if self.handover_to is None else []
        if hint:
            out.append(("\n".join(hint), HINT_COLOR))
        if self.toast.active:
            out.append((self.toast.message, tuple(self.toast.color)))
        if keys:
            out.append((keys, theme.TEXT))
        return tuple(out)

    def message_height(self, width: int, messages: tuple | None = None,
                       room: int | None = None) -> int:
        """The strip's height at ``width`` for ``messages`` (default: those now), with
        the largest text size whose messages fit ``room`` (chosen for the strip). Measured,
        not painted: it is asked in the frame a message comes."""
        messages = self.messages() if messages is None else messages
        for size in SIZES:
            h = sum(message_h(m, width, size) for m, _ in messages) + \
                SPACE * max(0, len(messages) - 1)
            if room is None or h <= room:
                break
        self._message_size = size
        if self.computers.seats:
            h = max(h, two_lines())
        return h if room is None else min(h, max(room, 0))

    def _check_messages(self) -> None:
        """In a frame: a message came or went: the strip and the log under it are placed
        again (measured, not painted; the buttons above them stay as they are)."""
        now = self.messages()
        if now != self._laid_messages:
            self._place_log()

    # -- what covers the table -----------------------------------------------------------------
    def toggle_help(self) -> None:
        from ...games.help import rules_help

        self.help_open = not self.help_open
        if self.help_open:
            w, h = self.size
            rect = pygame.Rect(w // 2 - 330, 40, 660, h - 80)
            rows = [Row([(line, color, style)]) for line, color, style in
                    _help_rows(rules_help(self.game.info.id))]
            self.help_list = ScrollList((rect.left + 10, rect.top + 50, rect.w - 20,
                                         rect.h - 80), rows, size=15)
            self.help_rect = rect

    def _help(self) -> Help | None:
        if not self.help_open:
            return None
        return Help(f"How to play {self.game.info.title}", self.help_rect, self.help_list)

    def _place_handover(self) -> None:
        """The hand-over screen's button, placed as the screen is laid out (a click
        before its first frame finds it where it will be drawn)."""
        if self.handover_to is None:
            return
        box = handover_box(self.layout_obj, self.size)
        self._handover_button.rect = pygame.Rect(box.centerx - 150, box.top + 130, 300, 46)
        self._handover_button.label = \
            f"Show {self.session.seats[self.handover_to].name}'s cards"

    def _handover(self) -> Handover | None:
        seat = self.handover_to
        if seat is None:
            return None
        return Handover(seat, self._seat_name(seat), self._handover_button)

    @property
    def gameover_shown(self) -> bool:
        """Is the game-over panel up (the game over, and not dismissed to review it)?"""
        return self.state.over and not self._review

    def _gameover(self) -> GameOver | None:
        """The game-over panel as shown now (None: it is not): its title, the result and
        its buttons, placed."""
        if not self.gameover_shown:
            return None
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
        if not self._gameover_buttons:
            self._gameover_buttons = [
                Button((0, 0, 170, 40), "Main menu", self.to_menu, size=15),
                Button((0, 0, 170, 40), "Save the log", self.writes.export_log, size=15),
                Button((0, 0, 170, 40), "Review table", self.dismiss_gameover, size=15),
            ]
        place_gameover_buttons(self._gameover_buttons, gameover_box(self.layout_obj, self.size))
        return GameOver(title, getattr(s, "result", ""), self._gameover_buttons)

    def hover_size(self) -> tuple[int, int]:
        """The size of the card shown while the pointer rests on a card."""
        s = self.layout_obj.scale
        return int(250 * s), int(350 * s)

    def _seat_name(self, seat: int) -> str:
        """A seat as every part of the table names it (``P2 Bo``)."""
        return seat_title(self.session, seat)

    def _build_log(self) -> None:
        reader = -1 if self.handover_to is not None else self.viewer
        self.game_log.sync(self.session, reader)
        self._log_due = False


def button_height(label: str, width: int) -> tuple[int, int]:
    """A panel button's height and text size for ``label``: one line at 15 px (13 px at
    least), else the lines it wraps into at 14 px (a long label is never shrunk small);
    at the player's text size."""
    inner = width - 12
    least = max(9, round(13 / theme.text_scale))  # (13 px, at a bigger text size too)
    if text.fits(label, (0, 0, inner, theme.ui(30)), 15, "bold", min_size=least):
        return theme.ui(34), 15
    return text.height_of(label, inner, 14, "bold") + 14, 14


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
