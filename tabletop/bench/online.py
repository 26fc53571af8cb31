"""Online play as players feel it: the time from one player's move to the other player's
view of it, through ``tabletop serve`` run as its own process, on loopback, in wall-clock
time; on an idle server, and on a server holding many tables of two people each playing
random legal moves at a person's pace; and the server's memory.

The yardstick is a bare WebSocket relay (the same ``websockets`` server passing each
message from one client to the other, no rules, no views, no journal) measured the same
way in the same run: what is above it is the server's own work.
"""

from __future__ import annotations

import asyncio
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .games import Context
from .report import Row, error_row, value_row

#: tables under load (two clients each) and how long they play, timed
TABLES, QUICK_TABLES = 500, 20
SECONDS, QUICK_SECONDS = 20.0, 2.0
#: seconds between two moves of one table (a person's pace; about 250 moves a second
#: over 500 tables)
PACE = (1.0, 3.0)
#: moves timed on an idle server (one table), this many seconds apart (a fast player,
#: within a connection's message budget)
IDLE_MOVES, QUICK_IDLE_MOVES = 300, 40
IDLE_PAUSE = 0.06
#: the goals (issue 30): a move at the other player's under load, and on an idle server
LOAD_GOAL_MS, IDLE_GOAL_MS = 50.0, 10.0
#: the server's peak memory holding the tables under load
MEMORY_GOAL_MB = 1500.0

RELAY = """
import asyncio, sys
from websockets.asyncio.server import serve
peers = []
async def relay(ws):
    peers.append(ws)
    try:
        async for message in ws:
            for other in list(peers):
                if other is not ws:
                    await other.send(message)
    finally:
        peers.remove(ws)
async def main():
    async with serve(relay, "127.0.0.1", 0, max_size=None) as server:
        print(server.sockets[0].getsockname()[1], flush=True)
        await asyncio.Future()
asyncio.run(main())
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_server(data: Path) -> tuple[subprocess.Popen, int]:
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "tabletop", "serve", "--data", str(data),
                             "--port", str(port)], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    for _ in range(20):
        line = proc.stdout.readline()
        if "listening on" in line or not line:
            break
    if "listening on" not in line:
        proc.kill()
        raise RuntimeError(f"tabletop serve did not start: {line.strip()}")
    return proc, port


def _memory_mb(pid: int, field: str = "VmHWM") -> float:
    """The process's peak (``VmHWM``) or present (``VmRSS``) resident memory (Linux),
    in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


async def _relay_times(port: int, count: int) -> list[float]:
    from websockets.asyncio.client import connect

    async with connect(f"ws://127.0.0.1:{port}") as a, \
            connect(f"ws://127.0.0.1:{port}") as b:
        await asyncio.sleep(0.2)
        out = []
        message = "x" * 3000  # about a view's size
        for _ in range(count):
            t0 = time.perf_counter()
            await a.send(message)
            await b.recv()
            out.append((time.perf_counter() - t0) * 1000)
            await asyncio.sleep(0.01)
        return out


async def _table(url: str, game: str = "brawl"):
    from ..net.client import Client

    host = await Client.connect(url)
    created = await host.create(game, ["A", "B"])
    await host.close()
    clients, tokens = [], []
    for seat in (0, 1):
        client = await Client.connect(url)
        joined = await client.join(created["code"], seat, "AB"[seat])
        clients.append(client)
        tokens.append(joined["token"])
    for seat, client in enumerate(clients):  # the game begins once every seat is taken
        await client.seated(created["table"], seat)
    return created["table"], clients, tokens


