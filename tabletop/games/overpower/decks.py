"""Decks: four characters, a seven-card mission set and a draw deck (cards of kind
``deck``), the deck rules they must pass, and the cards a deck puts on the table."""

from __future__ import annotations

from ...engine.cards import CardDef, CardError, Catalog
from . import decklaw


def card_error(card: CardDef, fld: str, message: str) -> CardError:
    """An error at the place of ``fld`` in ``card``'s file."""
    line, col = card.mark_of(fld)
    return CardError(card.source, line, col, message, card=card.id, field=fld)


#: a deck law problem's part -> the deck card's field it points at
FIELDS = {"beneath": "under_battlesite"}


def check_deck(catalog: Catalog, deck: CardDef) -> list[CardError]:
    """The deck rules (:mod:`.decklaw`): every error, at the place of its field."""
    problems = decklaw.check(catalog, decklaw.DeckList.from_data(deck.name, deck.data))
    return [card_error(deck, FIELDS.get(p.part, p.part), p.message)
            for p in decklaw.errors(problems)]


def deck_list(catalog: Catalog, deck_id: str) -> decklaw.DeckList:
    """A ready-made deck (a card of kind ``deck``) as a deck list."""
    deck = catalog.cards[deck_id]
    return decklaw.DeckList.from_data(deck.name, deck.data)


def site_cards(catalog: Catalog, deck: decklaw.DeckList) -> tuple[list[CardDef],
                                                                  list[CardDef]]:
    """The deck's Battlesite (none or one) and the Specials beneath it."""
    if not deck.battlesite:
        return [], []
    return [catalog.cards[deck.battlesite]], [catalog.cards[c] for c in deck.beneath]


def home_cards(catalog: Catalog, deck: decklaw.DeckList) -> list[CardDef]:
    """The deck's Home Base (none or one)."""
    return [catalog.cards[deck.home_base]] if deck.home_base else []


def list_cards(catalog: Catalog, deck: decklaw.DeckList) -> tuple[list[CardDef],
                                                                  list[CardDef],
                                                                  list[CardDef]]:
    """The characters, the mission cards (piece order) and the draw deck of a deck list
    (a ready-made deck or a player's)."""
    characters = [catalog.cards[c] for c in deck.characters]
    missions = sorted((c for c in catalog.of_kind("mission")
                       if c.data["set"] == deck.missions),
                      key=lambda c: c.data["piece"])
    draw = [catalog.cards[cid] for cid, n in deck.cards.items() for _ in range(n)]
    return characters, missions, draw

