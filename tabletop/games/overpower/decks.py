"""Decks: four characters, a seven-card mission set and a draw deck (cards of kind
``deck``), the deck rules they must pass, and the cards a deck puts on the table."""

from __future__ import annotations

from ...engine.cards import CardDef, CardError, Catalog
from .common import DRAW_KINDS, MISSION_SIZE

#: the draw deck's minimum without Event cards (56 with them; only the draw deck counts)
DECK_MINIMUM = 51


def card_error(card: CardDef, fld: str, message: str) -> CardError:
    """An error at the place of ``fld`` in ``card``'s file."""
    line, col = card.mark_of(fld)
    return CardError(card.source, line, col, message, card=card.id, field=fld)


def _characters(catalog: Catalog, deck: CardDef) -> tuple[list[CardError], list[CardDef]]:
    out, found = [], []
    for cid in deck.data["characters"]:
        card = catalog.cards.get(cid)
        if card is None or card.kind != "character":
            out.append(card_error(deck, "characters", f"{cid!r} is not a character card"))
        else:
            found.append(card)
    personas = [c.data.get("persona") or c.id for c in found]
    if len(set(personas)) != len(personas):
        out.append(card_error(deck, "characters", "two versions of the same character "
                                                  "cannot be on one team (Clone Rule)"))
    reserve = deck.data.get("reserve")
    if reserve is not None and reserve not in deck.data["characters"]:
        out.append(card_error(deck, "reserve", f"{reserve!r} is not one of the deck's "
                                               "characters"))
    return out, found


def _special_ok(card: CardDef, team: list[CardDef]) -> bool:
    who = card.data["character"]
    if who == "any":
        return True
    if who == "any-hero":
        return any(c.data.get("code") != "V" for c in team)
    return any((c.data.get("persona") or c.id) == who for c in team)


def _draw_deck(catalog: Catalog, deck: CardDef, team: list[CardDef]) -> list[CardError]:
    out = []
    total = 0
    for cid, n in deck.data["cards"].items():
        card = catalog.cards.get(cid)
        if card is None or card.kind not in DRAW_KINDS:
            out.append(card_error(deck, "cards", f"{cid!r} is not a card a draw deck may "
                                                 "hold (Power, Universe, Tactic, Special)"))
            continue
        total += n
        if card.kind != "special":
            continue
        if card.data.get("one_per_deck") and n > 1:
            out.append(card_error(deck, "cards", f"{card.name} is One Per Deck, not {n}"))
        if team and not _special_ok(card, team):
            out.append(card_error(deck, "cards", f"{card.name} is for a character not on "
                                                 "the team"))
    if total < DECK_MINIMUM:
        out.append(card_error(deck, "cards", f"a draw deck needs at least {DECK_MINIMUM} "
                                             f"cards, this one has {total}"))
    return out


def check_deck(catalog: Catalog, deck: CardDef) -> list[CardError]:
    """The deck rules: four characters of four personas, a complete mission set, a draw
    deck of at least 51 cards holding only drawable cards, One Per Deck cards once, every
    Special for a team member (or Any Character, or Any Hero with a hero on the team)."""
    out, team = _characters(catalog, deck)
    pieces = [c for c in catalog.of_kind("mission") if c.data["set"] == deck.data["missions"]]
    if len(pieces) != MISSION_SIZE:
        out.append(card_error(deck, "missions", f"no complete mission set "
                                                f"{deck.data['missions']!r}"))
    return out + _draw_deck(catalog, deck, team)


def deck_cards(catalog: Catalog, deck_id: str) -> tuple[list[CardDef], list[CardDef],
                                                        list[CardDef]]:
    """The characters, the mission cards (piece order) and the draw deck of a deck."""
    deck = catalog.cards[deck_id]
    characters = [catalog.cards[c] for c in deck.data["characters"]]
    missions = sorted((c for c in catalog.of_kind("mission")
                       if c.data["set"] == deck.data["missions"]),
                      key=lambda c: c.data["piece"])
    draw = [catalog.cards[cid] for cid, n in deck.data["cards"].items() for _ in range(n)]
    return characters, missions, draw
