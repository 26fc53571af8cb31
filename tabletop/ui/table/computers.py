"""The computer seats of a table: their moves and the person's hints are thought out in
the worker process (:mod:`tabletop.worker`) while the table keeps drawing.

One question of each kind is awaited at a time (:attr:`ComputerSeats.awaited`): the move
of the computer seat that must act now, and a hint for the person who must act now. A
reply is taken only when its question is the one awaited of its kind and still names the
position on the table (the same moves, the same count of changes, the same seat to act);
any other reply is dropped and counted, never played. An answer handed to the table is
not asked for again while it waits to be played; once the position changes it is stale.

When the worker fails a computer seat (it stopped, took far too long, or answered with a
move the rules refuse) and that seat must still act, the seat's own hand-written player
(the Easy level) chooses from its view, here, and the table says so; it is logged with
the reason. Nothing here ever chooses a move for a seat that is not a computer's.
"""

from __future__ import annotations

import itertools
import logging
import math
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from ...engine.levels import HINT_LEVEL, LEVELS
from ...engine.moves import Move, seat_label
from ...engine.rng import Rng
from ...engine.session import Session
from ...worker import ComputerWorker, Question, Reply

LOG = logging.getLogger("tabletop.computers")

#: the longest a question may go unanswered before the table gives up on the worker
GIVE_UP = 20.0
#: the most moves sent as seen since a seat's last question (more: its kept tree is
#: dropped, not followed)
MAX_SEEN = 200


@dataclass(frozen=True)
class Answer:
    """A computer seat's move, with the question it answers (``fallback``: the reason
    the seat's own player chose it instead of the worker, else "")."""

    question: Question
    move: Move
    fallback: str = ""


