"""A stand-in for the computer players' worker, with the real one's interface: it
answers each question with ``answer(view)`` after ``polls`` polls (the table's calls for
replies)."""

from __future__ import annotations

from collections.abc import Callable

from tabletop.engine.moves import Move
from tabletop.worker import Question, Reply


class StandInWorker:
    def __init__(self, answer: Callable[[object], Move], polls: int = 0) -> None:
        self.answer = answer
        self.polls = polls
        self.asked: list[Question] = []
        self.forgotten: list[Question] = []
        self._pending: list[list] = []  # [question, view, polls left]
        self.gone = ""
        self.unreadable = 0

    def ask(self, question: Question, view, budget: float = 0.0, player: str = "own",
            ceiling: float | None = None, seen=None) -> None:
        self.asked.append(question)
        self._pending.append([question, view, self.polls])

    def forget(self, question: Question) -> None:
        self.forgotten.append(question)

    def replies(self) -> list[Reply]:
        out, left = [], []
        for item in self._pending:
            item[2] -= 1
            if item[2] > 0:
                left.append(item)
                continue
            question, view, _ = item
            out.append(Reply(question, self.answer(view), 0.01, {}))
        self._pending = left
        return out

    def close(self) -> None:
        pass
