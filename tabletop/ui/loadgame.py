"""Opening a saved game (the load screen, Continue) and the lines that describe a save.

A save that does not open (a move the rules refuse, a set-up its cards no longer allow)
is remembered (:mod:`.savemarks`): the load screen marks it as one that cannot be resumed
and Continue passes it by.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import pygame

from ..engine import limits, savegames
from ..engine.levels import LEVELS
from ..engine.saves import Replay, SaveError, read_save
from ..engine.session import Session
from ..games import GAMES
from . import savemarks, text, theme
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
    data = read_save(path, GAMES)
    game = GAMES[data["game"]]  # read_save refuses a game this version does not have
    return Replay(data, game, app.catalog(game.info.id), Path(path).name)


def start_table(app, session: Session, hide_hands: bool = True,
                warnings: list[str] | None = None, autosave: Path | None = None) -> None:
    """Open the table; the game autosaves to ``autosave`` (a game resumed from its own
    autosave) or to a new file of its own, never over another game in progress."""
    from .kits import table_for

    path = autosave
    if path is None:
        try:
            path = savegames.new_autosave_path(session.game.info.id)
        except OSError as exc:  # e.g. a read-only data folder: play on, unsaved
            warnings = [*(warnings or []), f"This game cannot be saved: the saves folder "
                                           f"cannot be created ({exc.strerror or exc})."]
    app.replace(table_for(session, autosave=path, hide_hands=hide_hands, warnings=warnings))


def resume(app, path: Path, toast: Toast,
           refused: Callable[[str], None] | None = None) -> bool:
    """Load the save at ``path`` and open the table (a game in progress keeps writing to
    its autosave; a copy or a sample becomes a game in progress of its own). A long game
    goes on replaying behind the opening screen (:mod:`.opening`). A refusal, at once or
    from the opening screen, shows in ``toast`` (or goes to ``refused``); a save that was
    read but does not set up or replay is remembered (:mod:`.savemarks`). False when the
    save was refused at once."""
    from .opening import replay_opened

    failed: list[str] = []

    def refuse(message: str, game_id: str | None = None) -> None:
        failed.append(message)
        if game_id is not None:
            savemarks.remember(app, path, game_id, message)
        if refused is not None:
            refused(message)
        else:
            toast.show(message, seconds=8)

    try:
        data = read_save(path, GAMES)
    except SaveError as exc:  # unreadable: the load screen lists it so
        refuse(str(exc))
        return False
    game = GAMES[data["game"]]  # read_save refuses a game this version does not have
    try:
        replay = Replay(data, game, app.catalog(game.info.id), Path(path).name)
    except SaveError as exc:  # it cannot be set up (e.g. a deck a mod removed)
        refuse(str(exc), game.info.id)
        return False

    def opened(session: Session, warnings: list[str]) -> None:
        savemarks.forget(path)
        start_table(app, session, session.settings.get("hide_hands", True), warnings,
                    autosave=path if savegames.is_autosave(path) else None)

    replay_opened(app, replay, opened, lambda message: refuse(message, game.info.id))
    return not failed


def cant_resume(entry: savegames.Entry, message: str) -> str:
    """What Continue says of the latest game in progress when it does not open:
    ``Your latest game (Brawl — Ana vs Computer (Easy), today 14:05) can't be resumed:
    it does not replay: move 12 (...) is refused: ...``."""
    reason = message.removeprefix(entry.path.name + " ").rstrip(". ")
    if reason[:1].islower():
        reason = "it " + reason
    return f"Your latest game ({title_text(entry.data)}, {when(entry.played, short=True)}) " \
           f"{CANT_RESUME}: {reason}."


#: how the load screen marks a save that was read but does not open
CANT_RESUME = "can't be resumed"


def when(moment: datetime, short: bool = False) -> str:
    """``today, 14:05``, ``yesterday, 09:12`` or ``3 May 2026, 14:05`` (local time);
    ``short``: ``today 14:05``, ``yesterday 09:12``, ``3 May`` (this year) or
    ``3 May 2025``."""
    local = moment.astimezone()
    today = datetime.now().astimezone().date()
    clock = local.strftime("%H:%M")
    day = {today: "today", today - timedelta(days=1): "yesterday"}.get(local.date())
    if short:
        if day:
            return f"{day} {clock}"
        year = "" if local.year == today.year else f" {local.year}"
        return f"{local.day} {local.strftime('%b')}{year}"
    if day:
        return f"{day}, {clock}"
    return f"{local.day} {local.strftime('%b %Y')}, {clock}"


def _level(seat: dict) -> str:
    return LEVELS[seat.get("level", "easy")].label


def _cut(name: str, cut: int) -> str:
    """``name``, or its first ``cut`` characters with an ellipsis."""
    return name if len(name) <= cut else name[:cut - 1].rstrip() + "\u2026"


def is_default_name(game_id: str, index: int, name: str) -> bool:
    """Whether seat ``index`` kept the name the new-game screen gave it (``Player 2``, or
    its role: ``Nemesis``)."""
    roles = GAMES[game_id].info.seat_roles
    return name == f"Player {index + 1}" or (index < len(roles) and name == roles[index])


def seat_text(seat: dict) -> str:
    """``Ana``, or ``Bo (computer, Normal)``."""
    if seat["kind"] != "computer":
        return seat["name"]
    return f"{seat['name']} (computer, {_level(seat)})"


def _computer(seat: dict, who: str, compact: bool) -> str:
    """``who`` marked as a computer: ``Bo (computer, Hard)``; compact: ``Bo (computer)``."""
    if seat["kind"] != "computer":
        return who
    return f"{who} (computer)" if compact else f"{who} (computer, {_level(seat)})"


def _computers(levels: list[str], compact: bool) -> str:
    """Computer seats with default names: ``Computer (Normal)``, ``2 computers (Easy,
    Hard)``; compact: ``Computer``, ``2 computers``."""
    noun = "Computer" if len(levels) == 1 else f"{len(levels)} computers"
    labels = ", ".join(level.label for key, level in LEVELS.items() if key in levels)
    return noun if compact else f"{noun} ({labels})"


def _role_seats(data: dict, cut: int, compact: bool) -> str:
    """A game of roles, its seats in the order of the roles in its title: ``Hero vs
    computer Nemesis (Normal)``, ``Ana vs Bo (computer, Hard)``; ``2 players, no
    computer`` when both kept their roles' names (``Hero vs Nemesis`` would only repeat
    the title)."""
    roles = GAMES[data["game"]].info.seat_roles
    parts = []
    for i, seat in enumerate(data["seats"]):
        if not is_default_name(data["game"], i, seat["name"]):
            parts.append(_computer(seat, _cut(seat["name"], cut), compact))
            continue
        role = roles[i] if i < len(roles) else f"Player {i + 1}"
        level = "" if compact else f" ({_level(seat)})"
        parts.append(f"computer {role}{level}" if seat["kind"] == "computer" else role)
    if all(s["kind"] == "human" for s in data["seats"]) and parts == list(roles[:len(parts)]):
        return f"{len(parts)} players, no computer"
    return " vs ".join(parts)


def seats_text(data: dict, cut: int = limits.MAX_SEAT_NAME_CHARS,
               compact: bool = False) -> str:
    """Who plays, told apart even under the names the new-game screen gave:
    ``Player 1 vs Computer (Normal)``, ``Ana vs 2 computers (Easy, Hard)``, in a
    co-operative game ``Ana, Player 2 and Computer (Normal)``, in a game of roles ``Hero
    vs computer Nemesis (Normal)``. Names of the players' own longer than ``cut`` are
    cut; ``compact`` leaves out the levels."""
    game = GAMES[data["game"]]
    if game.info.seat_roles:
        return _role_seats(data, cut, compact)
    named, computers = [], []
    for i, seat in enumerate(data["seats"]):
        if not is_default_name(data["game"], i, seat["name"]):
            named.append(_computer(seat, _cut(seat["name"], cut), compact))
        elif seat["kind"] == "computer":
            computers.append(seat.get("level", "easy"))
        else:
            named.append(seat["name"])
    if computers:
        named.append(_computers(computers, compact))
    if game.info.mode == "competitive" or len(named) == 1:
        return " vs ".join(named)
    return ", ".join(named[:-1]) + " and " + named[-1]


#: the longest a name of a player's own may be in a line of the list, tried in turn until
#: the line fits (then again compact: see :func:`seats_text`)
NAME_CUTS = (limits.MAX_SEAT_NAME_CHARS, 20, 14, 10, 7)


def title_text(data: dict, width: int | None = None, size: int = 15,
               style: str = "bold") -> str:
    """``Brawl \u2014 Player 1 vs Computer (Normal)``: the game and its seats, names cut
    until the line fits ``width`` pixels (when given) at ``size`` (the list wraps a line
    that never does: four long names, computers among them)."""
    title = GAMES[data["game"]].info.title
    line = ""
    for compact in (False, True):
        for cut in NAME_CUTS:
            line = f"{title} \u2014 {seats_text(data, cut, compact)}"
            if width is None or text.width_of(line, size, style) <= width:
                return line
    return line


def progress_text(entry: savegames.Entry) -> str:
    """``turn 7 \u00b7 60 moves \u00b7 today 14:05``; a finished game or a saved copy says so
    first; a sample has no date."""
    data = entry.data or {}
    parts = []
    if entry.over:
        parts.append("finished")
    elif entry.kind == "copy":
        parts.append("saved copy")
    if data.get("turn"):
        parts.append(f"turn {data['turn']}")
    moves = len(data.get("moves", ()))
    parts.append(f"{moves:,} move{'s' if moves != 1 else ''}")
    if entry.kind != "sample":
        parts.append(when(entry.played, short=True))
    return " \u00b7 ".join(parts)


def seat_detail(data: dict, index: int) -> str:
    """The details' line of a seat: ``Seat 2: Player 2 (computer, Easy)``, ``Hero: Ana``;
    a seat that kept its role's name: ``Nemesis: computer (Normal)``, ``Hero: human player``."""
    seat = data["seats"][index]
    roles = GAMES[data["game"]].info.seat_roles
    role = roles[index] if index < len(roles) else f"Seat {index + 1}"
    if seat["name"] != role:
        return f"{role}: {seat_text(seat)}"
    who = f"computer ({_level(seat)})" if seat["kind"] == "computer" else "human player"
    return f"{role}: {who}"


