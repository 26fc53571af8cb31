"""Brawl: the character duel. The game, its options and set-up (the sequence of play is
in :mod:`.turn`, damage in :mod:`.damage`, the words in :mod:`.text`).

Set-up: shuffle, deal six each (again while anyone's hand holds no Character), then each
player places a Character face down and all are revealed; the most villainous goes first.
"""

from __future__ import annotations

from typing import Any

from ...engine.cards import CardError, Catalog
from ...engine.info import GameInfo, Option
from ...engine.moves import Move, seat_label
from ...engine.rules import Rules
from ...engine.state import HIDDEN, ZoneSpec
from .cards import CARD_KINDS, Info, check_catalog, compile_card
from .legal import CHECKS, TIMING
from .state import BrawlState
from .turn import FLOW, standing_counts

HAND_SIZE = 6
#: the draw pile, or (Picking Sides) each player's own
DECKS = ("deck",)


def _hidden_zones(shared: bool, seats: int, seat: int | None) -> tuple[str, ...]:
    """The zones ``seat``'s view masks: the draw pile(s) and the other players' hands."""
    return (DECKS if shared else tuple(f"deck.{i}" for i in range(seats))) + \
        tuple(f"hand.{o}" for o in range(seats) if o != seat)


#: (one shared draw pile?, seats, viewing seat) -> the zones a view masks: the draw
#: pile(s) and the other players' hands
HIDE = {(shared, n, seat): _hidden_zones(shared, n, seat)
        for shared in (True, False) for n in (2, 3) for seat in (*range(n), None)}

OPTIONS = (
    Option("maybe_help", "Maybe Help Will Arrive",
           "A player whose characters are all knocked out, with fewer than five in play, "
           "gets one more turn to bring in or revive someone before losing."),
    Option("delay_of_game", "Delay of Game",
           "A player who ends two of their turns in a row with no characters in play loses."),
    Option("more_actions", "More Actions",
           "Instead of attacking, Heroes may render aid to a knocked-out teammate, Grays may "
           "thwart a match-up and Villains may gang up on a teammate's opponent."),
    Option("picking_sides", "Picking Sides",
           "Each player draws from a personal pile built around one side of characters.",
           default="off",
           choices=(("off", "Off"), ("heroes", "P1 Heroes, P2 Villains (P3 Grays)"),
                    ("villains", "P1 Villains, P2 Heroes (P3 Grays)"))),
    Option("three_way", "Three-Way Battle",
           "Three players, each for themselves; a player who ends a turn with everyone "
           "knocked out is eliminated."),
)


def _instances(catalog: Catalog) -> tuple[tuple, tuple[Info, ...]]:
    """Every copy of every card (an instance each), in a fixed order, and its compiled
    form (worked out once per catalog: playouts start thousands of games)."""
    defs = []
    for card in sorted(catalog.cards.values(), key=lambda c: (c.kind, c.id)):
        defs.extend([card] * card.data.get("copies", 1))
    if not any(c.kind == "character" for c in defs):
        raise ValueError("Brawl needs at least one character card")
    return tuple(defs), tuple(compile_card(c) for c in defs)


