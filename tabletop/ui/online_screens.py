"""The online screens: "Play online" (join a table by its address and code, rejoin a game
this player holds a seat in), the screen shown while a plan of :mod:`.online_plans`
runs off the frame, and opening the table of a seat taken."""

from __future__ import annotations

import concurrent.futures
import logging
import threading
from collections.abc import Callable

import pygame

from ..net import lan, seatbook
from . import text, theme
from .app import background
from .menuscene import MenuScene
from .online_plans import JoinError, Seated, join, rejoin, watch
from .widgets import Button, TextInput, Toast

LOG = logging.getLogger("tabletop.online")

#: how many of the player's online games the screen lists to rejoin
LISTED = 5


def run_off_frame(plan: Callable[[], object]) -> concurrent.futures.Future:
    """``plan()`` in a thread of its own (the frame never waits for the network)."""
    future: concurrent.futures.Future = concurrent.futures.Future()

    def work() -> None:
        try:
            future.set_result(plan())
        except BaseException as exc:  # (told on the screen, not raised in the thread)
            future.set_exception(exc)

    threading.Thread(target=work, name="tabletop-online-plan", daemon=True).start()
    return future


def close_finder(app) -> None:
    """Stop looking for tables on the network (the Play online screen is left)."""
    finder = getattr(app, "lan_finder", None)
    app.lan_finder = None
    if hasattr(finder, "close"):
        threading.Thread(target=finder.close, daemon=True).start()  # (not on the frame)
    elif isinstance(finder, concurrent.futures.Future):
        finder.add_done_callback(lambda f: f.exception() is None and f.result().close())


def open_online_table(app, seated: Seated) -> None:
    """The table of the seat taken (its game held by the server), and the seat kept to
    rejoin it (:mod:`tabletop.net.seatbook`)."""
    from .kits import table_for
    from .table.remote import RemoteTableModel

    close_finder(app)
    if seated.session.seat >= 0:  # (a spectator holds no seat)
        seatbook.keep_later(seated.held)
    model = RemoteTableModel(seated.session, seated.link, seated.token,
                             seated.held if seated.session.seat >= 0 else None)
    table = table_for(seated.session, model=model)
    if seated.session.seat >= 0:
        table.open_chat()
    app.replace(table)


