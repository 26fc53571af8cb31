"""Hero vs Nemesis: the asymmetric two-player game on a standard deck. The game, its
zones and set-up (the sequence of play is in :mod:`.turn`, the arithmetic in
:mod:`.reckoning`, the words in :mod:`.text`).

Seat 0 (P1) is the hero, seat 1 (P2) the nemesis. Rulings: docs/rulings.md.
"""

from __future__ import annotations

import math
from typing import Any

from ...engine.cards import CardError, Catalog
from ...engine.info import GameInfo
from ...engine.moves import Move
from ...engine.rules import Rules
from ...engine.state import HIDDEN, ZoneSpec, zone_base, zone_owner
from . import legal, turn
from .cards import CARD_KINDS, check_catalog, dealt
from .state import HERO, NEMESIS, HvNState

#: the zones each seat's view hides (None: a spectator's)
HIDDEN_ALL = ("deck", "hand.0", "hand.1", "offer.0", "offer.1")
HIDDEN_OF = {HERO: ("deck", "hand.1", "offer.1"), NEMESIS: ("deck", "hand.0", "offer.0")}

#: the rank of the cards laid out for each set-up choice
OFFERED = {"ace": "A", "king": "K", "resource": "2"}


class HvNRules(Rules):
    info = GameInfo(
        id="hero-vs-nemesis",
        title="Hero vs Nemesis",
        blurb="A superhero faces two conflicts a turn; the nemesis whose life they ruined "
              "scavenges, schemes and calls showdowns. Two players, one standard deck, "
              "and a story told as you play.",
        min_seats=2, max_seats=2, mode="competitive", narration=True,
        seat_roles=("Hero", "Nemesis"),
    )
    zones = {
        "deck": ZoneSpec("Deck", "hidden", "pile"),
        "discard": ZoneSpec("Discard pile", "public", "pile"),
        "hand": ZoneSpec("Hand", "owner", "hand"),
        # what is laid out is known by rank (slot_test)
        "offer": ZoneSpec("Set-up choice", "owner", "row"),
        "conflicts": ZoneSpec("Conflicts", "public", "row"),
        "counters": ZoneSpec("Cards on conflicts", "public", "row"),
        "aside": ZoneSpec("Set aside", "public", "row"),
        "schemes": ZoneSpec("Schemes", "public", "row"),
        "plots": ZoneSpec("Cards on schemes", "public", "row"),
        "support": ZoneSpec("Support pile", "public", "row"),
        "showdown": ZoneSpec("Showdown", "public", "row"),
        "spent": ZoneSpec("Played this turn", "public", "row"),
    }
    card_kinds = CARD_KINDS
    version = legal.SHOWDOWN
    card_sets = ("standard-deck",)
    flow = turn.FLOW

    def check_catalog(self, catalog: Catalog) -> list[CardError]:
        return check_catalog(catalog)

    # -- set-up ---------------------------------------------------------------------------
    def new_state(self, catalog: Catalog, options: dict[str, Any], seed: int) -> HvNState:
        deck = dealt(catalog)
        if deck is None:
            raise ValueError("Hero vs Nemesis needs the meanings of the suits and ranks "
                             "(cards/hero-vs-nemesis)")
        cards, info = deck
        if not cards:
            raise ValueError("Hero vs Nemesis needs the standard deck (cards/standard-deck)")
        s = HvNState(cards, info, seed, self.normalize_options(options))
        for zone in ("discard", "hand.0", "hand.1", "offer.0", "offer.1", "conflicts",
                     "counters", "aside", "schemes", "plots", "support.1", "showdown",
                     "spent"):
            s.zones[zone] = []
        s.zones["deck"] = list(range(len(cards)))
        s.shuffle(s.zones["deck"])
        s.say("The hero and the nemesis come to the table")
        turn.start(s)
        return s

    # -- the core -------------------------------------------------------------------------
    def is_legal(self, s: HvNState, m: Move) -> bool:
        return legal.is_legal(s, m)

    def view(self, s: HvNState, seat: int | None) -> HvNState:
        """What the engine's mask (:func:`~tabletop.engine.hidden.mask`) gives, built
        directly for the views asked for at every move: the deck, the other player's
        hand and set-up choice hidden (cards played on conflicts and schemes lie in
        public rows). With anything face down, turned or counted: the engine's mask."""
        if s.facedown or s.turned or s.counters:
            return super().view(s, seat)
        v = s.copy()
        v.rng = 0
        zones = v.zones
        hide = HIDDEN_OF.get(seat, HIDDEN_ALL)
        for name in hide:
            cards = zones.get(name)
            if cards:
                zones[name] = [HIDDEN] * len(cards)
        if s.events:
            v.events = [e for e in s.events if e[1] is None or seat in e[1]]
        return v

    def evaluate(self, s: HvNState, seat: int) -> float:
        """The hero's chance to win, a logistic fit to 500 games of the computer players
        against each other (12,581 positions; log loss 0.31 on held-out positions, where
        the base rate alone scores 0.38): it grows as the deck runs down, with popular
        support over bad press and with a joker in the hero's hand; it falls with each
        showdown the nemesis has won, a joker in the nemesis's hand and the worth of the
        nemesis's cards. Cards the seat cannot see (a view) count for nothing."""
        if s.over:
            return self.returns(s)[seat]
        info = s.info
        progress = 1.0 - len(s.zones["deck"]) / max(1, len(s.cards))
        hero_jokers = sum(1 for c in s.zones["hand.0"] if c >= 0 and info[c].joker)
        nemesis = [info[c] for c in s.zones["hand.1"] if c >= 0]
        z = (1.28 + 3.55 * progress - 2.57 * s.wins + 0.23 * (s.popular - s.press)
             + 1.29 * hero_jokers - 1.01 * sum(1 for c in nemesis if c.joker)
             - 0.06 * sum(c.value for c in nemesis) - 0.05 * len(s.zones["support.1"]))
        hero = 1.0 / (1.0 + math.exp(-z))
        return hero if seat == HERO else 1.0 - hero

    def slot_test(self, view: HvNState, zone: str, seat: int):
        """The set-up's hidden cards are known by rank: the cards laid out for a choice
        are all of the offered rank, and until the first turn a hand holds only what its
        owner took (the hero an Ace, then a King and two Queens too; the nemesis a 2)."""
        base = zone_base(zone)
        if base == "offer" and view.pending is not None:
            ranks: tuple[str, ...] = (OFFERED.get(view.pending.kind, ""),)
        elif base == "hand" and view.lost < 0:  # still setting up
            owner = zone_owner(zone)
            if owner == NEMESIS:
                ranks = ("2",)
            else:
                ranks = ("A",) if len(view.zones[zone]) == 1 else ("A", "K", "Q")
        else:
            return None
        info = view.info
        return lambda c: info[c].rank in ranks
