"""The Power Play tally: both sides' totals and the working, term by term.

Pure functions over small immutable values (no game state), so the rules, the table's
running total and the computer heroes all count the same way, and tests can feed the
rulebook's examples straight in.

The tally is a pipeline of effect stages (:data:`.effects.STAGES`); each effect acts in
its stage through its handler, so nothing here names an effect. The effects on the table
are sorted into each side's stages once (:class:`Plan`). A power's value, in order
(``docs/rulings.md``):

1. ``swap``: the printed value, or the value the first matching swap gives it;
2. ``add`` (never below 0);
3. ``multiply``;
4. ``halve`` (rounded up);
5. ``immune``: 0.

Heroes: the sum of their powers, plus combination points for every printed value and
every printed type seen more than once (:data:`COMBO_POINTS`), plus the ``total`` stage.
Villain: (its powers + the attribute's power) x its base power, +4 if all its powers
show the same printed number, +4 if they all share a type (``types`` included), plus the
``total`` stage. Totals never go below 0.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from operator import attrgetter
from typing import NamedTuple

from ...engine.effects import handler
from ...engine.pack import packable
from .effects import STAGES, VALUE_STAGES

HEROES, VILLAIN, BOTH = "heroes", "villain", "both"
#: combination points by how many times a value or type is seen (more than 4: 17)
COMBO_POINTS = {2: 3, 3: 7, 4: 12}
MORE_THAN_FOUR = 17
SAME_BONUS = 4
_COUNT_WORDS = {2: "pair of", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                8: "eight", 9: "nine", 10: "ten"}
_KINDS = ("values", "types")


def combo_points(count: int) -> int:
    """Points for a value or type seen ``count`` times (0 when seen once)."""
    if count < 2:
        return 0
    return COMBO_POINTS.get(count, MORE_THAN_FOUR)


@cache
def type_name(kind: str) -> str:
    return kind.replace("-", " ").title()


@dataclass(frozen=True, slots=True)
class Power:
    """A power card as the tally sees it (``types``, ``name``, ``label`` and ``term`` are
    worked out once: ``{"gale"}``, ``Gale``, ``Gale 3`` and ``3 [Gale]``, its piece of a
    sum when it counts its printed value)."""

    type: str
    value: int
    types: frozenset[str] = field(init=False, repr=False, compare=False)
    name: str = field(init=False, repr=False, compare=False)
    label: str = field(init=False, repr=False, compare=False)
    term: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        name = type_name(self.type)
        object.__setattr__(self, "types", frozenset((self.type,)))
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "label", f"{name} {self.value}")
        object.__setattr__(self, "term", f"{self.value} [{name}]")


@packable
class Term(NamedTuple):
    """One added piece of a total: ``amount`` and its label (``Gale``, ``pair of 3s``)."""

    amount: int
    label: str


@packable
class Tally(NamedTuple):
    """A side's total with its working: ``summary`` is the one-line sum, ``notes`` say
    why a power counts what it counts (``Frost 3: immune (Glacier Hide), 0``)."""

    side: str
    total: int
    summary: str
    notes: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        who = "Heroes" if self.side == HEROES else "Villain"
        return [f"{who}: {self.summary}", *(f"  {n}" for n in self.notes)]


# -- the effects on the table, sorted into stages ----------------------------------------------
def _stage(e: dict) -> tuple[dict, int, Callable]:
    """The tally stage of effect ``e`` (an index of :data:`STAGES`) and its handler
    there, looked up once per effect object (kept, so that its id stays its own)."""
    found = _STAGES.get(id(e))
    if found is None:
        if len(_STAGES) >= 4096:
            _STAGES.clear()
        found = _STAGES[id(e)] = (e, *_find_stage(e))
    return found


def _find_stage(e: dict) -> tuple[int, Callable]:
    for i, stage in enumerate(STAGES):
        fn = handler(e, stage)
        if fn is not None:
            return i, fn
    raise LookupError(f"effect {e['effect']!r} has no tally stage")


_STAGES: dict[int, tuple[dict, int, Callable]] = {}
_VALUES = frozenset(STAGES.index(stage) for stage in VALUE_STAGES)
_TYPES = attrgetter("types")
_TYPE = attrgetter("type")
_VALUE = attrgetter("value")


class SideRules:
    """What one side's effects say whatever the powers: the types every power also counts
    as (``also``: type -> card), cancelled combinations, amounts added to the total, and
    the value stages' handlers in order."""

    def __init__(self, side: str, effects: Sequence[dict]) -> None:
        self.also: dict[str, str] = {}
        self.cancelled: set[str] = set()
        self.cancels: list[tuple[tuple[str, ...], str]] = []
        self.extra: list[Term] = []
        #: the value stages' (handler, effect), in stage order
        self.steps: list[tuple[Callable, dict]] = []
        staged = []
        for n, e in enumerate(effects):
            if e["scope"] == side or e["scope"] == BOTH:
                _, i, fn = _stage(e)
                staged.append((i, n, fn, e))
        staged.sort()  # by stage, then in the order written ((i, n) is unique)
        for i, _, fn, e in staged:
            if i in _VALUES:
                self.steps.append((fn, e))
            else:
                fn(e, self)
        extra = self.extra
        self.extra_total = sum(t.amount for t in extra) if extra else 0
        #: the additions as the end of a sum: `` + 2 [Lantern Quay]``
        self.signed = _signed(extra) if extra else ""
        self.extra_types = frozenset(self.also)

    def cancel(self, kinds: tuple[str, ...], source: str) -> None:
        """No combination points of these kinds (``values``, ``types``)."""
        self.cancelled.update(kinds)
        self.cancels.append((kinds, source))

    def add(self, amount: int, source: str) -> None:
        self.extra.append(Term(amount, source))

    def types_of(self, powers: Sequence[Power]) -> list[frozenset[str]]:
        """Each power's types: its own plus every type the side's effects add."""
        extra = self.extra_types
        if not extra:
            return list(map(_TYPES, powers))
        return [extra | p.types for p in powers]

    def types_seen(self, powers: Sequence[Power]) -> frozenset[str]:
        """Every type among ``powers`` (for the other side's matching effects)."""
        if not powers:
            return frozenset()
        return frozenset(map(_TYPE, powers)) | self.extra_types


