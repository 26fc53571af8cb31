"""Hero vs Nemesis cards: the shared standard deck plus what its suits and ranks mean.

The playing cards come from ``cards/standard-deck/`` (kind ``playing-card``); the game's
own folder ``cards/hero-vs-nemesis/`` maps each suit to a hero power, a nemesis resource
and a conflict field (``suit-role``) and each rank to a value and a conflict type
(``rank-role``). A state's card definitions are the playing cards with their roles merged
in (so card faces and the log can name a card's meaning); :class:`Info` is the compact
form the rules read.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.cards import CardDef, CardError, Catalog
from ...engine.schema import Bool, Enum, Field, Int, Str
from ...engine.standard_deck import (
    KIND,
    PLAYING_CARD,
    RANKS,
    SUITS,
    check_playing_cards,
    playing_card,
)

JOKER_RANK = "joker"

CARD_KINDS: dict[str, dict[str, Field]] = {
    KIND: PLAYING_CARD,
    "suit-role": {
        "suit": Field(Enum(*SUITS), required=True, doc="the suit this entry maps"),
        "power": Field(Str(), required=True, doc="the hero's power of this suit"),
        "resource": Field(Str(), required=True, doc="the nemesis's resource of this suit"),
        "field": Field(Str(), required=True, doc="the field of a conflict of this suit"),
    },
    "rank-role": {
        "rank": Field(Enum(*RANKS, JOKER_RANK), required=True,
                      doc="the rank this entry maps (2-10, J, Q, K, A or joker)"),
        "value": Field(Int(1, 15), required=True,
                       doc="the card's value (for a joker: the most it is worth in the "
                           "nemesis's hand)"),
        "conflict": Field(Str(), required=True, doc="the conflict type of a card of this "
                                                    "rank drawn as a conflict"),
        "harm": Field(Bool(), default=False,
                      doc="countering with this rank harms the nemesis: the card goes to "
                          "the nemesis's support pile"),
        "scheme": Field(Int(1, 15), doc="its value as a scheme, if not its value"),
        "needs": Field(Int(2, 5), doc="a conflict of this rank (or the nemesis's showdown "
                                      "card) needs this many cards, whatever their values"),
        "power": Field(Str(), doc="for a suitless card (joker): what the hero relies on"),
        "resource": Field(Str(), doc="for a suitless card (joker): what the nemesis uses"),
    },
}


@dataclass(frozen=True, slots=True)
class Info:
    """One card instance as the rules see it."""

    name: str
    rank: str          # "2".."10", "J", "Q", "K", "A" or "joker"
    suit: str | None   # None for a joker
    colour: str
    joker: bool
    value: int         # printed value (A = 14; a joker: its top value, 15)
    scheme: int        # value as a scheme (a joker: 1)
    needs: int         # cards needed to counter it as a conflict (0: a higher total)
    harm: bool
    conflict: str      # conflict type
    field: str         # conflict field ("" for a joker)
    power: str         # the hero's power it uses
    resource: str      # the nemesis's resource it uses
    short: str         # "Q\u2665"

    @property
    def label(self) -> str:
        """``Kidnapping \u2014 Criminal`` (a joker: ``Internal conflict``)."""
        return f"{self.conflict} \u2014 {self.field}" if self.field else self.conflict


def check_catalog(catalog: Catalog) -> list[CardError]:
    """Every playing card needs the role of its suit and rank; the set needs what the
    set-up takes (an A, a K, a Q and a 2 of every suit)."""
    errors = check_playing_cards(catalog)
    suits = {c.data["suit"]: c for c in catalog.of_kind("suit-role")}
    ranks = {c.data["rank"]: c for c in catalog.of_kind("rank-role")}
    if catalog.of_kind(KIND) and not (suits and ranks):
        first = catalog.of_kind(KIND)[0]
        errors.append(CardError(first.source, first.line, 1, "no suit-role or rank-role cards: "
                                "Hero vs Nemesis reads them from cards/hero-vs-nemesis/"))
        return errors
    have: set[tuple] = set()  # (rank, suit) of the cards kept that are dealt
    for card in catalog.of_kind(KIND):
        d = card.data  # (as playing_card reads it: a joker has no rank or suit)
        joker = bool(d.get("joker"))
        rank = JOKER_RANK if joker else d.get("rank")
        suit = None if joker else d.get("suit")
        missing = None
        if rank not in ranks:
            missing = ("rank" if not joker else "joker",
                       f"no rank-role gives the meaning of rank {rank!r} (add one in "
                       "cards/hero-vs-nemesis/)")
        elif suit is not None and suit not in suits:
            missing = ("suit", f"no suit-role gives the meaning of {suit} (add one in "
                               "cards/hero-vs-nemesis/)")
        if missing:
            line, col = card.mark_of(missing[0])
            errors.append(CardError(card.source, line, col, missing[1], card=card.id,
                                    field=missing[0]))
            catalog.cards.pop(card.id, None)
        elif d.get("copies", 1) > 0:
            have.add((None if joker else rank, suit))
    lacking = [f"{rank} of {suit}" for suit in SUITS for rank in ("A", "K", "Q", "2")
               if (rank, suit) not in have]
    if lacking and catalog.of_kind(KIND):
        first = catalog.of_kind(KIND)[0]
        errors.append(CardError(first.source, first.line, 1, "the set-up needs an A, a K, a Q "
                                "and a 2 of every suit; missing: " + ", ".join(lacking)))
    return errors


def dealt(catalog: Catalog) -> tuple[tuple[CardDef, ...], tuple[Info, ...]] | None:
    """:func:`deck_of`, or None when the catalog lacks the meanings of the suits and ranks
    (cards/hero-vs-nemesis); worked out once for the catalog's cards, as every new game
    asks it."""
    def build():
        if catalog.of_kind("suit-role") and catalog.of_kind("rank-role"):
            return deck_of(catalog)
        return None
    return catalog.derived("hero-vs-nemesis.dealt", build)


def deck_of(catalog: Catalog) -> tuple[tuple[CardDef, ...], tuple[Info, ...]]:
    """The state's card definitions (one per physical card, roles merged in) and their
    :class:`Info`, worked out once for the catalog's cards (again when they change)."""
    return catalog.derived("hero-vs-nemesis.deck", lambda: _deck(catalog))


