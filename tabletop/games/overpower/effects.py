"""OverPower's closed effect vocabulary: what Specials and inherent abilities may do, each
entry with its schema, contexts, doc, example and behaviour.

Contexts: ``overpower.attack`` (a Special played as an attack: after its defence window,
``when: hit`` effects if it was not stopped, ``when: resolved`` effects unless it was
negated), ``overpower.defence`` (a Special played as a Defensive Action),
``overpower.effect`` (a Special played as the turn's action, no defence window) and
``overpower.ability`` (a character's inherent ability, always on). ``overpower.special``
is every effect a Special may carry; the card check matches each one with the Special's
``play``.

Roles of the handlers (see :mod:`tabletop.engine.effects`):

``run``       ``run(ctx, e)``: do it (``ctx`` is the rules' effect context)
``ready``     ``ready(ctx, e) -> bool``: is there something for it to act on now?
``stops``     ``stops(ctx, e) -> bool``: does this defence stop ``ctx.attack``?
``category``  ``category(e) -> "avoid" | "negate"``: what kind of defence it is (an
              attack's ``blockable_by`` names the kinds that can stop it)
``partner``   ``partner(e) -> (type, bonus)``: the Power card a Special is played with
``reaches``   ``reaches(e) -> bool``: does it touch the opponent (then it is an attack)?
``fetches``   ``fetches(ctx, e, test) -> bool``: could it bring a card passing ``test``
              into the hand (the Special Discard Rule)?
``ability``   ``ability(e) -> (key, value)``: an inherent ability folded into the
              character's compiled profile
"""

from __future__ import annotations

from ...engine.effects import OneOrMany, allow, effect, trigger, uses
from ...engine.schema import Enum, Field, Int
from .common import DRAW_KINDS, TYPE_INDEX, TYPES
from .selector import ATTACK_KINDS, SLOT_NAMES

SPECIAL = "overpower.special"
ATTACK = "overpower.attack"
DEFENCE = "overpower.defence"
EFFECT = "overpower.effect"
ABILITY = "overpower.ability"

#: the context a Special's effects must allow for each way it is played
PLAY_CONTEXTS = {"attack": (ATTACK,), "defence": (DEFENCE,), "effect": (EFFECT,),
                 "attack-or-defence": (ATTACK, DEFENCE)}

trigger(SPECIAL, "every effect a Special card may carry; its `play` decides which apply")
trigger(ATTACK, "a Special played as an attack: after the defence window, `when: hit` "
                "effects (the default) if the attack was not blocked or avoided, "
                "`when: resolved` effects whatever happened unless the Special was negated")
trigger(DEFENCE, "a Special played as a Defensive Action, at once, against the attack "
                 "being answered")
trigger(EFFECT, "a Special played as the turn's action that touches only its own side; "
                "the opponent gets no Defensive Action")
trigger(ABILITY, "a character's inherent ability, in force while the character is in "
                 "play (`while` narrows it to the Front Line or the Reserve)")

def _when(default: str = "hit") -> Field:
    return Field(Enum("hit", "resolved"), default=default,
                 doc="in an attack: `hit` only if it was not blocked or avoided; "
                     "`resolved` whatever happened (unless negated)")


def _types(doc: str, required: bool = False) -> Field:
    return Field(OneOrMany(*TYPES), required=required, doc=doc)


# -- attacks and effects of Specials -----------------------------------------------------------
effect("extra_attacks",
       {"count": Field(Int(1, 3), required=True, doc="how many more attacks"),
        "by": Field(Enum("self", "teammate"), default="self",
                    doc="`self`: the same character (it may chain further Specials); "
                        "`teammate`: each by a different Front Line teammate"),
        "bonus": Field(Int(0, 4), default=0, doc="added to each extra attack's value"),
        "with": Field(OneOrMany("power", "universe", "doubleshot", "special"),
                      default=("power", "universe", "doubleshot", "special"),
                      doc="the kinds of attack allowed (never Teamwork or Ally)"),
        "when": _when("resolved")},
       (SPECIAL, ATTACK, EFFECT),
       "After this card resolves, up to `count` more attacks, one at a time, each resolved "
       "before the next; the player may stop early.",
       "{effect: extra_attacks, when: resolved, count: 1, by: self, bonus: 1, "
       "match: {kind: [power]}}",
       run=lambda ctx, e: ctx.extra_attacks(e["count"], e["by"], e["bonus"], e["with"]))

