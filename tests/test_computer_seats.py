"""The table's questions to the computer players' worker and its answers: a reply is taken
only for the question awaited of its kind, about the position on the table; the answer
is not asked for again while it waits; a fallback is the seat's own player, only for a
computer seat that must act now, logged with its reason. The worker here is a wire whose
replies the tests write."""

from __future__ import annotations

import logging

import pytest

from tabletop.engine.info import SeatConfig
from tabletop.engine.moves import Move
from tabletop.engine.rng import Rng
from tabletop.engine.session import Session
from tabletop.games import GAMES
from tabletop.ui.table.computers import ComputerSeats
from tabletop.worker import Question, Reply

GAME = GAMES["brawl"]
POSITION = {"turn": "P2", "hands": {"P1": ["Granite Warden", "Solar Storm"],
                                    "P2": ["Lucky Break", "Fever Dream"]},
            "play": {"P1": ["Copper Kestrel"], "P2": ["Iron Mawgrave"]}}


class Wire:
    """A worker whose replies the test sends (``send``)."""

    def __init__(self) -> None:
        self.asked: list[Question] = []
        self.forgotten: list[Question] = []
        self.queue: list[Reply] = []
        self.ceilings: list[float | None] = []
        self.seen: list = []
        #: the search's progress, as the real worker keeps it: number -> (done, needed, s)
        self.progress: dict[int, tuple] = {}
        self.gone = ""
        self.closed = False

    def ask(self, question, view, budget=0.0, player="own", ceiling=None, seen=None) -> None:
        self.asked.append(question)
        self.ceilings.append(ceiling)
        self.seen.append(seen)

    def forget(self, question) -> None:
        self.forgotten.append(question)

    def replies(self) -> list[Reply]:
        out, self.queue = self.queue, []
        return out

    def send(self, question: Question, move: Move | None, error: str = "") -> None:
        self.queue.append(Reply(question, move, 0.01, {}, error))

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def seats():
    session = Session(GAME, GAME.rules.load_catalog(mod_dirs=[]), {}, 3,
                      [SeatConfig("Ana"), SeatConfig("Bo", "computer", "normal")],
                      position=POSITION)
    computers = ComputerSeats(session, mods=False)
    computers.worker = wire = Wire()
    return computers, session, wire


def legal(session) -> list[Move]:
    return session.legal_moves()


def test_the_awaited_answer_is_taken_once_and_not_asked_for_again(seats):
    computers, session, wire = seats
    assert computers.take_move() is None  # asks
    (q,) = wire.asked
    assert (q.kind, q.seat, q.moves, q.changes) == ("move", 1, 0, session.changes)
    assert computers.thinking and computers.take_move() is None and len(wire.asked) == 1
    wire.send(q, legal(session)[0])
    answer = computers.take_move()
    assert answer.question == q and answer.move == legal(session)[0] and not answer.fallback
    # held by the table until it is played: not asked again, not handed out again
    for _ in range(3):
        assert computers.take_move() is None
    assert len(wire.asked) == 1 and not computers.thinking


@pytest.mark.parametrize("change", ["number", "changes", "moves", "seat", "kind"])
def test_a_reply_to_any_other_question_is_dropped(seats, change):
    computers, session, wire = seats
    computers.take_move()
    (q,) = wire.asked
    other = Question(**{**q.__dict__, change: "hint" if change == "kind" else
                        getattr(q, change) + 1})
    wire.send(other, legal(session)[0])
    assert computers.take_move() is None and computers.dropped == 1
    wire.send(q, legal(session)[0])  # the awaited one still counts
    assert computers.take_move().question == q


def test_a_duplicated_reply_is_dropped_the_second_time(seats):
    computers, session, wire = seats
    computers.take_move()
    (q,) = wire.asked
    wire.send(q, legal(session)[0])
    wire.send(q, legal(session)[0])
    assert computers.take_move() is not None
    session.play(legal(session)[0])  # the answer is played; P2 may act again
    assert computers.dropped == 1
    wire.send(q, legal(session)[0] if legal(session) else None)
    computers.take_move()
    assert computers.dropped == 2


def test_a_hints_answer_is_never_taken_as_a_computer_move(seats):
    """A hint asked for the person, whose answer comes after the person has moved on,
    while the computer seat's question is awaited: dropped (the path issue 25 feared)."""
    computers, session, wire = seats
    session.undo()  # back to... nothing to undo: play the computer to the person's turn
    while session.state.actor == 1:
        session.play(legal(session)[0])
    assert session.state.actor == 0
    computers.ask_hint(0)
    (hint,) = wire.asked
    person_move = legal(session)[0]
    session.play(person_move)
    while session.state.actor == 0:
        session.play(legal(session)[0])
    assert session.state.actor == 1
    computers.take_move()
    move_q = wire.asked[-1]
    wire.send(hint, person_move)  # late, and for the person's seat
    assert computers.take_move() is None and computers.dropped == 1
    assert computers.take_hint() is None and not computers.hint_awaited
    wire.send(move_q, legal(session)[0])
    assert computers.take_move().move.seat == 1


def test_the_same_number_of_moves_after_an_undo_is_another_position(seats):
    computers, session, wire = seats
    again = [m for m in legal(session)
             if GAME.rules.play(session.state, m).actor == 1]  # P2 acts after them too
    assert len(again) >= 2
    session.play(again[0])
    computers.take_move()
    stale = wire.asked[-1]
    session.undo()
    session.play(again[1])
    assert session.state.actor == 1 and len(session.moves) == stale.moves
    wire.send(stale, legal(session)[0])
    assert computers.take_move() is None and computers.dropped == 1
    assert wire.asked[-1] != stale and wire.asked[-1].changes == session.changes


