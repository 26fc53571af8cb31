"""Online tables beyond moves: the computer's seats played by the server, an away seat
handed to the computer by the host, a move taken back only when everyone agrees (and
never past a hidden card shown), the table's chat, spectators, and each game kept as a
save in the local format. Servers and clients on 127.0.0.1; every loop bounded."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys

import pytest

pytest.importorskip("websockets")

from online_helpers import refused, serving, table_with_everyone, url_of  # noqa: E402
from online_helpers import run as run_for  # noqa: E402

from tabletop.engine.saves import read_save, session_from_dict  # noqa: E402
from tabletop.games import GAMES  # noqa: E402
from tabletop.net.client import Client, ServerRefused  # noqa: E402
from tabletop.net.server import Server  # noqa: E402

SECONDS = 150


def run(coro, seconds: float = SECONDS):
    return run_for(coro, seconds)


async def _until(client: Client, table: str, seat: int, test, seconds: float = 60):
    """Read ``client``'s messages until its view of ``seat`` passes ``test``."""
    async def loop():
        while not test(client.views[(table, seat)]):
            await client.expect("view")
        return client.views[(table, seat)]
    return await asyncio.wait_for(loop(), seconds)


async def _play_random(client: Client, table: str, seat: int, token: str,
                       rng: random.Random, most: int = 3000) -> int:
    """Play the seat's moves (random legal ones) until the game is over."""
    made = 0
    while made < most:
        view = await _until(client, table, seat, lambda v: v["over"] or v["legal"])
        if view["over"]:
            return made
        await client.move(table, seat, token, rng.choice(client.legal(table, seat)))
        await _until(client, table, seat, lambda v, c=view["changes"]: v["changes"] > c)
        made += 1
    raise AssertionError("the game did not end")


def test_a_person_plays_the_servers_computer_to_the_end_and_the_save_replays(tmp_path):
    async def main():
        async with serving(tmp_path) as server:
            url = url_of(server)
            me = await Client.connect(url)
            created = await me.create("brawl", ["Ana", "Robot"], seed=3,
                                      computers=[None, "easy"], host=0)
            joined = await me.join(created["code"], -1, "Ana")
            table, token = joined["table"], joined["token"]
            assert joined["seat"] == 0  # the only seat a person may take
            view = me.views[(table, 0)]
            assert view["seats"][1] == {"name": "Robot", "held": True, "here": False,
                                        "computer": "easy"}
            other = await Client.connect(url)
            with pytest.raises(ServerRefused, match="every seat"):
                await other.join(created["code"], -1, "Bo")
            made = await _play_random(me, table, 0, token, random.Random(1))
            room = server.rooms[table]
            assert room.session.state.over and made < len(room.session.moves)
            assert any(m.seat == 1 for m in room.session.moves)  # the computer moved
            await me.close()
            await other.close()
        # the server kept the game as a save a table at one screen loads
        path = server.save_path(room)
        data = read_save(path, GAMES)
        game = GAMES["brawl"]
        again, warnings = session_from_dict(data, game, game.rules.load_catalog(mod_dirs=[]))
        assert warnings == []
        assert len(again.moves) == len(room.session.moves)
        assert again.state.winners == room.session.state.winners
        assert [s.kind for s in again.seats] == ["human", "computer"]
        out = subprocess.run([sys.executable, "-m", "tabletop", "scenario", "--summary",
                              str(path)], capture_output=True, text=True, timeout=120)
        assert out.returncode == 0 and f"{len(again.moves)} moves played" in out.stdout, out

    run(main())


def test_the_host_hands_an_away_seat_to_the_computer(tmp_path):
    async def main():
        async with serving(tmp_path) as server:
            url = url_of(server)
            table, (host, friend), (a, b) = await table_with_everyone(
                url, "brawl", 4, ["Ana", "Bo"], host=0)
            # the friend may not hand the host's seat over, nor the host a seat held here
            await refused(friend, {"type": "hand", "table": table, "seat": 1, "token": b,
                                   "to": 0, "level": "easy"}, "only the host")
            await refused(host, {"type": "hand", "table": table, "seat": 0, "token": a,
                                 "to": 1, "level": "easy"}, "player is here")
            await friend.close()  # the friend's app closes: the seat is away
            await _until(host, table, 0, lambda v: not v["seats"][1]["here"])
            await host.send({"type": "hand", "table": table, "seat": 0, "token": a,
                             "to": 1, "level": "easy"})
            view = await _until(host, table, 0, lambda v: v["seats"][1]["computer"])
            assert view["seats"][1]["name"] == "Bo"
            room = server.rooms[table]
            handed = len(room.session.moves)
            rng = random.Random(2)
            while not room.session.state.over and \
                    sum(m.seat == 1 for m in room.session.moves[handed:]) < 3:
                view = await _until(host, table, 0, lambda v: v["over"] or v["legal"])
                if not view["over"]:  # the computer answers for Bo in between
                    await host.move(table, 0, a, rng.choice(host.legal(table, 0)))
                    await _until(host, table, 0,
                                 lambda v, c=view["changes"]: v["changes"] > c)
            assert room.session.state.over or \
                sum(m.seat == 1 for m in room.session.moves[handed:]) >= 3
            late = await Client.connect(url)  # the seat is the computer's now
            with pytest.raises(ServerRefused, match="not your seat"):
                await late.rejoin(table, 1, b)
            await host.close()
            await late.close()
        again = Server(tmp_path)  # kept: the computer's seat after a restart too
        again.resume()
        assert again.rooms[table].computers == {1: "easy"}
        again.store.close()

    run(main())


