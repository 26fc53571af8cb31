"""The Solo Deck-Builder state: the shared engine state plus the turn in progress.

Zones (one player, seat 0):

=====================  ==========================================================
``location_stack``     face-down locations (hidden; the last item is the top)
``location``           the active location (the face-up top of the stack), or empty
``sv_stack``           face-down supervillains (hidden)
``supervillain``       the revealed supervillain, or empty
``enemy``              the enemy deck (hidden)
``battleground``       villains, newest on the left (index 0)
``defeated``           defeated and pushed-out villains
``resources``          the resources deck (hidden)
``row``                the resource row, newest on the left
``resource_discard``   resources discarded from the row
``revealed``           a card shown by a foresee effect while the player decides
``kicks``              the Kick-like supply pile; ``weaknesses``: the Weakness stack
``destroyed``          cards that left the game (destroyed, supervillains defeated)
``superheroes``        the superheroes to choose from (set-up only)
``box``                cards not in this game (spare starters, unused supervillains,
                       locations and superheroes; hidden)
``deck.0`` ``hand.0`` ``played.0`` ``discard.0``   the player's cards (the deck is
                       known to the player as a set, not in order)
``hero.0``             the superhero; ``hq.0``: the HQ; ``secured.0``: the Secured stack
=====================  ==========================================================
"""

from __future__ import annotations

from ...engine.copying import COPIED, SHARED
from ...engine.state import State
from .info import Info

#: the phase label of each step (0: set-up)
PHASES = ("setup",) + tuple(f"step-{n}" for n in range(1, 8))


class SoloState(State):
    """``step`` is the turn step (1-7, 0 during set-up); the steps run on the shared turn
    model (``tasks`` and ``pending``, see :mod:`.turn`)."""

    COPYING = {
        "info": SHARED, "step": SHARED, "power": SHARED, "later_draws": SHARED,
        "new_location": SHARED, "cap_lifted": SHARED, "used": SHARED, "hero_uses": SHARED,
        "borrowed": COPIED, "result": SHARED,
    }
    __slots__ = tuple(COPYING)

    def __init__(self, cards, info: tuple[Info, ...], seed: int, options) -> None:
        super().__init__(cards, 1, seed, options)
        self.info = info
        self.step = 0
        #: Power available to spend this turn
        self.power = 0
        #: cards to draw at the next step 3 (Defense cards, powers)
        self.later_draws = 0
        #: a location was revealed this turn (extra villains at step 5)
        self.new_location = False
        #: the battleground may exceed its maximum this turn
        self.cap_lifted = False
        #: abilities already used this turn (keys), for `once` and `distinct`
        self.used: tuple[str, ...] = ()
        self.hero_uses = 0
        #: cards played by a foresee effect: back on the resources deck at the end
        self.borrowed: list[int] = []
        self.result = ""

    @property
    def phase(self) -> str:
        """The step being played (``step-1`` ... ``step-7``, ``setup``) or ``over``. A
        decision (a Defense card, a discard) may come up in several steps, so the phase
        follows the step rather than the decision; writes are ignored."""
        return "over" if self.over else PHASES[self.step]

    @phase.setter
    def phase(self, _label: str) -> None:
        pass

    # -- queries ---------------------------------------------------------------------------
    @property
    def location(self) -> int | None:
        """The active location (the face-up top of the stack), if any."""
        zone = self.zones["location"]
        return zone[0] if zone else None

    @property
    def supervillain(self) -> int | None:
        zone = self.zones["supervillain"]
        return zone[0] if zone else None

    @property
    def hero(self) -> int | None:
        zone = self.zones["hero.0"]
        return zone[0] if zone else None

    def loc_info(self) -> Info | None:
        loc = self.location
        return None if loc is None else self.info[loc]

    def sv_cost(self) -> int:
        """The supervillain's cost plus the active location's modifier."""
        sv = self.supervillain
        loc = self.loc_info()
        return self.info[sv].cost + (loc.modifier if loc else 0)

    def secured_count(self) -> int:
        return len(self.zones["hq.0"]) + len(self.zones["secured.0"])

    def owned_weaknesses(self) -> int:
        """Weakness cards the player owns (every Weakness not in the stack or destroyed)."""
        total = sum(1 for inf in self.info if inf.kind == "weakness")
        gone = sum(1 for c in self.zones["destroyed"] if self.info[c].kind == "weakness")
        return total - len(self.zones["weaknesses"]) - gone
