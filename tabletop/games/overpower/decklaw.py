"""OverPower's deck rules: what makes a deck legal, each problem with its exact reason.

A deck is four characters (the Reserve among them is chosen at set-up), one complete
seven-card mission set, optionally a Location as Home Base and one as Battlesite (with
Specials beneath it), and a Draw Pile. :func:`check` lists every problem, each naming its
rule; warnings (advice the rulebook gives, and the Sum Deck Rule outside tournament play)
never make a deck illegal. The rulings behind each check are in ``docs/rulings.md``
(OverPower, "Deck building").

This module reads card data only (no game state), so the card checks, the deck files and
the deck builder share it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from ...engine.cards import CardDef, Catalog
from ...engine.nearest import did_you_mean
from .common import DRAW_KINDS, MISSION_SIZE, TYPE_INDEX, TYPES
from .morekinds import ANY_HOME_BASE, MORE_DRAW_KINDS

#: the Draw Pile's minimum with Event cards, and without
MINIMUM_WITH_EVENTS = 56
MINIMUM = 51
#: the Sum Deck Rule: team rank -> the most points its grids may add up to
SUM_DECK_CAPS = {12: 58, 13: 62, 14: 67, 15: 72, 16: 76}
TEAM_SIZE = 4
#: every kind a Draw Pile may hold
PILE_KINDS = DRAW_KINDS + MORE_DRAW_KINDS
KIND_NAMES = {"power": "Power card", "basic-universe": "Basic Universe card",
              "training": "Training card", "teamwork": "Teamwork card", "ally": "Ally card",
              "doubleshot": "Doubleshot", "special": "Special", "event": "Event",
              "aspect": "Aspect", "activator": "Activator", "artifact": "Artifact",
              "character": "character", "mission": "mission card", "location": "Location",
              "deck": "deck"}
CODES = {"H": "Hero", "V": "Villain"}


@dataclass
class DeckList:
    """A deck as a player builds it (ids of cards in a catalog)."""

    name: str = ""
    characters: list[str] = field(default_factory=list)
    reserve: str | None = None
    missions: str = ""
    home_base: str | None = None
    battlesite: str | None = None
    beneath: list[str] = field(default_factory=list)
    #: the Draw Pile: card id -> copies
    cards: dict[str, int] = field(default_factory=dict)

    @classmethod
    def from_data(cls, name: str, data: dict[str, Any]) -> DeckList:
        """From a deck card's (or a deck file's) checked data."""
        return cls(name=name, characters=list(data.get("characters") or ()),
                   reserve=data.get("reserve"), missions=data.get("missions") or "",
                   home_base=data.get("home_base"), battlesite=data.get("battlesite"),
                   beneath=list(data.get("under_battlesite") or ()),
                   cards=dict(data.get("cards") or {}))

    def to_data(self) -> dict[str, Any]:
        """The deck's fields as a deck card or a deck file writes them (empty ones left
        out)."""
        out: dict[str, Any] = {"name": self.name, "characters": list(self.characters)}
        if self.reserve:
            out["reserve"] = self.reserve
        out["missions"] = self.missions
        if self.home_base:
            out["home_base"] = self.home_base
        if self.battlesite:
            out["battlesite"] = self.battlesite
        if self.beneath:
            out["under_battlesite"] = list(self.beneath)
        out["cards"] = dict(self.cards)
        return out

    def copy(self) -> DeckList:
        return DeckList(self.name, list(self.characters), self.reserve, self.missions,
                        self.home_base, self.battlesite, list(self.beneath), dict(self.cards))

    @property
    def size(self) -> int:
        """Cards in the Draw Pile (what the minimum counts)."""
        return sum(self.cards.values())


@dataclass(frozen=True)
class DeckRules:
    """The settings a deck is judged under."""

    #: the Code Rule: a card no one on the team may play for its code is illegal
    code_rule: bool = False
    #: tournament play: the Sum Deck Rule is an error (otherwise a warning)
    tournament: bool = False


@dataclass(frozen=True)
class DeckProblem:
    """One problem: its rule, the reason in words, the part of the deck it is about
    (``characters``, ``reserve``, ``missions``, ``home_base``, ``battlesite``,
    ``beneath``, ``cards``) and the card concerned, if one is."""

    rule: str
    message: str
    part: str
    card: str | None = None
    warning: bool = False

    def __str__(self) -> str:
        return f"{self.message} (advice)" if self.warning else self.message


#: the settings of an ordinary game: Code Rule off, no tournament
ORDINARY = DeckRules()


def errors(problems: list[DeckProblem]) -> list[DeckProblem]:
    return [p for p in problems if not p.warning]


def check(catalog: Catalog, deck: DeckList, rules: DeckRules = ORDINARY) -> \
        list[DeckProblem]:
    """Every problem of ``deck`` under ``rules``, in the order of the deck's parts."""
    law = _Law(catalog, deck, rules)
    return law.run()


