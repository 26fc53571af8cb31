"""A table on the server: the session (the one truth), its seats and who holds them,
and what each seat is sent.

Each person's seat is claimed with a random token (128 bits and more,
``secrets.token_urlsafe``) given once on joining; the room keeps only its hash. A move
is taken only from the seat that must act, with that seat's token, and only if the
rules accept it; then it is journaled (:mod:`.store`) before anyone is told. Each seat
is sent its own view of the state (:meth:`Rules.view`: what it may see, nothing more),
its legal moves when it must act, and the log as it may read it.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from typing import Any

from ..engine.info import SeatConfig
from ..engine.moves import IllegalMove, Move
from ..engine.pack import pack, pack_move, unpack_move
from ..engine.session import Session
from .store import Store, TableRecord

LOG = logging.getLogger("tabletop.serve")

#: the letters of a join code (no 0/O, 1/I/L)
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


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

    @property
    def id(self) -> str:
        return self.record.id

    # -- seats -------------------------------------------------------------------------
    def claim(self, seat: int, name: str) -> str:
        """Give ``seat`` to a person named ``name``; returns its token (sent once)."""
        if not 0 <= seat < len(self.session.seats):
            raise Refused(f"there is no seat {seat + 1} at this table")
        if seat in self.claims:
            raise Refused(f"seat {seat + 1} is taken")
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

    # -- moves -------------------------------------------------------------------------
    def play(self, seat: int, token: str, data: Any, changes: int) -> Move:
        """The move ``data`` (a packed move) from ``seat`` with ``token``, made on the
        position named ``changes``: checked, played, journaled. Raises :class:`Refused`
        with the reason (the rule it breaks, for an illegal move)."""
        if not self.holds(seat, token):
            raise Refused("that is not your seat")
        s = self.session.state
        if s.over:
            raise Refused("the game is over")
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
            self.session.play(move)
        except IllegalMove as exc:
            raise Refused(exc.reason) from None
        except Exception:  # a malformed move the rules cannot even word a refusal for
            LOG.info("table %s: a malformed move refused: %r", self.id, move)
            raise Refused("that is not a move of this game") from None
        self.store.add_move(self.id, len(self.session.moves), pack_move(move))
        return move

    # -- what a seat is sent -----------------------------------------------------------
    def view(self, seat: int, log_from: int = 0) -> dict[str, Any]:
        """The ``view`` message for ``seat``: its view of the state, its legal moves
        when it must act, and the log entries from ``log_from`` on as it may read them."""
        session = self.session
        s = session.state
        rules = session.game.rules
        legal = rules.legal_moves(s) if not s.over and s.actor == seat else []
        return {
            "type": "view", "table": self.id, "seat": seat, "changes": session.changes,
            "moves": len(session.moves), "actor": s.actor, "over": s.over,
            "state": pack(rules.view(s, seat)),
            "legal": [pack_move(m) for m in legal],
            "log": [[e.index, e.seat, e.text, e.lines]
                    for e in session.log_entries(seat, log_from)],
            "seats": [{"name": self.claims.get(i, (c.name, ""))[0],
                       "held": i in self.claims} for i, c in enumerate(session.seats)],
        }


def open_session(games: dict, record: TableRecord, catalog) -> Session:
    """The session of a kept table: set up from its seed and options, its moves not
    played yet."""
    game = games[record.game]
    seats = [SeatConfig(s["name"], "human") for s in record.seats]
    return Session(game, catalog, record.options, record.seed, seats,
                   ruleset=record.ruleset)


def seat_configs(count: int, names: list[str]) -> list[dict[str, Any]]:
    return [{"name": names[i] if i < len(names) else f"Player {i + 1}"}
            for i in range(count)]
