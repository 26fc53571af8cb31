"""Learn to play: every lesson file checks out through the rules, and each lesson (a game
may have several) is played through with the mouse as a player would (the pointed card
dragged to the pointed place, the outlined card or button clicked), the wrong move refused by the
rules with the card gliding back, to the closing screen; a lesson left midway resumes
at the same step."""

from __future__ import annotations

import json
import re
import time

import pygame
import pytest
from test_lesson_coverage import seat_kinds
from ui_helpers import by_label, click, drag, key, post

from tabletop import LESSONS_DIR
from tabletop.engine.files import later
from tabletop.engine.lesson import (
    Lesson,
    LessonError,
    check_lesson,
    lesson_files,
    new_session,
    parse_lesson,
    progress_path,
    read_lesson,
    read_progress,
)
from tabletop.engine.paths import user_data
from tabletop.games import GAMES
from tabletop.ui import look, text
from tabletop.ui.lesson.pointing import GO, TRY, arrow_points
from tabletop.ui.lesson.screens import LessonChooser, LessonDone
from tabletop.ui.lesson.table import LessonTable
from tabletop.ui.menu import MainMenu

#: every shipped lesson's id (its file's stem)
LESSON_IDS = [p.stem for p in lesson_files(LESSONS_DIR)]


def kinds(lesson: Lesson) -> frozenset[str]:
    """The kinds of move a lesson must have the learner make: every kind the learner's
    seat makes in random games at the default options (tests/test_lesson_coverage.py)."""
    return seat_kinds(lesson.game, lesson.seat)


def wait(app, until, frames: int = 600) -> None:
    for _ in range(frames):
        if until():
            return
        app.step(0.016)
        time.sleep(0.002)
    raise AssertionError("timed out")


def written() -> None:
    """Every file write asked so far is done (they run one at a time, in order)."""
    later(lambda: None).result(timeout=10)


def open_chooser(app) -> LessonChooser:
    chooser = LessonChooser()
    app.replace(chooser)
    wait(app, lambda: chooser.lessons is not None)
    return chooser


def start_lesson(app, game_id: str, label: str = "Start") -> LessonTable:
    """Click the lesson's button on Learn to play; the table once shown."""
    chooser = app.scene
    button = next(b for b in chooser.buttons() if b.key == f"{game_id}:{label}")
    for _ in range(30):  # a row below the window's fold: the wheel brings it up
        if chooser.box is None or chooser.box.rect.contains(button.rect):
            break
        up = button.rect.top < chooser.box.rect.top
        post(pygame.MOUSEWHEEL, x=0, y=1 if up else -1, flipped=False, force=True)
        app.step(0.016)
    click(app, button.rect.center)
    wait(app, lambda: isinstance(app.scene, LessonTable))
    scene = app.scene
    wait(app, lambda: scene.picture_shown and not scene.painting)
    return scene


