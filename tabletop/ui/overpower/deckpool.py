"""The deck builder's model (no drawing): the card pool with its filters (kind, type,
value, character), what a click on a pool card adds to the deck, what a click on a deck
line takes out, and the deck shown as sections."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...engine.cards import CardDef, Catalog
from ...games.overpower import decklaw
from ...games.overpower.common import LETTERS, TYPES, UNIVERSE_KINDS
from ...games.overpower.decklaw import DeckList, grid, persona, points, ranks, set_name

#: the kind filter: key, label, the kinds it shows (empty: every kind)
GROUPS = (
    ("all", "All", ()),
    ("character", "Characters", ("character",)),
    ("mission", "Missions", ("mission",)),
    ("location", "Locations", ("location",)),
    ("power", "Power", ("power",)),
    ("universe", "Universe", UNIVERSE_KINDS),
    ("tactic", "Tactics", ("doubleshot", "artifact")),
    ("special", "Specials", ("special",)),
    ("more", "Events etc.", ("event", "aspect", "activator")),
)
GROUP_KINDS = {key: kinds for key, _, kinds in GROUPS}
#: the order kinds are listed in
KIND_ORDER = ("character", "mission", "location", "power", "basic-universe", "training",
              "teamwork", "ally", "doubleshot", "artifact", "special", "aspect", "activator",
              "event")
MAX_COPIES = 20
SET = "set:"


@dataclass
class Filters:
    group: str = "all"
    #: a power type name, or None for every type
    type: str | None = None
    value: int | None = None
    #: a persona id (that character's Specials and the cards it can use), ``team`` (the
    #: deck's four), ``any`` (Any Character and Any Hero Specials), or None
    who: str | None = None


@dataclass(frozen=True)
class Entry:
    """One line of the pool: a card (or a whole mission set: ``set:<id>``)."""

    key: str
    name: str
    kind: str
    detail: str
    count: int = 0


# -- what a card shows -------------------------------------------------------------------------
def _req(r: dict) -> str:
    return f"{LETTERS[TYPES.index(r['type'])]}{r['value']}"


def _grid_text(card: CardDef) -> str:
    g = grid(card)
    ratings = " ".join(f"{LETTERS[i]}{v}" for i, v in enumerate(g) if v)
    code = card.data.get("code") or "uncoded"
    return f"{ratings} \u00b7 {ranks(card)} ranks, {points(card)} points \u00b7 {code}"


def _power_text(card: CardDef) -> str:
    kinds = card.data["type"]
    if not kinds:
        return "Any-Power"
    return "MultiPower " + "/".join(LETTERS[TYPES.index(t)] for t in kinds) \
        if len(kinds) > 1 else "Power"


def _special_text(card: CardDef, names: dict[str, str]) -> str:
    who = card.data["character"]
    attack = card.data.get("attack")
    parts = [{"any": "Any Character", "any-hero": "Any Hero"}.get(who, names.get(who, who)),
             card.data["play"]]
    if attack:
        kinds = attack["type"]
        letters = "/".join(LETTERS[TYPES.index(t)] for t in kinds) if kinds else "any"
        parts.append(f"{letters}{attack['value']}")
    if card.data.get("one_per_deck"):
        parts.append("One Per Deck")
    return " \u00b7 ".join(parts)


DETAILS = {
    "character": _grid_text,
    "power": _power_text,
    "basic-universe": lambda c: f"Basic Universe \u00b7 needs {_req(c.data['requires'])}, "
                                f"+{c.data['bonus']}",
    "training": lambda c: "Training \u00b7 " + "/".join(
        LETTERS[TYPES.index(t)] for t in c.data["types"])
        + f" rated {c.data['max_rating']} or less, +{c.data['bonus']}",
    "teamwork": lambda c: f"Teamwork \u00b7 needs {_req(c.data['requires'])}, acts as "
                          f"{_req(c.data['acts_as'])}",
    "ally": lambda c: f"Ally \u00b7 needs {_req(c.data['requires'])}, acts as "
                      f"{_req(c.data['acts_as'])}",
    "doubleshot": lambda c: f"Doubleshot \u00b7 needs {_req(c.data['requires'])}, teammate "
                            f"{_req(c.data['teammate'])}",
    "artifact": lambda c: f"Artifact \u00b7 needs {_req(c.data['requires'])}, teammate "
                          f"{_req(c.data['teammate'])}"
                          + (" or less" if c.data["teammate"].get("or_less") else ""),
}
#: kinds whose line names other cards (persona -> character name, id -> card name)
NAMED = {
    "special": _special_text,
    "location": lambda c, names: "Location \u00b7 lists " + ", ".join(
        names.get(p, p) for p in c.data["characters"]),
    "aspect": lambda c, names: f"Aspect \u00b7 {names.get(c.data['location'], 'any Home Base')}",
    "activator": lambda c, names: f"Activator \u00b7 {names.get(c.data['character'], '?')}",
    "event": lambda c, names: f"Event \u00b7 {names.get(c.data['mission_set'], '?')}",
}


def names_of(catalog: Catalog) -> dict[str, str]:
    """Persona, Location and mission set ids -> the names shown for them."""
    out = {c.id: c.name for c in catalog.of_kind("location")}
    for c in catalog.of_kind("character"):  # a persona by its own card's name, if it has one
        if persona(c) == c.id or persona(c) not in out:
            out[persona(c)] = c.name
    for card in catalog.of_kind("mission"):
        out.setdefault(card.data["set"], set_name(catalog, card.data["set"]))
    return out


def detail(card: CardDef, names: dict[str, str] | None = None) -> str:
    named = NAMED.get(card.kind)
    if named is not None:
        return named(card, names or {})
    return DETAILS[card.kind](card)


# -- filters ----------------------------------------------------------------------------------
def card_types(card: CardDef) -> set[str]:
    """The power types a card is about (for the type filter)."""
    d = card.data
    if card.kind == "character":
        return {t for t, v in zip(TYPES, grid(card), strict=True) if v}
    if card.kind == "power":
        return set(d["type"])
    if card.kind == "training":
        return set(d["types"])
    if card.kind == "special":
        return set(d["attack"]["type"]) if d.get("attack") else set()
    if d.get("requires"):
        return {d["requires"]["type"]}
    return set()


def card_values(card: CardDef) -> set[int]:
    """The numbers a card is about (for the value filter)."""
    d = card.data
    if card.kind == "character":
        return {v for v in grid(card) if v}
    if card.kind == "power":
        return {d["value"]}
    if card.kind == "training":
        return {d["max_rating"]}
    if card.kind == "special":
        return {d["attack"]["value"]} if d.get("attack") else set()
    if d.get("requires"):
        return {d["requires"]["value"]}
    return set()


def _for(card: CardDef, who: str, team: list[CardDef], catalog: Catalog) -> bool:
    """The character filter: that character's own cards, and the cards it can use."""
    if who == "any":
        return card.kind == "special" and card.data["character"] in ("any", "any-hero")
    members = team if who == "team" else [c for c in catalog.of_kind("character")
                                           if persona(c) == who]
    names = {persona(c) for c in members}
    if card.kind in ("special", "activator"):
        return card.data["character"] in names
    if card.kind == "character":
        return persona(card) in names
    use = decklaw.USES.get(card.kind)
    return use is not None and any(use(card, grid(c)) for c in members)


