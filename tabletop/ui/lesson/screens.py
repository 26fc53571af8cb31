"""Learn to play's screens: choosing a lesson (start, resume or start over) and the
closing screen of a finished lesson.

The lesson files and the progress are read off the frame (the file thread of
:mod:`tabletop.engine.files`), and so is setting a lesson's table up (a resumed lesson
replays its steps): the frames go on meanwhile.
"""

from __future__ import annotations

from concurrent.futures import Future

import pygame

from ... import LESSONS_DIR
from ...engine.files import later
from ...engine.lesson import (
    Lesson,
    LessonError,
    LessonProgress,
    check_lesson,
    lesson_paths,
    read_lesson,
    read_progress,
    start_run,
)
from ...engine.paths import user_data
from ...games import GAMES
from .. import text, theme
from ..menuscene import draw_focus
from ..screens import Page
from ..widgets import Button, ScrollBox, panel
from .table import LessonTable


def read_lessons(app) -> tuple[dict[str, Lesson | str], LessonProgress]:
    """Every lesson by id (or why it cannot be used), in the games' order, a game's main
    lesson (its id the game's) first, and the progress kept; a mod's lesson is played
    through the rules first (the shipped ones are, by the tests)."""
    found: dict[str, Lesson | str] = {}
    for lid, path in lesson_paths(app.use_mods).items():
        try:
            lesson = read_lesson(path)
            if lesson.game not in GAMES or (lid in GAMES and lesson.game != lid):
                raise LessonError(f"{path.name}: its game is {lesson.game!r}, not "
                                  f"{lid if lid in GAMES else 'one of ' + ', '.join(GAMES)}")
            if path.parent != LESSONS_DIR:
                problems = check_lesson(lesson, GAMES[lesson.game], app.catalog(lesson.game))
                if problems:
                    raise LessonError("; ".join(problems[:2]))
            found[lid] = lesson
        except (LessonError, ValueError, KeyError) as exc:  # (a mod's cards unreadable...)
            found[lid] = str(exc)
    return dict(sorted(found.items(), key=lambda kv: lesson_order(*kv))), \
        read_progress(user_data())


def lesson_order(lid: str, lesson: Lesson | str) -> tuple[int, bool, str]:
    """Where a lesson's row goes: its game's place, the main lesson first, then by id (an
    unreadable lesson at its id's game, else last)."""
    game = lesson.game if isinstance(lesson, Lesson) else lid
    games = list(GAMES)
    return (games.index(game) if game in games else len(games), lid != game, lid)


def first_words(s: str, size: int, width: int) -> str:
    """As many of the words of ``s`` as fit ``width`` on one line (an ellipsis after them
    when some are left out)."""
    if text.width_of(s, size) <= width:
        return s
    words = s.split()
    while words and text.width_of(" ".join(words) + text.ELLIPSIS, size) > width:
        words.pop()
    return " ".join(words).rstrip(",;:") + text.ELLIPSIS


