"""New card data for the game on the table (hot reload, :mod:`tabletop.ui.hotreload`):
the game replayed with the new cards and shown with them, or the reason it cannot take
them (it goes on with its cards). Mixed into the table."""

from __future__ import annotations


class TableCards:
    """(See the module docstring.)"""

    def take_cards(self, catalog, refit) -> str:
        """New card data for this game (hot reload): the game replayed with it
        (:mod:`tabletop.engine.reload`; the replay was done off the frame, the moves made
        since are played here). Returns "" when the table now shows the new cards, else
        why the game cannot take them (it goes on with its cards)."""
        from ...engine.reload import Snapshot, refit_session, replay

        if self.model.remote:
            return "an online game plays the server's cards"
        self.land_now()
        session = self.session
        done = list(refit.moves)
        if refit.session is None or session.moves[:len(done)] != done:
            refit = refit_session(Snapshot.of(session), catalog) \
                if refit.session is not None else refit
        elif len(session.moves) > len(done):
            refit = replay(refit.session, session.moves[len(done):], refit.changed,
                           start=len(done))
        if refit.session is None:
            return refit.reason
        self.computers.cancel()
        self.computers.close()  # the worker loads the new cards when next asked
        self.scheduler.drop_answer()
        session.adopt(refit.session)
        self.invalidate()
        self.refresh()
        return ""