effect("combine_with_power",
       {"type": Field(Enum(*TYPES), required=True, doc="the Power card's type"),
        "bonus": Field(Int(1, 4), required=True, doc="added to the Power card's value")},
       (SPECIAL, ATTACK, DEFENCE),
       "Played together with one Power card of exactly this type that the character can use "
       "(never a MultiPower card under the Combination Exclusion); the Power card is the hit.",
       "{effect: combine_with_power, match: {type: fighting}, bonus: 3}",
       partner=lambda e: (TYPE_INDEX[e["type"]], e["bonus"]))


def _avoid_stops(ctx, e) -> bool:
    attack = ctx.attack
    if e["protects"] == "self" and ctx.actor != attack.target:
        return False
    if e.get("types") and not any(TYPES[t] in e["types"] for t in attack.types):
        return False
    limit = e.get("max_value")
    if limit is not None:
        return attack.value is not None and attack.value <= limit
    return True


effect("avoid",
       {"types": _types("only attacks of these types (default: any)"),
        "max_value": Field(Int(1, 15), doc="only attacks of at most this value; without "
                                           "it the card also stops attacks with no value"),
        "protects": Field(Enum("self", "team"), default="self",
                          doc="`self`: only an attack on this character; `team`: on any "
                              "Front Line character of the player")},
       (SPECIAL, DEFENCE),
       "The attack fails (no hit; the cards go to their piles as after a block); effects of "
       "the attacking card marked `when: resolved` still happen.",
       "{effect: prevent, what: attack, match: {type: [fighting, strength]}, max_value: 7}",
       stops=_avoid_stops, category=lambda e: "avoid")


def _negate_stops(ctx, e) -> bool:
    attack = ctx.attack
    if e["protects"] == "self" and ctx.actor != attack.target:
        return False
    return attack.kind == "special"


effect("negate",
       {"protects": Field(Enum("self", "team"), default="self",
                          doc="`self`: a Special aimed at this character; `team`: at any "
                              "Front Line character of the player")},
       (SPECIAL, DEFENCE),
       "Cancels an attacking Special outright: no hit and none of its effects.",
       "{effect: prevent, what: special, protects: team}",
       stops=_negate_stops, category=lambda e: "negate")

effect("battle_bonus",
       {"amount": Field(Int(1, 4), required=True, doc="added to the value"),
        "applies_to": Field(Enum("attack", "defence", "both"), default="both",
                            doc="attacks, Defensive Actions, or both"),
        "who": Field(Enum("self", "team"), default="self",
                     doc="the card's character, or every character of the player"),
        "types": _types("only actions of these types (default: any)"),
        "when": _when()},
       (SPECIAL, ATTACK, EFFECT),
       "For the rest of the battle the characters named count `amount` more in their attacks "
       "and/or defences; never part of a hit or a Venture Total.",
       "{effect: modify, value: actions, amount: 2, applies_to: defence, who: self, "
       "match: {type: [energy]}}",
       run=lambda ctx, e: ctx.battle_bonus(e["amount"], e["applies_to"], e["who"],
                                           e.get("types")))

effect("grid_change",
       {"type": Field(Enum(*TYPES, "choice"), required=True,
                      doc="the rating changed, or `choice`: the player names one"),
        "amount": Field(Int(-3, 3), required=True, doc="added to the rating (1 at least)"),
        "who": Field(Enum("self", "target"), default="target",
                     doc="the card's character, or the attacked character"),
        "when": _when()},
       (SPECIAL, ATTACK, EFFECT),
       "Changes one rating of a power grid for the rest of the battle; cards that become "
       "unusable stay in the hand or Placed and cannot be played meanwhile.",
       "{effect: modify, value: grid, who: target, type: choice, amount: -2}",
       run=lambda ctx, e: ctx.grid_change(e["who"], e["type"], e["amount"]),
       reaches=lambda e: e["who"] == "target")

