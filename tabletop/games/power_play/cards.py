"""Power Play card kinds (the YAML schema), compiled card info and cross-card checks."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from ...engine.cards import CardDef, CardError, Catalog
from ...engine.effects import effect_list
from ...engine.effects.spelling import written_field
from ...engine.schema import Field, Int, Str, suggest
from .effects import ATTRIBUTE_CTX, LOCATION_CTX, VILLAIN_CTX, tally_effect
from .tally import Power

TYPE_RE = re.compile(r"^[a-z][a-z-]*$")

CARD_KINDS: dict[str, dict[str, Field]] = {
    "villain": {
        "base": Field(Int(1, 4), required=True,
                      doc="base power: the villain's total is multiplied by it, and it is "
                          "what the card is worth as a Bonus power"),
        "effects": Field(effect_list(VILLAIN_CTX), required=True,
                         doc="what the villain does to the tally"),
    },
    "attribute": {
        "power": Field(Int(0, 9), required=True,
                       doc="added to the villain's powers before the base multiplier"),
        "effects": Field(effect_list(ATTRIBUTE_CTX), required=True,
                         doc="what the attribute does to the tally"),
    },
    "location": {
        "effects": Field(effect_list(LOCATION_CTX), default=(),
                         doc="what the location does to every tally of its round"),
        "score_bonus": Field(Int(0, 20), default=0,
                             doc="points added to a won game's score if this location was "
                                 "the current location in some round; such locations are "
                                 "left out with Receding power levels"),
    },
    "power": {
        "type": Field(Str(), required=True,
                      doc="the power type: lower-case letters (e.g. flame); any word, the "
                          "set's types are those of its power cards"),
        "value": Field(Int(1, 9), required=True, doc="the power level"),
    },
}


@dataclass(frozen=True)
class Info:
    """What the rules need of one card, precomputed."""

    id: str
    kind: str
    name: str
    base: int = 0
    power: int = 0
    #: the card's effects as the tally reads them (:func:`.effects.tally_effect`)
    effects: tuple[dict, ...] = ()
    score_bonus: int = 0
    tally_power: Power | None = None

    @property
    def type(self) -> str | None:
        return self.tally_power.type if self.tally_power else None


@cache
def compile_card(card: CardDef) -> Info:
    """The rules' view of a card, computed once per loaded definition (card definitions
    hash by identity)."""
    d = card.data
    effects = tuple(tally_effect(e, card.name) for e in d.get("effects") or ())
    if card.kind == "power":
        info = Info(card.id, card.kind, card.name, tally_power=Power(d["type"], d["value"]))
    else:
        info = Info(card.id, card.kind, card.name, base=d.get("base") or 0,
                    power=d.get("power") or 0, effects=effects,
                    score_bonus=d.get("score_bonus") or 0)
    return info


@cache
def builtin_types() -> frozenset[str]:
    """The power types of the built-in set (to check a mod file that has no power cards
    of its own, validated on its own)."""
    from ... import CARDS_DIR
    from ...engine.loader import load_catalog

    catalog = load_catalog("power-play", CARD_KINDS, [CARDS_DIR / "power-play"])
    return frozenset(c.data["type"] for c in catalog.of_kind("power")
                     if TYPE_RE.match(c.data["type"]))


def check_catalog(catalog: Catalog) -> list[CardError]:
    """Types must be lower-case words, and effects may only name types of power cards."""
    errors: list[CardError] = []

    def bad(card: CardDef, field: str, message: str) -> None:
        line, col = card.mark_of(field)
        errors.append(CardError(card.source, line, col, message, card=card.id, field=field))
        catalog.cards.pop(card.id, None)

    for card in list(catalog.of_kind("power")):
        if not TYPE_RE.match(card.data["type"]):
            bad(card, "type", f"expected a lower-case word, got {card.data['type']!r}")
    types = {c.data["type"] for c in catalog.of_kind("power")} or builtin_types()
    for card in list(catalog.of_kind("villain", "attribute", "location")):
        for i, e in enumerate(card.data.get("effects") or ()):
            kind = e.get("type")
            if kind is not None and kind not in types:
                bad(card, f"effects[{i}].{written_field(e, 'type')}",
                    f"no power card has the type {kind!r}" + suggest(kind, types)
                    + "; types: " + (", ".join(sorted(types)) or "none (no power cards)"))
                break
    return errors
