"""Solo Deck-Builder's effects, selectors and triggers, each with its behaviour.

Contexts (``solo-deckbuilder.<where>``):

``play``       once, when the card is played from the hand (step 6);
``defense``    when the card is discarded from the hand to prevent a Weakness (its draws
               wait for the next step 3);
``attack``     a villain's attack when it joins the battleground (step 5) and a
               supervillain's on-reveal attack (step 4): the player is the target;
``ability``    a superhero's power or an HQ's ability, each time its trigger happens;
``condition``  the active location's condition (only while it is the top of the stack).

Roles of the handlers (see :mod:`tabletop.engine.effects`):

``run``            ``run(ctx, e)``: do it once (played cards, abilities, attacks);
``arrivals``       ``arrivals(ctx, e) -> int``: more villains at step 5 (a condition);
``hero_power``     ``hero_power(ctx, e) -> steps``: what the first use of the superhero's
                   power each turn brings (a condition);
``punishes_gain``  ``punishes_gain(state, e, card) -> bool``: does gaining ``card`` bring a
                   Weakness (a condition; the computer player asks too)?
``after_attack``   ``after_attack(ctx, e)``: after the villains' attack in step 7;
``words``          ``words(e) -> str``: a condition in a few words (panel and help);
``worth``          ``worth(e) -> float``: roughly what the effect is worth in Power when
                   the card is played (the computer player);
``play_first``     ``play_first(e) -> int``: the computer player plays cards with lower
                   numbers first (cards that draw, then cards that look ahead);
``chip``           ``chip(e) -> (badge, amount)``: the badge a card face shows for it.

Names are chosen not to collide with other games' entries: a game reuses an existing
effect (``draw``) with :func:`allow`. Card files write them with verbs (the table at the
end: ``{effect: discard, from: hand}`` is ``hand_discard``).
"""

from __future__ import annotations

from ...engine.effects import (
    Key,
    OneOrMany,
    SelectorKey,
    allow,
    effect,
    effects_with,
    selector_tuple,
    selectors,
    trigger,
    uses,
    verb,
)
from ...engine.effects.context import EffectContext
from ...engine.schema import Enum, Field, Int
from .info import Info
from .log import PRIVATE, names, plural
from .state import SoloState

GAME = "solo-deckbuilder"
#: every card type a selector may name
CARD_TYPES = ("hero", "equipment", "superpower", "starter", "weakness", "villain",
              "supervillain")
#: the types of cards in the resources deck (and of the Kick-like card)
RESOURCE_TYPES = ("hero", "equipment", "superpower")
TYPE_LABEL = {"hero": "Hero", "equipment": "Equipment", "superpower": "Super Power",
              "starter": "Starter", "weakness": "Weakness", "villain": "Villain",
              "supervillain": "Supervillain", "location": "Location",
              "superhero": "Superhero"}

PLAY = f"{GAME}.play"
DEFENSE = f"{GAME}.defense"
ATTACK = f"{GAME}.attack"
ABILITY = f"{GAME}.ability"
CONDITION = f"{GAME}.condition"

#: A Solo Deck-Builder selector picks cards (all given keys must hold); a test reads the
#: state's compiled card info.
SELECTOR = selectors(
    GAME,
    SelectorKey("type", Field(OneOrMany(*CARD_TYPES)),
                "the card's type: hero, equipment, superpower, starter, weakness, villain, "
                "supervillain (one or a list)",
                lambda s, c, v: s.info[c].type in v),
    SelectorKey("min_cost", Field(Int(0, 20)), "the card costs at least this much",
                lambda s, c, v: s.info[c].cost >= v),
    SelectorKey("max_cost", Field(Int(0, 20)), "the card costs at most this much",
                lambda s, c, v: s.info[c].cost <= v),
)


def matches(s: SoloState, sel: tuple, card: int) -> bool:
    """Does ``card`` satisfy selector ``sel`` (a selector tuple)?"""
    return not sel or SELECTOR.matches(s, sel, card)


def describe_selector(sel: tuple) -> str:
    """'Equipment or Super Power cards costing 2 or more'."""
    d = dict(sel)
    words = " or ".join(TYPE_LABEL[t] for t in d.get("type", ())) or "any"
    text = f"{words} cards" if words != "any" else "any card"
    lo, hi = d.get("min_cost"), d.get("max_cost")
    if lo is not None and hi is not None:
        text += f" costing {lo}\u2013{hi}"
    elif lo is not None:
        text += f" costing {lo} or more"
    elif hi is not None:
        text += f" costing {hi} or less"
    return text


