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

from .effects import Mod, Who, signed
from .state import PLAY_ZONES, BrawlState

#: ``_new(Who, (state, source, seat))``: a named tuple without its ``__new__``'s argument
#: handling
_new = tuple.__new__
GANG_BONUS = 2
ACTION_PENALTY = 2
AID_MAX = 5


@dataclass(slots=True)
class Hit:
    """One character's damage to its match-up opponent, with the working shown."""

    dealer: int
    receiver: int
    matchup: int  # the attacker of the match-up (identifies it)
    step: str  # "D", "E" or "F"
    base: int
    amount: int = 0
    lines: list[str] = field(default_factory=list)


_fmt = signed


def _mods_in_play(state: BrawlState) -> tuple[list, list, list]:
    """The damage modifiers in play: abilities of standing characters (step A), declared
    powers (B) and Conditions (C), each with whom its selectors are relative to."""
    info, turned, power, zones = state.info, state.turned, state.power, state.zones
    ability_mods: list[tuple[Mod, Who]] = []
    power_mods: list[tuple[Mod, Who]] = []
    for seat in state.alive_seats():
        for c in zones[PLAY_ZONES[seat]]:
            inf = info[c]
            idx = power.get(c)
            mods = inf.powers[idx].mods if idx is not None else ()
            if mods or (inf.abilities and c not in turned):
                who = _new(Who, (state, c, seat))  # Who(state, c, seat), faster
                if c not in turned:
                    for m in inf.abilities:
                        ability_mods.append((m, who))
                for m in mods:
                    power_mods.append((m, who))
    condition_mods = []
    nobody = _new(Who, (state, None, None))
    for c in zones["conditions"]:
        for m in info[c].mods:
            condition_mods.append((m, nobody))
    return ability_mods, power_mods, condition_mods


def plan(state: BrawlState) -> list[Hit]:
    """Every damaging hit of this turn with its adjusted amount (steps A, B, C)."""
    if not state.mu:
        return []
    groups = None  # the modifiers in play, looked up at the first hit
    power, info = state.power, state.info
    hits: list[Hit] = []
    for att, tgt in state.mu.items():
        for dealer, receiver in ((att, tgt), (tgt, att)):
            idx = power.get(dealer)
            if idx is None:
                continue
            declared = info[dealer].powers[idx]
            if declared.damage is not None:
                if groups is None:
                    groups = tuple(zip("ABC", _mods_in_play(state), strict=True))
                hits.append(_hit(state, groups, att, dealer, receiver, declared))
    return hits


def _hit(state: BrawlState, groups, att: int, dealer: int, receiver: int, power) -> Hit:
    info = state.info
    total = power.damage
    lines = [f"{info[dealer].name} \u2192 {info[receiver].name}: {power.hit}"]
    for letter, mods in groups:
        for mod, who in mods:
            if mod.deals(who, dealer) and mod.takes(who, receiver):
                total += mod.amount
                lines.append(f"  {letter}: {mod.note}")
    if dealer in state.action and state.mu.get(receiver) == dealer:
        total -= ACTION_PENALTY
        lines.append(f"  {_fmt(-ACTION_PENALTY)}: {state.name(dealer)} is taking "
                     f"an action and {state.name(receiver)} attacked it")
    if total < 0:
        lines.append(f"  floored at 0 (was {total})")
        total = 0
    lines.append(f"  = {total} damage in step {power.step}")
    return Hit(dealer, receiver, att, power.step, power.damage, total, lines)


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
    log = state.events.append  # ``state.say(line)`` for everyone, without the call
    log(("Damage resolution", None))
    for hit in hits:
        for line in hit.lines:
            log((line, None))
    steps = _Steps(state, hits)
    for step in ("D", "E", "F"):
        steps.run(step)
    _heal_step(state)


