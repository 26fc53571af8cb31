"""A connection to a server kept by a thread of its own, for the app: the frame loop
never waits on the network.

The link's thread runs an asyncio loop holding one WebSocket connection. The app hands it
messages (:meth:`Link.send`, :meth:`Link.request`) and reads what came in from
:attr:`Link.inbox` in its frames, without blocking. When the connection drops (the
server restarted, the network went away) the link connects again by itself, with a
growing pause between tries, and takes back every seat it held with its token
(``rejoin``): the table sees the view again and goes on. :attr:`Link.status` says how the
connection is (``connecting``, ``connected``, ``reconnecting``, ``closed``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import itertools
import json
import logging
import queue
import ssl
import threading
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from . import protocol

LOG = logging.getLogger("tabletop.online")

#: seconds between tries to connect again: the first, then doubled up to the last
RETRY_FIRST, RETRY_MOST = 0.25, 4.0
#: seconds a connection may take to open
OPEN_TIMEOUT = 10.0


class LinkError(Exception):
    """A request the server refused, or that the connection lost; ``str()`` says why."""


class Link:
    """One connection to ``url`` (see the module docstring)."""

    def __init__(self, url: str, tls: ssl.SSLContext | None = None,
                 seats: dict[tuple[str, int], str] | None = None) -> None:
        """``seats``: seats held already ((table, seat) -> token), taken back as soon
        as the connection opens (a game rejoined)."""
        self.url = url
        self.tls = tls
        #: messages from the server, for the app to read in its frames
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.status = "connecting"
        #: has a connection ever opened (a first one that fails: a wrong address)?
        self.ever_connected = False
        #: why the last connection failed or closed ("" while connected)
        self.problem = ""
        #: (table, seat) -> token of each seat held (taken back after a reconnection)
        self.seats: dict[tuple[str, int], str] = dict(seats or {})
        #: the games the server plays (from its ``welcome``)
        self.games: list[str] = []
        self._loop = asyncio.new_event_loop()
        self._ws: ClientConnection | None = None
        self._connected = asyncio.Event()
        #: requests awaiting their answer: (answer types, request id, future)
        self._waiters: list[tuple[tuple[str, ...], int, asyncio.Future]] = []
        self._ids = itertools.count(1)
        self._closing = False
        self._thread = threading.Thread(target=self._run, name="tabletop-online",
                                        daemon=True)
        self._thread.start()

    # -- from the app's thread -----------------------------------------------------------
    def send(self, msg: dict[str, Any]) -> None:
        """Send ``msg`` when connected (a message sent while the connection is down is
        sent once it is up again)."""
        self._call(self._send(msg))

    def request(self, msg: dict[str, Any], *answers: str,
                timeout: float = 15.0) -> concurrent.futures.Future:
        """Send ``msg``; the future holds the first answer of one of the types
        ``answers`` (a ``refused`` or ``error`` in between, or a lost connection, makes it
        raise :class:`LinkError` with the reason). The answer also goes to the inbox."""
        return self._call(asyncio.wait_for(self._request(msg, answers), timeout))

    def close(self) -> None:
        """Close the connection and end the link's thread (waits a moment for it)."""
        if self._closing:
            return
        self._closing = True
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(self._stop)
        self._thread.join(timeout=5)

    def messages(self) -> list[dict[str, Any]]:
        """Every message come since the last call (never waits)."""
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    # -- the link's thread --------------------------------------------------------------
    def _call(self, coro) -> concurrent.futures.Future:
        if self._closing:
            coro.close()
            future: concurrent.futures.Future = concurrent.futures.Future()
            future.set_exception(LinkError("the connection is closed"))
            return future
        return asyncio.run_coroutine_threadsafe(coro, self._loop)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._main = self._loop.create_task(self._keep_connected())
        with contextlib.suppress(asyncio.CancelledError):
            self._loop.run_until_complete(self._main)
        rest = asyncio.all_tasks(self._loop)  # (requests still waiting: ended too)
        for task in rest:
            task.cancel()
        self._loop.run_until_complete(asyncio.gather(*rest, return_exceptions=True))
        self._loop.close()

    def _stop(self) -> None:
        self._main.cancel()

    async def _send(self, msg: dict[str, Any]) -> None:
        await self._connected.wait()
        assert self._ws is not None
        with contextlib.suppress(ConnectionClosed):
            await self._ws.send(json.dumps(msg))

    async def _request(self, msg: dict[str, Any], answers: tuple[str, ...]) -> dict:
        future = self._loop.create_future()
        number = next(self._ids)
        waiter = (answers, number, future)
        self._waiters.append(waiter)
        try:
            await self._send({**msg, "id": number})
            return await future
        finally:
            with contextlib.suppress(ValueError):
                self._waiters.remove(waiter)

    async def _keep_connected(self) -> None:
        pause = RETRY_FIRST
        try:
            while True:
                try:
                    await self._session()
                    pause = RETRY_FIRST
                except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError,
                        LinkError) as exc:
                    self.problem = str(exc) or type(exc).__name__
                    LOG.info("online: connection to %s: %s", self.url, self.problem)
                self._lost("the connection was lost")
                self.status = "reconnecting"
                await asyncio.sleep(pause)
                pause = min(RETRY_MOST, pause * 2)
        finally:
            self.status = "closed"
            self._lost("the connection is closed")
            if self._ws is not None:
                with contextlib.suppress(Exception):
                    await self._ws.close()

    def _lost(self, why: str) -> None:
        self._connected.clear()
        for _, _, future in self._waiters:
            if not future.done():
                future.set_exception(LinkError(why))
                future.add_done_callback(_retrieved)
        self._waiters.clear()

    async def _session(self) -> None:
        """One connection: opened, greeted, the seats held taken back, then read until
        it closes."""
        extra = {"ssl": self.tls} if self.tls is not None else {}
        async with connect(self.url, max_size=None, open_timeout=OPEN_TIMEOUT,
                           **extra) as ws:
            await ws.send(json.dumps({"type": "hello", "version": protocol.VERSION}))
            welcome = json.loads(await asyncio.wait_for(ws.recv(), OPEN_TIMEOUT))
            if welcome.get("type") != "welcome":
                raise LinkError(welcome.get("reason", "the server did not answer hello"))
            self.games = list(welcome.get("games", []))
            self._ws = ws
            for (table, seat), token in list(self.seats.items()):
                await ws.send(json.dumps({"type": "rejoin", "table": table, "seat": seat,
                                          "token": token}))
            self.status, self.problem = "connected", ""
            self.ever_connected = True
            self._connected.set()
            async for text in ws:
                self._receive(json.loads(text))

    def _receive(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind == "joined" and "token" in msg:
            self.seats[(msg["table"], msg["seat"])] = msg["token"]
        for answers, number, future in list(self._waiters):
            if future.done():
                continue
            if kind in answers:
                future.set_result(msg)
                break
            # a refusal names the request it answers; a protocol error names none
            if kind == "error" or (kind == "refused" and msg.get("id") == number):
                future.set_exception(LinkError(msg.get("reason", "refused")))
                break
        self.inbox.put(msg)


def _retrieved(future: asyncio.Future) -> None:
    future.exception()  # (told to whoever waits; no "never retrieved" warning after)
