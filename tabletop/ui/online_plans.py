"""Sitting down at an online table: hosting a new one, joining one by its code, rejoining
one this player holds a seat at. Each plan runs off the frame (the screens of
:mod:`.online_screens` run it in a thread), talks to the server over a
:class:`~tabletop.net.link.Link`, and ends with the seat's first view taken: the table
opens showing the game as it is. Imports no pygame.

An online game plays the server's cards: the app plays it with the shipped card set
(mods off), and before a seat is claimed the server's card set is compared with it; when
they differ, joining is refused with the cards that differ named
(:func:`tabletop.engine.cards.differing_cards`).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from ..engine.cards import differing_cards
from ..games import GAMES
from ..net import seatbook
from ..net.link import Link, LinkError
from .table.remote import RemoteSession

#: seconds a plan waits for the server at each step
STEP = 20.0

_catalogs: dict[str, object] = {}
_catalogs_lock = threading.Lock()


class JoinError(Exception):
    """Why a table could not be joined, in words for the player."""


@dataclass
class Seated:
    """A seat taken at an online table: the link, the game as the seat sees it, the
    seat's token and the record kept to rejoin it."""

    link: Link
    session: RemoteSession
    token: str
    held: seatbook.HeldSeat


def online_catalog(game_id: str):
    """The cards an online game is played with: the shipped set (read once)."""
    with _catalogs_lock:
        found = _catalogs.get(game_id)
        if found is None:
            found = _catalogs[game_id] = GAMES[game_id].rules.load_catalog(mod_dirs=[])
        return found


def _answer(link: Link, msg: dict, *answers: str) -> dict:
    """The server's answer to ``msg``; a server that cannot be reached at all (the first
    connection failed: a wrong address, nothing listening) is told at once."""
    future = link.request(msg, *answers, timeout=STEP)
    end = time.monotonic() + STEP + 1
    try:
        while True:
            try:
                return future.result(0.1)
            except TimeoutError:
                if time.monotonic() > end or (
                        not link.ever_connected and link.status == "reconnecting"):
                    raise
    except LinkError as exc:
        raise JoinError(_sentence(str(exc))) from None
    except TimeoutError:
        raise JoinError(f"No answer from the server at {link.url}"
                        + (f" ({link.problem})" if link.problem else "")
                        + ". Check the address, and that the server is running.") from None


def _sentence(text: str) -> str:
    text = text.strip() or "the server refused"
    return text[:1].upper() + text[1:].rstrip(".") + "."


def look(link: Link, code: str) -> dict:
    """The table of ``code`` as the server describes it before joining."""
    return _answer(link, {"type": "look", "code": code.strip().upper()}, "table")


def _check_cards(found: dict) -> None:
    game = GAMES.get(found["game"])
    if game is None:
        raise JoinError(f"This app has no game {found['game']!r}: update it to join.")
    ruleset = found.get("ruleset", game.rules.version)
    if ruleset != game.rules.version:
        raise JoinError(f"The server plays {game.info.title} by version {ruleset} of its "
                        f"rules, this app by version {game.rules.version}: update the "
                        f"{'app' if ruleset > game.rules.version else 'server'} to join.")
    catalog = online_catalog(found["game"])
    if found["fingerprint"] != catalog.fingerprint:
        differ = differing_cards(catalog, found.get("cards") or {})
        raise JoinError("Your cards are not the server's, so this game cannot be played "
                        "here: " + (", ".join(differ) if differ else "they differ") + ".")


def _seated(link: Link, found: dict, joined: dict, names: list[str], url: str,
            address: str, backlog: list[dict] | None = None) -> Seated:
    """The seat's first view taken (the table opens on the game as it is);
    ``backlog``: messages read from the link already, taken first."""
    game_id = joined["game"]
    seat = joined["seat"]
    session = RemoteSession(GAMES[game_id], online_catalog(game_id), joined["options"],
                            seat, names, joined["table"], url, joined.get("code", ""),
                            address)
    end = time.monotonic() + STEP
    backlog = list(backlog or [])
    while session.changes < 0:
        for msg in backlog + link.messages():
            if msg.get("type") == "view" and msg.get("table") == session.table and \
                    msg.get("seat") == seat:
                session.take(msg)
            elif msg.get("type") in ("refused", "error"):
                raise JoinError(_sentence(msg.get("reason", "")))
        backlog = []
        if session.changes < 0:
            if time.monotonic() > end:
                raise JoinError("The server sent no view of the table.")
            time.sleep(0.02)
    token = joined.get("token") or link.seats.get((session.table, seat), "")
    held = seatbook.HeldSeat(url, address, session.table, session.code, seat, token,
                             game_id, session.title, seatbook.now(), session.over)
    return Seated(link, session, token, held)


