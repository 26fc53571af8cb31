"""What the online tests share: a server on 127.0.0.1 for the length of a test, a table
with every seat held by a client of its own, and a message the server must refuse."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from tabletop.games import GAMES
from tabletop.net.client import Client, ServerRefused
from tabletop.net.server import Server


def run(coro, seconds: float):
    """``coro`` to its end within ``seconds`` (every test loop is bounded in time)."""
    return asyncio.run(asyncio.wait_for(coro, seconds))


def url_of(server: Server) -> str:
    return f"ws://127.0.0.1:{server.port}"


@contextlib.asynccontextmanager
async def serving(tmp_path, **options):
    """A started server keeping its tables in ``tmp_path``, stopped after."""
    server = Server(tmp_path, **options)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


def names_of(game_id: str) -> list[str]:
    rules = GAMES[game_id].rules
    return [f"P{i + 1}" for i in range(rules.seat_count(rules.default_options()))]


async def table_with_everyone(url: str, game_id: str, seed: int = 7,
                              names: list[str] | None = None, host: int | None = None):
    """A table with every seat held by a client of its own, the game begun: (table,
    clients, tokens)."""
    names = names or names_of(game_id)
    maker = await Client.connect(url)
    created = await maker.create(game_id, names, seed=seed, host=host)
    await maker.close()
    clients, tokens = [], []
    for seat, name in enumerate(names):
        client = await Client.connect(url)
        joined = await client.join(created["code"], seat, name)
        clients.append(client)
        tokens.append(joined["token"])
    for seat, client in enumerate(clients):  # the game begins once every seat is taken
        await client.seated(created["table"], seat)
    return created["table"], clients, tokens


async def refused(client: Client, msg: dict, match: str) -> None:
    """The server refuses ``msg`` with a reason matching ``match``."""
    with pytest.raises(ServerRefused, match=match):
        await client.send(msg)
        await client.expect("nothing")