class Connecting(MenuScene):
    """Shown while a plan runs: what is being done, then the table, or why not."""

    def __init__(self, title: str, plan: Callable[[], Seated]) -> None:
        self.title = title
        self.future = run_off_frame(plan)
        self.problem = ""
        self.back = Button((0, 0, 160, 50), "Back", self._leave, size=17)

    def layout(self, size) -> None:
        w, h = size
        self.back.rect = pygame.Rect(w // 2 - 80, h // 2 + 80, 160, 50)

    def _leave(self) -> None:
        if not self.future.done():  # the seat taken later is let go
            self.future.add_done_callback(_close_when_done)
        self.app.pop()

    def update(self, dt) -> None:
        if self.problem or not self.future.done():
            return
        try:
            seated = self.future.result()
        except JoinError as exc:
            self.problem = str(exc)
            return
        except Exception as exc:  # a bug: said, and in the log
            LOG.exception("online: %s failed", self.title)
            self.problem = f"Something went wrong: {exc}"
            return
        open_online_table(self.app, seated)

    def controls(self) -> list:
        return [self.back]

    def draw(self, surf) -> None:
        background(surf)
        w, h = surf.get_size()
        text.draw(surf, self.title, (40, h // 2 - 120, w - 80, 44), 28, theme.ACCENT,
                  "bold", align="center")
        words = self.problem or "Talking to the server\u2026"
        text.draw(surf, words, (w // 2 - 380, h // 2 - 60, 760, 120), 17,
                  theme.BAD if self.problem else theme.TEXT, wrap=True, align="center")
        self.back.draw(surf)
        self.draw_focus(surf)


def _close_when_done(future: concurrent.futures.Future) -> None:
    if not future.cancelled() and future.exception() is None:
        future.result().link.close()


def _url(address: str) -> str:
    """What a player typed as the address, as a URL (``host:port`` -> ``ws://host:port``)."""
    address = address.strip()
    return address if "://" in address else f"ws://{address}"


class PlayOnline(MenuScene):
    """Join a table by address and code; rejoin a game this player holds a seat in."""

    def __init__(self) -> None:
        self.address = ""
        self.code = ""
        self.name = ""
        self.toast = Toast()
        self.widgets: list = []
        self.held: list[seatbook.HeldSeat] = []
        self._read = run_off_frame(seatbook.read)
        #: tables announced on the local network (:mod:`tabletop.net.lan`)
        self.found: list = []

    def layout(self, size) -> None:
        if lan.available() and getattr(self.app, "lan_finder", None) is None:
            self.app.lan_finder = run_off_frame(lan.Finder)  # (sockets opened off the frame)
        w, h = size
        left = max(40, w // 2 - 420)
        width = min(840, w - 2 * left)
        self.left, self.width = left, width
        y = 150
        self.rows_y = y
        self.widgets = [
            TextInput((left + 150, y, width - 150, 36), self.address,
                      "host:port (as the host's table shows it)", 120,
                      on_change=lambda v: setattr(self, "address", v)),
            TextInput((left + 150, y + 48, 200, 36), self.code, "ABC123", 12,
                      on_change=lambda v: setattr(self, "code", v)),
            TextInput((left + 150, y + 96, 260, 36), self.name, "Your name", 40,
                      on_change=lambda v: setattr(self, "name", v),
                      on_submit=lambda v: self.join()),
        ]
        self.join_button = Button((left + 150, y + 146, 200, 46), "Join", self.join,
                                  primary=True, size=18)
        self.widgets.append(self.join_button)
        self.watch_button = Button((left + 362, y + 146, 200, 46), "Watch", self.watch,
                                   size=17, tooltip="See the game as a spectator: no "
                                   "player's hidden cards")
        self.widgets.append(self.watch_button)
        self.held_y = y + 230
        for i, held in enumerate(self.held[:LISTED]):
            state = "finished" if held.over else f"code {held.code}"
            self.widgets.append(Button(
                (left, self.held_y + 32 + 50 * i, width, 42),
                f"{held.title} \u2014 {state} \u2014 rejoin", lambda s=held: self.rejoin(s),
                size=15))
        self.found_y = self.held_y + (50 * min(LISTED, len(self.held)) + 48
                                      if self.held else 0)
        for i, table in enumerate(self.found[:LISTED]):
            label = f"{table.title} \u2014 hosted by {table.host or 'someone'} \u2014 " \
                    f"code {table.code} \u2014 join"
            self.widgets.append(Button((left, self.found_y + 32 + 50 * i, width, 42), label,
                                       lambda t=table: self.join_found(t), size=15))
        self.back = Button((left, h - 74, 160, 50), "Back", self._leave, size=17)

    def _leave(self) -> None:
        close_finder(self.app)
        self.app.pop()

    def update(self, dt) -> None:
        if self._read is not None and self._read.done():
            self.held = self._read.result() if self._read.exception() is None else []
            self._read = None
            self.layout(self.app.screen.get_size())
        finder = getattr(self.app, "lan_finder", None)
        if isinstance(finder, concurrent.futures.Future) and finder.done():
            if finder.exception() is not None:  # (no multicast here: nothing is found)
                LOG.info("online: not looking on the network: %s", finder.exception())
            finder = self.app.lan_finder = finder.result() if finder.exception() is None \
                else False
        if hasattr(finder, "tables"):
            found = finder.tables()
            if found != self.found:
                self.found = found
                self.layout(self.app.screen.get_size())

    def join_found(self, table) -> None:
        name = " ".join(self.name.split()) or "Player"
        self.app.push(Connecting(f"Joining table {table.code}",
                                 lambda: join(table.url, table.code, name)))

    def join(self) -> None:
        name = " ".join(self.name.split()) or "Player"
        self._go("Joining", lambda url, code: join(url, code, name))

    def watch(self) -> None:
        self._go("Watching", watch)

    def _go(self, doing: str, plan) -> None:
        """``plan(url, code)`` for the address and code typed, behind the Connecting
        screen."""
        if not self.address.strip() or not self.code.strip():
            self.toast.show("Type the address and the code of the table (your host has "
                            "them).")
            return
        url, code = _url(self.address), self.code.strip().upper()
        self.app.push(Connecting(f"{doing} table {code}", lambda: plan(url, code)))

    def rejoin(self, held: seatbook.HeldSeat) -> None:
        self.app.push(Connecting(f"Rejoining table {held.code}", lambda: rejoin(held)))

    def controls(self) -> list:
        return [*self.widgets, self.back]

    def draw(self, surf) -> None:
        background(surf)
        w, h = surf.get_size()
        left, width = self.left, self.width
        text.draw(surf, "Play online", (left, 16, width, 40), 30, theme.ACCENT, "bold")
        text.draw(surf, "To host, start a New game and make a seat \u201cA person online\u201d: "
                  "the table shows the code and address to give your friends.",
                  (left, 64, width, 60), 15, theme.MUTED, wrap=True)
        text.draw(surf, "Join a table", (left, self.rows_y - 34, width, 24), 17, theme.TEXT,
                  "bold")
        for i, label in enumerate(("Address", "Code", "Your name")):
            text.draw(surf, label, (left, self.rows_y + 48 * i, 140, 36), 15, theme.MUTED,
                      "bold", valign="middle")
        if self.held:
            text.draw(surf, "Your online games", (left, self.held_y, width, 24), 17,
                      theme.TEXT, "bold")
        if self.found:
            text.draw(surf, "Games on this network", (left, self.found_y, width, 24), 17,
                      theme.TEXT, "bold")
        for wdg in self.widgets:
            wdg.draw(surf)
        self.back.draw(surf)
        self.toast.draw(surf, (w // 2, h - 140), 640)
        self.draw_focus(surf)
