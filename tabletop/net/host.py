"""The server an app that hosts starts for its online games: ``tabletop serve``'s
:class:`~.server.Server`, run by a thread of the app's own (its own asyncio loop), with
its tables kept in the user data folder as ``tabletop serve`` keeps them. The app then
connects to it like any other client (:class:`~.link.Link`).

One is started per app, when a game with online seats is first started, and stays up
while the app runs (friends' tables live on it); it listens on every address of the
machine (friends on the local network reach it) unless told otherwise
(:data:`HOST_ENV`: the tests keep it on loopback).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from pathlib import Path

from .lan import lan_address
from .server import Server

#: the address the hosting app's server listens on (default: every address)
HOST_ENV = "TABLETOP_HOST_ADDRESS"
#: the port it listens on (default: any free one)
PORT_ENV = "TABLETOP_HOST_PORT"


class LocalServer:
    """A server in a thread of this process (see the module docstring)."""

    def __init__(self, data: Path, host: str | None = None, port: int | None = None) -> None:
        self.data = data
        self.host = host or os.environ.get(HOST_ENV, "0.0.0.0")
        self.port = port if port is not None else int(os.environ.get(PORT_ENV, "0") or 0)
        self.server: Server | None = None
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="tabletop-host", daemon=True)

    def start(self, timeout: float = 20.0) -> LocalServer:
        """Start serving; raises OSError (say, the port is taken) when it cannot."""
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the game server did not start in time")
        if self._error is not None:
            raise OSError(f"the game server could not start: {self._error}")
        return self

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self.server = Server(self.data, self.host, self.port, announce=True)
            self._loop.run_until_complete(self.server.start())
            self.port = self.server.port
        except (OSError, RuntimeError) as exc:
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        with contextlib.suppress(RuntimeError):
            self._loop.run_forever()
        with contextlib.suppress(Exception):
            self._loop.run_until_complete(self.server.stop())
        self._loop.close()

    def stop(self) -> None:
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=10)

    @property
    def local_url(self) -> str:
        """Where this app reaches its own server."""
        host = "127.0.0.1" if self.host in ("0.0.0.0", "") else \
            "::1" if self.host == "::" else self.host
        return f"ws://{_bracket(host)}:{self.port}"

    @property
    def friends_url(self) -> str:
        """Where friends on the network reach it (this machine's address on it)."""
        host = self.host
        if host in ("0.0.0.0", "", "::"):
            host = lan_address()
        return f"ws://{_bracket(host)}:{self.port}"


def _bracket(host: str) -> str:
    return f"[{host}]" if ":" in host else host