def card_value(inf: Info) -> float:
    """Roughly what a card is worth in Power when played (a Weakness costs): the worth of
    its effects, and of being a Defense card."""
    if inf.kind == "weakness":
        return -3.0
    value = sum(worth(e) for worth, e in effects_with(inf.effects, "worth"))
    if inf.defense is not None:
        value += 0.8 + 0.5 * sum(e.get("count", 0) for e in inf.defense)
    return value


# -- the contexts --------------------------------------------------------------------------
class SoloEffects(EffectContext):
    """A played card's effect, a superhero's power or an HQ's ability, carried out for the
    player (seat 0; the ``source`` is the card). ``draw`` takes from the player's deck
    and shuffles the discard pile in when the deck runs out."""

    deck_zone = "deck.0"
    hand_zone = "hand.0"
    reshuffle_zone = "discard.0"

    def zone(self, pattern: str) -> str:
        return pattern  # one player: the zone names are fixed

    @property
    def who(self) -> str:
        """Whose effect it is, for the log."""
        return self.state.name(self.source)

    def say_reshuffle(self) -> None:
        self.say("Your deck is empty: the discard pile is shuffled to make a new one")

    def report_draw(self, drawn: list[int], wanted: int) -> None:
        self.say(f"{self.who}: you draw {names(self.state, drawn) or 'nothing (no cards left)'}",
                 PRIVATE)


class AttackEffects(SoloEffects):
    """A villain's or supervillain's attack on the player."""

    @property
    def who(self) -> str:
        return f"{self.state.name(self.source)}'s attack"


class DefenseEffects(SoloEffects):
    """A Defense card's effects: its draws wait for the next step 3."""

    def draw(self, count: int) -> list[int]:
        self.state.later_draws += count
        return []


# -- played cards and abilities ------------------------------------------------------------
#: what ``add_power``'s ``per`` counts (``secured`` counts locations, whatever the match)
COUNTED = {
    "played": lambda s, sel: sum(1 for c in s.zones["played.0"] if matches(s, sel, c)),
    "battleground": lambda s, sel: sum(1 for c in s.zones["battleground"]
                                       if matches(s, sel, c)),
    "secured": lambda s, sel: s.secured_count(),
}


def _add_power(ctx: SoloEffects, e: dict) -> None:
    s = ctx.state
    amount = e["amount"]
    per = e.get("per")
    why = ""
    if per:
        n = COUNTED[per](s, selector_tuple(e.get("match")))
        amount *= n
        why = f" ({n} counted)"
    s.power = max(0, s.power + amount)
    ctx.say(f"{ctx.who}: {amount:+d} Power{why}, {s.power} available")


effect("add_power",
       {"amount": Field(Int(-5, 10), required=True,
                        doc="Power added (for each counted card when `per` is given)"),
        "per": Field(Enum("played", "battleground", "secured"),
                     doc="count cards: `played` (cards in your played area this turn, this "
                         "one included), `battleground` (villains there), `secured` "
                         "(locations you secured: HQ and Secured stack)"),
        "match": Field(SELECTOR.spec, default={},
                       doc="only count cards that match (with `per`)")},
       (PLAY, ABILITY),
       "Add Power to spend this turn on resources and villains. With `per`, add `amount` "
       "for each counted card.",
       "{effect: modify, value: power, amount: 1, per: played, match: {type: equipment}}",
       run=_add_power,
       worth=lambda e: e["amount"] * (1.6 if e.get("per") else 1.0),
       play_first=lambda e: 3 if e.get("per") == "played" else None,  # count the others first
       chip=lambda e: ("power+", 0) if e.get("per") else ("power", e["amount"]))


def _draw_next_turn(ctx: SoloEffects, e: dict) -> None:
    s = ctx.state
    s.later_draws += e["count"]
    ctx.say(f"{ctx.who}: {plural(e['count'], 'card')} more at the next step 3 "
            f"({s.later_draws} owed)")


effect("draw_next_turn",
       {"count": Field(Int(1, 5), required=True, doc="cards drawn later")},
       (PLAY, ABILITY),
       "Draw cards at the next step 3, after the five cards of that turn.",
       "{effect: draw, when: next_turn, count: 1}",
       run=_draw_next_turn, worth=lambda e: 1.0 * e["count"],
       chip=lambda e: ("later", e["count"]))

#: where ``destroy_own`` may take cards from
DESTROY_FROM = {"hand": ("hand",), "discard": ("discard",),
                "hand_or_discard": ("hand", "discard")}


