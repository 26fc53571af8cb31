"""Opening a saved game (the load screen, Continue) and the lines that describe a save."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pygame

from ..engine import savegames
from ..engine.levels import LEVELS
from ..engine.saves import Replay, SaveError, read_save
from ..engine.session import Session
from ..games import GAMES
from . import text, theme
from .app import background
from .menuscene import MenuScene
from .screens import Confirm
from .widgets import Button, Row, ScrollList, Toast, panel


def open_save(app, path: Path) -> tuple[Session, list[str]]:
    """Read and replay a save; raises SaveError with a message for the player. The same
    checks (:func:`~tabletop.engine.saves.read_save`) list the files on the load screen."""
    replay = save_replay(app, path)
    replay.run()
    return replay.result()


def save_replay(app, path: Path) -> Replay:
    """The save at ``path`` read, checked and set up to replay (raises SaveError)."""
    data = read_save(path)
    game = GAMES[data["game"]]  # read_save refuses a game this version does not have
    return Replay(data, game, app.catalog(game.info.id), Path(path).name)


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
    its autosave; a copy or a sample becomes a game in progress of its own). A long game
    goes on replaying behind the opening screen (:mod:`.opening`), whose refusal shows in
    ``toast`` too. False when the save was refused at once."""
    from .opening import replay_opened

    try:
        replay = save_replay(app, path)
    except SaveError as exc:
        toast.show(str(exc), seconds=8)
        return False
    refused: list[str] = []

    def opened(session: Session, warnings: list[str]) -> None:
        start_table(app, session, session.settings.get("hide_hands", True), warnings,
                    autosave=path if savegames.is_autosave(path) else None)

    def refuse(message: str) -> None:
        refused.append(message)
        toast.show(message, seconds=8)
    replay_opened(app, replay, opened, refuse)
    return not refused


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


def autosave_state() -> tuple[bool, str, savegames.Entry | None]:
    """Whether the main menu's Continue has a game to resume, the line shown beside it,
    and that game's entry."""
    try:
        entries = [e for e in savegames.list_entries(samples=False) if e.kind == "autosave"]
    except OSError as exc:
        return False, f"The saves folder cannot be read: {exc.strerror or exc}", None
    latest = savegames.latest_in_progress(entries)
    if latest is None:
        broken = sorted((e for e in entries if not e.readable), key=lambda e: e.modified)
        if broken:
            return False, f"Autosave unusable: {broken[-1].error}", None
        return False, "The last game is over." if entries else "", None
    data = latest.data
    info = f"{GAMES[data['game']].info.title} \u2014 {seats_text(data)}\n" \
           f"{progress_text(latest)}"
    others = sum(e.in_progress for e in entries) - 1
    if others:
        info += f"\n+ {others} more game{'s' if others > 1 else ''} in progress " \
                "(Load game)"
    return True, info, latest


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
