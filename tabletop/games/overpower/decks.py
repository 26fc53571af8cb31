"""Decks: four characters, a seven-card mission set and a draw deck (cards of kind
``deck``), the deck rules they must pass, the ready-made decks a card set offers (the
shipped ones and mods', :func:`ready_made`) and the cards a deck puts on the table."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ... import CARDS_DIR
from ...engine.cards import CardDef, CardError, Catalog
from ...engine.info import Option
from ...engine.loader import ID_RE
from . import decklaw

#: the longest card id a team option takes (a card's text fields are at most this long)
MAX_DECK_ID = 80


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



# -- the ready-made decks a card set offers ----------------------------------------------------
def shipped(card: CardDef) -> bool:
    """Is ``card`` one of the app's own (its file in ``cards/``), not a mod's?"""
    path = Path(card.source)
    if not path.is_absolute():  # shown relative to the working folder (display_path)
        path = Path(os.getcwd()) / path
    return Path(os.path.realpath(path)).is_relative_to(os.path.realpath(CARDS_DIR))


def ready_made(catalog: Catalog) -> list[tuple[str, str]]:
    """Every deck card of the card set as (option value: its id, name: the card's
    ``name``): the shipped ones first, in the order of their files, then the mods' by
    name. A deck the deck rules refuse is not here: the cards' checks took it out and
    reported it at its file and line (:func:`.cards.check_catalog`)."""
    decks = catalog.of_kind("deck")
    own = [d for d in decks if shipped(d)]
    mods = sorted((d for d in decks if not shipped(d)),
                  key=lambda d: (d.name.casefold(), d.id))
    return [(d.id, d.name) for d in own + mods]


@dataclass(frozen=True)
class DeckOption(Option):
    """A team option: the id of a card of kind ``deck``. Its ``choices`` are the shipped
    decks (what is known with no card set at hand: the option sets of the conformance
    test and the playout digest); any card id is accepted, a mod's deck as well, and the
    card set decides when the game is set up (``rules.deck_problem``: a deck it does not
    have is refused with the reason). The new-game screen offers :func:`ready_made`."""

    def accepts(self, value: Any) -> bool:
        return type(value) is str and len(value) <= MAX_DECK_ID and \
            ID_RE.match(value) is not None

    def expected(self) -> str:
        return ("the id of a deck card (a ready-made deck: " +
                ", ".join(json.dumps(v) for v, _ in self.choices) + ", or a mod's)")
