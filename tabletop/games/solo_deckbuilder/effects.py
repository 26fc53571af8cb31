"""Card effects as tasks: played cards, superhero powers and HQ abilities, attacks on the
player, and the location conditions that react to what the player does.

Every effect is data from the card files (``tabletop/engine/vocabulary/solo_deckbuilder.py``
lists the vocabulary); this module interprets it.
"""

from __future__ import annotations

from .cards import TYPE_LABEL, Info, describe_selector, matches
from .state import SoloState
from .steps import draw_cards
from .tasks import PRIVATE, names, plural, push, task


def effects_of(s: SoloState, source: int, ctx: str) -> tuple[dict, ...]:
    inf = s.info[source]
    if ctx == "ability":
        return inf.ability.effects
    if ctx == "attack":
        return inf.attack
    return inf.effects


def play_tasks(s: SoloState, card: int) -> list[tuple]:
    """What playing ``card`` queues: its effects in order, then the abilities it sets off."""
    out = [("effect", card, i, "play") for i in range(len(s.info[card].effects))]
    out.append(("trigger", "play", card))
    return out


def count_for(s: SoloState, per: str, match: tuple) -> int:
    if per == "played":
        cards = s.zones["played.0"]
    elif per == "battleground":
        cards = s.zones["battleground"]
    else:
        return s.secured_count()
    return sum(1 for c in cards if matches(s.info[c], match))


# -- played cards and abilities -------------------------------------------------------------
@task("effect")
def effect(s: SoloState, t: tuple) -> None:
    _, source, idx, ctx = t
    e = effects_of(s, source, ctx)[idx]
    kind = e["effect"]
    who = s.name(source)
    if kind == "add_power":
        amount = e["amount"]
        per = e.get("per")
        if per:
            n = count_for(s, per, e.get("match") or ())
            amount *= n
            why = f" ({n} counted)"
        else:
            why = ""
        s.power = max(0, s.power + amount)
        s.say(f"{who}: {amount:+d} Power{why}, {s.power} available")
    elif kind == "draw":
        drawn = draw_cards(s, e["count"])
        s.say(f"{who}: you draw {names(s, drawn) or 'nothing (no cards left)'}", only=PRIVATE)
    elif kind == "draw_next_turn":
        s.later_draws += e["count"]
        s.say(f"{who}: {plural(e['count'], 'card')} more at the next step 3 "
              f"({s.later_draws} owed)")
    elif kind == "destroy_own":
        where = e.get("from") or "hand_or_discard"
        if destroy_candidates(s, where):
            s.pending = ("destroy", e.get("count") or 1, where, who)
        else:
            s.say(f"{who}: nothing to destroy")
    elif kind == "foresee":
        top = s.draw("resources", "revealed")
        if top is not None:
            s.say(f"{who} reveals {s.name(top)} from the top of the resources deck")
        if top is None and not s.zones["resource_discard"]:
            s.say(f"{who}: the resources deck and its discard pile are empty")
            return
        s.pending = ("foresee", who)


def destroy_candidates(s: SoloState, where: str) -> list[tuple[int, str]]:
    """(card, zone) pairs that may be destroyed, one per card name and zone."""
    out = []
    zones = {"hand": ("hand",), "discard": ("discard",),
             "hand_or_discard": ("hand", "discard")}[where]
    for zone in zones:
        seen = set()
        for c in s.zones[f"{zone}.0"]:
            if s.info[c].id not in seen:
                seen.add(s.info[c].id)
                out.append((c, zone))
    return out


@task("trigger")
def trigger(s: SoloState, t: tuple) -> None:
    """The superhero's power and the HQ's ability react to a play, a buy or a defeat."""
    _, event, card = t
    inf = s.info[card]
    out: list[tuple] = []
    for source in (s.hero, s.zones["hq.0"][0] if s.zones["hq.0"] else None):
        if source is None:
            continue
        ab = s.info[source].ability
        if ab is None or ab.trigger != event or not matches(inf, ab.match):
            continue
        if ab.limit == "once":
            key = str(source)
        elif ab.limit == "distinct":
            key = f"{source}:{inf.id}"
        else:
            key = ""
        if key:
            if key in s.used:
                continue
            s.used.append(key)
        is_hero = source == s.hero
        label = "power" if is_hero else "HQ"
        s.say(f"{s.name(source)}'s {label} ({inf.name}): {ab.text}")
        out.extend(("effect", source, i, "ability") for i in range(len(ab.effects)))
        if is_hero:
            s.hero_uses += 1
            loc = s.loc_info()
            if s.hero_uses == 1 and loc is not None and loc.conditions("weakness_on_hero_power"):
                out.append(("weakness", f"{loc.name} condition: the first use of your "
                            "superhero's power this turn"))
    push(s, *out)


@task("gained")
def gained(s: SoloState, t: tuple) -> None:
    """Location conditions on gaining a card (e.g. a Weakness for each Equipment)."""
    card = t[1]
    loc = s.loc_info()
    if loc is None:
        return
    for cond in loc.conditions("weakness_on_gain"):
        if matches(s.info[card], cond["match"]):
            push(s, ("weakness", f"{loc.name} condition: you gained "
                     f"{TYPE_LABEL[s.info[card].type]} {s.name(card)}"))


