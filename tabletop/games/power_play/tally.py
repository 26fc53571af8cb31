"""The Power Play tally: both sides' totals and the working, term by term.

Pure functions over small immutable values (no game state), so the rules, the table's
running total and the computer heroes all count the same way, and tests can feed the
rulebook's examples straight in.

A power's value, in order (``docs/rulings.md``):

1. the printed value, or the value a ``value_becomes`` effect swaps it to;
2. ``add_value`` (never below 0);
3. multipliers: ``multiply_type``, ``multiply_matching``;
4. halving (rounded up): ``halve_type``, ``halve_shared``;
5. ``immune``: 0.

Heroes: the sum of their powers, plus combination points for every printed value and
every printed type seen more than once (:data:`COMBO_POINTS`), plus ``add_total``.
Villain: (its powers + the attribute's power) x its base power, +4 if all its powers
show the same printed number, +4 if they all share a type (``counts_as`` included),
plus ``add_total``. Totals never go below 0.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

HEROES, VILLAIN, BOTH = "heroes", "villain", "both"
#: combination points by how many times a value or type is seen (more than 4: 17)
COMBO_POINTS = {2: 3, 3: 7, 4: 12}
MORE_THAN_FOUR = 17
SAME_BONUS = 4
_COUNT_WORDS = {2: "pair of", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                8: "eight", 9: "nine", 10: "ten"}


def combo_points(count: int) -> int:
    """Points for a value or type seen ``count`` times (0 when seen once)."""
    if count < 2:
        return 0
    return COMBO_POINTS.get(count, MORE_THAN_FOUR)


def type_name(kind: str) -> str:
    return kind.replace("-", " ").title()


@dataclass(frozen=True, slots=True)
class Power:
    """A power card as the tally sees it."""

    type: str
    value: int

    @property
    def label(self) -> str:
        return f"{type_name(self.type)} {self.value}"


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a villain, attribute or location card (see the vocabulary)."""

    kind: str
    scope: str
    source: str = ""
    type: str | None = None
    value_from: int | None = None
    value_to: int | None = None
    factor: int = 2
    amount: int = 0
    of: str = "all"

    def touches(self, side: str) -> bool:
        return self.scope == BOTH or self.scope == side


def effect_from_data(data: dict, source: str) -> Effect:
    """An effect mapping from a card file (already validated) as an :class:`Effect`."""
    return Effect(kind=data["effect"], scope=data["scope"], source=source,
                  type=data.get("type"), value_from=data.get("from"),
                  value_to=data.get("to"), factor=data.get("factor") or 2,
                  amount=data.get("amount") or 0, of=data.get("of") or "all")


@dataclass(frozen=True, slots=True)
class Term:
    """One added piece of a total: ``amount`` and its label (``Gale``, ``pair of 3s``)."""

    amount: int
    label: str


@dataclass(frozen=True)
class Tally:
    """A side's total with its working: ``summary`` is the one-line sum, ``notes`` say
    why a power counts what it counts (``Frost 3: immune (Glacier Hide), 0``)."""

    side: str
    total: int
    summary: str
    notes: tuple[str, ...] = ()
    terms: tuple[Term, ...] = ()

    def lines(self) -> list[str]:
        who = "Heroes" if self.side == HEROES else "Villain"
        return [f"{who}: {self.summary}", *(f"  {n}" for n in self.notes)]


# -- the pieces ------------------------------------------------------------------------------

def type_sets(powers: Sequence[Power], effects: Iterable[Effect],
              side: str) -> list[frozenset[str]]:
    """Each power's types: its own plus every ``counts_as`` type of its side."""
    extra = {e.type for e in effects if e.kind == "counts_as" and e.touches(side)}
    if not extra:
        return [frozenset((p.type,)) for p in powers]
    return [frozenset({p.type} | extra) for p in powers]


def _half(v: int) -> int:
    return (v + 1) // 2


