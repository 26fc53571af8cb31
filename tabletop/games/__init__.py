"""The game registry: every game is a plug-in over the shared engine.

Each sub-package of ``tabletop.games`` that exposes ``GAME`` (an instance of its
:class:`~tabletop.engine.game.Game`) is registered under ``GAME.info.id``; the package name
is the id with dashes as underscores (``power-play`` -> ``power_play``).
"""

from __future__ import annotations

import importlib
import pkgutil

from ..engine.game import REGISTRY, Game
from ..engine.loader import KNOWN_GAMES

#: the order games are listed in the new-game screen
ORDER = ("brawl", "power-play", "hero-vs-nemesis", "solo-deckbuilder", "overpower")


def _registry() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.info.id] = game
    rank = {gid: i for i, gid in enumerate(ORDER)}
    return dict(sorted(found.items(), key=lambda kv: (rank.get(kv[0], 99), kv[0])))


GAMES: dict[str, Game] = _registry()
REGISTRY.update(GAMES)
KNOWN_GAMES.update(GAMES)
KNOWN_GAMES.update(s for g in GAMES.values() for s in g.rules.card_sets)


def known_game_ids() -> set[str]:
    """Every registered game and every shared card set a card file may name."""
    return set(KNOWN_GAMES)


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}") from None


def package_of(game_id: str) -> str:
    """The Python package name of a game id (``power-play`` -> ``power_play``)."""
    return game_id.replace("-", "_")
