"""Helpers for Solo Deck-Builder tests: positions, moves by notation, zone names."""

from __future__ import annotations

from tabletop.engine.flow import Decision
from tabletop.games import get_game

GAME = get_game("solo-deckbuilder")
CATALOG = GAME.rules.load_catalog(mod_dirs=[])
assert not CATALOG.errors, CATALOG.errors


#: the decision of step 6, the player's turn: nothing else is waiting
STEP_6 = Decision("main", 0)


def asking(kind: str, *data) -> Decision:
    """The player's pending decision ``kind`` with its details."""
    return Decision(kind, 0, data)


def waiting(state) -> str | None:
    """The kind of decision awaited besides step 6's own (None in step 6 or at the end)."""
    d = state.pending
    return None if d is None or d == STEP_6 else d.kind


def position(seed: int = 1, **pos):
    """A state from a scenario position (see tabletop/games/solo_deckbuilder/scenario.py).
    The superhero is Nightjar unless given (its power only reacts to Heroes played)."""
    pos.setdefault("superhero", "Nightjar")
    return GAME.positions.build(CATALOG, GAME.rules.normalize_options({}), seed, pos)


def play(state, *moves: str):
    """Play moves given in notation; returns the new state (the old one is unchanged)."""
    for text in moves:
        state = GAME.play(state, GAME.notation.parse_move(state, text))
    return state


def names(state, zone: str) -> list[str]:
    return [state.name(c) for c in state.zones[zone]]


def lines(state) -> list[str]:
    """The log lines the last move (or the set-up) wrote."""
    return [text for text, _ in state.events]


def legal(state) -> list[str]:
    return [GAME.notation.format_move(state, m) for m in GAME.rules.legal_moves(state)]


def weaknesses_in(state, *zones: str) -> int:
    return sum(1 for z in zones for c in state.zones[z] if state.info[c].kind == "weakness")
