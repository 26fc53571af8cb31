"""What a game adds to the new-game screen: a :class:`NewGameHook`, part of the game's
kit (:mod:`.kits`); a game without one gets the plain screen (:data:`PLAIN`).

A hook may fit the default options to the cards the game has (OverPower's default team
may be a deck a mod removed), draw an option its own way (OverPower offers the ready-made
decks the cards have and saved decks beside them), turn the chosen options into the game's
options and a starting position when the game starts, and add buttons (a deck builder).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.cards import Catalog
from ..engine.info import Option


class NewGameHook:
    def defaults(self, catalog: Catalog, options: dict[str, Any]) -> dict[str, Any]:
        """The options the screen starts from (the game's defaults, ``options``) fitted
        to ``catalog``."""
        return options

    def option_widget(self, option: Option, rect, value: Any,
                      on_change: Callable[[Any], None], catalog: Catalog | None = None):
        """A widget for ``option`` (at ``rect``; ``catalog``: the game's cards), or None
        for the usual one."""
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