def team_of(catalog: Catalog, deck: DeckList) -> list[CardDef]:
    return [catalog.cards[c] for c in deck.characters
            if c in catalog.cards and catalog.cards[c].kind == "character"]


class PoolIndex:
    """What the pool shows of each card, worked out once per card set: the pool's
    lines in order, with each card's types and values for the filters."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        names = names_of(catalog)
        lines: list[tuple[CardDef | None, Entry, set, set]] = []
        sets: dict[str, list[CardDef]] = {}
        for card in catalog.cards.values():
            if card.kind == "mission":
                sets.setdefault(card.data["set"], []).append(card)
            elif card.kind in KIND_ORDER:
                lines.append((card, Entry(card.id, card.name, card.kind, detail(card, names)),
                              card_types(card), card_values(card)))
        for set_id, pieces in sets.items():
            lines.append((None, Entry(SET + set_id, names.get(set_id, set_id), "mission",
                                      f"mission set \u00b7 {len(pieces)} cards"),
                          set(), set()))
        lines.sort(key=lambda line: (KIND_ORDER.index(line[1].kind), line[1].name.casefold()))
        self.lines = lines

    def entries(self, f: Filters, deck: DeckList) -> list[Entry]:
        """The pool under the filters, each line with its count in ``deck``."""
        catalog = self.catalog
        team = team_of(catalog, deck)
        kinds = GROUP_KINDS[f.group]
        out = []
        for card, entry, types, values in self.lines:
            if kinds and entry.kind not in kinds:
                continue
            if card is None:  # a mission set: the kind filter alone
                if f.type is None and f.value is None and f.who is None:
                    out.append(replace(entry, count=int(deck.missions == entry.key[len(SET):])))
                continue
            if f.type is not None and f.type not in types:
                continue
            if f.value is not None and f.value not in values:
                continue
            if f.who is not None and not _for(card, f.who, team, catalog):
                continue
            count = in_deck(deck, card)
            out.append(replace(entry, count=count) if count else entry)
        return out


def entries(catalog: Catalog, f: Filters, deck: DeckList) -> list[Entry]:
    """The pool under the filters (see :class:`PoolIndex`, which keeps the work)."""
    return PoolIndex(catalog).entries(f, deck)


def in_deck(deck: DeckList, card: CardDef) -> int:
    if card.kind == "character":
        return deck.characters.count(card.id)
    if card.kind == "location":
        return int(card.id in (deck.home_base, deck.battlesite))
    return deck.cards.get(card.id, 0) + deck.beneath.count(card.id)


# -- adding and taking out -----------------------------------------------------------------------
def add(catalog: Catalog, deck: DeckList, key: str) -> str:
    """Put the pool card ``key`` into the deck; returns what happened, in words."""
    if key.startswith(SET):
        deck.missions = key[len(SET):]
        return f"Mission set: {set_name(catalog, deck.missions)}"
    card = catalog.cards[key]
    adder = ADDERS.get(card.kind, _to_pile)
    return adder(catalog, deck, card)


def _character(catalog: Catalog, deck: DeckList, card: CardDef) -> str:
    if card.id in deck.characters:
        return f"{card.name} is already on the team"
    if len(deck.characters) >= decklaw.TEAM_SIZE:
        return "The team has its four characters: take one out first"
    deck.characters.append(card.id)
    return f"{card.name} joins the team"


def _location(catalog: Catalog, deck: DeckList, card: CardDef) -> str:
    """A Location becomes the Home Base when the whole team is on its list, else the
    Battlesite; clicking the one already chosen again switches its role."""
    team = {persona(c) for c in team_of(catalog, deck)}
    listed = set(card.data["characters"])
    if deck.home_base == card.id:
        deck.home_base, deck.battlesite = None, card.id
    elif deck.battlesite == card.id:
        deck.battlesite, deck.home_base = None, card.id
    elif team and team <= listed:
        deck.home_base = card.id
    else:
        deck.battlesite = card.id
    role = "Home Base" if deck.home_base == card.id else "Battlesite"
    return f"{card.name} is the {role}"


def _special(catalog: Catalog, deck: DeckList, card: CardDef) -> str:
    """A Special of a character on the Battlesite's list goes beneath it."""
    site = catalog.cards.get(deck.battlesite or "")
    team = {persona(c) for c in team_of(catalog, deck)}
    who = card.data["character"]
    if site is not None and who in site.data["characters"] and who not in team:
        if card.id in deck.beneath:
            return f"{card.name} already lies beneath {site.name}"
        deck.beneath.append(card.id)
        return f"{card.name} goes beneath {site.name}"
    return _to_pile(catalog, deck, card)


