"""What Events do (issue 14): a closed vocabulary of Event effects, written in the
``overpower.event`` context. An Event binds both players (docs/rulings.md, OverPower,
"Events"); each effect says how.

Imported by :mod:`.morekinds` before the Event card kind is declared (the schema lists the
effects registered here); the handlers reach the game only through the effect context
they are given.
"""

from __future__ import annotations

from ...engine.effects import OneOrMany, effect, trigger, uses
from ...engine.schema import Enum, Field, Int
from .common import TYPE_INDEX, TYPES
from .selector import SELECTOR  # noqa: F401 (its keys, before the uses below)
from .state import Bonus

EVENT = "overpower.event"

trigger(EVENT, "an Event played after the draw: it binds both players for the battle (or "
               "at once, or for the game: its `duration`)")

#: the kinds of card an Event may forbid, and the card kinds each word covers
FORBIDDABLE = {"teamwork": ("teamwork",), "ally": ("ally",), "doubleshot": ("doubleshot",),
               "universe": ("basic-universe", "training"), "special": ("special",)}


def _bonus(ctx, e) -> None:
    s = ctx.state
    types = frozenset(TYPE_INDEX[t] for t in e["types"]) if e.get("types") else None
    for seat in (0, 1):
        s.bonuses = s.bonuses + (Bonus(seat, -1, e["applies_to"], types, e["amount"]),)
    what = {"attack": "attacks", "defence": "Defensive Actions"}.get(
        e["applies_to"], "attacks and Defensive Actions")
    kinds = " and ".join(t.capitalize() for t in e["types"]) + " " if e.get("types") else ""
    ctx.say(f"This battle, every {kinds}{what} of both players count {e['amount']} more")


def _forbid(ctx, e) -> None:
    s = ctx.state
    kinds = frozenset(k for word in e["kinds"] for k in FORBIDDABLE[word])
    s.forbidden = s.forbidden | kinds
    ctx.say(f"This battle no one may play {', '.join(e['kinds'])} cards")


def _each_draws(ctx, e) -> None:
    s = ctx.state
    for seat in (s.first, 1 - s.first):
        type(ctx)(s, ctx.source, seat).draw(e["count"])


effect("event_bonus",
       {"amount": Field(Int(1, 3), required=True, doc="added to the value"),
        "applies_to": Field(Enum("attack", "defence", "both"), default="attack",
                            doc="attacks, Defensive Actions or both"),
        "types": Field(OneOrMany(*TYPES), doc="only of these types (default: any)")},
       (EVENT,),
       "This battle, both players' attacks (or Defensive Actions) of those types count more "
       "(hits keep their printed values).",
       "{effect: modify, value: actions, amount: 1, match: {type: [energy]}}",
       run=_bonus)

effect("event_forbid",
       {"kinds": Field(OneOrMany(*FORBIDDABLE), required=True,
                       doc="teamwork, ally, doubleshot, universe (Basic and Training) or "
                           "special")},
       (EVENT,),
       "This battle no one may play cards of those kinds (they stay in the hand; they are "
       "not Unusable).",
       "{effect: prevent, what: playing, who: everyone, match: {kind: [teamwork]}}",
       run=_forbid)

effect("event_draws",
       {"count": Field(Int(1, 3), required=True, doc="cards each player draws")},
       (EVENT,),
       "Each player draws cards, the first player first (the discard step that follows "
       "judges them).",
       "{effect: draw, who: each_player, count: 1}",
       run=_each_draws)

#: how a card file writes them
uses({
    "event_bonus": ("modify", {"value": "actions"}, {}, {"type": "types"}),
    "event_forbid": ("prevent", {"what": "playing", "who": "everyone"}, {}, {"kind": "kinds"}),
    "event_draws": ("draw", {"who": "each_player"}),
})
