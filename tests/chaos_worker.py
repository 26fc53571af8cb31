"""A stand-in for the computer players' worker that passes the real worker's replies on
badly: late, twice, out of order, not at all, and old ones again long after."""

from __future__ import annotations

import random
import time
from collections import Counter

from tabletop.worker import ComputerWorker, Question, Reply


class Chaos:
    """Wraps a real :class:`~tabletop.worker.ComputerWorker` (the same interface). Each
    reply is dropped (``drop``), else held back for up to ``delay`` seconds, sent a second
    time later (``duplicate``); the replies due at a call come in a random order; and now
    and then a reply already sent comes again (``stale``: an answer about a position the
    table has left)."""

    def __init__(self, real: ComputerWorker, rng: random.Random, delay: float = 0.4,
                 duplicate: float = 0.2, drop: float = 0.05, stale: float = 0.02) -> None:
        self.real = real
        self.rng = rng
        self.delay = delay
        self.duplicate = duplicate
        self.drop = drop
        self.stale = stale
        self._held: list[tuple[float, Reply]] = []
        self._sent: list[Reply] = []
        self.counts: Counter = Counter()

    def ask(self, question: Question, view, budget: float, player: str = "own",
            ceiling: float | None = None, seen=None) -> None:
        self.real.ask(question, view, budget, player, ceiling, seen=seen)

    @property
    def progress(self) -> dict:
        return self.real.progress

    def forget(self, question: Question) -> None:
        if self.rng.random() < 0.5:  # a forgotten question may still be answered
            self.real.forget(question)

    def replies(self) -> list[Reply]:
        now = time.monotonic()
        rng = self.rng
        for reply in self.real.replies():
            if rng.random() < self.drop:
                self.counts["dropped"] += 1
                continue
            due = now + rng.uniform(0, self.delay)
            self._held.append((due, reply))
            if rng.random() < self.duplicate:
                self.counts["duplicated"] += 1
                self._held.append((due + rng.uniform(0, self.delay), reply))
        if self._sent and rng.random() < self.stale:
            self.counts["stale"] += 1
            self._held.append((now, rng.choice(self._sent)))
        due = [reply for at, reply in self._held if at <= now]
        self._held = [(at, reply) for at, reply in self._held if at > now]
        if len(due) > 1:
            self.counts["reordered"] += 1
            rng.shuffle(due)
        self._sent = (self._sent + due)[-50:]
        return due

    @property
    def gone(self) -> str:
        return self.real.gone

    @property
    def unreadable(self) -> int:
        return self.real.unreadable

    def wait(self, question: Question, timeout: float = 30.0) -> Reply | None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for reply in self.replies():
                if reply.question == question:
                    return reply
            time.sleep(0.005)
        return None

    @property
    def alive(self) -> bool:
        return self.real.alive

    def kill(self) -> None:
        self.real.kill()

    def close(self) -> None:
        self.real.close()