# -- attacks on the player -----------------------------------------------------------------
@task("attack")
def attack(s: SoloState, t: tuple) -> None:
    _, source, idx = t
    inf: Info = s.info[source]
    e = inf.attack[idx]
    kind = e["effect"]
    who = f"{inf.name}'s attack"
    if kind == "gain_weakness":
        n = e.get("count") or 1
        s.say(f"{who}: {plural(n, 'Weakness', 'Weaknesses')} for you")
        push(s, *([("weakness", who)] * n))
    elif kind == "hand_discard":
        hand = s.zones["hand.0"]
        n = min(e.get("count") or 1, len(hand))
        if n == 0:
            s.say(f"{who}: discard from your hand, but it is empty")
        elif n >= len(hand) or len({s.info[c].id for c in hand}) == 1:
            gone = hand[-n:]
            for c in gone:
                hand.remove(c)
                s.zones["discard.0"].append(c)
            s.say(f"{who}: you discard {names(s, gone)}")
        else:
            s.say(f"{who}: discard {plural(n, 'card')} from your hand (your choice)")
            s.pending = ("hand_discard", n, who)
    elif kind == "deck_discard":
        deck_discard(s, who, e.get("count") or 1, e.get("weakness_at_cost"))
    elif kind == "random_card":
        random_card(s, who, e.get("weakness_at_cost"))
    elif kind == "row_discard":
        row = s.zones["row"]
        gone = []
        for _ in range(e.get("count") or 1):
            if row:
                gone.append(row.pop())
        s.zones["resource_discard"].extend(gone)
        s.say(f"{who}: {names(s, gone) or 'nothing'} discarded from the right of the "
              "resource row")
    elif kind == "summon_villain":
        n = e.get("count") or 1
        s.say(f"{who}: {plural(n, 'villain')} from the enemy deck")
        push(s, *([("enter", who)] * n))


def deck_discard(s: SoloState, who: str, count: int, at_cost: int | None) -> None:
    gone = []
    for _ in range(count):
        if not s.zones["deck.0"] and s.zones["discard.0"]:
            s.reshuffle("discard.0", "deck.0")
            s.say("Your deck is empty: the discard pile is shuffled to make a new one")
        card = s.draw("deck.0", "discard.0")
        if card is None:
            break
        gone.append(card)
    costly = [c for c in gone if at_cost is not None and s.info[c].cost >= at_cost]
    text = f"{who}: the top of your deck is discarded: {names(s, gone) or 'nothing'}"
    if at_cost is not None:
        text += (f"; {plural(len(costly), 'of them costs', 'of them cost')} {at_cost} or "
                 f"more: {plural(len(costly), 'Weakness', 'Weaknesses')}")
    s.say(text)
    push(s, *(("weakness", f"{who}: {s.name(c)} was discarded") for c in costly))


def random_card(s: SoloState, who: str, at_cost: int | None) -> None:
    """A spare copy of each starter, a Weakness and the resources discard's top card are
    shuffled together; chance picks one for the player's discard pile."""
    options: list[tuple[str, int]] = []
    seen = set()
    for c in s.zones["box"]:
        inf = s.info[c]
        if inf.kind == "starter" and inf.id not in seen:
            seen.add(inf.id)
            options.append(("box", c))
    if s.zones["weaknesses"]:
        options.append(("weaknesses", s.zones["weaknesses"][-1]))
    if s.zones["resource_discard"]:
        options.append(("resource_discard", s.zones["resource_discard"][-1]))
    if not options:
        s.say(f"{who}: there is nothing to shuffle")
        return
    zone, card = options[s.randint(len(options))]
    s.reveals += 1
    pool = names(s, [c for _, c in options])
    if zone == "weaknesses":
        s.say(f"{who}: from {pool}, chance picks the Weakness")
        push(s, ("weakness", who))
        return
    s.zones[zone].remove(card)
    s.zones["discard.0"].append(card)
    text = f"{who}: from {pool}, chance picks {s.name(card)}; it goes to your discard pile"
    if at_cost is not None and s.info[card].cost >= at_cost:
        s.say(text + f" and, as it costs {at_cost} or more, a Weakness as well")
        push(s, ("weakness", f"{who}: {s.name(card)} costs {s.info[card].cost}"))
    else:
        s.say(text)


def condition_lines(inf: Info) -> list[str]:
    """The active location's condition in words, from its data (for help and the panel)."""
    out = []
    for cond in inf.condition:
        kind = cond["effect"]
        if kind == "more_villains_if_empty":
            out.append(f"empty battleground at step 5: {1 + cond['count']} villains arrive")
        elif kind == "weakness_on_hero_power":
            out.append("first use of your superhero's power each turn: a Weakness")
        elif kind == "weakness_on_gain":
            out.append(f"gaining {describe_selector(cond['match'])}: a Weakness each")
        elif kind == "destroy_row_after_attack":
            out.append(f"after step 7: {describe_selector(cond['match'])} in the row are "
                       "destroyed")
    return out
