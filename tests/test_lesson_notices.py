"""A lesson goes on past a notice that stops the table and asks no move (OverPower's
end-of-battle summary): the lesson's table passes it by and points at the next step's
move, which the learner then makes with the mouse."""

from __future__ import annotations

from test_lessons import app, one_step, open_chooser, start_lesson, wait  # noqa: F401

from tabletop import LESSONS_DIR
from tabletop.engine.lesson import LessonProgress, progress_path, read_lesson
from tabletop.engine.paths import user_data


def _first_step_of_battle_2() -> int:
    """The step of the OverPower lesson that comes just after its first battle ends."""
    lesson = read_lesson(LESSONS_DIR / "overpower.yaml")
    return next(i for i, s in enumerate(lesson.steps) if s.move.startswith("P1 keep"))


def test_the_end_of_battle_summary_does_not_stop_the_lesson(app):  # noqa: F811
    step = _first_step_of_battle_2()
    progress_path(user_data()).write_bytes(LessonProgress({"overpower": step}).to_json())
    open_chooser(app)
    scene = start_lesson(app, "overpower", "Resume")
    assert scene.state.summary and scene.state.battle == 2  # a battle just ended
    wait(app, lambda: scene.lesson_aim() is not None, 200)
    assert scene.dialog is not None and not scene.dialog.d.modal  # the keep question
    assert scene.lesson_aim().move.kind == "keep"
    one_step(app, scene)
    assert scene.run.step == step + 1
    assert [c for c in scene.state.zones["hand.0"] if scene.state.name(c) == "Fighting 2"]