def _to_pile(catalog: Catalog, deck: DeckList, card: CardDef) -> str:
    n = deck.cards.get(card.id, 0)
    if n >= MAX_COPIES:
        return f"{MAX_COPIES} copies of {card.name} is the most a deck list holds"
    deck.cards[card.id] = n + 1
    return f"{card.name}: {n + 1} in the Draw Pile"


ADDERS = {"character": _character, "location": _location, "special": _special,
          "mission": lambda catalog, deck, card: add(catalog, deck, SET + card.data["set"])}


def remove(deck: DeckList, part: str, key: str) -> None:
    """Take one card (or the mission set, or a Location) out of the deck."""
    if part == "characters" and key in deck.characters:
        deck.characters.remove(key)
        if deck.reserve == key:
            deck.reserve = None
    elif part == "missions":
        deck.missions = ""
    elif part == "home_base":
        deck.home_base = None
    elif part == "battlesite":
        deck.battlesite = None
    elif part == "beneath" and key in deck.beneath:
        deck.beneath.remove(key)
    elif part == "cards" and key in deck.cards:
        deck.cards[key] -= 1
        if deck.cards[key] <= 0:
            del deck.cards[key]


# -- the deck as sections -------------------------------------------------------------------------
@dataclass(frozen=True)
class Line:
    part: str
    key: str
    text: str