class ComputerSeats:
    """Asks the worker about the computer seat that must act (once per position) and
    about hints, and hands back the answers for the position on the table only (see the
    module docstring). Never blocks a frame."""

    def __init__(self, session: Session, mods: bool, give_up: float = GIVE_UP) -> None:
        self.session = session
        self.mods = mods
        self.give_up = give_up
        self.seats = {i for i, seat in enumerate(session.seats) if seat.kind == "computer"}
        self.worker: ComputerWorker | None = None
        #: wraps each worker started (tests: a stand-in that delays, drops... replies)
        self.wrap_worker: Callable | None = None
        #: the question awaited of each kind (``move``, ``hint``) and when it was asked
        self.awaited: dict[str, tuple[Question, float]] = {}
        #: replies come for an awaited question, not yet taken
        self._replies: dict[str, Reply] = {}
        #: the move question whose answer was handed to the table (not asked again)
        self.answered: Question | None = None
        self._numbers = itertools.count(1)
        self._rng = Rng(session.seed ^ 0xFA11)
        self.problem = ""
        #: counts: replies dropped (not awaited: stale, duplicated, unknown), fallbacks to
        #: a seat's own player, answers the rules refused for the seat they were asked about
        self.dropped = 0
        self.fallbacks = 0
        self.illegal_answers = 0
        #: (kind, seat) -> the moves and changes of the position of its last question:
        #: what the seat has seen happen since goes with its next (the worker's kept tree)
        self._last_asked: dict[tuple[str, int], tuple[int, int]] = {}

    # -- positions and questions -----------------------------------------------------------
    def question(self, kind: str, seat: int) -> Question:
        """A new question of ``kind`` about ``seat`` in the position on the table."""
        s = self.session
        return Question(kind, seat, len(s.moves), s.changes, next(self._numbers))

    def current(self, q: Question) -> bool:
        """Does ``q`` name the position on the table, its seat the one to act?"""
        s = self.session
        state = s.state
        return q.changes == s.changes and q.moves == len(s.moves) and not state.over and \
            state.actor == q.seat

    @property
    def thinking(self) -> bool:
        return "move" in self.awaited

    def level(self, seat: int) -> str:
        level = self.session.seats[seat].level
        return level if level in LEVELS else "easy"

    def budget(self, seat: int) -> float:
        """The nominal thinking time of ``seat``'s level (0 for a level that does not
        think)."""
        return LEVELS[self.level(seat)].seconds or 0.0

    def thinking_share(self) -> float | None:
        """How far the computer seat thinking now is, 0-1, for the table's bar (None: its
        level answers at once, Easy's glance included, or nobody thinks). The share of
        its level's work done (the worker's progress) while that runs ahead of the
        nominal time, never less than the share of the ceiling gone: on a quiet machine
        the bar fills over the nominal time, on a busy one as the work is done, and
        always by the ceiling."""
        asked = self.awaited.get("move")
        if asked is None:
            return None
        question, when = asked
        level = LEVELS[self.level(question.seat)]
        if level.at_once:
            return None
        elapsed = time.monotonic() - when
        ceiling = level.ceiling or level.seconds
        progress = getattr(self.worker, "progress", None) or {}
        done = progress.get(question.number)
        if done is not None and done[1] > 0:
            work = done[0] / done[1]
        elif done is None and level.work(self.session.game.search_rate):
            work = 0.0  # (no word from the search yet)
        else:
            work = math.inf  # time only
        return min(1.0, max(min(elapsed / level.seconds, work), elapsed / ceiling))

    # -- the worker ----------------------------------------------------------------------
    def start(self) -> None:
        """Start the worker early, so the first computer move does not wait for it."""
        if self.seats:
            self._start_worker()

    def _start_worker(self) -> ComputerWorker:
        if self.worker is None:
            s = self.session
            # the worker's own random numbers: never the game's seed (see ComputerWorker)
            worker = ComputerWorker(s.game.info.id, s.options, secrets.randbits(32),
                                    self.mods, s.position)
            self.worker = self.wrap_worker(worker) if self.wrap_worker else worker
        return self.worker

    def _ask(self, kind: str, seat: int, budget: float, player: str) -> Question:
        q = self.question(kind, seat)
        old = self.awaited.get(kind)
        worker = self._start_worker()
        if old is not None:
            worker.forget(old[0])
        self._replies.pop(kind, None)
        worker.ask(q, self.session.game.rules.view(self.session.state, seat), budget, player,
                   LEVELS[player].ceiling if player in LEVELS else None,
                   seen=self.seen_since(kind, seat))
        self.awaited[kind] = (q, time.monotonic())
        return q

    def seen_since(self, kind: str, seat: int) -> list[Move] | None:
        """The moves played since ``seat``'s last question of ``kind``, each as the seat
        saw it (:meth:`~tabletop.engine.rules.Rules.observe`: another seat's hidden card
        masked), so that the worker can go on from the tree it kept; None when there was
        no such question, when anything but moves came between (an undo, a redo, a game
        loaded) or when the moves are too many to be worth sending."""
        s = self.session
        if s.remote:
            return None  # (a server's game: the moves are not known here, only views)
        now = (len(s.moves), s.changes)
        last = self._last_asked.get((kind, seat))
        self._last_asked[(kind, seat)] = now
        if last is None:
            return None
        gone = now[0] - last[0]
        if not 0 < gone <= MAX_SEEN or now[1] - last[1] != gone:
            return None
        observe = s.game.rules.observe
        states, moves = s.states, s.moves
        return [observe(states[i], moves[i], seat, states[i + 1])
                for i in range(last[0], now[0])]

    def _collect(self) -> None:
        """Sort the replies come so far: those awaited are kept, every other dropped; a
        question that no longer names the position is no longer awaited."""
        for kind, (q, _) in list(self.awaited.items()):
            if not self.current(q):
                self._forget(kind)
        for kind, reply in list(self._replies.items()):
            if not self.current(reply.question):
                del self._replies[kind]
        if self.worker is None:
            return
        for reply in self.worker.replies():
            kind = reply.question.kind
            asked = self.awaited.get(kind)
            if asked is not None and asked[0] == reply.question:
                del self.awaited[kind]
                self._replies[kind] = reply
            else:
                self.dropped += 1
        gone = self.worker.gone
        if gone:  # every question awaited fails; the next question starts a new worker
            LOG.warning("%s; its last words:\n%s", gone,
                        "\n".join(getattr(self.worker, "errors", [])))
            for kind, (q, _) in list(self.awaited.items()):
                self._replies[kind] = Reply(q, None, 0.0, {}, gone)
            self.awaited.clear()
            self.close()

    def _forget(self, kind: str) -> None:
        asked = self.awaited.pop(kind, None)
        if asked is not None and self.worker is not None:
            self.worker.forget(asked[0])
        self._replies.pop(kind, None)

    def _overdue(self, kind: str) -> bool:
        asked = self.awaited.get(kind)
        return asked is not None and time.monotonic() - asked[1] > self.give_up

    # -- a computer seat's move ------------------------------------------------------------
    def take_move(self) -> Answer | None:
        """The answer for the computer seat that must act now, once it has come (or its
        own player's move, when the worker failed it); asks the question first if it has
        not been asked in this position."""
        s = self.session.state
        actor = s.actor
        if s.over or actor not in self.seats:
            self.cancel()
            return None
        self._collect()
        if self.answered is not None and self.current(self.answered):
            return None  # handed over already, waiting to be played
        reply = self._replies.pop("move", None)
        if reply is None:
            asked = self.awaited.get("move")
            if asked is None:
                self._ask("move", actor, self.budget(actor), self.level(actor))
            elif self._overdue("move"):
                q = asked[0]
                self._forget("move")
                self.close()
                return self.fallback(q, "it took too long")
            return None
        q = reply.question
        if reply.error or reply.move is None:
            self.illegal_answers += "is not legal" in reply.error  # the worker's own check
            return self.fallback(q, reply.error or "it gave no move")
        if reply.move.seat != q.seat or reply.move not in self.session.legal_moves():
            self.illegal_answers += 1
            return self.fallback(q, "its move was not legal")
        self.answered = q
        return Answer(q, reply.move)

    def ask_ahead(self) -> None:
        """Ask about the computer seat that must act now, if it has not been asked
        (between frames, after a move lands: the question, its seat's view, is packed and
        sent there rather than in the next frame)."""
        s = self.session.state
        if not s.over and s.actor in self.seats:
            self._collect()
            answered = self.answered is not None and self.current(self.answered)
            if "move" not in self.awaited and "move" not in self._replies and not answered:
                self._ask("move", s.actor, self.budget(s.actor), self.level(s.actor))

    def fallback(self, q: Question, why: str) -> Answer | None:
        """The move of ``q``'s seat by its own hand-written player from
        its view, when the worker failed it: only for a computer seat that must act now
        (else None). Logged, counted and said on the table."""
        if q.seat not in self.seats or not self.current(q):
            return None
        s = self.session
        game = s.game
        move = game.computer_player().choose(game.rules, game.rules.view(s.state, q.seat),
                                             q.seat, self._rng)
        if move not in s.legal_moves():  # the game's own player is tested never to
            move = self._rng.choice(s.legal_moves())  # do this; still its seat's move
        self.fallbacks += 1
        self.answered = q
        name = f"{seat_label(q.seat)} {s.seats[q.seat].name}"
        self.problem = (f"The computer player {name} failed ({why}); it played an Easy "
                        f"move instead.")
        LOG.warning("computer seat %s failed after %d moves (%s); played its own player's "
                    "move %s", name, q.moves, why, game.notation.format_move(s.state, move))
        return Answer(q, move, why)

    # -- hints -----------------------------------------------------------------------------
    def ask_hint(self, seat: int) -> None:
        """Ask the search for ``seat``'s best move from its view alone (the reply comes
        through :meth:`take_hint`)."""
        self._ask("hint", seat, LEVELS[HINT_LEVEL].seconds or 0.0, HINT_LEVEL)

    @property
    def hint_awaited(self) -> bool:
        return "hint" in self.awaited

    def take_hint(self) -> Reply | None:
        """The hint's reply once it has come, for the position it was asked about (None
        while it is awaited, and once the position has changed: see
        :attr:`hint_awaited`)."""
        self._collect()
        reply = self._replies.pop("hint", None)
        if reply is None and self._overdue("hint"):
            q = self.awaited["hint"][0]
            self._forget("hint")
            reply = Reply(q, None, 0.0, {}, "it took too long")
        if reply is not None and reply.move is not None and (
                reply.move.seat != reply.question.seat or
                reply.move not in self.session.legal_moves()):
            self.illegal_answers += 1
            reply = Reply(reply.question, None, reply.seconds, {}, "its move was not legal")
        return reply

    # -- the position changed --------------------------------------------------------------
    def cancel(self) -> None:
        """The position changed (an undo, new cards): the computer's question in flight
        and any answer held are not wanted."""
        self._forget("move")
        self.answered = None

    def close(self) -> None:
        for kind in list(self.awaited):
            self._forget(kind)
        if self.worker is not None:
            self.worker.close()
            self.worker = None
