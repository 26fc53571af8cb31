"""Online play, the server's core: whole games between clients on loopback through
``tabletop serve``'s server, nothing hidden sent to a seat, hostile messages refused,
and tables that survive the server being killed. Every loop is bounded in count and
time; servers and clients use 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("websockets")

from online_helpers import run as run_for  # noqa: E402
from online_helpers import serving, table_with_everyone, url_of  # noqa: E402
from websockets.exceptions import (  # noqa: E402
    ConnectionClosed,
    InvalidHandshake,
    InvalidMessage,
)

from tabletop.engine.pack import pack  # noqa: E402
from tabletop.engine.state import HIDDEN  # noqa: E402
from tabletop.games import GAMES  # noqa: E402
from tabletop.net import protocol  # noqa: E402
from tabletop.net.client import Client, ServerRefused  # noqa: E402
from tabletop.net.server import Server  # noqa: E402

#: the most moves a test game may take, and the seconds it may run
MAX_MOVES = 4000
GAME_SECONDS = 120
#: the message budget of a server whose clients play as fast as they can (a person's
#: pace is far under the default)
FAST = {"burst": 10_000, "rate": 10_000.0}


def run(coro, seconds: float = GAME_SECONDS):
    return run_for(coro, seconds)


async def _sync(table: str, clients: list[Client], changes: int, first: int = 0) -> None:
    """Read each client's messages until its view shows the position ``changes`` (the
    client of seat ``first`` first: a refusal of its move raises)."""
    for seat in [first, *(s for s in range(len(clients)) if s != first)]:
        client = clients[seat]
        while client.views[(table, seat)]["changes"] < changes:
            await client.expect("view")


async def _play(table: str, clients: list[Client], tokens: list[str], rng: random.Random,
                moves: int = MAX_MOVES) -> int:
    """Random legal moves, each from the client of the seat that must act, until the game
    ends (or ``moves`` are made); returns how many were made."""
    made = 0
    while made < moves:
        view = clients[0].views[(table, 0)]
        if view["over"]:
            break
        actor = view["actor"]
        client = clients[actor]
        legal = client.legal(table, actor)
        assert legal, f"seat {actor} must act and has no legal move"
        await client.move(table, actor, tokens[actor], rng.choice(legal))
        made += 1
        await _sync(table, clients, view["changes"] + 1, first=actor)
    return made


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_people_on_their_own_machines_play_a_whole_game(tmp_path, game_id):
    """Every seat a client of its own on loopback: the game is played to its end through
    the server, every client's last view shows it over, and the server's journal holds
    every move (a new server reading it has the same game)."""

    async def main():
        async with serving(tmp_path, **FAST) as server:
            table, clients, tokens = await table_with_everyone(url_of(server), game_id)
            made = await _play(table, clients, tokens, random.Random(3))
            room = server.rooms[table]
            assert room.session.state.over, f"{made} moves and no end"
            assert len(room.session.moves) == made
            assert all(c.views[(table, i)]["over"] for i, c in enumerate(clients))
            final = pack(room.session.state)
            for c in clients:
                await c.close()
        again = Server(tmp_path)
        assert again.resume() == 1
        assert pack(again.rooms[table].session.state) == final
        again.store.close()

    run(main())


def _cards_in_view(game, state, seat: int) -> tuple[set, set]:
    """The card definitions ``seat``'s view of ``state`` shows, and those it hides."""
    view = game.rules.view(state, seat)
    shown_defs, hidden_defs = set(), set()
    for zone, cards in state.zones.items():
        shown = view.zones.get(zone, [])
        for i, card in enumerate(cards):
            visible = i < len(shown) and shown[i] != HIDDEN and shown[i] >= 0
            (shown_defs if visible else hidden_defs).add(state.cards[card])
    return shown_defs, hidden_defs - shown_defs


@pytest.mark.parametrize("game_id", sorted(g for g in GAMES
                                           if GAMES[g].rules.hidden_information(
                                               GAMES[g].rules.default_options())))