_SEAT = re.compile(r"P([1-9][0-9]?) ")


def last_move(data: dict) -> str:
    """The last move in the save's notation with its seat named (``Nemesis challenge``),
    or ``""``."""
    if not data.get("moves"):
        return ""
    move = data["moves"][-1]
    found = _SEAT.match(move)
    if found and int(found[1]) <= len(data["seats"]):
        move = f"{data['seats'][int(found[1]) - 1]['name']} {move[found.end():]}"
    return move


def autosave_state(app=None) -> tuple[bool, str, savegames.Entry | None]:
    """Whether the main menu's Continue has a game to resume, the line shown beside it,
    and that game's entry: the most recently played game in progress, passing by those
    that were refused when opened (with ``app``: :func:`.savemarks.refused`)."""
    try:
        entries = [e for e in savegames.list_entries(GAMES, samples=False)
                   if e.kind in ("autosave", "finished")]
    except OSError as exc:
        return False, f"The saves folder cannot be read: {exc.strerror or exc}", None
    going = [e for e in entries if e.in_progress]
    refused = {e.path for e in going if app is not None and savemarks.refused(app, e)}
    latest = savegames.latest_in_progress(GAMES, [e for e in going if e.path not in refused])
    if latest is None:
        if refused:
            newest = max((e for e in going if e.path in refused), key=lambda e: e.recency)
            return False, f"Your latest game ({title_text(newest.data)}, " \
                          f"{when(newest.played, short=True)}) can't be resumed: Load game " \
                          "shows why.", None
        broken = sorted((e for e in entries if not e.readable and e.kind == "autosave"),
                        key=lambda e: e.modified)
        if broken:
            return False, f"Autosave unusable: {broken[-1].error}", None
        return False, "The last game is over." if entries else "", None
    data = latest.data
    info = f"{GAMES[data['game']].info.title} \u2014 {seats_text(data, NAME_CUTS[1])}\n" \
           f"{progress_text(latest)}"
    others = len(going) - 1
    if others:
        bad = f"; {len(refused)} can't be resumed" if refused else ""
        info += f"\n+ {others} more game{'s' if others > 1 else ''} in progress " \
                f"(Load game{bad})"
    return True, info, latest


