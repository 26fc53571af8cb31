"""A table on the server: the session (the one truth), its seats and who holds them,
and what each seat is sent.

Each person's seat is claimed with a random token (128 bits and more,
``secrets.token_urlsafe``) given once on joining; the room keeps only its hash. A move
is taken only from the seat that must act, with that seat's token, and only if the
rules accept it; then it is journaled (:mod:`.store`) before anyone is told. Each seat
is sent its own view of the state (:meth:`Rules.view`: what it may see, nothing more),
its legal moves when it must act, and the log as it may read it; a spectator (seat
:data:`SPECTATOR`) is sent what every seat may see.

A seat may be the computer's (chosen when the table is made, or an away person's seat
handed to it by the host); a move is taken back only when every person at the table
agrees and no hidden card was shown since (the session's reveal barrier); a short chat
is kept for the table.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from typing import Any

from ..engine.info import SeatConfig
from ..engine.levels import LEVELS
from ..engine.moves import IllegalMove, Move
from ..engine.pack import pack, pack_move, unpack_move
from ..engine.session import Session
from .store import Store, TableRecord

LOG = logging.getLogger("tabletop.serve")

#: the letters of a join code (no 0/O, 1/I/L)
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: the seat a spectator's view is made for: no seat's own cards, the public log
SPECTATOR = -1
#: the chat lines a table keeps (and sends to whoever sits down)
CHAT_KEPT = 30


class Refused(Exception):
    """A message a table does not act on; the reason is sent back."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Room:
    """One table (see the module docstring)."""

    def __init__(self, record: TableRecord, session: Session, store: Store) -> None:
        self.record = record
        self.session = session
        self.store = store
        #: seat -> (name, token hash) of the seats people hold
        self.claims: dict[int, tuple[str, str]] = store.claims(record.id)
        #: a request to take back a move: who asked, and who has agreed
        self.undo_asked: tuple[int, set[int]] | None = None
        #: the last chat lines: [seat, name, text]
        self.chat: list[list] = []
        #: (moves, changes) when the game was last written as a save
        self.saved: tuple[int, int] | None = None

    @property
    def id(self) -> str:
        return self.record.id

    # -- seats -------------------------------------------------------------------------
    @property
    def computers(self) -> dict[int, str]:
        """Seat -> level of the computer's seats."""
        return {i: s["computer"] for i, s in enumerate(self.record.seats)
                if s.get("computer")}

    @property
    def host(self) -> int | None:
        """The seat of the person who made the table (they may hand a seat over)."""
        return next((i for i, s in enumerate(self.record.seats) if s.get("host")), None)

    def people(self) -> list[int]:
        return [i for i in range(len(self.session.seats)) if i not in self.computers]

    def seated(self) -> bool:
        """Is every seat a person's or the computer's (the game has begun)?"""
        return all(i in self.claims for i in self.people())

    def name(self, seat: int) -> str:
        return self.claims.get(seat, (self.record.seats[seat]["name"], ""))[0]

    def free_seat(self) -> int:
        """The first seat nobody holds (:class:`Refused` when all are taken)."""
        for seat in self.people():
            if seat not in self.claims:
                return seat
        raise Refused("every seat at this table is taken")

    def claim(self, seat: int, name: str) -> str:
        """Give ``seat`` (-1: the first free one) to a person named ``name``; returns its
        token (sent once)."""
        if seat == -1:
            seat = self.free_seat()
        if not 0 <= seat < len(self.session.seats):
            raise Refused(f"there is no seat {seat + 1} at this table")
        if seat in self.claims:
            raise Refused(f"seat {seat + 1} is taken")
        if seat in self.computers:
            raise Refused(f"seat {seat + 1} is the computer's")
        token = secrets.token_urlsafe(24)  # 192 bits
        digest = token_hash(token)
        name = " ".join(name.split())[:40] or f"Player {seat + 1}"
        self.store.claim(self.id, seat, name, digest)
        self.claims[seat] = (name, digest)
        return token

    def holds(self, seat: int, token: str) -> bool:
        """Is ``token`` the token of ``seat`` (compared in constant time)?"""
        held = self.claims.get(seat) if isinstance(seat, int) else None
        return held is not None and isinstance(token, str) and \
            hmac.compare_digest(held[1], token_hash(token))

    def check(self, seat: int, token: str) -> None:
        if not self.holds(seat, token):
            raise Refused("that is not your seat")

    def hand_to_computer(self, seat: int, token: str, to: int, level: str,
                         away: set[int]) -> None:
        """The host gives seat ``to`` (nobody's, or a person's who is ``away``) to the
        computer at ``level``."""
        self.check(seat, token)
        if seat != self.host:
            raise Refused("only the host may hand a seat to the computer")
        if not 0 <= to < len(self.session.seats) or to in self.computers or to == seat:
            raise Refused("that seat cannot be handed to the computer")
        if to in self.claims and to not in away:
            raise Refused("that player is here: only an away seat goes to the computer")
        if level not in LEVELS:
            raise Refused(f"there is no level {level[:20]!r}")
        seats = [dict(s) for s in self.record.seats]
        seats[to]["computer"] = level
        seats[to]["name"] = self.name(to)
        self.store.set_seats(self.id, seats)
        self.store.unclaim(self.id, to)
        self.record.seats = seats
        self.claims.pop(to, None)
        self.session.seats[to] = SeatConfig(seats[to]["name"], "computer", level)

    # -- moves -------------------------------------------------------------------------
    def play(self, seat: int, token: str, data: Any, changes: int) -> Move:
        """The move ``data`` (a packed move) from ``seat`` with ``token``, made on the
        position named ``changes``: checked, played, journaled. Raises :class:`Refused`
        with the reason (the rule it breaks, for an illegal move)."""
        self.check(seat, token)
        s = self.session.state
        if s.over:
            raise Refused("the game is over")
        if not self.seated():
            raise Refused("the game begins when every seat is taken")
        if s.actor != seat:
            raise Refused("it is not your turn")
        if changes != self.session.changes:
            raise Refused("the table changed before your move arrived; look again")
        try:
            move = unpack_move(data)
        except (TypeError, ValueError):
            raise Refused("that is not a move") from None
        if move.seat != seat:
            raise Refused("that move is another seat's")
        try:
            self.play_move(move)
        except IllegalMove as exc:
            raise Refused(exc.reason) from None
        except Exception:  # a malformed move the rules cannot even word a refusal for
            LOG.info("table %s: a malformed move refused: %r", self.id, move)
            raise Refused("that is not a move of this game") from None
        return move

    def play_move(self, move: Move) -> None:
        """Play ``move`` (checked by the rules) and journal it; a request to take a move
        back is dropped (the position it was asked on is gone)."""
        self.session.play(move)
        self.store.add_move(self.id, len(self.session.moves), pack_move(move))
        self.undo_asked = None

    # -- taking a move back, by agreement ------------------------------------------------
    def ask_undo(self, seat: int, token: str) -> None:
        """``seat`` asks to take back its last move (the others are asked)."""
        self.check(seat, token)
        if not any(m.seat == seat for m in self.session.moves[self.session.barrier:]) or \
                not self.session.can_undo():
            raise Refused("there is no move of yours to take back (a hidden card was "
                          "shown since, or you have not moved)")
        self.undo_asked = (seat, {seat})
        self._maybe_undo()

    def answer_undo(self, seat: int, token: str, yes: bool) -> None:
        self.check(seat, token)
        if self.undo_asked is None:
            raise Refused("nobody asked to take a move back")
        if not yes:
            self.undo_asked = None
            return
        self.undo_asked[1].add(seat)
        self._maybe_undo()

    def _maybe_undo(self) -> None:
        asker, agreed = self.undo_asked
        if not set(self.claims) <= agreed:
            return
        self.undo_asked = None
        if self.session.undo([asker]):
            self.store.truncate(self.id, len(self.session.moves))

    # -- chat ------------------------------------------------------------------------------
    def say(self, seat: int, token: str, text: str) -> list:
        self.check(seat, token)
        line = [seat, self.name(seat), " ".join(text.split())[:200]]
        if not line[2]:
            raise Refused("say something")
        self.chat = (self.chat + [line])[-CHAT_KEPT:]
        return line

    # -- what a seat is sent -----------------------------------------------------------
    def seat_list(self, here: set[int] | frozenset = frozenset()) -> list[dict[str, Any]]:
        """Each seat's name, whether a person or the computer holds it, whether its
        person is connected (``here``) and the computer's level."""
        computers = self.computers
        return [{"name": self.name(i), "held": i in self.claims or i in computers,
                 "here": i in here, "computer": computers.get(i)}
                for i in range(len(self.session.seats))]

    def view(self, seat: int, log_from: int = 0, here: set[int] | frozenset = frozenset()
             ) -> dict[str, Any]:
        """The ``view`` message for ``seat`` (:data:`SPECTATOR`: a spectator's): its view
        of the state, its legal moves when it must act, the log entries from
        ``log_from`` on as it may read them (from 0: the whole log, which replaces what
        the client had), each seat's name, whether a person holds it, whether they are
        connected (``here``) and whether it is the computer's, and a request to take a
        move back."""
        session = self.session
        s = session.state
        rules = session.game.rules
        legal = rules.legal_moves(s) if not s.over and s.actor == seat and \
            self.seated() else []
        undo = None
        if self.undo_asked is not None:
            asker, agreed = self.undo_asked
            undo = {"by": asker, "waiting": sorted(set(self.claims) - agreed)}
        return {
            "type": "view", "table": self.id, "seat": seat, "changes": session.changes,
            "moves": len(session.moves), "actor": s.actor, "over": s.over,
            "state": pack(rules.view(s, seat)),
            "legal": [pack_move(m) for m in legal],
            "log": [[e.index, e.seat, e.text, e.lines]
                    for e in session.log_entries(seat, log_from)],
            "seats": self.seat_list(here),
            "undo": undo, "host": self.host,
        }


def open_session(games: dict, record: TableRecord, catalog) -> Session:
    """The session of a kept table: set up from its seed and options, its moves not
    played yet."""
    game = games[record.game]
    seats = [SeatConfig(s["name"], "computer" if s.get("computer") else "human",
                        s.get("computer") or "easy") for s in record.seats]
    return Session(game, catalog, record.options, record.seed, seats,
                   ruleset=record.ruleset)


def seat_configs(count: int, names: list[str], computers: list | None = None,
                 host: int | None = None) -> list[dict[str, Any]]:
    """The seats a table is made with: each one's name, whether it is the computer's
    (its level) and which is the host's."""
    out = []
    for i in range(count):
        seat: dict[str, Any] = {"name": names[i] if i < len(names) else f"Player {i + 1}"}
        level = computers[i] if computers and i < len(computers) else None
        if level:
            seat["computer"] = level
        if host == i:
            seat["host"] = True
        out.append(seat)
    return out
