"""The Brawl game state: the shared engine state plus the fight in progress."""

from __future__ import annotations

from ...engine.copying import COPIED, SHARED
from ...engine.state import State

PLAY_ZONES = ("play.0", "play.1", "play.2")
HAND_ZONES = ("hand.0", "hand.1", "hand.2")
DECK_ZONES = ("deck.0", "deck.1", "deck.2")


class BrawlState(State):
    """Zones: ``deck`` (or ``deck.N`` with Picking Sides), ``discard``, ``conditions``,
    ``hand.N``, ``play.N``. Knocked-out characters are ``turned`` (sideways).
    """

    COPYING = {
        "info": SHARED, "interruptions": SHARED, "hp": COPIED, "power": COPIED,
        "heal_to": COPIED, "cancelled": COPIED, "action": COPIED, "fought": COPIED,
        "withdrawn": COPIED, "reprieve": COPIED, "empty_turns": COPIED,
        "played_condition": SHARED, "played_character": SHARED, "result": SHARED,
    }
    __slots__ = tuple(COPYING)

    def __init__(self, cards, info: tuple, seats: int, seed: int, options) -> None:
        super().__init__(cards, seats, seed, options)
        self.info = info
        #: the instances that are Interruptions (every decision lists those in hand)
        self.interruptions = frozenset(
            i for i, inf in enumerate(info) if inf.kind == "interruption")
        self.hp: dict[int, int] = {}
        #: declared power index per character, and the chosen heal target
        self.power: dict[int, int] = {}
        self.heal_to: dict[int, int] = {}
        self.cancelled: set[int] = set()
        #: More Actions: actor -> (kind, target); kind is aid, thwart or gang
        self.action: dict[int, tuple[str, int]] = {}
        #: characters that were in a match-up this turn (may declare powers)
        self.fought: set[int] = set()
        #: characters whose match-up was broken up this turn (sit the turn out)
        self.withdrawn: set[int] = set()
        self.reprieve: set[int] = set()
        self.empty_turns: list[int] = [0] * seats
        self.played_condition = False
        self.played_character = False
        self.result = ""

    @property
    def mu(self) -> dict[int, int]:
        """Match-ups: attacker -> target. They are the engine's attachments: the
        attacker's card lies overlapping its target's."""
        return self.attached

    # -- queries used everywhere ---------------------------------------------------------
    def owner(self, card: int) -> int | None:
        """The seat whose play area holds ``card`` (None if not in play)."""
        zones = self.zones
        if card in zones["play.0"]:
            return 0
        if card in zones["play.1"]:
            return 1
        if self.seats > 2 and card in zones["play.2"]:
            return 2
        return None

    def in_matchup(self, card: int) -> bool:
        mu = self.attached
        return card in mu or card in mu.values()

    def opponent_in_matchup(self, card: int) -> int | None:
        if card in self.mu:
            return self.mu[card]
        for att, tgt in self.mu.items():
            if tgt == card:
                return att
        return None

    def heal(self, card: int, amount: int, prefix: str = "") -> None:
        """Raise health (never above the printed health); above 0 a character stands up."""
        before = self.hp[card]
        self.hp[card] = min(self.info[card].health, before + amount)
        self.say(f"{prefix}{self.name(card)} health {before} \u2192 {self.hp[card]}")
        if self.hp[card] > 0 and card in self.turned:
            self.turned.discard(card)
            self.say(f"{prefix}{self.name(card)} is back on their feet")

    def draw_zone(self, seat: int) -> str:
        return "deck" if "deck" in self.zones else DECK_ZONES[seat]
