"""Lessons: a short guided game of one game on a prepared position (pure Python).

A lesson file (``tabletop/data/lessons/<id>.yaml``, ``docs/modding.md``; a game's main
lesson's id is the game's, others add to it) holds a scenario position
(``docs/scenarios.md``), the coach's opening moves and the steps of the lesson: for each, the text
the panel shows, the learner's move in the game's notation, an optional wrong move the
learner is invited to try first (the rules must refuse it) and the other seats' scripted
answers played after the move. :func:`parse_lesson` reads and checks the file's shape
(safe YAML, size and depth limits); :func:`check_lesson` plays it through the rules;
:class:`LessonRun` follows a lesson being played; :class:`LessonProgress` is where each
lesson was left (``lessons.json`` in the user data folder).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .. import LESSONS_DIR
from . import limits
from .cards import Catalog
from .game import Game
from .info import SeatConfig
from .moves import IllegalMove, Move, NotationError, parse_seat, seat_label
from .nearest import did_you_mean
from .paths import mods_root
from .safe_open import read_regular
from .session import Session
from .yamlio import load as load_yaml
from .yamlio import plain

#: the most steps a lesson may have, and scripted answers after one step
MAX_STEPS = 60
MAX_REPLIES = 40
#: the learner's seat name and the other seats' (their moves are scripted)
LEARNER, COACH = "Rookie", "Coach"

_TOP_KEYS = {"game", "title", "seed", "options", "seat", "position", "opening", "steps",
             "closing"}
_STEP_KEYS = {"text", "move", "wrong", "then"}
_WRONG_KEYS = {"move", "text"}


class LessonError(ValueError):
    """A lesson file that cannot be used; the message names the file and the place."""


@dataclass(frozen=True)
class WrongMove:
    """A move the learner is invited to try, the rules refuse it, and ``text`` says why
    in the lesson's words."""

    move: str
    text: str


@dataclass(frozen=True)
class LessonStep:
    text: str
    move: str
    wrong: WrongMove | None = None
    #: the other seats' moves after ``move``, in order (scripted: the same every time)
    then: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    game: str
    title: str
    steps: tuple[LessonStep, ...]
    closing: str
    seed: int = 1
    options: dict[str, Any] = field(default_factory=dict)
    position: dict[str, Any] = field(default_factory=dict)
    seat: int = 0
    source: str = "lesson"
    #: the lesson's id: its file's stem (a game's main lesson: the game's id)
    id: str = ""
    #: the coach's moves before the first step (a learner's seat that does not move first)
    opening: tuple[str, ...] = ()


def _text(value: Any, where: str, limit: int = limits.MAX_TEXT_CHARS) -> str:
    if not isinstance(value, str) or not value.strip():
        raise LessonError(f"{where}: expected some text, got {limits.quoted(value)}")
    if len(value) > limit:
        raise LessonError(f"{where}: {len(value):,} characters, more than {limit:,}")
    return " ".join(value.split())


def _mapping(value: Any, where: str, keys: set[str], required: set[str]) -> dict:
    if not isinstance(value, dict):
        raise LessonError(f"{where}: expected a mapping, got {limits.quoted(value)}")
    unknown = sorted(str(k) for k in value if k not in keys)
    if unknown:
        raise LessonError(f"{where}: unknown key {unknown[0]!r} (known: "
                          f"{', '.join(sorted(keys))})")
    missing = sorted(required - set(value))
    if missing:
        raise LessonError(f"{where}: {missing[0]!r} is missing")
    return value


def _step(value: Any, where: str) -> LessonStep:
    data = _mapping(value, where, _STEP_KEYS, {"text", "move"})
    wrong = None
    if data.get("wrong") is not None:
        w = _mapping(data["wrong"], f"{where}.wrong", _WRONG_KEYS, _WRONG_KEYS)
        wrong = WrongMove(_text(w["move"], f"{where}.wrong.move", limits.MAX_MOVE_CHARS),
                          _text(w["text"], f"{where}.wrong.text"))
    return LessonStep(_text(data["text"], f"{where}.text"),
                      _text(data["move"], f"{where}.move", limits.MAX_MOVE_CHARS), wrong,
                      _moves(data.get("then") or [], f"{where}.then"))


