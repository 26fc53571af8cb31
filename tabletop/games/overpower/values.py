"""What an attack or a defence is worth: the printed values plus every bonus that applies
(Universe cards, follow-up and extra-attack bonuses, inherent abilities, battle bonuses),
and which cards stay as hits. A hit keeps its printed value."""

from __future__ import annotations

from typing import NamedTuple

from ...engine.moves import Move
from .artifacts import borne_profiles
from .combos import follow_bonus
from .common import NO_TYPE
from .state import Attack, Link, OPState


def borne(s: OPState, ch: int, part: str) -> tuple:
    """What the Artifacts ``ch`` bears add to one part of its abilities."""
    return tuple(x for p in borne_profiles(s, ch) for x in getattr(p, part))

ALL_DEFENCES = frozenset({"power", "universe", "doubleshot", "avoid", "negate"})


def _ability_attack(s: OPState, ch: int, kind: str, types: tuple) -> int:
    total = 0
    for amount, only, kinds in s.info[ch].profile.attack + borne(s, ch, "attack"):
        if (only is None or any(t in only for t in types)) and (kinds is None or kind in kinds):
            total += amount
    return total


def universe_extra(s: OPState, ch: int, kind: str) -> int:
    """An inherent ability's addition to a Universe card's bonus."""
    return sum(amount for amount, kinds in s.info[ch].profile.universe if kind in kinds)


def battle_bonus(s: OPState, seat: int, ch: int, action: str, types: tuple) -> int:
    total = 0
    for b in s.bonuses:
        if b.seat == seat and b.char in (-1, ch) and b.applies in (action, "both") and \
                (b.types is None or any(t in b.types for t in types)):
            total += b.amount
    return total


class Parts(NamedTuple):
    """An attack's cards, hits, value terms and types, before the bonuses."""

    kind: str
    cards: tuple
    hits: tuple
    terms: tuple
    types: tuple
    blockable: frozenset = ALL_DEFENCES
    special: int = -1


def _power_parts(s: OPState, m: Move) -> Parts:
    actor, partner, t = m.choice
    info = s.info
    kind = "follow" if m.kind == "follow" else "power"
    terms = ((info[m.card].name, info[m.card].value),)
    types = (t,) if t != NO_TYPE else ()
    if partner < 0:
        return Parts(kind, (m.card,), (m.card,), terms, types)
    u = info[partner]
    terms += ((u.name, u.bonus),)
    extra = universe_extra(s, actor, u.kind)
    if extra:
        terms += ((f"{s.name(actor)}'s ability", extra),)
    return Parts("universe", (m.card, partner), (m.card,), terms, types)


def _doubleshot_parts(s: OPState, m: Move) -> Parts:
    p = m.choice[1]
    info = s.info
    return Parts("doubleshot", (m.card, p), (m.card, p),
                 ((info[m.card].name, info[m.card].value), (info[p].name, info[p].value)),
                 info[m.card].types)


def _special_parts(s: OPState, m: Move) -> Parts:
    _, partner, t = m.choice
    inf = s.info[m.card]
    if inf.partner is not None:
        p = s.info[partner]
        return Parts("special", (m.card, partner), (partner,),
                     ((p.name, p.value), (inf.name, inf.partner[1])), (inf.partner[0],),
                     inf.blockable, m.card)
    if inf.has_value:
        types = (t,) if t != NO_TYPE else inf.types if len(inf.types) == 1 else ()
        return Parts("special", (m.card,), (m.card,), ((inf.name, inf.value),), types,
                     inf.blockable, m.card)
    return Parts("special", (m.card,), (), (), (), inf.blockable, m.card)


def _acting_parts(s: OPState, m: Move) -> Parts:
    inf = s.info[m.card]
    return Parts(m.kind, (m.card,), (m.card,), ((inf.name, inf.value),), inf.types)


PARTS = {"attack": _power_parts, "follow": _power_parts, "doubleshot": _doubleshot_parts,
         "special": _special_parts, "teamwork": _acting_parts, "ally": _acting_parts}


def _link_terms(s: OPState, m: Move, link: Link | None) -> tuple:
    info = s.info
    if link is None:
        return ()
    if m.kind == "follow":
        bonus = follow_bonus(info[link.source], m.choice[2])
        return ((f"{info[link.source].name} follow-up", bonus),) if bonus else ()
    return ((info[link.source].name, link.bonus),) if link.bonus else ()


def build_attack(s: OPState, m: Move, link: Link | None) -> Attack:
    """The attack ``m`` makes (with the bonus of the chain ``link`` it answers)."""
    actor = m.choice[0]
    parts = PARTS[m.kind](s, m)
    terms = parts.terms
    value = None
    if terms:
        terms += _link_terms(s, m, link)
        extra = _ability_attack(s, actor, parts.kind, parts.types)
        if extra:
            terms += ((f"{s.name(actor)}'s ability", extra),)
        extra = battle_bonus(s, m.seat, actor, "attack", parts.types)
        if extra:
            terms += (("battle bonus", extra),)
        value = sum(n for _, n in terms)
    nested = link is not None and link.by == "teammate" and link.kind == "extra"
    return Attack(m.seat, parts.kind, actor, m.target, parts.cards, parts.hits, value,
                  parts.types, terms, parts.blockable, parts.special, nested)


def _ability_defence(s: OPState, ch: int, attack: Attack) -> int:
    total = 0
    for amount, against in s.info[ch].profile.defence + borne(s, ch, "defence"):
        if against is None or any(t in against for t in attack.types):
            total += amount
    return total


def defence_terms(s: OPState, seat: int, defender: int, lead: int, partner: int,
                  attack: Attack) -> list[tuple[str, int]]:
    """The working of a blocking defence's value (printed values and bonuses; a
    Battlesite's Power card alone)."""
    info = s.info
    inf = info[lead]
    if info[defender].kind == "location":
        return [(inf.name, inf.value)]
    if inf.kind == "special":
        p = info[partner]
        terms = [(p.name, p.value), (inf.name, inf.partner[1])]
    else:
        terms = [(inf.name, inf.value)]
        if partner >= 0:
            u = info[partner]
            terms.append((u.name, u.value if u.kind == "power" else u.bonus))
            extra = universe_extra(s, defender, u.kind) if u.kind != "power" else 0
            if extra:
                terms.append((f"{s.name(defender)}'s ability", extra))
    extra = _ability_defence(s, defender, attack)
    if extra:
        terms.append((f"{s.name(defender)}'s ability", extra))
    extra = battle_bonus(s, seat, defender, "defence", info[lead].types)
    if extra:
        terms.append(("battle bonus", extra))
    return terms


def working(terms) -> str:
    """``Energy 4 + Storm Jar 3 = 7``"""
    if not terms:
        return "no value"
    parts = " + ".join(label if f" {n}" in f" {label}" else f"{label} {n}"
                       for label, n in terms)
    return f"{parts} = {sum(n for _, n in terms)}" if len(terms) > 1 else parts
