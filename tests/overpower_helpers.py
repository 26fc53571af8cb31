"""Shared set-up for the OverPower tests: the real card set, tables built from scenario
positions, and a "kitchen sink" catalog whose decks hold one copy of every drawable card
(so a test can put any card anywhere)."""

from __future__ import annotations

from dataclasses import replace

from tabletop.engine.session import Session
from tabletop.games import get_game
from tabletop.games.overpower.common import DRAW_KINDS

GAME = get_game("overpower")
RULES = GAME.rules
CATALOG = RULES.load_catalog(mod_dirs=[])
assert not CATALOG.errors, CATALOG.errors

P1_CHARS = ["saltbright", "keel-marrow", "gannet-vey", "almoner-quill"]
P2_CHARS = ["flintmother", "cobble-jack", "tallow-pike", "pumice-dell"]


def sink(p1=P1_CHARS, p2=P2_CHARS, copies=None):
    """A catalog whose P1 deck (``tidewatch``) and P2 deck (``veilwright``) hold the given
    characters and one copy of every drawable card (``copies``: more of some)."""
    catalog = RULES.load_catalog(mod_dirs=[])
    everything = {c.id: 1 for c in catalog.cards.values() if c.kind in DRAW_KINDS}
    everything.update(copies or {})
    for deck_id, chars in (("tidewatch", p1), ("veilwright", p2)):
        deck = catalog.cards[deck_id]
        catalog.cards[deck_id] = replace(deck, data={**deck.data, "characters": list(chars),
                                                     "cards": everything, "reserve": None})
    return catalog


SINK = sink()


def table(position: dict, options: dict | None = None, catalog=None, seed: int = 1) -> Session:
    """A session from a scenario position (default: the kitchen-sink decks)."""
    catalog = catalog or SINK
    opts = RULES.normalize_options(options or {})
    state = GAME.positions.build(catalog, opts, seed, position)
    return Session(GAME, catalog, opts, seed, initial=state)


def fight(p1: dict, p2: dict, **more) -> Session:
    """A table in the fight, P1 to act, with the kitchen-sink teams unless given."""
    base1 = {"front": ["Saltbright", "Keel Marrow", "Gannet Vey"], "reserve": ["Almoner Quill"]}
    base2 = {"front": ["Flintmother", "Cobble Jack", "Tallow Pike"], "reserve": ["Pumice Dell"]}
    options = more.pop("options", None)
    catalog = more.pop("catalog", None)
    position = {"phase": "fight", "first": "P1", "P1": {**base1, **p1},
                "P2": {**base2, **p2}, **more}
    return table(position, options, catalog)


def play(t: Session, *moves: str) -> Session:
    for text in moves:
        t.play_text(text)
    return t


def names(t: Session, zone: str) -> list[str]:
    s = t.state
    return [s.name(c) for c in s.zones[zone]]


def card(t: Session, name: str, seat: int | None = None) -> int:
    s = t.state
    for c in range(len(s.cards)):
        if s.name(c) == name and (seat is None or s.owner(c) == seat):
            return c
    raise KeyError(name)


def legal_texts(t: Session) -> list[str]:
    return [GAME.notation.format_move(t.state, m) for m in t.legal_moves()]


def refusal(t: Session, text: str) -> str:
    """The reason the rules give for refusing ``text`` (fails if it is legal)."""
    s = t.state
    move = GAME.notation.parse_move(s, text)
    assert not RULES.is_legal(s, move), f"{text} is legal"
    return GAME.text.explain(s, move)
