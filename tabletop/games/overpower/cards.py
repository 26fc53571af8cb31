"""OverPower card kinds (the YAML schema), their compiled fast-to-read form and the checks
across cards (personas, mission sets, decks)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

from ...engine.cards import CardDef, CardError, Catalog
from ...engine.effects import EFFECTS, OneOrMany, effect_list, effects_with, handler, text_spec
from ...engine.effects.spelling import written_effect
from ...engine.nearest import did_you_mean
from ...engine.schema import (
    Bool,
    Enum,
    Field,
    Int,
    Invalid,
    ListOf,
    Record,
    Spec,
    Str,
    describe_value,
)
from . import decklaw
from .common import CUMULATIVE_KO, MISSION_SIZE, SITE_KO, SLOTS, TYPE_INDEX, TYPES
from .decks import card_error, check_deck
from .effects import ABILITY, PLAY_CONTEXTS, SPECIAL
from .morekinds import DECK_LOCATIONS, more_kinds


class Types(Spec):
    """A power type, ``any`` (no type) or a list of ``least``-4 different types; normalised
    to a tuple of type names (empty for ``any``)."""

    def __init__(self, least: int, doc: str = "") -> None:
        self.least = least
        self.doc = doc

    def expected(self) -> str:
        return (f"one of {', '.join(TYPES)}, any, or a list of {self.least} to 4 "
                "different types")

    def json_schema(self) -> dict:
        one = {"enum": list(TYPES)}
        return self._described({"anyOf": [{"enum": [*TYPES, "any"]}, {
            "type": "array", "items": one, "minItems": self.least, "maxItems": 4,
            "uniqueItems": True}]})

    def check(self, value, path, mark, ctx):
        if value == "any":
            return ()
        if isinstance(value, str) and value in TYPES:
            return (value,)
        if isinstance(value, list) and self.least <= len(value) <= 4 and \
                all(v in TYPES for v in value) and len(set(value)) == len(value):
            return tuple(value)
        ctx.bad(path, mark, f"expected {self.expected()}, got {describe_value(value)}")
        return None

    def _compile(self):
        """What :meth:`check` returns, without a problem list (``Invalid`` where it
        would report one)."""
        least = self.least

        def run(value):
            if value == "any":
                return ()
            if isinstance(value, str) and value in TYPES:
                return (value,)
            if isinstance(value, list) and least <= len(value) <= 4 and \
                    all(v in TYPES for v in value) and len(set(value)) == len(value):
                return tuple(value)
            raise Invalid
        return run


class Counts(Spec):
    """A mapping of card ids to how many copies (a deck list)."""

    def __init__(self, doc: str = "") -> None:
        self.doc = doc

    def expected(self) -> str:
        return "a mapping of card ids to copies (1 to 20)"

    def json_schema(self) -> dict:
        return self._described({"type": "object", "additionalProperties": {
            "type": "integer", "minimum": 1, "maximum": 20}})

    def check(self, value, path, mark, ctx):
        if not isinstance(value, dict):
            ctx.bad(path, mark, f"expected {self.expected()}, got {describe_value(value)}")
            return None
        out = {}
        for key, n in value.items():
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 20:
                ctx.bad(f"{path}.{key}", mark, f"expected 1 to 20 copies of {key!r}, "
                                               f"got {describe_value(n)}")
                continue
            out[str(key)] = n
        return out

    def _compile(self):
        """What :meth:`check` returns, without a problem list (``Invalid`` where it
        would report one)."""
        def run(value):
            if not isinstance(value, dict):
                raise Invalid
            out = {}
            for key, n in value.items():
                if (n.__class__ is not int and (isinstance(n, bool) or not isinstance(n, int))) \
                        or not 1 <= n <= 20:
                    raise Invalid
                out[key if key.__class__ is str else str(key)] = n
            return out
        return run


def _req(doc: str) -> Field:
    return Field(Record({"type": Field(Enum(*TYPES), required=True, doc="the power type"),
                         "value": Field(Int(1, 8), required=True, doc="the rating needed")},
                        name="a requirement"), required=True, doc=doc)


def _acts(doc: str) -> Field:
    return Field(Record({"type": Field(Enum(*TYPES), required=True, doc="the power type"),
                         "value": Field(Int(1, 8), required=True, doc="the value")},
                        name="an attack"), required=True, doc=doc)


CODE = Field(Enum("H", "V"), doc="Hero or Villain code (matters only with the Code Rule)")
GRID = Record({t: Field(Int(1, 8), required=t != "intellect",
                        doc=f"{t.capitalize()} rating" + (" (leave out for a 3-rank "
                                                           "character)" if t == "intellect"
                                                          else ""))
               for t in TYPES}, name="a power grid")
ABILITY_REC = Record({
    "name": Field(Str(), required=True, doc="the ability's name"),
    "text": Field(text_spec(), default="", doc="what it does, in words"),
    "effects": Field(effect_list(ABILITY), required=True, doc="what it changes"),
}, name="an inherent ability")
FOLLOW = Record({"type": Field(Enum(*TYPES), required=True, doc="the follow-up's type"),
                 "bonus": Field(Int(0, 4), required=True, doc="added to its value")},
                name="a follow-up")
SPECIAL_ATTACK = Record({
    "type": Field(Types(2), required=True, doc="its type, `any` (no type) or a list (a "
                                               "MultiPower Special, declared when played)"),
    "value": Field(Int(1, 12), required=True, doc="its value (also the hit's value)"),
}, name="a Special's attack")

CARD_KINDS: dict[str, dict[str, Field]] = {
    "character": {
        "grid": Field(GRID, required=True, doc="the power grid, ratings 1-8"),
        "persona": Field(Str(), doc="who the character is (default: the id); versions of one "
                                    "character share it (Clone Rule, Specials)"),
        "code": CODE,
        "abilities": Field(ListOf(ABILITY_REC), default=(), doc="inherent abilities"),
    },
    "power": {
        "type": Field(Types(3), required=True,
                      doc="a type; a list of 3-4 types (MultiPower); or `any` (Any-Power)"),
        "value": Field(Int(1, 8), required=True, doc="its value"),
    },
    "basic-universe": {
        "requires": _req("the rating the user needs"),
        "bonus": Field(Int(1, 5), required=True, doc="added to a Power card of that type"),
        "code": CODE,
    },
    "training": {
        "types": Field(ListOf(Enum(*TYPES), min_len=2, max_len=2), required=True,
                       doc="the two types; the user is rated at most `max_rating` in one"),
        "max_rating": Field(Int(1, 8), default=5, doc="the highest rating that may use it"),
        "bonus": Field(Int(1, 5), required=True, doc="added to a Power card of that type"),
        "code": CODE,
    },
    "teamwork": {
        "requires": _req("the rating the initiator needs"),
        "acts_as": _acts("the first attack"),
        "follow_ups": Field(ListOf(FOLLOW, min_len=2, max_len=2), required=True,
                            doc="the two follow-up attacks by teammates"),
        "code": CODE,
    },
    "ally": {
        "requires": _req("the rating the user needs"),
        "acts_as": _acts("the attack; then a teammate must play a Special"),
        "code": CODE,
    },
    "doubleshot": {
        "requires": _req("the rating the user needs"),
        "acts_as": _acts("the action's own type and value"),
        "teammate": _req("what the teammate adding a Power card of that type needs"),
    },
    "special": {
        "character": Field(Str(), required=True,
                           doc="the persona id of the character who plays it, `any` (Any "
                               "Character) or `any-hero` (Any Hero: not a V character)"),
        "play": Field(Enum(*PLAY_CONTEXTS), required=True,
                      doc="as an attack, a Defensive Action, either, or a non-attack effect"),
        "attack": Field(SPECIAL_ATTACK, doc="the attack it acts as; without it an attacking "
                                            "Special has no value"),
        "target": Field(Enum("front", "front-or-reserve"), default="front",
                        doc="whom its attack may be aimed at"),
        "blockable_by": Field(OneOrMany("power", "universe", "doubleshot", "avoid", "negate"),
                              default=("power", "universe", "doubleshot", "avoid", "negate"),
                              doc="the Defensive Actions that can stop it"),
        "from_reserve": Field(Bool(), default=False,
                              doc="its character may play it while in Reserve"),
        "one_per_deck": Field(Bool(), default=False, doc="at most one copy in a deck"),
        "code": CODE,
        "effects": Field(effect_list(SPECIAL), default=(), doc="what it does"),
    },
    "mission": {
        "set": Field(Str(), required=True, doc="the mission set (seven cards)"),
        "piece": Field(Int(1, MISSION_SIZE), required=True, doc="its number in the set"),
    },
    "deck": {
        "characters": Field(ListOf(Str(), min_len=4, max_len=4), required=True,
                            doc="the four characters"),
        "reserve": Field(Str(), doc="the suggested Reserve (one of the four)"),
        "missions": Field(Str(), required=True, doc="the mission set"),
        "cards": Field(Counts(), required=True, doc="the draw deck: card id -> copies"),
    },
}
# deck building's kinds (Locations, Aspects, Activators, Events, Artifacts) and a deck's
# Locations (issue 14)
CARD_KINDS.update(more_kinds(CARD_KINDS["special"]))
CARD_KINDS["deck"].update(DECK_LOCATIONS)


class Profile(NamedTuple):
    """A character's inherent abilities, compiled (see the ``ability`` role)."""

    ko_at: int = CUMULATIVE_KO
    ignores: frozenset = frozenset()
    attack: tuple = ()          # (amount, types or None, attack kinds or None)
    defence: tuple = ()         # (amount, types or None)
    universe: tuple = ()        # (amount, kinds)
    guard: int = 0              # defences for teammates per battle
    from_reserve: tuple = ()    # Placed slots it may play from the Reserve
    venture: tuple = ()         # (amount, side, while)
    hand: tuple = ()            # (amount, while)


