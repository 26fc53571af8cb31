"""A client of ``tabletop serve``: connect, create or join a table, read the views the
server sends, send moves (asyncio; what an online table and the tests build on).

A client knows only what its seat's views tell it: the state as its seat sees it
(unpacked onto the client's own copy of the game's cards), the legal moves when it must
act, and the log as its seat may read it.
"""

from __future__ import annotations

import asyncio
import json
import ssl
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from ..engine.moves import Move
from ..engine.pack import pack_move, unpack, unpack_move
from . import protocol


class ServerRefused(Exception):
    """The server refused what the client asked (``refused`` or ``error``)."""


class Client:
    """One connection to a server."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        #: the last view the server sent, by (table, seat)
        self.views: dict[tuple[str, int], dict[str, Any]] = {}
        #: the log entries received, by (table, seat)
        self.logs: dict[tuple[str, int], list[list]] = {}
        #: every message received, as text (the tests read it)
        self.received: list[str] = []

    @classmethod
    async def connect(cls, url: str, tls: ssl.SSLContext | None = None) -> Client:
        """Connect to ``url`` (``ws://`` or ``wss://``: ``tls`` is the context that
        checks the server's certificate, the system's trusted ones by default)."""
        extra = {"ssl": tls} if tls is not None else {}
        # closing waits at most 1 s for the server's answer: a client that left messages
        # unread (a spectator) would else wait the library's 10 s for a close frame
        # queued behind them
        client = cls(await connect(url, max_size=None, close_timeout=1, **extra))
        await client.send({"type": "hello", "version": protocol.VERSION})
        await client.expect("welcome")
        return client

    async def close(self) -> None:
        await self.ws.close()

    async def send(self, msg: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(msg))

    async def receive(self) -> dict[str, Any]:
        text = await self.ws.recv()
        self.received.append(text)
        msg = json.loads(text)
        if msg.get("type") == "view":
            key = (msg["table"], msg["seat"])
            self.views[key] = msg
            self.logs.setdefault(key, []).extend(msg["log"])
        return msg

    async def expect(self, *types: str) -> dict[str, Any]:
        """The next message of one of ``types`` (views on the way are kept); a refusal
        raises :class:`ServerRefused`."""
        while True:
            msg = await self.receive()
            if msg["type"] in types:
                return msg
            if msg["type"] in ("refused", "error"):
                raise ServerRefused(msg["reason"])

    # -- tables ------------------------------------------------------------------------
    async def create(self, game: str, seats: list[str], options: dict | None = None,
                     seed: int | None = None, computers: list | None = None,
                     host: int | None = None) -> dict[str, Any]:
        """A new table: a name per seat; ``computers``: a level or None per seat (the
        server plays those); ``host``: the seat of the person making it."""
        msg: dict[str, Any] = {"type": "create", "game": game, "seats": seats,
                               "options": options or {}}
        if seed is not None:
            msg["seed"] = seed
        if computers is not None:
            msg["computers"] = computers
        if host is not None:
            msg["host"] = host
        await self.send(msg)
        return await self.expect("created")

    async def join(self, code: str, seat: int, name: str,
                   fingerprint: str | None = None) -> dict[str, Any]:
        msg = {"type": "join", "code": code, "seat": seat, "name": name}
        if fingerprint is not None:
            msg["fingerprint"] = fingerprint
        await self.send(msg)
        joined = await self.expect("joined")
        await self.expect("view")
        return joined

    async def seated(self, table: str, seat: int) -> None:
        """Read views until ``seat``'s shows every seat taken (the game has begun)."""
        while not all(s["held"] for s in self.views[(table, seat)]["seats"]):
            await self.expect("view")

    async def rejoin(self, table: str, seat: int, token: str) -> dict[str, Any]:
        await self.send({"type": "rejoin", "table": table, "seat": seat, "token": token})
        joined = await self.expect("joined")
        await self.expect("view")
        return joined

    async def move(self, table: str, seat: int, token: str, move: Move) -> None:
        view = self.views[(table, seat)]
        await self.send({"type": "move", "table": table, "seat": seat, "token": token,
                         "move": pack_move(move), "changes": view["changes"]})

    # -- what a view says --------------------------------------------------------------
    def legal(self, table: str, seat: int) -> list[Move]:
        return [unpack_move(m) for m in self.views[(table, seat)]["legal"]]

    def state(self, table: str, seat: int, template) -> Any:
        """The seat's view as a state, on ``template`` (a state of the same game made
        from the client's own cards)."""
        return unpack(self.views[(table, seat)]["state"], template)


async def wait_for(coro, seconds: float):
    """``coro`` within ``seconds`` (every test loop is bounded in time)."""
    return await asyncio.wait_for(coro, seconds)
