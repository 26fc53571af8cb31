"""Why a move is refused, in words that name the rule (the table shows them when a drop
or a click is not legal)."""

from __future__ import annotations

from ...engine.moves import Move, seat_label
from .activators import site_refusal
from .common import (
    COMPLETED,
    FAILED,
    FRONT,
    HAND,
    LETTERS,
    MISSIONS,
    RESERVE,
    TYPES,
    other,
    type_name,
)
from .grid import Hands, code_ok, fits, rating, slot_free
from .state import OPState

SLOT_WORDS = {"power": "Power", "universe": "Universe", "tactic": "Tactic",
              "special": "Special"}


def _why_not_fits(s: OPState, ch: int, card: int) -> str:
    """Why ``ch`` cannot use ``card`` (its grid, the Special's character, the code)."""
    inf = s.info[card]
    who = s.name(ch)
    if not code_ok(s, ch, inf):
        return (f"{who} is coded {s.info[ch].code} and cannot play a card coded {inf.code} "
                "(the Code Rule).")
    if inf.kind == "special":
        if inf.persona == "any-hero":
            return f"{inf.name} is for Any Hero: a character coded V cannot play it."
        return f"{inf.name} is a Special of another character: only they can play it."
    if inf.kind == "power":
        if not inf.types:
            return (f"{who} cannot use {inf.name}: no rating of {who} reaches "
                    f"{inf.value} (an Any-Power card needs the highest rating).")
        t = max(inf.types, key=lambda t: rating(s, ch, t))
        return (f"{who} cannot use {inf.name}: {who}'s {type_name(t)} rating is "
                f"{rating(s, ch, t)} (a card's value must not exceed the rating).")
    if inf.kind == "training":
        names = " or ".join(type_name(t) for t in inf.types)
        return f"{inf.name} is for a character rated {inf.max_rating} or less in {names}."
    if inf.kind in ("aspect", "event") or not inf.req:
        return OTHER_KINDS.get(inf.kind, "{card} cannot be played by {who} now.").format(
            card=inf.name, who=who)
    t, v = inf.req
    return (f"{inf.name} needs {type_name(t)} {v}: {who}'s {type_name(t)} rating is "
            f"{rating(s, ch, t)}.")


#: why a card of the kinds issue 14 adds cannot be used where it was dropped
OTHER_KINDS = {
    "aspect": "{card} is an Aspect: only your Home Base plays it.",
    "activator": "{card} is exchanged for a Special of its character beneath your "
                 "Battlesite: there must be one there, and the Battlesite must stand.",
    "event": "{card} is an Event: Events are played after the draw, not in the fight.",
    "artifact": "{card} is an Artifact: on your turn one Front Line character plays it onto "
                "another who meets its second condition; it never defends.",
}


def _chars(s: OPState, seat: int) -> list[int]:
    return s.zones[FRONT[seat]] + s.zones[RESERVE[seat]]


def explain_place(s: OPState, m: Move) -> str:
    if m.kind == "done":
        return "You may finish placing now."
    if m.card not in s.zones[HAND[m.seat]]:
        return "Only cards from your hand can be Placed."
    if m.target not in _chars(s, m.seat):
        return "Place a card on one of your own characters."
    inf = s.info[m.card]
    if inf.slot is None:
        return f"{inf.name} cannot be Placed."
    if not slot_free(s, m.target, m.seat, inf.slot):
        word = SLOT_WORDS[inf.slot]
        return (f"{s.name(m.target)} already has a {word} card Placed (one {word} card per "
                "character).")
    if not fits(s, m.target, inf):
        return "A card is Placed only on a character who can use it: " + \
            _why_not_fits(s, m.target, m.card)
    return "That card cannot be Placed there."


def explain_venture(s: OPState, m: Move) -> str:
    seat = m.seat
    a, b = m.target, m.choice
    if not isinstance(a, int) or not isinstance(b, int) or a < 0 or b < 0:
        return "Say how many cards you venture from each pile."
    if b and not s.zones[FAILED[seat]]:
        return "You may venture from Completed only while your Defeated pile holds a card."
    if a > len(s.zones[MISSIONS[seat]]) or b > len(s.zones[COMPLETED[seat]]):
        return "You cannot venture more mission cards than the pile holds."
    return "You must venture at least one mission card."


def _card_place(s: OPState, m: Move) -> str:
    """Why the lead card cannot be played by the named character, if it is a matter of
    where the card is."""
    actor = m.choice[0] if isinstance(m.choice, tuple) and m.choice else None
    hands = Hands(s, m.seat)
    if m.card in hands.hand:
        return ""
    holder = s.attached.get(m.card)
    if holder is None:
        return "That card is neither in your hand nor Placed on one of your characters."
    if holder != actor:
        return (f"{s.name(m.card)} is Placed on {s.name(holder)}: a Placed card can only be "
                "played by its character.")
    return ""


def explain_turn(s: OPState, m: Move) -> str:
    seat = m.seat
    if s.passed[seat] and m.kind != "concede":
        return "You have passed: you may only pass again or concede this battle."
    if m.kind == "pass":
        return ("With strict passing you may pass only when no card in your hand can "
                "attack.")
    if m.kind not in ("attack", "teamwork", "ally", "doubleshot", "special"):
        return "On your turn: attack, play a Special, pass or concede."
    where = _card_place(s, m)
    if where:
        return where
    return explain_action(s, m)


