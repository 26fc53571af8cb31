"""The Hero vs Nemesis state: the engine state plus tokens, wins and who played what.

Seat 0 is the hero, seat 1 the nemesis. Zones (every card is always in exactly one):

``deck`` (hidden), ``discard``, ``hand.0``/``hand.1`` (owner only), ``offer.0``/``offer.1``
(set-up choices, owner only), ``conflicts`` (the conflict cards on the table),
``counters`` (cards played onto conflicts: the hero's counter, the nemesis's help and
hinder), ``aside`` (what the hero set aside this turn, for scavenging), ``schemes`` and
``plots`` (the nemesis's schemes and the cards played towards them), ``support.1`` (the
nemesis's support pile), ``showdown`` (both sides' showdown cards) and ``spent`` (cards
the nemesis played this turn, discarded at its end unless returned with bad press).

A played card's ``attached`` entry names the conflict or scheme it was played on and its
``role`` says how: ``counter`` (hero), ``help`` or ``hinder`` (nemesis) on a conflict,
``plot`` on a scheme, ``stake`` or ``answer`` in a showdown. ``weak`` holds the nemesis's
cards that came from the support pile (each worth 1).
"""

from __future__ import annotations

from ...engine.copying import COPIED, SHARED
from ...engine.state import State
from .cards import Info

HERO, NEMESIS = 0, 1
#: what the nemesis may have lost because of the hero (set-up step 3)
LOSSES = ("spouse", "parents", "pet", "job", "future", "home", "dignity")
#: showdowns the nemesis must win
WINS_NEEDED = 2


class HvNState(State):
    COPYING = {
        "info": SHARED, "popular": SHARED, "press": SHARED, "wins": SHARED,
        "role": COPIED, "weak": COPIED, "lost": SHARED, "result": SHARED,
    }
    __slots__ = tuple(COPYING)

    def __init__(self, cards, info: tuple[Info, ...], seed: int, options) -> None:
        super().__init__(cards, 2, seed, options)
        self.info = info
        #: the hero's tokens of popular support and of bad press
        self.popular = 0
        self.press = 0
        #: showdowns the nemesis has won
        self.wins = 0
        self.role: dict[int, str] = {}
        self.weak: set[int] = set()
        #: what the nemesis lost (an index into LOSSES), -1 until chosen
        self.lost = -1
        self.result = ""

    @property
    def stage(self) -> str:
        """The help-or-hinder window open now: ``before`` the hero counters or ``after``
        the hero is done ("" when the nemesis is not being asked)."""
        d = self.pending
        return d.data[1] if d is not None and d.kind == "meddle" else ""

    def on(self, target: int, zone: str) -> list[int]:
        """The cards of ``zone`` played onto ``target`` (a conflict or a scheme)."""
        attached = self.attached
        return [c for c in self.zones[zone] if attached.get(c) == target]