def _moves(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > MAX_REPLIES:
        raise LessonError(f"{where}: expected a list of at most {MAX_REPLIES} moves")
    return tuple(_text(m, f"{where}[{i}]", limits.MAX_MOVE_CHARS) for i, m in enumerate(value))


def parse_lesson(text: str, source: str = "lesson", lesson_id: str | None = None) -> Lesson:
    """The lesson in ``text`` (YAML), its shape checked; :class:`LessonError` says what
    is wrong and where (``source``: the file's name in messages; ``lesson_id``: the file's
    stem, by default the game's id)."""
    try:
        data = plain(load_yaml(text))
    except yaml.YAMLError as exc:
        raise LessonError(f"{source}: not valid YAML: {exc}") from exc
    try:
        data = _mapping(data, "the lesson", _TOP_KEYS, {"game", "title", "steps", "closing"})
        steps = data["steps"]
        if not isinstance(steps, list) or not 1 <= len(steps) <= MAX_STEPS:
            raise LessonError(f"steps: expected a list of 1 to {MAX_STEPS} steps")
        seed = data.get("seed", 1)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2 ** 63:
            raise LessonError(f"seed: expected a whole number, got {limits.quoted(seed)}")
        for key in ("options", "position"):
            if not isinstance(data.get(key) or {}, dict):
                raise LessonError(f"{key}: expected a mapping")
        try:
            seat = parse_seat(str(data.get("seat", "P1")))
        except NotationError as exc:
            raise LessonError(f"seat: {exc}") from None
        game = _text(data["game"], "game", limits.MAX_NAME_CHARS)
        return Lesson(
            game=game,
            title=_text(data["title"], "title", limits.MAX_NAME_CHARS),
            steps=tuple(_step(s, f"steps[{i}]") for i, s in enumerate(steps)),
            closing=_text(data["closing"], "closing"), seed=seed,
            options=dict(data.get("options") or {}), position=dict(data.get("position") or {}),
            seat=seat, source=source, id=lesson_id or game,
            opening=_moves(data.get("opening") or [], "opening"))
    except LessonError as exc:
        raise LessonError(f"{source}: {exc}") from None


def read_lesson(path: Path) -> Lesson:
    """The lesson file at ``path`` (a regular file within :data:`limits.MAX_LESSON_BYTES`)."""
    try:
        raw = read_regular(path, limits.MAX_LESSON_BYTES)
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LessonError(f"{path.name}: cannot be read: {exc}") from None
    return parse_lesson(text, path.name, path.stem)


def lesson_files(folder: Path) -> list[Path]:
    """The lesson files in ``folder``, by name."""
    return sorted(p for p in folder.glob("*.yaml") if p.is_file())


def mod_lessons() -> Path:
    """Where a player's own lessons are: ``<mods>/lessons/<id>.yaml`` takes the place of
    the shipped lesson with that id, or adds one (the mods on)."""
    return mods_root() / "lessons"


def lesson_paths(use_mods: bool) -> dict[str, Path]:
    """Every lesson file by lesson id: the shipped ones, a mod's in place of the shipped
    one of its id (and a mod's new ones after them)."""
    paths = {p.stem: p for p in lesson_files(LESSONS_DIR)}
    if use_mods:
        paths.update({p.stem: p for p in lesson_files(mod_lessons())})
    return paths


def lesson_seats(game: Game, lesson: Lesson) -> list[SeatConfig]:
    """The learner's seat and the coach's (every other seat, played by the script)."""
    count = game.rules.seat_count(game.rules.normalize_options(lesson.options))
    return [SeatConfig(LEARNER) if i == lesson.seat else SeatConfig(COACH, "computer")
            for i in range(count)]


def new_session(lesson: Lesson, game: Game, catalog: Catalog) -> Session:
    """The lesson's table at its first step (the coach's opening moves played)."""
    try:
        session = Session(game, catalog, lesson.options, lesson.seed,
                          lesson_seats(game, lesson), position=lesson.position)
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise LessonError(f"{lesson.source}: the position cannot be set up: {exc}") from None
    for i, text in enumerate(lesson.opening):
        where = f"{lesson.source}: opening[{i}]"
        try:
            move = game.notation.parse_move(session.state, text)
        except (NotationError, KeyError, ValueError) as exc:
            raise LessonError(f"{where}: {text!r} cannot be read here: {exc}") from None
        if move.seat == lesson.seat:
            raise LessonError(f"{where}: {text!r} is the learner's move")
        try:
            session.play(move)
        except IllegalMove as exc:
            raise LessonError(f"{where}: refused: {exc.reason}") from None
    return session


class LessonRun:
    """A lesson being played on ``session``: the step the learner is at, whether its wrong
    move was tried, the scripted answers still to play."""

    def __init__(self, lesson: Lesson, session: Session) -> None:
        self.lesson = lesson
        self.session = session
        self.step = 0
        #: the wrong move of the step has been tried and refused
        self.wrong_tried = False
        #: the scripted answers of the step just played, not played yet
        self.replies: list[str] = []

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def finished(self) -> bool:
        return self.step >= len(self.lesson.steps) and not self.replies

    @property
    def current(self) -> LessonStep | None:
        return None if self.step >= len(self.lesson.steps) else self.lesson.steps[self.step]

    def waiting(self) -> bool:
        """Is it the learner's move (no scripted answer left to play)?"""
        return not self.replies and self.current is not None

    def _parse(self, text: str, where: str) -> Move:
        try:
            return self.game.notation.parse_move(self.session.state, text)
        except (NotationError, KeyError, ValueError) as exc:
            raise LessonError(f"{self.lesson.source}: {where}: {text!r} cannot be read "
                              f"here: {exc}") from None

    def expected(self) -> Move | None:
        """The learner's move at this step (None while answers are due or at the end)."""
        step = self.current
        if step is None or self.replies:
            return None
        return self._parse(step.move, f"steps[{self.step}].move")

    def wrong(self) -> Move | None:
        """The wrong move the learner is invited to try now, if any."""
        step = self.current
        if step is None or step.wrong is None or self.wrong_tried or self.replies:
            return None
        return self._parse(step.wrong.move, f"steps[{self.step}].wrong.move")

    def played(self, move: Move) -> bool:
        """The learner played ``move`` (already in the session): True when it was the
        step's; its scripted answers are then due."""
        step = self.current
        if step is None or self.replies or move != self._expected_before():
            return False
        self.replies = list(step.then)
        self.wrong_tried = False
        self.step += 1
        return True

    def _expected_before(self) -> Move | None:
        """The step's move, read in the position before the last move."""
        states = self.session.states
        if len(states) < 2:
            return None
        try:
            return self.game.notation.parse_move(states[-2], self.current.move)
        except (NotationError, KeyError, ValueError):
            return None

    def next_reply(self) -> Move:
        """The next scripted answer, read in the position now (not yet played)."""
        return self._parse(self.replies[0], f"steps[{self.step - 1}].then")

    def reply_played(self) -> None:
        self.replies.pop(0)

    def play_reply(self) -> Move:
        """Play the next scripted answer in the session (headless: checks, resuming)."""
        move = self.next_reply()
        self.session.play(move)
        self.reply_played()
        return move

    def play_step(self) -> None:
        """Play the step's move and its answers in the session (headless)."""
        move = self.expected()
        if move is None:
            raise LessonError(f"{self.lesson.source}: no step left to play")
        self.session.play(move)
        self.played(move)
        while self.replies:
            self.play_reply()


def start_run(lesson: Lesson, game: Game, catalog: Catalog, step: int = 0) -> LessonRun:
    """The lesson set up and played to ``step`` (a resumed lesson), pure engine work (run
    it off the frame)."""
    run = LessonRun(lesson, new_session(lesson, game, catalog))
    for _ in range(max(0, min(step, len(lesson.steps)))):
        try:
            run.play_step()
        except IllegalMove as exc:
            raise LessonError(f"{lesson.source}: step {run.step + 1}: {exc.reason}") from None
    return run


def check_lesson(lesson: Lesson, game: Game, catalog: Catalog) -> list[str]:
    """Every problem of ``lesson`` played through the rules: each step's wrong move is
    refused, its move and answers are legal in order and made by the right seats."""
    problems: list[str] = []
    try:
        run = LessonRun(lesson, new_session(lesson, game, catalog))
    except LessonError as exc:
        return [str(exc)]
    learner = seat_label(lesson.seat)
    for number, step in enumerate(lesson.steps, start=1):
        where = f"{lesson.source}: step {number}"
        state = run.session.state
        if state.over:
            return problems + [f"{where}: the game is already over"]
        if state.actor != lesson.seat:
            return problems + [f"{where}: it is not {learner}'s move but "
                               f"{seat_label(state.actor)}'s (add an answer to `then`)"]
        try:
            wrong = run.wrong()
            if wrong is not None and game.rules.is_legal(state, wrong):
                problems.append(f"{where}: the wrong move {step.wrong.move!r} is legal")
            move = run.expected()
            if move.seat != lesson.seat:
                problems.append(f"{where}: {step.move!r} is not {learner}'s move")
            run.session.play(move)
            run.played(move)
            while run.replies:
                reply = run.next_reply()
                if reply.seat == lesson.seat:
                    problems.append(f"{where}: the answer {run.replies[0]!r} is the "
                                    f"learner's move")
                run.play_reply()
        except IllegalMove as exc:
            return problems + [f"{where}: refused: {exc.reason}"]
        except LessonError as exc:
            return problems + [str(exc)]
    return problems


def check_files(paths: list[str], games: dict[str, Game]) -> int:
    """``tabletop lesson``: each lesson file (default: the shipped ones and the mods')
    read and played through the rules; prints each file's verdict. 0 when all are
    good, 1 when any has a problem."""
    files = [Path(p) for p in paths] or \
        [*lesson_files(LESSONS_DIR), *lesson_files(mod_lessons())]
    bad = 0
    for path in files:
        try:
            lesson = read_lesson(path)
            game = games.get(lesson.game)
            if game is None:
                raise LessonError(f"{path.name}: unknown game {lesson.game!r}"
                                  + did_you_mean(lesson.game, games)
                                  + f"; known: {', '.join(games)}")
            problems = check_lesson(lesson, game, game.rules.load_catalog())
        except LessonError as exc:
            problems = [str(exc)]
        bad += bool(problems)
        for line in problems or [f"{path.name}: OK, {len(lesson.steps)} steps played "
                                 "through the rules"]:
            print(line)
    return 1 if bad else 0


@dataclass
class LessonProgress:
    """Where each lesson was left: ``{lesson id: step}``, and the lessons finished (a
    game's main lesson's id is the game's, so older files keyed by game stay good)."""

    steps: dict[str, int] = field(default_factory=dict)
    finished: set[str] = field(default_factory=set)

    def to_json(self) -> bytes:
        return (json.dumps({"version": 1, "steps": self.steps,
                            "finished": sorted(self.finished)}, indent=1) + "\n").encode()

    @classmethod
    def from_json(cls, data: Any) -> LessonProgress:
        """The progress in ``data`` (anything unusable in it is left out)."""
        if not isinstance(data, dict):
            raise ValueError("expected a JSON object")
        steps = data.get("steps") if isinstance(data.get("steps"), dict) else {}
        finished = data.get("finished") if isinstance(data.get("finished"), list) else []
        return cls({str(k)[:limits.MAX_NAME_CHARS]: v for k, v in list(steps.items())[:100]
                    if isinstance(v, int) and not isinstance(v, bool) and 0 < v <= MAX_STEPS},
                   {str(g)[:limits.MAX_NAME_CHARS] for g in finished[:100] if isinstance(g, str)})


def progress_path(folder: Path) -> Path:
    return folder / "lessons.json"


def read_progress(folder: Path) -> LessonProgress:
    """The progress kept in ``folder`` (nothing kept, or an unusable file: none)."""
    try:
        raw = read_regular(progress_path(folder), limits.MAX_SETTINGS_BYTES)
        return LessonProgress.from_json(json.loads(raw.decode("utf-8")))
    except (OSError, UnicodeDecodeError, ValueError):
        return LessonProgress()