async def _one_move(table: str, clients, tokens, rng: random.Random) -> float | None:
    """One random legal move; the time until the other seat's view shows it (ms), or
    None when the game is over."""
    view = clients[0].views[(table, 0)]
    if view["over"]:
        return None
    actor = view["actor"]
    other = 1 - actor
    target = view["changes"] + 1
    t0 = time.perf_counter()
    await clients[actor].move(table, actor, tokens[actor],
                              rng.choice(clients[actor].legal(table, actor)))
    seen: dict[int, float] = {}

    async def until_shown(seat: int) -> None:  # (a refusal of the move raises)
        while clients[seat].views[(table, seat)]["changes"] < target:
            await clients[seat].expect("view")
        seen[seat] = time.perf_counter()

    await asyncio.gather(until_shown(other), until_shown(actor))
    for c in clients:
        c.received.clear()
    return (seen[other] - t0) * 1000


async def _idle(url: str, count: int) -> list[float]:
    rng = random.Random(1)
    out: list[float] = []
    table, clients, tokens = await _table(url)
    while len(out) < count:
        took = await _one_move(table, clients, tokens, rng)
        if took is None:  # a new game when one ends
            for c in clients:
                await c.close()
            table, clients, tokens = await _table(url)
            continue
        out.append(took)
        await asyncio.sleep(IDLE_PAUSE)
    for c in clients:
        await c.close()
    return out


async def _load(url: str, tables: int, seconds: float) -> list[float]:
    out: list[float] = []
    ready = [await _table(url) for _ in range(tables)]  # every client connected first
    end = time.perf_counter() + seconds

    async def play(i: int, table, clients, tokens) -> None:
        rng = random.Random(i)
        while True:
            await asyncio.sleep(rng.uniform(*PACE))
            if time.perf_counter() > end:
                break
            took = await _one_move(table, clients, tokens, rng)
            if took is None:
                for c in clients:
                    await c.close()
                table, clients, tokens = await _table(url)
                continue
            out.append(took)
        for c in clients:
            await c.close()

    await asyncio.gather(*(play(i, *t) for i, t in enumerate(ready)))
    return out


def measure(ctx: Context) -> list[Row]:
    where = "tabletop serve, loopback"
    try:
        import websockets  # noqa: F401
    except ImportError as exc:
        return [error_row("online: a move at the other player's", where, exc)]
    tables = QUICK_TABLES if ctx.quick else TABLES
    seconds = QUICK_SECONDS if ctx.quick else SECONDS
    idle_moves = QUICK_IDLE_MOVES if ctx.quick else IDLE_MOVES
    relay = subprocess.Popen([sys.executable, "-c", RELAY], stdout=subprocess.PIPE,
                             text=True)
    rows: list[Row] = []
    try:
        yard = p99(asyncio.run(_relay_times(int(relay.stdout.readline()), idle_moves)))
        with tempfile.TemporaryDirectory() as tmp:
            proc, port = _start_server(Path(tmp))
            empty = _memory_mb(proc.pid, "VmRSS")
            try:
                url = f"ws://127.0.0.1:{port}"
                idle = asyncio.run(_idle(url, idle_moves))
                rows.append(value_row(f"a move at the other player's, p99, idle server "
                                      f"({len(idle)} moves)", where, p99(idle), "ms", yard,
                                      "bare relay p99", IDLE_GOAL_MS))
                load = asyncio.run(_load(url, tables, seconds))
                rows.append(value_row(
                    f"a move at the other player's, p99, {tables} tables "
                    f"({2 * tables} clients, {len(load) / seconds:.0f} moves/s)", where,
                    p99(load), "ms", yard, "bare relay p99", LOAD_GOAL_MS))
                rows.append(value_row(f"server's peak memory, {tables} tables", where,
                                      _memory_mb(proc.pid), "MB", empty,
                                      "the server with no table", MEMORY_GOAL_MB))
            finally:
                proc.kill()
                proc.wait(10)
    except Exception as exc:  # a server that fails must not hide the other figures
        rows.append(error_row("online: a move at the other player's", where, exc))
    finally:
        relay.kill()
        relay.wait(10)
    return rows


if __name__ == "__main__":  # python -m tabletop.bench.online [--quick]
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from .report import table

    print(table(measure(Context(quick="--quick" in sys.argv))))
