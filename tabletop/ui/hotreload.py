"""Hot reload: card files saved while the app runs are on the table within a second.

A thread watches ``cards/``, the mods folder and the project's ``art/`` with
``watchfiles`` (the operating system's file events). When a card file changes it reloads
the catalogs of the games the app has loaded that read the file; when a file a card names
(its ``art:`` picture) changes, comes or goes, those of the games whose cards name it
(:attr:`~tabletop.engine.cards.Catalog.references`: a missing picture that appears clears
its problem). For the game on the table it replays the game with the new
cards (:func:`tabletop.engine.reload.refit_session`): all the work is done there, never on
a frame. Each frame :meth:`HotReload.poll` only looks at a queue; when a result has come:

- new problems in the files: they are shown over the screen with ``file:line:col``, and
  the app keeps the last good cards (until a save fixes them);
- otherwise the app takes the new catalog; the table takes it in place when it can (texts,
  numbers, art), or offers to restart the game from the same seed and seats with the new
  cards (cards the game holds were added or removed, or a move is no longer legal).

A changed picture (``.png``) redraws the faces. Nothing else reads the files.
A problem several games report (a file they all read) is shown once, in the banner and in
:func:`card_problems` (the menu's count, the card problems screen).
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pygame

from .. import ART_DIR, CARDS_DIR
from ..engine.cards import CardError, Catalog
from ..engine.paths import mods_root
from ..engine.reload import (
    SETUP_ERRORS,
    Refit,
    Snapshot,
    distinct_problems,
    referencing,
    refit_session,
)
from ..engine.session import Session
from ..games import GAMES
from . import cardart, text, theme
from .widgets import panel

log = logging.getLogger("tabletop.hotreload")

CARD_FILES = (".yaml", ".yml")
WATCHED = (*CARD_FILES, ".png")
#: how long the watcher waits before it looks again for a watched folder that is gone (s)
RETRY_SECONDS = 2.0
#: how long the watcher waits for more events of one save (ms): editors write in steps
STEP_MS = 40
NOTE_SECONDS = 4.0


@dataclass(frozen=True)
class Reloaded:
    """What the thread found: a game's new catalog and, for the game on the table, the
    game replayed with it."""

    game: str
    catalog: Catalog
    refit: Refit | None
    paths: tuple[str, ...]
    started: float


def _folder_like(path: str) -> bool:
    """A folder, or a name with no suffix (a folder being made or gone)."""
    return not Path(path).suffix or os.path.isdir(path)


def _key(error: CardError) -> tuple:
    """A problem without its place (a line added above it is not a new problem)."""
    return (error.file, error.card, error.field, error.message)


def _identities(folders: list[Path]) -> list[tuple[int, int] | None]:
    """Which folder each path is now (device, inode), or None: a folder deleted and made
    again is another folder to watch."""
    out: list[tuple[int, int] | None] = []
    for folder in folders:
        try:
            st = folder.stat()
            out.append((st.st_dev, st.st_ino))
        except OSError:
            out.append(None)
    return out


class HotReload:
    """The app's hot reload (see the module docstring); ``app.services`` runs it."""

    def __init__(self, app) -> None:
        self.app = app
        self.roots = [CARDS_DIR, ART_DIR]
        if app.use_mods:
            root = mods_root()
            try:
                root.mkdir(parents=True, exist_ok=True)
            except OSError as exc:  # the watcher looks for it again (see _watch)
                log.warning("cannot make the mods folder %s: %s", root, exc)
            self.roots.append(root)
        self.results: queue.Queue = queue.Queue()
        #: per game, the new problems of a load not taken (the last good cards stay)...
        self.problems: dict[str, list[CardError]] = {}
        #: ... and that load (its problems are what the files now say; the files its
        #: cards name are watched as well as the last good cards')
        self.untaken: dict[str, Catalog] = {}
        #: counts the changes of the problems shown (:func:`problems_version`)
        self.version = 0
        self.note = ""
        self._note_colour = theme.GOOD
        self._note_until = 0.0
        self._session: Session | None = None
        self._stop = threading.Event()
        #: set by the watcher thread when it stops for good (shown by :meth:`poll`)
        self._stopped_note = ""
        self._banner: tuple[tuple, pygame.Surface] | None = None
        self.thread = threading.Thread(target=self._watch, name="card-watcher", daemon=True)
        self.thread.start()
        app.services.append(self)

    # -- the watcher thread ---------------------------------------------------------------
    def _watch(self) -> None:
        """Watch the folders that exist; a folder that is missing or goes away (a mods
        folder deleted, a card folder renamed) is looked for again every
        :data:`RETRY_SECONDS`; anything else stops hot reload with a note and a log entry,
        never the app."""
        try:
            before = _identities(self.roots)
            while not self._stop.is_set():
                now = _identities(self.roots)
                came = [str(r) for r, b, n in zip(self.roots, before, now, strict=True)
                        if n is not None and n != b]
                before = now
                if came:  # its files may be written before it is watched: read them all
                    self.reload(set(came))
                roots = [r for r, n in zip(self.roots, now, strict=True) if n is not None]
                try:
                    if roots:
                        self._watch_once(roots)  # until a folder goes or comes
                        continue
                except FileNotFoundError as exc:
                    log.info("a watched card folder went away (%s); looking again", exc)
                self._stop.wait(RETRY_SECONDS)
        except Exception as exc:  # noqa: BLE001 - a watcher failure must not end the app
            log.exception("card hot reload stopped")
            from ..logs import where

            self._stopped_note = f"Card hot reload stopped ({type(exc).__name__}); " \
                                 f"the details are in {where()}."

    def _watch_once(self, roots: list[Path]) -> None:
        """Watch ``roots`` until the folders themselves change: one is deleted or made
        anew, or a missing one comes (looked at every :data:`RETRY_SECONDS`)."""
        import watchfiles

        def wanted(change, path: str) -> bool:
            # card files and pictures, and folders (a mod folder copied in: the files
            # in it may be written before the new folder is watched), a dot in the
            # name or not (``my.mod``; one deleted cannot be told from a file: any gone)
            return path.endswith(WATCHED) or _folder_like(path) or \
                change == watchfiles.Change.deleted

        folders = _identities(self.roots)
        for changes in watchfiles.watch(*roots, watch_filter=wanted,
                                        stop_event=self._stop, debounce=400, step=STEP_MS,
                                        raise_interrupt=False,
                                        rust_timeout=int(RETRY_SECONDS * 1000),
                                        yield_on_timeout=True):
            if changes:
                self.reload({path for _, path in changes})
            if _identities(self.roots) != folders:
                return

    def affected(self, paths: set[str]) -> list[str]:
        """The loaded games that read any of ``paths``: a card file (or a folder) in a
        game's folder or a shared set's, the games that read that folder; elsewhere (a
        mod), every game; a picture, or a folder holding one, the games whose cards name
        it (there or missing). Cheap: no file is read."""
        catalogs = dict(self.app.catalogs)
        loaded = list(catalogs)
        spelt = {os.path.abspath(p) for p in paths} | {os.path.realpath(p) for p in paths}
        games = referencing(catalogs, spelt) | referencing(dict(self.untaken), spelt)
        for raw in paths:
            path = Path(raw)
            # (a gone path of another kind may have been a folder such as ``my.mod``:
            # read again, which costs a reload when it was only a file)
            if path.is_relative_to(ART_DIR) or not raw.endswith(CARD_FILES) and \
                    not _folder_like(raw) and (path.exists() or raw.endswith(".png")):
                continue  # read only when a card names it: found above
            try:
                folder = path.relative_to(CARDS_DIR).parts[0]
            except (ValueError, IndexError):
                games.update(loaded)  # a mod may be for any game
                continue
            games.update(g for g in loaded if g == folder or
                         folder in GAMES[g].rules.card_sets)
        return sorted(games)

    def reload(self, paths: set[str]) -> None:
        """Load the new cards of every game ``paths`` touch (in the watcher's thread)."""
        started = time.perf_counter()
        games = self.affected(paths)
        if not games:
            self.results.put(Reloaded("", Catalog(""), None, tuple(sorted(paths)), started))
        for gid in games:
            try:
                catalog = GAMES[gid].rules.load_catalog(
                    mod_dirs=None if self.app.use_mods else [])
                session = self._session
                refit = None
                if session is not None and session.game.info.id == gid:
                    refit = refit_session(Snapshot.of(session), catalog)
            except Exception as exc:  # shown on the screen; the watcher must go on
                catalog = Catalog(gid, errors=[CardError("cards", 1, 1, "the cards could not "
                                                         f"be reloaded: {exc}")])
                refit = None
            self.results.put(Reloaded(gid, catalog, refit, tuple(sorted(paths)), started))

    # -- the frame -----------------------------------------------------------------------
    def table(self):
        from .table import TableScene

        for scene in reversed(self.app.scenes):
            if isinstance(scene, TableScene):
                return scene
        return None

    def poll(self) -> None:
        """Take what the thread found (cheap when nothing has: one queue look-up)."""
        table = self.table()
        self._session = table.session if table is not None else None
        if self._stopped_note:
            self.say(self._stopped_note, theme.BAD)
            self._stopped_note = ""
        try:
            found = self.results.get_nowait()
        except queue.Empty:
            return
        # a picture changed, or a folder came (a mod copied in: the pictures in it may be
        # written before the new folder is watched, so their own events can be missed)
        if any(p.endswith(".png") or not Path(p).suffix for p in found.paths):
            cardart.forget()
            if table is not None:
                table.invalidate()
        if found.game:
            self.take(found, table)

    def take(self, found: Reloaded, table) -> None:
        app = self.app
        old = app.catalogs.get(found.game)
        known = {_key(e) for e in old.errors} if old is not None else set()
        new = [e for e in found.catalog.errors if _key(e) not in known]
        if old is not None and not new and found.catalog.fingerprint == old.fingerprint and \
                {_key(e) for e in found.catalog.errors} == known:
            self._settled(found.game)  # nothing that matters changed
            return
        if new:
            self.problems[found.game] = new
            self.untaken[found.game] = found.catalog
            self.version += 1
            self._banner = None
            return
        self._settled(found.game)
        app.catalogs[found.game] = found.catalog
        self.version += 1
        cardart.forget()
        changed = len(found.refit.changed) if found.refit is not None else None
        self.say(f"Cards reloaded ({GAMES[found.game].info.title})" +
                 (f": {changed} card{'s' if changed != 1 else ''} changed" if changed else ""))
        if table is None or table.session.game.info.id != found.game or \
                table.session.remote:
            return  # (an online game plays the server's cards)
        refit = found.refit or refit_session(Snapshot.of(table.session), found.catalog)
        why = table.take_cards(found.catalog, refit)
        if why:
            self.offer_restart(table, found.catalog, why)

    def _settled(self, game: str) -> None:
        """``game``'s files have no new problem (any more)."""
        if self.problems.pop(game, None) is not None:
            self.version += 1
        self.untaken.pop(game, None)
        self._banner = None

    def offer_restart(self, table, catalog: Catalog, why: str) -> None:
        from .menu import Confirm, start_table

        session = table.session

        def restart() -> None:
            note = "Restarted from the same seed and seats with the new cards."
            try:
                fresh = Session(session.game, catalog, session.options, session.seed,
                                list(session.seats), position=session.position)
            except SETUP_ERRORS as exc:  # a scenario position the new cards break
                try:
                    fresh = Session(session.game, catalog, session.options, session.seed,
                                    list(session.seats))
                except SETUP_ERRORS as again:  # the options themselves (a deck removed)
                    self.say(f"This game cannot be restarted with the new cards: {again}",
                             theme.BAD)
                    return
                note = f"The position cannot be set up with the new cards ({exc}); a " \
                       "new deal from the same seed and seats starts instead."
            table.on_quit()
            start_table(self.app, fresh, session.settings.get("hide_hands", True), [note])

        self.app.push(Confirm("The new cards do not fit this game",
                              f"{why[0].upper()}{why[1:]}. Restart it from the same seed and "
                              "seats with the new cards? (Cancel: play on with the cards it "
                              "has; this game stays in Load game either way.)",
                              "Restart game", restart))

    def say(self, note: str, colour: tuple | None = None) -> None:
        self.note = note
        self._note_colour = colour or theme.GOOD
        self._note_until = time.monotonic() + NOTE_SECONDS
        self._banner = None

    # -- drawing ------------------------------------------------------------------------------
    def lines(self) -> list[tuple[str, tuple]]:
        """What the banner shows: the new problems (the last good cards stay), or a note."""
        errors = [e for e, _ in distinct_problems(self.problems)]
        if errors:
            out = [("Card file problem \u2014 the last good cards stay in use until it is "
                    "fixed:", theme.BAD)]
            out += [(str(e), theme.TEXT) for e in errors[:4]]
            if len(errors) > 4:
                out.append((f"\u2026 and {len(errors) - 4} more", theme.MUTED))
            return out
        if self.note and time.monotonic() < self._note_until:
            return [(self.note, self._note_colour)]
        return []

    def draw(self, surf: pygame.Surface) -> bool:
        """A banner at the top left, clear of the table's tool buttons on the right;
        whether there was one."""
        lines = self.lines()
        if not lines or getattr(self.app.scene, "lists_card_problems", False):
            return False  # (the card problems screen lists them, under its title)
        room = max(300, surf.get_width() - 340)
        key = (tuple(lines), room)
        if self._banner is None or self._banner[0] != key:
            font = theme.font(14)
            wrapped = [(part, color) for line, color in lines
                       for part in text.wrap(line, font, room - 24)]
            width = min(room, 24 + max(font.size(part)[0] for part, _ in wrapped))
            banner = pygame.Surface((width, 16 + 19 * len(wrapped)), pygame.SRCALPHA)
            panel(banner, banner.get_rect(), theme.PANEL, 240, lines[0][1])
            for i, (part, color) in enumerate(wrapped):
                text.draw(banner, part, (12, 8 + 19 * i, width - 24, 19), 14, color)
            self._banner = (key, banner)
        surf.blit(self._banner[1], (12, 8))
        return True

    def close(self) -> None:
        self._stop.set()
        self.thread.join(timeout=2)
