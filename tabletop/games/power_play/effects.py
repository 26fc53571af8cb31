"""Power Play's effects and triggers, each with its stage of the tally; drawing powers.

Every Power Play effect changes the tally of one side (or both) and says which with a
required ``scope``: ``heroes`` (the powers in the defence), ``villain`` (the villain's
power cards and its total) or ``both``. Contexts: ``power-play.villain`` (the villain
card), ``power-play.attribute`` (the attribute card) and ``power-play.location`` (the
current location); all three apply to the tally of the turn they are on the table.

Power types are the ``type`` of the power cards (``flame``, ``frost``...); a mod may add
types by adding power cards. An effect naming a type no power card has is refused when
the cards are loaded.

Each effect has one handler, under the name of the tally stage it acts in
(:data:`STAGES`, in the order :mod:`.tally` runs them):

==========  ===================================================================
``types``   ``fn(e, table)``: what every power of the side also counts as
``swap``    ``fn(e, side)``: a printed value counts as another (the first swap only)
``add``     ``fn(e, side)``: each power's value changes (never below 0)
``multiply``  ``fn(e, side)``: powers count double (or more)
``halve``   ``fn(e, side)``: powers count half, rounded up
``immune``  ``fn(e, side)``: powers add 0 (they still count for combinations)
``combos``  ``fn(e, table)``: combination points that are cancelled
``total``   ``fn(e, table)``: an amount added to the side's total
==========  ===================================================================

``table`` is what a side's effects say whatever the powers (:class:`.tally.SideRules`);
``side`` is one side's powers being counted (:class:`.tally.Count`). The effect mappings
the tally reads are the validated card data with the card's name as ``source``
(:func:`tally_effect`).
"""

from __future__ import annotations

from typing import Any

from ...engine.effects import EFFECTS, SelectorKey, effect, selectors, trigger, uses
from ...engine.effects.context import EffectContext
from ...engine.moves import seat_label
from ...engine.schema import Enum, Field, Int, Str

SCOPES = ("heroes", "villain", "both")
VILLAIN_CTX = "power-play.villain"
ATTRIBUTE_CTX = "power-play.attribute"
LOCATION_CTX = "power-play.location"
CONTEXTS = (VILLAIN_CTX, ATTRIBUTE_CTX, LOCATION_CTX)
#: the stages of the tally, in order (each effect has a handler for one of them)
STAGES = ("types", "swap", "add", "multiply", "halve", "immune", "combos", "total")
#: the stages that change the powers' values, in order
VALUE_STAGES = ("swap", "add", "multiply", "halve", "immune")


#: A Power Play selector (``match:``) picks the powers an effect changes, among those of
#: the side in ``scope``; the tally reads each effect's own fields (no test here).
SELECTOR = selectors(
    "power-play",
    SelectorKey("type", Field(Str()),
                "a power type (the `type` of some power card, e.g. flame): powers of that "
                "type, or that count as it"),
)


def _scope() -> Field:
    return Field(Enum(*SCOPES), required=True,
                 doc="whose tally it changes: `heroes` (the defence), `villain` or `both`")


def _type(required: bool = True) -> Field:
    return Field(Str(), required=required,
                 doc="a power type (the `type` of some power card, e.g. flame)")


def tally_effect(e: dict[str, Any], source: str) -> dict[str, Any]:
    """An effect as the tally reads it: the validated mapping with every field (defaults
    for those left out) and ``source``, the name of the card it is written on."""
    fields = EFFECTS[e["effect"]].fields
    out = {name: f.default for name, f in fields.items()}
    out.update(e)
    out["source"] = source
    return out


def _signed(amount: int) -> str:
    return f"{'+' if amount >= 0 else chr(0x2212)}{abs(amount)}"


# -- what every power of a side also is ---------------------------------------------------------
def _counts_as(e, table) -> None:
    table.also[e["type"]] = e["source"]


effect("counts_as", {"type": _type(), "scope": _scope()}, CONTEXTS,
       "The powers in scope also count as this type, besides their own: for effects that "
       "name a type, for matching the other side's types and for the villain's all-same-type "
       "bonus. Heroes' combination points still use the printed types.",
       "{effect: counts_as, type: gale, scope: villain}",
       types=_counts_as)


