"""What the cards do as steps of the turn, and the decisions they put to the player.

``effect``     one effect of a played card, a superhero's power or an HQ's ability;
``attack``     one effect of a villain's or supervillain's attack;
``trigger``    the superhero's power and the HQ's ability react to a play, buy or defeat;
``gained``     the active location's condition reacts to a card gained;
``weakness``   the player would take a Weakness: the ``defend`` decision when a Defense
               card in hand may prevent it.

Decisions asked while effects resolve: ``hand_discard`` (an attack), ``destroy`` and
``foresee`` (played cards).
"""

from __future__ import annotations

from ...engine.effects import effects_with, run
from ...engine.flow import Decision, decide, push
from ...engine.moves import Move
from .effects import (
    TYPE_LABEL,
    AttackEffects,
    DefenseEffects,
    SoloEffects,
    destroy_candidates,
    matches,
)
from .flow import FLOW
from .info import Ability
from .legal import distinct
from .log import plural
from .state import SoloState


def play_steps(s: SoloState, card: int) -> list[tuple]:
    """What playing ``card`` queues: its effects in order, then the abilities it sets off."""
    out = [("effect", card, i) for i in range(len(s.info[card].effects))]
    out.extend(set_off(s, "play", card))
    return out


def set_off(s: SoloState, event: str, card: int) -> list[tuple]:
    """The ``trigger`` step of ``event`` (play, buy, defeat) on ``card``, if the
    superhero's power or the HQ's ability reacts to such events."""
    for zone in ("hero.0", "hq.0"):
        for source in s.zones[zone]:
            ab = s.info[source].ability
            if ab is not None and ab.trigger == event:
                return [("trigger", event, card)]
    return []


def if_condition(s: SoloState, role: str, step: tuple) -> list[tuple]:
    """``[step]`` if the active location's condition has a ``role`` behaviour (the step
    would do nothing otherwise)."""
    loc = s.location
    if loc is not None and effects_with(s.info[loc].condition, role):
        return [step]
    return []


@FLOW.step("effect")
def effect_step(s: SoloState, card: int, index: int) -> None:
    """One effect of a played card."""
    run(SoloEffects(s, card, 0), s.info[card].effects[index])


@FLOW.step("ability")
def ability(s: SoloState, source: int, index: int) -> None:
    """One effect of the superhero's power or the HQ's ability."""
    run(SoloEffects(s, source, 0), s.info[source].ability.effects[index])


@FLOW.step("attack")
def attack(s: SoloState, source: int, index: int) -> None:
    run(AttackEffects(s, source, 0), s.info[source].attack[index])


# -- abilities and conditions that react to the player's moves -----------------------------
def _fires(s: SoloState, source: int, ab: Ability, card: int) -> bool:
    """Does the ability ``ab`` of ``source``, triggered by ``card``, fire now (its match
    and its limit)? Marks it used for its limit."""
    if not matches(s, ab.match, card):
        return False
    if ab.limit == "each":
        return True
    key = str(source) if ab.limit == "once" else f"{source}:{s.info[card].id}"
    if key in s.used:
        return False
    s.used += (key,)
    return True


@FLOW.step("trigger")
def trigger(s: SoloState, event: str, card: int) -> None:
    """The superhero's power, then the HQ's ability, react to a play, a buy or a defeat."""
    hq = s.zones["hq.0"]
    hero = s.hero
    out: list[tuple] = []
    for source in (hero, hq[0] if hq else None):
        ab = s.info[source].ability if source is not None else None
        if ab is None or ab.trigger != event or not _fires(s, source, ab, card):
            continue
        s.say(f"{s.name(source)}'s {'power' if source == hero else 'HQ'} ({s.name(card)}): "
              f"{ab.text}")
        out.extend(("ability", source, i) for i in range(len(ab.effects)))
        if source == hero:
            out.extend(_hero_power_used(s))
    if out:
        push(s, *out)


def _hero_power_used(s: SoloState) -> list[tuple]:
    """What the location's condition makes of the first use of the power each turn."""
    s.hero_uses += 1
    loc = s.location
    if s.hero_uses != 1 or loc is None:
        return []
    out: list[tuple] = []
    for brings, e in effects_with(s.info[loc].condition, "hero_power"):
        out.extend(brings(SoloEffects(s, loc, 0), e))
    return out


@FLOW.step("gained")
def gained(s: SoloState, card: int) -> None:
    """Location conditions on gaining a card (e.g. a Weakness for each Equipment)."""
    loc = s.location
    for punishes, e in effects_with(s.info[loc].condition, "punishes_gain"):
        if punishes(s, e, card):
            push(s, ("weakness", f"{s.name(loc)} condition: you gained "
                     f"{TYPE_LABEL[s.info[card].type]} {s.name(card)}"))


