"""Screens reached from the main menu: settings, statistics, the card-file problems,
and the confirmation asked before something cannot be undone."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..engine.settings import ANIMATION, PACE, SCREEN, TEXT_SIZE
from ..engine.stats import StatsFile, Summary, Tally, summary
from ..games import GAMES
from ..logs import where
from . import look, text, theme
from .app import Scene, background
from .menuscene import draw_focus, keys_after, keys_before
from .palette import PALETTES
from .replay.recent import recent_rows
from .sound_settings import SoundControls
from .widgets import Button, Choice, Row, ScrollList, Toast, panel


class Page(Scene):
    """A screen of widgets with a title and a Back button; Esc goes back."""

    title = ""
    widgets: list = []
    back: Button | None = None

    def __init__(self) -> None:
        self.toast = Toast()
        self.widgets = []
        self.back = None

    def controls(self) -> list:
        return [*self.widgets, self.back]

    def handle(self, event) -> None:
        if keys_before(self, event):
            return
        for widget in self.controls():
            if widget is not None and widget.handle(event):
                return
        if keys_after(self, event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def frame(self, surf) -> pygame.Rect:
        """The background, the title and the Back button; returns the content area."""
        background(surf)
        w, h = surf.get_size()
        left = self.left_of(w)
        text.draw(surf, self.title, (left, 18, w - 2 * left, theme.ui(40)), 30, theme.ACCENT,
                  "bold")
        if self.back is not None:
            self.back.draw(surf)
        self.toast.draw(surf, (w // 2, h - 140), 640)
        top = self.content_top()
        return pygame.Rect(left, top, w - 2 * left, h - 90 - top)

    @staticmethod
    def left_of(w: int) -> int:
        """The left edge of a page's content in a window ``w`` wide (centred, as wide as
        the text size asks, within the window)."""
        return max(40, w // 2 - theme.ui(520))

    @staticmethod
    def content_top() -> int:
        """Where a page's content starts, under its title (at the player's text size)."""
        return 30 + theme.ui(40)

    def place_back(self, size) -> None:
        w, h = size
        bh = theme.ui(46)
        self.back = Button((self.left_of(w), h - 24 - bh, theme.ui(160), bh), "Back",
                           self.app.pop, size=17)


def middle_cut(s: str, size: int, width: int, style: str = "regular") -> str:
    """``s`` with its middle left out (an ellipsis) where it is wider than ``width``: a
    path keeps its start and its file name."""
    if text.width_of(s, size, style) <= width:
        return s
    lo, hi = 0, len(s)  # how many characters are kept, half from each end
    while lo < hi:
        mid = (lo + hi + 1) // 2
        head, end = s[:(mid + 1) // 2], s[len(s) - mid // 2:]
        if text.width_of(head + text.ELLIPSIS + end, size, style) <= width:
            lo = mid
        else:
            hi = mid - 1
    return s[:(lo + 1) // 2] + text.ELLIPSIS + s[len(s) - lo // 2:]


class SettingsScreen(Page):
    """How the table moves (animation speed, the computer's pace), looks (full screen,
    text size, colours) and sounds (volume, Mute). Kept in the user config folder; a
    change applies at once. The settings stand in three columns (fewer when the window is
    narrow), each with a line saying what it does where there is room; below them, where
    the log file is (:mod:`tabletop.logs`)."""

    title = "Settings"

    def layout(self, size) -> None:
        w, h = size
        left = self.left_of(w)
        s = self.app.settings
        names = {"off": "Off", "fast": "Fast", "normal": "Normal", "slow": "Slow",
                 "quick": "Quick", "window": "Window", "full": "Full screen (F11)"}
        self.blocks = [
            (Choice((0, 0, 0, 0), "Animations", [(k, names[k]) for k in ANIMATION],
                    s.animation, lambda v: self._set(animation=v)),
             "Cards glide between places, damage and healing rise from the characters, "
             "a card put back glides home. Off: cards jump at once."),
            (Choice((0, 0, 0, 0), "The computer's pace", [(k, names[k]) for k in PACE],
                    s.pace, lambda v: self._set(pace=v)),
             "The pause between two computer moves, with the card it used lit and a line "
             "saying what it did."),
            (Choice((0, 0, 0, 0), "Screen", [(k, names[k]) for k in SCREEN],
                    s.screen, lambda v: self._set(screen=v)),
             "Play in a window or over the whole screen; F11 switches at any time."),
            (Choice((0, 0, 0, 0), "Text size", [(k, f"{k}%") for k in TEXT_SIZE],
                    s.text_size, lambda v: self._set(text_size=v)),
             "The size of the words of the menus, the table's panel and log, and the "
             "dialogs. Cards grow with the window." + self._room_note(size)),
            (Choice((0, 0, 0, 0), "Colours", list(PALETTES.items()), s.palette,
                    lambda v: self._set(palette=v)),
             "Colour-blind safe: seats, power types and lit places in colours that stay "
             "apart with red-green or blue-yellow colour blindness."),
        ]
        # the sound (:mod:`.sound_settings`)
        self.sound = SoundControls(self.app, self._set)
        self.blocks += self.sound.blocks()
        self.widgets = [widget for widget, _ in self.blocks]
        self._place_blocks(left, w - 2 * left, h)
        self.place_back(size)
        if self.app.settings_problem:
            self.toast.show(self.app.settings_problem, theme.ACCENT, 8)
            self.app.settings_problem = ""

    @staticmethod
    def _room_note(size) -> str:
        """What a window too small for the largest text size shows of it."""
        most = theme.most_scale(size)
        if most >= max(TEXT_SIZE.values()):
            return ""
        return f" Up to {round(most * 100)}% in this window."

    def _place_blocks(self, left: int, width: int, h: int) -> None:
        """Columns of settings (three, or fewer in a narrow window), each a control and
        its note; the notes are left out where the window has no room for them."""
        columns = 3 if width >= 900 else 2 if width >= 600 else 1
        gap = 36
        col_w = (width - gap * (columns - 1)) // columns
        per_column = -(-len(self.blocks) // columns)
        top = self.content_top() + theme.ui(16)
        bottom = h - 40 - theme.ui(50 + 64)  # the log file's lines and the Back button
        room = (bottom - top) // per_column
        choice_h = theme.ui(58)
        self.notes = []
        for i, (widget, note) in enumerate(self.blocks):
            col, row = divmod(i, per_column)
            x = left + col * (col_w + gap)
            y = top + row * room
            widget.rect = pygame.Rect(x, y, col_w, choice_h)
            self.notes.append((note, pygame.Rect(x, y + choice_h + 6, col_w,
                                                 room - choice_h - 14)))
        self.log_top = bottom + 8

    def _set(self, **change) -> None:
        self._saving = look.change(self.app, **change)

    def update(self, dt: float) -> None:
        saving = getattr(self, "_saving", None)
        if saving is not None and saving.done():
            self._saving = None
            if saving.exception() is not None:
                self.toast.show(f"The settings could not be saved: {saving.exception()}")

    def draw(self, surf) -> None:
        area = self.frame(surf)
        room = self._room_note(surf.get_size()).strip()
        for note, box in self.notes:
            if box.h <= 0:
                continue
            if room and note.endswith(room) and not text.fits(note, box, 14, wrap=True,
                                                              min_size=12):
                note = room  # (no room for the whole note: what the window caps, at least)
            text.draw(surf, note, box, 14, theme.MUTED, wrap=True, optional=True,
                      min_size=12)
        for widget in self.widgets:
            widget.draw(surf)
        self._draw_log(surf, pygame.Rect(area.left, self.log_top, area.w, 0))
        draw_focus(self, surf)

    @staticmethod
    def _draw_log(surf, area: pygame.Rect) -> None:
        """Where the log file is: what went wrong is written there (a bug report's
        details); the path has the whole width, and a longer one loses its middle,
        never its file name."""
        width = area.w
        y = area.top
        text.draw(surf, "Log file", (area.left, y, width, theme.ui(22)), 16, theme.ACCENT,
                  "bold")
        y += theme.ui(24)
        text.draw(surf, middle_cut(where(), 14, width), (area.left, y, width, theme.ui(20)),
                  14, theme.TEXT)
        y += theme.ui(22)
        text.draw(surf, "Errors are written there, with the details a bug report needs.",
                  (area.left, y, width, theme.ui(20)), 14, theme.MUTED)


class StatsScreen(Page):
    """Per game: games played, won and lost by the players at this screen, by seat or
    role and by opponent, and the longest winning streak; under them the recent games
    counted, each a row that opens its replay with ``open_record(app, record, toast)``
    (:func:`.replay.opening.open_record`, given by the main menu; None: rows only)."""

    title = "Statistics"

    def __init__(self, open_record: Callable[..., bool] | None = None) -> None:
        super().__init__()
        self.open_record = open_record
        self.game_id = next(iter(GAMES))
        self.stats = StatsFile()  # never raises: a bad file is a message
        if self.stats.problem:
            self.toast.show(self.stats.problem, theme.ACCENT, 10)

    def layout(self, size) -> None:
        w, h = size
        left = self.left_of(w)
        top = self.content_top()
        self.widgets = [Choice((left, top, min(1040, w - 2 * left), theme.ui(40)), "",
                               [(g.info.id, g.info.title) for g in GAMES.values()],
                               self.game_id, self._set_game)]
        self.box_top = top + theme.ui(40) + 16
        inner = pygame.Rect(left, self.box_top, w - 2 * left,
                            h - 90 - self.box_top).inflate(-40, -32)
        tall = max(110, inner.h * 2 // 5)
        self.recent = ScrollList((inner.left, inner.bottom - tall, inner.w, tall), [], size=14,
                                 on_pick=self._replay, selectable=True)
        self.recent.set_rows(recent_rows(self.stats.records, self.game_id))
        self.widgets.append(self.recent)
        self.place_back(size)

    def _set_game(self, game_id: str) -> None:
        self.game_id = game_id
        self.recent.set_rows(recent_rows(self.stats.records, game_id))

    def _replay(self, record) -> None:
        if record is not None and self.open_record is not None:
            self.open_record(self.app, record, self.toast)

    def draw(self, surf) -> None:
        area = self.frame(surf)
        self.widgets[0].draw(surf)
        box = pygame.Rect(area.left, self.box_top, area.w, area.bottom - self.box_top)
        panel(surf, box, theme.PANEL, 220)
        data = summary(self.stats.records, self.game_id)
        inner = box.inflate(-40, -32)
        if self.recent.rows:
            top = self.recent.rect.top
            text.draw(surf, "Recent games: click one to replay it",
                      (inner.left, top - theme.ui(26), inner.w, theme.ui(22)), 16, theme.ACCENT,
                      "bold")
            self.recent.draw(surf)
            inner.h = top - theme.ui(34) - inner.top
        if not data.total.played:
            text.draw(surf, f"No finished game of {GAMES[self.game_id].info.title} yet. A "
                      "game counts here when it ends at the table.", inner, 16, theme.MUTED,
                      wrap=True)
            return
        self._draw_summary(surf, inner, data)
        draw_focus(self, surf)

    def _draw_summary(self, surf, inner: pygame.Rect, data: Summary) -> None:
        y = inner.top
        t = data.total
        head = f"{t.played} game{'s' if t.played != 1 else ''} played: {t.won} won, " \
               f"{t.lost} lost" + (f", {t.drawn} drawn" if t.drawn else "")
        text.draw(surf, head, (inner.left, y, inner.w, 28), 20, theme.TEXT, "bold")
        y += 32
        text.draw(surf, f"Longest winning streak: {data.longest_streak} \u00b7 now: "
                        f"{data.current_streak}", (inner.left, y, inner.w, 22), 16,
                  theme.ACCENT, "bold")
        y += 30
        text.draw(surf, "Won: a player at this screen won (the team, in a game played "
                        "together). Seats count each human seat.",
                  (inner.left, y, inner.w, 20), 13, theme.DIM)
        y += 30
        half = (inner.w - 30) // 2
        self._table(surf, pygame.Rect(inner.left, y, half, inner.bottom - y),
                    "By seat or role", data.by_seat)
        self._table(surf, pygame.Rect(inner.left + half + 30, y, half, inner.bottom - y),
                    "By opponent", data.by_opponent)

    def _table(self, surf, rect: pygame.Rect, title: str, rows: dict[str, Tally]) -> None:
        text.draw(surf, title, (rect.left, rect.top, rect.w, 22), 16, theme.ACCENT, "bold")
        cols = (rect.w - 210, 70, 70, 70)
        y = rect.top + 28
        for i, label in enumerate(("", "played", "won", "lost")):
            x = rect.left + sum(cols[:i])
            text.draw(surf, label, (x, y, cols[i] - 6, 18), 13, theme.MUTED, "bold",
                      align="right" if i else "left")
        y += 22
        for name, tally in sorted(rows.items()):
            if y + 22 > rect.bottom:
                break
            values = (name, str(tally.played), str(tally.won), str(tally.lost))
            for i, value in enumerate(values):
                x = rect.left + sum(cols[:i])
                text.draw(surf, value, (x, y, cols[i] - 6, 20), 15, theme.TEXT,
                          align="right" if i else "left")
            y += 24


class Confirm(Page):
    """A question over the screen below: the action button, or Cancel (Esc)."""

    transparent = True

    def __init__(self, question: str, detail: str, action: str, on_yes) -> None:
        self.question, self.detail, self.action, self.on_yes = question, detail, action, on_yes

    def layout(self, size) -> None:
        w, h = size
        self.rect = pygame.Rect(0, 0, 560, 220)
        self.rect.center = (w // 2, h // 2)
        self.yes = Button((self.rect.left + 30, self.rect.bottom - 70, 220, 46), self.action,
                          self.confirm, primary=True, size=17)
        self.no = Button((self.rect.right - 190, self.rect.bottom - 70, 160, 46), "Cancel",
                         self.app.pop, size=17)

    def confirm(self) -> None:
        self.app.pop()
        self.on_yes()
        self.app.scene.layout(self.app.screen.get_size())

    def controls(self) -> list:
        return [self.yes, self.no]

    def draw(self, surf) -> None:
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surf.blit(shade, (0, 0))
        panel(surf, self.rect, theme.PANEL, 250, theme.ACCENT)
        inner = self.rect.inflate(-60, 0)
        used = text.blit_wrapped(surf, self.question, pygame.Rect(inner.left, self.rect.top + 24,
                                                                  inner.w, 80), 18, theme.TEXT,
                                 "bold")
        text.blit_wrapped(surf, self.detail, pygame.Rect(inner.left, self.rect.top + 32 + used,
                                                         inner.w, 40), 15, theme.MUTED)
        self.yes.draw(surf)
        self.no.draw(surf)
        draw_focus(self, surf)


def snippet_lines(snippet: str, width: int, size: int) -> tuple[str, str]:
    """A YAML error's line and its caret line (:attr:`CardError.snippet`) cut alike to what
    ``width`` pixels hold in the monospaced font at ``size`` (the caret kept in view),
    spaces made unbreakable so that the caret stays under its column; ("", "") without
    one."""
    parts = snippet.split("\n")
    if len(parts) != 2:
        return "", ""
    line, caret = parts
    fits = max(20, width // max(1, theme.font(size, "mono").size("M")[0]))
    at = caret.find("^")
    if len(line) > fits or len(caret) > fits:
        start = max(0, min(at - fits // 2, max(len(line), len(caret)) - fits))
        line, caret = line[start:start + fits], caret[start:start + fits]
    return line.replace(" ", "\u00a0"), caret.rstrip().replace(" ", "\u00a0")


class CardProblems(Page):
    """Every problem met while loading card files (the app runs with the valid cards),
    each once, with the games that read it when several do; saved again while it is
    shown (hot reload), the list follows (and hot reload's banner gives way to it)."""

    lists_card_problems = True

    def layout(self, size) -> None:
        from .card_problems import card_problems, problems_version

        w, h = size
        self.app.card_errors()  # every game's cards loaded
        self.version = problems_version(self.app)
        rows = []
        room = w - 80 - 24  # (the list's text width, less its margins and scroll bar)
        for error, games in card_problems(self.app):
            lines = [(str(error), theme.TEXT, "regular")]
            shown, caret = snippet_lines(error.snippet, room, 14)
            if shown:
                lines += [(shown, theme.MUTED, "mono"), (caret, theme.BAD, "mono")]
            if len(games) > 1:
                lines.append(("read by " + ", ".join(GAMES[g].info.title for g in games),
                              theme.MUTED, "regular"))
            rows.append(Row(lines))
        self.list = ScrollList((40, 90, w - 80, h - 180), rows, size=14)
        self.back = Button((40, h - 76, 160, 46), "Back", self.app.pop, size=16)

    def update(self, dt) -> None:
        from .card_problems import problems_version

        if problems_version(self.app) != self.version:
            self.layout(self.app.screen.get_size())

    def controls(self) -> list:
        return [self.list, self.back]

    def draw(self, surf) -> None:
        background(surf)
        text.draw(surf, "Problems in card files", (40, 20, surf.get_width() - 80, 36), 28,
                  theme.ACCENT, "bold")
        text.blit_wrapped(surf, "These cards were skipped; every other card loaded. Fix the "
                          "files (or run 'tabletop validate'): a saved fix is taken at once.",
                          pygame.Rect(40, 60, 900, 30), 14, theme.MUTED)
        panel(surf, self.list.rect.inflate(4, 4), theme.PANEL, 200)
        self.list.draw(surf)
        self.back.draw(surf)
        draw_focus(self, surf)
