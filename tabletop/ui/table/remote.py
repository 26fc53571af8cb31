"""A table showing a game it does not own: a session held by a server, seen from one seat.

:class:`RemoteSession` is what the table reads of a game (the state, the seats, the log,
the moves' count, the position's ``changes``), built from the ``view`` messages the
server sends this seat (:mod:`tabletop.net.server`): the seat's view of the state,
unpacked onto this app's own copy of the game's cards, its legal moves, and the log as
the seat may read it. It holds nothing the seat may not see, and cannot play a move.

:class:`RemoteTableModel` is the table's model for it (the same members as
:class:`~.model.TableModel`): a move goes to the server over the app's link
(:class:`tabletop.net.link.Link`) and is *pending* until the server's next view says it
was played, or its refusal says why not; meanwhile the seat has no legal moves, so
nothing more can be played on a position that may be gone. The server's check is the
one that counts; the legal moves it sent make places light up and wrong drops glide
back at once, as at home. Imports no pygame.
"""

from __future__ import annotations

import itertools
import threading
from typing import Any

from ...engine.info import SeatConfig
from ...engine.moves import IllegalMove, Move
from ...engine.pack import pack_move, unpack, unpack_move
from ...engine.session import LogEntry
from ...engine.state import State
from .model import TableModel, TableSnapshot


class RemoteSession:
    """A server's session as seat ``seat`` sees it (see the module docstring)."""

    #: the table's parts ask: a remote game is neither saved nor reloaded here
    remote = True

    def __init__(self, game, catalog, options: dict[str, Any], seat: int,
                 names: list[str], table: str, url: str, code: str = "",
                 address: str = "") -> None:
        """``url``: where this app reaches the server; ``code`` and ``address``: what to
        give friends to join (the address as they reach it)."""
        self.game = game
        self.catalog = catalog
        rules = game.rules
        self.options = rules.normalize_options(options)
        self.seat = seat
        self.table = table
        self.url = url
        self.code = code
        self.address = address or url
        #: the deal is the server's: no seed is known here (it would tell hidden cards)
        self.seed = 0
        self.position = None
        self.ruleset = rules.version
        self._template = rules.new_state(catalog, self.options, 0)
        self._state: State = self._template
        self.seats = [SeatConfig(name, "human" if i == seat else "online")
                      for i, name in enumerate(names)]
        #: whether a person holds each seat, and whether they are connected now
        self.held = [i == seat for i in range(len(names))]
        self.here = [i == seat for i in range(len(names))]
        #: the computer's seats' levels (None: a person's seat)
        self.computer: list[str | None] = [None] * len(names)
        #: the seat of the person who made the table (None: not known)
        self.host: int | None = None
        #: a request to take a move back: {"by": seat, "waiting": [seats]} (None: none)
        self.undo: dict | None = None
        #: the server's count of the table's changes (-1 before its first view)
        self.changes = -1
        #: as many entries as the server has played moves (what they were is not sent)
        self.moves: list[None] = []
        self.over = False
        self.legal: list[Move] = []
        self.entries: list[LogEntry] = []
        #: one marker per log entry: the log beside the table keeps rows by identity
        self.states: list[object] = []
        self.listeners: list = []
        self.settings: dict[str, Any] = {}
        self.notes: dict[int, str] = {}
        self.journal_seq = 0

    @property
    def state(self) -> State:
        return self._state

    @property
    def title(self) -> str:
        """The game and its players ("Brawl: Ana, Bo"), as the online games are listed."""
        return (f"{self.game.info.title}: " + ", ".join(s.name for s in self.seats))[:120]

    @property
    def record_key(self) -> str:
        """Names this game in the statistics (counted once, however often rejoined)."""
        return f"online:{self.table}:{self.seat}"

    def legal_moves(self) -> list[Move]:
        return list(self.legal)

    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    def log_entries(self, seat: int | None, start: int) -> list[LogEntry]:
        """The log entries from number ``start`` on, as this seat may read them (the only
        reading the server sends)."""
        return self.entries[start:]

    def take(self, view: dict[str, Any]) -> list[LogEntry]:
        """Take the server's ``view`` of this seat; returns the log entries new to it."""
        self._state = unpack(view["state"], self._template)
        self.changes = view["changes"]
        self.moves = [None] * view["moves"]
        self.over = view["over"]
        self.legal = [unpack_move(m) for m in view["legal"]]
        for i, info in enumerate(view["seats"][:len(self.seats)]):
            self.seats[i] = SeatConfig(info["name"], "human" if i == self.seat else "online")
            self.held[i], self.here[i] = bool(info["held"]), bool(info["here"])
            self.computer[i] = info.get("computer")
        self.undo = view.get("undo")
        self.host = view.get("host")
        log = view["log"]
        if log and log[0][0] == 0:  # the whole log: it replaces what was here
            del self.entries[len(log):], self.states[len(log):]
        new = []
        for index, seat, text, lines in log:
            entry = LogEntry(index, seat, text, list(lines))
            if index < len(self.entries):
                if self.entries[index] != entry:  # (the server's log is the truth)
                    self.entries[index] = entry
                    self.states[index] = object()
                continue
            if index != len(self.entries):
                continue  # (a gap: the next full view fills it)
            self.entries.append(entry)
            self.states.append(object())
            new.append(entry)
        return new

    def waiting_for(self) -> list[int]:
        """The seats no person holds yet."""
        return [i for i, held in enumerate(self.held) if not held]

    def away(self) -> list[int]:
        """The seats whose person is not connected now."""
        return [i for i, (held, here) in enumerate(zip(self.held, self.here, strict=True))
                if held and not here and not self.computer[i]]


