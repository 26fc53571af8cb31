"""The OverPower game state: the shared engine state plus the battle in progress, and the
game's turn model (:data:`FLOW`).

Zones, per seat ``p``: ``draw.p`` (hidden), ``hand.p`` (the owner's), ``pack.p`` (Power
Pack), ``dead.p``, ``defeated.p`` (Defeated Characters), ``front.p`` (the Front Line, left
to right), ``reserve.p``, ``placed.p`` (cards Placed on p's characters), ``hits.p`` (this
battle's hits on p's characters), ``record.p`` (their Permanent Records), the mission piles
``missions.p`` (Reserve Missions), ``completed.p``, ``failed.p`` (Defeated Missions), the
ventured cards ``risk_reserve.p`` and ``risk_completed.p`` (by the pile they came from),
``discarding.p`` (the discard step's choices before both players are done), ``site.p``
(the Battlesite) and ``beneath.p`` (the Specials beneath it, and Activators exchanged
for them: :mod:`.locations`); and the
shared ``combat`` (the cards of the action being resolved). ``attached`` maps every
Placed card and every hit to its character.

Every other field holds immutable values (ints, tuples, frozensets), so a copy shares them.
"""

from __future__ import annotations

from typing import NamedTuple

from ...engine.copying import SHARED
from ...engine.flow import Flow
from ...engine.pack import packable
from ...engine.state import HIDDEN, State

FLOW = Flow("overpower")


@packable
class Attack(NamedTuple):
    """The action being resolved: who attacks whom with which cards, and its value."""

    seat: int
    kind: str               # power, universe, teamwork, ally, doubleshot, special, follow
    actor: int              # the attacking character
    target: int             # the attacked character
    cards: tuple            # every card committed (lead first)
    hits: tuple             # the cards that stay as hits if it succeeds
    value: int | None       # None: an attack with no value
    types: tuple            # its type(s): () for none
    terms: tuple            # (label, amount) pairs that make up the value
    blockable: frozenset    # the Defensive Actions that can stop it
    special: int = -1       # the Special whose effects it carries
    nested: bool = False    # made by a teammate on a Special's extra attack
    outcome: str = ""       # after the defence: "", blocked, avoided or negated


@packable
class Link(NamedTuple):
    """An entry of the chain: attacks still owed or allowed within the current turn."""

    kind: str               # teamwork, ally, extra, grant
    seat: int
    source: int             # the card (or character) that allows them
    actor: int              # the initiator (or the character that may go on)
    count: int              # attacks left
    bonus: int
    kinds: tuple            # attack kinds allowed
    by: str                 # self or teammate
    used: tuple = ()        # teammates (and follow-up types) already used
    must: bool = False      # must be made if possible
    nested: bool = False    # no further links from these attacks


@packable
class Bonus(NamedTuple):
    """A battle-long bonus from a Special."""

    seat: int
    char: int               # -1: the whole team
    applies: str            # attack, defence, both
    types: frozenset | None
    amount: int


class OPState(State):
    #: every field holds an immutable value (ints, tuples, frozensets): a copy shares it
    COPYING = dict.fromkeys((
        "info", "split", "battle", "first", "passed", "last_pass", "placing", "attack",
        "chain", "bonuses", "grid_mods", "shut", "guarded", "benched", "venture_mod",
        "must_place", "placed_now", "ko_now", "grants", "conceded", "riding", "granted",
        "ventured_now", "recycled", "summary", "result", "site_specials", "forbidden",
    ), SHARED)
    __slots__ = tuple(COPYING)

    def __init__(self, cards, info: tuple, split: int, seed: int, options) -> None:
        super().__init__(cards, 2, seed, options)
        self.info = info
        #: instances below ``split`` belong to seat 0, the others to seat 1
        self.split = split
        self.battle = 0
        self.first = 0
        self.passed = (False, False)
        self.last_pass = False
        #: each seat still placing this battle
        self.placing = (True, True)
        self.attack: Attack | None = None
        self.chain: tuple[Link, ...] = ()
        self.bonuses: tuple[Bonus, ...] = ()
        #: (character, type, change) for the rest of the battle
        self.grid_mods: tuple = ()
        #: (character, what, type) shut down for the rest of the battle
        self.shut: tuple = ()
        #: characters that made a defence for a teammate this battle (one entry per use)
        self.guarded: tuple = ()
        #: characters sent into the Reserve for this battle
        self.benched: frozenset = frozenset()
        self.venture_mod = (0, 0)
        #: hand cards kept under the Special Discard Rule that must be Placed
        self.must_place: frozenset = frozenset()
        self.placed_now: frozenset = frozenset()
        self.ko_now: frozenset = frozenset()
        #: (character, bonus, uses left): follow-ups its hits allow this battle
        self.grants: tuple = ()
        self.conceded = -1
        #: ventured cards ride on a drawn battle into the next one
        self.riding = False
        #: penalty cards already given to the opponent for each seat's riding ventures
        self.granted = (0, 0)
        self.ventured_now = (0, 0)
        #: the cards of the Power Pack that became each seat's Draw Pile (None: original)
        self.recycled: tuple = (None, None)
        #: the last end-of-battle summary (lines), for the table
        self.summary: tuple = ()
        self.result = ""
        #: Specials taken from beneath a Battlesite (they end in the Defeated Characters
        #: Pile, :mod:`.locations`)
        self.site_specials: frozenset = frozenset()
        #: card kinds no one may play this battle (an Event: :mod:`.events`)
        self.forbidden: frozenset = frozenset()

    def masked_copy(self, hide) -> OPState:
        """A copy whose zones named in ``hide`` hold
        :data:`~tabletop.engine.state.HIDDEN` in place of each card: a view's zones
        (:meth:`.rules.OverPowerRules.view`)."""
        new = self.copy()
        zones = new.zones
        for name in hide:
            cards = zones.get(name)
            if cards:
                zones[name] = [HIDDEN] * len(cards)
        return new

    def owner(self, card: int) -> int:
        return 0 if card < self.split else 1
