"""What OverPower's effect handlers work on: :class:`OPEffects`, the shared effect context
with the game's zones and primitives (draw with the Power Pack recycled, battle bonuses,
grid changes, discards, moves to the Reserve...), the step that runs one effect of a card,
and the decisions effects put to players (name a type, choose cards)."""

from __future__ import annotations

from ...engine.effects import handler, run
from ...engine.effects.context import EffectContext
from ...engine.flow import Decision, decide
from ...engine.moves import Move, seat_label
from .common import (
    DEAD,
    DRAW,
    FAILED,
    FRONT,
    HAND,
    HITS,
    MISSIONS,
    PACK,
    PLACED,
    RECORD,
    RESERVE,
    TYPE_INDEX,
    TYPES,
    other,
    type_name,
)
from .discard import check_new_card
from .hits import current_hits, record_hits
from .piles import discard, discard_all, pile_matches, where_is
from .state import FLOW, Bonus, Link, OPState


class OPEffects(EffectContext):
    """An effect of ``source`` played by ``seat``'s character ``actor`` (``target``: the
    attacked character, if any)."""

    deck_zone = "draw.{seat}"
    hand_zone = "hand.{seat}"
    reshuffle_zone = "pack.{seat}"

    def __init__(self, state: OPState, source: int | None, seat: int,
                 target: int | None = None, actor: int | None = None) -> None:
        super().__init__(state, source, seat, target)
        self.actor = actor

    @property
    def attack(self):
        return self.state.attack

    # -- draws: the Power Pack becomes the Draw Pile when it runs out ---------------------------
    def say_reshuffle(self) -> None:
        s = self.state
        pack = s.zones[PACK[self.seat]]
        recycled = list(s.recycled)
        recycled[self.seat] = frozenset(pack)
        s.recycled = tuple(recycled)
        self.say(f"{seat_label(self.seat)}'s Draw Pile is empty: the Power Pack "
                 f"({len(pack)} cards) is shuffled to make a new one")

    def report_draw(self, drawn: list[int], wanted: int) -> None:
        who = seat_label(self.seat)
        names = ", ".join(self.state.name(c) for c in drawn)
        n = len(drawn)
        if drawn:
            self.say_private(f"{who} draws {names}",
                             f"{who} draws {n} card{'s' if n != 1 else ''}")
        if n < wanted:
            self.say(f"{who} has no cards left to draw")

    def draw(self, count: int, check: bool = True) -> list[int]:
        """Draw ``count`` cards; with ``check``, each is tested at once (duplicates and
        Unusable cards go), as for every card drawn after the discard step."""
        drawn = self._take(count)
        if check:
            return [c for c in drawn if check_new_card(self.state, self.seat, c)]
        return drawn

    def _take(self, count: int) -> list[int]:
        """The engine's draw written out (:meth:`EffectContext.take`: every battle draws
        sixteen cards) for OverPower's piles: the Power Pack shuffled into an empty Draw
        Pile, the log told what was drawn."""
        drawn = self.take(count, DRAW[self.seat], HAND[self.seat], PACK[self.seat])
        self.report_draw(drawn, count)
        return drawn

    # -- primitives the effects use ---------------------------------------------------------------
    def pile_matches(self, pile: str, kinds) -> list[int]:
        return pile_matches(self.state, self.seat, pile, kinds)

    def defeated_missions(self) -> list[int]:
        return self.state.zones[FAILED[self.seat]]

    def _who(self, who: str) -> int | None:
        ch = self.target if who == "target" else self.actor
        return ch if ch is not None and where_is(self.state, ch, "front", "reserve") \
            else None

    def extra_attacks(self, count: int, by: str, bonus: int, kinds) -> None:
        s = self.state
        if s.attack is not None and s.attack.nested:
            self.say("(a teammate's extra attack allows no more)")
            return
        s.chain = s.chain + (Link("extra", self.seat, self.source, self.actor, count, bonus,
                                  tuple(kinds), by),)

    def battle_bonus(self, amount: int, applies: str, who: str, types) -> None:
        s = self.state
        char = self.actor if who == "self" else -1
        kinds = frozenset(TYPE_INDEX[t] for t in types) if types else None
        s.bonuses = s.bonuses + (Bonus(self.seat, char, applies, kinds, amount),)
        whom = s.name(self.actor) if who == "self" else f"{seat_label(self.seat)}'s team"
        what = {"attack": "attacks", "defence": "Defensive Actions"}.get(
            applies, "attacks and Defensive Actions")
        self.say(f"For the rest of the battle, {whom}'s {what} count {amount} more")

    def grid_change(self, who: str, kind: str, amount: int) -> None:
        ch = self._who(who)
        if ch is None:
            return
        if kind == "choice":
            decide(self.state, "name_type", self.seat, "grid", ch, amount)
        else:
            change_grid(self.state, ch, TYPE_INDEX[kind], amount)

    def shut_down(self, what: str, kind: str) -> None:
        ch = self._who("target")
        if ch is None:
            return
        if what == "type" and kind == "choice":
            decide(self.state, "name_type", self.seat, "shut", ch, 0)
        else:
            shut(self.state, ch, what, TYPE_INDEX.get(kind, -1) if what == "type" else -1)

    def leech(self, count: int, chooser: str) -> None:
        s = self.state
        victim = other(self.seat)
        hand = s.zones[HAND[victim]]
        if chooser == "owner" and len(hand) > count:
            decide(s, "lose", victim, count)
            return
        left = list(hand)
        gone = [left.pop(s.randint(len(left))) for _ in range(min(count, len(left)))]
        s.reveals += 1
        discard_all(s, gone, HAND[victim], "discards from the hand at random")

    def strip_placed(self, count: int, kinds, chooser: str) -> None:
        s = self.state
        ch = self._who("target")
        if ch is None:
            return
        cards = strippable(s, ch, kinds)
        if len(cards) > count:
            seat = self.seat if chooser == "attacker" else s.owner(ch)
            decide(s, "strip", seat, ch, count, tuple(kinds or ()))
            return
        discard_all(s, cards, PLACED[s.owner(ch)], f"discards from {s.name(ch)}")

    def bench(self, who: str) -> None:
        ch = self._who(who)
        if ch is not None:
            to_reserve(self.state, ch)

    def take_from_pile(self, pile: str, count: int, kinds) -> None:
        if self.pile_matches(pile, kinds):
            decide(self.state, "fetch", self.seat, pile, tuple(kinds), count)

    def removable_hits(self, who: str, frm: str) -> list[int]:
        s = self.state
        chars = [self.actor] if who == "self" else \
            s.zones[FRONT[self.seat]] + s.zones[RESERVE[self.seat]]
        out = []
        for ch in chars:
            if ch is None:
                continue
            if frm in ("record", "either"):
                out.extend(record_hits(s, ch))
            if frm in ("current", "either"):
                out.extend(current_hits(s, ch))
        return out

    def remove_hits(self, count: int, who: str, frm: str) -> None:
        if self.removable_hits(who, frm):
            decide(self.state, "heal", self.seat, self.actor, who, frm, count)

    def venture_bonus(self, amount: int, side: str) -> None:
        s = self.state
        seat = self.seat if side == "own" else other(self.seat)
        mods = list(s.venture_mod)
        mods[seat] += amount
        s.venture_mod = tuple(mods)
        self.say(f"{seat_label(seat)}'s Venture Total {amount:+d} this battle")

    def grant_follow_up(self, bonus: int, uses: int) -> None:
        s = self.state
        s.grants = s.grants + ((self.actor, bonus, uses),)
        self.say(f"This battle, up to {uses} time(s), a hit by {s.name(self.actor)} lets a "
                 f"teammate attack at once with a Power card (+{bonus})")

    def recover_mission(self, count: int) -> None:
        s = self.state
        failed = s.zones[FAILED[self.seat]]
        n = min(count, len(failed))
        for _ in range(n):
            s.zones[MISSIONS[self.seat]].append(failed.pop())
        self.say(f"{seat_label(self.seat)} moves {n} mission card(s) from Defeated "
                 "back to Reserve")


