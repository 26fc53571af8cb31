"""Solo Deck-Builder card kinds (the YAML schema) and the checks across their fields (the
compiled form the rules read is in :mod:`.info`)."""

from __future__ import annotations

from ...engine.cards import CardDef, CardError, Catalog
from ...engine.effects import effect_list, text_spec
from ...engine.schema import Enum, Field, Int, Record
from .effects import ABILITY, ATTACK, CONDITION, DEFENSE, PLAY, RESOURCE_TYPES, SELECTOR

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
