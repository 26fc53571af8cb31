"""The lesson's table: the real table of the game (:class:`~tabletop.ui.table.TableScene`)
with the lesson over it (:class:`~.guide.LessonGuide`)."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.lesson import Lesson, LessonProgress, LessonRun
from ..app import Scene
from ..kits import kit_for
from ..table import TableScene
from .guide import LessonGuide


class LessonTable(LessonGuide, TableScene):
    """A table showing a lesson's session from the learner's seat, never autosaved."""

    def __init__(self, run: LessonRun, progress: LessonProgress,
                 closing: Callable[[Lesson], Scene]) -> None:
        super().__init__(run.session, kit_for(run.lesson.game), autosave=None,
                         hide_hands=True)
        self.begin_lesson(run, progress, closing)
