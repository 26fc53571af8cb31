"""The computer seats of a table on the server: each table with one has a worker process
of its own (:class:`tabletop.worker.ComputerWorker`, the one a table at one screen
uses), asked for a move only with the seat's own view, at the seat's level.

The server's loop calls :meth:`TableComputers.step` a few times a second; it never
waits: a question goes out, and its answer is read when it has come. An answer for a
position that is gone is dropped; one the rules refuse, or a worker that broke, gives
way to a random legal move (the game goes on), logged.
"""

from __future__ import annotations

import itertools
import logging
import random
import secrets

from ..engine.levels import LEVELS
from ..engine.moves import Move
from ..engine.session import Session
from ..worker import ComputerWorker, Question

LOG = logging.getLogger("tabletop.serve")


class TableComputers:
    """The computer seats (``levels``: seat -> level) of one table's ``session``."""

    def __init__(self, game_id: str, session: Session, levels: dict[int, str]) -> None:
        self.game_id = game_id
        self.session = session
        self.levels = dict(levels)
        self.worker: ComputerWorker | None = None
        self.asked: Question | None = None
        self._numbers = itertools.count(1)
        self._rng = random.Random(secrets.randbits(32))

    def due(self) -> bool:
        """Must a computer seat act now?"""
        s = self.session.state
        return not s.over and s.actor in self.levels

    def step(self) -> Move | None:
        """Ask the seat that must act, or read its answer; the move to play when one has
        come (never waits)."""
        session = self.session
        if not self.due():
            self.close_if_over()
            return None
        seat = session.state.actor
        if self.asked is None or self.asked.changes != session.changes or \
                self.asked.seat != seat:
            self._ask(seat)
            return None
        worker = self.worker
        for reply in worker.replies() if worker is not None else []:
            if reply.question != self.asked:
                continue
            self.asked = None
            if reply.move is not None and reply.move in session.legal_moves():
                return reply.move
            LOG.warning("table computer seat %s: no legal answer (%s): a random move",
                        seat, reply.error or reply.move)
            return self._rng.choice(session.legal_moves())
        if worker is not None and worker.gone:
            LOG.warning("table computer seat %s: its worker ended: a random move", seat)
            self.close()
            return self._rng.choice(session.legal_moves())
        return None

    def _ask(self, seat: int) -> None:
        session = self.session
        level = self.levels[seat] if self.levels[seat] in LEVELS else "easy"
        if self.worker is None:
            self.worker = ComputerWorker(self.game_id, session.options, secrets.randbits(32),
                                         mods=False, position=session.position)
        q = Question("move", seat, len(session.moves), session.changes,
                     next(self._numbers))
        self.worker.ask(q, session.game.rules.view(session.state, seat),
                        LEVELS[level].seconds or 0.0, level, LEVELS[level].ceiling)
        self.asked = q

    def close_if_over(self) -> None:
        if self.session.state.over:
            self.close()

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None
        self.asked = None