def test_no_byte_sent_to_a_seat_names_a_card_hidden_from_it(tmp_path, game_id):
    """Every message the server sends to a seat over a whole game, checked against the
    truth as it was then: its state names no card (id or name) hidden from that seat that
    it has never been shown, and its log lines are exactly the lines of the move the
    seat may read (public ones and its own)."""
    game = GAMES[game_id]

    async def main():
        async with serving(tmp_path, **FAST) as server:
            server.sent = []
            url = f"ws://127.0.0.1:{server.port}"
            table, clients, tokens = await table_with_everyone(url, game_id)
            spectator = await Client.connect(url)  # sees what every seat may see
            await spectator.send({"type": "watch", "code": server.rooms[table].record.code})
            await spectator.expect("joined")
            await _play(table, clients, tokens, random.Random(5))
            for c in [*clients, spectator]:
                await c.close()
        return server.sent

    sent = run(main())
    assert len(sent) > 10
    known: dict[int, set] = {}
    checked = 0
    for _, seat, text, state in sent:
        msg = json.loads(text)
        shown, hidden = _cards_in_view(game, state, seat)
        readable = [line for line, only in state.events if only is None or seat in only]
        told = " ".join(readable)  # (a card the rules name to the seat, e.g. one cut)
        known.setdefault(seat, set()).update(shown)
        known[seat].update(c for c in hidden if c.name in told)
        secret = hidden - known[seat]  # (a card once shown to the seat is no secret)
        state_text = json.dumps({k: v for k, v in msg["state"].items() if k != "events"})
        assert [e["t"][0] if isinstance(e, dict) else e[0]
                for e in msg["state"].get("events", [])] == readable, seat
        for card in secret:
            assert f'"{card.id}"' not in state_text, (seat, card.id)
            if card.name not in {c.name for c in known[seat]}:
                assert not re.search(r"(?<!\w)" + re.escape(card.name) + r"(?!\w)",
                                     state_text), (seat, card.name)
        checked += len(secret)
        for index, _, _, lines in msg["log"]:
            if index == msg["moves"] and index > 0:
                assert [line for line in lines if not line.startswith("\u201c")] == \
                    readable, (seat, index)
    assert checked, "no card was ever hidden: the check checked nothing"
    assert sum(seat == -1 for _, seat, _, _ in sent) > 10  # the spectator's were checked


