"""What the table plays (the app's :class:`~tabletop.ui.sound.Sounds`): when.

- ``pickup``: a card the person holds starts to move with the pointer (:mod:`.pointer`);
- ``drop``: a move of the person in front of the screen is made (a card dropped on a lit
  place, a menu entry, a button; online, when it is sent);
- ``refused``: a dropped card glides back because the move is refused (:mod:`.pointer`;
  online, also when the server refuses a move sent: :mod:`.online`);
- after a move (the table's :meth:`refresh` with more moves than before: not after an
  undo, a new window size or a seat taken), at most one of, first that holds:
  ``win``/``loss`` when the game has just ended: ``win`` if a person at this screen (a
  human seat here; online, this app's seat) is among the winners, else ``loss`` (a
  draw too: nobody here won; nothing when nobody at the screen plays);
  ``damage`` when an amount the layout watches fell (Brawl's health: where the numbers
  rise from the characters) or the harm done grew (``Layout.harm``: OverPower's hits,
  the Solo game's Weaknesses taken);
  ``turn`` when the seat to act became a person's at this screen (the computer's or
  another player's move done, or the screen passed on in hot-seat play).

The key M mutes and unmutes (kept in the settings, as the Settings screen does).
"""

from __future__ import annotations

import logging

from .. import theme
from .model import TableSnapshot

LOG = logging.getLogger("tabletop.table")


class TableSounds:
    """The sounds of :class:`~tabletop.ui.table.scene.TableScene` (a mixin)."""

    def cue(self, name: str) -> None:
        """Play the sound ``name`` (nothing when the table has no app yet)."""
        sounds = getattr(getattr(self, "app", None), "sounds", None)
        if sounds is not None:
            sounds.play(name)

    def heard(self) -> tuple[TableSnapshot, dict[int, int], int]:
        """What the sounds after a change compare with (taken by :meth:`refresh` before
        it lays out anew): the position last shown, its amounts, and the number of moves
        then."""
        moves = getattr(self, "_moves_heard", None)
        return self.snapshot, self._amounts, len(self.session.moves) if moves is None \
            else moves

    def cue_changes(self, before: tuple[TableSnapshot, dict[int, int], int]) -> None:
        """After :meth:`refresh`: the sound of what the last move did (see the module
        docstring)."""
        then, amounts, moves = before
        now = self.snapshot
        self._moves_heard = len(self.session.moves)
        harm, self._harm_heard = getattr(self, "_harm_heard", None), \
            self.layout_obj.harm(self.view)
        if self._moves_heard <= moves:
            return  # no move played (an undo, a new size, a seat taken...)
        people = self.humans
        if now.over and not then.over:
            if people:
                won = any(seat in self.state.winners for seat in people)
                self.cue("win" if won else "loss")
        elif any(value < amounts.get(card, value) for card, value in self._amounts.items()) \
                or (harm is not None and self._harm_heard > harm):
            self.cue("damage")
        elif not now.over and now.actor in people and now.actor != then.actor:
            self.cue("turn")

    def toggle_mute(self) -> None:
        """The key M: sound off or on again, kept in the settings."""
        from .. import look

        app = self.app
        look.change(app, mute=not app.settings.mute).add_done_callback(
            lambda f: f.exception() and LOG.warning("the settings were not saved: %s",
                                                    f.exception()))
        app.sounds.apply(app.settings.volume, app.settings.mute)
        self.toast.show("Sound off (M turns it on)." if app.settings.mute else "Sound on.",
                        theme.ACCENT, 2)
