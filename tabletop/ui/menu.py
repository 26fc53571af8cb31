"""The main menu, the new-game screen, the load screen and the card-problems screen."""

from __future__ import annotations

import random
from pathlib import Path

import pygame

from .. import SAMPLE_SAVES_DIR
from ..engine.info import SeatConfig
from ..engine.paths import saves_dir
from ..engine.saves import SaveError, read_save, session_from_dict
from ..engine.session import Session
from ..games import GAMES
from . import cardart, text, theme
from .app import App, Scene, background
from .widgets import Button, Choice, Row, ScrollList, Switch, TextInput, Toast, panel

AUTOSAVE = "autosave.json"


def autosave_path() -> Path:
    return saves_dir() / AUTOSAVE


def open_save(app, path: Path) -> tuple[Session, list[str]]:
    """Read and replay a save; raises SaveError with a message for the player."""
    data = read_save(path)
    game = GAMES.get(data["game"])
    if game is None:
        raise SaveError(f"{path.name} is for a game this version does not have "
                        f"({data['game']!r}).")
    return session_from_dict(data, game, app.catalog(game.info.id), path.name)


def start_table(app, session: Session, hide_hands: bool = True,
                warnings: list[str] | None = None) -> None:
    from .table import TableScene

    app.replace(TableScene(session, autosave=autosave_path(), hide_hands=hide_hands,
                           warnings=warnings))


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

    def layout(self, size) -> None:
        w, h = size
        x = w // 2 - 160
        y = int(h * 0.48)
        self.buttons = []
        can_continue, info = self._autosave_state()
        self.continue_info = info
        entries = [
            ("Continue", self.continue_game, True, can_continue),
            ("New game", self.new_game, not can_continue, True),
            ("Load game", self.load_game, False, True),
            ("Quit", self.app.quit, False, True),
        ]
        errors = self.app.card_errors()
        for label, fn, primary, enabled in entries:
            b = Button((x, y, 320, 46), label, fn, primary=primary, size=18)
            b.enabled = enabled
            self.buttons.append(b)
            y += 58
        self.error_button = None
        if errors:
            self.error_button = Button((w // 2 - 230, h - 64, 460, 40),
                                       f"{len(errors)} problem(s) in card files \u2014 show",
                                       lambda: self.app.push(CardProblems()), size=15)

    def _autosave_state(self) -> tuple[bool, str]:
        path = autosave_path()
        if not path.exists():
            return False, ""
        try:
            data = read_save(path)
        except SaveError as exc:
            return False, f"Autosave unusable: {exc}"
        if data.get("over"):
            return False, "The last game is over."
        game = GAMES.get(data["game"])
        title = game.info.title if game else data["game"]
        return True, f"{title}, {len(data['moves'])} moves played"

    def continue_game(self) -> None:
        try:
            session, warnings = open_save(self.app, autosave_path())
        except SaveError as exc:
            self.toast.show(str(exc))
            return
        start_table(self.app, session, session.settings.get("hide_hands", True), warnings)

    def new_game(self) -> None:
        self.app.push(NewGame())

    def load_game(self) -> None:
        self.app.push(LoadGame())

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
        title = text.render("TABLETOP", 64, theme.ACCENT, "bold")
        shadow = text.render("TABLETOP", 64, (0, 0, 0), "bold")
        ty = int(h * 0.15) + 110
        surf.blit(shadow, shadow.get_rect(center=(w // 2 + 3, ty + 3)))
        surf.blit(title, title.get_rect(center=(w // 2, ty)))
        sub = text.render("Superhero card games at one screen", 18, theme.TEXT)
        surf.blit(sub, sub.get_rect(center=(w // 2, ty + 46)))
        for b in self.buttons:
            b.draw(surf)
        if self.continue_info:
            img = text.render(self.continue_info, 13, theme.MUTED)
            first = self.buttons[0].rect
            surf.blit(img, img.get_rect(midleft=(first.right + 14, first.centery)))
        if self.error_button:
            self.error_button.draw(surf)
        self.toast.draw(surf, (w // 2, h - 130), 640)


class NewGame(MenuScene):
    def __init__(self) -> None:
        self.game_id = next(iter(GAMES))
        self.options = GAMES[self.game_id].rules.default_options()
        self.names = self._default_names()
        self.kinds = ["human", "computer", "computer", "computer"]
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
        y += 28
        for i in range(self.game.rules.seat_count(self.options)):
            self.widgets.append(TextInput((left, y, 220, 34), self.names[i],
                                          f"Player {i + 1}", 20,
                                          on_change=lambda v, i=i: self._set_name(i, v)))
            self.widgets.append(Choice((left + 232, y, 188, 34), "",
                                       [("human", "Human"), ("computer", "Computer")],
                                       self.kinds[i],
                                       lambda v, i=i: self._set_kind(i, v)))
            y += 44
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
        right = left + 470
        y = 176
        self.options_title = (right, y)
        y += 30
        for opt in self.game.info.options:
            if opt.choices:
                self.widgets.append(Choice((right, y, 560, 56), opt.label, list(opt.choices),
                                           self.options[opt.key],
                                           lambda v, k=opt.key: self._set_option(k, v)))
                y += 66
            else:
                sw = Switch((right, y, 560, 66), opt.label, bool(self.options[opt.key]),
                            opt.help, lambda v, k=opt.key: self._set_option(k, v))
                self.widgets.append(sw)
                y += 72
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
        self.names = [new if old == was else old for old, was, new in
                      zip(self.names, defaults, self._default_names(), strict=True)]
        self.layout(self.app.screen.get_size())

    def _set_name(self, i: int, value: str) -> None:
        self.names[i] = value

    def _set_kind(self, i: int, value: str) -> None:
        self.kinds[i] = value

    def _set_option(self, key: str, value) -> None:
        self.options[key] = value
        self.layout(self.app.screen.get_size())

    def start_game(self) -> None:
        game = self.game
        count = game.rules.seat_count(self.options)
        seats = [SeatConfig(self.names[i].strip() or f"Player {i + 1}", self.kinds[i])
                 for i in range(count)]
        seed_text = self.seed_text.strip()
        if seed_text:
            if not seed_text.lstrip("-").isdigit():
                self.toast.show("The seed must be a whole number (or empty for a random game).")
                return
            seed = int(seed_text)
        else:
            seed = random.randrange(1, 2**31)
        catalog = self.app.catalog(game.info.id)
        try:
            session = Session(game, catalog, self.options, seed, seats)
        except ValueError as exc:
            self.toast.show(str(exc))
            return
        start_table(self.app, session, self.hide_hands)

    def controls(self) -> list:
        return [*self.widgets, self.start, self.back]

    def draw(self, surf) -> None:
        background(surf)
        w, h = surf.get_size()
        left = max(40, w // 2 - 560)
        surf.blit(text.render("New game", 30, theme.ACCENT, "bold"), (left, 20))
        text.blit_wrapped(surf, self.game.info.blurb,
                          pygame.Rect(left, self.blurb_y, min(1030, w - 2 * left), 40), 15,
                          theme.MUTED)
        surf.blit(text.render("Seats", 16, theme.TEXT, "bold"), (left, self.seat_title_y))
        surf.blit(text.render("Seed (replays the same deal)", 14, theme.MUTED, "bold"),
                  (left, self.seed_label_y))
        surf.blit(text.render("Optional rules", 16, theme.TEXT, "bold"), self.options_title)
        for wdg in self.widgets:
            wdg.draw(surf)
        self.start.draw(surf)
        self.back.draw(surf)
        self.toast.draw(surf, (w // 2, h - 140), 640)

    def update(self, dt) -> None:
        # the seat count may depend on options (Three-Way Battle)
        pass


class LoadGame(MenuScene):
    def __init__(self) -> None:
        self.toast = Toast()

    def layout(self, size) -> None:
        w, h = size
        rows = []
        for path, where in self._files():
            try:
                data = read_save(path)
                game = GAMES.get(data["game"])
                title = game.info.title if game else data["game"]
                detail = f"{title} \u00b7 {len(data['moves'])} moves \u00b7 " \
                         f"{data.get('saved', '')[:16].replace('T', ' ')}"
                if data.get("over"):
                    detail += " \u00b7 finished"
                color = theme.TEXT
            except SaveError as exc:
                detail = f"cannot be loaded: {exc}"
                color = theme.BAD
            rows.append(Row([(f"{path.name}  ({where})", color, "bold"),
                             (detail, theme.MUTED, "regular")], data=path))
        if not rows:
            rows.append(Row([("No saved games yet.", theme.MUTED, "regular")]))
        self.list = ScrollList((w // 2 - 380, 90, 760, h - 190), rows, size=15,
                               on_pick=self.pick, selectable=True)
        self.back = Button((w // 2 - 380, h - 80, 160, 48), "Back", self.app.pop, size=17)

    def _files(self) -> list[tuple[Path, str]]:
        out = []
        for folder, where in ((saves_dir(), "your saves"), (SAMPLE_SAVES_DIR, "samples")):
            if folder.is_dir():
                files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime,
                               reverse=True)
                out.extend((p, where) for p in files)
        return out

    def pick(self, path) -> None:
        if path is None:
            return
        try:
            session, warnings = open_save(self.app, path)
        except SaveError as exc:
            self.toast.show(str(exc))
            return
        start_table(self.app, session, session.settings.get("hide_hands", True), warnings)

    def controls(self) -> list:
        return [self.list, self.back]

    def draw(self, surf) -> None:
        background(surf)
        w, h = surf.get_size()
        surf.blit(text.render("Load a game", 30, theme.ACCENT, "bold"), (w // 2 - 380, 30))
        self.list.draw(surf)
        self.back.draw(surf)
        self.toast.draw(surf, (w // 2, h // 2), 640)


class CardProblems(MenuScene):
    """Every problem met while loading card files (the app runs with the valid cards)."""

    def layout(self, size) -> None:
        w, h = size
        rows = [Row([(str(e), theme.TEXT, "regular")]) for e in self.app.card_errors()]
        self.list = ScrollList((40, 90, w - 80, h - 180), rows, size=14)
        self.back = Button((40, h - 76, 160, 46), "Back", self.app.pop, size=16)

    def controls(self) -> list:
        return [self.list, self.back]

    def draw(self, surf) -> None:
        background(surf)
        surf.blit(text.render("Problems in card files", 28, theme.ACCENT, "bold"), (40, 24))
        text.blit_wrapped(surf, "These cards were skipped; every other card loaded. Fix the "
                          "files (or run 'tabletop validate') and restart.",
                          pygame.Rect(40, 60, 900, 30), 14, theme.MUTED)
        panel(surf, self.list.rect.inflate(4, 4), theme.PANEL, 200)
        self.list.draw(surf)
        self.back.draw(surf)


App.home = MainMenu