def one_step(app, scene: LessonTable) -> tuple[str, object]:
    """The learner does what the table points at; returns (what, the move)."""
    wait(app, lambda: scene.lesson_aim() is not None, 200)
    found = scene.lesson_aim()
    before = scene.session.state
    window = app.screen.get_rect()
    assert all(window.contains(r) for r in found.rects[-1:]), \
        f"the lesson points at {found.rects[-1]}, outside the window {window}"
    panel = scene.lesson_rect()
    assert not any(panel.colliderect(r) for r in found.rects + found.path()), \
        "the panel covers the move's card, place or arrow"
    if scene.size == (1280, 720) and look.theme.text_scale == 1.0:
        assert not any(panel.colliderect(sp.rect) for sp in scene.layout_obj.sprites), \
            "the panel covers a card"
    with text.recording() as drawn:
        app.step(0.016)
    words = [d for d in drawn if panel.contains(d.rect)]
    assert words and not [d.text for d in words if d.overflow], "the panel's words do not fit"
    colour = TRY if found.wrong else GO
    if found.kind == "drag":  # the arrow is drawn over everything, half way along
        x, y = (int(v) for v in arrow_points(found.start, found.end)[12])
        assert any(app.screen.get_at((x + dx, y + dy))[:3] == colour
                   for dx in range(-3, 4) for dy in range(-3, 4))
    ring = found.rects[0].inflate(8, 8).clip(app.screen.get_rect().inflate(-8, -8))
    assert any(app.screen.get_at((x, ring.top + dy))[:3] == colour  # and the outline
               for x in range(ring.left + 12, ring.right - 12) for dy in range(-4, 4))
    if found.kind == "drag":
        drag(app, found.start, found.end)
        if scene.pointer.menu and not found.wrong:  # the drop offers a choice: the
            app.step(0.016)                          # lesson points at the move's entry
            chosen = scene.lesson_aim()
            assert chosen.kind == "click" and chosen.move == found.move
            assert any(entry == chosen.rects[0] for entry, _, _ in scene.pointer.menu)
            click(app, chosen.start)
    else:
        click(app, found.start)
    if found.wrong:
        assert scene.session.state is before, "the wrong move was played"
        assert scene.snap is not None, "the card did not glide back"
        assert scene.toast.message == scene.game.text.explain(before, found.move)
        assert scene.run.wrong_tried and scene.lesson_text() == scene.run.current.wrong.text
        scene.motion.stop()
        return "wrong", found.move
    wait(app, lambda: scene.session.state is not before, 50)
    return found.kind, found.move


@pytest.fixture()
def app():
    from tabletop.ui.app import App

    application = App(headless=True, ai_delay=0.0, mods=False)
    yield application
    look.change(application, text_size="100").result(5)
    application.quit()
    pygame.display.quit()


# -- the files ---------------------------------------------------------------------------------
def test_every_game_has_its_main_lesson_and_a_lessons_id_is_its_files_stem():
    lessons = [read_lesson(p) for p in lesson_files(LESSONS_DIR)]
    assert {lesson.game for lesson in lessons} == set(GAMES)
    assert [lesson.id for lesson in lessons] == LESSON_IDS and set(GAMES) <= set(LESSON_IDS)
    assert all(lesson.game == lesson.id for lesson in lessons if lesson.id in GAMES)
    nemesis = read_lesson(LESSONS_DIR / "hero-vs-nemesis-nemesis.yaml")
    assert (nemesis.game, nemesis.seat, nemesis.id) == \
        ("hero-vs-nemesis", 1, "hero-vs-nemesis-nemesis")


def test_the_coachs_opening_moves_are_played_before_the_first_step(hvn):
    catalog = hvn.rules.load_catalog(mod_dirs=[])
    lesson = read_lesson(LESSONS_DIR / "hero-vs-nemesis-nemesis.yaml")
    session = new_session(lesson, hvn, catalog)
    assert session.notations == list(lesson.opening) and session.state.actor == 1
    head = "game: hero-vs-nemesis\ntitle: N\nclosing: bye\nseat: P2\nposition: {phase: setup}\n"
    steps = "steps: [{text: a, move: P2 lost job}]\n"
    for opening, message in [("[P2 lost job]", "opening[0]: 'P2 lost job' is the learner's"),
                             ("[P1 yield]", "opening[0]: refused: "),
                             ("P1 pass", "opening: expected a list")]:
        with pytest.raises(LessonError, match=re.escape(message)):
            new_session(parse_lesson(head + f"opening: {opening}\n" + steps, "mine.yaml"),
                        hvn, catalog)


@pytest.mark.parametrize("path", lesson_files(LESSONS_DIR), ids=lambda p: p.stem)
def test_every_lesson_file_checks_out_through_the_rules(path):
    lesson = read_lesson(path)
    game = GAMES[lesson.game]
    assert check_lesson(lesson, game, game.rules.load_catalog(mod_dirs=[])) == []
    assert any(step.wrong for step in lesson.steps), "no step invites a wrong move"


