"""Solo Deck-Builder's effects, selectors and triggers (see the package docstring).

Contexts (``solo-deckbuilder.<where>``):

``play``       once, when the card is played from the hand (step 6);
``defense``    when the card is discarded from the hand to prevent a Weakness (its draws
               wait for the next step 3);
``attack``     a villain's attack when it joins the battleground (step 5) and a
               supervillain's on-reveal attack (step 4): the player is the target;
``ability``    a superhero's power or an HQ's ability, each time its trigger happens;
``condition``  the active location's condition (only while it is the top of the stack).

Names are chosen not to collide with other games' entries: a game reuses an existing
effect (``draw``) with :func:`allow`.
"""

from __future__ import annotations

from ..schema import Enum, Field, Int
from . import OneOrMany, SelectorKey, allow, effect, selectors, trigger

GAME = "solo-deckbuilder"
#: every card type a selector may name
CARD_TYPES = ("hero", "equipment", "superpower", "starter", "weakness", "villain",
              "supervillain")
#: the types of cards in the resources deck (and of the Kick-like card)
RESOURCE_TYPES = ("hero", "equipment", "superpower")

PLAY = f"{GAME}.play"
DEFENSE = f"{GAME}.defense"
ATTACK = f"{GAME}.attack"
ABILITY = f"{GAME}.ability"
CONDITION = f"{GAME}.condition"

#: A Solo Deck-Builder selector picks cards (all given keys must hold).
SELECTOR = selectors(
    GAME,
    SelectorKey("type", Field(OneOrMany(*CARD_TYPES)),
                "the card's type: hero, equipment, superpower, starter, weakness, villain, "
                "supervillain (one or a list)"),
    SelectorKey("min_cost", Field(Int(0, 20)), "the card costs at least this much"),
    SelectorKey("max_cost", Field(Int(0, 20)), "the card costs at most this much"),
)

# -- played cards -----------------------------------------------------------------------
effect("add_power",
       {"amount": Field(Int(-5, 10), required=True,
                        doc="Power added (for each counted card when `per` is given)"),
        "per": Field(Enum("played", "battleground", "secured"),
                     doc="count cards: `played` (cards in your played area this turn, this "
                         "one included), `battleground` (villains there), `secured` "
                         "(locations you secured: HQ and Secured stack)"),
        "match": Field(SELECTOR.spec, default={},
                       doc="only count cards that match (with `per`)")},
       (PLAY, ABILITY),
       "Add Power to spend this turn on resources and villains. With `per`, add `amount` "
       "for each counted card.",
       "{effect: add_power, amount: 1, per: played, match: {type: equipment}}")
effect("draw_next_turn",
       {"count": Field(Int(1, 5), required=True, doc="cards drawn later")},
       (PLAY, ABILITY),
       "Draw cards at the next step 3, after the five cards of that turn.",
       "{effect: draw_next_turn, count: 1}")
effect("destroy_own",
       {"count": Field(Int(1, 5), default=1, doc="at most this many cards"),
        "from": Field(Enum("hand", "discard", "hand_or_discard"), default="hand_or_discard",
                      doc="where the destroyed cards may come from")},
       (PLAY,),
       "You may destroy cards from your hand and/or discard pile: they leave the game "
       "(one at a time; stop whenever you like).",
       "{effect: destroy_own, count: 1, from: hand_or_discard}")
effect("foresee", {}, (PLAY,),
       "Reveal the top card of the resources deck. You may play it, or the top card of the "
       "resources discard pile, as if from your hand; at the end of the turn the card you "
       "played goes on top of the resources deck.",
       "{effect: foresee}")

# -- attacks on the player ----------------------------------------------------------------
effect("gain_weakness",
       {"count": Field(Int(1, 5), default=1, doc="Weakness cards")},
       (ATTACK,),
       "The player gains Weakness cards (each may be prevented with a Defense card).",
       "{effect: gain_weakness, count: 1}")
effect("hand_discard",
       {"count": Field(Int(1, 5), default=1, doc="cards discarded")},
       (ATTACK,),
       "The player chooses cards from the hand and discards them.",
       "{effect: hand_discard, count: 1}")
effect("deck_discard",
       {"count": Field(Int(1, 5), default=1, doc="cards discarded from the top of the deck"),
        "weakness_at_cost": Field(Int(0, 20),
                                  doc="a Weakness for each discarded card costing at least "
                                      "this much (leave out for none)")},
       (ATTACK,),
       "Discard the top cards of the player's deck (the discard pile is shuffled in when "
       "the deck runs out); optionally a Weakness for each costly one.",
       "{effect: deck_discard, count: 2, weakness_at_cost: 1}")
effect("random_card",
       {"weakness_at_cost": Field(Int(0, 20), default=1,
                                  doc="a Weakness as well when the chosen card costs at least "
                                      "this much")}, (ATTACK,),
       "Shuffle one spare copy of each starter, a Weakness and the top card of the resources "
       "discard pile; one, chosen at random, goes to the player's discard pile (the others "
       "go back). A Weakness as well if it costs at least `weakness_at_cost`.",
       "{effect: random_card, weakness_at_cost: 1}")
effect("row_discard",
       {"count": Field(Int(1, 5), default=1, doc="resources discarded")},
       (ATTACK,),
       "Discard the rightmost (oldest) cards of the resource row.",
       "{effect: row_discard, count: 1}")
effect("summon_villain",
       {"count": Field(Int(1, 3), default=1, doc="villains added")},
       (ATTACK,),
       "Add villains from the enemy deck to the battleground (each with its own attack).",
       "{effect: summon_villain, count: 1}")

# -- location conditions ------------------------------------------------------------------
effect("more_villains_if_empty",
       {"count": Field(Int(1, 3), default=1, doc="extra villains")},
       (CONDITION,),
       "If the battleground is empty at step 5, add this many more villains (after the "
       "first turn).",
       "{effect: more_villains_if_empty, count: 1}")
effect("weakness_on_hero_power", {}, (CONDITION,),
       "The first time the superhero's power is used each turn, the player gains a "
       "Weakness.",
       "{effect: weakness_on_hero_power}")
effect("weakness_on_gain",
       {"match": Field(SELECTOR.spec, required=True, doc="which gained cards bring a Weakness")},
       (CONDITION,),
       "For each matching card the player gains (buys), the player gains a Weakness.",
       "{effect: weakness_on_gain, match: {type: equipment}}")
effect("destroy_row_after_attack",
       {"match": Field(SELECTOR.spec, required=True, doc="which resources are destroyed")},
       (CONDITION,),
       "After the villains attack (step 7), the matching cards left in the resource row are "
       "destroyed (they leave the game).",
       "{effect: destroy_row_after_attack, match: {type: [equipment, superpower]}}")

allow("draw", PLAY, ABILITY, DEFENSE)

trigger(PLAY, "once, when the card is played from the hand")
trigger(DEFENSE, "when the card is discarded from the hand to prevent a Weakness; its draws "
        "happen at the next step 3")
trigger(ATTACK, "when a villain joins the battleground (step 5), or when a supervillain is "
        "revealed (step 4, not on the first turn)")
trigger(ABILITY, "a superhero's power or an HQ's ability: each time its trigger happens "
        "(see `limit`)")
trigger(CONDITION, "while the location is the active one (the face-up top of the stack)")
