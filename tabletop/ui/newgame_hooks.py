"""What a game adds to the new-game screen, found like its table layout:
``tabletop.ui.<package>.newgame.HOOK`` (a :class:`NewGameHook`); a game without that
module gets the plain screen.

A hook may draw an option its own way (OverPower offers saved decks beside the
ready-made ones), turn the chosen options into the game's options and a starting
position when the game starts, and add buttons (a deck builder).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from ..engine.cards import Catalog
from ..engine.info import Option
from ..games import package_of


class NewGameHook:
    def option_widget(self, option: Option, rect, value: Any,
                      on_change: Callable[[Any], None]):
        """A widget for ``option`` (at ``rect``), or None for the usual one."""
        return None

    def prepare(self, catalog: Catalog, options: dict[str, Any]) -> \
            tuple[dict[str, Any], dict[str, Any] | None]:
        """The game's options and starting position (None: the usual deal) for the
        choices made; ValueError says why the game cannot start."""
        return options, None

    def buttons(self) -> list[tuple[str, Callable[[Any], None]]]:
        """Extra buttons: (label, action taking the app)."""
        return []


PLAIN = NewGameHook()


def hook_for(game_id: str) -> NewGameHook:
    name = f"tabletop.ui.{package_of(game_id)}.newgame"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return PLAIN
    return module.HOOK
