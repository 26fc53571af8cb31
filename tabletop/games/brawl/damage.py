"""Damage resolution, steps A to G, in exactly the printed order.

For every match-up each character deals its declared power's damage to the other.
The amount is adjusted by character abilities (A), declared powers (B) and Conditions
(C), then by -2 if the dealer is taking an action and the receiver attacked it, and
floored at 0. Fast and ranged damage lands in D, normal in E, slow in F (a character
knocked out in an earlier step deals none); healing and render aid happen in G.
Thwart and gang up are checked when the match-up's damage would land.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import SPEED_STEP
from .effects import Mod, matches
from .state import BrawlState

GANG_BONUS = 2
ACTION_PENALTY = 2
AID_MAX = 5


@dataclass
class Hit:
    """One character's damage to its match-up opponent, with the working shown."""

    dealer: int
    receiver: int
    matchup: int  # the attacker of the match-up (identifies it)
    step: str  # "D", "E" or "F"
    base: int
    amount: int = 0
    lines: list[str] = field(default_factory=list)


def _apply_mods(state: BrawlState, mods: list[tuple[Mod, int | None, int | None]],
                dealer: int, receiver: int) -> list[tuple[int, str]]:
    out = []
    for mod, source, seat in mods:
        if matches(state, mod.dealer, dealer, source, seat) and \
                matches(state, mod.receiver, receiver, source, seat):
            out.append((mod.amount, mod.label))
    return out


def _fmt(n: int) -> str:
    return f"+{n}" if n >= 0 else f"\u2212{-n}"


def plan(state: BrawlState) -> list[Hit]:
    """Every damaging hit of this turn with its adjusted amount (steps A, B, C)."""
    in_play = [(c, seat) for seat in state.alive_seats() for c in state.zones[f"play.{seat}"]]
    ability_mods = [(m, c, seat) for c, seat in in_play if c not in state.turned
                    for m in state.info[c].abilities]
    power_mods = [(m, c, seat) for c, seat in in_play if c in state.power
                  for m in state.info[c].powers[state.power[c]].mods]
    condition_mods = [(m, None, None) for c in state.zones["conditions"]
                      for m in state.info[c].mods]
    hits: list[Hit] = []
    for att, tgt in state.mu.items():
        for dealer, receiver in ((att, tgt), (tgt, att)):
            idx = state.power.get(dealer)
            if idx is None:
                continue
            power = state.info[dealer].powers[idx]
            if power.damage is None:
                continue
            hit = Hit(dealer, receiver, att, SPEED_STEP[power.speed], power.damage)
            total = power.damage
            hit.lines.append(f"{state.name(dealer)} \u2192 {state.name(receiver)}: "
                             f"{power.name} {power.damage} ({power.speed})")
            for letter, mods in (("A", ability_mods), ("B", power_mods), ("C", condition_mods)):
                for amount, label in _apply_mods(state, mods, dealer, receiver):
                    total += amount
                    hit.lines.append(f"  {letter}: {_fmt(amount)} from {label}")
            kind_target = state.action.get(dealer)
            if kind_target is not None and state.mu.get(receiver) == dealer:
                total -= ACTION_PENALTY
                hit.lines.append(f"  {_fmt(-ACTION_PENALTY)}: {state.name(dealer)} is taking "
                                 f"an action and {state.name(receiver)} attacked it")
            if total < 0:
                hit.lines.append(f"  floored at 0 (was {total})")
                total = 0
            hit.amount = total
            hit.lines.append(f"  = {total} damage in step {hit.step}")
            hits.append(hit)
    return hits


def actors(state: BrawlState, kind: str) -> dict[int, list[int]]:
    """Characters taking action ``kind`` (thwart, gang, aid), grouped by what they act on
    (a thwart acts on a match-up, named by its attacker)."""
    out: dict[int, list[int]] = {}
    for actor, (act, target) in state.action.items():
        if act == kind:
            out.setdefault(target, []).append(actor)
    return out


def threatened_by_thwart(state: BrawlState) -> set[int]:
    """Match-ups a standing Gray is thwarting right now (it may still fall before the
    match-up's first damage, so this is a forecast)."""
    return {m for m, gs in actors(state, "thwart").items()
            if any(_standing(state, g) for g in gs)}


def _standing(state: BrawlState, card: int) -> bool:
    return card not in state.turned and state.owner(card) is not None