@pytest.mark.parametrize("text, message", [
    ("game: brawl\ntitle: B\nsteps: [{text: hi, move: P1 pass}]\n",
     "'closing' is missing"),
    ("game: brawl\ntitle: B\nclosing: bye\nsteps: [{text: hi}]\n", "steps[0]: 'move' is missing"),
    ("game: brawl\ntitle: B\nclosing: bye\nsteps: [{text: hi, move: P1 pass, when: 1}]\n",
     "steps[0]: unknown key 'when'"),
    ("game: brawl\ntitle: B\nclosing: bye\nsteps: []\n", "steps: expected a list of 1 to"),
    ("game: brawl\ntitle: B\nclosing: bye\nseed: x\nsteps: [{text: a, move: P1 pass}]\n",
     "seed: expected a whole number"),
    ("game: brawl\ntitle: B\nclosing: bye\nsteps: [{text: a, move: P1 pass, wrong: {move: "
     "P1 end}}]\n", "steps[0].wrong: 'text' is missing"),
    ("game: [brawl\n", "not valid YAML"),
    ("a: &a [*a, *a]\n" + "b: " + "[" * 60 + "]" * 60 + "\n", "not valid YAML"),
])
def test_a_bad_lesson_file_is_refused_with_where_and_why(text, message):
    with pytest.raises(LessonError) as caught:
        parse_lesson(text, "mine.yaml")
    assert str(caught.value).startswith("mine.yaml: ") and message in str(caught.value)


def test_a_lesson_whose_moves_the_rules_refuse_is_reported(brawl):
    lesson = parse_lesson(
        "game: brawl\ntitle: B\nclosing: bye\nseed: 3\n"
        "position: {turn: P1, hands: {P1: [Solar Storm]}, play: {P1: [Copper Kestrel], "
        "P2: [Iron Mawgrave]}}\n"
        "steps:\n"
        "  - {text: a, move: 'P1 condition \"Solar Storm\"', wrong: {move: 'P1 pass', text: b}}\n"
        "  - {text: c, move: 'P1 resolve'}\n", "mine.yaml")
    problems = check_lesson(lesson, brawl, brawl.rules.load_catalog(mod_dirs=[]))
    assert problems[0] == "mine.yaml: step 1: the wrong move 'P1 pass' is legal"
    assert problems[1].startswith("mine.yaml: step 2: refused: ")


def test_progress_that_cannot_be_used_is_none(tmp_path):
    progress_path(tmp_path).write_text("{not json", encoding="utf-8")
    assert read_progress(tmp_path).steps == {}
    progress_path(tmp_path).write_text(json.dumps({"steps": {"brawl": "x", "hvn": 3},
                                                   "finished": [1, "power-play"]}))
    found = read_progress(tmp_path)
    assert found.steps == {"hvn": 3} and found.finished == {"power-play"}


# -- played with the mouse -----------------------------------------------------------------------
@pytest.mark.parametrize("lesson_id, look_of", [
    pytest.param(lid, look_of, id=f"{lid}-{look_of}")
    for look_of in ("1280x720", "1024x640 at 150%") for lid in LESSON_IDS])
