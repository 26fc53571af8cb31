"""The new-game screen: the game, its options, the seats, then the table."""

from __future__ import annotations

import random

import pygame

from ..engine.info import SeatConfig
from ..engine.session import Session
from ..games import GAMES
from . import text, theme
from .app import background
from .kits import kit_for
from .loadgame import start_table
from .menuscene import MenuScene
from .seats import SeatRows
from .theme import ui
from .widgets import Button, Caption, Choice, ScrollBox, Switch, TextInput, Toast


class NewGame(MenuScene):
    def __init__(self) -> None:
        self.game_id = next(iter(GAMES))
        self.options = GAMES[self.game_id].rules.default_options()
        self.seats = SeatRows(self._default_names())
        self.hide_hands = True
        self.seed_text = ""
        self.widgets: list = []
        self.toast = Toast()
        #: the game whose default options were fitted to its cards (:meth:`_fit`)
        self.fitted: str | None = None

    @property
    def game(self):
        return GAMES[self.game_id]

    def _fit(self) -> None:
        """The game's default options fitted to its cards, once per game chosen (a mod
        may have removed the deck a default names: :meth:`NewGameHook.defaults`)."""
        if self.fitted != self.game_id:
            self.fitted = self.game_id
            self.options = kit_for(self.game_id).newgame.defaults(self.app.catalog(self.game_id),
                                                           self.options)

    def layout(self, size) -> None:
        self._fit()
        w, h = size
        self.widgets = []
        left = max(40, w // 2 - 560)
        top = 24 + ui(40)
        self.widgets.append(Choice((left, top, min(1030, w - 2 * left), ui(58)), "Game",
                                   [(g.info.id, g.info.title) for g in GAMES.values()],
                                   self.game_id, self._set_game))
        self.blurb_y = top + ui(58) + 6
        y = self.blurb_y + ui(48)
        self.seat_title_y = y
        column_top = y + ui(28)
        column, y = self.seats.build(left, column_top, self.game.rules.seat_count(self.options),
                                     lambda: self.layout(self.app.screen.get_size()))
        y += 10
        if self.game.rules.seat_count(self.options) > 1 and \
                self.game.rules.hidden_information(self.options):
            column.append(Switch((left, y, 420, ui(66)), "Hide hands between players",
                                 self.hide_hands, "With two or more humans, a hand-over "
                                 "screen hides each hand from the others.",
                                 lambda v: setattr(self, "hide_hands", v)))
            y += ui(76)
        column.append(Caption((left, y, 420, ui(20)), "Seed (replays the same deal)", 14,
                              style="bold"))
        column.append(TextInput((left, y + ui(22), 200, ui(32)), self.seed_text, "random", 12,
                                on_change=lambda v: setattr(self, "seed_text", v)))
        hook = kit_for(self.game_id).newgame
        buttons = hook.buttons()  # e.g. a deck builder
        for i, (label, action) in enumerate(buttons):
            column.append(Button((left, y + ui(70) + ui(48) * i, 200, ui(40)), label,
                                 lambda a=action: a(self.app), size=15))
        y += ui(62) + (ui(8) + ui(48) * len(buttons) if buttons else 0)
        # the seats, the seed...: scrolled (the wheel over them) in a window short for
        # them at the text size, above the Back button
        limit = h - 34 - ui(50)
        if y > limit:
            old = getattr(self, "seats_box", None)
            keep = old.offset if old is not None and old.game == self.game_id else 0
            self.seats_box = ScrollBox((left, column_top, 440, limit - column_top), column,
                                       y - column_top, keep)
            self.seats_box.game = self.game_id
            self.widgets.append(self.seats_box)
        else:
            self.seats_box = None
            self.widgets.extend(column)
        right = left + 470
        width = min(560, w - right - 30)
        y = self.seat_title_y
        self.options_title = (right, y)
        top = y = y + ui(30)
        rules = []
        catalog = self.app.catalog(self.game_id)
        for opt in self.game.info.options:
            own = hook.option_widget(opt, (right, y, width, ui(56)), self.options[opt.key],
                                     lambda v, k=opt.key: self._set_option(k, v), catalog)
            if own is not None:
                rules.append(own)
                y += ui(66)
            elif opt.choices:
                rules.append(Choice((right, y, width, ui(56)), opt.label, list(opt.choices),
                                    self.options[opt.key],
                                    lambda v, k=opt.key: self._set_option(k, v)))
                y += ui(66)
            else:
                rules.append(Switch((right, y, width, ui(66)), opt.label,
                                    bool(self.options[opt.key]), opt.help,
                                    lambda v, k=opt.key: self._set_option(k, v)))
                y += ui(72)
        # many optional rules scroll (the wheel over them), above the Start button
        old = getattr(self, "rules_box", None)
        keep = old.offset if old is not None and old.game == self.game_id else 0
        self.rules_box = ScrollBox((right, top, width, h - 46 - ui(50) - top), rules, y - top,
                                   keep)
        self.rules_box.game = self.game_id
        self.widgets.append(self.rules_box)
        bh = ui(50)
        self.start = Button((w - 300, h - 24 - bh, 250, bh), "Start", self.start_game,
                            primary=True, size=19)
        self.back = Button((left, h - 24 - bh, 160, bh), "Back", self.app.pop, size=17)

    def _default_names(self) -> list[str]:
        """Player 1, Player 2... or, in a game of roles, the roles (Hero, Nemesis)."""
        roles = GAMES[self.game_id].info.seat_roles
        return [roles[i] if i < len(roles) else f"Player {i + 1}" for i in range(4)]

    def _set_game(self, game_id) -> None:
        defaults = self._default_names()
        self.game_id = game_id
        self.options = GAMES[game_id].rules.default_options()
        self.fitted = None
        self.seats.names = [new if old == was else old for old, was, new in
                            zip(self.seats.names, defaults, self._default_names(),
                                strict=True)]
        self.layout(self.app.screen.get_size())

    def _set_option(self, key: str, value) -> None:
        self.options[key] = value
        self.layout(self.app.screen.get_size())

    def start_game(self) -> None:
        game = self.game
        count = game.rules.seat_count(self.options)
        rows = self.seats
        seats = [SeatConfig(rows.names[i].strip() or f"Player {i + 1}", rows.kinds[i],
                            rows.levels[i]) for i in range(count)]
        seed_text = self.seed_text.strip()
        if seed_text:
            digits = seed_text.removeprefix("-")
            if not (digits.isascii() and digits.isdigit()):  # not "¹", which int() refuses
                self.toast.show("The seed must be a whole number (or empty for a random game).")
                return
            seed = int(seed_text)
        else:
            seed = random.randrange(1, 2**31)
        if "online" in rows.kinds[:count]:
            self._host(seats, seed if seed_text else None)
            return
        catalog = self.app.catalog(game.info.id)
        try:
            options, position = kit_for(self.game_id).newgame.prepare(catalog, dict(self.options))
            session = Session(game, catalog, options, seed, seats, position=position)
        except ValueError as exc:  # e.g. a team a mod removed: the reason, no game
            self.toast.show(str(exc), seconds=8)
            return
        start_table(self.app, session, self.hide_hands)  # a new autosave of its own

    def _host(self, seats: list[SeatConfig], seed: int | None) -> None:
        """A game with online seats: a table on this app's server, the one person here
        sitting at it (:mod:`.online_plans`), the computer's seats played by the server;
        friends join with the code it shows."""
        from .online_plans import JoinError, host, local_server, online_catalog
        from .online_screens import Connecting

        kinds = [s.kind for s in seats]
        if kinds.count("human") != 1:
            self.toast.show("One person at this screen plays an online game: make the "
                            "other seats Online.", seconds=6)
            return
        game_id, me = self.game_id, kinds.index("human")
        names = [s.name for s in seats]
        computers = [s.level if s.kind == "computer" else None for s in seats]
        app = self.app

        def plan():
            try:
                options, position = kit_for(game_id).newgame.prepare(
                    online_catalog(game_id), dict(self.options))
            except ValueError as exc:  # e.g. a team the cards do not have
                raise JoinError(str(exc)) from None
            if position is not None:
                raise JoinError("A saved deck cannot be played online yet: choose a "
                                "ready-made team.")
            return host(local_server(app), game_id, options, names, me, seed, computers)

        self.app.push(Connecting("Starting the online table", plan))

    def controls(self) -> list:
        return [*self.widgets, self.start, self.back]

    def draw(self, surf) -> None:
        background(surf)
        w, h = surf.get_size()
        left = max(40, w // 2 - 560)
        text.draw(surf, "New game", (left, 16, w - 2 * left, ui(40)), 30, theme.ACCENT, "bold")
        text.blit_wrapped(surf, self.game.info.blurb,
                          pygame.Rect(left, self.blurb_y, min(1030, w - 2 * left), ui(40)), 15,
                          theme.MUTED)
        text.draw(surf, "Seats", (left, self.seat_title_y, 420, ui(22)), 16, theme.TEXT, "bold")
        if self.game.info.options:  # no heading over nothing
            text.draw(surf, "Optional rules", (*self.options_title, 560, ui(22)), 16,
                      theme.TEXT, "bold")
        for wdg in self.widgets:
            wdg.draw(surf)
        self.start.draw(surf)
        self.back.draw(surf)
        self.toast.draw(surf, (w // 2, h - 140), 640)
        self.draw_focus(surf)

    def update(self, dt) -> None:
        # the seat count may depend on options (Three-Way Battle)
        pass
