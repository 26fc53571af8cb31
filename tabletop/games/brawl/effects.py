"""Brawl's effects, selectors and triggers, each with its behaviour.

Contexts: ``brawl.ability`` (always on, damage step A), ``brawl.power`` (while declared,
step B), ``brawl.condition`` (while in play, step C, or once if instant) and
``brawl.interruption`` (once, when played).

Roles of the handlers (see :mod:`tabletop.engine.effects`):

``run``      ``run(ctx, e)``: do it once (an instant Condition, an Interruption);
``damage``   ``damage(e, label) -> Mod``: a modifier of match-up damage while in play;
``aim``      ``aim(e) -> "character" | "condition" | None``: what the card is dropped on;
``allows``   ``allows(state, card) -> bool``: may this character be the target?
``words``    the words a refusal uses for the targets ``allows`` accepts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from ...engine.effects import (
    OneOrMany,
    SelectorKey,
    allow,
    effect,
    run,
    selector_tuple,
    selectors,
    trigger,
    uses,
)
from ...engine.effects.context import EffectContext
from ...engine.moves import seat_label
from ...engine.schema import Bool, Enum, Field, Int
from .state import BrawlState

SIDES = ("hero", "gray", "villain")
ATTACK_TYPES = ("physical", "energy", "mental", "fate")

ABILITY = "brawl.ability"
POWER = "brawl.power"
CONDITION = "brawl.condition"
INTERRUPTION = "brawl.interruption"


class Who(NamedTuple):
    """Whom a selector is relative to: the state, the character whose ability or power
    holds it (None for Conditions and Interruptions) and the team (seat) it belongs to."""

    state: BrawlState
    source: int | None
    seat: int | None


def _team(w: Who, card: int, value: str) -> bool:
    if value == "any":
        return True
    return (w.state.owner(card) == w.seat) == (value == "own")


#: A Brawl selector picks characters (all given keys must hold).
SELECTOR = selectors(
    "brawl",
    SelectorKey("team", Field(Enum("own", "opposing", "any")),
                "`own`: the source's team (the card's owner, or the player who played "
                "it); `opposing`: the other team(s); `any`: everyone (default)", _team),
    SelectorKey("self", Field(Bool()),
                "`true`: only the character that has the ability or power; `false`: "
                "anyone but that character",
                lambda w, c, v: (c == w.source) == v),
    SelectorKey("side", Field(OneOrMany(*SIDES)),
                "the character's side: hero, gray, villain (one or a list)",
                lambda w, c, v: w.state.info[c].side in v),
    SelectorKey("attack", Field(OneOrMany(*ATTACK_TYPES)),
                "the character's attack type: physical, energy, mental, fate "
                "(one or a list)",
                lambda w, c, v: w.state.info[c].attack in v),
    SelectorKey("knocked_out", Field(Bool()),
                "`true`: knocked out (turned sideways); `false`: standing",
                lambda w, c, v: (c in w.state.turned) == v),
    SelectorKey("in_matchup", Field(Bool()), "`true`: in a match-up this turn",
                lambda w, c, v: w.state.in_matchup(c) == v),
    SelectorKey("declared", Field(Bool()), "`true`: has declared a power this turn",
                lambda w, c, v: (c in w.state.power) == v),
    SelectorKey("taking_action", Field(Bool()),
                "`true`: taking an action (render aid, thwart, gang up) this turn",
                lambda w, c, v: (c in w.state.action) == v),
)


def matches(state: BrawlState, sel: tuple, card: int, source: int | None,
            source_seat: int | None) -> bool:
    """Does ``card`` (a character in play) satisfy selector ``sel``?"""
    return not sel or SELECTOR.matches(Who(state, source, source_seat), sel, card)


# -- the context ----------------------------------------------------------------------------
class BrawlEffects(EffectContext):
    """An instant Condition or an Interruption being carried out."""

    hand_zone = "hand.{seat}"

    def __init__(self, state: BrawlState, card: int | None, seat: int, target) -> None:
        super().__init__(state, card, seat, target)
        self.deck_zone = state.draw_zone(seat)

    @property
    def selector(self) -> tuple:
        return self.state.info[self.source].target if self.source is not None else ()

    def report_draw(self, drawn: list[int], wanted: int) -> None:
        who = seat_label(self.seat)
        for card in drawn:
            self.say_private(f"{who} draws {self.state.name(card)}", f"{who} draws a card")
        if len(drawn) < wanted:
            self.say("The draw pile is empty")


def carry_out(state: BrawlState, seat: int, card: int, target) -> None:
    """Every effect of an instant Condition or an Interruption, in order."""
    ctx = BrawlEffects(state, card, seat, target)
    for e in state.info[card].effects:
        run(ctx, e)


# -- damage modifiers -------------------------------------------------------------------------
@dataclass(frozen=True)
class Mod:
    """A compiled ``modify_damage``: amount and two selectors (tuples of key, value),
    each also as one test ``test(who, card)``."""

    amount: int
    dealer: tuple
    receiver: tuple
    label: str
    deals: Callable = field(init=False, compare=False, repr=False)
    takes: Callable = field(init=False, compare=False, repr=False)
    #: its line in the working of a hit (``+2 from <label>``), made once
    note: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "deals", SELECTOR.compile(self.dealer))
        object.__setattr__(self, "takes", SELECTOR.compile(self.receiver))
        object.__setattr__(self, "note", f"{signed(self.amount)} from {self.label}")


def signed(n: int) -> str:
    """An adjustment as the log writes it: ``+2``, ``+0``, ``\u22122`` (a minus sign)."""
    return f"+{n}" if n >= 0 else f"\u2212{-n}"


def _modify_damage(e: dict, label: str) -> Mod:
    return Mod(e["amount"], selector_tuple(e.get("dealer")), selector_tuple(e.get("receiver")),
               label)


effect("modify_damage",
       {"amount": Field(Int(-20, 20), required=True,
                        doc="added to the damage (negative reduces it)"),
        "dealer": Field(SELECTOR.spec, default={},
                        doc="who deals the damage (selector; empty = anyone)"),
        "receiver": Field(SELECTOR.spec, default={},
                          doc="who takes the damage (selector; empty = anyone)")},
       (ABILITY, POWER, CONDITION),
       "Raise or lower the damage a character deals to its match-up opponent. Applied in "
       "step A (ability), B (declared power) or C (Condition).",
       "{effect: modify, value: damage, amount: 3, dealer: {self: true}, "
       "receiver: {attack: energy}}",
       damage=_modify_damage)


# -- instant effects --------------------------------------------------------------------------
def _heal(ctx: BrawlEffects, e: dict) -> None:
    s = ctx.state
    if e.get("all"):
        targets = [c for o in s.alive_seats() for c in s.zones[f"play.{o}"]
                   if matches(s, ctx.selector, c, None, ctx.seat)]
    else:
        targets = [ctx.target]
    for c in targets:
        s.heal(c, e["amount"])


effect("heal",
       {"amount": Field(Int(1, 30), required=True, doc="health restored"),
        "all": Field(Bool(), default=False,
                     doc="heal every character the card's target selects instead of one "
                         "chosen one")},
       (CONDITION, INTERRUPTION),
       "Restore health to the target (capped at the character's printed health). A "
       "knocked-out character brought above 0 stands up again.",
       "{effect: heal, amount: 3}",
       run=_heal, aim=lambda e: None if e.get("all") else "character")


def _revive(ctx: BrawlEffects, e: dict) -> None:
    s, target = ctx.state, ctx.target
    s.hp[target] = min(s.info[target].health, e["health"])
    s.turned.discard(target)
    ctx.say(f"{s.name(target)} is revived with {s.hp[target]} health")


effect("revive",
       {"health": Field(Int(1, 30), required=True, doc="health the character gets")},
       (INTERRUPTION,),
       "A knocked-out target stands up with the given health.",
       "{effect: heal, revive: true, health: 4}",
       run=_revive, aim=lambda e: "character",
       allows=lambda s, c: c in s.turned, words=lambda e: "that is knocked out")


def return_to_hand(s: BrawlState, card: int) -> None:
    """The character leaves play: sliders off, match-up and power gone."""
    seat = s.owner(card)
    s.zones[f"play.{seat}"].remove(card)
    s.zones[f"hand.{seat}"].append(card)
    s.hp.pop(card, None)
    s.turned.discard(card)
    s.mu.pop(card, None)
    for att, tgt in list(s.mu.items()):
        if tgt == card:
            del s.mu[att]
    s.power.pop(card, None)
    s.heal_to.pop(card, None)
    s.action.pop(card, None)
    s.cancelled.discard(card)
    s.say(f"{s.name(card)} returns to {seat_label(seat)}'s hand")


effect("return_to_hand", {}, (INTERRUPTION,),
       "The target goes back to its owner's hand: its match-up, action and declared power "
       "end and its health slider is reset.",
       "{effect: move, from: play, to: hand}",
       run=lambda ctx, e: return_to_hand(ctx.state, ctx.target), aim=lambda e: "character")


def _cancel_power(ctx: BrawlEffects, e: dict) -> None:
    s, target = ctx.state, ctx.target
    s.power.pop(target, None)
    s.heal_to.pop(target, None)
    s.cancelled.add(target)
    ctx.say(f"{s.name(target)}'s power is cancelled")


effect("cancel_power", {}, (INTERRUPTION,),
       "The target's declared power is withdrawn; it may not declare again this turn and "
       "deals and heals nothing.",
       "{effect: prevent, what: power}",
       run=_cancel_power, aim=lambda e: "character",
       allows=lambda s, c: c in s.power, words=lambda e: "that has declared a power")


def _break_matchup(ctx: BrawlEffects, e: dict) -> None:
    s, target = ctx.state, ctx.target
    other = s.opponent_in_matchup(target)
    for c in (target, other):
        s.mu.pop(c, None)
        s.power.pop(c, None)
        s.heal_to.pop(c, None)
        s.withdrawn.add(c)
    ctx.say(f"The match-up of {s.name(target)} and {s.name(other)} is broken up")


effect("break_matchup", {}, (INTERRUPTION,),
       "The target's match-up is broken up: the two characters separate, neither deals "
       "damage to the other, their declared powers are withdrawn and both sit out the rest "
       "of the turn.",
       "{effect: prevent, what: matchup}",
       run=_break_matchup, aim=lambda e: "character",
       allows=lambda s, c: s.in_matchup(c), words=lambda e: "in a match-up")


def _discard_condition(ctx: BrawlEffects, e: dict) -> None:
    s = ctx.state
    victims = list(s.zones["conditions"]) if e.get("all") else [ctx.target]
    for v in victims:
        s.zones["conditions"].remove(v)
        s.zones["discard"].append(v)
        ctx.say(f"{s.name(v)} is discarded")


effect("discard_condition",
       {"all": Field(Bool(), default=False,
                     doc="discard every Condition in play instead of one chosen one")},
       (CONDITION, INTERRUPTION),
       "Put a Condition in play (the target) into the discard pile.",
       "{effect: discard, from: play, who: target}",
       run=_discard_condition, aim=lambda e: None if e.get("all") else "condition")


def _opponent_discards(ctx: BrawlEffects, e: dict) -> None:
    s = ctx.state
    for other in s.alive_seats():
        if other == ctx.seat:
            continue
        hand = s.zones[f"hand.{other}"]
        for _ in range(e["count"]):
            if not hand:
                break
            c = hand.pop(s.randint(len(hand)))
            s.zones["discard"].append(c)
            s.reveals += 1
            ctx.say(f"{seat_label(other)} discards {s.name(c)} at random")


effect("opponent_discards",
       {"count": Field(Int(1, 5), required=True, doc="cards discarded")},
       (INTERRUPTION,),
       "Every opponent of the player discards that many cards at random from their hand.",
       "{effect: discard, from: hand, who: opponents, count: 1}",
       run=_opponent_discards)

allow("draw", CONDITION, INTERRUPTION)

trigger(ABILITY, "always, while the card is in play (damage step A)")
trigger(POWER, "while the power is declared this turn (damage step B)")
trigger(CONDITION, "while the Condition is in play (step C), or once when played if "
        "instant")
trigger(INTERRUPTION, "once, when the Interruption is played")

#: how a card file writes each effect: a use of a shared verb (``draw`` and ``heal`` are
#: the verbs' own names)
uses({
    "modify_damage": ("modify", {"value": "damage"}),
    "revive": ("heal", {"revive": True}),
    "return_to_hand": ("move", {"from": "play", "to": "hand"}),
    "cancel_power": ("prevent", {"what": "power"}),
    "break_matchup": ("prevent", {"what": "matchup"}),
    "discard_condition": ("discard", {"from": "play", "who": "target"}),
    "opponent_discards": ("discard", {"from": "hand", "who": "opponents"}),
})
