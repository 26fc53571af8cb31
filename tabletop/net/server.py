"""``tabletop serve``: the server that holds online tables (WebSockets, asyncio).

One server, one truth: the server runs each table's session with the engine's rules and
sends every client only what its seat may see (:meth:`.room.Room.view`); clients send
moves, which count only once the server's rules accept them and its journal keeps them
(:mod:`.store`). Every message is checked before a table sees it: its size, nesting and
fields (:mod:`.protocol`), how many a connection sends (a token bucket: a flood is
refused, then the connection closed), the seat's token, and that it is that seat's
decision. A refused message changes nothing and is answered with the reason.

Messages (``docs/protocol.md``): ``hello`` -> ``welcome``; ``create`` -> ``created`` (the
table and its join code); ``look`` (a code) -> ``table`` (its game, options, seats and
card set, before joining); ``join`` (a code and a seat) -> ``joined`` (the seat's token)
and a ``view``; ``rejoin`` (the token) -> ``joined`` and a ``view``; ``move`` -> a
``view`` to every seat at the table; ``watch`` (a code) -> a spectator's ``view``;
``say`` -> ``chat`` to everyone at the table; ``undo`` and ``answer`` -> a move taken
back once every person agrees; ``hand`` (the host) -> an away seat played by the
computer; ``adjourn`` (the host) -> ``adjourned`` to everyone, the game kept until they
rejoin. ``error`` answers a message the protocol refuses, ``refused`` one a table
refuses. The computer's seats are played here (:mod:`.computers`), and each table's game
is also written as a save (the local save format) when it ends, when its last person
leaves and when the server stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import ssl
import sys
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..engine.levels import LEVELS
from ..engine.pack import unpack_move
from ..engine.session import Session
from . import collector, lan, protocol
from .computers import TableComputers
from .protocol import ProtocolError, decode, encode
from .room import SPECTATOR, Refused, Room, new_code, open_session, seat_configs
from .store import Store, TableRecord
from .tablework import TableWork

LOG = logging.getLogger("tabletop.serve")

#: a connection may send this many messages at once, then this many a second
BURST, RATE = 40, 20.0
#: messages over the rate a connection may send before it is closed
STRIKES = 100
#: the most tables one server holds
MAX_TABLES = 5000
#: the most spectators one table takes
MAX_SPECTATORS = 50


class Conn:
    """One client's connection: its messages' budget and the seats it watches."""

    def __init__(self, ws: ServerConnection, burst: int = BURST, rate: float = RATE) -> None:
        self.ws = ws
        self.burst, self.rate = burst, rate
        self.tokens = float(burst)
        self.last = time.monotonic()
        self.strikes = 0
        #: (table id, seat) -> the log entries already sent
        self.seats: dict[tuple[str, int], int] = {}

    def allow(self) -> bool:
        """Take one message from the budget (False: over the rate)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            self.strikes += 1
            return False
        self.tokens -= 1
        return True

    async def send(self, msg: dict[str, Any]) -> None:
        with contextlib.suppress(ConnectionClosed):  # (it left: nothing to tell it)
            await self.ws.send(encode(msg))


