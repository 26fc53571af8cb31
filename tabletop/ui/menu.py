"""The main menu, the new-game screen, the load screen and the card-problems screen."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from pathlib import Path

import pygame

from ..engine import savegames
from ..engine.info import SeatConfig
from ..engine.levels import LEVELS
from ..engine.saves import SaveError, read_save, session_from_dict
from ..engine.session import Session
from ..games import GAMES
from . import cardart, text, theme
from .app import App, Scene, background
from .newgame_hooks import hook_for
from .screens import CardProblems, Confirm, SettingsScreen, StatsScreen
from .seats import SeatRows
from .widgets import Button, Choice, Row, ScrollBox, ScrollList, Switch, TextInput, Toast, panel


def open_save(app, path: Path) -> tuple[Session, list[str]]:
    """Read and replay a save; raises SaveError with a message for the player. The same
    checks (:func:`~tabletop.engine.saves.read_save`) list the files on the load screen."""
    data = read_save(path)
    game = GAMES[data["game"]]  # read_save refuses a game this version does not have
    return session_from_dict(data, game, app.catalog(game.info.id), Path(path).name)


def start_table(app, session: Session, hide_hands: bool = True,
                warnings: list[str] | None = None, autosave: Path | None = None) -> None:
    """Open the table; the game autosaves to ``autosave`` (a game resumed from its own
    autosave) or to a new file of its own, never over another game in progress."""
    from .table import TableScene

    path = autosave
    if path is None:
        try:
            path = savegames.new_autosave_path(session.game.info.id)
        except OSError as exc:  # e.g. a read-only data folder: play on, unsaved
            warnings = [*(warnings or []), f"This game cannot be saved: the saves folder "
                                           f"cannot be created ({exc.strerror or exc})."]
    app.replace(TableScene(session, autosave=path, hide_hands=hide_hands, warnings=warnings))


def resume(app, path: Path, toast: Toast) -> bool:
    """Load the save at ``path`` and open the table (a game in progress keeps writing to
    its autosave; a copy or a sample becomes a game in progress of its own)."""
    try:
        session, warnings = open_save(app, path)
    except SaveError as exc:
        toast.show(str(exc), seconds=8)
        return False
    start_table(app, session, session.settings.get("hide_hands", True), warnings,
                autosave=path if savegames.is_autosave(path) else None)
    return True


def when(moment: datetime) -> str:
    """``today, 14:05``, ``yesterday, 09:12`` or ``3 May 2026, 14:05`` (local time)."""
    local = moment.astimezone()
    today = datetime.now().astimezone().date()
    clock = local.strftime("%H:%M")
    if local.date() == today:
        return f"today, {clock}"
    if local.date() == today - timedelta(days=1):
        return f"yesterday, {clock}"
    return f"{local.day} {local.strftime('%b %Y')}, {clock}"


def seat_text(seat: dict) -> str:
    """``Ana``, or ``Bo (computer, Normal)``."""
    if seat["kind"] != "computer":
        return seat["name"]
    return f"{seat['name']} (computer, {LEVELS[seat.get('level', 'easy')].label})"


def seats_text(data: dict) -> str:
    """``Ana vs Bo (computer, Normal)``; in a co-operative game ``Ana, Bo and Cy``."""
    game = GAMES[data["game"]]
    names = [seat_text(s) for s in data["seats"]]
    if game.info.mode == "competitive" or game.info.seat_roles:
        return " vs ".join(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def progress_text(entry: savegames.Entry) -> str:
    """``turn 7 · 60 moves · today, 14:05`` (and ``finished``)."""
    data = entry.data or {}
    parts = []
    if data.get("turn"):
        parts.append(f"turn {data['turn']}")
    moves = len(data.get("moves", ()))
    parts.append(f"{moves} move{'s' if moves != 1 else ''}")
    parts.append(when(entry.played))
    if entry.over:
        parts.append("finished")
    return " \u00b7 ".join(parts)


class MenuScene(Scene):
    """A screen of widgets: events go to the first widget that takes them; Esc leaves."""

    def controls(self) -> list:
        return []

    def on_escape(self) -> None:
        self.app.pop()

    def handle(self, event) -> None:
        for widget in self.controls():
            if widget.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()


class MainMenu(MenuScene):
    def __init__(self) -> None:
        self.toast = Toast()
        self.buttons: list[Button] = []
        self.continue_info = ""
        self.latest: savegames.Entry | None = None
        try:
            savegames.tidy()
        except OSError as exc:  # a read-only or vanished folder: the menu still opens
            self.toast.show(f"Could not tidy the saves folder: {exc}")

    def layout(self, size) -> None:
        w, h = size
        x = w // 2 - 160
        y = int(h * 0.44)
        self.buttons = []
        can_continue, info = self._autosave_state()
        self.continue_info = info
        entries = [
            ("Continue", self.continue_game, True, can_continue),
            ("New game", self.new_game, not can_continue, True),
            ("Load game", self.load_game, False, True),
            (("Statistics", self.statistics), ("Settings", self.settings),
             ("Balance lab", self.balance)),
            ("Quit", self.app.quit, False, True),
        ]
        errors = self.app.card_errors()
        for entry in entries:
            if isinstance(entry[0], tuple):  # smaller buttons side by side
                bw = 128
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
        if errors:
            self.error_button = Button((w // 2 - 230, h - 64, 460, 40),
                                       f"{len(errors)} problem(s) in card files \u2014 show",
                                       lambda: self.app.push(CardProblems()), size=15)

    def _autosave_state(self) -> tuple[bool, str]:
        """Whether Continue has a game to resume, and the line shown beside it."""
        try:
            entries = [e for e in savegames.list_entries(samples=False)
                       if e.kind == "autosave"]
        except OSError as exc:
            self.latest = None
            return False, f"The saves folder cannot be read: {exc.strerror or exc}"
        self.latest = savegames.latest_in_progress(entries)
        if self.latest is None:
            broken = sorted((e for e in entries if not e.readable), key=lambda e: e.modified)
            if broken:
                return False, f"Autosave unusable: {broken[-1].error}"
            return False, "The last game is over." if entries else ""
        data = self.latest.data
        info = f"{GAMES[data['game']].info.title} \u2014 {seats_text(data)}\n" \
               f"{progress_text(self.latest)}"
        others = sum(e.in_progress for e in entries) - 1
        if others:
            info += f"\n+ {others} more game{'s' if others > 1 else ''} in progress " \
                    "(Load game)"
        return True, info

    def continue_game(self) -> None:
        if self.latest is not None and not resume(self.app, self.latest.path, self.toast):
            self.layout(self.app.screen.get_size())

    def new_game(self) -> None:
        self.app.push(NewGame())

    def load_game(self) -> None:
        self.app.push(LoadGame())

    def statistics(self) -> None:
        self.app.push(StatsScreen())

    def settings(self) -> None:
        self.app.push(SettingsScreen())

    def balance(self) -> None:
        from .balance import BalanceScreen

        self.app.push(BalanceScreen())

    def controls(self) -> list:
        return self.buttons + ([self.error_button] if self.error_button else [])

    def on_escape(self) -> None:
        self.app.quit()

    def draw(self, surf) -> None:
        background(surf)
        w, h = surf.get_size()
        # a fan of cards behind the title: one from each game (five in all)
        fan = []
        showcases = [(gid, game.text.showcase(self.app.catalog(gid)))
                     for gid, game in GAMES.items()]
        for depth in range(5):
            for gid, cards in showcases:
                if depth < len(cards) and len(fan) < 5:
                    fan.append((gid, cards[depth]))
        for i, (gid, card) in enumerate(fan):
            img = cardart.face(card, gid, 120, 168)
            img = pygame.transform.rotate(img, (i - 2) * -9)
            surf.blit(img, img.get_rect(center=(w // 2 + (i - 2) * 100, int(h * 0.15) + abs(i - 2)
                                                * 12)))
        ty = int(h * 0.15) + 110
        box = pygame.Rect(40, ty - 40, w - 80, 80)
        text.draw(surf, "TABLETOP", box.move(3, 3), 64, (0, 0, 0), "bold", align="center",
                  valign="middle")
        text.draw(surf, "TABLETOP", box, 64, theme.ACCENT, "bold", align="center",
                  valign="middle")
        text.draw(surf, "Superhero card games at one screen", (40, ty + 34, w - 80, 26), 18,
                  theme.TEXT, align="center", valign="middle")
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


class NewGame(MenuScene):
    def __init__(self) -> None:
        self.game_id = next(iter(GAMES))
        self.options = GAMES[self.game_id].rules.default_options()
        self.seats = SeatRows(self._default_names())
        self.hide_hands = True
        self.seed_text = ""
        self.widgets: list = []
        self.toast = Toast()

    @property
    def game(self):
        return GAMES[self.game_id]

    def layout(self, size) -> None:
        w, h = size
        self.widgets = []
        left = max(40, w // 2 - 560)
        self.widgets.append(Choice((left, 64, min(1030, w - 2 * left), 58), "Game",
                                   [(g.info.id, g.info.title) for g in GAMES.values()],
                                   self.game_id, self._set_game))
        self.blurb_y = 128
        y = 176
        self.seat_title_y = y
        rows, y = self.seats.build(left, y + 28, self.game.rules.seat_count(self.options),
                                   lambda: self.layout(self.app.screen.get_size()))
        self.widgets.extend(rows)
        y += 10
        if self.game.rules.seat_count(self.options) > 1 and \
                self.game.rules.hidden_information(self.options):
            self.widgets.append(Switch((left, y, 420, 60), "Hide hands between players",
                                       self.hide_hands, "With two or more humans, a hand-over "
                                       "screen hides each hand from the others.",
                                       lambda v: setattr(self, "hide_hands", v)))
            y += 70
        self.widgets.append(TextInput((left, y + 22, 200, 32), self.seed_text,
                                      "random", 12, on_change=lambda v: setattr(self,
                                                                                "seed_text", v)))
        self.seed_label_y = y
        hook = hook_for(self.game_id)
        for i, (label, action) in enumerate(hook.buttons()):  # e.g. a deck builder
            self.widgets.append(Button((left, y + 70 + 48 * i, 200, 40), label,
                                       lambda a=action: a(self.app), size=15))
        right = left + 470
        width = min(560, w - right - 30)
        y = 176
        self.options_title = (right, y)
        top = y = y + 30
        rules = []
        for opt in self.game.info.options:
            own = hook.option_widget(opt, (right, y, width, 56), self.options[opt.key],
                                     lambda v, k=opt.key: self._set_option(k, v))
            if own is not None:
                rules.append(own)
                y += 66
            elif opt.choices:
                rules.append(Choice((right, y, width, 56), opt.label, list(opt.choices),
                                    self.options[opt.key],
                                    lambda v, k=opt.key: self._set_option(k, v)))
                y += 66
            else:
                rules.append(Switch((right, y, width, 66), opt.label,
                                    bool(self.options[opt.key]), opt.help,
                                    lambda v, k=opt.key: self._set_option(k, v)))
                y += 72
        # many optional rules scroll (the wheel over them), above the Start button
        old = getattr(self, "rules_box", None)
        keep = old.offset if old is not None and old.game == self.game_id else 0
        self.rules_box = ScrollBox((right, top, width, h - 96 - top), rules, y - top, keep)
        self.rules_box.game = self.game_id
        self.widgets.append(self.rules_box)
        self.start = Button((w - 300, h - 74, 250, 50), "Start", self.start_game, primary=True,
                            size=19)
        self.back = Button((left, h - 74, 160, 50), "Back", self.app.pop, size=17)

    def _default_names(self) -> list[str]:
        """Player 1, Player 2... or, in a game of roles, the roles (Hero, Nemesis)."""
        roles = GAMES[self.game_id].info.seat_roles
        return [roles[i] if i < len(roles) else f"Player {i + 1}" for i in range(4)]

    def _set_game(self, game_id) -> None:
        defaults = self._default_names()
        self.game_id = game_id
        self.options = GAMES[game_id].rules.default_options()
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
        catalog = self.app.catalog(game.info.id)
        try:
            options, position = hook_for(self.game_id).prepare(catalog, dict(self.options))
            session = Session(game, catalog, options, seed, seats, position=position)
        except ValueError as exc:
            self.toast.show(str(exc))
            return
        start_table(self.app, session, self.hide_hands)  # a new autosave of its own

    def controls(self) -> list:
        return [*self.widgets, self.start, self.back]

    def draw(self, surf) -> None:
        background(surf)
        w, h = surf.get_size()
        left = max(40, w // 2 - 560)
        text.draw(surf, "New game", (left, 16, w - 2 * left, 40), 30, theme.ACCENT, "bold")
        text.blit_wrapped(surf, self.game.info.blurb,
                          pygame.Rect(left, self.blurb_y, min(1030, w - 2 * left), 40), 15,
                          theme.MUTED)
        text.draw(surf, "Seats", (left, self.seat_title_y, 420, 22), 16, theme.TEXT, "bold")
        self.seats.draw(surf)
        text.draw(surf, "Seed (replays the same deal)", (left, self.seed_label_y, 420, 20), 14,
                  theme.MUTED, "bold")
        if self.game.info.options:  # no heading over nothing
            text.draw(surf, "Optional rules", (*self.options_title, 560, 22), 16, theme.TEXT,
                      "bold")
        for wdg in self.widgets:
            wdg.draw(surf)
        self.start.draw(surf)
        self.back.draw(surf)
        self.toast.draw(surf, (w // 2, h - 140), 640)

    def update(self, dt) -> None:
        # the seat count may depend on options (Three-Way Battle)
        pass


class LoadGame(MenuScene):
    """Every game in progress, finished games, saved copies and samples; a row shows the
    game, its seats, turn and when it was last played, or why the file cannot be read.
    Click a row to select it (its details show on the right), click it again or press
    Load to play on; Delete removes it after a confirmation."""

    def __init__(self) -> None:
        self.toast = Toast()
        self.selected: Path | None = None
        self.clicked: Path | None = None  # the row last clicked (a second click loads it)
        self.entries: list[savegames.Entry] = []

    def layout(self, size) -> None:
        w, h = size
        try:
            self.entries = savegames.list_entries()
        except OSError as exc:
            self.entries = []
            self.toast.show(f"The saves folder cannot be read: {exc.strerror or exc}")
        if self.selected not in [e.path for e in self.entries]:
            self.selected = self.entries[0].path if self.entries else None
        left = max(30, w // 2 - 590)
        list_w = min(700, w - left - 470)
        self.list = ScrollList((left, 84, list_w, h - 184), self._rows(), size=15,
                               on_pick=self._on_row, selectable=True)
        self.detail_rect = pygame.Rect(self.list.rect.right + 20, 84,
                                       min(440, w - self.list.rect.right - 50), h - 184)
        bottom = self.detail_rect.bottom - 62
        self.load_button = Button((self.detail_rect.left + 20, bottom, 190, 46), "Load",
                                  self.load_selected, primary=True, size=17)
        self.delete_button = Button((self.detail_rect.right - 150, bottom, 130, 46), "Delete",
                                    self.ask_delete, size=16)
        self.back = Button((left, h - 80, 160, 48), "Back", self.app.pop, size=17)
        self._update_buttons()

    def _rows(self) -> list[Row]:
        rows: list[Row] = []
        section = None
        titles = {"going": "Games in progress", "saved": "Finished games and saved copies",
                  "sample": "Sample games"}
        for entry in self.entries:
            kind = "sample" if entry.kind == "sample" else \
                "going" if entry.kind == "autosave" and not entry.over else "saved"
            if kind != section:
                section = kind
                rows.append(Row([(titles[kind], theme.ACCENT, "bold")]))
            rows.append(self._row(entry))
        if not self.entries:
            rows.append(Row([("No saved games yet.", theme.MUTED, "regular")]))
        return rows

    @staticmethod
    def _row(entry: savegames.Entry) -> Row:
        if not entry.readable:
            reason = (entry.error or "").removeprefix(entry.path.name + " ")
            short = reason if len(reason) <= 90 else reason[:88] + "\u2026"
            return Row([(f"{entry.path.name} \u2014 cannot be loaded", theme.BAD, "bold"),
                        (short, theme.MUTED, "small")], data=entry)
        data = entry.data
        title = f"{GAMES[data['game']].info.title} \u2014 {seats_text(data)}"
        return Row([(title, theme.TEXT, "bold"),
                    (progress_text(entry), theme.MUTED, "small")], data=entry)

    def _entry(self) -> savegames.Entry | None:
        return next((e for e in self.entries if e.path == self.selected), None)

    def _update_buttons(self) -> None:
        entry = self._entry()
        self.load_button.enabled = bool(entry and entry.readable)
        self.delete_button.enabled = bool(entry and entry.kind != "sample")

    def _on_row(self, entry) -> None:
        if entry is None:
            return
        if entry.path == self.clicked and entry.readable:
            self.pick(entry.path)
            return
        self.selected = self.clicked = entry.path
        self._update_buttons()

    def pick(self, path) -> None:
        """Load the save at ``path`` (a refusal is shown and the list stays)."""
        if path is not None:
            resume(self.app, path, self.toast)

    def load_selected(self) -> None:
        self.pick(self.selected)

    def ask_delete(self) -> None:
        entry = self._entry()
        if entry is None or entry.kind == "sample":
            return
        if entry.readable:
            what = f"{GAMES[entry.data['game']].info.title} \u2014 {seats_text(entry.data)}" \
                   f" ({progress_text(entry)})"
        else:
            what = f"the unreadable file {entry.path.name}"
        self.app.push(Confirm(f"Delete {what}?", "It cannot be undone.", "Delete",
                              lambda: self._delete(entry)))

    def _delete(self, entry: savegames.Entry) -> None:
        try:
            savegames.delete(entry)
        except OSError as exc:
            self.toast.show(f"Could not delete {entry.path.name}: {exc.strerror or exc}")
            return
        self.selected = None
        self.toast.show(f"Deleted {entry.path.name}", theme.GOOD, 3)

    def controls(self) -> list:
        return [self.list, self.load_button, self.delete_button, self.back]

    def draw(self, surf) -> None:
        background(surf)
        w, h = surf.get_size()
        text.draw(surf, "Load a game", (self.list.rect.left, 26, w - 2 * self.list.rect.left,
                                        40), 30, theme.ACCENT, "bold")
        self.list.draw(surf)
        self._draw_selection(surf)
        self._draw_details(surf)
        self.load_button.draw(surf)
        self.delete_button.draw(surf)
        self.back.draw(surf)
        self.toast.draw(surf, (w // 2, h - 140), 700)

    def _draw_selection(self, surf) -> None:
        y = self.list.rect.top + 4 - self.list.offset
        for row in self.list.rows:
            if row.data is not None and row.data.path == self.selected:
                clip = surf.get_clip()
                surf.set_clip(self.list.rect)
                pygame.draw.rect(surf, theme.ACCENT, (self.list.rect.left + 2, y,
                                                      self.list.rect.w - 4, row.height),
                                 2, border_radius=4)
                surf.set_clip(clip)
                return
            y += row.height

    def _draw_details(self, surf) -> None:
        rect = self.detail_rect
        panel(surf, rect, theme.PANEL, 220)
        entry = self._entry()
        if entry is None:
            return
        x, y, width = rect.left + 20, rect.top + 18, rect.w - 40
        bottom = self.load_button.rect.top - 12
        if not entry.readable:
            text.draw(surf, "This file cannot be loaded", (x, y, width, 26), 19, theme.BAD,
                      "bold")
            y += 34
            y += text.blit_wrapped(surf, entry.error or "", pygame.Rect(x, y, width,
                                                                        bottom - y - 40),
                                   15, theme.TEXT)
        else:
            data = entry.data
            game = GAMES[data["game"]]
            text.draw(surf, game.info.title, (x, y, width, 30), 22, theme.ACCENT, "bold")
            y += 38
            for i, seat in enumerate(data["seats"]):
                role = game.info.seat_roles[i] if i < len(game.info.seat_roles) \
                    else f"Seat {i + 1}"
                line = f"{role}: {seat_text(seat)}"
                text.draw(surf, line, (x, y, width, 22), 16, theme.SEAT_COLORS[i % 4])
                y += 24
            y += 10
            turn = f"Turn {data['turn']}, " if data.get("turn") else ""
            moves = len(data["moves"])
            lines = [f"{turn}{moves} move{'s' if moves != 1 else ''} played",
                     "Finished" if entry.over else "In progress" if entry.kind == "autosave"
                     else "A saved copy" if entry.kind == "copy" else "A sample game",
                     f"Last played {when(entry.played)}"]
            for line in lines:
                text.draw(surf, line, (x, y, width, 21), 15, theme.TEXT)
                y += 23
        where = {"autosave": "autosave", "copy": "saved copy", "sample": "sample"}[entry.kind]
        text.blit_wrapped(surf, f"{entry.path.name} ({where})",
                          pygame.Rect(x, bottom - 34, width, 34), 12, theme.DIM)


App.home = MainMenu
