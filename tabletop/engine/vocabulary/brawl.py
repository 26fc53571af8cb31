"""Brawl's effects, selectors and triggers (see the package docstring).

Contexts: ``brawl.ability`` (always on, damage step A), ``brawl.power`` (while declared,
step B), ``brawl.condition`` (while in play, step C, or once if instant) and
``brawl.interruption`` (once, when played).
"""

from __future__ import annotations

from ..schema import Bool, Enum, Field, Int
from . import OneOrMany, SelectorKey, effect, selectors, trigger

SIDES = ("hero", "gray", "villain")
ATTACK_TYPES = ("physical", "energy", "mental", "fate")


#: A Brawl selector picks characters (all given keys must hold).
SELECTOR = selectors(
    "brawl",
    *(
        SelectorKey("team", Field(Enum("own", "opposing", "any")),
                    "`own`: the source's team (the card's owner, or the player who played "
                    "it); `opposing`: the other team(s); `any`: everyone (default)"),
        SelectorKey("self", Field(Bool()),
                    "`true`: only the character that has the ability or power; `false`: "
                    "anyone but that character"),
        SelectorKey("side", Field(OneOrMany(*SIDES)),
                    "the character's side: hero, gray, villain (one or a list)"),
        SelectorKey("attack", Field(OneOrMany(*ATTACK_TYPES)),
                    "the character's attack type: physical, energy, mental, fate "
                    "(one or a list)"),
        SelectorKey("knocked_out", Field(Bool()),
                    "`true`: knocked out (turned sideways); `false`: standing"),
        SelectorKey("in_matchup", Field(Bool()), "`true`: in a match-up this turn"),
        SelectorKey("declared", Field(Bool()), "`true`: has declared a power this turn"),
        SelectorKey("taking_action", Field(Bool()),
                    "`true`: taking an action (render aid, thwart, gang up) this turn"),
    ),
)


effect("modify_damage",
       {"amount": Field(Int(-20, 20), required=True,
                        doc="added to the damage (negative reduces it)"),
        "dealer": Field(SELECTOR, default={},
                        doc="who deals the damage (selector; empty = anyone)"),
        "receiver": Field(SELECTOR, default={},
                          doc="who takes the damage (selector; empty = anyone)")},
       ("brawl.ability", "brawl.power", "brawl.condition"),
       "Raise or lower the damage a character deals to its match-up opponent. Applied in "
       "step A (ability), B (declared power) or C (Condition).",
       "{effect: modify_damage, amount: 3, dealer: {self: true}, receiver: {attack: energy}}")
effect("heal",
       {"amount": Field(Int(1, 30), required=True, doc="health restored"),
        "all": Field(Bool(), default=False,
                     doc="heal every character the card's target selects instead of one "
                         "chosen one")},
       ("brawl.condition", "brawl.interruption"),
       "Restore health to the target (capped at the character's printed health). A "
       "knocked-out character brought above 0 stands up again.",
       "{effect: heal, amount: 3}")
effect("revive",
       {"health": Field(Int(1, 30), required=True, doc="health the character gets")},
       ("brawl.interruption",),
       "A knocked-out target stands up with the given health.",
       "{effect: revive, health: 4}")
effect("return_to_hand", {}, ("brawl.interruption",),
       "The target goes back to its owner's hand: its match-up, action and declared power "
       "end and its health slider is reset.",
       "{effect: return_to_hand}")
effect("cancel_power", {}, ("brawl.interruption",),
       "The target's declared power is withdrawn; it may not declare again this turn and "
       "deals and heals nothing.",
       "{effect: cancel_power}")
effect("break_matchup", {}, ("brawl.interruption",),
       "The target's match-up is broken up: the two characters separate, neither deals "
       "damage to the other, their declared powers are withdrawn and both sit out the rest "
       "of the turn.",
       "{effect: break_matchup}")
effect("discard_condition",
       {"all": Field(Bool(), default=False,
                     doc="discard every Condition in play instead of one chosen one")},
       ("brawl.condition", "brawl.interruption"),
       "Put a Condition in play (the target) into the discard pile.",
       "{effect: discard_condition}")
effect("draw",
       {"count": Field(Int(1, 5), required=True, doc="cards to draw")},
       ("brawl.condition", "brawl.interruption"),
       "The player who played the card draws cards (as many as are left).",
       "{effect: draw, count: 2}")
effect("opponent_discards",
       {"count": Field(Int(1, 5), required=True, doc="cards discarded")},
       ("brawl.interruption",),
       "The target's owner discards cards at random from their hand.",
       "{effect: opponent_discards, count: 1}")

trigger("brawl.ability", "always, while the card is in play (damage step A)")
trigger("brawl.power", "while the power is declared this turn (damage step B)")
trigger("brawl.condition", "while the Condition is in play (step C), or once when played if "
        "instant")
trigger("brawl.interruption", "once, when the Interruption is played")