def power_values(powers: Sequence[Power], types: Sequence[frozenset[str]],
                 other_types: frozenset[str], effects: Sequence[Effect], side: str,
                 explain: bool = True) -> list[tuple[int, object]]:
    """Each power's value after the effects, with a note when it changed: ``("immune",
    why)`` or ``("steps", what)`` (else "")."""
    mine = [e for e in effects if e.touches(side) and e.kind != "counts_as"]
    shared: set[str] = set()
    if any(e.kind == "halve_shared" for e in mine):
        counts = Counter(t for ts in types for t in ts)
        shared = {t for t, n in counts.items() if n >= 2}
    out = []
    for p, ts in zip(powers, types, strict=True):
        v = p.value
        steps: list = []
        for e in mine:
            if e.kind == "value_becomes" and p.value == e.value_from:
                v = e.value_to
                if explain:
                    steps.append(f"counts as {v} ({e.source})")
                break
        for e in mine:
            if e.kind == "add_value" and (e.type is None or e.type in ts):
                v = max(0, v + e.amount)
                if explain:
                    sign = "+" if e.amount >= 0 else "\u2212"
                    steps.append(f"{sign}{abs(e.amount)} ({e.source})")
        for e in mine:
            if (e.kind == "multiply_type" and e.type in ts) or (
                    e.kind == "multiply_matching" and ts & other_types):
                v *= e.factor
                if explain:
                    steps.append(f"\u00d7{e.factor} ({e.source})")
        for e in mine:
            if (e.kind == "halve_type" and e.type in ts) or (
                    e.kind == "halve_shared" and ts & shared):
                v = _half(v)
                if explain:
                    steps.append(f"half ({e.source})")
        immune = next((e for e in mine if e.kind == "immune" and e.type in ts), None)
        if immune is not None:
            v = 0
            note = ("immune", f"immune ({immune.source})") if explain else ""
        elif steps:
            note = ("steps", ", ".join(steps))
        else:
            note = ""
        out.append((v, note))
    return out


def grouped_notes(powers: Sequence[Power], values: Sequence[tuple[int, object]]) -> list[str]:
    """The notes of :func:`power_values` as lines; powers changed the same way share one
    (``Frost 3: immune (Glacier Hide), 0``; ``Mind 4 → 3, Flame 5 → 4: −1 (Hard Light)``)."""
    groups: dict[tuple, list[tuple[Power, int]]] = {}
    for p, (v, note) in zip(powers, values, strict=True):
        if note:
            groups.setdefault(note, []).append((p, v))
    lines = []
    for (kind, why), members in groups.items():
        if kind == "immune":
            names = ", ".join(p.label for p, _ in members)
            lines.append(f"{names}: {why}, 0")
        elif len(members) == 1:
            p, v = members[0]
            lines.append(f"{p.label}: {why} = {v}")
        else:
            names = ", ".join(f"{p.label} \u2192 {v}" for p, v in members)
            lines.append(f"{names}: {why}")
    return lines


def _cancelled(effects: Sequence[Effect], side: str) -> set[str]:
    """Which combinations (``values``/``types``) ``no_combinations`` cancels for a side."""
    out: set[str] = set()
    for e in effects:
        if e.kind == "no_combinations" and e.touches(side):
            out.update(("values", "types") if e.of == "all" else (e.of,))
    return out


def _cancel_notes(effects: Sequence[Effect], side: str, lost: set[str]) -> list[str]:
    """Notes for ``no_combinations`` effects that took points away (``lost``: the kinds
    of combination that would have scored)."""
    what = {"values": "repeated values", "types": "repeated types"} if side == HEROES else \
        {"values": "all the same number", "types": "all the same type"}
    notes = []
    for e in effects:
        if e.kind == "no_combinations" and e.touches(side):
            kinds = [k for k in (("values", "types") if e.of == "all" else (e.of,))
                     if k in lost]
            if kinds:
                points = "points" if side == HEROES else "+4"
                notes.append(f"no {points} for {' or '.join(what[k] for k in kinds)} "
                             f"({e.source})")
    return notes


def _added(effects: Sequence[Effect], side: str) -> list[Term]:
    return [Term(e.amount, e.source) for e in effects
            if e.kind == "add_total" and e.touches(side)]


def _signed(terms: Sequence[Term]) -> str:
    """`` + 3 [x] − 2 [y]`` for extra terms after a first one."""
    return "".join(f" {'+' if t.amount >= 0 else chr(0x2212)} {abs(t.amount)} [{t.label}]"
                   for t in terms)


def _count_label(count: int, what: str, plural: str) -> str:
    words = _COUNT_WORDS.get(count, str(count))
    return f"{words} {what}" if count == 2 else f"{words} {plural}"


def combinations(heroes: Sequence[Power], cancelled: set[str] = frozenset()) -> list[Term]:
    """Combination points of a defence, from printed values and printed types."""
    terms = []
    if "values" not in cancelled:
        for value, n in sorted(Counter(p.value for p in heroes).items()):
            if n >= 2:
                terms.append(Term(combo_points(n), _count_label(n, f"{value}s", f"{value}s")))
    if "types" not in cancelled:
        for kind, n in sorted(Counter(p.type for p in heroes).items()):
            if n >= 2:
                name = type_name(kind)
                terms.append(Term(combo_points(n), _count_label(n, name, name)))
    return terms


# -- the two sides ---------------------------------------------------------------------------