class _Steps:
    """Steps D, E and F: each deals its speed's damage at once, after the thwarts and
    gang-ups are checked."""

    LABEL = {"D": "fast and ranged", "E": "normal", "F": "slow"}
    #: a step without damage, as the log says it
    NO_DAMAGE = {step: f"{step}: no {label} damage" for step, label in LABEL.items()}

    def __init__(self, state: BrawlState, hits: list[Hit]) -> None:
        self.state = state
        self.by_step: dict[str, list[Hit]] = {"D": [], "E": [], "F": []}
        self.thwarted: dict[int, bool] = {}  # match-up -> thwarted?
        self.thwarters = actors(state, "thwart") if state.action else {}
        self.gangers = actors(state, "gang") if state.action else {}
        self.first_step: dict[int, str] = {}
        for hit in hits:
            self.by_step[hit.step].append(hit)
            self.first_step[hit.matchup] = min(self.first_step.get(hit.matchup, "Z"), hit.step)
        # no card enters or leaves play while damage is dealt: who is in play is fixed
        zones = state.zones
        self.in_play = {c for z in PLAY_ZONES[:state.seats] for c in zones[z]}

    def run(self, step: str) -> None:
        state = self.state
        if not self.by_step[step]:
            state.events.append((self.NO_DAMAGE[step], None))  # state.say, without the call
            return
        dealt: dict[int, int] = {}
        notes: list[str] = []
        name = state.name
        for hit in self.by_step[step]:
            if not self._deals(hit, notes):
                continue
            if self.thwarters and self._thwarted(hit, step, notes):
                continue
            amount = hit.amount + (self._gang_bonus(hit, notes) if self.gangers else 0)
            dealt[hit.receiver] = dealt.get(hit.receiver, 0) + amount
            notes.append(f"{name(hit.dealer)} deals {amount} to {name(hit.receiver)}")
        say = state.say
        for note in notes:
            say(f"{step}: {note}")
        hp, turned = state.hp, state.turned
        for card, amount in dealt.items():
            before = hp[card]
            hp[card] = max(0, before - amount)
            say(f"{step}: {name(card)} health {before} \u2192 {hp[card]}")
        for card in dealt:
            if hp[card] <= 0 and card not in turned:
                turned.add(card)
                say(f"{step}: {name(card)} is knocked out")
        if not dealt and not notes:
            say(f"{step}: no {self.LABEL[step]} damage")

    def _deals(self, hit: Hit, notes: list[str]) -> bool:
        """Is the dealer still standing and the receiver still in play?"""
        in_play = self.in_play
        dealer = hit.dealer
        if dealer in in_play:
            if dealer not in self.state.turned:
                return hit.receiver in in_play
            notes.append(f"{self.state.name(dealer)} was knocked out earlier and deals no "
                         "damage")
        return False

    def _standing(self, card: int) -> bool:
        return card not in self.state.turned and card in self.in_play

    def _thwarted(self, hit: Hit, step: str, notes: list[str]) -> bool:
        """A thwart is checked when the match-up's first damage would land."""
        state = self.state
        m = hit.matchup
        if m not in self.thwarted and self.first_step.get(m) == step:
            standing = [t for t in self.thwarters.get(m, ())
                        if self._standing(t) and state.action.get(t) == ("thwart", m)]
            self.thwarted[m] = bool(standing)
            if standing:
                notes.append(f"{state.name(standing[0])} thwarts the match-up of "
                             f"{state.name(m)} and {state.name(state.mu[m])}: no damage")
            elif self.thwarters.get(m):
                notes.append(f"The thwart of {state.name(m)}'s match-up fails "
                             "(the thwarting character is down)")
        return self.thwarted.get(m, False)

    def _gang_bonus(self, hit: Hit, notes: list[str]) -> int:
        state = self.state
        ganging = [g for g in self.gangers.get(hit.dealer, ())
                   if self._standing(g) and state.action.get(g) == ("gang", hit.dealer)]
        if ganging:
            bonus = GANG_BONUS * len(ganging)
            notes.append(f"{state.name(hit.dealer)} gets {_fmt(bonus)} from ganging up "
                         f"({', '.join(state.name(g) for g in ganging)})")
            return bonus
        if self.gangers.get(hit.dealer):
            notes.append(f"No gang-up bonus for {state.name(hit.dealer)}: the ganging-up "
                         "Villain is down")
        return 0


def _heal_step(state: BrawlState) -> None:
    """Step G: declared heals, then render aid (up to 5, to at most 1 health)."""
    gains: dict[int, int] = {}
    notes: list[str] = []
    _power_heals(state, gains, notes)
    _aid(state, gains, notes)
    for note in notes:
        state.say(f"G: {note}")
    for card, amount in gains.items():
        state.heal(card, amount, "G: ")
    if not gains and not notes:
        state.say("G: no healing")


def _power_heals(state: BrawlState, gains: dict[int, int], notes: list[str]) -> None:
    for card, idx in state.power.items():
        power = state.info[card].powers[idx]
        if power.heal is None:
            continue
        target = state.heal_to.get(card)
        if target is None or state.owner(target) is None:
            notes.append(f"{state.name(card)}'s {power.name} has no target left")
        elif not _standing(state, card):
            if state.owner(card) is not None:
                notes.append(f"{state.name(card)} was knocked out: {power.name} heals nothing")
        else:
            gains[target] = gains.get(target, 0) + power.heal
            notes.append(f"{state.name(card)}'s {power.name} heals {state.name(target)} "
                         f"by {power.heal}")


def _aid(state: BrawlState, gains: dict[int, int], notes: list[str]) -> None:
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
