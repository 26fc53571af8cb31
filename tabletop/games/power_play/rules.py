"""Power Play: the cooperative villain game. The game, its options, the set-up, what each
seat sees and how well the heroes stand (the sequence of play is in :mod:`.turn`, the
tally in :mod:`.tally`, the words in :mod:`.text`).

Set-up: the villain, attribute, location and power cards in four shuffled piles (Less
counting and Receding power levels leave locations out), four open powers each, and P1
takes the Active Hero card.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Any

from ...engine.cards import CardDef, CardError, Catalog
from ...engine.info import GameInfo, Option
from ...engine.moves import Move, seat_label
from ...engine.rules import Rules
from ...engine.state import HIDDEN, State, ZoneSpec, zone_owner
from .cards import CARD_KINDS, Info, check_catalog, compile_card
from .effects import say_hand
from .scoring import BAD_NEWS_PENALTY, WIN_POINTS
from .state import PPState
from .turn import BAD_NEWS_LIMIT, EXACT, FLOW, HAND_SIZE, ROUNDS

OPTIONS = (
    Option("players", "Players",
           "How many heroes share the table; each is the active hero once per round.",
           default=4, choices=((2, "2 players"), (3, "3 players"), (4, "4 players"))),
    Option("less_cooperative", "Less cooperative",
           "Each hero keeps their powers hidden until they play them (a hand-over screen "
           "between players; the log does not show others' draws)."),
    Option("receding", "Receding power levels",
           "The villain's power cards leave the game instead of going to the discard pile; "
           "the scoring location is left out. Heroes may end up with fewer than four powers."),
    Option("less_counting", "Less counting",
           "No locations: fewer effects to keep in mind when counting."),
    Option("any_bonus", "Any number of Bonus powers",
           "When the villain is stronger, each player may spend as many Bonus powers as they "
           "like (normally one each)."),
)
PILE_OF_KIND = {"villain": "villains", "attribute": "attributes", "location": "locations",
                "power": "powers"}
HIDDEN_PILES = tuple(PILE_OF_KIND.values())
#: the chance the heroes lose a turn, for :meth:`PowerPlayRules.evaluate` (random heroes
#: lose about two turns in five, the computer heroes about one in four)
LOSS_CHANCE = 0.3


class PowerPlayRules(Rules):
    info = GameInfo(
        id="power-play",
        title="Power Play",
        blurb="Two to four heroes defend the city together: pool your powers against a "
              "villain built from four cards, and watch the tally add up.",
        min_seats=2, max_seats=4, mode="coop", options=OPTIONS,
    )
    zones = {
        "powers": ZoneSpec("Power pile", "hidden", "pile", holds=("power",)),
        "discard": ZoneSpec("Power discard", "public", "pile"),
        "out": ZoneSpec("Out of the game", "public", "pile"),
        "villains": ZoneSpec("Villain pile", "hidden", "pile", holds=("villain",)),
        "attributes": ZoneSpec("Attribute pile", "hidden", "pile", holds=("attribute",)),
        "locations": ZoneSpec("Location pile", "hidden", "pile", holds=("location",)),
        "location": ZoneSpec("Current location", "public", "row"),
        "villain": ZoneSpec("Villain", "public", "row"),
        "attribute": ZoneSpec("Attribute", "public", "row"),
        # the second villain power lies face down until the reveal
        "threat": ZoneSpec("Villain's powers", "public", "row", holds=("power",)),
        "defence": ZoneSpec("Defence", "public", "row"),
        "spent": ZoneSpec("Bonus powers spent", "public", "row"),
        # owner-only with Less cooperative
        "hand": ZoneSpec("Open powers", "public", "hand", holds=("power",)),
        "bonus": ZoneSpec("Bonus powers", "public", "row"),
        "badnews": ZoneSpec("Bad News", "public", "row"),
    }
    card_kinds = CARD_KINDS
    flow = FLOW

    # -- cards, options, seats ---------------------------------------------------------------
    def check_catalog(self, catalog: Catalog) -> list[CardError]:
        return check_catalog(catalog)

    def normalize_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        players = (options or {}).get("players", 4)
        if str(players) not in ("2", "3", "4"):
            raise ValueError(f"Power Play is for 2 to 4 players, not {players!r}")
        return super().normalize_options({**(options or {}), "players": int(players)})

    def seat_count(self, options: dict[str, Any]) -> int:
        return int(options.get("players", 4))

    def hidden_information(self, options: dict[str, Any]) -> bool:
        return bool(options.get("less_cooperative"))

    def visibility(self, state: State | None, name: str) -> tuple[str, int | None]:
        """Open powers are public, or owner-only with Less cooperative."""
        if state is not None and name.startswith("hand.") and \
                state.options.get("less_cooperative"):
            return ("owner", zone_owner(name))
        return self._zone_rule(name)

    def view(self, s: PPState, seat: int | None) -> PPState:
        """What the engine's mask (:func:`~tabletop.engine.hidden.mask`) gives, built
        directly for the views playouts ask for at every move: the four piles, the
        face-down villain power and (Less cooperative) the others' open powers are
        hidden. Anything else face down, turned or attached: the engine's mask."""
        down = s.facedown
        if s.turned or s.attached or (down and not down.issubset(s.zones["threat"])):
            return super().view(s, seat)
        v = s.copy()
        v.rng = 0
        zones = v.zones
        for name in HIDDEN_PILES:
            if zones[name]:
                zones[name] = [HIDDEN] * len(zones[name])
        if down:
            threat = zones["threat"]  # the view's own copy
            for i, c in enumerate(threat):
                if c in down:
                    threat[i] = HIDDEN
            v.facedown = set()
        if s.options.get("less_cooperative"):
            for other in range(s.seats):
                hand = f"hand.{other}"
                if other != seat and zones[hand]:
                    zones[hand] = [HIDDEN] * len(zones[hand])
        if s.events:
            v.events = [e for e in s.events if e[1] is None or seat in e[1]]
        return v

    # -- set-up ------------------------------------------------------------------------------
    def new_state(self, catalog: Catalog, options: dict[str, Any], seed: int) -> PPState:
        s = self.empty_state(catalog, options, seed)
        piles = _piles(tuple(catalog.cards.values()), s.options["less_counting"],
                       s.options["receding"])
        for name, pile in piles.items():
            s.zones[name] = list(pile)
        for pile in ("villains", "attributes", "locations", "powers"):
            s.shuffle(s.zones[pile])
        self.start_setup(s)
        return s

    def empty_state(self, catalog: Catalog, options: dict[str, Any], seed: int) -> PPState:
        """The cards of ``catalog`` (each copy an instance), every zone empty; a set too
        small for the number of players is refused."""
        options = self.normalize_options(options)
        seats = self.seat_count(options)
        cards, info, count = _deck(tuple(catalog.cards.values()))
        _check_counts(count, seats)
        s = PPState(cards, info, seats, seed, options)
        for zone in ("powers", "discard", "out", "villains", "attributes", "locations",
                     "location", "villain", "attribute", "threat", "defence", "spent"):
            s.zones[zone] = []
        for seat in range(seats):
            for base in ("hand", "bonus", "badnews"):
                s.zones[f"{base}.{seat}"] = []
        return s

    def start_setup(self, s: PPState, first: int = 0) -> None:
        """Set-up from the four piles on (shuffled, or as a scenario lays them out): four
        open powers each, dealt one at a time from P1 around the table from the top of the
        power pile; then ``first`` takes the Active Hero card and the first round begins
        (its location, then the first villain)."""
        if s.options["less_counting"]:
            s.say("Less counting: no locations this game")
        elif s.options["receding"] and any(s.info[c].score_bonus for c in s.zones["out"]):
            s.say("Receding power levels: the scoring location is left out")
        for _ in range(HAND_SIZE):
            for seat in range(s.seats):
                s.draw("powers", f"hand.{seat}")
        for seat in range(s.seats):
            say_hand(s, seat, "open powers", s.zones[f"hand.{seat}"])
        s.current = first
        s.say(f"{seat_label(first)} takes the Active Hero card")
        FLOW.start(s, ("round", first))

    # -- the core ------------------------------------------------------------------------------
    def is_legal(self, s: PPState, m: Move) -> bool:
        d = s.pending
        return d is not None and m.seat == d.seat and EXACT[d.kind](s, d, m)

    def returns(self, s: PPState) -> tuple[float, ...]:
        """Co-operative: every seat gets the same, the score on a 0-1 scale (unfinished:
        the estimate of :meth:`evaluate`)."""
        value = (s.score or 0) / 100 if s.over else outlook(s)
        return (value,) * s.seats

    def evaluate(self, s: PPState, seat: int) -> float:
        """The expected score / 100: the score the heroes would make if they held out
        (Bonus powers held, scoring locations, Bad News), times the chance that nobody
        collects a third Bad News in their turns to come."""
        return self.returns(s)[seat]