# -- shared primitives ---------------------------------------------------------------------------
def change_grid(s: OPState, ch: int, t: int, amount: int) -> None:
    s.grid_mods = s.grid_mods + ((ch, t, amount),)
    s.say(f"{s.name(ch)}'s {type_name(t)} rating {amount:+d} for the rest of the battle")


def shut(s: OPState, ch: int, what: str, t: int) -> None:
    s.shut = s.shut + ((ch, what, t),)
    words = f"{type_name(t)} cards" if what == "type" else \
        {"specials": "Special cards", "universe": "Universe cards"}[what]
    s.say(f"{s.name(ch)} may not play {words} for the rest of the battle")


def to_reserve(s: OPState, ch: int) -> None:
    """``ch`` steps back into the Reserve with its Placed cards and hits until the next
    battle."""
    q = s.owner(ch)
    if ch in s.zones[FRONT[q]]:
        s.move_card(ch, FRONT[q], RESERVE[q])
        s.benched = s.benched | {ch}
        s.say(f"{s.name(ch)} is sent into the Reserve for the rest of the battle")


def strippable(s: OPState, ch: int, kinds) -> list[int]:
    att = s.attached
    info = s.info
    return [c for c in s.zones[PLACED[s.owner(ch)]]
            if att.get(c) == ch and (not kinds or info[c].slot in kinds)]