class LoadGame(MenuScene):
    """Every game in progress, finished games, saved copies and samples; a row shows the
    game, its seats, turn and when it was last played, or why the file cannot be read.
    Click a row to select it (its details show on the right), click it again or press
    Load to play on (a finished game: Replay, :mod:`.replay`, which any readable save
    has too); Delete removes it after a confirmation. A save known not to open
    (:mod:`.savemarks`) is marked: it cannot be loaded, only deleted. ``selected``: the
    save selected first; ``notice``: a message shown as the screen opens (Continue's)."""

    def __init__(self, selected: Path | None = None, notice: str = "") -> None:
        self.toast = Toast()
        self.selected: Path | None = selected
        self.clicked: Path | None = None  # the row last clicked (a second click loads it)
        self.entries: list[savegames.Entry] = []
        #: why a readable save cannot be resumed (:func:`.savemarks.problem`), by path
        self.problems: dict[Path, str] = {}
        if notice:
            self.toast.show(notice, seconds=12)

    def layout(self, size) -> None:
        w, h = size
        try:
            self.entries = savegames.list_entries(GAMES)
        except OSError as exc:
            self.entries = []
            self.toast.show(f"The saves folder cannot be read: {exc.strerror or exc}")
        if self.selected not in [e.path for e in self.entries]:
            self.selected = self.entries[0].path if self.entries else None
        self._find_problems()
        left = max(30, w // 2 - 590)
        list_w = min(700, w - left - 470)
        self.list = ScrollList((left, 84, list_w, h - 184), self._rows(list_w - 16),
                               size=15, on_pick=self._on_row, selectable=True)
        self.detail_rect = pygame.Rect(self.list.rect.right + 20, 84,
                                       min(440, w - self.list.rect.right - 50), h - 184)
        bottom = self.detail_rect.bottom - 62
        bw = (self.detail_rect.w - 60) // 3
        self.load_button = Button((self.detail_rect.left + 20, bottom, bw, 46), "Load",
                                  self.load_selected, primary=True, size=17)
        self.replay_button = Button((self.detail_rect.left + 30 + bw, bottom, bw, 46),
                                    "Replay", self.replay_selected, size=16,
                                    tooltip="Step through the game's moves")
        self.delete_button = Button((self.detail_rect.right - 20 - bw, bottom, bw, 46),
                                    "Delete", self.ask_delete, size=16)
        self.back = Button((left, h - 80, 160, 48), "Back", self.app.pop, size=17)
        # the games held on a server are rejoined from Play online (they list there)
        self.online_button = Button((left + 176, h - 80, 220, 48), "Online games\u2026",
                                    self._online, size=16,
                                    tooltip="Games you play on a server: rejoin them")
        self._update_buttons()

    def _find_problems(self) -> None:
        self.problems = {}
        for entry in self.entries:
            if entry.kind != "sample":
                why = savemarks.problem(self.app, entry)
                if why:
                    self.problems[entry.path] = why

    def _marked(self) -> None:
        """A save just refused: its row marked (the list not read again)."""
        self._find_problems()
        self.list.set_rows(self._rows(self.list.rect.w - 16))
        self._update_buttons()

    def _rows(self, width: int) -> list[Row]:
        """The sections and a row per file, each line fitted to ``width`` pixels."""
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
            rows.append(self._row(entry, width, self.problems.get(entry.path)))
        if not self.entries:
            rows.append(Row([("No saved games yet.", theme.MUTED, "regular")]))
        return rows

    @staticmethod
    def _row(entry: savegames.Entry, width: int, problem: str | None = None) -> Row:
        if not entry.readable:
            reason = (entry.error or "").removeprefix(entry.path.name + " ")
            short = reason if len(reason) <= 90 else reason[:88] + "\u2026"
            return Row([(f"{entry.path.name} \u2014 cannot be loaded", theme.BAD, "bold"),
                        (short, theme.MUTED, "small")], data=entry)
        if problem:  # read, but it does not open (:mod:`.savemarks`)
            reason = f"{CANT_RESUME}: {problem.removeprefix(entry.path.name + ' ')}"
            short = reason if len(reason) <= 100 else reason[:98] + "\u2026"
            return Row([(title_text(entry.data, width), theme.BAD, "bold"),
                        (f"{progress_text(entry)} \u00b7 {short}", theme.MUTED, "small")],
                       data=entry)
        return Row([(title_text(entry.data, width), theme.TEXT, "bold"),
                    (progress_text(entry), theme.MUTED, "small")], data=entry)

    def _entry(self) -> savegames.Entry | None:
        return next((e for e in self.entries if e.path == self.selected), None)

    def _loadable(self, entry: savegames.Entry | None) -> bool:
        return bool(entry and entry.readable and entry.path not in self.problems)

    def _update_buttons(self) -> None:
        entry = self._entry()
        self.load_button.enabled = self._loadable(entry) and not entry.over  # (over: replay)
        self.replay_button.enabled = self._loadable(entry)
        self.delete_button.enabled = bool(entry and entry.kind != "sample")

    def _on_row(self, entry) -> None:
        if entry is None:
            return
        if entry.path == self.clicked and self._loadable(entry):
            if entry.over:
                self.replay_selected()
            else:
                self.pick(entry.path)
            return
        self.selected = self.clicked = entry.path
        self._update_buttons()

    def pick(self, path) -> None:
        """Load the save at ``path`` (a refusal is shown, the list stays and marks it)."""
        if path is not None:
            resume(self.app, path, self.toast, self._refused)

    def _refused(self, message: str) -> None:
        self.toast.show(message, seconds=8)
        if self.app.scene is self:
            self._marked()

    def load_selected(self) -> None:
        self.pick(self.selected)

    def replay_selected(self) -> None:
        from .replay.opening import open_replay

        if self.selected is not None:
            open_replay(self.app, self.selected, lambda m: self.toast.show(m, seconds=8))

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

    def _online(self) -> None:
        from .online_screens import PlayOnline

        self.app.push(PlayOnline())

    def controls(self) -> list:
        return [self.list, self.load_button, self.replay_button, self.delete_button,
                self.back, self.online_button]

    def draw(self, surf) -> None:
        background(surf)
        w, h = surf.get_size()
        text.draw(surf, "Load a game", (self.list.rect.left, 26, w - 2 * self.list.rect.left,
                                        40), 30, theme.ACCENT, "bold")
        self.list.draw(surf)
        self._draw_selection(surf)
        self._draw_details(surf)
        for button in (self.load_button, self.replay_button, self.delete_button):
            button.draw(surf)
        self.back.draw(surf)
        self.online_button.draw(surf)
        self.toast.draw(surf, (w // 2, h - 140), 700)
        self.draw_focus(surf)

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
        problem = self.problems.get(entry.path)
        if not entry.readable:
            text.draw(surf, "This file cannot be loaded", (x, y, width, 26), 19, theme.BAD,
                      "bold")
            y += 34
            y += text.blit_wrapped(surf, entry.error or "", pygame.Rect(x, y, width,
                                                                        bottom - y - 40),
                                   15, theme.TEXT)
        elif problem:
            text.draw(surf, "This game can't be resumed", (x, y, width, 26), 19, theme.BAD,
                      "bold")
            y += 34
            y += text.blit_wrapped(surf, problem, pygame.Rect(x, y, width, 140), 14,
                                   theme.TEXT) + 16
            if bottom - 40 - y >= 150:  # the game itself, if there is room
                self._draw_save(surf, entry, pygame.Rect(x, y, width, bottom - 40 - y))
        else:
            self._draw_save(surf, entry, pygame.Rect(x, y, width, bottom - 40 - y))
        where = {"autosave": "autosave", "finished": "finished game", "copy": "saved copy",
                 "sample": "sample"}[entry.kind]
        text.blit_wrapped(surf, f"{entry.path.name} ({where})",
                          pygame.Rect(x, bottom - 34, width, 34), 12, theme.DIM)

    @staticmethod
    def _draw_save(surf, entry: savegames.Entry, box: pygame.Rect) -> None:
        """The details of a readable save: the game, each seat, how far it went, when it
        was last played and its last move."""
        data = entry.data
        x, y, width = box.x, box.y, box.w
        text.draw(surf, GAMES[data["game"]].info.title, (x, y, width, 30), 22, theme.ACCENT,
                  "bold")
        y += 38
        for i in range(len(data["seats"])):
            text.draw(surf, seat_detail(data, i), (x, y, width, 22), 16,
                      theme.SEAT_COLORS[i % 4])
            y += 24
        y += 10
        turn = f"Turn {data['turn']}, " if data.get("turn") else ""
        moves = len(data["moves"])
        lines = [f"{turn}{moves:,} move{'s' if moves != 1 else ''} played",
                 "Finished" if entry.over else "In progress" if entry.kind == "autosave"
                 else "A saved copy" if entry.kind == "copy" else "A sample game",
                 f"Last played {when(entry.played)}"]
        for line in lines:
            text.draw(surf, line, (x, y, width, 21), 15, theme.TEXT)
            y += 23
        move = last_move(data)
        if move and box.bottom - y >= 40:
            text.blit_wrapped(surf, f"Last move: {move}", pygame.Rect(x, y + 6, width, 40),
                              14, theme.MUTED)
