"""The deck rules' mission-set index (:func:`decklaw.missions_fixed`, used by the checks
across cards) gives every deck the same problems, in the same words, as reading the
catalog's mission cards for each deck."""

from __future__ import annotations

import random

from overpower_helpers import RULES

from tabletop.games.overpower import decklaw
from tabletop.games.overpower.cards import check_catalog
from tabletop.games.overpower.decklaw import DeckList, DeckRules


def _decks(catalog, r: random.Random) -> list[DeckList]:
    """The catalog's decks, and variations of them (another or no mission set, an
    unknown one, cards and characters swapped for random cards)."""
    ids = sorted(catalog.cards)
    sets = sorted({c.data["set"] for c in catalog.of_kind("mission")})
    out = []
    for card in catalog.of_kind("deck"):
        deck = DeckList.from_data(card.name, card.data)
        out.append(deck)
        for _ in range(6):
            other = deck.copy()
            other.missions = r.choice([*sets, "", "no-such-set", deck.missions])
            if r.random() < 0.5:
                other.characters[r.randrange(len(other.characters))] = r.choice(ids)
            for cid in r.sample(ids, 3):
                other.cards[cid] = r.randint(1, 3)
            out.append(other)
    return out


def test_the_index_gives_the_same_problems():
    catalog = RULES.load_catalog(mod_dirs=[])
    # a set with a piece missing, and one with a piece twice
    missions = catalog.of_kind("mission")
    del catalog.cards[missions[0].id]
    r = random.Random(7)
    decks = _decks(catalog, r)
    assert len(decks) > 20
    for rules in (DeckRules(), DeckRules(code_rule=True, tournament=True)):
        plain = [decklaw.check(catalog, d, rules) for d in decks]
        with decklaw.missions_fixed(catalog):
            indexed = [decklaw.check(catalog, d, rules) for d in decks]
        assert indexed == plain
    assert any(p.rule == "missions" for ps in plain for p in ps)


def test_the_index_is_for_its_catalog_only():
    catalog = RULES.load_catalog(mod_dirs=[])
    other = RULES.load_catalog(mod_dirs=[])
    for card in other.of_kind("mission"):
        del other.cards[card.id]
    deck = DeckList.from_data("d", other.of_kind("deck")[0].data)
    with decklaw.missions_fixed(catalog):
        assert decklaw.check(other, deck) == decklaw.check(other, deck)
        assert any(p.rule == "missions" for p in decklaw.check(other, deck))
    assert check_catalog(RULES.load_catalog(mod_dirs=[])) == []