def sections(catalog: Catalog, deck: DeckList) -> list[tuple[str, list[Line]]]:
    """The deck's parts, each a title and its lines (a click on a line takes it out)."""

    def name(cid: str) -> str:
        card = catalog.cards.get(cid)
        return card.name if card is not None else f"{cid} (unknown)"

    team = team_of(catalog, deck)
    head = f"Team ({len(deck.characters)} of 4)"
    if team:
        head += f" \u00b7 {sum(ranks(c) for c in team)} ranks, " \
                f"{sum(points(c) for c in team)} points"
    out = [(head, [Line("characters", c, name(c)) for c in deck.characters])]
    out.append(("Mission set", [Line("missions", deck.missions,
                                     set_name(catalog, deck.missions))]
                if deck.missions else []))
    places = []
    if deck.home_base:
        places.append(Line("home_base", deck.home_base, f"Home Base: {name(deck.home_base)}"))
    if deck.battlesite:
        places.append(Line("battlesite", deck.battlesite,
                           f"Battlesite: {name(deck.battlesite)}"))
    places += [Line("beneath", c, f"beneath: {name(c)}") for c in deck.beneath]
    out.append(("Locations (optional)", places))
    order = {k: i for i, k in enumerate(KIND_ORDER)}
    pile = sorted(deck.cards.items(), key=lambda kv: (
        order.get(catalog.cards[kv[0]].kind, 99) if kv[0] in catalog.cards else 99,
        name(kv[0]).casefold()))
    lines: list[Line] = []
    group = None
    for cid, n in pile:
        kind = catalog.cards[cid].kind if cid in catalog.cards else "unknown"
        title = GROUP_TITLES.get(kind, "Unknown cards")
        if title != group:
            group = title
            count = sum(m for c, m in pile if GROUP_TITLES.get(
                catalog.cards[c].kind if c in catalog.cards else "", "Unknown cards") == title)
            lines.append(Line("", "", f"{title} \u00b7 {count}"))
        lines.append(Line("cards", cid, f"{n} \u00d7 {name(cid)}"))
    out.append((f"Draw Pile ({deck.size} cards)", lines))
    return out


#: the Draw Pile's groups (a line without a part is a group's title)
GROUP_TITLES = {"power": "Power", **dict.fromkeys(UNIVERSE_KINDS, "Universe"),
                "doubleshot": "Tactics", "artifact": "Tactics", "special": "Specials",
                "aspect": "Aspects", "activator": "Activators", "event": "Events",
                "character": "Characters (not allowed here)",
                "mission": "Missions (not allowed here)",
                "location": "Locations (not allowed here)"}
