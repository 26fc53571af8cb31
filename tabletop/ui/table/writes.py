"""What the table writes: the autosave's journal, a named copy of the game and the
statistics of a game finished here (all written in the background, never on the frame),
and the log exported as a story."""

from __future__ import annotations

import json
from concurrent.futures import Future

from ...engine.files import later, write_later
from ...engine.saves import session_to_dict
from ...engine.session import Session
from ...engine.stats import StatsFile, record_of
from .. import theme


class TableWrites:
    """The table's files (a mixin of :class:`~tabletop.ui.table.scene.TableScene`)."""

    def _on_change(self, session: Session) -> None:
        """Every change is journaled at once and saved in the background (never a
        durable write on the frame: :mod:`tabletop.engine.autosave`)."""
        if self.saver is not None:
            self.saver.changed(session_to_dict(session))

    def _count_finished(self) -> None:
        """A game that ends at this table is counted in the statistics (an undo of its
        last move and another ending replace the result)."""
        over = self.state.over
        if over and not self._was_over:
            key = f"{self.autosave.name if self.autosave else id(self.session)}:" \
                  f"{self.session.seed}"
            record = record_of(self.session, key)
            if self._stats is None:
                self._stats = later(StatsFile)
            self._stats.add_done_callback(lambda f: self._add_record(f, record))
        self._was_over = over

    def _add_record(self, future: Future, record: dict) -> None:
        """(On the writer thread) add the record once the statistics file is read."""
        stats = future.result()
        stats.add(record)
        if stats.problem:
            self._stats_problem = stats.problem

    def save_copy(self) -> None:
        """Write a named copy of the game to the saves folder (Load game lists it)."""
        import time

        from ...engine.paths import saves_dir

        self.land_now()
        stamp = time.strftime("%Y-%m-%d-%H%M%S")
        path = saves_dir() / f"{self.game.info.id}-{stamp}.json"
        blob = json.dumps(session_to_dict(self.session), indent=1, ensure_ascii=False)
        self._copy = (write_later(path, blob.encode("utf-8")), path.name)

    def _check_writes(self) -> None:
        """Say how background writes went (a saved copy, the autosave)."""
        if self._copy is not None and self._copy[0].done():
            future, name = self._copy
            self._copy = None
            error = future.exception()
            if error is None:
                self.toast.show(f"Saved as {name}", theme.GOOD, 3)
            else:
                self.toast.show(f"Could not save: {error}")
        if self._stats_problem:
            self.toast.show(self._stats_problem, theme.ACCENT, 6)
            self._stats_problem = ""
        if self.saver is not None and self.saver.error:
            self.toast.show(self.saver.error)
            self.saver.error = ""

    def export_log(self) -> None:
        from ...engine.paths import saves_dir

        self.land_now()
        path = saves_dir() / f"{self.game.info.id}-log-{len(self.session.moves)}-moves.txt"
        path.write_text(self.game.text.story(self.session), encoding="utf-8")
        self.toast.show(f"Game log saved to {path}", theme.GOOD, 5)