class LessonChooser(Page):
    """One row per lesson: its title, its length and how far the player got; Start, or Resume
    and Start over."""

    title = "Learn to play"

    def __init__(self) -> None:
        super().__init__()
        self.loading: Future | None = None
        self.lessons: dict[str, Lesson | str] | None = None
        self.progress = LessonProgress()
        self.opening: Future | None = None
        self.rows: list[tuple[str, pygame.Rect]] = []
        self.box: ScrollBox | None = None

    def layout(self, size) -> None:
        if self.loading is None:
            self.loading = later(read_lessons, self.app)
        self.place_back(size)
        w, h = size
        left = max(40, w // 2 - 520)
        width = min(1040, w - 2 * left)
        offset = self.box.offset if self.box is not None else 0
        self.widgets, self.rows, self.box = [], [], None
        if self.lessons is None:
            return
        least = theme.ui(26) + 2 * theme.ui(20) + 22
        row_h = max(least, min(max(96, least), (h - 180) // max(1, len(self.lessons))))
        y = 76
        for gid, lesson in self.lessons.items():
            rect = pygame.Rect(left, y, width, row_h - 10)
            self.rows.append((gid, rect))
            bx = rect.right - 12
            bh = min(theme.ui(44), rect.h - 16)
            by = rect.centery - bh // 2
            if isinstance(lesson, Lesson):
                buttons = [("Start", lambda g=gid: self.start(g, 0), True)]
                if gid in self.progress.steps:
                    buttons = [("Resume", lambda g=gid: self.start(g, None), True),
                               ("Start over", lambda g=gid: self.start(g, 0), False)]
                for label, fn, primary in reversed(buttons):
                    bw = theme.ui(150 if w >= 1000 else 124)
                    bx -= bw
                    b = Button((bx, by, bw, bh), label, fn, primary=primary, size=16,
                               key=f"{gid}:{label}")
                    b.enabled = self.opening is None
                    self.widgets.append(b)
                    bx -= 10
            y += row_h
        # more rows than fit above Back (a small window, big text): they scroll
        area = pygame.Rect(left, 76, width, self.back.rect.top - 30 - 76)
        if y - 76 > area.h:
            self.box = ScrollBox(area, self.widgets, y - 76, offset)
            self.widgets = [self.box]

    def buttons(self) -> list[Button]:
        """The rows' buttons (in the scrolling box when there is one)."""
        return list(self.box.widgets if self.box is not None else self.widgets)

    def row_line(self, gid: str) -> str:
        lesson = self.lessons[gid]
        if not isinstance(lesson, Lesson):
            return f"This lesson cannot be used: {lesson}"
        steps = len(lesson.steps)
        if gid in self.progress.steps:
            return f"Left at step {self.progress.steps[gid] + 1} of {steps}"
        if gid in self.progress.finished:
            return f"Finished \u2713 \u00b7 {steps} steps, take it again any time"
        return f"{steps} steps \u00b7 about {max(2, steps // 2)} minutes"

    def row_title(self, lid: str) -> tuple[str, str]:
        """The row's title (the lesson's) and the line under it: the learner's role, where
        the game's seats have roles, and the game's blurb."""
        lesson = self.lessons[lid]
        if not isinstance(lesson, Lesson):
            game = GAMES.get(lid)
            return (game.info.title if game else lid), (game.info.blurb if game else "")
        info = GAMES[lesson.game].info
        if lesson.seat < len(info.seat_roles):
            return lesson.title, f"You play the {info.seat_roles[lesson.seat]}. {info.blurb}"
        return lesson.title, info.blurb

    def start(self, gid: str, step: int | None) -> None:
        """Set the lesson's table up off the frame (``step`` None: where it was left)."""
        if self.opening is not None:
            return
        lesson = self.lessons[gid]
        if step is None:
            step = self.progress.steps.get(gid, 0)
        else:
            self.progress.steps.pop(gid, None)
        catalog = self.app.catalog(lesson.game)
        self.opening = later(start_run, lesson, GAMES[lesson.game], catalog, step)
        self.layout(self.app.screen.get_size())

    def update(self, dt: float) -> None:
        if self.lessons is None and self.loading.done():
            self.lessons, self.progress = self.loading.result()
            self.layout(self.app.screen.get_size())
        if self.opening is not None and self.opening.done():
            opening, self.opening = self.opening, None
            try:
                run = opening.result()
            except LessonError as exc:
                self.toast.show(str(exc))
                self.layout(self.app.screen.get_size())
                return
            self.app.replace(LessonTable(run, self.progress, LessonDone))

    def draw(self, surf) -> None:
        area = self.frame(surf)
        if self.lessons is None:
            text.draw(surf, "Reading the lessons\u2026", area, 18, theme.MUTED)
            return
        clip = surf.get_clip()
        if self.box is not None:
            surf.set_clip(self.box.rect)
        shift = -self.box.offset if self.box is not None else 0
        for gid, at in self.rows:
            rect = at.move(0, shift)
            if not rect.colliderect(surf.get_clip()):
                continue
            panel(surf, rect)
            inner = rect.inflate(-24, -12)
            right = min([b.rect.left for b in self.buttons() if b.key.startswith(f"{gid}:")],
                        default=inner.right + 12) - 12
            words = pygame.Rect(inner.x, inner.y, right - inner.x, inner.h)
            line = theme.ui(20)
            lesson = self.lessons[gid]
            title, blurb = self.row_title(gid)
            text.draw(surf, title, (words.x, words.y, words.w, theme.ui(26)), 20, theme.TEXT,
                      "bold")
            text.draw(surf, first_words(blurb, 14, words.w),
                      (words.x, words.y + theme.ui(26), words.w, line), 14, theme.MUTED)
            colour = theme.BAD if not isinstance(lesson, Lesson) else \
                theme.ACCENT if gid in self.progress.steps else \
                theme.GOOD if gid in self.progress.finished else theme.MUTED
            status = pygame.Rect(words.x, words.y + theme.ui(26) + line, words.w,
                                 words.bottom - words.y - theme.ui(26) - line)
            text.draw(surf, first_words(self.row_line(gid), 13, words.w), status, 13, colour)
        surf.set_clip(clip)
        for widget in self.widgets:
            widget.draw(surf)
        if self.opening is not None:
            w, h = surf.get_size()
            text.draw(surf, "Setting the table\u2026", (0, h - 120, w, 30), 18, theme.ACCENT,
                      align="center")
        draw_focus(self, surf)


class LessonDone(Page):
    """The end of a lesson: what it taught, and where to go next."""

    def __init__(self, lesson: Lesson) -> None:
        super().__init__()
        self.lesson = lesson
        self.title = f"Lesson complete: {lesson.title}"

    def layout(self, size) -> None:
        w, h = size
        x = w // 2 - 200
        self.widgets = [Button((x, h - 150, 190, 50), "More lessons", self.more, primary=True,
                               size=17),
                        Button((x + 210, h - 150, 190, 50), "Main menu", self.app.go_home,
                               size=17)]

    def more(self) -> None:
        self.app.go_home()
        self.app.push(LessonChooser())

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.go_home()
            return
        super().handle(event)

    def draw(self, surf) -> None:
        area = self.frame(surf)
        w, h = surf.get_size()
        box = pygame.Rect(0, 0, min(760, w - 80), 0)
        box.h = text.height_of(self.lesson.closing, box.w - 48, 18, line_gap=1.4) + 48
        box.midtop = (w // 2, area.top + 30)
        panel(surf, box, border=theme.ACCENT)
        text.draw(surf, self.lesson.closing, box.inflate(-48, -48), 18, theme.TEXT, wrap=True,
                  line_gap=1.4)
        for widget in self.widgets:
            widget.draw(surf)
        draw_focus(self, surf)
