"""The move scheduler on its own, with a stand-in table: what it asks of a table is its
whole interface (:class:`~tabletop.ui.table.landing.Landable`)."""

from __future__ import annotations

import time

import pygame

from tabletop.engine.moves import Move
from tabletop.ui.table.landing import MoveScheduler
from tabletop.ui.table.painting import PAINT_WAIT
from tabletop.ui.table.sources import PersonInput

A = Move("play", 0, card=3)
B = Move("play", 1, card=4)


class Computers:
    def __init__(self) -> None:
        self.replies: list = []
        self.asked_ahead = 0

    def take_move(self):
        return self.replies.pop(0) if self.replies else None

    def current(self, question) -> bool:
        return question == "now"

    def ask_ahead(self) -> None:
        self.asked_ahead += 1


class Answer:
    def __init__(self, move: Move, question: str = "now") -> None:
        self.move, self.question = move, question


class Table:
    """A table that records what the scheduler asks of it."""

    def __init__(self, between: bool = True) -> None:
        self.computers = Computers()
        self.between_frames = between
        self.refuse: set[Move] = set()
        self.played: list[Move] = []
        self.glided: list[int] = []
        self.due = True
        self.awaiting = True
        self.problems_said = 0

    def refused(self, move, source) -> bool:
        return move in self.refuse

    def known_legal(self, move) -> bool:
        return True

    def play_now(self, move, source) -> bool:
        self.played.append(move)
        return True

    def glide_from(self, card, rect) -> None:
        self.glided.append(card)

    def answer_due(self) -> bool:
        return self.due

    def awaits_computer(self) -> bool:
        return self.awaiting

    def say_computer_problem(self) -> None:
        self.problems_said += 1


def test_a_move_accepted_in_a_frame_lands_between_frames_with_its_card_held():
    table = Table()
    s = MoveScheduler(table)
    assert s.accept(A, PersonInput(0, 0), held=(3, pygame.Rect(5, 5, 10, 10)))
    assert s.landing == A and s.held_card()[0] == 3 and table.played == []
    assert s.land_between(time.perf_counter() + 1.0)
    assert table.played == [A] and table.glided == [3] and s.landing is None
    assert s.landed == 1 and table.computers.asked_ahead == 1


def test_without_time_between_frames_a_move_lands_at_once():
    table = Table(between=False)
    s = MoveScheduler(table)
    assert s.accept(A, PersonInput(0, 0))
    assert table.played == [A] and s.landing is None


def test_a_refused_move_is_never_held():
    table = Table()
    table.refuse = {A}
    s = MoveScheduler(table)
    assert not s.accept(A, PersonInput(0, 0))
    assert s.landing is None and table.played == []


def test_no_time_to_land_waits_and_a_frame_lands_it_after_waiting_long_enough():
    table = Table()
    s = MoveScheduler(table)
    s.accept(A, PersonInput(0, 0))
    assert not s.land_between(time.perf_counter())  # no time left: it waits
    for _ in range(PAINT_WAIT):
        s.land_late()
        assert table.played == []
    s.land_late()
    assert table.played == [A]


def test_the_next_move_lands_the_one_before_first():
    table = Table()
    s = MoveScheduler(table)
    s.accept(A, PersonInput(0, 0))
    s.accept(B, PersonInput(1, 0))
    assert table.played == [A] and s.landing == B


def test_a_computer_answer_waits_for_its_pace_and_a_stale_one_is_dropped():
    table = Table()
    s = MoveScheduler(table)
    table.due = False
    table.computers.replies = [Answer(B)]
    s.take_answer()
    assert s.held_answer is not None and s.landing is None  # held: the pace is not over
    table.due = True
    s.take_answer()
    assert s.landing == B and s.held_answer is None
    s.land_now()
    table.computers.replies = [Answer(A, question="before")]
    s.take_answer()
    assert s.held_answer is None and s.landing is None  # about another position


def test_an_answer_is_not_read_while_a_move_waits_to_land():
    table = Table()
    s = MoveScheduler(table)
    s.accept(A, PersonInput(0, 0))
    table.computers.replies = [Answer(B)]
    s.take_answer()
    assert table.computers.replies and s.landing == A
