"""What a server does for a table beyond taking moves: the messages of a seated person
(a move, chat, taking a move back by agreement, adjourning, handing an away seat to the
computer), the computer's seats (:mod:`.computers`), each game kept as a save, and
tables with a free seat announced on the local network (:mod:`.lan`). Mixed into
:class:`~.server.Server`, whose tables, connections and views it uses."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from ..engine.files import atomic_write
from ..engine.saves import session_to_dict
from .computers import TableComputers
from .room import Refused, Room

#: seconds between looks at the computer seats' workers
COMPUTER_PACE = 0.05


class TableWork:
    """(See the module docstring.) Needs the server's ``rooms``, ``watchers``, ``data``,
    ``announcer``, ``_computers``, ``_lan_jobs``, ``here()`` and ``_send_views()``."""

    rooms: dict[str, Room]
    watchers: dict[str, dict[int, set]]
    data: Path
    announcer: Any
    _computers: dict[str, TableComputers]

    # -- a seated person's messages ------------------------------------------------------
    async def _seat_message(self, conn, kind: str, msg: dict[str, Any]) -> None:
        """A message from a seat at a table (its token checked by the room)."""
        room = self.rooms.get(msg["table"])
        if room is None:
            raise Refused("there is no such table")
        await getattr(self, f"_on_{kind}")(room, msg["seat"], msg["token"], msg)

    async def _on_move(self, room: Room, seat: int, token: str, msg: dict) -> None:
        room.play(seat, token, msg["move"], msg["changes"])
        await self._send_views(room)
        await self._save_if_over(room)

    async def _on_say(self, room: Room, seat: int, token: str, msg: dict) -> None:
        seat, name, text = room.say(seat, token, msg["text"])
        line = {"type": "chat", "table": room.id, "seat": seat, "name": name, "text": text}
        for c in {c for conns in self.watchers[room.id].values() for c in conns}:
            await c.send(line)

    async def _on_undo(self, room: Room, seat: int, token: str, msg: dict) -> None:
        await self._taken_back(room, lambda: room.ask_undo(seat, token))

    async def _on_answer(self, room: Room, seat: int, token: str, msg: dict) -> None:
        await self._taken_back(room, lambda: room.answer_undo(seat, token, msg["yes"]))

    async def _taken_back(self, room: Room, act) -> None:
        before = room.session.changes
        act()
        if room.session.changes != before:  # taken back: every log is sent whole
            for conns in self.watchers[room.id].values():
                for c in conns:
                    c.seats = {k: 0 if k[0] == room.id else v for k, v in c.seats.items()}
        await self._send_views(room)

    async def _on_adjourn(self, room: Room, seat: int, token: str, msg: dict) -> None:
        """The host stops for now: everyone leaves the table, which is kept."""
        room.check(seat, token)
        if seat != room.host:
            raise Refused("only the host may adjourn the game")
        await self.save(room)
        told = {"type": "adjourned", "table": room.id, "by": room.name(seat)}
        for watched, conns in list(self.watchers[room.id].items()):
            for c in list(conns):
                await c.send(told)
                c.seats.pop((room.id, watched), None)
            conns.clear()

    async def _on_hand(self, room: Room, seat: int, token: str, msg: dict) -> None:
        away = set(room.claims) - self.here(room.id)
        room.hand_to_computer(seat, token, msg["to"], msg["level"], away)
        for c in list(self.watchers[room.id].pop(msg["to"], ())):
            c.seats.pop((room.id, msg["to"]), None)
        self._watch_computers(room)
        await self._send_views(room)
        await self._announce(room)

    # -- the computer's seats -------------------------------------------------------------
    def _watch_computers(self, room: Room) -> None:
        """The table's computer seats are played by this server (:mod:`.computers`)."""
        levels = room.computers
        found = self._computers.get(room.id)
        if found is not None:
            found.levels = levels
        elif levels and not room.session.state.over:
            self._computers[room.id] = TableComputers(room.record.game, room.session, levels)

    async def _play_computers(self) -> None:
        """The computer seats' moves, as their workers answer (a few times a second)."""
        while True:
            await asyncio.sleep(COMPUTER_PACE)
            for table, computers in list(self._computers.items()):
                room = self.rooms[table]
                if not room.seated():
                    continue
                move = computers.step()
                if move is not None:
                    room.play_move(move)
                    await self._send_views(room)
                    await self._save_if_over(room)
                if room.session.state.over:
                    computers.close()
                    del self._computers[table]

    # -- the local network, saves --------------------------------------------------------
    async def _announce(self, room: Room) -> None:
        """A table with a free seat is announced on the network; a full one withdrawn
        (in order, by a task of their own: announcing takes the network a second or two,
        and no message waits for it)."""
        if self.announcer is None:
            return
        if room.seated() or room.session.state.over:
            job = (self.announcer.withdraw, (room.record.code,))
        else:
            host = room.host
            job = (self.announcer.announce, (
                room.record.code, room.record.game, room.session.game.info.title,
                room.name(host) if host is not None else ""))
        self._lan_jobs.put_nowait(job)

    async def _announcing(self) -> None:
        while True:
            work, args = await self._lan_jobs.get()
            await work(*args)

    def save_path(self, room: Room) -> Path:
        return self.data / "saves" / f"{room.record.game}-{room.id}.json"

    async def save(self, room: Room) -> None:
        """Write the table's game as a save (the format of a game saved at one screen:
        ``tabletop scenario`` and Load game read it), off the server's loop."""
        mark = (len(room.session.moves), room.session.changes)
        if room.saved == mark:
            return  # (kept as it is already)
        room.saved = mark
        blob = json.dumps(session_to_dict(room.session), indent=1, ensure_ascii=False)
        path = self.save_path(room)
        path.parent.mkdir(parents=True, exist_ok=True)
        await asyncio.to_thread(atomic_write, path, blob.encode("utf-8"))

    async def _save_if_over(self, room: Room) -> None:
        if room.session.state.over:
            await self.save(room)