def test_each_lesson_is_played_through_with_the_mouse(app, lesson_id, look_of):
    """(Also in the smallest window at a big text size: every step's words fit.)"""
    if look_of != "1280x720":
        from test_table_fit import resize

        look.change(app, text_size="150")
        resize(app, (1024, 640))
    open_chooser(app)
    scene = start_lesson(app, lesson_id)
    lesson = scene.run.lesson
    assert lesson.id == lesson_id
    made, wrong = [], []
    for _ in range(3 * len(lesson.steps)):
        if not isinstance(app.scene, LessonTable):
            break
        step = scene.run.step
        what, move = one_step(app, scene)
        (wrong if what == "wrong" else made).append(move)
        if what != "wrong":
            assert scene.run.step == step + 1 or isinstance(app.scene, LessonDone)
        wait(app, lambda: isinstance(app.scene, LessonDone) or scene.run.waiting())
    wait(app, lambda: isinstance(app.scene, LessonDone))
    assert len(made) == len(lesson.steps)
    assert len(wrong) == sum(1 for s in lesson.steps if s.wrong)
    assert all(m.seat == lesson.seat for m in made)
    assert kinds(lesson) <= {m.kind for m in made}
    assert app.scene.lesson.closing in lesson.closing
    written()
    progress = read_progress(user_data())
    assert lesson_id in progress.finished and lesson_id not in progress.steps


def test_a_lesson_left_midway_resumes_at_the_same_step(app):
    menu = MainMenu()
    app.replace(menu)
    wait(app, lambda: menu.ready)
    click(app, by_label(menu.buttons, "Learn to play").rect.center)
    wait(app, lambda: isinstance(app.scene, LessonChooser) and app.scene.lessons is not None)
    scene = start_lesson(app, "brawl")
    while scene.run.step < 3:
        one_step(app, scene)
        wait(app, lambda: scene.run.waiting())
    moves = list(scene.session.notations)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu)
    written()
    assert read_progress(user_data()).steps == {"brawl": 3}

    chooser = open_chooser(app)
    assert chooser.row_line("brawl") == f"Left at step 4 of {len(scene.run.lesson.steps)}"
    resumed = start_lesson(app, "brawl", "Resume")
    assert resumed.run.step == 3 and resumed.session.notations == moves
    assert resumed.lesson_text() == resumed.run.lesson.steps[3].text
    one_step(app, resumed)  # and it goes on from there
    assert resumed.run.step == 4

    click(app, next(b for b in resumed.tools if b.label == "Leave").rect.center)
    assert isinstance(app.scene, MainMenu)
    written()
    assert read_progress(user_data()).steps == {"brawl": 4}
    open_chooser(app)
    again = start_lesson(app, "brawl", "Start over")
    assert again.run.step == 0 and again.session.notations == []


def test_learn_to_play_has_a_row_per_lesson_a_games_main_lesson_first(app):
    progress_path(user_data()).write_text(json.dumps(  # an older file: keyed by game
        {"version": 1, "steps": {"hero-vs-nemesis": 2}, "finished": ["brawl"]}))
    chooser = open_chooser(app)
    ids = list(chooser.lessons)
    assert sorted(ids) == sorted(LESSON_IDS)
    assert [i for i in ids if i in GAMES] == list(GAMES)  # the games' order
    assert ids.index("hero-vs-nemesis-nemesis") == ids.index("hero-vs-nemesis") + 1
    with text.recording() as drawn:
        app.step(0.016)
    shown = {d.text for d in drawn}
    assert "Hero vs Nemesis: the nemesis" in shown and "Hero vs Nemesis" in shown
    assert chooser.row_title("hero-vs-nemesis-nemesis")[1].startswith("You play the Nemesis.")
    assert chooser.row_title("hero-vs-nemesis")[1].startswith("You play the Hero.")
    assert chooser.row_line("hero-vs-nemesis").startswith("Left at step 3 of ")
    assert chooser.row_line("brawl").startswith("Finished")
    assert chooser.row_line("hero-vs-nemesis-nemesis").endswith("minutes")
    assert {b.key for b in chooser.buttons() if b.key.startswith("hero-vs-nemesis")} == \
        {"hero-vs-nemesis:Resume", "hero-vs-nemesis:Start over",
         "hero-vs-nemesis-nemesis:Start"}
    scene = start_lesson(app, "hero-vs-nemesis-nemesis")  # the learner is the nemesis
    assert scene.run.lesson.seat == 1 and scene.run.expected().kind == "resource"
    one_step(app, scene)
    click(app, next(b for b in scene.tools if b.label == "Leave").rect.center)
    written()
    assert read_progress(user_data()).steps == {"hero-vs-nemesis": 2,
                                                "hero-vs-nemesis-nemesis": 1}


