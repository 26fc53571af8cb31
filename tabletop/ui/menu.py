"""The main menu (the new-game screen is in :mod:`.newgame`, the load screen and opening a
save in :mod:`.loadgame`; their names can still be imported from here).

The menu's first frame needs only pygame, the fonts and its buttons. What it shows beside
them needs the games: whether there is a game to continue, the problems in card files
(every game's catalog loaded) and the fan of cards. In a fresh process that work is done
by :class:`Preparation`, a helper thread started after the first frame (it imports the
games and loads the catalogs: plain Python, nothing drawn), and the menu fills in when it
is done, painting the fan one card a frame. A button that needs the games before then is
remembered and acted on in the first frame after the thread is done (the frames go on
meanwhile, saying the games are being read).
When the games are already imported (back from a table, the tests) the menu prepares at
once, as it always did.
"""

from __future__ import annotations

import sys
import threading
from typing import Any

import pygame

from . import text, theme
from .app import App, background
from .menuscene import MenuScene
from .widgets import Button, Toast

_LOADGAME = {"LoadGame", "open_save", "start_table", "resume", "when", "seat_text",
             "seats_text", "progress_text"}
_SCREENS = {"CardProblems", "Confirm", "SettingsScreen", "StatsScreen"}


def __getattr__(name: str) -> Any:
    """The other screens' names, imported when first asked for (not with the menu)."""
    if name == "NewGame":
        from .newgame import NewGame
        return NewGame
    if name in _LOADGAME:
        from . import loadgame
        return getattr(loadgame, name)
    if name in _SCREENS:
        from . import screens
        return getattr(screens, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Preparation:
    """What the main menu shows beyond its buttons: the saves folder tidied, whether a
    game can be continued (and the line beside Continue), every problem in card files,
    the cards of the fan. :meth:`run` does it; ``threaded`` runs it in a helper thread
    (plain Python: the games imported, the catalogs loaded; nothing drawn)."""

    def __init__(self, app: App, threaded: bool) -> None:
        self.app = app
        self.problem = ""  # the saves folder could not be tidied
        self.can_continue = False
        self.info = ""
        self.latest = None
        #: the online seat Continue rejoins (:mod:`tabletop.net.seatbook`), if any
        self.online = None
        self.errors: list = []
        self.showcase: list[tuple[str, Any]] = []
        self.failed: BaseException | None = None
        self.done = threading.Event()
        self.thread: threading.Thread | None = None
        if threaded:
            self.thread = threading.Thread(target=self.run, name="menu-preparation",
                                           daemon=True)
            self.thread.start()
        else:
            self.run()

    def _online_latest(self) -> None:
        """An online game played more recently than any game in progress here is the
        one Continue goes back to (it rejoins the table)."""
        from ..engine.files import later
        from ..net import seatbook

        # read after the writes asked before it (a table just left keeps its seat there)
        held = [h for h in later(seatbook.read).result() if not h.over]
        latest = self.latest.played.timestamp() if self.latest is not None else 0.0
        if held and held[0].when > latest:
            self.online = held[0]
            self.can_continue = True
            self.info = f"Online \u2014 {held[0].title}\nTable {held[0].code}: rejoins it"

    def run(self) -> None:
        try:
            self._prepare()
        except BaseException as exc:  # noqa: BLE001 - raised again on the main thread
            self.failed = exc
        finally:
            self.done.set()

    def _prepare(self) -> None:
        from ..engine import savegames
        from ..games import GAMES

        try:
            savegames.tidy(GAMES)
        except OSError as exc:  # a read-only or vanished folder: the menu still opens
            self.problem = f"Could not tidy the saves folder: {exc}"
        from .loadgame import autosave_state

        import_ahead()

        self.errors = self.app.card_errors()
        self.can_continue, self.info, self.latest = autosave_state(self.app)
        self._online_latest()
        showcases = [(gid, game.text.showcase(self.app.catalog(gid)))
                     for gid, game in GAMES.items()]
        for depth in range(5):  # one card from each game (five in all)
            for gid, cards in showcases:
                if depth < len(cards) and len(self.showcase) < 5:
                    self.showcase.append((gid, cards[depth]))

    def wait(self) -> None:
        """Until it is done (raising what it raised)."""
        self.done.wait()
        if self.failed is not None:
            failed, self.failed = self.failed, None
            raise failed


def import_ahead() -> None:
    """Import what a click on the menu opens (the new-game screen, the table and every
    game's layout, the opening screen of a long saved game): here, not in that click's
    frame (the table's modules alone took 37 ms to import)."""
    from . import kits, newgame, opening, table  # noqa: F401


class MainMenu(MenuScene):
    def __init__(self, on_ready=None) -> None:
        """``on_ready()`` runs on the main thread once the menu is complete (the app
        starts the card files' hot reload then)."""
        self.toast = Toast()
        self.buttons: list[Button] = []
        self.error_button: Button | None = None
        self.continue_info = ""
        self.latest = None
        self.prep: Preparation | None = None
        self.ready = False
        self.on_ready = on_ready
        self.fan: list[pygame.Surface] = []  # the fan's cards, turned, painted so far
        self.pending = None  # a button clicked before the menu was complete
        self.problems_version = 0  # of the card problems counted (hot reload)

    # -- preparing ------------------------------------------------------------------------
    def _start(self) -> None:
        if self.prep is None:
            warm = "tabletop.ui.newgame" in sys.modules
            self.prep = Preparation(self.app, threaded=not warm)
            self._check_ready()

    def _check_ready(self) -> None:
        if self.ready or self.prep is None or not self.prep.done.is_set():
            return
        self.prep.wait()
        self.ready = True
        self.latest = self.prep.latest
        if self.prep.problem:
            self.toast.show(self.prep.problem)
        self.layout(self.app.screen.get_size())
        if self.on_ready is not None:
            ready, self.on_ready = self.on_ready, None
            ready()

    def _later(self, action) -> bool:
        """True when the menu is not complete yet: ``action`` then runs once it is (the
        last click wins), and the player is told why nothing happened yet."""
        self._start()
        self._check_ready()
        if self.ready:
            return False
        self.pending = action
        self.toast.show("Reading the games\u2026 one moment", theme.ACCENT, 2)
        return True

    def update(self, dt) -> None:
        self._check_ready()
        if self.ready and self.pending is not None:
            action, self.pending = self.pending, None
            action()
            return
        if self.ready and len(self.fan) < len(self.prep.showcase):
            self._paint_fan(1)  # one card a frame
        if self.ready and self.app.services:  # the count follows the files (hot reload)
            from .card_problems import problems_version

            if problems_version(self.app) != self.problems_version:
                self.layout(self.app.screen.get_size())

    def _paint_fan(self, count: int) -> None:
        from . import cardart
        from .kits import kit_for

        for gid, card in self.prep.showcase[len(self.fan):len(self.fan) + count]:
            i = len(self.fan)
            face = cardart.face(card, kit_for(gid).painters, 120, 168)
            self.fan.append(pygame.transform.rotate(face, (i - 2) * -9))

    # -- the screen -------------------------------------------------------------------------
    def layout(self, size) -> None:
        if self.prep is None:
            if "tabletop.ui.newgame" in sys.modules:
                self._start()  # the games are here: prepare now, as before
            else:
                self.app.after_frame.append(self._start)  # after the first frame
        w, h = size
        x = w // 2 - 160
        y = int(h * 0.44)
        self.buttons = []
        can_continue = self.ready and self.prep.can_continue
        self.continue_info = self.prep.info if self.ready else ""
        entries = [
            ("Continue", self.continue_game, True, can_continue),
            ("New game", self.new_game, not can_continue, True),
            (("Load game", self.load_game), ("Play online", self.play_online),
             ("Learn to play", self.learn_to_play)),
            (("Statistics", self.statistics), ("Settings", self.settings),
             ("Balance lab", self.balance), ("Cards", self.cards)),
            ("Quit", self.app.quit, False, True),
        ]
        for entry in entries:
            if isinstance(entry[0], tuple):  # smaller buttons side by side
                bw = 128 if len(entry) > 2 else (320 - 8 * (len(entry) - 1)) // len(entry)
                bx = w // 2 - (len(entry) * (bw + 8) - 8) // 2
                for i, (label, fn) in enumerate(entry):
                    self.buttons.append(Button((bx + i * (bw + 8), y, bw, 46), label, fn,
                                               size=16))
            else:
                label, fn, primary, enabled = entry
                b = Button((x, y, 320, 46), label, fn, primary=primary, size=18)
                b.enabled = enabled
                self.buttons.append(b)
            y += 58
        if self.app.settings_problem:
            self.toast.show(self.app.settings_problem, theme.ACCENT, 8)
            self.app.settings_problem = ""
        self.error_button = None
        errors = self._card_problems() if self.ready else []
        if errors:
            self.error_button = Button((w // 2 - 230, h - 64, 460, 40),
                                       f"{len(errors)} problem(s) in card files \u2014 show",
                                       self.card_problems, size=15)

    def _card_problems(self) -> list:
        """The problems in card files, each once (hot reload keeps them up to date)."""
        from .card_problems import card_problems, problems_version

        self.problems_version = problems_version(self.app)
        return card_problems(self.app)

    def continue_game(self) -> None:
        """Resume the most recently played game in progress. When it does not open (a
        move the rules refuse, a deck a mod removed), the player is told so and the load
        screen opens with it marked and selected, its reason beside it, the other games
        listed: the player asked for that game, so none other is put on the table in its
        place unasked; from there they load another, delete it or go back, and Continue
        then offers the next game in progress, passing it by (:mod:`.savemarks`)."""
        if self._later(self.continue_game):
            return
        from .loadgame import LoadGame, cant_resume, resume

        if self.prep.online is not None:
            from .online_plans import rejoin
            from .online_screens import Connecting

            held = self.prep.online
            self.app.push(Connecting(f"Rejoining table {held.code}", lambda: rejoin(held)))
            return
        latest = self.latest
        if latest is None:
            return

        def broken(message: str) -> None:
            self._read_saves_again()
            self.app.push(LoadGame(latest.path, cant_resume(latest, message)))
        resume(self.app, latest.path, self.toast, broken)

    def _read_saves_again(self) -> None:
        self.prep = None
        self.ready = False
        self.layout(self.app.screen.get_size())

    def new_game(self) -> None:
        if self._later(self.new_game):
            return
        from .newgame import NewGame

        self.app.push(NewGame())

    def play_online(self) -> None:
        if self._later(self.play_online):
            return
        from .online_screens import PlayOnline

        self.app.push(PlayOnline())

    def learn_to_play(self) -> None:
        if self._later(self.learn_to_play):
            return
        from .lesson.screens import LessonChooser

        self.app.push(LessonChooser())

    def load_game(self) -> None:
        if self._later(self.load_game):
            return
        from .loadgame import LoadGame

        self.app.push(LoadGame())

    def statistics(self) -> None:
        if self._later(self.statistics):
            return
        from .replay.opening import open_record
        from .screens import StatsScreen

        self.app.push(StatsScreen(open_record))

    def settings(self) -> None:
        if self._later(self.settings):
            return
        from .screens import SettingsScreen

        self.app.push(SettingsScreen())

    def balance(self) -> None:
        if self._later(self.balance):
            return
        from .balance import BalanceScreen

        self.app.push(BalanceScreen())

    def cards(self) -> None:
        """The card browser (:mod:`.browser`): every card of each game, shipped and
        modded, with its problems."""
        if self._later(self.cards):
            return
        from .browser import CardBrowser
        from .kits import kit_for

        self.app.push(CardBrowser(getattr(self.app, "browsed_game", None),  # the last one
                                  lambda game_id: kit_for(game_id).painters))

    def card_problems(self) -> None:
        from .screens import CardProblems

        self.app.push(CardProblems())

    def controls(self) -> list:
        return self.buttons + ([self.error_button] if self.error_button else [])

    def on_escape(self) -> None:
        self.app.quit()

    def draw(self, surf) -> None:
        background(surf)
        w, h = surf.get_size()
        if self.ready and not self.prep.thread:
            self._paint_fan(len(self.prep.showcase))  # prepared at once: all at once
        for i, img in enumerate(self.fan):
            surf.blit(img, img.get_rect(center=(w // 2 + (i - 2) * 100, int(h * 0.15) + abs(i - 2)
                                                * 12)))
        ty = int(h * 0.15) + 110
        box = pygame.Rect(40, ty - 40, w - 80, 80)
        text.draw(surf, "TABLETOP", box.move(3, 3), 64, (0, 0, 0), "bold", align="center",
                  valign="middle")
        text.draw(surf, "TABLETOP", box, 64, theme.ACCENT, "bold", align="center",
                  valign="middle")
        text.draw(surf, "Superhero card games, at one screen or online",
                  (40, ty + 34, w - 80, 26), 18, theme.TEXT, align="center", valign="middle")
        for b in self.buttons:
            b.draw(surf)
        if self.continue_info:
            first = self.buttons[0].rect
            text.blit_wrapped(surf, self.continue_info,
                              pygame.Rect(first.right + 14, first.top - 4,
                                          max(120, w - first.right - 40), 64), 13,
                              theme.MUTED)
        if self.error_button:
            self.error_button.draw(surf)
        self.toast.draw(surf, (w // 2, h - 130), 640)
        self.draw_focus(surf)


App.home = MainMenu