def left_out(inf: Info, options: dict[str, Any]) -> bool:
    """Locations out of the game from the start: all with Less counting, the scoring ones
    with Receding power levels."""
    return inf.kind == "location" and bool(
        options["less_counting"] or (options["receding"] and inf.score_bonus))


@lru_cache(maxsize=8)
def _deck(defs: tuple[CardDef, ...]) -> tuple[tuple[CardDef, ...], tuple[Info, ...],
                                               dict[str, int]]:
    """The card instances of a catalog (each copy one instance, by kind and id), what
    the rules need of each, and how many there are of each kind."""
    cards: list[CardDef] = []
    for card in sorted(defs, key=lambda c: (c.kind, c.id)):
        cards.extend([card] * card.data.get("copies", 1))
    info = tuple(compile_card(c) for c in cards)
    count = {k: sum(1 for i in info if i.kind == k) for k in PILE_OF_KIND}
    return tuple(cards), info, count


@lru_cache(maxsize=32)
def _piles(defs: tuple[CardDef, ...], less_counting: bool,
           receding: bool) -> dict[str, tuple[int, ...]]:
    """The cards of each pile before shuffling, and those out of the game."""
    options = {"less_counting": less_counting, "receding": receding}
    piles: dict[str, list[int]] = {"out": [], **{p: [] for p in PILE_OF_KIND.values()}}
    for i, inf in enumerate(_deck(defs)[1]):
        piles["out" if left_out(inf, options) else PILE_OF_KIND[inf.kind]].append(i)
    return {name: tuple(cards) for name, cards in piles.items()}


