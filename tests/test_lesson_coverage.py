"""Each lesson has its learner make every kind of move the game has for the learner's
seat, and a game's lessons together cover every seat's kinds: the kinds a seat makes in
random games at the game's default options (the optional rules off), found here by
playing them, not listed by hand; a lesson or game that leaves one out fails, naming it."""

from __future__ import annotations

import random
from functools import cache

import pytest

from tabletop import LESSONS_DIR
from tabletop.engine.lesson import LessonRun, lesson_files, new_session, read_lesson
from tabletop.games import GAMES

#: random games played to find a seat's kinds of move, and the longest one
GAMES_PLAYED, LONGEST = 40, 3000


@cache
def seat_kinds(game_id: str, seat: int) -> frozenset[str]:
    """The kinds of move ``seat`` makes in random games of ``game_id`` (default options,
    the shipped cards)."""
    rules = GAMES[game_id].rules
    catalog = rules.load_catalog(mod_dirs=[])
    options = rules.default_options()
    kinds: set[str] = set()
    for seed in range(1, GAMES_PLAYED + 1):
        rng = random.Random(seed)
        state = rules.new_state(catalog, options, seed)
        for _ in range(LONGEST):
            if state.over:
                break
            legal = rules.legal_moves(state)
            kinds |= {m.kind for m in legal if m.seat == seat}
            state = rules.play(state, rng.choice(legal))
    return frozenset(kinds)


#: every shipped lesson, read once
LESSONS = {p.stem: read_lesson(p) for p in lesson_files(LESSONS_DIR)}


@cache
def lesson_kinds(lesson_id: str) -> frozenset[str]:
    """The kinds of move the lesson's learner makes in it."""
    lesson = LESSONS[lesson_id]
    game = GAMES[lesson.game]
    run = LessonRun(lesson, new_session(lesson, game, game.rules.load_catalog(mod_dirs=[])))
    made = set()
    for _ in lesson.steps:
        move = run.expected()
        made.add(move.kind)
        run.session.play(move)
        run.played(move)
        while run.replies:
            run.play_reply()
    return frozenset(made)


@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_each_lesson_has_its_learner_make_every_kind_of_move_of_its_seat(lesson_id):
    lesson = LESSONS[lesson_id]
    missing = sorted(seat_kinds(lesson.game, lesson.seat) - lesson_kinds(lesson_id))
    assert not missing, f"the lesson {lesson_id} never has its learner make: {missing}"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_games_lessons_together_teach_every_kind_of_move_of_every_seat(game_id):
    rules = GAMES[game_id].rules
    seats = range(rules.seat_count(rules.default_options()))
    wanted = frozenset().union(*(seat_kinds(game_id, seat) for seat in seats))
    taught = frozenset().union(*(lesson_kinds(lid) for lid, lesson in LESSONS.items()
                                 if lesson.game == game_id))
    missing = sorted(wanted - taught)
    assert not missing, f"no lesson of {game_id} has its learner make: {missing}"
