"""The game registry: every game is a plug-in over the shared engine.

:data:`GAMES` is written out here, in the order the new-game screen lists them: each
game package exposes ``GAME`` (an instance of :class:`~tabletop.engine.game.Game`) and is
named here once. Nothing is found by module name or by import side effect; code that needs
the games imports this table or is given it (``tabletop.engine`` imports no game, so its
functions that need the games take them as an argument). The table's UI kits (layout,
card painters, new-game hook) are the matching table :data:`tabletop.ui.kits.KITS`.

Adding a game: a package ``tabletop/games/<name>/`` with ``GAME``, one line below, and
its kit in ``tabletop/ui/kits.py`` (``tests/test_registry.py`` checks the keys agree).
"""

from __future__ import annotations

from ..engine.game import Game
from .brawl import GAME as BRAWL
from .hero_vs_nemesis import GAME as HERO_VS_NEMESIS
from .overpower import GAME as OVERPOWER
from .power_play import GAME as POWER_PLAY
from .solo_deckbuilder import GAME as SOLO_DECKBUILDER

#: every game by id, in the order the new-game screen lists them
GAMES: dict[str, Game] = {
    game.info.id: game
    for game in (BRAWL, POWER_PLAY, HERO_VS_NEMESIS, SOLO_DECKBUILDER, OVERPOWER)
}

#: every game id and shared card set a card file may name (``game:``)
KNOWN_GAMES: frozenset[str] = frozenset(GAMES) | frozenset(
    s for g in GAMES.values() for s in g.rules.card_sets)

# each game's rules are given the ids a card file may name, so an unknown ``game:`` gets
# a suggestion (the rules cannot import this registry, which imports them)
for _game in GAMES.values():
    _game.rules.known_games = KNOWN_GAMES
del _game


def known_game_ids() -> set[str]:
    """Every registered game and every shared card set a card file may name."""
    return set(KNOWN_GAMES)


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}") from None