def test_a_fallback_is_the_seats_own_player_logged_with_its_reason(seats, caplog):
    computers, session, wire = seats
    computers.take_move()
    (q,) = wire.asked
    wire.gone = "the computer players' worker stopped: it was killed"
    with caplog.at_level(logging.WARNING):
        answer = computers.take_move()
    own = GAME.computer_player().choose(GAME.rules, GAME.rules.view(session.state, 1), 1,
                                        Rng(session.seed ^ 0xFA11))
    assert answer.question == q and answer.move == own
    assert answer.fallback.startswith("the computer players' worker stopped")
    assert computers.fallbacks == 1 and wire.closed and computers.worker is None
    assert "it was killed" in caplog.text and "P2 Bo" in caplog.text
    assert computers.problem.startswith("The computer player P2 Bo failed")


def test_no_fallback_for_a_person_or_a_position_left_behind(seats):
    computers, session, wire = seats
    computers.take_move()
    (q,) = wire.asked
    person = Question("move", 0, q.moves, q.changes, 99)
    assert computers.fallback(person, "a test") is None  # seat 0 is a person's
    session.play(legal(session)[0])
    assert computers.fallback(q, "a test") is None  # not the position any more
    assert computers.fallbacks == 0


def test_an_answer_the_rules_refuse_is_counted_and_replaced(seats):
    computers, session, wire = seats
    computers.take_move()
    (q,) = wire.asked
    wire.send(q, Move("play", 1, 10_000))
    answer = computers.take_move()
    assert computers.illegal_answers == 1 and answer.fallback == "its move was not legal"
    assert answer.move in legal(session)


def test_a_question_unanswered_too_long_falls_back(seats):
    computers, session, wire = seats
    computers.give_up = 0.0
    computers.take_move()
    answer = computers.take_move()
    assert answer.fallback == "it took too long" and answer.move in legal(session)
    assert wire.closed


def test_no_question_about_a_persons_turn(seats):
    computers, session, wire = seats
    while session.state.actor == 1:
        session.play(legal(session)[0])
    assert computers.take_move() is None and not wire.asked


def test_the_bar_fills_as_the_levels_work_is_done(seats, monkeypatch):
    """Normal (0.5 s nominal, 3 s ceiling): on a quiet machine the bar follows the time
    and the work alike; on a busy one the work done, but never behind the share of the
    ceiling gone; the question carries the level's ceiling."""
    from tabletop.engine.levels import LEVELS
    from tabletop.ui.table import computers as module

    computers, session, wire = seats
    computers.take_move()
    (q,) = wire.asked
    assert wire.ceilings == [LEVELS["normal"].ceiling]
    asked_at = computers.awaited["move"][1]
    work = LEVELS["normal"].work(GAME.search_rate)

    def at(seconds, done=None):
        monkeypatch.setattr(module.time, "monotonic", lambda: asked_at + seconds)
        if done is None:
            wire.progress.pop(q.number, None)
        else:
            wire.progress[q.number] = (done, work, seconds)
        return computers.thinking_share()

    ceiling = LEVELS["normal"].ceiling
    assert ceiling == 3.0
    assert at(0.05) == pytest.approx(0.05 / ceiling)  # no word from the search yet
    assert at(0.25, work // 2) == pytest.approx(0.5)  # quiet: time and work together
    assert at(0.25, work) == pytest.approx(0.5)  # the work ahead: the time shows
    assert at(1.5, work // 4) == pytest.approx(0.5)  # busy: the ceiling's share, 1/2
    assert at(0.6, work // 4) == pytest.approx(0.25, abs=0.01)  # (work 1/4, ceiling 0.2)
    assert at(1.5, work * 3 // 4) == pytest.approx(0.75, abs=0.01)
    assert at(3.5, work // 2) == 1.0


def test_a_level_that_answers_at_once_has_no_bar_share(seats):
    computers, session, wire = seats
    session.seats[1] = SeatConfig("Bo", "computer", "easy")
    computers.take_move()
    assert computers.thinking and computers.thinking_share() is None


def test_the_moves_seen_since_the_seats_last_question_go_with_the_next(seats):
    """The worker's kept tree is followed by what the seat saw happen since its last
    question: its own move first, then the others' as it saw them (a card it never saw
    masked, so the worker is told no more than the seat's view); nothing after an undo."""
    computers, session, wire = seats
    rules = GAME.rules
    computers.take_move()
    assert wire.seen == [None]  # the seat's first question
    first = wire.asked[-1]
    own = next(m for m in legal(session) if rules.play(session.state, m).actor == 0)
    wire.send(first, own)
    assert computers.take_move().move == own
    session.play(own)
    played = [own]
    rng = Rng(5)
    while not session.state.over and session.state.actor != 1:
        move = rng.choice(legal(session))
        session.play(move)
        played.append(move)
    assert len(played) >= 2 and session.state.actor == 1
    computers.take_move()
    seen = wire.seen[-1]
    start = first.moves
    assert seen[0] == own and len(seen) == len(played) == len(session.moves) - start
    for i, (got, move) in enumerate(zip(seen, played, strict=True)):
        before, after = session.states[start + i], session.states[start + i + 1]
        assert got == rules.observe(before, move, 1, after)
        if got != move:  # masked: a card the seat saw neither before nor after
            assert not rules._sees(before, move.card, 1) and not rules._sees(after, move.card, 1)
    # an undo between: the worker is told nothing to follow (it starts afresh)
    wire.send(wire.asked[-1], legal(session)[0])
    session.play(computers.take_move().move)
    session.undo()
    computers.take_move()
    assert wire.seen[-1] is None