def combo_total(heroes: Sequence[Power], cancelled: set[str] = frozenset()) -> int:
    """The combination points of a defence (a fast :func:`combinations`)."""
    total = 0
    if "values" not in cancelled:
        seen: dict = {}
        for p in heroes:
            seen[p.value] = seen.get(p.value, 0) + 1
        total += sum(combo_points(n) for n in seen.values() if n > 1)
    if "types" not in cancelled:
        seen = {}
        for p in heroes:
            seen[p.type] = seen.get(p.type, 0) + 1
        total += sum(combo_points(n) for n in seen.values() if n > 1)
    return total


def hero_tally(heroes: Sequence[Power], villain: Sequence[Power],
               effects: Sequence[Effect], explain: bool = True) -> Tally:
    """The heroes' total against a villain with powers ``villain`` (those known)."""
    htypes = type_sets(heroes, effects, HEROES)
    vtypes = type_sets(villain, effects, VILLAIN)
    other = frozenset().union(*vtypes)
    values = power_values(heroes, htypes, other, effects, HEROES, explain)
    cancelled = _cancelled(effects, HEROES)
    extra = _added(effects, HEROES)
    if not explain:
        total = sum(v for v, _ in values) + combo_total(heroes, cancelled) \
            + sum(t.amount for t in extra)
        return Tally(HEROES, max(0, total), "")
    terms = [Term(v, type_name(p.type)) for p, (v, _) in zip(heroes, values, strict=True)]
    combos = combinations(heroes, cancelled)
    total = max(0, sum(t.amount for t in terms) + sum(t.amount for t in combos)
                + sum(t.amount for t in extra))
    shown = [t for t in terms if t.amount] + combos
    parts = " + ".join(f"{t.amount} [{t.label}]" for t in shown) if shown else "0"
    summary = f"{parts}{_signed(extra)} = {total}"
    notes = grouped_notes(heroes, values)
    if cancelled:
        lost = {k for k in ("values", "types") if k in cancelled
                and combinations(heroes, {"values", "types"} - {k})}
        notes += _cancel_notes(effects, HEROES, lost)
    return Tally(HEROES, total, summary, tuple(notes), tuple(terms + combos + extra))


def villain_tally(villain: Sequence[Power], attribute: int, base: int,
                  heroes: Sequence[Power], effects: Sequence[Effect],
                  explain: bool = True) -> Tally:
    """The villain's total: (powers + attribute) x base, the +4 bonuses, additions."""
    vtypes = type_sets(villain, effects, VILLAIN)
    htypes = type_sets(heroes, effects, HEROES)
    other = frozenset().union(*htypes)
    values = power_values(villain, vtypes, other, effects, VILLAIN, explain)
    inner = sum(v for v, _ in values) + attribute
    bonuses: list[Term] = []
    cancelled = _cancelled(effects, VILLAIN)
    lost: set[str] = set()
    if len(villain) >= 2:
        if len({p.value for p in villain}) == 1:
            if "values" in cancelled:
                lost.add("values")
            else:
                bonuses.append(Term(SAME_BONUS, f"all {villain[0].value}s"))
        common = frozenset.intersection(*vtypes)
        if common and "types" in cancelled:
            lost.add("types")
        elif common:
            kind = villain[0].type if villain[0].type in common else sorted(common)[0]
            bonuses.append(Term(SAME_BONUS, f"all {type_name(kind)}"))
    extra = _added(effects, VILLAIN)
    total = max(0, inner * base + sum(t.amount for t in bonuses + extra))
    if not explain:
        return Tally(VILLAIN, total, "")
    pieces = [f"{v} [{'/'.join(type_name(t) for t in _ordered(p, ts))}]"
              for p, ts, (v, _) in zip(villain, vtypes, values, strict=True)]
    pieces.append(f"{attribute} [attribute]")
    core = f"({' + '.join(pieces)}) \u00d7 {base} [base]"
    after = bonuses + extra
    summary = f"({core}){_signed(after)} = {total}" if after else f"{core} = {total}"
    notes = grouped_notes(villain, values)
    counted = {e.type: e.source for e in effects if e.kind == "counts_as" and e.touches(VILLAIN)}
    for kind, source in counted.items():
        notes.insert(0, f"every villain power is also {type_name(kind)} ({source})")
    notes += _cancel_notes(effects, VILLAIN, lost)
    terms = [Term(v, p.label) for p, (v, _) in zip(villain, values, strict=True)]
    return Tally(VILLAIN, total, summary, tuple(notes),
                 tuple(terms + [Term(attribute, "attribute")] + bonuses + extra))


def _ordered(p: Power, types: frozenset[str]) -> list[str]:
    return [p.type] + sorted(types - {p.type})