def resolve(state: BrawlState) -> None:
    """Resolve the whole damage sequence and write each step to the log."""
    hits = plan(state)
    say = state.say
    say("Damage resolution")
    for hit in hits:
        for line in hit.lines:
            say(line)
    thwart_checked: dict[int, bool] = {}  # match-up -> thwarted?
    thwarters = actors(state, "thwart")
    gangers = actors(state, "gang")
    first_step = {}
    for hit in hits:
        first_step[hit.matchup] = min(first_step.get(hit.matchup, "Z"), hit.step)
    for step in ("D", "E", "F"):
        label = {"D": "fast and ranged", "E": "normal", "F": "slow"}[step]
        dealt: dict[int, int] = {}
        notes: list[str] = []
        for hit in hits:
            if hit.step != step:
                continue
            if not _standing(state, hit.dealer) or state.owner(hit.receiver) is None:
                if state.owner(hit.dealer) is not None and hit.dealer in state.turned:
                    notes.append(f"{state.name(hit.dealer)} was knocked out earlier and deals "
                                 "no damage")
                continue
            if hit.matchup not in thwart_checked and first_step.get(hit.matchup) == step:
                standing = [t for t in thwarters.get(hit.matchup, ())
                            if _standing(state, t) and state.action.get(t) == ("thwart",
                                                                              hit.matchup)]
                thwart_checked[hit.matchup] = bool(standing)
                if standing:
                    notes.append(f"{state.name(standing[0])} thwarts the match-up of "
                                 f"{state.name(hit.matchup)} and "
                                 f"{state.name(state.mu[hit.matchup])}: no damage")
                elif thwarters.get(hit.matchup):
                    notes.append(f"The thwart of {state.name(hit.matchup)}'s match-up fails "
                                 "(the thwarting character is down)")
            if thwart_checked.get(hit.matchup):
                continue
            amount = hit.amount
            ganging = [g for g in gangers.get(hit.dealer, ())
                       if _standing(state, g) and state.action.get(g) == ("gang", hit.dealer)]
            if ganging:
                amount += GANG_BONUS * len(ganging)
                notes.append(f"{state.name(hit.dealer)} gets {_fmt(GANG_BONUS * len(ganging))}"
                             f" from ganging up ({', '.join(state.name(g) for g in ganging)})")
            elif gangers.get(hit.dealer):
                notes.append(f"No gang-up bonus for {state.name(hit.dealer)}: the ganging-up "
                             "Villain is down")
            dealt[hit.receiver] = dealt.get(hit.receiver, 0) + amount
            notes.append(f"{state.name(hit.dealer)} deals {amount} to {state.name(hit.receiver)}")
        for note in notes:
            say(f"{step}: {note}")
        for card, amount in dealt.items():
            before = state.hp[card]
            state.hp[card] = max(0, before - amount)
            say(f"{step}: {state.name(card)} health {before} \u2192 {state.hp[card]}")
        for card in dealt:
            if state.hp[card] <= 0 and card not in state.turned:
                state.turned.add(card)
                say(f"{step}: {state.name(card)} is knocked out")
        if not dealt and not notes:
            say(f"{step}: no {label} damage")
    _heal_step(state)


def heal(state: BrawlState, card: int, amount: int, prefix: str = "") -> None:
    """Raise health (never above the printed health); above 0 a character stands up."""
    before = state.hp[card]
    state.hp[card] = min(state.info[card].health, before + amount)
    state.say(f"{prefix}{state.name(card)} health {before} \u2192 {state.hp[card]}")
    if state.hp[card] > 0 and card in state.turned:
        state.turned.discard(card)
        state.say(f"{prefix}{state.name(card)} is back on their feet")


def _heal_step(state: BrawlState) -> None:
    gains: dict[int, int] = {}
    notes: list[str] = []
    for card, idx in state.power.items():
        power = state.info[card].powers[idx]
        if power.heal is None:
            continue
        target = state.heal_to.get(card)
        if target is None or state.owner(target) is None:
            notes.append(f"{state.name(card)}'s {power.name} has no target left")
            continue
        if not _standing(state, card):
            if state.owner(card) is not None:
                notes.append(f"{state.name(card)} was knocked out: {power.name} heals nothing")
            continue
        gains[target] = gains.get(target, 0) + power.heal
        notes.append(f"{state.name(card)}'s {power.name} heals {state.name(target)} "
                     f"by {power.heal}")
    for actor, (kind, target) in state.action.items():
        if kind != "aid":
            continue
        if not _standing(state, actor):
            if state.owner(actor) is not None:
                notes.append(f"{state.name(actor)} was knocked out: no aid")
            continue
        if state.owner(target) is None:
            continue
        hp = state.hp[target] + gains.get(target, 0)
        add = max(0, min(AID_MAX, 1 - hp))
        if add:
            gains[target] = gains.get(target, 0) + add
        notes.append(f"{state.name(actor)} renders aid to {state.name(target)} (+{add})")
    for note in notes:
        state.say(f"G: {note}")
    for card, amount in gains.items():
        heal(state, card, amount, "G: ")
    if not gains and not notes:
        state.say("G: no healing")
