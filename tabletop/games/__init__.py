"""The game registry: every game is a plug-in over the shared engine."""

from __future__ import annotations

from ..engine.game import Game


def _registry() -> dict[str, Game]:
    from .brawl import BrawlGame

    games: list[Game] = [BrawlGame()]
    return {g.info.id: g for g in games}


GAMES: dict[str, Game] = _registry()


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}") from None
