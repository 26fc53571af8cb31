"""OverPower playouts with decks drawn at random from the card pool (issue 14): each deck
is checked by the deck rules before it plays (a random draw that breaks one is drawn
again), may use a Home Base or a Battlesite, and the game ends with every card kept."""

from __future__ import annotations

import random

from overpower_helpers import CATALOG, GAME, RULES

from tabletop.engine.rng import Rng
from tabletop.games.overpower.ai import OverPowerAI
from tabletop.games.overpower.decklaw import USES, DeckList, check, errors, grid, persona

TEAMS = [d for d in CATALOG.of_kind("deck") if not d.data.get("home_base") and
         not d.data.get("battlesite")]


def _usable(card, team) -> bool:
    use = USES.get(card.kind)
    return use is None or any(use(card, grid(c)) for c in team)


def random_deck(r: random.Random) -> DeckList:
    """A legal deck: a ready-made team and mission set, maybe a Location, and 51 to 60
    cards drawn from what that team may hold."""
    base = r.choice(TEAMS)
    deck = DeckList(name="random", characters=list(base.data["characters"]),
                    missions=base.data["missions"])
    team = [CATALOG.cards[c] for c in deck.characters]
    names = {persona(c) for c in team}
    places = CATALOG.of_kind("location")
    homes = [p for p in places if names <= set(p.data["characters"])]
    sites = [p for p in places if not names & set(p.data["characters"])]
    roll = r.random()
    if roll < 0.3 and homes:
        deck.home_base = r.choice(homes).id
    elif roll < 0.6 and sites:
        site = r.choice(sites)
        deck.battlesite = site.id
        listed = set(site.data["characters"])
        deck.beneath = r.sample([c.id for c in CATALOG.of_kind("special")
                                 if c.data["character"] in listed], 4)
    pool = []
    for card in CATALOG.cards.values():
        kind, d = card.kind, card.data
        if kind == "special" and d["character"] not in (*names, "any", "any-hero"):
            continue
        if kind == "event" and d["mission_set"] != deck.missions:
            continue
        if kind == "aspect" and (not deck.home_base or
                                 d["location"] not in (deck.home_base, "any-home-base")):
            continue
        if kind == "activator" and not any(
                CATALOG.cards[c].data["character"] == d["character"] for c in deck.beneath):
            continue
        if kind in ("character", "mission", "location", "deck") or not _usable(card, team):
            continue
        pool.append(card)
    size = r.randint(56, 60)
    while deck.size < size:
        card = r.choice(pool)
        once = card.kind == "event" or card.data.get("one_per_deck")
        if once and card.id in deck.cards:
            continue
        deck.cards[card.id] = deck.cards.get(card.id, 0) + 1
    return deck


def test_playouts_with_random_legal_decks_end_and_keep_every_card():
    r = random.Random(14)
    kinds: set[str] = set()
    for game in range(24):
        decks = []
        while len(decks) < 2:
            deck = random_deck(r)
            if not errors(check(CATALOG, deck)):
                decks.append(deck)
        position = {"phase": "setup", "decks": {"P1": decks[0].to_data(),
                                                "P2": decks[1].to_data()}}
        s = GAME.positions.build(CATALOG, RULES.normalize_options({}), game, position)
        kinds |= {s.info[c].kind for c in range(len(s.cards))}
        total = len(s.cards)
        ai = OverPowerAI()
        rng = Rng(game)
        for _ in range(5000):
            if s.over:
                break
            if s.actor == game % 2:
                m = ai.choose(RULES, RULES.view(s, s.actor), s.actor, rng)
            else:
                m = r.choice(RULES.legal_moves(s))
            s = RULES.play(s, m)
        every = [c for z in s.zones.values() for c in z]
        assert len(every) == total and len(set(every)) == total
        assert s.over, game
    assert {"location", "activator", "aspect", "event", "artifact"} <= kinds
