"""The verbs a modder writes: one vocabulary for every game.

A card's effect names a *verb* (``effect: discard``) and says which use of it it means
with the verb's *keys* (``from: hand``); the rest are the use's fields (``count: 2``). The
verbs below are shared: the same idea in several games' rules (drawing, discarding,
moving cards between zones, changing a value, preventing something, healing) is written
the same way in all of them, and documented once. A game implements each use it has
(:func:`tabletop.engine.effects.registry.effect`, a name of its own that its rules and
the loaded card data use) and says how it is written with
:func:`~tabletop.engine.effects.registry.uses`; an effect of
its own rules alone is a verb of that game (its own name, no keys), or a game verb with
keys (:func:`verb`) when several of its effects are one idea.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Key:
    """One key of a verb: which use is meant. ``default`` is what an effect that does
    not write the key means (None: a use that fixes the key must be written with it)."""

    name: str
    doc: str
    default: Any = None


@dataclass
class Verb:
    """A verb: its name, its meaning, its keys; ``game`` is None for a shared verb."""

    name: str
    doc: str
    keys: dict[str, Key] = field(default_factory=dict)
    game: str | None = None

    @property
    def shared(self) -> bool:
        return self.game is None


#: every verb, by name
VERBS: dict[str, Verb] = {}


def verb(name: str, doc: str, *keys: Key, game: str | None = None) -> Verb:
    """Declare a verb (``game``: a verb of that game's rules alone)."""
    if name in VERBS:
        raise ValueError(f"verb {name!r} is declared twice")
    found = VERBS[name] = Verb(name, doc, {k.name: k for k in keys}, game)
    return found


@dataclass(frozen=True)
class Use:
    """How an effect is written: ``verb`` with the key values ``where``; ``renames``:
    field name as written -> the effect's own field name (where the written word is
    the verb's, e.g. ``from`` for a pile); ``match``: the effect's fields that pick
    cards, written as keys of its selector (``match: {kind: [power]}``): selector key
    -> the effect's own field."""

    verb: str
    where: dict[str, Any] = field(default_factory=dict)
    renames: dict[str, str] = field(default_factory=dict)
    match: dict[str, str] = field(default_factory=dict)


#: the field a use's selector is written under
MATCH = "match"


# -- the shared verbs ------------------------------------------------------------------------
verb("draw",
     "Cards go from a draw pile into a hand: the player's own unless `who` says otherwise, "
     "now unless `when` says later. Fewer are drawn when the pile runs out (a game that "
     "shuffles its discard pile into an empty draw pile does so first).",
     Key("who", "whose hand: `you` (the card's player) or `each_player`", "you"),
     Key("when", "`now`, or later: `next_turn`, `each_battle`", "now"))
verb("discard",
     "Cards go to their discard pile: `from` says from where (a hand, the top of a deck, a "
     "row, cards in play or placed on a character), `who` whose cards (the card's player "
     "unless it says otherwise).",
     Key("from", "`hand`, `deck` (its top), `row`, `play` or `placed`"),
     Key("who", "whose cards: `you`, `opponents`, `target` or `target_team`", "you"))
verb("move",
     "Cards go from one zone to another that is not a discard pile: back to a hand, into "
     "the reserve, out of the game (`destroyed`), onto the battleground. `from` and `to` "
     "name the zones (a use may leave `from` to the card, as a field).",
     Key("from", "the zone the cards leave"),
     Key("to", "the zone they go to"),
     Key("if", "only when this holds (e.g. `battleground_empty`)"))
verb("modify",
     "A number the rules use changes: `value` names it (damage, power, a total, a rating), "
     "`by` how (`add`, the default, with `amount`; `multiply` with `factor`; `halve`; "
     "`set` with `to`). How long it lasts is the context's: an ability or a card in play "
     "while it is there, a played card for the turn or battle.",
     Key("value", "which number changes"),
     Key("by", "`add` (the default), `multiply`, `halve` or `set`", "add"))
verb("prevent",
     "Something the rules would do does not happen: `what` names it (an attack, a power, "
     "playing cards, a combination, a kind of knock-out), `who` whom it binds where that "
     "differs.",
     Key("what", "what does not happen"),
     Key("who", "whom it binds: `target` or `everyone`"))
verb("heal",
     "Damage is taken back: health restored (Brawl) or hits removed (OverPower). With "
     "`revive: true`, a knocked-out character stands up with the health given.",
     Key("revive", "`true`: stand a knocked-out character up", False))
