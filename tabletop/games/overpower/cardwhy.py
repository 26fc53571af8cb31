"""Why a character cannot use a card, in words that name the rule: its grid, the
Special's character (KO'd or another), the Code Rule, a Universe card's or a Doubleshot's
condition, and the moves that name a KO'd character. :mod:`.refusals` words the refusal
of each decision with these."""

from __future__ import annotations

from ...engine.moves import Move
from .combos import as_type, universe_types
from .common import DEFEATED, FRONT, type_name
from .grid import code_ok, fits, power_as, rating
from .state import OPState

#: the rule for the cards of a character knocked out this battle
KO_CARDS = ("a KO'd character's cards may stay in your hand until the battle ends, but none "
            "of them can be played any more")
ACTION_KINDS = ("attack", "teamwork", "ally", "doubleshot", "special", "follow", "activate",
                "artifact")

#: why a card of the kinds issue 14 adds cannot be used where it was dropped
OTHER_KINDS = {
    "aspect": "{card} is an Aspect: only your Home Base plays it.",
    "activator": "{card} is exchanged for a Special of its character beneath your "
                 "Battlesite: there must be one there, and the Battlesite must stand.",
    "event": "{card} is an Event: Events are played after the draw, not in the fight.",
    "artifact": "{card} is an Artifact: on your turn one Front Line character plays it onto "
                "another who meets its second condition; it never defends.",
}


def a_type(t: int) -> str:
    """``an Energy``, ``a Fighting``: a type's name with its article."""
    name = type_name(t)
    return ("an " if name[0] in "AEIOU" else "a ") + name


# -- KO'd characters ------------------------------------------------------------------------
def knocked_out(s: OPState, ch) -> bool:
    """``ch`` is a character (or Battlesite) in a Defeated Characters Pile."""
    return isinstance(ch, int) and 0 <= ch < len(s.info) and \
        any(ch in s.zones[zone] for zone in DEFEATED) and \
        s.info[ch].kind in ("character", "location")


def ko_persona(s: OPState, card: int) -> int | None:
    """The KO'd character whose Special ``card`` is (None if it is not one)."""
    inf = s.info[card]
    if inf.kind != "special" or inf.persona in ("any", "any-hero"):
        return None
    for c in s.zones[DEFEATED[s.owner(card)]]:
        if s.info[c].kind == "character" and s.info[c].persona == inf.persona:
            return c
    return None


def _players(m: Move) -> tuple:
    """The characters a move has play cards: its actor, a Doubleshot's or a defence's
    teammate."""
    if m.kind in ACTION_KINDS and isinstance(m.choice, tuple) and len(m.choice) == 3:
        return (m.choice[0], m.choice[2]) if m.kind == "doubleshot" else (m.choice[0],)
    if m.kind == "defend" and isinstance(m.choice, tuple) and len(m.choice) == 2:
        return (m.target, m.choice[1])
    return ()


def explain_ko(s: OPState, m: Move) -> str:
    """Why a move that names a KO'd character is refused (empty if it names none)."""
    for ch in _players(m):
        if knocked_out(s, ch):
            return f"{s.name(ch)} is KO'd: {KO_CARDS}."
    if not knocked_out(s, m.target):
        return ""
    who = s.name(m.target)
    if m.kind == "place":
        return f"{who} is KO'd: cards are Placed only on characters still in play."
    if m.kind in ACTION_KINDS:
        return f"{who} is KO'd and out of play: it can no longer be attacked."
    return f"{who} is KO'd and out of play."


# -- one character and one card -------------------------------------------------------------
def why_not_fits(s: OPState, ch: int, card: int) -> str:
    """Why ``ch`` cannot use ``card`` (its grid, the Special's character, the code)."""
    inf = s.info[card]
    who = s.name(ch)
    if not code_ok(s, ch, inf):
        return (f"{who} is coded {s.info[ch].code} and cannot play a card coded {inf.code} "
                "(the Code Rule).")
    if inf.kind == "special":
        return _special_owner(s, card)
    if inf.kind == "power":
        if not inf.types:
            return (f"{who} cannot use {inf.name}: no rating of {who} reaches "
                    f"{inf.value} (an Any-Power card needs the highest rating).")
        t = max(inf.types, key=lambda t: rating(s, ch, t))
        return rating_refusal(s, ch, card, t)
    if inf.kind == "training":
        names = " or ".join(type_name(t) for t in inf.types)
        rated = ", ".join(f"{type_name(t)} {rating(s, ch, t)}" for t in inf.types)
        return (f"{inf.name} is for a character rated {inf.max_rating} or less in {names}: "
                f"{who} is rated {rated}.")
    if inf.kind in ("aspect", "event") or not inf.req:
        return OTHER_KINDS.get(inf.kind, "{card} cannot be played by {who} now.").format(
            card=inf.name, who=who)
    t, v = inf.req
    return (f"{inf.name} needs {type_name(t)} {v}: {who}'s {type_name(t)} rating is "
            f"{rating(s, ch, t)}.")