class RemoteTableModel(TableModel):
    """The table's model of a game on a server (see the module docstring)."""

    remote = True

    def __init__(self, session: RemoteSession, link, token: str, held=None) -> None:
        """``held``: the seat's record kept to rejoin it (:mod:`tabletop.net.seatbook`)."""
        super().__init__(session, hide_hands=True)  # type: ignore[arg-type]
        self.held = held
        self.link = link
        self.token = token
        #: the move sent and not yet answered, and the position it was made on
        self.pending: Move | None = None
        self.pending_on = -1
        self._pending_id = ""
        self._ids = itertools.count(1)
        self._status = link.status
        #: what the table should say (a refusal's rule, a lost connection...)
        self.words: list[str] = []
        #: the log entries of other seats' moves come with the last views
        self.others: list[LogEntry] = []
        #: who adjourned the game ("": it goes on)
        self.adjourned = ""
        #: chat lines come since the table last read them: (seat, name, text)
        self.chat: list[tuple[int, str, str]] = []

    @property
    def remote_session(self) -> RemoteSession:
        return self.session  # type: ignore[return-value]

    def receive(self) -> bool:
        """Read what the server sent since the last frame (never waits); True when the
        position changed."""
        rs = self.remote_session
        status = self.link.status
        changed = status != self._status  # moves are offered only while connected
        self._status = status
        for msg in self.link.messages():
            kind = msg.get("type")
            if kind == "view" and msg.get("table") == rs.table and msg.get("seat") == rs.seat:
                new = rs.take(msg)
                self.others.extend(e for e in new if e.seat is not None and e.seat != rs.seat)
                if self.pending is not None and rs.changes != self.pending_on:
                    self.pending = None  # played (the view is after it)
                changed = True  # (a new position, or names and presence to show)
            elif kind == "joined" and msg.get("table") == rs.table and \
                    msg.get("seat") == rs.seat:
                # taken back after a lost connection: a move sent before is either in
                # the view that follows (played) or was lost with the connection
                self.pending = None
                changed = True
            elif kind == "refused" and self.pending is not None and \
                    msg.get("id") == self._pending_id:
                self.pending = None
                self.words.append(msg.get("reason", "the server refused that move"))
                changed = True
            elif kind == "refused" and msg.get("id") in ("undo", "hand", "adjourn", None):
                self.words.append(msg.get("reason", "the server refused"))
            elif kind == "adjourned" and msg.get("table") == rs.table:
                self.adjourned = msg.get("by", "the host")
                changed = True
            elif kind == "chat" and msg.get("table") == rs.table:
                self.chat.append((msg["seat"], msg["name"], msg["text"]))
            elif kind == "error":
                self.words.append(msg.get("reason", "the server refused a message"))
        return changed

    def snapshot(self) -> TableSnapshot:
        snap = super().snapshot()
        rs = self.remote_session
        if self.pending is not None or rs.changes < 0 or rs.waiting_for() or \
                self.link.status != "connected" or self.adjourned:
            snap = TableSnapshot(snap.changes, snap.view, [], snap.viewer, snap.handover_to,
                                 snap.actor, snap.over)
        return snap

    def play(self, move: Move, note: str | None = None) -> None:
        """Send ``move`` to the server; it is pending until the server answers."""
        if self.pending is not None:
            raise IllegalMove("your last move is still on its way to the server")
        if self.link.status != "connected":
            raise IllegalMove("the connection to the server is lost: wait a moment")
        if move not in self.remote_session.legal:
            raise IllegalMove(self._why_not(move), move)
        rs = self.remote_session
        self.pending, self.pending_on = move, rs.changes
        self._pending_id = f"move-{next(self._ids)}"
        self.link.send({"type": "move", "table": rs.table, "seat": rs.seat,
                        "token": self.token, "move": pack_move(move),
                        "changes": rs.changes, "id": self._pending_id})

    def _why_not(self, move: Move) -> str:
        """The rule ``move`` breaks, worded by the game from this seat's view (as at
        home); plainer when the view cannot say (it hides what the rule looks at)."""
        rs = self.remote_session
        if rs.over:
            return "The game is over."
        try:
            return rs.game.text.explain(rs.state, move)
        except Exception:  # noqa: BLE001 - a hidden card the wording would read
            return "That move is not one of yours to make now."

    def undo(self, people_only: bool) -> bool:
        return False  # (online, a move is taken back by agreement: :meth:`ask_undo`)

    def redo(self, people_only: bool) -> bool:
        return False

    def can_undo(self) -> bool:
        rs = self.remote_session
        return bool(rs.moves) and rs.undo is None and not rs.over and rs.seat >= 0 and \
            not self.adjourned

    # -- what a seat asks of the table -------------------------------------------------
    def _send(self, kind: str, **fields) -> None:
        rs = self.remote_session
        self.link.send({"type": kind, "table": rs.table, "seat": rs.seat,
                        "token": self.token, **fields})

    def ask_undo(self) -> None:
        """Ask the others to let this seat take back its last move."""
        self._send("undo", id="undo")

    def answer_undo(self, yes: bool) -> None:
        self._send("answer", yes=yes)

    def adjourn(self) -> None:
        """(The host) stop for now: the game is kept on the server."""
        self._send("adjourn", id="adjourn")

    def hand_to_computer(self, seat: int, level: str) -> None:
        """(The host) let the computer play the away ``seat``."""
        self._send("hand", to=seat, level=level, id="hand")

    def say(self, text: str) -> None:
        text = " ".join(text.split())[:200]
        if text:
            self._send("say", text=text)

    def close(self) -> None:
        """Leave the table: the connection closes; the seat stays this player's on the
        server (its token rejoins it), kept with when it was last played."""
        if self.held is not None:
            from dataclasses import replace

            from ...net import seatbook

            rs = self.remote_session
            seatbook.keep_later(replace(self.held, when=seatbook.now(), over=rs.over,
                                        title=rs.title))
        threading.Thread(target=self.link.close, daemon=True).start()  # (not on the frame)