def destroy_candidates(s: SoloState, where: str) -> list[tuple[int, str]]:
    """(card, zone) pairs that may be destroyed, one per card name and zone."""
    out = []
    for zone in DESTROY_FROM[where]:
        seen = set()
        for c in s.zones[f"{zone}.0"]:
            if s.info[c].id not in seen:
                seen.add(s.info[c].id)
                out.append((c, zone))
    return out


def _destroy_own(ctx: SoloEffects, e: dict) -> None:
    where = e.get("from") or "hand_or_discard"
    if destroy_candidates(ctx.state, where):
        ctx.ask("destroy", e.get("count") or 1, where, ctx.who)
    else:
        ctx.say(f"{ctx.who}: nothing to destroy")


effect("destroy_own",
       {"count": Field(Int(1, 5), default=1, doc="at most this many cards"),
        "from": Field(Enum("hand", "discard", "hand_or_discard"), default="hand_or_discard",
                      doc="where the destroyed cards may come from")},
       (PLAY,),
       "You may destroy cards from your hand and/or discard pile: they leave the game "
       "(one at a time; stop whenever you like).",
       "{effect: move, to: destroyed, count: 1, from: hand_or_discard}",
       run=_destroy_own, worth=lambda e: 0.7 * e.get("count", 1),
       chip=lambda e: ("destroy", 1))


def _foresee(ctx: SoloEffects, e: dict) -> None:
    s = ctx.state
    top = s.draw("resources", "revealed")
    if top is not None:
        ctx.say(f"{ctx.who} reveals {s.name(top)} from the top of the resources deck")
    if top is None and not s.zones["resource_discard"]:
        ctx.say(f"{ctx.who}: the resources deck and its discard pile are empty")
        return
    ctx.ask("foresee", ctx.who)


effect("foresee", {}, (PLAY,),
       "Reveal the top card of the resources deck. You may play it, or the top card of the "
       "resources discard pile, as if from your hand; at the end of the turn the card you "
       "played goes on top of the resources deck.",
       "{effect: foresee}",
       run=_foresee, worth=lambda e: 1.8, play_first=lambda e: 1,
       chip=lambda e: ("foresee", 1))

allow("draw", PLAY, ABILITY, DEFENSE, worth=lambda e: 1.3 * e["count"],
      play_first=lambda e: 0, chip=lambda e: ("draw", e["count"]))


# -- attacks on the player -----------------------------------------------------------------
def _gain_weakness(ctx: AttackEffects, e: dict) -> None:
    n = e.get("count") or 1
    who = ctx.who
    ctx.say(f"{who}: {plural(n, 'Weakness', 'Weaknesses')} for you")
    ctx.then(*([("weakness", who)] * n))


effect("gain_weakness",
       {"count": Field(Int(1, 5), default=1, doc="Weakness cards")},
       (ATTACK,),
       "The player gains Weakness cards (each may be prevented with a Defense card).",
       "{effect: gain_weakness, count: 1}",
       run=_gain_weakness)


def _hand_discard(ctx: AttackEffects, e: dict) -> None:
    s = ctx.state
    who = ctx.who
    hand = s.zones["hand.0"]
    n = min(e.get("count") or 1, len(hand))
    if n == 0:
        ctx.say(f"{who}: discard from your hand, but it is empty")
    elif n >= len(hand) or len({s.info[c].id for c in hand}) == 1:
        gone = hand[-n:]
        for c in gone:
            hand.remove(c)
            s.zones["discard.0"].append(c)
        ctx.say(f"{who}: you discard {names(s, gone)}")
    else:
        ctx.say(f"{who}: discard {plural(n, 'card')} from your hand (your choice)")
        ctx.ask("hand_discard", n, who)


effect("hand_discard",
       {"count": Field(Int(1, 5), default=1, doc="cards discarded")},
       (ATTACK,),
       "The player chooses cards from the hand and discards them.",
       "{effect: discard, from: hand, count: 1}",
       run=_hand_discard)


def _deck_discard(ctx: AttackEffects, e: dict) -> None:
    s = ctx.state
    who = ctx.who
    at_cost = e.get("weakness_at_cost")
    gone = []
    for _ in range(e.get("count") or 1):
        if not s.zones["deck.0"] and s.zones["discard.0"]:
            s.reshuffle("discard.0", "deck.0")
            ctx.say_reshuffle()
        card = s.draw("deck.0", "discard.0")
        if card is None:
            break
        gone.append(card)
    costly = [c for c in gone if at_cost is not None and s.info[c].cost >= at_cost]
    text = f"{who}: the top of your deck is discarded: {names(s, gone) or 'nothing'}"
    if at_cost is not None:
        text += (f"; {plural(len(costly), 'of them costs', 'of them cost')} {at_cost} or "
                 f"more: {plural(len(costly), 'Weakness', 'Weaknesses')}")
    ctx.say(text)
    ctx.then(*(("weakness", f"{who}: {s.name(c)} was discarded") for c in costly))