def test_hostile_messages_are_refused_and_change_nothing(tmp_path):
    """Over 2,000 malformed or hostile messages, from many connections: each is answered
    with the reason (or its connection closed: a message over the size limit, a flood);
    the server goes on, the table under attack does not change, and an honest client at
    another table sees only its own views and can still play."""

    async def main():
        async with serving(tmp_path) as server:
            url = url_of(server)
            table, clients, tokens = await table_with_everyone(url, "brawl")
            other, honest, honest_tokens = await table_with_everyone(url, "brawl", seed=11)
            room = server.rooms[table]
            before = (room.session.changes, len(room.session.moves))
            actor = clients[0].views[(table, 0)]["actor"]
            waiting = 1 - actor
            legal = clients[actor].legal(table, actor)
            good = legal[0]
            from tabletop.engine.pack import pack_move
            hostile: list[str | bytes] = []
            rng = random.Random(9)
            for i in range(260):
                hostile += [
                    "not json " + str(i), b"\xff\xfe\x00" + bytes([i % 256]),
                    "[" * 40 + "]" * 40, json.dumps([1, 2, 3]), json.dumps({"type": 5}),
                    json.dumps({"type": "launch", "x": 1}),
                    json.dumps({"type": "move", "table": table}),
                    json.dumps({"type": "move", "table": table, "seat": actor,
                                "token": tokens[waiting], "move": pack_move(good),
                                "changes": before[0]}),  # another seat's token
                    json.dumps({"type": "move", "table": table, "seat": waiting,
                                "token": tokens[waiting], "move": pack_move(good),
                                "changes": before[0]}),  # a move for another seat
                    json.dumps({"type": "move", "table": table, "seat": actor,
                                "token": "x" * rng.randint(1, 60), "move": pack_move(good),
                                "changes": before[0]}),  # a guessed token
                    json.dumps({"type": "move", "table": table, "seat": actor,
                                "token": tokens[actor], "move": ["nonsense", 1, 2],
                                "changes": before[0]}),  # not a move of the game
                    json.dumps({"type": "move", "table": table, "seat": actor,
                                "token": tokens[actor], "move": pack_move(good),
                                "changes": before[0] + 7}),  # made on another position
                    json.dumps({"type": "join", "code": "ZZZZZZ", "seat": 0, "name": "x"}),
                    json.dumps({"type": "rejoin", "table": table, "seat": actor,
                                "token": tokens[waiting]}),
                ]
            assert len(hostile) >= 2000
            answered = closed = 0
            for start in range(0, len(hostile), 30):  # within a connection's burst
                attacker = await Client.connect(url)
                for msg in hostile[start:start + 30]:
                    await attacker.ws.send(msg)
                for _ in hostile[start:start + 30]:
                    reply = await attacker.receive()
                    assert reply["type"] in ("error", "refused"), reply
                    answered += 1
                await attacker.close()
            # too big: the connection is closed, nothing acted on
            for size in (protocol.MAX_BYTES + 1, 10 * protocol.MAX_BYTES):
                attacker = await Client.connect(url)
                await attacker.ws.send(json.dumps({"type": "hello", "pad": "x" * size}))
                with pytest.raises(ConnectionClosed):
                    await attacker.receive()
                closed += 1
            # a flood: refused past the budget, then the connection closed
            flood = await Client.connect(url)
            for _ in range(400):
                try:
                    await flood.ws.send(json.dumps({"type": "hello", "version": 1}))
                except Exception:
                    break
            kinds = []
            try:
                while True:
                    kinds.append((await flood.receive())["type"])
            except Exception:
                closed += 1
            assert "error" in kinds and "welcome" in kinds
            assert answered >= 2000 and server.refused >= answered
            assert (room.session.changes, len(room.session.moves)) == before
            # the server goes on: the honest table plays, and saw nothing of the attack
            seen = [json.loads(t)["type"] for c in honest for t in c.received]
            assert set(seen) <= {"welcome", "joined", "view"}, set(seen)
            made = await _play(other, honest, honest_tokens, random.Random(1), moves=3)
            assert made == 3

    run(main())


def test_a_seat_is_taken_once_and_a_wrong_card_set_is_refused(tmp_path):
    async def main():
        async with serving(tmp_path) as server:
            url = url_of(server)
            host = await Client.connect(url)
            created = await host.create("brawl", ["A", "B"])
            joined = await host.join(created["code"], 0, "A")
            assert len(joined["token"]) >= 22  # 128 bits and more
            other = await Client.connect(url)
            with pytest.raises(ServerRefused, match="seat 1 is taken"):
                await other.join(created["code"], 0, "B")
            with pytest.raises(ServerRefused, match="your cards are not the server's"):
                await other.join(created["code"], 1, "B", fingerprint="0" * 16)
            with pytest.raises(ServerRefused, match="has 2 seats"):
                await other.create("brawl", ["just me"])
            long = await other.create("brawl", ["x" * 150, "  Bo   Lee "])
            names = server.rooms[long["table"]].session.seats
            assert [len(names[0].name), names[1].name] == [40, "Bo Lee"]

    run(main())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(data: Path, port: int) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "tabletop", "serve", "--data", str(data),
                             "--port", str(port)], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    lines = []
    for _ in range(20):  # (what it prints before it listens, if anything)
        lines.append(proc.stdout.readline())
        if "listening on" in lines[-1] or not lines[-1]:
            break
    assert "listening on" in lines[-1], lines
    return proc


#: times the server is killed and started again
KILLS = 30
#: kills at most, when no game has ended by :data:`KILLS` (a starved server takes fewer of
#: the moves sent just before a kill, so a game may need a few more rounds to end)
MOST_KILLS = 60


