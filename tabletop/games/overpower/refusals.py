"""Why a move is refused, in words that name the rule (the table shows them when a drop
or a click is not legal). Why one character cannot use one card: :mod:`.cardwhy`."""

from __future__ import annotations

from ...engine.moves import Move, seat_label
from .activators import site_refusal
from .cardwhy import (
    declared_refusal,
    doubleshot_refusal,
    explain_ko,
    rating_refusal,
    why_not_fits,
)
from .combos import as_type, follow_types
from .common import (
    BASE,
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
from .grid import Hands, fits, slot_free
from .morekinds import ANY_HOME_BASE
from .state import Link, OPState

SLOT_WORDS = {"power": "Power", "universe": "Universe", "tactic": "Tactic",
              "special": "Special", "aspect": "Aspect"}


def _chars(s: OPState, seat: int) -> list[int]:
    return s.zones[FRONT[seat]] + s.zones[RESERVE[seat]]


def _home_place(s: OPState, m: Move) -> str:
    """Why a card cannot be Placed on the Home Base (empty if it can, as far as that
    goes)."""
    inf = s.info[m.card]
    home = s.name(m.target)
    if inf.kind != "aspect":
        return f"Only Aspects are Placed on your Home Base, {home}."
    if inf.persona == ANY_HOME_BASE:
        return (f"{inf.name} is an Any Home Base Aspect: it is played from your hand, never "
                "Placed.")
    if not slot_free(s, m.target, m.seat, "aspect"):
        return f"{home} already has an Aspect Placed (one at a time)."
    return ""


def explain_place(s: OPState, m: Move) -> str:
    if m.kind == "done":
        return "You may finish placing now."
    if m.card not in s.zones[HAND[m.seat]]:
        return "Only cards from your hand can be Placed."
    if m.target in s.zones[BASE[m.seat]]:
        home = _home_place(s, m)
        if home:
            return home
    elif m.target not in _chars(s, m.seat):
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
            why_not_fits(s, m.target, m.card)
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
    if s.riding:
        return ("After a drawn battle you must still venture at least one more mission card "
                "(the cards riding on from the draw do not count).")
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
    if m.kind in ("follow", "finish", "stop"):
        return ("There is no follow-up to make: follow-ups come right after the Teamwork "
                "card, Ally card or Special that allows them.")
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
        return _target_refusal(s, m)
    if inf.kind in ("basic-universe", "training"):
        return f"{inf.name} is played together with a Power card: drag the Power card."
    if not fits(s, actor, inf):
        return why_not_fits(s, actor, m.card)
    return _kind_refusal(s, m, inf)


def _target_refusal(s: OPState, m: Move) -> str:
    """Why the target is not one an attack may take."""
    them = other(m.seat)
    if m.target in s.zones[RESERVE[them]]:
        return "A Reserve character can be attacked only by cards that say so."
    if isinstance(m.target, int) and m.target in s.zones[BASE[them]]:
        return f"{s.name(m.target)} is a Home Base: a Home Base is never attacked."
    return "Attack a character on your opponent's Front Line."


def _kind_refusal(s: OPState, m: Move, inf) -> str:
    if inf.kind == "teamwork":
        types = " or ".join(TYPES[t].capitalize() for t, _ in inf.follow_ups)
        return f"{inf.name} needs a teammate who can follow up with {types}."
    if inf.kind == "ally":
        return _ally_refusal(s, m, inf)
    if inf.kind == "doubleshot":
        return doubleshot_refusal(s, m)
    if inf.kind == "special":
        if inf.play == "defence":
            return f"{inf.name} is played only as a Defensive Action."
        if inf.partner is not None:
            return (f"{inf.name} is played with a {type_name(inf.partner[0])} Power card "
                    "(not MultiPower) that its character can use.")
        return f"{inf.name} has nothing to act on now."
    return declared_refusal(s, m) or "That attack is not possible now."


def _ally_refusal(s: OPState, m: Move, inf) -> str:
    """An Ally card needs a teammate's Special to follow it (with the Any Character
    Limitation, one of the teammate's own)."""
    rule = f"{inf.name} needs a Front Line teammate who can play a Special now"
    if s.options.get("any_character_limitation"):
        hands = Hands(s, m.seat)
        mates = [y for y in s.zones[FRONT[m.seat]] if y != m.choice[0]]
        if any(s.info[c].kind == "special" and s.info[c].persona in ("any", "any-hero")
               for y in mates for c in hands.of(y)):
            return (f"{rule}: with the Any Character Limitation, an Any Character Special "
                    "cannot follow an Ally card.")
    return rule + "."


def explain_defend(s: OPState, m: Move) -> str:
    a = s.attack
    if m.kind in ("concede", "pass"):
        word = "concede" if m.kind == "concede" else "pass"
        return (f"You may {word} only on your own turn, not in answer to an attack: defend "
                f"{s.name(a.target)} or take the hit.")
    if m.kind != "defend":
        return "Defend the attacked character, or take the hit."
    inf = s.info[m.card]
    if inf.kind in ("teamwork", "ally"):
        return "Teamwork and Ally cards cannot be used to defend."
    if m.target != a.target:
        return (f"Only the attacked character may defend ({s.name(a.actor)} is attacking "
                f"{s.name(a.target)}): drop the card on {s.name(a.target)}.")
    if not fits(s, m.target, inf):
        return why_not_fits(s, m.target, m.card)
    if a.value is None:
        return (f"{s.name(a.cards[0])} has no value: only a Special that avoids or negates "
                "without a value limit can stop it.")
    if inf.kind in ("power", "doubleshot") and inf.kind not in a.blockable:
        return f"{s.name(a.cards[0])} can only be stopped by Specials that avoid or negate."
    if inf.kind == "special":
        if inf.play not in ("defence", "attack-or-defence"):
            return f"{inf.name} is not a Defensive Action: it is played on your own turn."
        return f"{inf.name} does not stop this attack."
    if inf.kind == "doubleshot":
        return doubleshot_refusal(s, Move("doubleshot", m.seat, m.card, None,
                                          (m.target, *m.choice)))
    return (f"{inf.name} is too low to block an attack of {a.value} (equal or higher "
            "blocks; any type blocks any type).")


def explain_chain(s: OPState, m: Move) -> str:
    link = s.chain[-1]
    source = s.info[link.source].name if link.kind != "grant" else s.name(link.source)
    whole = _whole_turn(m, source, link.must)
    if whole:
        return whole
    if m.kind in ("finish", "stop") and link.must:
        return _owed(s, link, source)
    if link.kind == "teamwork":
        found = _follow_refusal(s, m, link, source) if m.kind == "follow" else ""
        types = ", ".join(LETTERS[t] for t, _ in s.info[link.source].follow_ups)
        return found or (f"{source}: each follow-up is a Power card attack ({types}) by a "
                         f"different Front Line teammate of {s.name(link.actor)}, each of a "
                         "different type.")
    if link.kind == "ally":
        return f"{source}: a Front Line teammate of {s.name(link.actor)} must now play a Special."
    if link.by == "self":
        return f"{source}: only {s.name(link.actor)} may attack again."
    return f"{source}: a teammate of {s.name(link.actor)} may attack now."


def _follow_refusal(s: OPState, m: Move, link: Link, source: str) -> str:
    """Which of a Teamwork card's follow-up rules ``m`` breaks (empty if none found)."""
    if not isinstance(m.choice, tuple) or len(m.choice) != 3:
        return ""
    actor, partner, t = m.choice
    who = s.name(actor) if isinstance(actor, int) and actor >= 0 else "?"
    if actor == link.actor:
        return (f"{who} played {source}: its follow-ups are made by teammates (a character "
                "is not their own teammate).")
    if ("char", actor) in link.used:
        return f"{who} has already followed up {source}: each follow-up is by another teammate."
    if actor not in s.zones[FRONT[m.seat]]:
        return f"Only Front Line teammates of {s.name(link.actor)} follow up {source}."
    if isinstance(partner, int) and partner >= 0:
        return f"A follow-up to {source} is a Power card alone: no Universe card is added."
    inf = s.info[m.card]
    if inf.kind != "power":
        return f"A follow-up to {source} is made with a Power card; {inf.name} is not one."
    if not isinstance(t, int) or t < 0:
        return f"Say which type the follow-up to {source} is."
    if ("type", t) in link.used:
        return (f"{source} has already been followed up with {type_name(t)}: each follow-up "
                "is of a different type.")
    allowed = follow_types(s, s.info[link.source])
    if t not in allowed:
        names = " or ".join(TYPES[x].capitalize() for x in allowed)
        return f"{source} is followed up only with {names} (the types printed on it)."
    if inf.types and t not in inf.types:
        kinds = " or ".join(type_name(x) for x in inf.types)
        return f"{inf.name} is played as {kinds}, not as {type_name(t)}."
    if not as_type(s, actor, inf, t):
        return rating_refusal(s, actor, m.card, t)
    return ""


def _whole_turn(m: Move, source: str, owed: bool) -> str:
    """Conceding and passing each take a turn of their own: never a follow-up."""
    if m.kind == "concede":
        return (f"Conceding is a whole turn of its own, never a follow-up to {source}: you "
                "may concede on a later turn of yours, instead of playing a card.")
    if m.kind == "pass":
        then = "make its follow-up first" if owed else "make or end its follow-ups first"
        return f"Passing is a whole turn of its own, never a follow-up to {source}: {then}."
    return ""


def _owed(s: OPState, link, source: str) -> str:
    """Why a Teamwork or Ally card's follow-up cannot be skipped."""
    if link.kind == "teamwork":
        return (f"{source} owes at least one follow-up attack by a teammate of "
                f"{s.name(link.actor)}: a Teamwork card is played only with one.")
    return (f"{source} owes a Special played by a Front Line teammate of "
            f"{s.name(link.actor)}: an Ally card is played only with one.")


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
    gone = explain_ko(s, m)
    if gone:
        return gone
    site = site_refusal(s, m)  # Battlesites and Activators (issue 14)
    if site:
        return site
    why = EXPLAIN.get(s.pending.kind)
    return why(s, m) if why is not None else f"Not now: {status}"