effect("team_discards",
       {"count": Field(Int(1, 4), required=True, doc="cards discarded"),
        "chooser": Field(Enum("random", "owner"), default="random",
                         doc="at random, or the victim chooses"),
        "when": _when()},
       (SPECIAL, ATTACK),
       "The target's team (not the target alone) discards cards from the hand.",
       "{effect: discard, from: hand, who: target_team, count: 2, chooser: random}",
       run=lambda ctx, e: ctx.leech(e["count"], e["chooser"]),
       reaches=lambda e: True)

effect("discard_placed",
       {"count": Field(Int(1, 4), required=True, doc="Placed cards discarded"),
        "kinds": Field(OneOrMany(*SLOT_NAMES), doc="only cards in these slots (default: any)"),
        "chooser": Field(Enum("attacker", "owner"), default="attacker",
                         doc="who picks the cards when there is a choice"),
        "when": _when()},
       (SPECIAL, ATTACK),
       "The target discards cards Placed on it.",
       "{effect: discard, from: placed, who: target, count: 1, match: {kind: [power]}, "
       "chooser: attacker}",
       run=lambda ctx, e: ctx.strip_placed(e["count"], e.get("kinds"), e["chooser"]),
       reaches=lambda e: True)

effect("to_reserve",
       {"who": Field(Enum("target", "self"), required=True,
                     doc="the attacked character, or (as a defence) the card's character"),
        "when": _when()},
       (SPECIAL, ATTACK, DEFENCE),
       "The character steps back into the Reserve for the rest of the battle with its Placed "
       "cards and hits; it returns to the Front Line at the start of the next battle. As a "
       "defence it stops any attack on the character.",
       "{effect: move, from: front_line, to: reserve, who: target}",
       run=lambda ctx, e: ctx.bench(e["who"]),
       stops=lambda ctx, e: e["who"] == "self" and ctx.actor == ctx.attack.target,
       category=lambda e: "avoid", reaches=lambda e: e["who"] == "target")

allow("draw", SPECIAL, ATTACK, EFFECT)


def _take_ready(ctx, e) -> bool:
    return bool(ctx.pile_matches(e["pile"], e["kinds"]))


effect("take_from_pile",
       {"pile": Field(Enum("power_pack", "dead"), required=True,
                      doc="your Power Pack or your Dead Pile"),
        "count": Field(Int(1, 2), default=1, doc="cards taken"),
        "kinds": Field(OneOrMany(*DRAW_KINDS), required=True, doc="kinds of card taken"),
        "when": _when()},
       (SPECIAL, ATTACK, EFFECT),
       "The player takes cards of those kinds of their choice from the pile into the hand, "
       "shown to the opponent (with the Any Character Limitation, never an Any Character or "
       "Any Hero Special from the Dead Pile).",
       "{effect: move, to: hand, from: power_pack, count: 1, match: {kind: [power]}}",
       run=lambda ctx, e: ctx.take_from_pile(e["pile"], e["count"], e["kinds"]),
       ready=_take_ready,
       fetches=lambda ctx, e, test: any(test(c) for c in ctx.pile_matches(e["pile"],
                                                                          e["kinds"])))

effect("remove_hits",
       {"count": Field(Int(1, 3), required=True, doc="hits removed at most"),
        "who": Field(Enum("self", "any_own"), default="self",
                     doc="the card's character, or any of the player's characters"),
        "from": Field(Enum("record", "current", "either"), default="record",
                      doc="the Permanent Record, this battle's hits, or either")},
       (SPECIAL, EFFECT),
       "Takes hits off the player's own characters; they go back to the player who scored "
       "them. Removing hits never undoes a KO.",
       "{effect: heal, count: 2, who: any_own}",
       run=lambda ctx, e: ctx.remove_hits(e["count"], e["who"], e["from"]),
       ready=lambda ctx, e: bool(ctx.removable_hits(e["who"], e["from"])))