def test_the_rows_scroll_when_they_do_not_fit_the_window(app):
    from test_table_fit import resize

    chooser = open_chooser(app)
    assert chooser.box is None  # 1280x720: every row shows
    look.change(app, text_size="175")
    resize(app, (1024, 640))
    chooser = open_chooser(app)
    last = chooser.buttons()[-1]
    assert chooser.box is not None and not chooser.box.rect.contains(last.rect)
    assert chooser.box.rect.bottom < chooser.back.rect.top
    for _ in range(10):
        post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, force=True)
        app.step(0.016)
    assert chooser.box.rect.contains(last.rect)
    assert chooser.box.offset == chooser.box.max_offset() > 0


def test_only_the_lessons_move_is_played(app):
    open_chooser(app)
    scene = start_lesson(app, "brawl")
    before = scene.session.state
    # Granite Warden may be picked as well, but the lesson asks for Copper Kestrel
    other = next(m for m in scene.legal if m != scene.run.expected())
    assert scene.input_move(other) is False
    assert scene.session.state is before and "arrow" in scene.toast.message
    scene.undo()
    assert scene.session.state is before and "not taken back" in scene.toast.message


# -- a player's own lessons and the command that checks them ----------------------------------
def test_the_lesson_command_checks_files_through_the_rules(tmp_path, capsys):
    from tabletop.cli import main

    assert main(["lesson"]) == 0
    assert capsys.readouterr().out.count(": OK, ") == len(LESSON_IDS)
    bad = tmp_path / "mine.yaml"
    shipped = (LESSONS_DIR / "brawl.yaml").read_text(encoding="utf-8")
    head, _, tail = shipped.rpartition("move: P1 end")  # the last step's move refused
    bad.write_text(head + 'move: P1 attack "Granite Warden" > "Iron Mawgrave"' + tail,
                   encoding="utf-8")
    assert main(["lesson", str(bad)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"mine.yaml: step {len(read_lesson(bad).steps)}: refused: ")


def test_a_mods_lesson_takes_the_place_of_the_shipped_one(tmp_path):
    from tabletop.engine.lesson import mod_lessons
    from tabletop.ui.app import App

    folder = mod_lessons()
    folder.mkdir(parents=True)
    shipped = (LESSONS_DIR / "brawl.yaml").read_text(encoding="utf-8")
    (folder / "brawl.yaml").write_text(shipped.replace("title: Brawl", "title: My Brawl"),
                                       encoding="utf-8")
    (folder / "brawl-again.yaml").write_text(  # a new id: one more lesson of the game
        shipped.replace("title: Brawl", "title: Brawl again"), encoding="utf-8")
    (folder / "power-play.yaml").write_text(
        (LESSONS_DIR / "power-play.yaml").read_text(encoding="utf-8").replace(
            'move: P1 play "Gale 3"', 'move: P1 end'), encoding="utf-8")
    application = App(headless=True, ai_delay=0.0, mods=True)
    try:
        chooser = open_chooser(application)
        assert chooser.lessons["brawl"].title == "My Brawl"
        ids = list(chooser.lessons)
        assert ids[:2] == ["brawl", "brawl-again"] and len(ids) == len(LESSON_IDS) + 1
        assert chooser.lessons["brawl-again"].title == "Brawl again"
        assert chooser.row_line("power-play").startswith("This lesson cannot be used: "
                                                         "power-play.yaml: step 1: ")
        assert not any(b.key.startswith("power-play:") for b in chooser.buttons())
        assert any(b.key == "brawl:Start" for b in chooser.buttons())
    finally:
        application.quit()


def test_the_modding_guides_example_lesson_checks_out(brawl):
    from pathlib import Path

    guide = (Path(__file__).resolve().parent.parent / "docs" / "modding.md").read_text(
        encoding="utf-8")
    block = guide.split("## Lessons", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    lesson = parse_lesson(block, "example")
    assert check_lesson(lesson, brawl, brawl.rules.load_catalog(mod_dirs=[])) == []


# -- at every text size ----------------------------------------------------------------------
@pytest.mark.parametrize("text_size", ("100", "150", "175"))
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)], ids=["1024x640", "1920x1080"])
def test_the_lesson_screens_fit_at_every_text_size(size, text_size):
    """Learn to play, each game's lesson panel over its table, and the closing screen:
    no text cut or shrunk unreadable, no label over another or under a card, no control
    over another or outside the window."""
    from test_table_fit import resize
    from test_text_size import _widgets_apart, problems_of

    from tabletop.ui import pictures
    from tabletop.ui.app import App

    application = App(size=(1024, 640), headless=True, ai_delay=0.0, mods=False)
    problems: list[str] = []
    try:
        look.change(application, text_size=text_size)
        resize(application, size)
        where = f"at {size[0]}x{size[1]}, {text_size}%"
        chooser = open_chooser(application)
        with text.recording() as drawn:
            application.step(0.016)
        problems += problems_of(drawn, f"Learn to play {where}")
        problems += [f"Learn to play {where}: {p}" for p in _widgets_apart(chooser, size)]
        for game_id in LESSON_IDS:
            open_chooser(application)
            scene = start_lesson(application, game_id)
            scene.renderer.paint_budget = None
            pictures.forget()
            with text.recording() as drawn:
                application.step(0.016)
            panel = scene.lesson_rect()
            problems += problems_of([d for d in drawn if panel.contains(d.rect)],
                                    f"{game_id}'s lesson panel {where}")
            problems += [f"{game_id} {where}: the panel covers the step's card or place"
                         for r in scene.lesson_aim().rects if panel.colliderect(r)]
        done = LessonDone(scene.run.lesson)
        application.replace(done)
        application.step(0.016)
        with text.recording() as drawn:
            application.step(0.016)
        problems += problems_of(drawn, f"the closing screen {where}")
        problems += [f"closing {where}: {p}" for p in _widgets_apart(done, size)]
    finally:
        look.change(application, text_size="100").result(5)
        application.quit()
    assert not problems, f"{len(problems)} problems, e.g.\n" + "\n".join(problems[:20])


