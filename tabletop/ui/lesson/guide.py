"""The lesson over a real table (a mixin of :class:`~.table.LessonTable`, before
:class:`~tabletop.ui.table.TableScene`): it lets through only the step's move, notices
the wrong move's refusal, plays the coach's scripted answers, keeps the progress and
draws the pointer and the lesson's panel.

The table does the rest as in any game: the gestures, the drop policy (a drop off the lit
places glides back and the game names the rule), the rules' refusals.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...engine.files import write_later
from ...engine.lesson import Lesson, LessonProgress, LessonRun, progress_path
from ...engine.moves import IllegalMove, Move, seat_label
from ...engine.paths import user_data
from .. import text, theme
from ..app import Scene
from ..widgets import panel
from .placing import place_panel
from .pointing import Aim, aim, draw_aim


class LessonGuide:
    """See the module docstring. Set up with :meth:`begin_lesson`."""

    run: LessonRun
    progress: LessonProgress
    #: the lesson's last word: why the wrong move was refused ("" for none)
    explained = ""
    #: seconds since the last scripted answer (they come at the computer's pace)
    reply_wait = 0.0
    _aim_key: tuple | None = None
    _aim: Aim | None = None
    _place_key: tuple | None = None
    _place: pygame.Rect
    _closing_shown = False

    def begin_lesson(self, run: LessonRun, progress: LessonProgress,
                     closing: Callable[[Lesson], Scene]) -> None:
        """Follow ``run``, keeping where it is in ``progress``; ``closing(lesson)`` is the
        screen shown when it is done."""
        self.run = run
        self.progress = progress
        self.closing = closing
        self.computers.seats = set()  # the coach's moves are the script's, not a worker's

    # -- the lesson's state -----------------------------------------------------------------
    @property
    def lesson_id(self) -> str:
        return self.run.lesson.id

    def lesson_text(self) -> str:
        """What the lesson's panel says now."""
        run = self.run
        if run.finished:
            return run.lesson.closing
        if run.replies:
            return "The coach plays\u2026"
        if self.explained:
            return self.explained
        return run.current.text

    def lesson_aim(self) -> Aim | None:
        """What the table points at now (None while the coach answers)."""
        run = self.run
        if not run.waiting() or self.state.actor != run.lesson.seat or self.landing:
            return None
        key = (self.session.changes, self.layout_gen, run.wrong_tried, len(self.pointer.menu),
               tuple(b.rect.topleft for b in self.buttons))
        if key != self._aim_key:
            wrong = run.wrong()
            move = wrong if wrong is not None else run.expected()
            self._aim_key, self._aim = key, aim(self, move, wrong is not None)
        return self._aim

    def save_progress(self) -> None:
        """Where the learner is, written in the background (atomically)."""
        run, progress = self.run, self.progress
        if run.finished:
            progress.steps.pop(self.lesson_id, None)
            progress.finished.add(self.lesson_id)
        elif run.step > 0:
            progress.steps[self.lesson_id] = run.step
        else:
            progress.steps.pop(self.lesson_id, None)
        write_later(progress_path(user_data()), progress.to_json())

    # -- what the table does differently ------------------------------------------------------
    def input_move(self, move: Move, held=None, built: int | None = None) -> bool:
        """Only the step's move is played (the wrong move is refused by the rules before
        it comes here: it is not a lit place)."""
        run = self.run
        if not run.waiting():
            self.toast.show("Wait for the coach's move.")
            return False
        if run.wrong() is not None:
            self.toast.show("First try the move the arrow shows: the rules refuse it, and "
                            "the lesson says why.")
            return False
        if move != run.expected():
            self.toast.show("In this lesson, make the move the arrow shows: "
                            f"{self.game.text.describe(self.state, run.expected())}.")
            return False
        return super().input_move(move, held, built)

    def say(self, message: str) -> None:
        """A drop refused with the rule: the wrong move of the step, if it is that one."""
        super().say(message)
        wrong = self.run.wrong()
        if wrong is not None and message == self.game.text.explain(self.state, wrong):
            self.run.wrong_tried = True
            self.explained = self.run.current.wrong.text

    def play_now(self, move: Move, source) -> bool:
        played = super().play_now(move, source)
        if played and self.run.played(move):
            self.explained = ""
            self.toast.message = ""  # the refusal the lesson explained is behind us
            self.reply_wait = 0.0
            if not self.run.replies:
                self.save_progress()
        return played

    def undo(self) -> None:
        self.toast.show("Moves are not taken back in a lesson: Start over from Learn to "
                        "play instead.", theme.ACCENT)

    def redo(self) -> None:
        self.undo()

    def ask_hint(self) -> None:
        self.toast.show("The arrow and the outline show the lesson's move.", theme.ACCENT)

    def to_menu(self) -> None:
        """Leave (Esc, Menu, Leave lesson): the step reached is kept to resume."""
        self.land_now()
        self.save_progress()
        super().to_menu()

    def update(self, dt: float) -> None:
        super().update(dt)
        run = self.run
        if run.replies and self.landing is None:
            self.reply_wait += dt
            if self.reply_wait >= self.app.ai_delay:
                self._play_reply()
        elif run.finished and not self._closing_shown and self.landing is None:
            self.reply_wait += dt
            if self.reply_wait >= self.app.ai_delay:
                self._closing_shown = True
                self.save_progress()
                self.on_quit()
                self.app.replace(self.closing(run.lesson))

    def _play_reply(self) -> None:
        """The coach's next scripted answer, sent to the session."""
        self.reply_wait = 0.0
        before = self.state
        try:
            move = self.run.next_reply()
            self.model.play(move)
        except (IllegalMove, ValueError) as exc:  # a lesson file that checks failed
            self.run.replies = []
            self.toast.show(f"The lesson's script went wrong: {exc}")
            return
        self.run.reply_played()
        self.refresh()
        self._show_move(before, move)
        if not self.run.replies:
            self.save_progress()

    def _build_dialog(self) -> None:
        """A notice that stops the table (a modal dialog asking no move, as between two
        battles) is passed by at once: the lesson's next step says what it would."""
        super()._build_dialog()
        box = self.dialog
        if box is not None and box.d.modal and not box.d.moves:
            for action in box.d.actions:
                if action.move is None and action.on_click is not None:
                    action.on_click()
            super()._build_dialog()

    def _place_tools(self, size: tuple[int, int], scale: float) -> None:
        """The table's tools, its Menu button saying it leaves the lesson."""
        super()._place_tools(size, scale)
        for b in self.tools:
            if b.label == "Menu":
                b.label, b.tooltip = "Leave", "Leave the lesson (Esc): it waits for you here"

    # -- drawing -----------------------------------------------------------------------------
    def _text_size(self) -> int:
        w = self.panel_rect.w
        return 17 if w >= 400 else 15 if w >= 300 else 14

    def lesson_rect(self) -> pygame.Rect:
        """The lesson's panel (:mod:`.placing`): in the side panel, or on a free part of
        the table when the side panel has no room for its words."""
        words = self.lesson_text()
        found = self._aim if self._aim_key is not None else None
        pointed = () if found is None else found.rects + found.path()
        key = (words, self.size, self.layout_gen, self.session.changes, self._buttons_bottom,
               self.message_rect.h, None if self.dialog is None else tuple(self.dialog.rect),
               tuple(tuple(r) for r in pointed))
        if key != self._place_key:
            size = self._text_size()

            def need(width: int) -> int:
                return theme.ui(68) + 16 + text.height_of(words, width - 20, size,
                                                            line_gap=1.3)
            self._place_key, self._place = key, place_panel(self, need, pointed)
        return self._place

    def draw(self, surf) -> None:
        super().draw(surf)
        if not self.picture_shown or self.handover_to is not None:
            return
        found = self.lesson_aim()
        self._draw_lesson_panel(surf)
        if found is not None:  # over the panel, should it lie on the table
            draw_aim(surf, found, self.frame_ticks)
        # drawn over the table's picture outside its marks: the next frame copies it whole
        self.renderer.forget_shown()

    def _draw_lesson_panel(self, surf) -> None:
        rect = self.lesson_rect()
        panel(surf, rect, color=(22, 30, 40), alpha=255, border=theme.ACCENT)
        lesson, run = self.run.lesson, self.run
        inner = rect.inflate(-20, -16)
        step = min(run.step + 1, len(lesson.steps))
        line = theme.ui(22)
        title = f"Learn to play \u00b7 {lesson.title}"
        if text.width_of(title, 15, "bold") > inner.w:  # a long title in a narrow panel
            title = lesson.title
        text.draw(surf, title, (inner.x, inner.y, inner.w, line), 15, theme.ACCENT, "bold")
        text.draw(surf, f"Step {step} of {len(lesson.steps)} \u00b7 you are "
                  f"{seat_label(lesson.seat)}", (inner.x, inner.y + line, inner.w, line), 13,
                  theme.MUTED)
        top = theme.ui(68) - 8
        body = pygame.Rect(inner.x, inner.y + top, inner.w, inner.h - top)
        size = self._text_size()
        colour = (255, 200, 190) if self.explained else theme.TEXT
        text.draw(surf, self.lesson_text(), body, size, colour, wrap=True, line_gap=1.3,
                  min_size=11)