@dataclass(frozen=True, eq=False, slots=True)
class Info:
    """One card, compiled. Types are indices into :data:`TYPES` (``types`` is empty for
    an Any-Power card or a typeless Special)."""

    id: str
    name: str
    kind: str
    slot: str | None = None
    value: int = 0
    types: tuple = ()
    req: tuple | None = None
    bonus: int = 0
    max_rating: int = 0
    follow_ups: tuple = ()
    mate: tuple | None = None
    code: str | None = None
    persona: str = ""
    grid: tuple = (0, 0, 0, 0)
    profile: Profile = Profile()
    play: str = ""
    has_value: bool = False
    reserve_target: bool = False
    blockable: frozenset = frozenset()
    from_reserve: bool = False
    one_per_deck: bool = False
    effects: tuple = ()
    partner: tuple | None = None
    dup_key: tuple | None = None
    mission_set: str = ""
    piece: int = 0
    #: a character's remembered card tests (card Info -> passes), without and with the
    #: Code Rule (:func:`~.grid.fits`)
    fit_cache: dict = field(default_factory=dict, compare=False, repr=False)
    fit_code: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def any_power(self) -> bool:
        return self.kind == "power" and not self.types

    @property
    def multi(self) -> bool:
        return len(self.types) > 1


def _ix(names) -> tuple:
    return tuple(TYPE_INDEX[t] for t in names)