def _check_counts(count: dict[str, int], seats: int) -> None:
    turns = seats * ROUNDS
    for kind in ("villain", "attribute"):
        if count[kind] < turns:
            raise ValueError(f"Power Play with {seats} players needs {turns} {kind} cards; "
                             f"the set has {count[kind]}")
    if count["power"] < HAND_SIZE * seats + 2:
        raise ValueError(f"Power Play with {seats} players needs at least "
                         f"{HAND_SIZE * seats + 2} power cards; the set has "
                         f"{count['power']}")


# -- how well the heroes stand ------------------------------------------------------------------
def turns_to_come(s: PPState) -> list[int]:
    """How many more turns each seat will be the Active Hero (the current turn counts
    while it is undecided)."""
    left = [ROUNDS - s.round] * s.seats
    for k in range(1, s.seats - s.round_turn + 1):
        left[(s.current + k) % s.seats] += 1
    if not s.outcome:
        left[s.current] += 1
    return left


def _holds_out(turns: int, bad: int) -> float:
    """The chance of fewer than three Bad News cards after ``turns`` more turns."""
    need = BAD_NEWS_LIMIT + 1 - bad
    p = LOSS_CHANCE
    return sum(comb(turns, k) * p ** k * (1 - p) ** (turns - k)
               for k in range(min(need, turns + 1)))


def outlook(s: PPState) -> float:
    """The expected final score / 100 of an unfinished game (see ``evaluate``)."""
    info = s.info
    bonus = sum(info[c].base for seat in range(s.seats) for c in s.zones[f"bonus.{seat}"])
    bad = [s.bad_news(seat) for seat in range(s.seats)]
    villain = s.villain_card()
    if villain is not None and s.outcome == "won":
        bonus += info[villain].base
    elif s.outcome == "lost":
        bad[s.current] += 1
    places = sum(info[c].score_bonus for c in s.featured)
    score = max(0, min(100, WIN_POINTS + bonus + places - BAD_NEWS_PENALTY * sum(bad)))
    chance = 1.0
    for seat, turns in enumerate(turns_to_come(s)):
        chance *= _holds_out(turns, bad[seat])
    return chance * score / 100