def test_the_wrong_move_comes_first_and_a_resumed_lesson_starts_there(app):
    from tabletop.engine.lesson import LessonProgress, start_run

    lesson = read_lesson(LESSONS_DIR / "brawl.yaml")
    at = next(i for i, step in enumerate(lesson.steps) if step.wrong)
    run = start_run(lesson, GAMES["brawl"], app.catalog("brawl"), at)
    scene = LessonTable(run, LessonProgress(), LessonDone)
    app.replace(scene)
    wait(app, lambda: scene.picture_shown and not scene.painting)
    before = scene.session.state
    assert scene.lesson_aim().wrong and scene.lesson_text() == lesson.steps[at].text
    assert scene.input_move(run.expected()) is False  # legal, but the lesson waits
    assert scene.session.state is before and scene.toast.message.startswith("First try")
    one_step(app, scene)  # the wrong move, refused
    assert scene.lesson_aim().move == run.expected() and not scene.lesson_aim().wrong


def test_learn_to_play_works_from_the_keyboard(app):
    chooser = open_chooser(app)
    key(app, pygame.K_TAB)  # the focus on the first lesson's Start
    key(app, pygame.K_RETURN)
    wait(app, lambda: isinstance(app.scene, LessonTable))
    assert app.scene.run.lesson.game == next(iter(GAMES)) and chooser.opening is None
    key(app, pygame.K_ESCAPE)  # Esc leaves the lesson for the main menu
    assert isinstance(app.scene, MainMenu)