def _deck(catalog: Catalog) -> tuple[tuple[CardDef, ...], tuple[Info, ...]]:
    suits = {c.data["suit"]: c.data for c in catalog.of_kind("suit-role")}
    ranks = {c.data["rank"]: c.data for c in catalog.of_kind("rank-role")}
    defs: list[CardDef] = []
    infos: list[Info] = []
    order = {r: i for i, r in enumerate(RANKS)}
    for card in sorted(catalog.of_kind(KIND), key=lambda c: (
            playing_card(c).joker, SUITS.index(playing_card(c).suit or "spades"),
            order.get(playing_card(c).rank or "", 99), c.id)):
        pc = playing_card(card)
        rr = ranks[JOKER_RANK if pc.joker else pc.rank]
        sr = suits.get(pc.suit or "", {})
        data = {**card.data, "colour": pc.colour, "value": rr["value"],
                "scheme": rr.get("scheme") or rr["value"], "needs": rr.get("needs") or 0,
                "harm": bool(rr.get("harm")), "conflict": rr["conflict"],
                "field": sr.get("field", ""),
                "power": sr.get("power") or rr.get("power") or "",
                "resource": sr.get("resource") or rr.get("resource") or ""}
        merged = CardDef(card.id, card.kind, card.name, data, card.source, card.line,
                         card.marks)
        info = Info(card.name, JOKER_RANK if pc.joker else pc.rank, pc.suit, pc.colour,
                    pc.joker, data["value"], data["scheme"], data["needs"], data["harm"],
                    data["conflict"], data["field"], data["power"], data["resource"], pc.short)
        for _ in range(card.data.get("copies", 1)):
            defs.append(merged)
            infos.append(info)
    return tuple(defs), tuple(infos)
