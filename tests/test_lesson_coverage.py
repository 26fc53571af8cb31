"""Each game's lesson has the learner make every kind of move the game has for the
learner's seat: the kinds that seat makes in random games at the game's default options
(the optional rules off), found here by playing them, not listed by hand; a lesson that
leaves one out fails, naming it."""

from __future__ import annotations

import random
from functools import cache

import pytest

from tabletop import LESSONS_DIR
from tabletop.engine.lesson import LessonRun, new_session, read_lesson
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


def lesson_kinds(game_id: str) -> tuple[int, set[str]]:
    """The lesson's seat and the kinds of move its learner makes in it."""
    game = GAMES[game_id]
    lesson = read_lesson(LESSONS_DIR / f"{game_id}.yaml")
    run = LessonRun(lesson, new_session(lesson, game, game.rules.load_catalog(mod_dirs=[])))
    made = set()
    for _ in lesson.steps:
        move = run.expected()
        made.add(move.kind)
        run.session.play(move)
        run.played(move)
        while run.replies:
            run.play_reply()
    return lesson.seat, made


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_lesson_has_the_learner_make_every_kind_of_move_of_the_game(game_id):
    seat, made = lesson_kinds(game_id)
    missing = sorted(seat_kinds(game_id, seat) - made)
    assert not missing, f"{game_id}'s lesson never has the learner make: {missing}"