def test_a_move_is_taken_back_only_when_everyone_agrees(tmp_path):
    async def main():
        async with serving(tmp_path) as server:
            url = url_of(server)
            table, clients, tokens = await table_with_everyone(url, "brawl", 5, ["Ana", "Bo"])
            room = server.rooms[table]
            # play until a seat has made a move no hidden card followed
            rng = random.Random(6)
            while True:
                actor = room.session.state.actor
                view = await _until(clients[actor], table, actor, lambda v: v["legal"])
                await clients[actor].move(table, actor, tokens[actor],
                                          rng.choice(clients[actor].legal(table, actor)))
                await _until(clients[actor], table, actor,
                             lambda v, c=view["changes"]: v["changes"] > c)
                if room.session.can_undo() and room.session.moves[-1].seat == actor:
                    break
            asker, other = actor, 1 - actor
            moves = len(room.session.moves)
            ask = {"type": "undo", "table": table, "seat": asker, "token": tokens[asker]}
            await clients[asker].send(ask)
            view = await _until(clients[other], table, other, lambda v: v["undo"])
            assert view["undo"] == {"by": asker, "waiting": [other]}
            no = {"type": "answer", "table": table, "seat": other, "token": tokens[other],
                  "yes": False}
            await clients[other].send(no)
            await _until(clients[other], table, other, lambda v: v["undo"] is None)
            assert len(room.session.moves) == moves  # one said no: nothing taken back
            await clients[asker].send(ask)
            await _until(clients[other], table, other, lambda v: v["undo"])
            await clients[other].send({**no, "yes": True})
            view = await _until(clients[asker], table, asker,
                                lambda v: v["moves"] < moves)
            assert len(room.session.moves) == view["moves"] < moves
            # the whole log is sent again, as long as the game now is
            assert len(clients[asker].views[(table, asker)]["log"]) == view["moves"] + 1
            for c in clients:
                await c.close()
        again = Server(tmp_path)  # the journal lost the moves taken back
        again.resume()
        assert len(again.rooms[table].session.moves) == view["moves"]
        again.store.close()

    run(main())


def test_a_move_past_a_hidden_card_shown_is_not_taken_back(tmp_path):
    async def main():
        async with serving(tmp_path) as server:
            url = url_of(server)
            c0 = await Client.connect(url)
            created = await c0.create("brawl", ["Ana", "Bo"], seed=5)
            table = created["table"]
            token = (await c0.join(created["code"], 0, "Ana"))["token"]
            await refused(c0, {"type": "undo", "table": table, "seat": 0, "token": token,
                               "id": 1}, "no move of yours to take back")
            await c0.close()

    run(main())


def test_chat_reaches_everyone_at_the_table_and_spectators_see_no_hand(tmp_path):
    async def main():
        async with serving(tmp_path) as server:
            url = url_of(server)
            c0 = await Client.connect(url)
            created = await c0.create("brawl", ["Ana", "Bo"], seed=7)
            table = created["table"]
            t0 = (await c0.join(created["code"], 0, "Ana"))["token"]
            watcher = await Client.connect(url)
            await watcher.send({"type": "watch", "code": created["code"].lower()})
            await watcher.expect("joined")
            view = await watcher.expect("view")
            assert view["seat"] == -1 and view["legal"] == []
            hands = [z for z in view["state"]["zones"]["d"] if z[0].startswith("hand.")]
            assert hands and all(card == -1 for _, cards in hands for card in cards)
            await c0.send({"type": "say", "table": table, "seat": 0, "token": t0,
                           "text": "  good   luck  "})
            line = await watcher.expect("chat")
            assert (line["seat"], line["name"], line["text"]) == (0, "Ana", "good luck")
            # a spectator cannot talk, nor anyone with another seat's token
            await refused(watcher, {"type": "say", "table": table, "seat": 1, "token": t0,
                                    "text": "hi"}, "not your seat")
            late = await Client.connect(url)  # who sits down later reads what was said
            await late.send({"type": "join", "code": created["code"], "seat": 1,
                             "name": "Bo"})
            await late.expect("joined")
            assert (await late.expect("chat"))["text"] == "good luck"
            for c in (c0, watcher, late):
                await c.close()

    run(main())


def test_the_host_adjourns_and_the_game_goes_on_when_they_are_back(tmp_path):
    async def main():
        async with serving(tmp_path) as server:
            url = url_of(server)
            table, (c0, c1), (t0, t1) = await table_with_everyone(
                url, "brawl", 8, ["Ana", "Bo"], host=0)
            move = c0.legal(table, 0)[0]
            await c0.move(table, 0, t0, move)
            await _until(c0, table, 0, lambda v: v["moves"] == 1)
            await refused(c1, {"type": "adjourn", "table": table, "seat": 1, "token": t1,
                               "id": 1}, "only the host")
            await c0.send({"type": "adjourn", "table": table, "seat": 0, "token": t0})
            for c in (c0, c1):
                told = await c.expect("adjourned")
                assert told["by"] == "Ana"
            assert server.here(table) == set()  # nobody at the table now
            assert server.save_path(server.rooms[table]).exists()  # kept as a save too
            for c in (c0, c1):
                await c.close()
            back = [await Client.connect(url) for _ in range(2)]
            for seat, (c, t) in enumerate(zip(back, (t0, t1), strict=True)):
                await c.rejoin(table, seat, t)
            view = await _until(back[0], table, 0, lambda v: all(s["here"] for s in v["seats"]))
            assert view["moves"] == 1  # the game as it was, and it goes on
            for c in back:
                await c.close()

    run(main())
