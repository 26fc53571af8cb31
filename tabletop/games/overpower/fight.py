"""The fight: turns in which a player attacks, plays a Special, passes or concedes; the
defence window after every attack; resolution (block, avoid, negate or a hit, then KOs);
the chain of follow-ups and extra attacks that belongs to the same turn.

==============  ===========================================================================
``fight``       the first player takes the first turn
``turn``        one action (decision ``turn``); a pass after a pass ends the battle
``defence``     the attacked character's player answers (decision ``defend``; always asked)
``resolve``     cards to their piles or hits on the target; KO checks; the card's effects
``continue``    the chain's next entry (decision ``chain``), else the other player's turn
==============  ===========================================================================
"""

from __future__ import annotations

from ...engine.effects import handler
from ...engine.flow import Decision, decide, push
from ...engine.moves import Move, seat_label
from .artifacts import play_artifact
from .battle import concede
from .common import FRONT, HAND, HITS, PLACED, other
from .context import effect_steps
from .hits import check_ko
from .legal import chain_moves, defence_moves, stopping_effect, turn_moves
from .locations import activate, activate_defence
from .piles import discard_all
from .state import FLOW, Link, OPState
from .values import build_attack, defence_terms, working

ACTION = {"attack": "{a} attacks {t} with {c}", "follow": "{a} follows up at {t} with {c}",
          "teamwork": "{a} attacks {t} with {c}", "ally": "{a} attacks {t} with {c}",
          "doubleshot": "{a} attack {t} with {c}", "special": "{a} plays {c} at {t}"}


@FLOW.step("fight")
def fight(s: OPState) -> None:
    s.say("The fight begins")
    push(s, ("turn", s.first))


@FLOW.step("turn")
def turn(s: OPState, seat: int) -> None:
    s.current = seat
    s.turn += 1
    decide(s, "turn", seat)


def end_fight(s: OPState, why: str) -> None:
    """The battle is over at once: whatever the turn still owed is dropped."""
    s.say(f"The battle is over: {why}")
    s.tasks.clear()
    s.chain = ()
    s.attack = None
    push(s, ("end_battle",))


@FLOW.decision("turn", lambda s, d: turn_moves(s, d.seat), phase="fight")
def turn_move(s: OPState, d: Decision, m: Move) -> None:
    seat = m.seat
    if m.kind == "pass":
        passed = list(s.passed)
        passed[seat] = True
        s.passed = tuple(passed)
        s.say(f"{seat_label(seat)} passes")
        if s.last_pass:
            end_fight(s, "both players passed in turn")
            return
        s.last_pass = True
        push(s, ("turn", other(seat)))
    elif m.kind == "concede":
        concede(s, seat)
    else:
        s.last_pass = False
        push(s, *act(s, m, None), ("continue", seat))


def take_card(s: OPState, card: int, seat: int) -> None:
    """Move a played card from the hand or from its Placed slot into the action."""
    if card in s.zones[HAND[seat]]:
        s.move_card(card, HAND[seat], "combat")
    else:
        s.move_card(card, PLACED[seat], "combat")
        s.attached.pop(card, None)


def act(s: OPState, m: Move, link: Link | None) -> list[tuple]:
    """Commit an action: its cards are shown; the steps that follow. (An Activator is
    first exchanged for its Special, which is then played: :mod:`.locations`.)"""
    if m.kind == "activate":
        m = activate(s, m)
    if m.kind == "artifact":  # not an attack: onto its bearer (:mod:`.artifacts`)
        return play_artifact(s, m)
    seat = m.seat
    actor = m.choice[0]
    if m.kind == "special" and m.target is None:
        take_card(s, m.card, seat)
        s.say(f"{s.name(actor)} plays {s.name(m.card)}")
        return effect_steps(s, m.card, seat, actor, None, ()) + [("played", m.card)]
    attack = build_attack(s, m, link)
    for c in attack.cards:
        take_card(s, c, seat)
    s.attack = attack
    label = s.name(actor) if m.kind != "doubleshot" else \
        f"{s.name(actor)} and {s.name(m.choice[2])}"
    cards = " + ".join(s.name(c) for c in attack.cards)
    s.say(ACTION[m.kind].format(a=label, t=s.name(attack.target), c=cards) +
          f": {working(attack.terms)}")
    return [("defence",), ("resolve",)]


@FLOW.step("played")
def played(s: OPState, card: int) -> None:
    discard_all(s, [card], "combat", "has played")


# -- the defence window ---------------------------------------------------------------------------
@FLOW.step("defence")
def defence(s: OPState) -> None:
    decide(s, "defend", s.owner(s.attack.target))


