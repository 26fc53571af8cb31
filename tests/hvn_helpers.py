"""Build Hero vs Nemesis positions and play moves in notation, for rule tests."""

from __future__ import annotations

import pytest

from tabletop.engine.moves import IllegalMove
from tabletop.engine.session import Session
from tabletop.games import get_game

GAME = get_game("hero-vs-nemesis")


def table(catalog, position: dict, seed: int = 1) -> Session:
    return Session(GAME, catalog, {}, seed, position=position)


def play(session: Session, *moves: str) -> Session:
    for text in moves:
        session.play_text(text)
    return session


def refused(session: Session, move: str) -> str:
    """The reason the rules give for refusing ``move`` (the session is unchanged)."""
    before = session.state
    with pytest.raises(IllegalMove) as info:
        session.play_text(move)
    assert session.state is before
    return info.value.reason


def card(session: Session, name: str) -> int:
    s = session.state
    for c in s.all_cards():
        if s.name(c) == name:
            return c
    raise KeyError(name)


def names(session: Session, zone: str) -> list[str]:
    s = session.state
    return [s.name(c) for c in s.zones[zone]]


def lines(session: Session, seat: int | None = None) -> str:
    return session.log_text(seat)
