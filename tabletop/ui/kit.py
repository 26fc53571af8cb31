"""What the UI needs of a game beside its rules: its kit (the table of every game's kit
is :mod:`.kits`)."""

from __future__ import annotations

from dataclasses import dataclass

from .cardart import CardPainters
from .gestures import Gestures
from .newgame_hooks import PLAIN, NewGameHook
from .table.layout import Layout


@dataclass(frozen=True)
class UiKit:
    """What the table draws a game with: ``layout`` (the class placing its zones and
    cards), ``painters`` (its card faces), ``gestures`` (how its moves are made with the
    pointer, :mod:`.gestures`) and ``newgame`` (what it adds to the new-game screen;
    :data:`~.newgame_hooks.PLAIN` for nothing)."""

    layout: type[Layout]
    painters: CardPainters
    gestures: Gestures
    newgame: NewGameHook = PLAIN