class Plan:
    """The effects on the table sorted into both sides' stages (:func:`plan_of` keeps
    the plans of the tables seen lately)."""

    def __init__(self, effects: Sequence[dict]) -> None:
        #: the effects (held, so that their ids key :data:`_PLANS` safely)
        self.effects = tuple(effects)
        self.heroes = SideRules(HEROES, effects)
        self.villain = SideRules(VILLAIN, effects)


_PLANS: dict[tuple[int, ...], Plan] = {}
#: how many plans :func:`plan_of` keeps: every table of the built-in set (villain x
#: attribute x location, a few thousand) fits, so playouts build each plan once
PLANS_KEPT = 4096


def plan_of(effects: Sequence[dict] | Plan) -> Plan:
    """The plan of the table with these effects (the same effect objects, in the same
    order, give the same plan: a table's plan is built once)."""
    if isinstance(effects, Plan):
        return effects
    key = tuple(map(id, effects))
    plan = _PLANS.get(key)
    if plan is None:
        if len(_PLANS) >= PLANS_KEPT:
            _PLANS.clear()
        plan = _PLANS[key] = Plan(effects)
    return plan


class Count:
    """One side's powers being counted: what the value stages read and change."""

    __slots__ = ("powers", "types", "other", "values", "notes", "swapped", "immune",
                 "_shared")

    def __init__(self, powers: Sequence[Power], types: list[frozenset[str]],
                 other: frozenset[str], explain: bool) -> None:
        self.powers = powers
        self.types = types
        self.other = other
        self.values = list(map(_VALUE, powers))
        #: power index -> what changed its value (kept only for the working)
        self.notes: dict[int, list[str]] | None = {} if explain else None
        self.swapped: set[int] = set()
        #: power index -> the card that makes it immune
        self.immune: dict[int, str] = {}
        self._shared: frozenset[str] | None = None

    def set(self, i: int, value: int, note: str) -> None:
        """Power ``i`` now counts ``value`` (``note`` says why, for the working)."""
        self.values[i] = value
        notes = self.notes
        if notes is not None:
            if i in notes:
                notes[i].append(note)
            else:
                notes[i] = [note]

    def shared(self) -> frozenset[str]:
        """The types seen on more than one power of this side."""
        if self._shared is None:
            seen: set[str] = set()
            twice: set[str] = set()
            for types in self.types:
                twice |= seen & types
                seen |= types
            self._shared = frozenset(twice)
        return self._shared

    def final(self) -> list[int]:
        """Each power's value (0 where immune)."""
        immune = self.immune
        if not immune:
            return self.values
        return [0 if i in immune else v for i, v in enumerate(self.values)]

    def working(self) -> list[str]:
        """Why powers count what they count; powers changed the same way share a line
        (``Frost 3: immune (Glacier Hide), 0``; ``Mind 4 → 3, Flame 5 → 4: −1 (Hard
        Light)``)."""
        notes, immune = self.notes or {}, self.immune
        if not notes and not immune:
            return []
        groups: dict[tuple[bool, str], list[tuple[Power, int]]] = {}
        for i, p in enumerate(self.powers):
            if i in immune:
                groups.setdefault((True, f"immune ({immune[i]})"), []).append((p, 0))
            elif i in notes:
                groups.setdefault((False, ", ".join(notes[i])), []).append((p, self.values[i]))
        lines = []
        for (is_immune, why), members in groups.items():
            if is_immune:
                lines.append(f"{', '.join(p.label for p, _ in members)}: {why}, 0")
            elif len(members) == 1:
                p, v = members[0]
                lines.append(f"{p.label}: {why} = {v}")
            else:
                names = ", ".join(f"{p.label} \u2192 {v}" for p, v in members)
                lines.append(f"{names}: {why}")
        return lines


