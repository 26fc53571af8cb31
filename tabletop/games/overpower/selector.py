"""OverPower's selector keys (``match:``): what picks the cards an effect acts on or
counts (the attack, the actions, the hits, the Placed cards, a pile's cards, the cards an
Event forbids). The rules read each effect's own fields, so the keys carry no test here;
both effect modules (:mod:`.effects`, :mod:`.eventeffects`) import this one."""

from __future__ import annotations

from ...engine.effects import OneOrMany, SelectorKey, selectors
from ...engine.schema import Field
from .common import DRAW_KINDS, SLOTS, TYPES

#: the kinds of attack (a follow-up attack is ``follow``)
ATTACK_KINDS = ("power", "universe", "doubleshot", "special", "teamwork", "ally", "follow")
#: the slots Placed cards are in
SLOT_NAMES = ("power", "universe", "tactic", "special")

SELECTOR = selectors(
    "overpower",
    SelectorKey("kind", Field(OneOrMany(*dict.fromkeys(
        (*ATTACK_KINDS, *SLOT_NAMES, *DRAW_KINDS, *SLOTS.values())))),
        "the card's kind (`power`, `special`, a Universe kind...): for Placed cards their "
        "slot, for an attack the kind of card (or `follow`, a follow-up attack); each "
        "effect lists the kinds it takes (one or a list)"),
    SelectorKey("type", Field(OneOrMany(*TYPES)),
                "the power type of the attack, action or hit: energy, fighting, strength, "
                "intellect (one or a list)"),
)