def _requirement(r: dict | None) -> tuple | None:
    return (TYPE_INDEX[r["type"]], r["value"]) if r else None


def _profile(abilities) -> Profile:
    found: dict = {}
    for a in abilities:
        for fn, e in effects_with(a["effects"], "ability"):
            key, value = fn(e)
            found.setdefault(key, []).append(value)
    return Profile(
        ko_at=max(found.get("ko_at", [CUMULATIVE_KO])),
        ignores=frozenset(t for ts in found.get("ignores", ()) for t in ts),
        attack=tuple(found.get("attack", ())), defence=tuple(found.get("defence", ())),
        universe=tuple(found.get("universe", ())), guard=sum(found.get("guard", ())),
        from_reserve=tuple(k for ks in found.get("from_reserve", ()) for k in ks),
        venture=tuple(found.get("venture", ())), hand=tuple(found.get("hand", ())))


def _numbers(d: dict) -> dict:
    """Fields every kind reads the same way (requirement, bonus, code)."""
    return {"req": _requirement(d.get("requires")), "bonus": d.get("bonus") or 0,
            "code": d.get("code"), "mate": _requirement(d.get("teammate"))}


def _acting(card: CardDef, d: dict) -> dict:
    """Teamwork, Ally and Doubleshot cards: they act as an attack; duplicates share the
    kind and the requirement to use them (docs/rulings.md)."""
    acts = d["acts_as"]
    return {"value": acts["value"], "types": (TYPE_INDEX[acts["type"]],),
            "dup_key": (card.kind, d["requires"]["type"], d["requires"]["value"]),
            "follow_ups": tuple((TYPE_INDEX[f["type"]], f["bonus"])
                                for f in d.get("follow_ups") or ())}


