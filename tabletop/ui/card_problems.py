"""The problems in card files the app shows (the main menu's count, the card problems
screen), each once with the games that report it: the loaded games' catalogs, or, while
hot reload keeps a game's last good cards, the load it did not take (what the files now
say). A leaf module: the screens that show problems need not import hot reload itself
(whose restart offers reach the menu and the tables)."""

from __future__ import annotations

from ..engine.cards import CardError
from ..engine.reload import distinct_problems


def held_by(app):
    """The app's hot reload, if it runs (the service that holds loads not taken)."""
    return next((s for s in app.services if hasattr(s, "untaken")), None)


def card_problems(app) -> list[tuple[CardError, tuple[str, ...]]]:
    """Every problem in the card files of the loaded games, once each, with the games
    that report it."""
    by_game = {gid: catalog.errors for gid, catalog in app.catalogs.items()}
    reload = held_by(app)
    if reload is not None:
        by_game.update((gid, catalog.errors) for gid, catalog in reload.untaken.items())
    return distinct_problems(by_game)


def problems_version(app) -> int:
    """A number that changes when :func:`card_problems` may have (hot reload took new
    cards or found problems): a screen showing them lays them out again."""
    reload = held_by(app)
    return reload.version if reload is not None else 0
