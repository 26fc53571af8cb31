"""Solo Deck-Builder card kinds (the YAML schema) and their compiled, fast-to-read form."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...engine.cards import CardDef, CardError, Catalog
from ...engine.effects import effect_list, text_spec
from ...engine.effects.solo_deckbuilder import (
    ABILITY,
    ATTACK,
    CONDITION,
    DEFENSE,
    PLAY,
    RESOURCE_TYPES,
    SELECTOR,
)
from ...engine.schema import Enum, Field, Int, Record

TYPE_LABEL = {"hero": "Hero", "equipment": "Equipment", "superpower": "Super Power",
              "starter": "Starter", "weakness": "Weakness", "villain": "Villain",
              "supervillain": "Supervillain", "location": "Location",
              "superhero": "Superhero"}

ABILITY_SPEC = Record({
    "text": Field(text_spec(), default="", doc="what it does, in words"),
    "trigger": Field(Enum("play", "buy", "defeat"), required=True,
                     doc="`play`: you play a card; `buy`: you gain a card (buying); "
                         "`defeat`: you defeat a villain or supervillain"),
    "match": Field(SELECTOR.spec, default={}, doc="which cards set it off (empty: any)"),
    "limit": Field(Enum("each", "distinct", "once"), default="each",
                   doc="`each`: every time; `distinct`: once per card name each turn; "
                       "`once`: the first time each turn"),
    "effects": Field(effect_list(ABILITY, min_len=1), required=True,
                     doc="what happens (add_power, draw, draw_next_turn)"),
}, name="an ability")

COST = Field(Int(0, 20), required=True, doc="Power needed to buy or defeat it")


def _playable(type_field: Field | None = None) -> dict[str, Field]:
    fields = {
        "cost": COST,
        "effects": Field(effect_list(PLAY), default=(), doc="what playing it does"),
        "defense": Field(effect_list(DEFENSE), default=None,
                         doc="makes it a Defense card: discard it from your hand to prevent "
                             "one Weakness; these effects (draws) happen at the next step 3. "
                             "Write `defense: []` for a Defense card that draws nothing"),
    }
    if type_field is not None:
        fields = {"type": type_field, **fields}
    return fields


CARD_KINDS: dict[str, dict[str, Field]] = {
    "starter": {**_playable(), "cost": Field(Int(0, 20), default=0, doc="its cost (0)")},
    "kick": _playable(Field(Enum(*RESOURCE_TYPES), default="superpower",
                            doc="card type: hero, equipment or superpower")),
    "weakness": {"cost": Field(Int(0, 20), default=0, doc="its cost (0)")},
    "resource": _playable(Field(Enum(*RESOURCE_TYPES), required=True,
                                doc="card type: hero, equipment or superpower")),
    "villain": {
        "cost": COST,
        "attack": Field(effect_list(ATTACK), default=(),
                        doc="what it does to you when it joins the battleground"),
    },
    "supervillain": {
        "cost": COST,
        "on_reveal": Field(effect_list(ATTACK), default=(),
                           doc="its attack when revealed (not on the first turn)"),
    },
    "location": {
        "resource_max": Field(Int(1, 8), required=True, doc="cards in the resource row"),
        "battleground_max": Field(Int(1, 8), required=True,
                                  doc="villains the battleground holds"),
        "supervillain_modifier": Field(Int(0, 10), required=True,
                                       doc="extra Power needed to defeat the supervillain"),
        "condition": Field(effect_list(CONDITION), default=(),
                           doc="the condition while it is the active location"),
        "hq": Field(ABILITY_SPEC, default=None,
                    doc="the ability it has as your HQ once secured"),
    },
    "superhero": {
        "power": Field(ABILITY_SPEC, required=True, doc="the superhero's power"),
    },
}

PLAYABLE_KINDS = ("starter", "kick", "resource", "weakness")


@dataclass(frozen=True)
class Ability:
    """A superhero's power or an HQ's ability (compiled)."""

    text: str
    trigger: str
    match: tuple
    limit: str
    effects: tuple[dict, ...]


@dataclass(frozen=True)
class Info:
    """What the rules need of one card, precomputed."""

    id: str
    kind: str
    name: str
    type: str
    cost: int = 0
    effects: tuple[dict, ...] = ()
    defense: tuple[dict, ...] | None = None
    attack: tuple[dict, ...] = ()
    resource_max: int = 0
    battleground_max: int = 0
    modifier: int = 0
    condition: tuple[dict, ...] = ()
    ability: Ability | None = None

    @property
    def is_defense(self) -> bool:
        return self.defense is not None

    def conditions(self, name: str) -> list[dict]:
        return [c for c in self.condition if c["effect"] == name]


def selector_tuple(sel: dict | None) -> tuple:
    """A selector as a sorted tuple of (key, value) with the unset keys dropped."""
    if not sel:
        return ()
    return tuple(sorted((k, v) for k, v in sel.items() if v is not None))


def matches(info: Info, sel: tuple) -> bool:
    """Does a card satisfy a selector (``type``, ``min_cost``, ``max_cost``)?"""
    for key, value in sel:
        if key == "type":
            if info.type not in value:
                return False
        elif key == "min_cost":
            if info.cost < value:
                return False
        elif key == "max_cost" and info.cost > value:
            return False
    return True


def describe_selector(sel: tuple) -> str:
    """'Equipment or Super Power cards costing 2 or more'."""
    d = dict(sel)
    words = " or ".join(TYPE_LABEL[t] for t in d.get("type", ())) or "any"
    text = f"{words} cards" if words != "any" else "any card"
    lo, hi = d.get("min_cost"), d.get("max_cost")
    if lo is not None and hi is not None:
        text += f" costing {lo}\u2013{hi}"
    elif lo is not None:
        text += f" costing {lo} or more"
    elif hi is not None:
        text += f" costing {hi} or less"
    return text


def _ability(raw: dict | None) -> Ability | None:
    if not raw:
        return None
    return Ability(raw.get("text") or "", raw["trigger"], selector_tuple(raw.get("match")),
                   raw.get("limit") or "each", tuple(_effect(e) for e in raw["effects"]))


def _effect(e: dict) -> dict:
    """An effect with its selectors as tuples (hashable, quick to match)."""
    out = dict(e)
    if "match" in out:
        out["match"] = selector_tuple(out["match"])
    return out


@cache
def compile_card(card: CardDef) -> Info:
    """The rules' view of a card, computed once per loaded definition (card definitions
    hash by identity)."""
    return _compile(card)


def _compile(card: CardDef) -> Info:
    d = card.data
    kind = card.kind
    card_type = d.get("type") or {"location": "location", "superhero": "superhero"}.get(
        kind, kind)
    common = {"id": card.id, "kind": kind, "name": card.name, "type": card_type,
              "cost": d.get("cost") or 0}
    if kind in PLAYABLE_KINDS:
        defense = d.get("defense")
        return Info(**common, effects=tuple(_effect(e) for e in d.get("effects") or ()),
                    defense=None if defense is None else tuple(_effect(e) for e in defense))
    if kind == "villain":
        return Info(**common, attack=tuple(_effect(e) for e in d.get("attack") or ()))
    if kind == "supervillain":
        return Info(**common, attack=tuple(_effect(e) for e in d.get("on_reveal") or ()))
    if kind == "location":
        return Info(**common, resource_max=d["resource_max"],
                    battleground_max=d["battleground_max"],
                    modifier=d["supervillain_modifier"],
                    condition=tuple(_effect(e) for e in d.get("condition") or ()),
                    ability=_ability(d.get("hq")))
    return Info(**common, ability=_ability(d.get("power")))


def check_catalog(catalog: Catalog) -> list[CardError]:
    """Cross-field rules; offending cards are removed from the catalog."""
    errors: list[CardError] = []

    def bad(card: CardDef, field: str, message: str) -> None:
        line, col = card.mark_of(field)
        errors.append(CardError(card.source, line, col, message, card=card.id, field=field))
        catalog.cards.pop(card.id, None)

    for card in list(catalog.cards.values()):
        d = card.data
        abilities = [("power", d.get("power")), ("hq", d.get("hq"))]
        for field, raw in abilities:
            if not raw:
                continue
            types = set((raw.get("match") or {}).get("type") or ())
            if raw["trigger"] == "defeat" and types - {"villain", "supervillain"}:
                bad(card, f"{field}.match.type", "a `defeat` trigger can only match "
                    "villain or supervillain cards")
            elif raw["trigger"] in ("play", "buy") and types & {"villain", "supervillain"}:
                bad(card, f"{field}.match.type", f"a `{raw['trigger']}` trigger never sees "
                    "villains: you do not play or gain them")
        if card.kind == "location":
            kinds = [e["effect"] for e in d.get("condition") or ()]
            if len(kinds) != len(set(kinds)):
                bad(card, "condition", "each condition effect may appear only once")
    return errors
