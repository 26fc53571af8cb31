"""The Power Play state: the shared engine state plus the round, the turn and the tallies.

Zones: ``powers`` (the power pile), ``discard``, ``out`` (out of the game: used attributes,
past locations, spent Bonus powers, and villain powers with Receding power levels),
``villains``, ``attributes``, ``locations`` (the three piles), ``location`` (the current
one), ``villain``, ``attribute``, ``threat`` (the villain's two powers, the second face
down until the reveal), ``defence`` (the powers played in front of the active hero),
``spent`` (Bonus powers used this turn), and per seat ``hand.N`` (open powers),
``bonus.N`` (won villains, face up) and ``badnews.N`` (lost ones, face down).
"""

from __future__ import annotations

from ...engine.copying import COPIED, SHARED
from ...engine.state import State
from .cards import Info
from .tally import Power, Tally


class PPState(State):
    COPYING = {
        "info": SHARED, "round": SHARED, "round_turn": SHARED, "played": SHARED,
        "hero": SHARED, "villain_tally": SHARED, "bonus_total": SHARED, "outcome": SHARED,
        "featured": COPIED, "result": SHARED, "score": SHARED, "score_lines": SHARED,
        "lost": SHARED,
    }
    __slots__ = tuple(COPYING)

    def __init__(self, cards, info: tuple[Info, ...], seats: int, seed: int, options) -> None:
        super().__init__(cards, seats, seed, options)
        self.info = info
        self.round = 0
        #: the turn's number within the round (1 .. seats)
        self.round_turn = 0
        #: powers the active hero has put into the defence this turn
        self.played = 0
        #: the tallies of this turn, after the reveal
        self.hero: Tally | None = None
        self.villain_tally: Tally | None = None
        self.bonus_total = 0
        #: "" while undecided, then "won" or "lost"
        self.outcome = ""
        #: locations that were the current location in some round
        self.featured: list[int] = []
        self.result = ""
        self.score: int | None = None
        self.score_lines: tuple[str, ...] = ()
        self.lost = False

    # -- queries -----------------------------------------------------------------------------
    def powers_of(self, zone: str) -> list[Power]:
        """The tally's view of the (visible) power cards in ``zone``."""
        info = self.info
        return [info[c].tally_power for c in self.zones[zone] if c >= 0]

    def known_threat(self) -> list[Power]:
        """The villain's powers everyone can see (the face-down one left out)."""
        info = self.info
        return [info[c].tally_power for c in self.zones["threat"]
                if c >= 0 and c not in self.facedown]

    def table_effects(self) -> list:
        """The effects of the villain, the attribute and the current location."""
        out = []
        for zone in ("villain", "attribute", "location"):
            for c in self.zones[zone]:
                if c >= 0:
                    out.extend(self.info[c].effects)
        return out

    def villain_card(self) -> int | None:
        cards = self.zones["villain"]
        return cards[0] if cards else None

    def base(self) -> int:
        c = self.villain_card()
        return self.info[c].base if c is not None and c >= 0 else 0

    def attribute_power(self) -> int:
        cards = self.zones["attribute"]
        return self.info[cards[0]].power if cards and cards[0] >= 0 else 0

    def bad_news(self, seat: int) -> int:
        return len(self.zones[f"badnews.{seat}"])