effect("deck_discard",
       {"count": Field(Int(1, 5), default=1, doc="cards discarded from the top of the deck"),
        "weakness_at_cost": Field(Int(0, 20),
                                  doc="a Weakness for each discarded card costing at least "
                                      "this much (leave out for none)")},
       (ATTACK,),
       "Discard the top cards of the player's deck (the discard pile is shuffled in when "
       "the deck runs out); optionally a Weakness for each costly one.",
       "{effect: discard, from: deck, count: 2, weakness_at_cost: 1}",
       run=_deck_discard)


def _random_options(s: SoloState) -> list[tuple[str, int]]:
    """A spare copy of each starter, the top Weakness and the top of the resources
    discard pile, with the zone each comes from."""
    options: list[tuple[str, int]] = []
    seen = set()
    for c in s.zones["box"]:
        inf = s.info[c]
        if inf.kind == "starter" and inf.id not in seen:
            seen.add(inf.id)
            options.append(("box", c))
    for zone in ("weaknesses", "resource_discard"):
        if s.zones[zone]:
            options.append((zone, s.zones[zone][-1]))
    return options


def _random_card(ctx: AttackEffects, e: dict) -> None:
    """Chance picks one card of :func:`_random_options` for the player's discard pile."""
    s = ctx.state
    who = ctx.who
    at_cost = e.get("weakness_at_cost")
    options = _random_options(s)
    if not options:
        ctx.say(f"{who}: there is nothing to shuffle")
        return
    zone, card = options[s.randint(len(options))]
    s.reveals += 1
    pool = names(s, [c for _, c in options])
    if zone == "weaknesses":
        ctx.say(f"{who}: from {pool}, chance picks the Weakness")
        ctx.then(("weakness", who))
        return
    s.zones[zone].remove(card)
    s.zones["discard.0"].append(card)
    text = f"{who}: from {pool}, chance picks {s.name(card)}; it goes to your discard pile"
    if at_cost is not None and s.info[card].cost >= at_cost:
        ctx.say(text + f" and, as it costs {at_cost} or more, a Weakness as well")
        ctx.then(("weakness", f"{who}: {s.name(card)} costs {s.info[card].cost}"))
    else:
        ctx.say(text)


effect("random_card",
       {"weakness_at_cost": Field(Int(0, 20), default=1,
                                  doc="a Weakness as well when the chosen card costs at least "
                                      "this much")}, (ATTACK,),
       "Shuffle one spare copy of each starter, a Weakness and the top card of the resources "
       "discard pile; one, chosen at random, goes to the player's discard pile (the others "
       "go back). A Weakness as well if it costs at least `weakness_at_cost`.",
       "{effect: random_card, weakness_at_cost: 1}",
       run=_random_card)


def _row_discard(ctx: AttackEffects, e: dict) -> None:
    s = ctx.state
    row = s.zones["row"]
    gone = []
    for _ in range(e.get("count") or 1):
        if row:
            gone.append(row.pop())
    s.zones["resource_discard"].extend(gone)
    ctx.say(f"{ctx.who}: {names(s, gone) or 'nothing'} discarded from the right of the "
            "resource row")


effect("row_discard",
       {"count": Field(Int(1, 5), default=1, doc="resources discarded")},
       (ATTACK,),
       "Discard the rightmost (oldest) cards of the resource row.",
       "{effect: discard, from: row, count: 1}",
       run=_row_discard)


def _summon_villain(ctx: AttackEffects, e: dict) -> None:
    n = e.get("count") or 1
    who = ctx.who
    ctx.say(f"{who}: {plural(n, 'villain')} from the enemy deck")
    ctx.then(*([("enter", who)] * n))


effect("summon_villain",
       {"count": Field(Int(1, 3), default=1, doc="villains added")},
       (ATTACK,),
       "Add villains from the enemy deck to the battleground (each with its own attack).",
       "{effect: move, from: villain_deck, to: battleground, count: 1}",
       run=_summon_villain)


# -- location conditions -------------------------------------------------------------------
def _more_villains(ctx: SoloEffects, e: dict) -> int:
    if ctx.state.zones["battleground"]:
        return 0
    ctx.say(f"{ctx.who} condition: the battleground is empty, so {1 + e['count']} villains "
            "arrive instead of 1")
    return e["count"]


