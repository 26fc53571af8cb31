"""The closed vocabulary of card effects, selectors and triggers.

Card abilities are data: a list of effects, each a mapping whose ``effect:`` key names one
entry of :data:`EFFECTS`. The rules module of each game interprets the effects it uses;
nothing in a card file is ever executed. Every name here is documented in
``docs/modding.md`` (a test keeps the two in step), and unknown names are refused at load
time with a suggestion of the closest valid one.

Where an effect applies is fixed by where it is written (its *context*):

========================  ======================================================
context                   when it applies
========================  ======================================================
``ability``               always, while the card is in play (Brawl step A)
``power``                 while the power is declared this turn (Brawl step B)
``condition``             while the Condition is in play (Brawl step C), or once
                          when it is played if its ``duration`` is ``instant``
``interruption``          once, when the Interruption is played
========================  ======================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from .schema import Bool, Enum, Field, Int, ListOf, OneOfKey, Record, Spec, Str

SIDES = ("hero", "gray", "villain")
ATTACK_TYPES = ("physical", "energy", "mental", "fate")


class OneOrMany(Spec):
    """A single enum value or a list of them; normalised to a tuple."""

    def __init__(self, *choices: str, doc: str = "") -> None:
        self.enum = Enum(*choices)
        self.doc = doc

    def expected(self) -> str:
        return self.enum.expected() + " (or a list of them)"

    def check(self, value, path, mark, ctx):
        if isinstance(value, list):
            out = ListOf(self.enum, min_len=1).check(value, path, mark, ctx)
            return None if out is None or None in out else out
        one = self.enum.check(value, path, mark, ctx)
        return None if one is None else (one,)


@dataclass(frozen=True)
class SelectorKey:
    name: str
    field: Field
    doc: str


#: Keys of a *selector*: a mapping that picks characters (all given keys must hold).
SELECTOR_KEYS: dict[str, SelectorKey] = {
    k.name: k for k in (
        SelectorKey("team", Field(Enum("own", "opposing", "any")),
                    "`own`: the source's team (the card's owner, or the player who played "
                    "it); `opposing`: the other team(s); `any`: everyone (default)"),
        SelectorKey("self", Field(Bool()),
                    "`true`: only the character that has the ability or power; `false`: "
                    "anyone but that character"),
        SelectorKey("side", Field(OneOrMany(*SIDES)),
                    "the character's side: hero, gray, villain (one or a list)"),
        SelectorKey("attack", Field(OneOrMany(*ATTACK_TYPES)),
                    "the character's attack type: physical, energy, mental, fate "
                    "(one or a list)"),
        SelectorKey("knocked_out", Field(Bool()),
                    "`true`: knocked out (turned sideways); `false`: standing"),
        SelectorKey("in_matchup", Field(Bool()), "`true`: in a match-up this turn"),
        SelectorKey("declared", Field(Bool()), "`true`: has declared a power this turn"),
        SelectorKey("taking_action", Field(Bool()),
                    "`true`: taking an action (render aid, thwart, gang up) this turn"),
    )
}

SELECTOR = Record({k.name: k.field for k in SELECTOR_KEYS.values()}, name="a selector")


@dataclass(frozen=True)
class EffectKind:
    """One entry of the vocabulary."""

    name: str
    fields: dict[str, Field]
    contexts: tuple[str, ...]
    games: tuple[str, ...]
    doc: str
    example: str


def _e(name, fields, contexts, games, doc, example) -> EffectKind:
    return EffectKind(name, fields, tuple(contexts), tuple(games), doc, example)


EFFECTS: dict[str, EffectKind] = {
    e.name: e for e in (
        _e("modify_damage",
           {"amount": Field(Int(-20, 20), required=True,
                            doc="added to the damage (negative reduces it)"),
            "dealer": Field(SELECTOR, default={},
                            doc="who deals the damage (selector; empty = anyone)"),
            "receiver": Field(SELECTOR, default={},
                              doc="who takes the damage (selector; empty = anyone)")},
           ("ability", "power", "condition"), ("brawl",),
           "Raise or lower the damage a character deals to its match-up opponent. Applied in "
           "step A (ability), B (declared power) or C (Condition).",
           "{effect: modify_damage, amount: 3, dealer: {self: true}, "
           "receiver: {attack: energy}}"),
        _e("heal",
           {"amount": Field(Int(1, 30), required=True, doc="health restored"),
            "all": Field(Bool(), default=False,
                         doc="heal every character the card's target selects instead of "
                             "one chosen one")},
           ("condition", "interruption"), ("brawl",),
           "Restore health to the target (capped at the character's printed health). A "
           "knocked-out character brought above 0 stands up again.",
           "{effect: heal, amount: 3}"),
        _e("revive",
           {"health": Field(Int(1, 30), required=True, doc="health the character gets")},
           ("interruption",), ("brawl",),
           "A knocked-out target stands up with the given health.",
           "{effect: revive, health: 4}"),
        _e("return_to_hand", {}, ("interruption",), ("brawl",),
           "The target goes back to its owner's hand: its match-up, action and declared "
           "power end and its health slider is reset.",
           "{effect: return_to_hand}"),
        _e("cancel_power", {}, ("interruption",), ("brawl",),
           "The target's declared power is withdrawn; it may not declare again this turn "
           "and deals and heals nothing.",
           "{effect: cancel_power}"),
        _e("break_matchup", {}, ("interruption",), ("brawl",),
           "The target's match-up is broken up: the two characters separate, neither deals "
           "damage to the other, their declared powers are withdrawn and both sit out the "
           "rest of the turn.",
           "{effect: break_matchup}"),
        _e("discard_condition",
           {"all": Field(Bool(), default=False,
                         doc="discard every Condition in play instead of one chosen one")},
           ("condition", "interruption"), ("brawl",),
           "Put a Condition in play (the target) into the discard pile.",
           "{effect: discard_condition}"),
        _e("draw",
           {"count": Field(Int(1, 5), required=True, doc="cards to draw")},
           ("condition", "interruption"), ("brawl",),
           "The player who played the card draws cards (as many as are left).",
           "{effect: draw, count: 2}"),
        _e("opponent_discards",
           {"count": Field(Int(1, 5), required=True, doc="cards discarded")},
           ("interruption",), ("brawl",),
           "The target's owner discards cards at random from their hand.",
           "{effect: opponent_discards, count: 1}"),
    )
}

#: Where each Brawl field takes its effects from.
TRIGGERS: dict[str, str] = {
    "ability": "always on while the card is in play",
    "power": "while the power is declared this turn",
    "condition": "while the Condition is in play, or once when played if instant",
    "interruption": "once, when the card is played",
}


def effect_list(context: str, game: str, doc: str = "") -> ListOf:
    """The spec of an ``effects:`` list in ``context`` for ``game``."""
    variants = {
        e.name: Record(e.fields, name=f"a {e.name} effect")
        for e in EFFECTS.values() if context in e.contexts and game in e.games
    }
    return ListOf(OneOfKey("effect", variants, what=f"{context} effect"), doc=doc)


def text_spec(doc: str = "") -> Str:
    return Str(nonempty=False, doc=doc)