def count(rules: SideRules, powers: Sequence[Power], other: frozenset[str],
          explain: bool = False) -> Count:
    """Run the value stages over ``powers`` (``other``: the other side's types)."""
    c = Count(powers, rules.types_of(powers), other, explain)
    if powers:
        for fn, e in rules.steps:
            fn(e, c)
    return c


def _cancel_notes(rules: SideRules, side: str, lost: set[str]) -> list[str]:
    """Notes for cancelled combinations that took points away (``lost``: the kinds of
    combination that would have scored)."""
    what = {"values": "repeated values", "types": "repeated types"} if side == HEROES else \
        {"values": "all the same number", "types": "all the same type"}
    points = "points" if side == HEROES else "+4"
    notes = []
    for cancelled, source in rules.cancels:
        kinds = [k for k in cancelled if k in lost]
        if kinds:
            notes.append(f"no {points} for {' or '.join(what[k] for k in kinds)} ({source})")
    return notes


def _signed(terms: Sequence[Term]) -> str:
    """`` + 3 [x] − 2 [y]`` for extra terms after a first one."""
    return "".join(f" {'+' if t.amount >= 0 else chr(0x2212)} {abs(t.amount)} [{t.label}]"
                   for t in terms)


def _repeated(keys: list) -> list[tuple]:
    """The keys seen more than once, in order, with how many times."""
    distinct = set(keys)
    if len(distinct) == len(keys):
        return []
    return [(k, n) for k in sorted(distinct) if (n := keys.count(k)) > 1]


def _times(count: int) -> str:
    return _COUNT_WORDS.get(count, str(count))


def combinations(heroes: Sequence[Power], cancelled: set[str] = frozenset()) -> list[Term]:
    """Combination points of a defence, from printed values and printed types."""
    if len(heroes) < 2:
        return []
    terms = []
    if "values" not in cancelled:
        terms += [Term(combo_points(n), f"{_times(n)} {value}s")
                  for value, n in _repeated(list(map(_VALUE, heroes)))]
    if "types" not in cancelled:
        terms += [Term(combo_points(n), f"{_times(n)} {type_name(kind)}")
                  for kind, n in _repeated(list(map(_TYPE, heroes)))]
    return terms


def combo_total(heroes: Sequence[Power], cancelled: set[str] = frozenset()) -> int:
    """The combination points of a defence (a fast :func:`combinations`)."""
    if len(heroes) < 2:
        return 0
    total = 0
    if "values" not in cancelled:
        total += sum(combo_points(n) for _, n in _repeated(list(map(_VALUE, heroes))))
    if "types" not in cancelled:
        total += sum(combo_points(n) for _, n in _repeated(list(map(_TYPE, heroes))))
    return total


# -- the two sides ------------------------------------------------------------------------------
def hero_total(plan: Plan, heroes: Sequence[Power], villain_types: frozenset[str]) -> int:
    """The heroes' total alone (``villain_types``: :meth:`SideRules.types_seen` of the
    villain's powers), for counting many defences fast."""
    rules = plan.heroes
    c = count(rules, heroes, villain_types)
    total = sum(c.final()) + combo_total(heroes, rules.cancelled) + rules.extra_total
    return max(0, total)