class Server(TableWork):
    """Holds tables and serves them (see the module docstring)."""

    def __init__(self, data: Path, host: str = "127.0.0.1", port: int = 0,
                 games: dict | None = None, burst: int = BURST, rate: float = RATE,
                 tls: ssl.SSLContext | None = None, announce: bool = False) -> None:
        """``burst``, ``rate``: each connection's message budget (a person plays far
        under it; tests whose clients play as fast as they can raise it); ``tls``: serve
        ``wss://`` with this context (:func:`tls_context`); ``announce``: tables with a
        free seat are announced on the local network (:mod:`.lan`)."""
        if games is None:
            from ..games import GAMES as games
        self.games = games
        self.host, self.port = host, port
        self.burst, self.rate = burst, rate
        self.tls = tls
        self.store = Store(data / "tables.sqlite3")
        self.rooms: dict[str, Room] = {}
        self.codes: dict[str, str] = {}
        #: table id -> the connections watching each of its seats
        self.watchers: dict[str, dict[int, set[Conn]]] = {}
        self._catalogs: dict[str, Any] = {}
        #: table id -> its computer seats (tables with any, until the game is over)
        self._computers: dict[str, TableComputers] = {}
        self._computer_task: asyncio.Task | None = None
        self.data = data
        self.announce = announce
        self.announcer = None
        self._server = None
        #: messages refused (by the protocol, a table or the rate)
        self.refused = 0
        #: (seat, text) of every message sent to a seat, when a test asks (``record``)
        self.sent: list[tuple[str, int, str, Any]] | None = None

    # -- the tables ----------------------------------------------------------------------
    def catalog(self, game_id: str):
        """The game's cards as the server plays them (the shipped set, mods off)."""
        found = self._catalogs.get(game_id)
        if found is None:
            found = self._catalogs[game_id] = self.games[game_id].rules.load_catalog(
                mod_dirs=[])
        return found

    def resume(self) -> int:
        """Set up every kept table again with its moves; returns how many."""
        for record in self.store.tables():
            if record.game not in self.games:
                LOG.warning("table %s: unknown game %r, not resumed", record.id, record.game)
                continue
            session = open_session(self.games, record, self.catalog(record.game))
            for data in self.store.moves(record.id):
                session.play(unpack_move(data))
            room = Room(record, session, self.store)
            self._add(room)
            self._watch_computers(room)
        return len(self.rooms)

    def _add(self, room: Room) -> None:
        self.rooms[room.id] = room
        self.codes[room.record.code] = room.id
        self.watchers.setdefault(room.id, {})

    def create(self, game_id: str, options: dict | None, names: list, seed: int | None,
               computers: list | None = None, host: int | None = None) -> Room:
        game = self.games.get(game_id)
        if game is None:
            raise Refused(f"this server has no game {game_id[:40]!r}")
        if len(self.rooms) >= MAX_TABLES:
            raise Refused("this server is full")
        rules = game.rules
        try:
            options = rules.normalize_options(options or {})
            count = rules.seat_count(options)
        except (TypeError, ValueError, KeyError) as exc:
            raise Refused(f"those options do not make a game: {exc}") from None
        if len(names) != count or not all(isinstance(n, str) for n in names):
            raise Refused(f"{game.info.title} with these options has {count} seats")
        names = [" ".join(n.split())[:40] or f"Player {i + 1}" for i, n in enumerate(names)]
        if computers is not None and (len(computers) != count or not all(
                c is None or c in LEVELS for c in computers)):
            raise Refused(f"computers: a level ({', '.join(LEVELS)}) or null for each seat")
        if host is not None and (not 0 <= host < count or (computers and computers[host])):
            raise Refused("the host's seat is not a person's seat at this table")
        code = new_code()
        while code in self.codes:
            code = new_code()
        catalog = self.catalog(game_id)
        record = TableRecord(secrets.token_hex(8), code, game_id, options,
                             seed if seed is not None else secrets.randbits(31),
                             seat_configs(count, names, computers, host),
                             catalog.fingerprint,
                             rules.version)
        session: Session = open_session(self.games, record, catalog)
        self.store.add_table(record)
        room = Room(record, session, self.store)
        self._add(room)
        self._watch_computers(room)
        return room

    # -- serving -------------------------------------------------------------------------
    async def start(self) -> None:
        self.resume()
        self._server = await serve(self._serve, self.host, self.port, ssl=self.tls,
                                   max_size=protocol.MAX_BYTES, ping_interval=20)
        self.port = self._server.sockets[0].getsockname()[1]
        if self.announce and lan.available():
            address = self.host if self.host not in ("0.0.0.0", "", "::") else \
                lan.lan_address()
            self.announcer = lan.Announcer(address, self.port)
            self._lan_jobs = asyncio.Queue()
            self._lan_task = asyncio.get_running_loop().create_task(self._announcing())
            for room in list(self.rooms.values()):
                await self._announce(room)
        self._computer_task = asyncio.get_running_loop().create_task(self._play_computers())

    async def stop(self) -> None:
        if self._computer_task is not None:
            self._computer_task.cancel()
        if self.announcer is not None:
            self._lan_task.cancel()
            await self.announcer.close()
        for computers in self._computers.values():
            computers.close()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for room in self.rooms.values():  # every game kept as a save too
            if room.session.moves:
                with contextlib.suppress(OSError):
                    await self.save(room)
        self.store.close()

    async def _serve(self, ws: ServerConnection) -> None:
        conn = Conn(ws, self.burst, self.rate)
        try:
            async for raw in ws:
                if not conn.allow():
                    self.refused += 1
                    if conn.strikes > STRIKES:
                        await ws.close(1008, "too many messages")
                        return
                    await conn.send({"type": "error", "reason": "too many messages"})
                    continue
                try:
                    msg = decode(raw)
                except ProtocolError as exc:
                    self.refused += 1
                    await conn.send({"type": "error", "reason": str(exc)})
                    continue
                try:
                    await self._dispatch(conn, msg)
                except Refused as exc:
                    self.refused += 1
                    await conn.send({"type": "refused", "reason": str(exc),
                                     "id": msg.get("id")})
        except ConnectionClosed:
            pass
        finally:
            for (table, seat) in conn.seats:
                self.watchers.get(table, {}).get(seat, set()).discard(conn)
            for table in {table for table, _ in conn.seats}:
                room = self.rooms.get(table)
                if room is not None:  # the others see the seat away
                    await self._send_views(room)
                    if not self.here(table) and room.session.moves:  # adjourned
                        with contextlib.suppress(OSError):
                            await self.save(room)

    async def _dispatch(self, conn: Conn, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "hello":
            if msg["version"] != protocol.VERSION:
                raise Refused(f"this server speaks protocol {protocol.VERSION}, "
                              f"not {msg['version']}")
            await conn.send({"type": "welcome", "version": protocol.VERSION,
                             "games": sorted(self.games)})
        elif kind == "create":
            room = self.create(msg["game"], msg.get("options"), msg["seats"],
                               msg.get("seed"), msg.get("computers"), msg.get("host"))
            await conn.send({"type": "created", "table": room.id, "code": room.record.code,
                             "game": room.record.game, "seats": len(room.session.seats),
                             "id": msg.get("id")})
            await self._announce(room)
        elif kind == "look":
            room = self._room_of_code(msg["code"])
            s = room.session
            await conn.send({
                "type": "table", "table": room.id, "code": room.record.code,
                "game": room.record.game, "options": room.record.options,
                "fingerprint": room.record.fingerprint, "moves": len(s.moves),
                "cards": self.catalog(room.record.game).card_prints(),
                "ruleset": room.record.ruleset,
                "over": s.state.over, "id": msg.get("id"),
                "seats": room.seat_list(self.here(room.id))})
        elif kind == "join":
            room = self._room_of_code(msg["code"])
            theirs = msg.get("fingerprint")
            if theirs is not None and theirs != room.record.fingerprint:
                raise Refused("your cards are not the server's (card set "
                              f"{theirs[:16]} here, {room.record.fingerprint} there): "
                              "turn your mods off to join")
            seat = msg["seat"] if msg["seat"] != -1 else room.free_seat()
            token = room.claim(seat, msg["name"])
            await self._watch(conn, room, seat, token)
            await self._announce(room)
        elif kind == "rejoin":
            room = self.rooms.get(msg["table"])
            if room is None or not room.holds(msg["seat"], msg["token"]):
                raise Refused("that is not your seat")
            await self._watch(conn, room, msg["seat"], None)
        elif kind == "watch":
            room = self._room_of_code(msg["code"])
            if len(self.watchers[room.id].get(SPECTATOR, ())) >= MAX_SPECTATORS:
                raise Refused("this table has as many spectators as it takes")
            await self._watch(conn, room, SPECTATOR, None)
        else:
            await self._seat_message(conn, kind, msg)

    def here(self, table: str) -> set[int]:
        """The seats of ``table`` a connection watches now."""
        return {seat for seat, conns in self.watchers.get(table, {}).items() if conns}

    def _room_of_code(self, code: str) -> Room:
        found = self.codes.get(code.strip().upper())
        if found is None:
            raise Refused("no table has that code")
        return self.rooms[found]

    async def _watch(self, conn: Conn, room: Room, seat: int, token: str | None) -> None:
        self.watchers[room.id].setdefault(seat, set()).add(conn)
        conn.seats[(room.id, seat)] = 0
        joined = {"type": "joined", "table": room.id, "seat": seat, "game": room.record.game,
                  "fingerprint": room.record.fingerprint, "options": room.record.options,
                  "code": room.record.code}
        if token is not None:
            joined["token"] = token
        await conn.send(joined)
        for seat_of, name, text in room.chat:  # what was said before
            await conn.send({"type": "chat", "table": room.id, "seat": seat_of,
                             "name": name, "text": text})
        await self._send_views(room)  # this seat's view; the others see it here

    async def _send_views(self, room: Room) -> None:
        for seat, conns in list(self.watchers.get(room.id, {}).items()):
            for conn in list(conns):
                await self._send_view(conn, room, seat)

    async def _send_view(self, conn: Conn, room: Room, seat: int) -> None:
        start = conn.seats.get((room.id, seat), 0)
        view = room.view(seat, start, self.here(room.id))
        conn.seats[(room.id, seat)] = len(room.session.moves) + 1
        if self.sent is not None:
            self.sent.append((room.id, seat, encode(view), room.session.state))
        await conn.send(view)


def tls_context(certfile: str, keyfile: str) -> ssl.SSLContext:
    """A server's TLS context from its certificate chain and private key (PEM files)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(certfile, keyfile)
    return context


async def run(data: Path, host: str, port: int, tls: ssl.SSLContext | None = None) -> None:
    """Serve until cancelled (``tabletop serve``)."""
    server = Server(data, host, port, tls=tls)
    await server.start()
    # (this process is the server's alone: its collector is tended for many tables)
    tending = asyncio.get_running_loop().create_task(collector.tend())
    scheme = "wss" if tls is not None else "ws"
    print(f"tabletop serve: {len(server.rooms)} tables resumed; listening on "
          f"{scheme}://{host}:{server.port}", flush=True)
    try:
        await asyncio.Future()
    finally:
        tending.cancel()
        await server.stop()


def main(host: str, port: int, data: str | None, certfile: str | None = None,
         keyfile: str | None = None) -> int:
    """``tabletop serve``: serve until interrupted; the tables are kept in ``data`` (the
    user data folder's ``server/`` by default); with ``certfile`` and ``keyfile``, over
    TLS (``wss://``)."""
    from ..engine.paths import user_data

    tls = None
    if certfile or keyfile:
        if not (certfile and keyfile):
            print("tabletop serve: TLS needs both --certfile and --keyfile", file=sys.stderr)
            return 2
        try:
            tls = tls_context(certfile, keyfile)
        except (OSError, ssl.SSLError) as exc:
            print(f"tabletop serve: cannot use that certificate and key: {exc}",
                  file=sys.stderr)
            return 1
    folder = Path(data) if data else user_data() / "server"
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run(folder, host, port, tls))
    return 0