def explain_action(s: OPState, m: Move) -> str:
    seat = m.seat
    if not isinstance(m.choice, tuple) or len(m.choice) != 3:
        return "Say which character plays the card."
    actor = m.choice[0]
    inf = s.info[m.card]
    if actor in s.zones[RESERVE[seat]]:
        return "The Reserve character may not attack or play cards (unless a card says so)."
    if actor not in s.zones[FRONT[seat]]:
        return "Only your Front Line characters attack."
    if m.target is not None and m.target not in s.zones[FRONT[other(seat)]]:
        if m.target in s.zones[RESERVE[other(seat)]]:
            return "A Reserve character can be attacked only by cards that say so."
        return "Attack a character on your opponent's Front Line."
    if inf.kind in ("basic-universe", "training"):
        return f"{inf.name} is played together with a Power card: drag the Power card."
    if not fits(s, actor, inf):
        return _why_not_fits(s, actor, m.card)
    return _kind_refusal(s, m, inf)


def _kind_refusal(s: OPState, m: Move, inf) -> str:
    if inf.kind == "teamwork":
        types = " or ".join(TYPES[t].capitalize() for t, _ in inf.follow_ups)
        return f"{inf.name} needs a teammate who can follow up with {types}."
    if inf.kind == "ally":
        return f"{inf.name} needs a Front Line teammate who can play a Special now."
    if inf.kind == "doubleshot":
        t, v = inf.mate
        return (f"{inf.name} needs a teammate rated {type_name(t)} {v} or more with a "
                f"{type_name(t)} Power card to add.")
    if inf.kind == "special":
        if inf.play == "defence":
            return f"{inf.name} is played only as a Defensive Action."
        if inf.partner is not None:
            return (f"{inf.name} is played with a {type_name(inf.partner[0])} Power card "
                    "(not MultiPower) that its character can use.")
        return f"{inf.name} has nothing to act on now."
    if isinstance(m.choice[1], int) and m.choice[1] >= 0:
        u = s.info[m.choice[1]]
        return f"{inf.name} cannot be played with {u.name}: the Power card must be of its type."
    return "That attack is not possible now."


def explain_defend(s: OPState, m: Move) -> str:
    a = s.attack
    if m.kind != "defend":
        return "Defend the attacked character, or take the hit."
    inf = s.info[m.card]
    if inf.kind in ("teamwork", "ally"):
        return "Teamwork and Ally cards cannot be used to defend."
    if m.target != a.target:
        return (f"Only the attacked character may defend ({s.name(a.actor)} is attacking "
                f"{s.name(a.target)}): drop the card on {s.name(a.target)}.")
    if a.value is None and inf.kind != "special":
        return (f"{s.name(a.cards[0])} has no value: only a Special that avoids or negates "
                "without a value limit can stop it.")
    if inf.kind in ("power", "doubleshot") and inf.kind not in a.blockable:
        return f"{s.name(a.cards[0])} can only be stopped by Specials that avoid or negate."
    if inf.kind == "special":
        return f"{inf.name} does not stop this attack."
    if not fits(s, m.target, inf):
        return _why_not_fits(s, m.target, m.card)
    return (f"{inf.name} is too low to block an attack of {a.value} (equal or higher "
            "blocks; any type blocks any type).")


def explain_chain(s: OPState, m: Move) -> str:
    link = s.chain[-1]
    source = s.info[link.source].name if link.kind != "grant" else s.name(link.source)
    if link.kind == "teamwork":
        types = ", ".join(LETTERS[t] for t, _ in s.info[link.source].follow_ups)
        return (f"{source}: each follow-up is a Power card attack ({types}) by a different "
                f"Front Line teammate of {s.name(link.actor)}, each of a different type.")
    if link.kind == "ally":
        return f"{source}: a Front Line teammate of {s.name(link.actor)} must now play a Special."
    if link.by == "self":
        return f"{source}: only {s.name(link.actor)} may attack again."
    return f"{source}: a teammate of {s.name(link.actor)} may attack now."


EXPLAIN = {
    "reserve": lambda s, m: "Choose one of your four characters for the Reserve."
    if m.target == RESERVE[m.seat] else "The character you choose for the Reserve is "
                                            "dropped on your Reserve box.",
    "event": lambda s, m: "Play one of the Events in your hand (one per battle).",
    "keep": lambda s, m: "Keep one of the duplicate cards in your hand.",
    "place": explain_place,
    "venture": explain_venture,
    "penalty": lambda s, m: f"You may draw from 0 to {s.pending.data[0]} penalty cards.",
    "battle_start": lambda s, m: "Fight this battle, or concede it.",
    "turn": explain_turn,
    "defend": explain_defend,
    "chain": explain_chain,
}


def explain(s: OPState, m: Move, status: str) -> str:
    if s.over:
        return "The game is over."
    if m.seat != s.actor:
        return f"It is {seat_label(s.actor)}'s move, not {seat_label(m.seat)}'s: {status}"
    if m.kind == "move":
        return ("Characters stay where they are: play a card by dragging it from your hand "
                "onto a character.")
    site = site_refusal(s, m)  # Battlesites and Activators (issue 14)
    if site:
        return site
    why = EXPLAIN.get(s.pending.kind)
    return why(s, m) if why is not None else f"Not now: {status}"
