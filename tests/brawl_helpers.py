"""Build Brawl positions and play moves in notation, for rule tests."""

from __future__ import annotations

from tabletop.engine.session import Session
from tabletop.games import get_game


def table(catalog, position: dict, options: dict | None = None, seed: int = 1) -> Session:
    game = get_game("brawl")
    opts = game.rules.normalize_options(options or {})
    return Session(game, catalog, opts, seed, position=position)


def play(session: Session, *moves: str) -> Session:
    for text in moves:
        session.play_text(text)
    return session


def card(session: Session, name: str) -> int:
    s = session.state
    for c in s.all_cards():
        if s.name(c) == name:
            return c
    raise KeyError(name)


def hp(session: Session, name: str) -> int:
    return session.state.hp[card(session, name)]


def knocked_out(session: Session, name: str) -> bool:
    return card(session, name) in session.state.turned


def zone_names(session: Session, zone: str) -> list[str]:
    s = session.state
    return [s.name(c) for c in s.zones[zone]]


def log(session: Session) -> str:
    return session.log_text(None)