def _special(card: CardDef, d: dict) -> dict:
    attack = d.get("attack")
    effects = tuple(d.get("effects") or ())
    return {"value": attack["value"] if attack else 0,
            "types": _ix(attack["type"]) if attack else (), "persona": d["character"],
            "play": d["play"], "has_value": attack is not None,
            "reserve_target": d["target"] == "front-or-reserve",
            "blockable": frozenset(d["blockable_by"]), "from_reserve": d["from_reserve"],
            "one_per_deck": d["one_per_deck"], "effects": effects,
            "partner": _partner(effects), "dup_key": ("special", card.id)}


def _character(card: CardDef, d: dict) -> dict:
    grid = d["grid"]
    return {"persona": d.get("persona") or card.id,
            "grid": tuple(grid.get(t) or 0 for t in TYPES),
            "profile": _profile(d.get("abilities") or ())}


#: kind -> the fields of its compiled form (besides :func:`_numbers`)
COMPILE = {
    "character": _character,
    "power": lambda c, d: {"value": d["value"], "types": _ix(d["type"]),
                           "dup_key": ("power", d["value"])},
    "basic-universe": lambda c, d: {"dup_key": (c.kind, d["requires"]["type"],
                                                d["requires"]["value"], d["bonus"])},
    "training": lambda c, d: {"types": _ix(d["types"]), "max_rating": d["max_rating"],
                              "dup_key": (c.kind, frozenset(d["types"]), d["max_rating"],
                                          d["bonus"])},
    "teamwork": _acting,
    "ally": _acting,
    "doubleshot": _acting,
    "special": _special,
    "mission": lambda c, d: {"mission_set": d["set"], "piece": d["piece"]},
    "deck": lambda c, d: {},
    # a Battlesite is KO'd at 30 and never by Spectrum (its hits' types never count);
    # Activators are duplicates by name (issue 14, :mod:`.locations`)
    "location": lambda c, d: {"profile": Profile(ko_at=SITE_KO, ignores=frozenset(range(4)))},
    "activator": lambda c, d: {"persona": d["character"], "dup_key": ("activator", c.name)},
    # an Aspect is a Special its Location's Home Base plays (:mod:`.homebase`)
    "aspect": lambda c, d: {**_special(c, {**d, "character": d["location"]}),
                            "dup_key": ("aspect", c.id)},
    # an Artifact: `req` its player's condition, `mate` its bearer's, `max_rating` 1 when
    # the bearer's is "or less" (:mod:`.artifacts`)
    "artifact": lambda c, d: {"max_rating": int(d["teammate"].get("or_less") or 0),
                              "effects": tuple(d.get("effects") or ()),
                              "dup_key": ("artifact", c.id)},
    # an Event acts for both players after the draw (:mod:`.events`)
    "event": lambda c, d: {"effects": tuple(d.get("effects") or ()),
                           "mission_set": d["mission_set"]},
}
#: inherent abilities -> a Profile (a Home Base's ability too: :mod:`.homebase`)
profile_of = _profile