def hero_tally(heroes: Sequence[Power], villain: Sequence[Power],
               effects: Sequence[dict] | Plan, explain: bool = True) -> Tally:
    """The heroes' total against a villain with powers ``villain`` (those known)."""
    plan = plan_of(effects)
    rules = plan.heroes
    other = plan.villain.types_seen(villain)
    if not explain:
        return Tally(HEROES, hero_total(plan, heroes, other), "")
    c = count(rules, heroes, other, True)
    values = c.final()
    parts = [p.term if v == p.value else f"{v} [{p.name}]"
             for p, v in zip(heroes, values, strict=True) if v]
    total = rules.extra_total + sum(values)
    if len(heroes) > 1:
        for points, label in combinations(heroes, rules.cancelled):
            parts.append(f"{points} [{label}]")
            total += points
    total = max(0, total)
    summary = f"{' + '.join(parts) if parts else '0'}{rules.signed} = {total}"
    notes = c.working()
    if rules.cancelled:
        lost = {k for k in _KINDS if k in rules.cancelled
                and combinations(heroes, {"values", "types"} - {k})}
        notes += _cancel_notes(rules, HEROES, lost)
    return Tally(HEROES, total, summary, tuple(notes))


def _same(villain: Sequence[Power], types: list[frozenset[str]],
          cancelled: set[str]) -> tuple[list[Term], set[str]]:
    """The villain's +4 bonuses (all the same number, all the same type) and the kinds
    an effect cancelled."""
    bonuses: list[Term] = []
    lost: set[str] = set()
    if len(villain) < 2:
        return bonuses, lost
    first = villain[0]
    if len(set(map(_VALUE, villain))) == 1:
        if "values" in cancelled:
            lost.add("values")
        else:
            bonuses.append(Term(SAME_BONUS, f"all {first.value}s"))
    common = frozenset.intersection(*types)
    if common and "types" in cancelled:
        lost.add("types")
    elif common:
        kind = first.type if first.type in common else sorted(common)[0]
        bonuses.append(Term(SAME_BONUS, f"all {type_name(kind)}"))
    return bonuses, lost


def villain_total(plan: Plan, villain: Sequence[Power], attribute: int, base: int,
                  hero_types: frozenset[str]) -> int:
    """The villain's total alone (``hero_types``: :meth:`SideRules.types_seen` of the
    defence), for counting many defences fast."""
    rules = plan.villain
    c = count(rules, villain, hero_types)
    bonuses, _ = _same(villain, c.types, rules.cancelled)
    inner = sum(c.final()) + attribute
    return max(0, inner * base + SAME_BONUS * len(bonuses) + rules.extra_total)


def villain_tally(villain: Sequence[Power], attribute: int, base: int,
                  heroes: Sequence[Power], effects: Sequence[dict] | Plan,
                  explain: bool = True) -> Tally:
    """The villain's total: (powers + attribute) x base, the +4 bonuses, additions."""
    plan = plan_of(effects)
    other = plan.heroes.types_seen(heroes)
    if not explain:
        return Tally(VILLAIN, villain_total(plan, villain, attribute, base, other), "")
    rules = plan.villain
    c = count(rules, villain, other, True)
    values = c.final()
    bonuses, lost = _same(villain, c.types, rules.cancelled)
    total = max(0, (sum(values) + attribute) * base + SAME_BONUS * len(bonuses)
                + rules.extra_total)
    pieces = [p.term if v == p.value and ts is p.types else f"{v} [{_type_names(p, ts)}]"
              for p, ts, v in zip(villain, c.types, values, strict=True)]
    pieces.append(f"{attribute} [attribute]")
    core = f"({' + '.join(pieces)}) \u00d7 {base} [base]"
    after = _signed(bonuses) + rules.signed if bonuses else rules.signed
    summary = f"({core}){after} = {total}" if after else f"{core} = {total}"
    notes = c.working()
    for kind, source in rules.also.items():
        notes.insert(0, f"every villain power is also {type_name(kind)} ({source})")
    notes += _cancel_notes(rules, VILLAIN, lost)
    return Tally(VILLAIN, total, summary, tuple(notes))


def _type_names(p: Power, types: frozenset[str]) -> str:
    """``Flame/Gale``: the power's own type first."""
    if len(types) == 1:
        return p.name
    return "/".join([p.name] + [type_name(t) for t in sorted(types - p.types)])
