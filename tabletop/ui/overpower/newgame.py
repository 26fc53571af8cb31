"""OverPower on the new-game screen: each team picked from the ready-made decks and the
player's saved decks (tabletop/games/overpower/deckfile.py), and the deck builder's
button. A saved deck is read and checked again when the game starts (its cards may have
changed since) and goes into the game's starting position, so the save replays anywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...engine.cards import Catalog
from ...engine.info import Option
from ...engine.paths import decks_dir
from ...games.overpower import deckfile
from ...games.overpower.decklaw import DeckRules
from ..newgame_hooks import NewGameHook
from .picker import Cycle

#: a saved deck's option value: this prefix and its file name
SAVED = "saved:"
TEAM_OPTIONS = ("team_p1", "team_p2")


class OverPowerNewGame(NewGameHook):
    def __init__(self) -> None:
        self._cache: tuple[Any, list[deckfile.SavedDeck]] | None = None

    def saved_decks(self) -> list[deckfile.SavedDeck]:
        """The decks folder, read again only when it changed."""
        folder = decks_dir(deckfile.GAME_ID)
        try:
            stamp = (str(folder), folder.stat().st_mtime_ns)
        except OSError:
            return []
        if self._cache is None or self._cache[0] != stamp:
            self._cache = (stamp, deckfile.saved(folder))
        return self._cache[1]

    def option_widget(self, option: Option, rect, value: Any,
                      on_change: Callable[[Any], None]):
        if option.key not in TEAM_OPTIONS:
            return None
        choices = [(v, label, "ready-made") for v, label in option.choices]
        for found in self.saved_decks():
            if found.deck is not None:
                choices.append((SAVED + found.path.name, found.deck.name, "saved deck"))
        return Cycle(rect, option.label, choices, value, on_change)

    def prepare(self, catalog: Catalog, options: dict[str, Any]) -> \
            tuple[dict[str, Any], dict[str, Any] | None]:
        decks = {}
        out = dict(options)
        rules = DeckRules(code_rule=bool(options.get("code_rule")))
        for seat, key in enumerate(TEAM_OPTIONS):
            value = options.get(key)
            if not isinstance(value, str) or not value.startswith(SAVED):
                continue
            path = decks_dir(deckfile.GAME_ID) / Path(value[len(SAVED):]).name
            try:
                deck = deckfile.load_legal(path, catalog, rules)
            except deckfile.DeckFileError as exc:
                more = len(exc.problems) - 1
                raise ValueError(f"P{seat + 1}'s deck cannot be played: {exc.problems[0]}"
                                 + (f" (and {more} more)" if more else "")) from None
            decks[f"P{seat + 1}"] = deckfile.position_data(deck)
            out[key] = next(o.default for o in _options() if o.key == key)
        if not decks:
            return out, None
        return out, {"phase": "setup", "decks": decks}

    def buttons(self) -> list[tuple[str, Callable[[Any], None]]]:
        return [("Deck builder\u2026", open_builder)]


def _options():
    from ...games import GAMES

    return GAMES[deckfile.GAME_ID].info.options


def open_builder(app) -> None:
    from .deckbuilder import DeckBuilder

    app.push(DeckBuilder())


HOOK = OverPowerNewGame()