def join(url: str, code: str, name: str, seat: int = -1) -> Seated:
    """Join the table of ``code`` on the server at ``url``, at ``seat`` (-1: the first
    free one)."""
    link = Link(url)
    try:
        found = look(link, code)
        _check_cards(found)
        catalog = online_catalog(found["game"])
        joined = _answer(link, {"type": "join", "code": found["code"], "seat": seat,
                                "name": name, "fingerprint": catalog.fingerprint},
                         "joined")
        names = [s["name"] for s in found["seats"]]
        return _seated(link, found, joined, names, url, url)
    except BaseException:
        link.close()
        raise


def watch(url: str, code: str) -> Seated:
    """Watch the table of ``code`` as a spectator (what every seat may see)."""
    link = Link(url)
    try:
        found = look(link, code)
        _check_cards(found)
        joined = _answer(link, {"type": "watch", "code": found["code"]}, "joined")
        names = [s["name"] for s in found["seats"]]
        return _seated(link, found, joined, names, url, url)
    except BaseException:
        link.close()
        raise


def rejoin(held: seatbook.HeldSeat) -> Seated:
    """Take back a seat held (its token) and go on."""
    link = Link(held.url, seats={(held.table, held.seat): held.token})
    try:
        found = look(link, held.code)
        _check_cards(found)
        end = time.monotonic() + STEP
        joined, backlog = None, []
        while joined is None:  # (the link rejoins by itself as it connects)
            msgs = link.messages()
            for i, msg in enumerate(msgs):
                if msg.get("type") == "joined" and msg.get("table") == held.table:
                    joined, backlog = msg, msgs[i + 1:]
                    break
                if msg.get("type") == "refused":
                    raise JoinError(_sentence(msg.get("reason", "")))
            if joined is None:
                if time.monotonic() > end:
                    raise JoinError("The server did not give the seat back.")
                time.sleep(0.02)
        names = [s["name"] for s in found["seats"]]
        return _seated(link, found, joined, names, held.url, held.address, backlog)
    except BaseException:
        link.close()
        raise


_server_lock = threading.Lock()


def local_server(app):
    """This app's own server (:class:`~tabletop.net.host.LocalServer`), started the first
    time a game with online seats is; its tables are kept in the user data folder's
    ``server/`` (as ``tabletop serve`` keeps them), so that they are there to rejoin
    when the app hosts again. Raises :class:`JoinError` when it cannot start."""
    from ..engine.paths import user_data
    from ..net.host import LocalServer

    with _server_lock:
        server = getattr(app, "online_server", None)
        if server is None:
            try:
                server = LocalServer(user_data() / "server").start()
            except OSError as exc:
                raise JoinError(f"The game server could not start: {exc}") from None
            app.online_server = server
        return server


def host(server, game_id: str, options: dict, names: list[str], seat: int,
         seed: int | None, computers: list | None = None) -> Seated:
    """A new table on this app's server (``server``: a started
    :class:`~tabletop.net.host.LocalServer`) and ``seat`` of it taken by the host;
    ``computers``: a level or None per seat (the server plays those)."""
    link = Link(server.local_url)
    try:
        msg = {"type": "create", "game": game_id, "seats": names, "options": options,
               "host": seat}
        if computers and any(computers):
            msg["computers"] = computers
        if seed is not None:
            msg["seed"] = seed
        created = _answer(link, msg, "created")
        found = look(link, created["code"])
        _check_cards(found)
        joined = _answer(link, {"type": "join", "code": created["code"], "seat": seat,
                                "name": names[seat],
                                "fingerprint": online_catalog(game_id).fingerprint},
                         "joined")
        return _seated(link, found, joined, names, server.local_url, server.friends_url)
    except BaseException:
        link.close()
        raise
