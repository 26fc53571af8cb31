"""What the rules read of a Solo Deck-Builder card: its compiled, fast-to-read form."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...engine.cards import CardDef
from ...engine.effects import selector_tuple

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
    """What the rules need of one card, precomputed (effects are the validated mappings
    of the card file)."""

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


def _ability(raw: dict | None) -> Ability | None:
    if not raw:
        return None
    return Ability(raw.get("text") or "", raw["trigger"], selector_tuple(raw.get("match")),
                   raw.get("limit") or "each", tuple(raw["effects"]))


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
        return Info(**common, effects=tuple(d.get("effects") or ()),
                    defense=None if defense is None else tuple(defense))
    if kind == "villain":
        return Info(**common, attack=tuple(d.get("attack") or ()))
    if kind == "supervillain":
        return Info(**common, attack=tuple(d.get("on_reveal") or ()))
    if kind == "location":
        return Info(**common, resource_max=d["resource_max"],
                    battleground_max=d["battleground_max"],
                    modifier=d["supervillain_modifier"],
                    condition=tuple(d.get("condition") or ()),
                    ability=_ability(d.get("hq")))
    return Info(**common, ability=_ability(d.get("power")))