@FLOW.decision("defend", lambda s, d: defence_moves(s, d.seat), phase="defence")
def defended(s: OPState, d: Decision, m: Move) -> None:
    if m.kind == "take":
        s.say(f"{seat_label(m.seat)} does not defend")
        return
    if s.info[m.card].kind == "activator":
        m = activate_defence(s, m)
    attack = s.attack
    x = m.target
    partner, mate = m.choice
    inf = s.info[m.card]
    for c in (m.card, partner):
        if c >= 0:
            take_card(s, c, m.seat)
    stop = stopping_effect(s, m.seat, x, m.card) if inf.kind in ("special", "aspect") and \
        inf.partner is None else None
    if stop is not None:
        outcome = "negated" if handler(stop, "category")(stop) == "negate" else "avoided"
        s.say(f"{s.name(x)} plays {inf.name}: the attack is {outcome}")
        push(s, *effect_steps(s, m.card, m.seat, x, attack.target, ()))
    else:
        outcome = "blocked"
        terms = defence_terms(s, m.seat, x, m.card, partner, attack)
        s.say(f"{s.name(x)} blocks with {working(terms)} (against {attack.value})")
    if x != attack.target and (stop is None or inf.kind not in ("special", "aspect")):
        s.guarded = s.guarded + (x,)
    s.attack = attack._replace(outcome=outcome)


# -- resolution ----------------------------------------------------------------------------------
def _land(s: OPState) -> list[tuple]:
    """The attack succeeds: its hitting cards go in front of the target; the target may
    be KO'd; then the attacking Special's effects."""
    a = s.attack
    q = s.owner(a.target)
    for c in a.hits:
        s.move_card(c, "combat", HITS[q])
        s.attached[c] = a.target
    rest = list(s.zones["combat"])
    discard_all(s, rest, "combat", "discards after the attack")
    if a.hits:
        value = sum(s.info[c].value for c in a.hits)
        s.say(f"{s.name(a.target)} takes the hit ({value})")
    else:
        s.say(f"The attack on {s.name(a.target)} succeeds (it leaves no hit)")
    check_ko(s, a.target)
    if s.over:
        return []
    steps = effect_steps(s, a.special, a.seat, a.actor, a.target, ("hit", "resolved")) \
        if a.special >= 0 else []
    _grant(s, a)
    return steps


def _grant(s: OPState, a) -> None:
    """A character given follow-ups by its own Special lets a teammate attack now."""
    for i, (ch, bonus, uses) in enumerate(s.grants):
        if ch == a.actor and uses > 0:
            grants = list(s.grants)
            grants[i] = (ch, bonus, uses - 1)
            s.grants = tuple(grants)
            s.chain = s.chain + (Link("grant", a.seat, a.actor, a.actor, 1, bonus,
                                      ("power",), "teammate"),)
            return


@FLOW.step("resolve")
def resolve(s: OPState) -> None:
    a = s.attack
    if a.outcome:
        discard_all(s, list(s.zones["combat"]), "combat", "discards after the defence")
        steps = effect_steps(s, a.special, a.seat, a.actor, a.target, ("resolved",)) \
            if a.special >= 0 and a.outcome != "negated" else []
    else:
        steps = _land(s)
        if s.over:
            return
    if a.kind == "teamwork":
        s.chain = s.chain + (Link("teamwork", a.seat, a.cards[0], a.actor, 2, 0, (),
                                  "teammate", must=True),)
    elif a.kind == "ally":
        s.chain = s.chain + (Link("ally", a.seat, a.cards[0], a.actor, 1, 0, (), "teammate",
                                  must=True),)
    push(s, *steps)


# -- the chain--------------------------------------------------------------------------------------
@FLOW.step("continue")
def continue_turn(s: OPState, seat: int) -> None:
    s.attack = None
    for p in (0, 1):
        if not s.zones[FRONT[p]]:
            end_fight(s, f"{seat_label(p)} has no Front Line characters")
            return
    while s.chain:
        link = s.chain[-1]
        moves = chain_moves(s, link)
        if any(m.kind not in ("stop", "finish") for m in moves):
            decide(s, "chain", seat)
            return
        s.chain = s.chain[:-1]
    push(s, ("turn", other(seat)))


def _used(link: Link, m: Move) -> Link:
    """The chain entry after move ``m`` used it."""
    used = link.used + (("char", m.choice[0]),)
    if m.kind == "follow":
        used += (("type", m.choice[2]),)
    return link._replace(count=link.count - 1, used=used, must=False)


@FLOW.decision("chain", lambda s, d: chain_moves(s, s.chain[-1]), phase="follow-up")
def chained(s: OPState, d: Decision, m: Move) -> None:
    link = s.chain[-1]
    s.chain = s.chain[:-1]
    if m.kind in ("stop", "finish"):
        s.say(f"{seat_label(m.seat)} makes no more attacks from {s.name(link.source)}")
        push(s, ("continue", m.seat))
        return
    after = _used(link, m)
    if after.count > 0:
        s.chain = s.chain + (after,)
    push(s, *act(s, m, link), ("continue", m.seat))
