"""OverPower on the new-game screen: each team picked from the ready-made decks the cards
have (every card of kind ``deck``, :func:`~tabletop.games.overpower.decks.ready_made`: the
shipped ones, then mods' by name; a mod may remove or break one: the default team is then
the first one left) and the player's saved decks (tabletop/games/overpower/deckfile.py),
and the deck builder's button. A team that names a deck no longer there is shown as
missing and the game is refused with the reason. A saved deck is read and checked again
when the game starts (its cards may have changed since) and goes into the game's starting
position, so the save replays anywhere.
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
from ...games.overpower.decks import shipped
from ...games.overpower.rules import (
    SHIPPED_DECKS,
    deck_problem,
    ready_made,
    with_present_decks,
)
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

    def defaults(self, catalog: Catalog, options: dict[str, Any]) -> dict[str, Any]:
        return with_present_decks(catalog, options)

    def option_widget(self, option: Option, rect, value: Any,
                      on_change: Callable[[Any], None], catalog: Catalog | None = None):
        if option.key not in TEAM_OPTIONS:
            return None
        if catalog is not None:
            choices = [(v, label, "ready-made" if shipped(catalog.cards[v]) else "from a mod")
                       for v, label in ready_made(catalog)]
        else:
            choices = [(v, label, "ready-made") for v, label in option.choices]
        for found in self.saved_decks():
            if found.deck is not None:
                choices.append((SAVED + found.path.name, found.deck.name, "saved deck"))
        missing = set()
        if value not in [v for v, _, _ in choices]:  # shown as it is: Start says why not
            missing.add(value)
            saved = str(value).startswith(SAVED)
            name = str(value)[len(SAVED):] if saved else \
                dict(SHIPPED_DECKS).get(value, str(value))
            choices.insert(0, (value, name, "missing" if saved else "not in the card set"))
        return Cycle(rect, option.label, choices, value, on_change, warn=missing)

    def prepare(self, catalog: Catalog, options: dict[str, Any]) -> \
            tuple[dict[str, Any], dict[str, Any] | None]:
        decks = {}
        out = dict(options)
        rules = DeckRules(code_rule=bool(options.get("code_rule")))
        own = {f"P{seat + 1}": {} for seat, key in enumerate(TEAM_OPTIONS)
               if str(options.get(key)).startswith(SAVED)}
        problem = deck_problem(catalog, options, {"decks": own})
        if problem:
            raise ValueError(problem[0].upper() + problem[1:] + ".")
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