# -- Weakness and Defense cards ------------------------------------------------------------
def defense_cards(s: SoloState) -> list[int]:
    return [c for c in s.zones["hand.0"] if s.info[c].defense is not None]


@FLOW.step("weakness")
def weakness(s: SoloState, reason: str) -> None:
    """The player would take a Weakness: a Defense card in hand may prevent it."""
    if not s.zones["weaknesses"]:
        s.say(f"No Weakness is left in the stack ({reason}): none is taken")
    elif defense_cards(s):
        decide(s, "defend", 0, reason)
    else:
        take_weakness(s, reason)


def take_weakness(s: SoloState, reason: str) -> None:
    card = s.zones["weaknesses"].pop()
    s.zones["discard.0"].append(card)
    s.say(f"You take a Weakness ({reason}); it goes to your discard pile")


def _defend_options(s: SoloState, d: Decision) -> list[Move]:
    return [Move("defend", 0, c, "discard.0") for c in distinct(s, defense_cards(s))] + \
        [Move("accept", 0)]


@FLOW.decision("defend", _defend_options)
def defended(s: SoloState, d: Decision, m: Move) -> None:
    """A Defense card is discarded instead (its draws wait for step 3), or the Weakness
    is taken."""
    reason = d.data[0]
    if m.kind == "accept":
        take_weakness(s, reason)
        return
    card = m.card
    s.zones["hand.0"].remove(card)
    s.zones["discard.0"].append(card)
    owed = s.later_draws
    ctx = DefenseEffects(s, card, 0)
    for e in s.info[card].defense:
        run(ctx, e)
    draws = s.later_draws - owed
    extra = f"; {plural(draws, 'card')} more at the next step 3" if draws else ""
    s.say(f"{s.name(card)} (Defense) is discarded and prevents the Weakness "
          f"({reason}){extra}")


# -- choices while effects resolve ---------------------------------------------------------
@FLOW.decision("hand_discard", lambda s, d: [Move("discard", 0, c, "discard.0")
                                             for c in distinct(s, s.zones["hand.0"])])
def discarded(s: SoloState, d: Decision, m: Move) -> None:
    left, who = d.data
    s.zones["hand.0"].remove(m.card)
    s.zones["discard.0"].append(m.card)
    s.say(f"You discard {s.name(m.card)} ({who})")
    if left > 1 and s.zones["hand.0"]:
        decide(s, "hand_discard", 0, left - 1, who)


def _destroy_options(s: SoloState, d: Decision) -> list[Move]:
    return [Move("destroy", 0, c, where) for c, where in destroy_candidates(s, d.data[1])] + \
        [Move("done", 0)]


@FLOW.decision("destroy", _destroy_options)
def destroyed(s: SoloState, d: Decision, m: Move) -> None:
    """One card leaves the game; the player may go on while the effect allows."""
    if m.kind == "done":
        return
    left, where, who = d.data
    s.zones[f"{m.target}.0"].remove(m.card)
    s.zones["destroyed"].append(m.card)
    s.say(f"{who}: you destroy {s.name(m.card)} from your {m.target}; it leaves the game")
    if left > 1 and destroy_candidates(s, where):
        decide(s, "destroy", 0, left - 1, where, who)


def foresee_choices(s: SoloState) -> list[int]:
    """The revealed card and the top of the resources discard pile."""
    out = list(s.zones["revealed"])
    if s.zones["resource_discard"]:
        out.append(s.zones["resource_discard"][-1])
    return out


@FLOW.decision("foresee", lambda s, d: [Move("foresee", 0, c, "played.0")
                                        for c in foresee_choices(s)] + [Move("done", 0)])
def foreseen(s: SoloState, d: Decision, m: Move) -> None:
    """The chosen card is played as if from the hand and goes back on top of the
    resources deck at the end of the turn; the revealed card goes back now."""
    who = d.data[0]
    card = m.card
    if m.kind == "done":
        _return_revealed(s)
        s.say(f"{who}: you play neither card")
        return
    if card in s.zones["revealed"]:
        s.zones["revealed"].remove(card)
        where = "revealed"
    else:
        s.zones["resource_discard"].remove(card)
        where = "from the resources discard pile"
    _return_revealed(s)
    s.zones["played.0"].append(card)
    s.borrowed.append(card)
    s.say(f"{who}: you play {s.name(card)} ({where}); it goes on top of the resources deck "
          "at the end of the turn")
    push(s, *play_steps(s, card))


def _return_revealed(s: SoloState) -> None:
    s.zones["resources"].extend(s.zones["revealed"])
    s.zones["revealed"] = []