# -- running effects--------------------------------------------------------------------------------
def effect_steps(s: OPState, card: int, seat: int, actor: int, target: int | None,
                 when: tuple[str, ...]) -> list[tuple]:
    """One step per effect of ``card`` that does something (a ``run`` handler) and whose
    ``when`` is in ``when`` (all of them for a non-attack effect: ``when`` empty)."""
    out = []
    for i, e in enumerate(s.info[card].effects):
        if handler(e, "run") is not None and (not when or e.get("when", "hit") in when):
            out.append(("effect", card, i, seat, actor, -1 if target is None else target))
    return out


@FLOW.step("effect")
def effect_step(s: OPState, card: int, index: int, seat: int, actor: int,
                target: int) -> None:
    e = s.info[card].effects[index]
    ctx = OPEffects(s, card, seat, None if target < 0 else target, actor)
    run(ctx, e)


# -- decisions effects put to players ------------------------------------------------------------
def _name_type_options(s: OPState, d: Decision) -> list[Move]:
    return [Move("name", d.seat, choice=t) for t in TYPES]


@FLOW.decision("name_type", _name_type_options, phase="effect")
def named_type(s: OPState, d: Decision, m: Move) -> None:
    purpose, ch, amount = d.data
    t = TYPE_INDEX[m.choice]
    if purpose == "grid":
        change_grid(s, ch, t, amount)
    else:
        shut(s, ch, "type", t)


def _give_up_options(s: OPState, d: Decision) -> list[Move]:
    return [Move("lose", d.seat, c) for c in s.zones[HAND[d.seat]]]


@FLOW.decision("lose", _give_up_options, phase="effect")
def gave_up(s: OPState, d: Decision, m: Move) -> None:
    discard_all(s, [m.card], HAND[m.seat], "discards from the hand")
    left = d.data[0] - 1
    if left and s.zones[HAND[m.seat]]:
        decide(s, "lose", m.seat, left)


def _strip_options(s: OPState, d: Decision) -> list[Move]:
    ch, _, kinds = d.data
    return [Move("strip", d.seat, c, ch) for c in strippable(s, ch, kinds)]


@FLOW.decision("strip", _strip_options, phase="effect")
def stripped(s: OPState, d: Decision, m: Move) -> None:
    ch, count, kinds = d.data
    zone = PLACED[s.owner(ch)]
    discard_all(s, [m.card], zone, f"discards from {s.name(ch)}")
    left = strippable(s, ch, kinds)
    if count > 1 and len(left) > count - 1:
        decide(s, "strip", m.seat, ch, count - 1, kinds)
    elif count > 1:
        discard_all(s, left, zone, f"discards from {s.name(ch)}")


def _take_options(s: OPState, d: Decision) -> list[Move]:
    pile, kinds, _ = d.data
    seen: set[str] = set()
    out = [Move("stop", d.seat)]
    for c in pile_matches(s, d.seat, pile, kinds):
        if s.info[c].id not in seen:
            seen.add(s.info[c].id)
            out.append(Move("fetch", d.seat, c))
    return out


@FLOW.decision("fetch", _take_options, phase="effect")
def took(s: OPState, d: Decision, m: Move) -> None:
    if m.kind == "stop":
        return
    pile, kinds, count = d.data
    src = PACK[m.seat] if pile == "power_pack" else DEAD[m.seat]
    s.move_card(m.card, src, HAND[m.seat])
    s.say(f"{seat_label(m.seat)} takes {s.name(m.card)} from the pile into the hand")
    if check_new_card(s, m.seat, m.card) and count > 1 and \
            pile_matches(s, m.seat, pile, kinds):
        decide(s, "fetch", m.seat, pile, kinds, count - 1)


def _heal_options(s: OPState, d: Decision) -> list[Move]:
    actor, who, frm, _ = d.data
    ctx = OPEffects(s, None, d.seat, None, actor)
    return [Move("stop", d.seat)] + [Move("heal", d.seat, c, s.attached[c])
                                     for c in ctx.removable_hits(who, frm)]


@FLOW.decision("heal", _heal_options, phase="effect")
def healed(s: OPState, d: Decision, m: Move) -> None:
    if m.kind == "stop":
        return
    actor, who, frm, count = d.data
    zone = HITS[m.seat] if m.card in s.zones[HITS[m.seat]] else RECORD[m.seat]
    s.say(f"A hit ({s.name(m.card)}) is taken off {s.name(m.target)}")
    discard(s, m.card, zone)
    if count > 1 and OPEffects(s, None, m.seat, None, actor).removable_hits(who, frm):
        decide(s, "heal", m.seat, actor, who, frm, count - 1)