class BrawlRules(Rules):
    info = GameInfo(
        id="brawl",
        title="Brawl",
        blurb="A duel of superpowered teams: match-ups, declared powers and a strict "
              "order of damage.",
        min_seats=2, max_seats=3, mode="competitive", options=OPTIONS,
    )
    zones = {
        "deck": ZoneSpec("Draw pile", "hidden", "pile"),
        "discard": ZoneSpec("Discard pile", "public", "pile"),
        "conditions": ZoneSpec("Conditions", "public", "row"),
        "hand": ZoneSpec("Hand", "owner", "hand"),
        # a hidden card in play is a Character placed face down
        "play": ZoneSpec("Team", "public", "row", holds=("character",)),
    }
    card_kinds = CARD_KINDS
    flow = FLOW
    version = TIMING

    def check_catalog(self, catalog: Catalog) -> list[CardError]:
        return check_catalog(catalog)

    def seat_count(self, options: dict[str, Any]) -> int:
        return 3 if options.get("three_way") else 2

    # -- set-up ---------------------------------------------------------------------------
    def new_state(self, catalog: Catalog, options: dict[str, Any], seed: int) -> BrawlState:
        s = self.empty_state(catalog, options, seed)
        if s.options["picking_sides"] != "off":
            self._build_sides(s, s.options["picking_sides"])
        else:
            s.zones["deck"] = list(range(len(s.cards)))
            s.shuffle(s.zones["deck"])
        self._deal(s)
        FLOW.start(s, ("pick", 0))
        return s

    def empty_state(self, catalog: Catalog, options: dict[str, Any],
                    seed: int) -> BrawlState:
        """The cards of ``catalog`` (each copy an instance) and empty zones."""
        options = self.normalize_options(options)
        cards, info = catalog.derived("brawl.cards", lambda: _instances(catalog))
        s = BrawlState(cards, info, self.seat_count(options), seed, options)
        s.zones["discard"] = []
        s.zones["conditions"] = []
        for seat in range(s.seats):
            s.zones[f"hand.{seat}"] = []
            s.zones[f"play.{seat}"] = []
        return s

    @staticmethod
    def _build_sides(s: BrawlState, how: str) -> None:
        """Picking Sides: personal piles. Two players: Heroes / Villains, five Grays
        each; three players: Heroes / Villains / Grays. The rest is dealt around."""
        by_side: dict[str, list[int]] = {"hero": [], "villain": [], "gray": []}
        rest = []
        for i, inf in enumerate(s.info):
            (by_side[inf.side] if inf.kind == "character" else rest).append(i)
        first, second = ("hero", "villain") if how == "heroes" else ("villain", "hero")
        piles = [by_side[first], by_side[second]]
        if s.seats == 3:
            piles.append(by_side["gray"])
        else:
            grays = by_side["gray"]
            s.shuffle(grays)
            for i, card in enumerate(grays):
                piles[i % 2].append(card)
        s.shuffle(rest)
        for i, card in enumerate(rest):
            piles[i % s.seats].append(card)
        for seat, pile in enumerate(piles):
            s.shuffle(pile)
            s.zones[f"deck.{seat}"] = pile

    @classmethod
    def _deal(cls, s: BrawlState) -> None:
        """Deal six each; re-deal while anyone's hand has no Character (set-up step 2)."""
        for _ in range(1000):
            for seat in range(s.seats):
                src = s.draw_zone(seat)
                for _ in range(HAND_SIZE):
                    if s.zones[src]:
                        s.zones[f"hand.{seat}"].append(s.zones[src].pop())
            if cls.hands_hold_characters(s):
                return
        raise ValueError("cannot deal a hand with a Character")  # pragma: no cover

    @staticmethod
    def hands_hold_characters(s: BrawlState) -> bool:
        """Set-up step 2: a hand without a Character is shown and every card goes back
        to be shuffled and dealt again. True when every hand holds one."""
        empty = [seat for seat in range(s.seats)
                 if not any(s.info[c].kind == "character" for c in s.zones[f"hand.{seat}"])]
        if not empty:
            return True
        s.counters[("redeals",)] = s.count(("redeals",)) + 1
        for seat in empty:
            names = ", ".join(s.name(c) for c in s.zones[f"hand.{seat}"])
            s.say(f"{seat_label(seat)} shows a hand with no Character ({names}); "
                  "all cards go back and are dealt again.")
        for seat in range(s.seats):
            hand = s.zones[f"hand.{seat}"]
            s.zones[s.draw_zone(seat)].extend(hand)
            hand.clear()
        for seat in range(s.seats) if "deck" not in s.zones else [None]:
            zone = "deck" if seat is None else f"deck.{seat}"
            s.shuffle(s.zones[zone])
        return False

    def start_setup(self, s: BrawlState) -> None:
        """Set-up from step 2 on, for hands already dealt (a scenario position): the
        re-deal check, then the face-down picks."""
        if not self.hands_hold_characters(s):
            self._deal(s)
        FLOW.start(s, ("pick", 0))

    # -- the core ---------------------------------------------------------------------------
    def is_legal(self, s: BrawlState, m: Move) -> bool:
        d = s.pending
        if d is None or s.over or m.seat != d.seat:
            return False
        check = CHECKS.get(d.kind)
        if check is not None:
            return check(s, d, m)
        return m in self.legal_moves(s)

    def returns(self, s: BrawlState) -> tuple[float, ...]:
        if s.over and not s.winners:
            counts = standing_counts(s)
            best = max(counts.values()) if counts else 0
            return tuple(0.5 if counts.get(seat) == best else 0.0 for seat in range(s.seats))
        return super().returns(s)

    def evaluate(self, s: BrawlState, seat: int) -> float:
        """Standing health and characters, the draw pile's end in view."""
        if s.over:
            return self.returns(s)[seat]
        score = {}
        for other in s.alive_seats():
            score[other] = sum(s.hp.get(c, 0) + 8 for c in s.zones[f"play.{other}"]
                               if c not in s.turned)
        if seat not in score:
            return 0.0
        total = sum(score.values())
        if total == 0:
            return 1.0 / max(1, len(score))
        return score[seat] / total

    def slot_needs(self, view: BrawlState, zone: str, seat: int) -> list:
        """During set-up a hand that has not yet placed its Character holds one (step 2
        re-deals every hand without a Character)."""
        if view.phase != "pick" or not zone.startswith("hand."):
            return []
        owner = int(zone.split(".")[1])
        if view.zones[f"play.{owner}"]:
            return []
        cards = view.cards
        return [(lambda c: cards[c].kind == "character", 1)]

    def view(self, s: BrawlState, seat: int | None) -> BrawlState:
        """What the engine's mask (:func:`~tabletop.engine.hidden.mask`) gives, built
        directly for the views asked for at every move: the draw piles and the other
        players' hands hidden; health, knock-outs and match-ups only ever name cards in
        play, which everyone sees. With a card face down (the set-up's picks): the
        engine's mask."""
        if s.facedown:
            return super().view(s, seat)
        v = s.copy()
        v.rng = 0
        zones = v.zones
        key = ("deck" in zones, s.seats, seat)
        for name in HIDE.get(key) or _hidden_zones(*key):
            cards = zones[name]
            if cards:
                zones[name] = [HIDDEN] * len(cards)
        if s.events:
            v.events = [e for e in s.events if e[1] is None or seat in e[1]]
        return v

    def mask_extra(self, view: BrawlState, state: BrawlState, seat, visible) -> None:
        hidden = visible.hidden
        if hidden and not hidden.isdisjoint(state.hp):
            view.hp = {c: h for c, h in state.hp.items() if c not in hidden}
