"""Power Play's effects and triggers (see the package docstring).

Every Power Play effect changes the tally of one side (or both) and says which with a
required ``scope``: ``heroes`` (the powers in the defence), ``villain`` (the villain's
power cards and its total) or ``both``. Contexts: ``power-play.villain`` (the villain
card), ``power-play.attribute`` (the attribute card) and ``power-play.location`` (the
current location); all three apply to the tally of the turn they are on the table.

Power types are the ``type`` of the power cards (``flame``, ``frost``...); a mod may add
types by adding power cards. An effect naming a type no power card has is refused when
the cards are loaded.
"""

from __future__ import annotations

from ..schema import Enum, Field, Int, Str
from . import effect, trigger

SCOPES = ("heroes", "villain", "both")
CONTEXTS = ("power-play.villain", "power-play.attribute", "power-play.location")


def _scope() -> Field:
    return Field(Enum(*SCOPES), required=True,
                 doc="whose tally it changes: `heroes` (the defence), `villain` or `both`")


def _type(required: bool = True) -> Field:
    return Field(Str(), required=required,
                 doc="a power type (the `type` of some power card, e.g. flame)")


effect("counts_as", {"type": _type(), "scope": _scope()}, CONTEXTS,
       "The powers in scope also count as this type, besides their own: for effects that "
       "name a type, for matching the other side's types and for the villain's all-same-type "
       "bonus. Heroes' combination points still use the printed types.",
       "{effect: counts_as, type: gale, scope: villain}")
effect("immune", {"type": _type(), "scope": _scope()}, CONTEXTS,
       "Powers in scope of this type add 0 to their side's total (applied last). They still "
       "count for combinations.",
       "{effect: immune, type: frost, scope: heroes}")
effect("value_becomes",
       {"from": Field(Int(0, 9), required=True, doc="the printed value that changes"),
        "to": Field(Int(0, 20), required=True, doc="the value it counts as"),
        "scope": _scope()}, CONTEXTS,
       "Powers in scope with this printed value count as another value. Applied first, "
       "before any addition or multiplier; combinations keep the printed value.",
       "{effect: value_becomes, from: 1, to: 5, scope: both}")
effect("add_value",
       {"amount": Field(Int(-5, 5), required=True,
                        doc="added to each power's value (never below 0)"),
        "type": _type(required=False), "scope": _scope()}, CONTEXTS,
       "Each power in scope (of the given type, or every power without one) counts this "
       "much more (or less). Applied after value changes, before multipliers.",
       "{effect: add_value, amount: 2, type: flame, scope: villain}")
effect("multiply_type",
       {"type": _type(), "factor": Field(Int(2, 4), default=2, doc="the multiplier"),
        "scope": _scope()}, CONTEXTS,
       "Powers in scope of this type count double (or the given factor).",
       "{effect: multiply_type, type: mind, factor: 2, scope: heroes}")
effect("multiply_matching",
       {"factor": Field(Int(2, 4), default=2, doc="the multiplier"), "scope": _scope()},
       CONTEXTS,
       "Powers in scope that share a type with a power of the other side (the villain's "
       "powers for heroes, the defence for the villain) count double (or the given factor).",
       "{effect: multiply_matching, factor: 2, scope: heroes}")
effect("halve_type", {"type": _type(), "scope": _scope()}, CONTEXTS,
       "Powers in scope of this type count half, rounded up (after multipliers).",
       "{effect: halve_type, type: might, scope: heroes}")
effect("halve_shared", {"scope": _scope()}, CONTEXTS,
       "Powers in scope that share a type with another power of the same side count half, "
       "rounded up (after multipliers).",
       "{effect: halve_shared, scope: heroes}")
effect("no_combinations",
       {"of": Field(Enum("values", "types", "all"), default="all",
                    doc="which combinations are cancelled: `values`, `types` or `all`"),
        "scope": _scope()}, CONTEXTS,
       "No combination points: for the heroes, none for repeated values and/or types; for "
       "the villain, no +4 for all-same number and/or all-same type.",
       "{effect: no_combinations, of: types, scope: heroes}")
effect("add_total",
       {"amount": Field(Int(-10, 10), required=True,
                        doc="added to the side's final total (never below 0)"),
        "scope": _scope()}, CONTEXTS,
       "Adds to (or takes from) the final total of the side in scope, after everything else "
       "(for the villain: after the base power multiplier and the +4 bonuses).",
       "{effect: add_total, amount: 3, scope: heroes}")

trigger("power-play.villain", "during the tally of the turn this villain is created for")
trigger("power-play.attribute", "during the tally of the turn this attribute is drawn for")
trigger("power-play.location", "during the tally of every turn of the round it is the "
        "current location")