def rating_refusal(s: OPState, ch: int, card: int, t: int) -> str:
    """A Power card used as type ``t`` beyond ``ch``'s rating in it."""
    who, inf = s.name(ch), s.info[card]
    used = f" as {type_name(t)}" if len(inf.types) != 1 else ""
    return (f"{who} cannot use {inf.name}{used}: {who}'s {type_name(t)} rating is "
            f"{rating(s, ch, t)} (a card's value must not exceed the rating).")


def _special_owner(s: OPState, card: int) -> str:
    """A Special no one but its own character plays (and not at all once it is KO'd)."""
    inf = s.info[card]
    gone = ko_persona(s, card)
    if gone is not None:
        return f"{inf.name} is {s.name(gone)}'s Special and {s.name(gone)} is KO'd: {KO_CARDS}."
    if inf.persona == "any-hero":
        return f"{inf.name} is for Any Hero: a character coded V cannot play it."
    return f"{inf.name} is a Special of another character: only they can play it."


# -- cards played together --------------------------------------------------------------------
def declared_refusal(s: OPState, m: Move) -> str:
    """Why a Power card attack (alone or with a Universe card) cannot be made as declared
    (empty if the reason is not there)."""
    actor, partner, t = m.choice
    inf = s.info[m.card]
    if inf.kind != "power" or not isinstance(t, int):
        return ""
    if isinstance(partner, int) and partner >= 0:
        return _universe_refusal(s, actor, m.card, partner, t)
    if t >= 0 and inf.types and t not in inf.types:
        kinds = " or ".join(type_name(x) for x in inf.types)
        return f"{inf.name} is played as {kinds}, not as {type_name(t)}."
    if t >= 0 and inf.types and not power_as(s, actor, inf, t):
        return rating_refusal(s, actor, m.card, t)
    return ""


def _universe_refusal(s: OPState, actor: int, card: int, partner: int, t: int) -> str:
    inf, u = s.info[card], s.info[partner]
    if u.kind not in ("basic-universe", "training"):
        return (f"{inf.name} is played alone or with a Basic Universe or Training card; "
                f"{u.name} is neither.")
    if not fits(s, actor, u):
        return why_not_fits(s, actor, partner)
    if t not in universe_types(s, actor, u):
        if u.kind == "training":
            return (f"{u.name} is used only in a type rated {u.max_rating} or less: "
                    f"{s.name(actor)}'s {type_name(t)} rating is {rating(s, actor, t)}.")
        need = type_name(u.req[0])
        return f"{u.name} adds to {a_type(u.req[0])} attack only: play the card as {need}."
    if not as_type(s, actor, inf, t):
        return rating_refusal(s, actor, card, t)
    return ""


def doubleshot_refusal(s: OPState, m: Move) -> str:
    """Why a Doubleshot cannot be played with the named teammate and Power card."""
    inf = s.info[m.card]
    t, v = inf.mate
    rule = (f"{inf.name} needs a Front Line teammate rated {type_name(t)} {v} or more who "
            f"adds {a_type(t)} Power card they can use")
    actor, partner, mate = m.choice
    if not (isinstance(mate, int) and isinstance(partner, int) and mate >= 0 and partner >= 0):
        return rule + "."
    if mate == actor or mate not in s.zones[FRONT[m.seat]]:
        return f"{rule}: {s.name(mate)} is not a Front Line teammate of {s.name(actor)}."
    if rating(s, mate, t) < v:
        return f"{rule}: {s.name(mate)}'s {type_name(t)} rating is {rating(s, mate, t)}."
    p = s.info[partner]
    if p.kind != "power" or t not in p.types:
        return f"{rule}: {p.name} is not {a_type(t)} Power card."
    if not power_as(s, mate, p, t):
        return (f"{rule}: {p.name} is beyond {s.name(mate)}'s {type_name(t)} rating of "
                f"{rating(s, mate, t)}.")
    return rule + "."