effect("venture_modifier",
       {"amount": Field(Int(-5, 5), required=True, doc="added to the Venture Total"),
        "side": Field(Enum("own", "opponent"), default="own", doc="whose Venture Total"),
        "while": Field(Enum("front", "reserve", "any"), default="any",
                       doc="abilities: only while the character is there"),
        "when": _when()},
       (SPECIAL, ATTACK, EFFECT, ABILITY),
       "Changes a Venture Total this battle (an ability: every battle, while its condition "
       "holds). A card that only does this is never an attack.",
       "{effect: modify, value: venture, amount: 3}",
       run=lambda ctx, e: ctx.venture_bonus(e["amount"], e["side"]),
       ability=lambda e: ("venture", (e["amount"], e["side"], e["while"])))

effect("grant_follow_up",
       {"bonus": Field(Int(0, 3), default=0, doc="added to each follow-up's value"),
        "uses": Field(Int(1, 3), default=1, doc="how many times this battle")},
       (SPECIAL, EFFECT),
       "For the rest of the battle, each time this character's attack hits, one Front Line "
       "teammate may at once attack with a Power card, up to `uses` times.",
       "{effect: grant_follow_up, bonus: 1, uses: 2}",
       run=lambda ctx, e: ctx.grant_follow_up(e["bonus"], e["uses"]))

effect("shut_down",
       {"what": Field(Enum("type", "specials", "universe"), required=True,
                      doc="cards of one power type, Specials, or Universe cards"),
        "type": Field(Enum(*TYPES, "choice"), default="choice",
                      doc="for `what: type`: the type, or `choice` (the attacker names one)"),
        "when": _when()},
       (SPECIAL, ATTACK),
       "For the rest of the battle the target may not play those cards (they stay in the hand "
       "or Placed).",
       "{effect: prevent, what: playing, who: target, cards: specials}",
       run=lambda ctx, e: ctx.shut_down(e["what"], e["type"]),
       reaches=lambda e: True)

effect("recover_mission",
       {"count": Field(Int(1, 2), default=1, doc="mission cards moved"),
        "when": _when()},
       (SPECIAL, ATTACK, EFFECT),
       "Moves mission cards of the player from the Defeated Missions Pile up to the Reserve "
       "Missions Pile.",
       "{effect: move, from: defeated_missions, to: reserve_missions, count: 1}",
       run=lambda ctx, e: ctx.recover_mission(e["count"]),
       ready=lambda ctx, e: bool(ctx.defeated_missions()))

# -- inherent abilities-----------------------------------------------------------------------------
effect("ko_threshold",
       {"value": Field(Int(15, 40), required=True, doc="the Cumulative KO number")},
       (ABILITY,),
       "This character is knocked out by Cumulative KO only at this total (instead of 20).",
       "{effect: modify, value: ko_threshold, by: set, to: 24}",
       ability=lambda e: ("ko_at", e["value"]))

effect("spectrum_ignores",
       {"types": _types("hits of these types", required=True)},
       (ABILITY,),
       "Hits of these types never count toward this character's Spectrum KO.",
       "{effect: prevent, what: spectrum_ko, match: {type: [strength]}}",
       ability=lambda e: ("ignores", tuple(TYPE_INDEX[t] for t in e["types"])))

effect("attack_bonus",
       {"amount": Field(Int(1, 3), required=True, doc="added to the attack value"),
        "types": _types("only attacks of these types (default: any)"),
        "with": Field(OneOrMany(*ATTACK_KINDS), doc="only these kinds of attack (default: "
                                                    "any)")},
       (ABILITY,),
       "This character's attacks count more (the hit keeps its printed value).",
       "{effect: modify, value: attack, amount: 1, match: {type: [energy]}}",
       ability=lambda e: ("attack", (e["amount"], _type_set(e.get("types")), e.get("with"))))

effect("defence_bonus",
       {"amount": Field(Int(1, 3), required=True, doc="added to the defence value"),
        "against": _types("only against attacks of these types (default: any)")},
       (ABILITY,),
       "This character's Defensive Actions count more.",
       "{effect: modify, value: defence, amount: 2, match: {type: [energy]}}",
       ability=lambda e: ("defence", (e["amount"], _type_set(e.get("against")))))