async def _rejoin_play_and_send_one(url: str, table: str, tokens: list[str],
                                    rng: random.Random, acknowledged: int
                                    ) -> tuple[int, bool]:
    """Rejoin both seats (the server was started again: it must have every acknowledged
    move and at most the one sent after them), play a few moves, send one more without
    waiting for it; returns the moves acknowledged and whether the game is over."""
    clients = []
    for seat in (0, 1):
        c = await Client.connect(url)
        await c.rejoin(table, seat, tokens[seat])
        clients.append(c)
    kept = clients[0].views[(table, 0)]["moves"]
    assert acknowledged <= kept <= acknowledged + 1, (acknowledged, kept)
    done = kept + await _play(table, clients, tokens, rng, moves=rng.randint(1, 10))
    view = clients[0].views[(table, 0)]
    if not view["over"]:
        actor = view["actor"]
        await clients[actor].move(table, actor, tokens[actor],
                                  rng.choice(clients[actor].legal(table, actor)))
        await asyncio.sleep(rng.uniform(0, 0.005))  # the kill lands anywhere in its way
    return done, view["over"]


def test_a_server_killed_at_any_moment_resumes_every_acknowledged_move(tmp_path):
    """``tabletop serve`` killed with SIGKILL at random moments (0-5 ms after a move was
    sent, so anywhere in its handling: before, during or after the journal's write),
    :data:`KILLS` times (more, up to :data:`MOST_KILLS`, until a game has ended), and
    started again: each time the table comes back with every
    move a client saw acknowledged (its view after the move) and at most the one sent
    after them, and the clients rejoin with their tokens and play on (a new game when
    one ends)."""
    port = _free_port()
    data = tmp_path / "server"
    proc = _serve(data, port)
    url = f"ws://127.0.0.1:{port}"
    rng = random.Random(4)
    try:
        table, _, tokens = run(table_with_everyone(url, "brawl"), 30)
        acknowledged, games = 0, 1
        for kill in range(MOST_KILLS):
            if kill >= KILLS and games >= 2:
                break
            acknowledged, over = run(
                _rejoin_play_and_send_one(url, table, tokens, rng, acknowledged), 30)
            proc.send_signal(signal.SIGKILL)
            proc.wait(10)
            proc = _serve(data, port)
            if over:  # the game ended: go on with a new one
                table, _, tokens = run(table_with_everyone(url, "brawl", seed=games), 30)
                acknowledged, games = 0, games + 1
        run(_rejoin_play_and_send_one(url, table, tokens, rng, acknowledged), 30)
        assert games >= 2  # (a game ended and a new one went on across the kills)
    finally:
        proc.kill()
        proc.wait(10)


