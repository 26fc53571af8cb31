"""What the table writes: the autosave's journal, a named copy of the game and the
statistics of a game finished here (all written in the background, never on the frame),
and the log exported as a story."""

from __future__ import annotations

import json
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path

from ...engine.autosave import Autosaver
from ...engine.files import later, write_later
from ...engine.saves import session_to_dict
from ...engine.session import Session
from ...engine.stats import StatsFile, record_of
from .. import theme


class TableWrites:
    """The files of one table's game. ``say(text, colour=None, seconds=None)`` shows a
    message on the table; ``land()`` plays a move still waiting to land (a copy or a log
    is written of the position after it)."""

    def __init__(self, session: Session, autosave: Path | None,
                 say: Callable[..., None], land: Callable[[], object]) -> None:
        self.session = session
        #: the autosave file of this game (None: not kept)
        self.autosave = autosave
        self.say = say
        self.land = land
        self.saver = Autosaver(autosave, start=session.journal_seq) \
            if autosave is not None else None
        #: a copy being saved, and its name
        self.copying: tuple[Future, str] | None = None
        #: the statistics file, read in the background when a game first ends here
        self.stats: Future | None = None
        self.stats_problem = ""
        self.was_over = session.state.over  # a game that ends here is counted
        session.listeners.append(self.on_change)
        self.on_change(session)  # the new or loaded game is now the one to continue

    def on_change(self, session: Session) -> None:
        """Every change is journaled at once and saved in the background (never a
        durable write on the frame: :mod:`tabletop.engine.autosave`)."""
        if self.saver is not None:
            self.saver.changed(session_to_dict(session))

    def close(self) -> None:
        """Leaving the table: the last change saved, the writer waited for."""
        if self.saver is not None:
            self.on_change(self.session)
            self.saver.close()
            self.saver = None

    def count_finished(self) -> None:
        """A game that ends at this table is counted in the statistics (an undo of its
        last move and another ending replace the result)."""
        session = self.session
        over = session.state.over
        if over and not self.was_over:
            key = getattr(session, "record_key", None) or \
                f"{self.autosave.name if self.autosave else id(session)}:{session.seed}"
            record = record_of(session, key, self.autosave.name if self.autosave else None)
            if self.stats is None:
                self.stats = later(StatsFile)
            self.stats.add_done_callback(lambda f: self._add_record(f, record))
        self.was_over = over

    def _add_record(self, future: Future, record: dict) -> None:
        """(On the writer thread) add the record once the statistics file is read."""
        stats = future.result()
        stats.add(record)
        if stats.problem:
            self.stats_problem = stats.problem

    def save_copy(self) -> None:
        """Write a named copy of the game to the saves folder (Load game lists it)."""
        import time

        from ...engine.paths import saves_dir

        if self.session.remote:
            self.say("This online game is kept by its server" + (
                ": Continue rejoins it." if self.session.seat >= 0 else
                " (you are watching it)."), theme.ACCENT, 4)
            return
        self.land()
        stamp = time.strftime("%Y-%m-%d-%H%M%S")
        path = saves_dir() / f"{self.session.game.info.id}-{stamp}.json"
        blob = json.dumps(session_to_dict(self.session), indent=1, ensure_ascii=False)
        self.copying = (write_later(path, blob.encode("utf-8")), path.name)

    def check(self) -> None:
        """Say how background writes went (a saved copy, the statistics, the autosave)."""
        if self.copying is not None and self.copying[0].done():
            future, name = self.copying
            self.copying = None
            error = future.exception()
            if error is None:
                self.say(f"Saved as {name}", theme.GOOD, 3)
            else:
                self.say(f"Could not save: {error}")
        if self.stats_problem:
            self.say(self.stats_problem, theme.ACCENT, 6)
            self.stats_problem = ""
        if self.saver is not None and self.saver.error:
            self.say(self.saver.error)
            self.saver.error = ""

    def export_log(self) -> None:
        """Write the game's story (its log in words) to the saves folder."""
        from ...engine.paths import saves_dir

        self.land()
        game = self.session.game
        path = saves_dir() / f"{game.info.id}-log-{len(self.session.moves)}-moves.txt"
        story = "\n".join(line for e in self.session.log_entries(None, 0)
                          for line in (e.text, *("    " + x for x in e.lines))) \
            if self.session.remote else game.text.story(self.session)
        path.write_text(story, encoding="utf-8")
        self.say(f"Game log saved to {path}", theme.GOOD, 5)