effect("more_villains_if_empty",
       {"count": Field(Int(1, 3), default=1, doc="extra villains")},
       (CONDITION,),
       "If the battleground is empty at step 5, add this many more villains (after the "
       "first turn).",
       "{effect: move, from: villain_deck, to: battleground, if: battleground_empty, count: 1}",
       arrivals=_more_villains,
       words=lambda e: f"empty battleground at step 5: {1 + e['count']} villains arrive")

effect("weakness_on_hero_power", {}, (CONDITION,),
       "The first time the superhero's power is used each turn, the player gains a "
       "Weakness.",
       "{effect: gain_weakness, when: on_hero_power}",
       hero_power=lambda ctx, e: [("weakness", f"{ctx.who} condition: the first use of your "
                                               "superhero's power this turn")],
       words=lambda e: "first use of your superhero's power each turn: a Weakness")

effect("weakness_on_gain",
       {"match": Field(SELECTOR.spec, required=True, doc="which gained cards bring a Weakness")},
       (CONDITION,),
       "For each matching card the player gains (buys), the player gains a Weakness.",
       "{effect: gain_weakness, when: on_gain, match: {type: equipment}}",
       punishes_gain=lambda s, e, card: matches(s, selector_tuple(e["match"]), card),
       words=lambda e: f"gaining {describe_selector(selector_tuple(e['match']))}: a Weakness "
                       "each")


def _destroy_row(ctx: SoloEffects, e: dict) -> None:
    s = ctx.state
    sel = selector_tuple(e["match"])
    row = s.zones["row"]
    gone = [c for c in row if matches(s, sel, c)]
    for card in gone:
        row.remove(card)
        s.zones["destroyed"].append(card)
    what = " or ".join(TYPE_LABEL[t] for t in dict(sel).get("type", ()))
    if gone:
        ctx.say(f"{ctx.who} condition: {plural(len(gone), (what + ' card').strip())} "
                f"destroyed after the villains' attack: {names(s, gone)}")
    else:
        ctx.say(f"{ctx.who} condition: no {what or 'card'} left in the row to destroy")


effect("destroy_row_after_attack",
       {"match": Field(SELECTOR.spec, required=True, doc="which resources are destroyed")},
       (CONDITION,),
       "After the villains attack (step 7), the matching cards left in the resource row are "
       "destroyed (they leave the game).",
       "{effect: move, from: row, to: destroyed, match: {type: [equipment, superpower]}}",
       after_attack=_destroy_row,
       words=lambda e: f"after step 7: {describe_selector(selector_tuple(e['match']))} in "
                       "the row are destroyed")

trigger(PLAY, "once, when the card is played from the hand")
trigger(DEFENSE, "when the card is discarded from the hand to prevent a Weakness; its draws "
        "happen at the next step 3")
trigger(ATTACK, "when a villain joins the battleground (step 5), or when a supervillain is "
        "revealed (step 4, not on the first turn)")
trigger(ABILITY, "a superhero's power or an HQ's ability: each time its trigger happens "
        "(see `limit`)")
trigger(CONDITION, "while the location is the active one (the face-up top of the stack)")

verb("gain_weakness",
     "The player gains Weakness cards: now (an attack), or each time something happens "
     "(a location's condition).",
     Key("when", "`now`, `on_gain` (each matching card gained) or `on_hero_power` (the "
         "first use of the superhero's power each turn)", "now"),
     game=GAME)

#: how a card file writes these effects: uses of the shared verbs, the three ways of
#: gaining a Weakness as one verb of this game; looking ahead (``foresee``) and the
#: random card are this game's own
uses({
    "draw_next_turn": ("draw", {"when": "next_turn"}),
    "add_power": ("modify", {"value": "power"}),
    "hand_discard": ("discard", {"from": "hand"}),
    "deck_discard": ("discard", {"from": "deck"}),
    "row_discard": ("discard", {"from": "row"}),
    "destroy_own": ("move", {"to": "destroyed"}),
    "destroy_row_after_attack": ("move", {"from": "row", "to": "destroyed"}),
    "summon_villain": ("move", {"from": "villain_deck", "to": "battleground"}),
    "more_villains_if_empty": ("move", {"from": "villain_deck", "to": "battleground",
                                        "if": "battleground_empty"}),
    "gain_weakness": ("gain_weakness", {}),
    "weakness_on_gain": ("gain_weakness", {"when": "on_gain"}),
    "weakness_on_hero_power": ("gain_weakness", {"when": "on_hero_power"}),
})