def test_the_server_needs_no_display():
    """``tabletop serve`` runs where there is no screen: it never loads pygame."""
    out = subprocess.run([sys.executable, "-c", "import sys, tabletop.net.server, "
                          "tabletop.games; print('pygame' in sys.modules)"],
                         capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False", out.stderr


TLS = Path(__file__).resolve().parent / "fixtures" / "tls"


def test_a_server_with_a_certificate_serves_only_tls(tmp_path):
    """``wss://`` with the server's certificate (a self-signed one for localhost, kept
    in the fixtures): a game plays as over ``ws://``; a client that does not trust the
    certificate, or speaks plain ``ws://``, gets nothing."""
    import ssl

    from tabletop.net.server import tls_context

    async def main():
        server = Server(tmp_path, tls=tls_context(str(TLS / "localhost.crt"),
                                                  str(TLS / "localhost.key")), **FAST)
        await server.start()
        url = f"wss://127.0.0.1:{server.port}"
        trusting = ssl.create_default_context(cafile=str(TLS / "localhost.crt"))
        try:
            host = await Client.connect(url, tls=trusting)
            created = await host.create("brawl", ["A", "B"])
            clients, tokens = [], []
            for seat in (0, 1):
                client = await Client.connect(url, tls=trusting)
                tokens.append((await client.join(created["code"], seat, "AB"[seat]))["token"])
                clients.append(client)
            for seat, client in enumerate(clients):
                await client.seated(created["table"], seat)
            assert await _play(created["table"], clients, tokens, random.Random(2),
                               moves=5) == 5
            with pytest.raises(ssl.SSLCertVerificationError):
                await Client.connect(url)  # the system's trust: a self-signed certificate
            with pytest.raises(InvalidMessage):  # (no WebSocket answer to plain text)
                await Client.connect(f"ws://127.0.0.1:{server.port}")
            assert len(server.rooms[created["table"]].session.moves) == 5
        finally:
            await server.stop()

    run(main(), 60)


def test_serve_refuses_half_a_certificate(tmp_path):
    out = subprocess.run([sys.executable, "-m", "tabletop", "serve", "--data", str(tmp_path),
                          "--port", str(_free_port()), "--certfile",
                          str(TLS / "localhost.crt")], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 2
    assert "TLS needs both --certfile and --keyfile" in out.stderr


async def _proxy(target: int, rng: random.Random, delay: float, cut: float):
    """A TCP proxy on loopback to ``target`` that holds every chunk ``delay`` seconds each
    way and cuts the connection instead of passing a chunk with chance ``cut``; returns
    (the server, its port)."""

    async def pump(reader, writer, other):
        try:
            while chunk := await reader.read(65536):
                await asyncio.sleep(delay)
                if rng.random() < cut:
                    break  # (the message is lost with the connection)
                writer.write(chunk)
                await writer.drain()
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()
            other.close()

    async def handle(reader, writer):
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", target)
        await asyncio.gather(pump(reader, up_writer, writer), pump(up_reader, writer, up_writer))

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    return server, server.sockets[0].getsockname()[1]


async def _player(url: str, table: str, seat: int, token: str, rng: random.Random,
                  made: list) -> int:
    """A player over a bad connection: rejoins whenever it breaks, and plays its moves
    until the game ends (a move whose answer was lost is not sent twice: the view after
    rejoining says whether it was played). Returns how many times it reconnected."""
    reconnects = 0
    while True:
        try:
            client = await Client.connect(url)
            await client.rejoin(table, seat, token)
            while True:
                view = client.views[(table, seat)]
                if view["over"]:
                    await client.close()
                    return reconnects
                if view["actor"] == seat:
                    move = rng.choice(client.legal(table, seat))
                    await client.move(table, seat, token, move)
                    while client.views[(table, seat)]["changes"] <= view["changes"]:
                        await client.expect("view")
                    made.append((view["changes"], move))
                else:
                    await client.expect("view")
        except (TimeoutError, ConnectionClosed, OSError, InvalidHandshake):
            reconnects += 1  # (broken while opening, too)
        except ServerRefused as exc:  # a move sent twice is refused: it was played
            assert "changed" in str(exc), exc
            reconnects += 1


def test_a_game_over_a_slow_connection_that_keeps_breaking_finishes(tmp_path):
    """Both players behind a proxy that adds 80 ms to each round trip and breaks the
    connection on 5% of the messages: they rejoin each time and the game finishes, every
    move the server played is one a player made, once (0 lost, 0 played twice)."""

    async def main():
        server = Server(tmp_path, **FAST)
        await server.start()
        rng = random.Random(8)
        proxy, port = await _proxy(server.port, rng, delay=0.04, cut=0.05)
        try:
            table, clients, tokens = await table_with_everyone(url_of(server), "brawl")
            for c in clients:
                await c.close()
            made: list = []
            url = f"ws://127.0.0.1:{port}"
            reconnects = await asyncio.gather(
                *(_player(url, table, seat, tokens[seat], random.Random(seat), made)
                  for seat in (0, 1)))
            session = server.rooms[table].session
            assert session.state.over
            assert sum(reconnects) >= 3, reconnects  # (the connection did break)
            # every move the server played was made by a player exactly once, in order
            played = {changes: move for changes, move in made}
            assert len(played) == len(made) <= len(session.moves)
            for changes, move in played.items():
                assert session.moves[changes] == move
            return sum(reconnects), len(session.moves)
        finally:
            proxy.close()
            await server.stop()

    run(main(), 240)