def _partner(effects) -> tuple | None:
    for fn, e in effects_with(effects, "partner"):
        return fn(e)
    return None


@cache
def compile_card(card: CardDef) -> Info:
    d = card.data
    return Info(id=card.id, name=card.name, kind=card.kind, slot=SLOTS.get(card.kind),
                **_numbers(d), **COMPILE[card.kind](card, d))


# -- checks across cards ---------------------------------------------------------------------
_err = card_error


def _check_special(card: CardDef, personas: set[str]) -> list[CardError]:
    d = card.data
    out = []
    who = d["character"]
    if who not in ("any", "any-hero") and who not in personas:
        out.append(_err(card, "character", f"no character has the persona {who!r}"
                        + did_you_mean(who, sorted(personas | {"any", "any-hero"}))))
    allowed = PLAY_CONTEXTS[d["play"]]
    for e in d.get("effects") or ():
        contexts = EFFECTS[e["effect"]].contexts
        if not any(c in contexts for c in allowed):
            out.append(_err(card, "effects", f"'{written_effect(e)}' cannot be used by a "
                                             f"Special played as {d['play']}"))
        reaches = handler(e, "reaches")
        if d["play"] == "effect" and reaches is not None and reaches(e):
            out.append(_err(card, "effects", f"'{written_effect(e)}' touches the opponent, so "
                                             "the Special is an attack: write `play: attack`"))
    if d.get("attack") and _partner(d.get("effects") or ()):
        out.append(_err(card, "attack", "a Special played with a Power card takes its value "
                                        "from that card: leave out `attack`"))
    return out


def _two_types(card: CardDef, personas) -> list[CardError]:
    if len(set(card.data["types"])) != 2:
        return [_err(card, "types", "a Training card names two different types")]
    return []


def _two_follow_ups(card: CardDef, personas) -> list[CardError]:
    if len({f["type"] for f in card.data["follow_ups"]}) != 2:
        return [_err(card, "follow_ups", "the two follow-ups must be of different types")]
    return []


#: kind -> the checks of one card of that kind
CARD_CHECKS = {"special": _check_special, "training": _two_types,
               "teamwork": _two_follow_ups}


def _check_missions(catalog: Catalog) -> list[CardError]:
    sets: dict[str, list[CardDef]] = {}
    for card in catalog.of_kind("mission"):
        sets.setdefault(card.data["set"], []).append(card)
    out = []
    for name, cards in sets.items():
        pieces = sorted(c.data["piece"] for c in cards)
        if pieces != list(range(1, MISSION_SIZE + 1)):
            out.append(_err(cards[-1], "piece", f"mission set {name!r} must have pieces 1 to "
                                                f"7 once each, has {pieces}"))
    return out


def check_catalog(catalog: Catalog) -> list[CardError]:
    """Personas named by Specials exist, effects fit the way a Special is played, mission
    sets are complete, every deck is legal. Bad cards are removed (bad decks last)."""
    personas = {c.data.get("persona") or c.id for c in catalog.of_kind("character")}
    errors: list[CardError] = []
    for card in list(catalog.cards.values()):
        check = CARD_CHECKS.get(card.kind)
        found = check(card, personas) if check is not None else []
        if found:
            errors.extend(found)
            del catalog.cards[card.id]
    errors.extend(_check_missions(catalog))
    with decklaw.missions_fixed(catalog):  # (the decks' checks remove only decks)
        for deck in catalog.of_kind("deck"):
            found = check_deck(catalog, deck)
            if found:
                errors.extend(found)
                del catalog.cards[deck.id]
    return errors