effect("universe_bonus",
       {"amount": Field(Int(1, 2), required=True, doc="added to the card's bonus"),
        "kinds": Field(OneOrMany("basic-universe", "training"), required=True,
                       doc="which Universe cards")},
       (ABILITY,),
       "Those Universe cards give this character more.",
       "{effect: modify, value: universe, amount: 1, match: {kind: [training]}}",
       ability=lambda e: ("universe", (e["amount"], e["kinds"])))

effect("defend_teammates",
       {"uses_per_battle": Field(Int(1, 3), default=1, doc="times per battle")},
       (ABILITY,),
       "This character may make the Defensive Action against an attack on a Front Line "
       "teammate, with its own grid and cards.",
       "{effect: defend_teammates, uses_per_battle: 1}",
       ability=lambda e: ("guard", e["uses_per_battle"]))

effect("play_from_reserve",
       {"kinds": Field(OneOrMany(*SLOT_NAMES), required=True,
                       doc="the slots of the Placed cards it may play")},
       (ABILITY,),
       "While in Reserve this character may play its Placed cards of these kinds (so they "
       "count for duplicates).",
       "{effect: play_from_reserve, match: {kind: [special]}}",
       ability=lambda e: ("from_reserve", e["kinds"]))

effect("hand_size",
       {"amount": Field(Int(1, 2), required=True, doc="more cards drawn"),
        "while": Field(Enum("front", "reserve", "any"), default="any",
                       doc="only while the character is there")},
       (ABILITY,),
       "The player draws this many more cards at the start of each battle.",
       "{effect: draw, when: each_battle, count: 1, while: reserve}",
       ability=lambda e: ("hand", (e["amount"], e["while"])))


def _type_set(names) -> frozenset[int] | None:
    return frozenset(TYPE_INDEX[t] for t in names) if names else None

#: how a card file writes these effects: most are uses of a shared verb; the others
#: (extra attacks, combining with a Power card, defending teammates, playing from the
#: Reserve, follow-up attacks) are this game's own verbs
uses({
    "hand_size": ("draw", {"when": "each_battle"}, {"count": "amount"}),
    "attack_bonus": ("modify", {"value": "attack"}, {}, {"type": "types", "kind": "with"}),
    "defence_bonus": ("modify", {"value": "defence"}, {}, {"type": "against"}),
    "battle_bonus": ("modify", {"value": "actions"}, {}, {"type": "types"}),
    "universe_bonus": ("modify", {"value": "universe"}, {}, {"kind": "kinds"}),
    "venture_modifier": ("modify", {"value": "venture"}),
    "grid_change": ("modify", {"value": "grid"}),
    "ko_threshold": ("modify", {"value": "ko_threshold", "by": "set"}, {"to": "value"}),
    "avoid": ("prevent", {"what": "attack"}, {}, {"type": "types"}),
    "negate": ("prevent", {"what": "special"}),
    "spectrum_ignores": ("prevent", {"what": "spectrum_ko"}, {}, {"type": "types"}),
    "shut_down": ("prevent", {"what": "playing", "who": "target"}, {"cards": "what"}),
    "remove_hits": ("heal", {}),
    "to_reserve": ("move", {"from": "front_line", "to": "reserve"}),
    "take_from_pile": ("move", {"to": "hand"}, {"from": "pile"}, {"kind": "kinds"}),
    "recover_mission": ("move", {"from": "defeated_missions", "to": "reserve_missions"}),
    "team_discards": ("discard", {"from": "hand", "who": "target_team"}),
    "discard_placed": ("discard", {"from": "placed", "who": "target"}, {}, {"kind": "kinds"}),
    "play_from_reserve": ("play_from_reserve", {}, {}, {"kind": "kinds"}),
    "extra_attacks": ("extra_attacks", {}, {}, {"kind": "with"}),
    "combine_with_power": ("combine_with_power", {}, {}, {"type": "type"}),
})