#: while :func:`missions_fixed` holds: (the catalog, its mission sets: set id -> pieces)
_MISSION_SETS: ContextVar[tuple[Catalog, dict[str, set[int]]] | None] = \
    ContextVar("_MISSION_SETS", default=None)


@contextlib.contextmanager
def missions_fixed(catalog: Catalog) -> Iterator[None]:
    """Within it, ``catalog``'s mission cards do not change (the caller promises: the
    checks across cards judge every deck of a catalog in turn, removing only decks), so
    each deck's mission set is looked up in one index of them made once, not by reading
    every card of the catalog again for each deck."""
    sets: dict[str, set[int]] = {}
    for card in catalog.of_kind("mission"):
        sets.setdefault(card.data["set"], set()).add(card.data["piece"])
    token = _MISSION_SETS.set((catalog, sets))
    try:
        yield
    finally:
        _MISSION_SETS.reset(token)


def _pieces(catalog: Catalog, set_id: str) -> set[int]:
    """The pieces of mission set ``set_id`` in ``catalog``."""
    fixed = _MISSION_SETS.get()
    if fixed is not None and fixed[0] is catalog:
        return fixed[1].get(set_id) or set()
    return {c.data["piece"] for c in catalog.of_kind("mission") if c.data["set"] == set_id}


def is_legal(catalog: Catalog, deck: DeckList, rules: DeckRules = ORDINARY) -> bool:
    return not errors(check(catalog, deck, rules))


# -- helpers on printed cards ------------------------------------------------------------------
def persona(card: CardDef) -> str:
    return card.data.get("persona") or card.id


def grid(card: CardDef) -> tuple[int, ...]:
    """A character's printed ratings in type order (0 for a missing Intellect)."""
    get = card.data["grid"].get
    return tuple([get(t) or 0 for t in TYPES])


def ranks(card: CardDef) -> int:
    """How many types a character is rated in (3, or 4 with Intellect)."""
    return sum(1 for v in grid(card) if v)


def points(card: CardDef) -> int:
    return sum(grid(card))


def set_name(catalog: Catalog, set_id: str) -> str:
    """A mission set's name: its first piece's name without the ``n/7``."""
    pieces = [c for c in catalog.of_kind("mission") if c.data["set"] == set_id]
    if not pieces:
        return set_id
    first = min(pieces, key=lambda c: c.data["piece"])
    name = first.name
    head, _, tail = name.rpartition(" ")
    return head if head and "/" in tail else name


