"""The computer seats of a table: their moves are thought out in the worker process
(:mod:`tabletop.worker`) while the table keeps drawing."""

from __future__ import annotations

import time

from ...engine.levels import HINT_LEVEL, LEVELS
from ...engine.moves import Move
from ...engine.rng import Rng
from ...engine.session import Session
from ...worker import ComputerWorker, Reply

#: the longest a computer seat may think before the table gives up on the worker
GIVE_UP = 20.0


class ComputerSeats:
    """Asks the worker for the move of whichever computer seat must act, once per
    position, and hands the answer back when it has come (never blocking a frame)."""

    def __init__(self, session: Session, mods: bool) -> None:
        self.session = session
        self.mods = mods
        self.seats = {i for i, seat in enumerate(session.seats) if seat.kind == "computer"}
        self.worker: ComputerWorker | None = None
        self._asked: tuple[int, int] | None = None  # (moves played, seat) asked about
        self._since = 0.0
        self.problem = ""
        self._rng = Rng(session.seed ^ 0xFA11)
        #: the position a hint was asked about (moves played, seat), while it is awaited
        self.hint_asked: tuple[int, int] | None = None
        self.hint_since = 0.0

    @property
    def thinking(self) -> bool:
        return self._asked is not None

    def level(self, seat: int) -> str:
        level = self.session.seats[seat].level
        return level if level in LEVELS else "easy"

    def budget(self, seat: int) -> float:
        """The thinking time of ``seat``'s level (0 for the game's own player)."""
        return LEVELS[self.level(seat)].seconds or 0.0

    # -- hints -----------------------------------------------------------------------------
    def ask_hint(self, seat: int) -> None:
        """Ask the search for ``seat``'s best move from its view alone (the reply comes
        through :meth:`poll_hint`)."""
        self._start_worker()
        view = self.session.game.rules.view(self.session.state, seat)
        self.worker.ask(view, seat, budget=LEVELS[HINT_LEVEL].seconds, kind="hint")
        self.hint_asked = (len(self.session.moves), seat)
        self.hint_since = time.monotonic()

    def poll_hint(self) -> Reply | None:
        """The hint's reply once it has come, for the position it was asked about."""
        if self.hint_asked is None or self.worker is None:
            return None
        if self.hint_asked != (len(self.session.moves), self.session.state.actor):
            self.hint_asked = None  # the game moved on (or back): its reply is stale
            return None
        reply = self.worker.poll()
        if reply is None and time.monotonic() - self.hint_since > GIVE_UP:
            reply = Reply(0, None, 0.0, {}, "it took too long")
            self.close()
        if reply is not None:
            self.hint_asked = None
        return reply

    @property
    def thought_for(self) -> float:
        return time.monotonic() - self._since if self._asked is not None else 0.0

    def start(self) -> None:
        """Start the worker early, so the first computer move does not wait for it."""
        if self.seats:
            self._start_worker()

    def _start_worker(self) -> None:
        if self.worker is None:
            s = self.session
            self.worker = ComputerWorker(s.game.info.id, s.options, s.seed, self.mods,
                                         s.position)

    def poll(self) -> Move | None:
        """The move of the computer seat that must act, once its thinking is done."""
        s = self.session.state
        actor = s.actor
        if s.over or actor not in self.seats:
            if self._asked is not None:
                self.cancel()
            return None
        self._ask(s, actor)
        reply = self.worker.poll()
        if reply is None:
            if self.thought_for > GIVE_UP:
                return self.fallback("it took too long")
            return None
        self._asked = None
        if reply.error or reply.move is None:
            return self.fallback(reply.error or "it gave no move")
        return reply.move  # checked where it is played (an illegal one: ``fallback``)

    def ask_ahead(self) -> None:
        """Ask the computer seat that must act now, if it has not been asked (between
        frames, after a move lands: the question, its seat's view, is packed and sent
        there rather than in the next frame's :meth:`poll`)."""
        s = self.session.state
        if not s.over and s.actor in self.seats:
            self._ask(s, s.actor)

    def _ask(self, s, actor: int) -> None:
        key = (len(self.session.moves), actor)
        if self._asked != key:
            self.start()
            view = self.session.game.rules.view(s, actor)
            level = self.level(actor)
            self.worker.ask(view, actor, budget=LEVELS[level].seconds or 0.0, player=level)
            self._asked, self._since = key, time.monotonic()
            self.problem = ""
            self.hint_asked = None

    def fallback(self, why: str) -> Move:
        """A random legal move, when the worker failed (the table says so)."""
        self.problem = f"The computer player failed ({why}); it played a random move."
        self.close()
        self._asked = None
        return self._rng.choice(self.session.legal_moves())

    def cancel(self) -> None:
        """The position changed (a move, an undo): the answer in flight is not wanted."""
        if self.worker is not None:
            self.worker.cancel()
        self._asked = None

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None