# -- each power's value, in stage order -----------------------------------------------------------
def _value_becomes(e, side) -> None:
    old, new, note = e["from"], e["to"], f"counts as {e['to']} ({e['source']})"
    for i, p in enumerate(side.powers):
        if p.value == old and i not in side.swapped:
            side.swapped.add(i)
            side.set(i, new, note)


def _add_value(e, side) -> None:
    kind, amount = e["type"], e["amount"]
    note = f"{_signed(amount)} ({e['source']})"
    values = side.values
    for i, types in enumerate(side.types):
        if kind is None or kind in types:
            side.set(i, max(0, values[i] + amount), note)


def _multiply_type(e, side) -> None:
    kind, factor = e["type"], e["factor"]
    note = f"\u00d7{factor} ({e['source']})"
    for i, types in enumerate(side.types):
        if kind in types:
            side.set(i, side.values[i] * factor, note)


def _multiply_matching(e, side) -> None:
    other, factor = side.other, e["factor"]
    note = f"\u00d7{factor} ({e['source']})"
    for i, types in enumerate(side.types):
        if not other.isdisjoint(types):
            side.set(i, side.values[i] * factor, note)


def _halve_type(e, side) -> None:
    kind, note = e["type"], f"half ({e['source']})"
    for i, types in enumerate(side.types):
        if kind in types:
            side.set(i, (side.values[i] + 1) // 2, note)


def _halve_shared(e, side) -> None:
    shared, note = side.shared(), f"half ({e['source']})"
    for i, types in enumerate(side.types):
        if not shared.isdisjoint(types):
            side.set(i, (side.values[i] + 1) // 2, note)


def _immune(e, side) -> None:
    kind, immune = e["type"], side.immune
    for i, types in enumerate(side.types):
        if kind in types and i not in immune:
            immune[i] = e["source"]


effect("immune", {"type": _type(), "scope": _scope()}, CONTEXTS,
       "Powers in scope of this type add 0 to their side's total (applied last). They still "
       "count for combinations.",
       "{effect: prevent, what: power, match: {type: frost}, scope: heroes}",
       immune=_immune)
effect("value_becomes",
       {"from": Field(Int(0, 9), required=True, doc="the printed value that changes"),
        "to": Field(Int(0, 20), required=True, doc="the value it counts as"),
        "scope": _scope()}, CONTEXTS,
       "Powers in scope with this printed value count as another value. Applied first, "
       "before any addition or multiplier; combinations keep the printed value.",
       "{effect: modify, value: power, by: set, from: 1, to: 5, scope: both}",
       swap=_value_becomes)
effect("add_value",
       {"amount": Field(Int(-5, 5), required=True,
                        doc="added to each power's value (never below 0)"),
        "type": _type(required=False), "scope": _scope()}, CONTEXTS,
       "Each power in scope (of the given type, or every power without one) counts this "
       "much more (or less). Applied after value changes, before multipliers.",
       "{effect: modify, value: power, amount: 2, match: {type: flame}, scope: villain}",
       add=_add_value)
effect("multiply_type",
       {"type": _type(), "factor": Field(Int(2, 4), default=2, doc="the multiplier"),
        "scope": _scope()}, CONTEXTS,
       "Powers in scope of this type count double (or the given factor).",
       "{effect: modify, value: power, by: multiply, match: {type: mind}, factor: 2, "
       "scope: heroes}",
       multiply=_multiply_type)
effect("multiply_matching",
       {"factor": Field(Int(2, 4), default=2, doc="the multiplier"), "scope": _scope()},
       CONTEXTS,
       "Powers in scope that share a type with a power of the other side (the villain's "
       "powers for heroes, the defence for the villain) count double (or the given factor).",
       "{effect: multiply_matching, factor: 2, scope: heroes}",
       multiply=_multiply_matching)
effect("halve_type", {"type": _type(), "scope": _scope()}, CONTEXTS,
       "Powers in scope of this type count half, rounded up (after multipliers).",
       "{effect: modify, value: power, by: halve, match: {type: might}, scope: heroes}",
       halve=_halve_type)
effect("halve_shared", {"scope": _scope()}, CONTEXTS,
       "Powers in scope that share a type with another power of the same side count half, "
       "rounded up (after multipliers).",
       "{effect: halve_shared, scope: heroes}",
       halve=_halve_shared)


# -- the side's combinations and total ---------------------------------------------------------
def _no_combinations(e, table) -> None:
    table.cancel(("values", "types") if e["of"] == "all" else (e["of"],), e["source"])


def _add_total(e, table) -> None:
    table.add(e["amount"], e["source"])


effect("no_combinations",
       {"of": Field(Enum("values", "types", "all"), default="all",
                    doc="which combinations are cancelled: `values`, `types` or `all`"),
        "scope": _scope()}, CONTEXTS,
       "No combination points: for the heroes, none for repeated values and/or types; for "
       "the villain, no +4 for all-same number and/or all-same type.",
       "{effect: prevent, what: combinations, of: types, scope: heroes}",
       combos=_no_combinations)
effect("add_total",
       {"amount": Field(Int(-10, 10), required=True,
                        doc="added to the side's final total (never below 0)"),
        "scope": _scope()}, CONTEXTS,
       "Adds to (or takes from) the final total of the side in scope, after everything else "
       "(for the villain: after the base power multiplier and the +4 bonuses).",
       "{effect: modify, value: total, amount: 3, scope: heroes}",
       total=_add_total)

trigger(VILLAIN_CTX, "during the tally of the turn this villain is created for")
trigger(ATTRIBUTE_CTX, "during the tally of the turn this attribute is drawn for")
trigger(LOCATION_CTX, "during the tally of every turn of the round it is the current location")


# -- drawing powers ----------------------------------------------------------------------------
def say_hand(s, seat: int, what: str, cards: list[int]) -> None:
    """A log line naming ``cards`` of ``seat`` (``what``: "draws", "open powers"); with
    Less cooperative the others read only how many."""
    names = ", ".join(map(s.name, cards)) or "nothing"
    who = seat_label(seat)
    if s.options.get("less_cooperative"):
        s.say(f"{who} {what}: {names}", only={seat})
        s.say(f"{who} {what}: {len(cards)} power(s)", only=set(range(s.seats)) - {seat})
    else:
        s.say(f"{who} {what}: {names}")


class PowerDraw(EffectContext):
    """A hero refills from the power pile; when it runs out, the discard pile is shuffled
    into a new one ("When the power pile runs out")."""

    deck_zone = "powers"
    reshuffle_zone = "discard"

    def __init__(self, state, seat: int) -> None:
        super().__init__(state, None, seat)

    def draw(self, count: int) -> list[int]:
        """Up to ``count`` powers from the top of the power pile, one at a time; when the
        pile runs out, the discard pile is shuffled into a new one (none left: fewer)."""
        drawn = self.take(count, self.deck_zone, self.zone(self.hand_zone),
                          self.reshuffle_zone)
        self.report_draw(drawn, count)
        return drawn

    def say_reshuffle(self) -> None:
        self.say("The power pile ran out: the discard pile is shuffled into a new pile")

    def report_draw(self, drawn: list[int], wanted: int) -> None:
        if drawn:
            say_hand(self.state, self.seat, "draws", drawn)
        if len(drawn) < wanted:
            held = len(self.state.zones[self.zone(self.hand_zone)])
            self.say(f"No power cards are left: {seat_label(self.seat)} holds {held}")


class VillainPowers(PowerDraw):
    """The villain's two power cards come from the same pile (announced with the
    villain)."""

    hand_zone = "threat"

    def report_draw(self, drawn: list[int], wanted: int) -> None:
        """The villain's line names them."""

#: how a card file writes these effects: changing a value and preventing a count are
#: the shared verbs; counting as another type and the two matching rules are this
#: game's own
uses({
    "add_value": ("modify", {"value": "power"}, {}, {"type": "type"}),
    "add_total": ("modify", {"value": "total"}),
    "multiply_type": ("modify", {"value": "power", "by": "multiply"}, {}, {"type": "type"}),
    "halve_type": ("modify", {"value": "power", "by": "halve"}, {}, {"type": "type"}),
    "value_becomes": ("modify", {"value": "power", "by": "set"}),
    "immune": ("prevent", {"what": "power"}, {}, {"type": "type"}),
    "no_combinations": ("prevent", {"what": "combinations"}),
})