def _names(cards: list[CardDef]) -> str:
    names = [c.name for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _power_ok(card: CardDef, g: tuple[int, ...]) -> bool:
    data = card.data
    kind = data["type"]
    value = data["value"]
    if not kind:  # Any-Power: the highest rating
        return max(g) >= value
    for t in kind:
        if g[TYPE_INDEX[t]] >= value:
            return True
    return False


def _needs(req: dict, g: tuple[int, ...]) -> bool:
    return g[TYPE_INDEX[req["type"]]] >= req["value"]


def _training_ok(card: CardDef, g: tuple[int, ...]) -> bool:
    limit = card.data["max_rating"]
    for t in card.data["types"]:
        if 0 < g[TYPE_INDEX[t]] <= limit:
            return True
    return False


#: kind -> may a character with this printed grid use the card at all?
USES = {
    "power": _power_ok,
    "basic-universe": lambda c, g: _needs(c.data["requires"], g),
    "training": _training_ok,
    "teamwork": lambda c, g: _needs(c.data["requires"], g),
    "ally": lambda c, g: _needs(c.data["requires"], g),
}


def _mate_ok(req: dict, g: tuple[int, ...]) -> bool:
    rating = g[TYPE_INDEX[req["type"]]]
    return rating <= req["value"] if req.get("or_less") else rating >= req["value"]


def _pair_ok(card: CardDef, team: list[CardDef],
             grids: list[tuple[int, ...]] | None = None) -> bool:
    """Doubleshots and Artifacts: one character meets the first requirement and a
    different one the second (``grids``: the team's, when known already)."""
    first = card.data["requires"]
    second = card.data["teammate"]
    if grids is None:
        grids = [grid(c) for c in team]
    return any(_needs(first, a) and _mate_ok(second, b)
               for i, a in enumerate(grids) for j, b in enumerate(grids) if i != j)


def code_ok(character: CardDef, card: CardDef) -> bool:
    """The Code Rule: an H character never plays a V card, nor a V character an H card."""
    mine, theirs = character.data.get("code"), card.data.get("code")
    return not mine or not theirs or mine == theirs


class _Law:
    """One reading of one deck: the team and the cards found, the problems so far."""

    def __init__(self, catalog: Catalog, deck: DeckList, rules: DeckRules) -> None:
        self.catalog = catalog
        self.deck = deck
        self.rules = rules
        self.out: list[DeckProblem] = []
        self.team: list[CardDef] = []
        self.home: CardDef | None = None
        self.site: CardDef | None = None
        self.pile: list[tuple[CardDef, int]] = []
        self.under: list[CardDef] = []
        #: the team's printed grids, worked out once (after :meth:`characters`)
        self._grids: list[tuple[int, ...]] | None = None

    def bad(self, rule: str, message: str, part: str, card: str | None = None,
            warning: bool = False) -> None:
        self.out.append(DeckProblem(rule, message, part, card, warning))

    def run(self) -> list[DeckProblem]:
        self.characters()
        self.missions()
        self.locations()
        self.draw_pile()
        self.minimum()
        self.one_per_deck()
        for card, _ in self.pile:
            check_card = CARD_RULES.get(card.kind)
            if check_card is not None:
                check_card(self, card)
        if self.rules.code_rule:
            self.code_rule()
        self.sum_deck()
        return self.out

    def near(self, cid: str, kinds) -> str:
        """`` (did you mean 'x'?)`` among the ids of the cards of ``kinds``."""
        return did_you_mean(cid, (c.id for k in kinds for c in self.catalog.of_kind(k)))

    # -- the team --------------------------------------------------------------------------
    def characters(self) -> None:
        deck = self.deck
        for cid in deck.characters:
            card = self.catalog.cards.get(cid)
            if card is None:
                self.bad("unknown", f"there is no character {cid!r} in the card set"
                         + self.near(cid, ("character",)), "characters", cid)
            elif card.kind != "character":
                self.bad("characters", f"{card.name} is a {KIND_NAMES[card.kind]}, not a "
                                       "character", "characters", cid)
            else:
                self.team.append(card)
        if len(deck.characters) != TEAM_SIZE:
            self.bad("characters", f"a team has exactly four characters; this one has "
                                   f"{len(deck.characters)}", "characters")
        self.clone_rule()
        if deck.reserve is not None and deck.reserve not in deck.characters:
            self.bad("reserve", f"the suggested Reserve {deck.reserve!r} is not one of the "
                                "four characters", "reserve", deck.reserve)

    def clone_rule(self) -> None:
        seen: dict[str, CardDef] = {}
        for card in self.team:
            first = seen.get(persona(card))
            if first is None:
                seen[persona(card)] = card
            elif first.id == card.id:
                self.bad("clone", f"{card.name} is on the team twice (Clone Rule)",
                         "characters", card.id)
            else:
                self.bad("clone", f"{first.name} and {card.name} are versions of one "
                                  "character: only one of them may be on a team (Clone Rule)",
                         "characters", card.id)

    def missions(self) -> None:
        set_id = self.deck.missions
        if not set_id:
            self.bad("missions", "the deck has no mission set: choose one of seven cards",
                     "missions")
            return
        pieces = _pieces(self.catalog, set_id)
        if not pieces:
            self.bad("missions", f"there is no mission set {set_id!r} in the card set"
                     + did_you_mean(set_id, {c.data["set"] for c in
                                             self.catalog.of_kind("mission")}),
                     "missions", set_id)
        elif len(pieces) != MISSION_SIZE:
            self.bad("missions", f"the mission set {set_name(self.catalog, set_id)} has "
                                 f"{len(pieces)} of its seven cards", "missions", set_id)

    # -- Locations -------------------------------------------------------------------------
    def location(self, cid: str | None, part: str, role: str) -> CardDef | None:
        if not cid:
            return None
        card = self.catalog.cards.get(cid)
        if card is None:
            self.bad("unknown", f"there is no Location {cid!r} in the card set"
                     + self.near(cid, ("location",)), part, cid)
            return None
        if card.kind != "location":
            self.bad(part.replace("_", "-"), f"{card.name} is a {KIND_NAMES[card.kind]}, not "
                                             f"a Location: it cannot be the {role}", part, cid)
            return None
        return card

    def locations(self) -> None:
        deck = self.deck
        self.home = self.location(deck.home_base, "home_base", "Home Base")
        self.site = self.location(deck.battlesite, "battlesite", "Battlesite")
        team = self.team
        if self.home is not None:
            listed = set(self.home.data["characters"])
            missing = [c for c in team if persona(c) not in listed]
            if missing:
                self.bad("home-base", f"{self.home.name} can be the Home Base only of a team "
                                      f"all on its list; {_names(missing)} "
                                      f"{'is' if len(missing) == 1 else 'are'} not",
                         "home_base", self.home.id)
        if self.site is not None:
            listed = set(self.site.data["characters"])
            there = [c for c in team if persona(c) in listed]
            if there:
                self.bad("battlesite", f"{self.site.name} cannot be this team's Battlesite: "
                                       f"{_names(there)} {'is' if len(there) == 1 else 'are'}"
                                       " on its list", "battlesite", self.site.id)
        self.beneath()

    def beneath(self) -> None:
        deck = self.deck
        if deck.beneath and self.site is None and not deck.battlesite:
            self.bad("beneath", "Specials lie beneath a Battlesite, and the deck has none",
                     "beneath")
        listed = set(self.site.data["characters"]) if self.site is not None else set()
        seen: set[str] = set()
        for cid in deck.beneath:
            card = self.catalog.cards.get(cid)
            if card is None:
                self.bad("unknown", f"there is no card {cid!r} in the card set"
                         + self.near(cid, ("special",)), "beneath", cid)
                continue
            if card.kind != "special" or card.data["character"] in ("any", "any-hero"):
                self.bad("beneath", f"{card.name} is not a character's Special: only those "
                                    "lie beneath a Battlesite", "beneath", cid)
                continue
            self.under.append(card)
            if self.site is not None and card.data["character"] not in listed:
                self.bad("beneath", f"{card.name} may not lie beneath {self.site.name}: its "
                                    "character is not on the Battlesite's list", "beneath",
                         cid)
            if cid in seen:
                self.bad("beneath", f"{card.name} lies beneath the Battlesite twice (one of "
                                    "each Special there)", "beneath", cid)
            seen.add(cid)

    # -- the Draw Pile ---------------------------------------------------------------------
    def draw_pile(self) -> None:
        for cid, n in self.deck.cards.items():
            card = self.catalog.cards.get(cid)
            if card is None:
                self.bad("unknown", f"there is no card {cid!r} in the card set"
                         + self.near(cid, PILE_KINDS), "cards", cid)
            elif card.kind not in PILE_KINDS:
                self.bad("kind", f"{card.name} is a {KIND_NAMES[card.kind]}: "
                                 f"{NOT_IN_PILE[card.kind]}", "cards", cid)
            else:
                self.pile.append((card, n))

    def minimum(self) -> None:
        size = self.deck.size
        events = any(card.kind == "event" for card, _ in self.pile)
        need = MINIMUM_WITH_EVENTS if events else MINIMUM
        if size < need:
            why = "with Events" if events else "without Events"
            self.bad("minimum", f"the Draw Pile needs at least {need} cards {why} "
                                f"({MINIMUM_WITH_EVENTS} with, {MINIMUM} without); it has "
                                f"{size}", "cards")

    def one_per_deck(self) -> None:
        copies: dict[str, int] = {}
        count = copies.get
        for card, n in self.pile:
            copies[card.id] = count(card.id, 0) + n
        for card in self.under:
            copies[card.id] = count(card.id, 0) + 1
        for cid, n in copies.items():
            if n < 2:
                continue
            card = self.catalog.cards[cid]
            if card.kind == "event":
                self.bad("one-per-deck", f"{card.name}: a deck may hold each Event once, "
                                         f"this one holds {n}", "cards", cid)
            elif card.data.get("one_per_deck"):
                self.bad("one-per-deck", f"{card.name} is One Per Deck; this deck holds {n}",
                         "cards", cid)

    # -- one card of the Draw Pile ----------------------------------------------------------
    def special(self, card: CardDef) -> None:
        who = card.data["character"]
        team = self.team
        if who == "any":
            return
        if who == "any-hero":
            if team and all(c.data.get("code") == "V" for c in team):
                self.bad("specials", f"{card.name} is for Any Hero, and everyone on this team "
                                     "is a Villain", "cards", card.id)
            return
        if not any(persona(c) == who for c in team):
            owner = self.persona_name(who)
            self.bad("specials", f"{card.name} is {owner}'s Special and {owner} is not on "
                                 "the team", "cards", card.id)

    def event(self, card: CardDef) -> None:
        own = self.deck.missions
        theirs = card.data["mission_set"]
        if theirs != own:
            self.bad("events", f"{card.name} belongs to the mission set "
                               f"{set_name(self.catalog, theirs)}; a deck holds only Events "
                               f"of its own mission set"
                               + (f" ({set_name(self.catalog, own)})" if own else ""),
                     "cards", card.id)

    def aspect(self, card: CardDef) -> None:
        where = card.data["location"]
        if self.home is None:
            self.bad("aspects", f"{card.name} is an Aspect, and the deck has no Home Base",
                     "cards", card.id)
        elif where != ANY_HOME_BASE and where != self.home.id:
            place = self.catalog.cards.get(where)
            self.bad("aspects", f"{card.name} is an Aspect of "
                                f"{place.name if place is not None else where}, not of this "
                                f"deck's Home Base ({self.home.name})", "cards", card.id)

    def activator(self, card: CardDef) -> None:
        who = card.data["character"]
        if self.site is None:
            self.bad("activators", f"{card.name} fetches a Special from beneath a "
                                   "Battlesite, and the deck has none", "cards", card.id)
            return
        if who not in self.site.data["characters"]:
            self.bad("activators", f"{card.name} names {self.persona_name(who)}, who is not "
                                   f"on {self.site.name}'s list", "cards", card.id)
        elif not any(c.data["character"] == who for c in self.under):
            self.bad("activators", f"{card.name} has no {self.persona_name(who)} Special "
                                   "beneath the Battlesite to fetch", "cards", card.id,
                     warning=True)

    def usable(self, card: CardDef) -> None:
        """Advice: Power, Universe and Tactic cards some character can use."""
        if not self.team:
            return
        grids = self._grids
        if grids is None:
            grids = self._grids = [grid(c) for c in self.team]
        kind = card.kind
        if kind == "doubleshot" or kind == "artifact":
            ok = _pair_ok(card, self.team, grids)
        else:
            uses = USES[kind]
            ok = False
            for g in grids:
                if uses(card, g):
                    ok = True
                    break
        if not ok:
            self.bad("usable", f"no one on the team can use {card.name}", "cards", card.id,
                     warning=True)

    # -- the tournament and optional rules ---------------------------------------------------
    def code_rule(self) -> None:
        """With the Code Rule: a coded card that everyone on the team who could otherwise
        play it may not, for its code, is illegal."""
        for card in [c for c, _ in self.pile] + self.under:
            code = card.data.get("code")
            if not code or card.kind not in CODED_KINDS:
                continue
            players = [c for c in self.team if self.may_play(c, card)]
            if players and not any(code_ok(c, card) for c in players):
                other = "V" if code == "H" else "H"
                self.bad("code", f"{card.name} is coded {code} ({CODES[code]}) and "
                                 f"{_names(players)} {'is' if len(players) == 1 else 'are'} "
                                 f"coded {other}: under the Code Rule no one on this team may "
                                 "play it", "beneath" if card in self.under else "cards",
                         card.id)

    @staticmethod
    def may_play(character: CardDef, card: CardDef) -> bool:
        """The card's own test, the code aside: a Special's character (any version), a
        Universe card's grid requirement."""
        if card.kind == "special":
            who = card.data["character"]
            return who in ("any", "any-hero") or who == persona(character)
        return USES[card.kind](card, grid(character))

    def sum_deck(self) -> None:
        team = self.team
        if len(team) != TEAM_SIZE:
            return
        rank = sum(ranks(c) for c in team)
        total = sum(points(c) for c in team)
        cap = SUM_DECK_CAPS.get(rank)
        if cap is None or total <= cap:
            return
        if self.home is not None and all(persona(c) in self.home.data["characters"]
                                         for c in team):
            return  # the Home Base Exception
        self.bad("sum-deck", f"the team has {rank} ranks and {total} points; the Sum Deck "
                             f"Rule allows a {rank}-rank team at most {cap} (unless a Home "
                             "Base lists all four)", "characters",
                 warning=not self.rules.tournament)

    def persona_name(self, who: str) -> str:
        for c in self.catalog.of_kind("character"):
            if persona(c) == who:
                return c.name
        return who


NOT_IN_PILE = {
    "character": "characters make the team; they are never shuffled into the Draw Pile",
    "mission": "mission cards are the deck's mission set; they never go in the Draw Pile",
    "location": "a Location is chosen as the Home Base or the Battlesite, not shuffled in",
    "deck": "a deck cannot hold a deck",
}

#: the kinds the Code Rule reads: Universe cards and Specials (as its paragraph says)
CODED_KINDS = ("basic-universe", "training", "teamwork", "ally", "special")

#: kind -> the check of one card of that kind in the Draw Pile
CARD_RULES = {
    "special": _Law.special,
    "event": _Law.event,
    "aspect": _Law.aspect,
    "activator": _Law.activator,
    **{k: _Law.usable for k in ("power", "basic-universe", "training", "teamwork", "ally",
                                "doubleshot", "artifact")},
}
