"""The standard deck: 52 playing cards and two jokers, a card set any game can load.

The cards live in ``cards/standard-deck/`` (files saying ``game: standard-deck``). A game
that uses them lists the set in ``Game.card_sets`` and adds :data:`PLAYING_CARD` to its
``card_kinds`` under the kind name :data:`KIND`; what a suit or a rank *means* in that game
(values, roles) belongs in the game's own card folder. Mods may add to the shared set
(``game: standard-deck``: a third joker, a second deck) or to one game only.

A playing card has a ``rank`` and a ``suit`` (its ``colour`` follows from the suit), or is
a joker (``joker: true``) with a ``colour`` and neither rank nor suit.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CardDef, CardError, Catalog
from .schema import Bool, Enum, Field

KIND = "playing-card"
SUITS = ("spades", "hearts", "diamonds", "clubs")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
COLOURS = ("red", "black")
SUIT_COLOUR = {"spades": "black", "clubs": "black", "hearts": "red", "diamonds": "red"}
SUIT_SYMBOL = {"spades": "\u2660", "hearts": "\u2665", "diamonds": "\u2666", "clubs": "\u2663"}

#: the fields of a ``playing-card`` (the common id/kind/name/text... come on top)
PLAYING_CARD: dict[str, Field] = {
    "rank": Field(Enum(*RANKS), doc="2 to 10, J, Q, K or A (not for a joker)"),
    "suit": Field(Enum(*SUITS), doc="spades, hearts, diamonds or clubs (not for a joker)"),
    "colour": Field(Enum(*COLOURS), doc="red or black: follows from the suit; a joker "
                                        "needs one"),
    "joker": Field(Bool(), default=False, doc="true for a joker (no rank, no suit)"),
}


@dataclass(frozen=True)
class PlayingCard:
    """What a playing card is, independent of any game."""

    rank: str | None
    suit: str | None
    colour: str
    joker: bool

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOL.get(self.suit or "", "\u2605")

    @property
    def short(self) -> str:
        """``10\u2665``, ``Q\u2663``; ``\u2605`` for a joker."""
        return "\u2605" if self.joker else f"{self.rank}{self.symbol}"


def playing_card(card: CardDef) -> PlayingCard:
    d = card.data
    joker = bool(d.get("joker"))
    suit = None if joker else d.get("suit")
    colour = d.get("colour") or SUIT_COLOUR.get(suit or "", "black")
    return PlayingCard(None if joker else d.get("rank"), suit, colour, joker)


def check_playing_cards(catalog: Catalog) -> list[CardError]:
    """A joker has a colour and no rank or suit; other cards have both, and a colour (if
    given) that matches the suit. Bad cards are removed from the catalog."""
    errors: list[CardError] = []
    for card in list(catalog.of_kind(KIND)):
        d = card.data
        problem = None
        if d.get("joker"):
            if d.get("rank") or d.get("suit"):
                problem = ("rank" if d.get("rank") else "suit",
                           "a joker has no rank and no suit")
            elif not d.get("colour"):
                problem = ("colour", "a joker needs a colour (red or black)")
        elif not d.get("rank") or not d.get("suit"):
            problem = ("suit" if d.get("rank") else "rank",
                       "a playing card needs a rank and a suit (or joker: true)")
        elif d.get("colour") and d["colour"] != SUIT_COLOUR[d["suit"]]:
            problem = ("colour", f"{d['suit']} are {SUIT_COLOUR[d['suit']]}, not {d['colour']}")
        if problem:
            line, col = card.mark_of(problem[0])
            errors.append(CardError(card.source, line, col, problem[1], card=card.id,
                                    field=problem[0]))
            catalog.cards.pop(card.id, None)
    return errors
