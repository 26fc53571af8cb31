"""Solo Deck-Builder: one player against a location stack, supervillains and an enemy deck.
The game, its option, its zones and the set-up (the sequence of play is in :mod:`.turn`,
the cards' effects in :mod:`.effects`, the words in :mod:`.text`).

The opponent is the rules: the automatic steps of each turn (1-5 and 7) run as queued
steps that write what they do, and why, to the log. The player's decisions are step 6
(play, buy, defeat, end) and what the steps ask for (a Defense card against a Weakness,
which card to discard or destroy, what to foresee, which villain to defeat for free and
where a secured location goes).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from operator import attrgetter
from types import MappingProxyType
from typing import Any, NamedTuple

from ...engine.cards import CardDef, CardError, Catalog
from ...engine.info import GameInfo, Option
from ...engine.moves import Move
from ...engine.rules import Rules
from ...engine.state import HIDDEN, ZoneSpec
from .cards import CARD_KINDS, check_catalog
from .effects import card_value
from .flow import FLOW
from .info import Info, compile_card
from .legal import is_main_move
from .state import SoloState
from .turn import MAIN

LOCATIONS = 5
SUPERVILLAINS = 5
#: spare copies of each starter kept in the box (for the random-card attack)
STARTER_SPARES = 2
#: hidden piles, masked by name in the view (faster than asking every zone)
HIDDEN_ZONES = ("location_stack", "sv_stack", "enemy", "resources", "box")
#: the zones of the cards the player owns
OWNED = ("deck.0", "hand.0", "played.0", "discard.0")
#: zones of the player's cards (``name.0``)
PLAYER_ZONES = ("deck", "hand", "played", "discard", "hero", "hq", "secured")

OPTIONS = (
    Option("superhero", "Superhero",
           "Choose your superhero at the start, or let chance decide.",
           default="choose", choices=(("choose", "Choose at the start"), ("random", "Random"))),
)


class SoloRules(Rules):
    info = GameInfo(
        id="solo-deckbuilder",
        title="Solo Deck-Builder",
        blurb="Build a deck alone against the city: secure five locations before the "
              "villains eat the resource row.",
        min_seats=1, max_seats=1, mode="solo", options=OPTIONS,
    )
    zones = {
        "location_stack": ZoneSpec("Locations", "hidden", "pile", holds=("location",)),
        "location": ZoneSpec("Active location", "public", "pile"),
        "sv_stack": ZoneSpec("Supervillains", "hidden", "pile", holds=("supervillain",)),
        "supervillain": ZoneSpec("Supervillain", "public", "pile"),
        "enemy": ZoneSpec("Enemy deck", "hidden", "pile", holds=("villain",)),
        "battleground": ZoneSpec("Battleground", "public", "row", newest_left=True),
        "defeated": ZoneSpec("Defeated villains", "public", "pile"),
        "resources": ZoneSpec("Resources deck", "hidden", "pile", holds=("resource",)),
        "row": ZoneSpec("Resource row", "public", "row", newest_left=True),
        "resource_discard": ZoneSpec("Resources discard", "public", "pile"),
        "revealed": ZoneSpec("Revealed", "public", "row"),
        "kicks": ZoneSpec("Haymaker pile", "public", "pile"),
        "weaknesses": ZoneSpec("Weakness stack", "public", "pile"),
        "destroyed": ZoneSpec("Out of the game", "public", "pile"),
        "superheroes": ZoneSpec("Superheroes to choose from", "public", "row"),
        # spare starters, and the supervillains, locations and superheroes left out
        "box": ZoneSpec("Not in this game", "hidden", "pile",
                        holds=("starter", "supervillain", "location", "superhero")),
        # the player knows the cards of the deck they built, not their order
        "deck": ZoneSpec("Your deck", "unordered", "pile"),
        "hand": ZoneSpec("Hand", "owner", "hand"),
        "played": ZoneSpec("Played", "public", "row"),
        "discard": ZoneSpec("Your discard pile", "public", "pile"),
        "hero": ZoneSpec("Superhero", "public", "pile"),
        "hq": ZoneSpec("HQ", "public", "pile"),
        "secured": ZoneSpec("Secured stack", "public", "pile"),
    }
    card_kinds = CARD_KINDS
    flow = FLOW

    def check_catalog(self, catalog: Catalog) -> list[CardError]:
        return check_catalog(catalog)

    # -- set-up ----------------------------------------------------------------------------
    def new_state(self, catalog: Catalog, options: dict[str, Any], seed: int) -> SoloState:
        """Shuffle the player's deck, the resources deck and the enemy deck; five
        locations and five supervillains face down; then the superhero."""
        deck = card_set(catalog)
        s = self.empty_state(deck, self.normalize_options(options), seed)
        kinds = deck.kinds
        z = s.zones
        for group in starter_groups(s, kinds["starter"]):
            z["deck.0"].extend(group[:len(group) - STARTER_SPARES])
            z["box"].extend(group[len(group) - STARTER_SPARES:])
        z["kicks"] = list(kinds["kick"])
        z["weaknesses"] = list(kinds["weakness"])
        z["resources"] = list(kinds["resource"])
        z["enemy"] = list(kinds["villain"])
        for zone in ("deck.0", "resources", "enemy"):
            s.shuffle(z[zone])
        svs = list(kinds["supervillain"])
        locs = list(kinds["location"])
        s.shuffle(svs)
        s.shuffle(locs)
        z["sv_stack"] = svs[:SUPERVILLAINS]
        z["location_stack"] = locs[:LOCATIONS]
        z["box"].extend(svs[SUPERVILLAINS:] + locs[LOCATIONS:])
        z["superheroes"] = list(kinds["superhero"])
        self.start_setup(s)
        return s

    def start_setup(self, s: SoloState) -> None:
        """Set-up step 5's superhero (chosen or at random) once the stacks and decks are
        laid out (shuffled, or as a scenario gives them); then the first turn."""
        z = s.zones
        s.say(f"Set-up: {len(z['location_stack'])} locations and {len(z['sv_stack'])} "
              f"supervillains shuffled face down; enemy deck {len(z['enemy'])} villains; "
              f"resources deck {len(z['resources'])} cards; your deck {len(z['deck.0'])} "
              "cards")
        FLOW.start(s, ("setup",))

    def empty_state(self, deck: CardSet, options: dict[str, Any], seed: int) -> SoloState:
        """A state of the instances of ``deck`` (:func:`card_set`), every zone empty."""
        s = SoloState(deck.cards, deck.info, seed, options)
        for name in self.zones:
            s.zones[f"{name}.0" if name in PLAYER_ZONES else name] = []
        return s

    # -- the core --------------------------------------------------------------------------
    def is_legal(self, s: SoloState, m: Move) -> bool:
        """Step 6 moves are tested one by one; other decisions have few options."""
        d = s.pending
        if d is None or m.seat != d.seat:
            return False
        if d.kind == MAIN:
            return is_main_move(s, m)
        return m in self.legal_moves(s)

    def returns(self, s: SoloState) -> tuple[float, ...]:
        """A win (1) or a loss (0): there is no draw alone against the city."""
        if s.over:
            return (1.0,) if s.winners else (0.0,)
        return (self.evaluate(s, 0),)

    def evaluate(self, s: SoloState, seat: int) -> float:
        """The chance to win, estimated from the locations secured, the resources deck
        left (the game's clock) and what the player's cards are worth on average (a
        logistic fit to the computer player's games)."""
        if s.over:
            return self.returns(s)[seat]
        owned = [c for z in OWNED for c in s.zones[z] if c != HIDDEN]
        worth = sum(card_value(s.info[c]) for c in owned) / max(1, len(owned))
        resources = sum(1 for inf in s.info if inf.kind == "resource")
        clock = len(s.zones["resources"]) / resources
        z = -5.6 + 1.2 * s.secured_count() + 4.8 * clock + 2.6 * worth
        return 1.0 / (1.0 + math.exp(-z))

    def view(self, state: SoloState, seat: int | None) -> SoloState:
        """As the shared masking (:mod:`tabletop.engine.hidden`) does it, faster: the
        hidden piles are known by name, the deck is shown sorted (its cards are known,
        not their order), the hand only to its owner."""
        v = state.copy()
        v.rng = 0
        zones = v.zones
        for name in HIDDEN_ZONES:
            n = len(zones[name])
            if n:
                zones[name] = [HIDDEN] * n
        zones["deck.0"].sort()
        if seat != 0 and zones["hand.0"]:
            zones["hand.0"] = [HIDDEN] * len(zones["hand.0"])
        v.events = [e for e in state.events if e[1] is None or seat in e[1]]
        return v


class CardSet(NamedTuple):
    """The card instances of a set: every copy of every card (starters with their
    spares), numbered in the order of kinds and ids; what the rules read of each; and
    the instances of each kind (one run of numbers each)."""

    cards: tuple[CardDef, ...]
    info: tuple[Info, ...]
    kinds: Mapping[str, range]


#: what the game needs at least of each kind
NEEDS = (("location", LOCATIONS), ("supervillain", SUPERVILLAINS), ("superhero", 1),
         ("villain", 1), ("resource", 1), ("starter", 1), ("weakness", 1), ("kick", 1))


def card_set(catalog: Catalog) -> CardSet:
    """The instances of ``catalog``'s cards (made once per set of card definitions)."""
    return _card_set(tuple(catalog.cards.values()))


@lru_cache(maxsize=8)
def _card_set(defs: tuple[CardDef, ...]) -> CardSet:
    cards: list[CardDef] = []
    for card in sorted(defs, key=attrgetter("kind", "id")):
        copies = card.data.get("copies", 1)
        if card.kind == "starter":
            copies += STARTER_SPARES
        cards.extend([card] * copies)
    info = tuple(map(compile_card, cards))
    counts = Counter(inf.kind for inf in info)
    missing = [f"{n} {k}" for k, n in NEEDS if counts[k] < n]
    if missing:
        raise ValueError("Solo Deck-Builder needs at least " + ", ".join(missing)
                         + " card(s) in the set")
    kinds: dict[str, range] = {}
    start = 0
    for kind, n in sorted(counts.items()):
        kinds[kind] = range(start, start + n)
        start += n
    return CardSet(tuple(cards), info, MappingProxyType(kinds))


def starter_groups(s: SoloState, starters) -> list[list[int]]:
    """The starter instances grouped by card (in instance order)."""
    groups: dict[str, list[int]] = {}
    for c in starters:
        groups.setdefault(s.info[c].id, []).append(c)
    return list(groups.values())
