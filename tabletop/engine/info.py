"""What a game tells the menus about itself: title, seats, mode and new-game options."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Option:
    """A new-game option: a switch (``choices`` empty) or a choice between values."""

    key: str
    label: str
    help: str
    default: Any = False
    choices: tuple[tuple[Any, str], ...] = ()

    def accepts(self, value: Any) -> bool:
        """Is ``value`` one this option can take (a bool for a switch, else a choice)?"""
        if not self.choices:
            return isinstance(value, bool)
        return any(value == v and type(value) is type(v) for v, _ in self.choices)

    def expected(self) -> str:
        """What the option takes, in words (a refused value's message)."""
        if not self.choices:
            return "true or false"
        return "one of " + ", ".join(json.dumps(v) for v, _ in self.choices)


@dataclass
class SeatConfig:
    name: str
    kind: str = "human"  # "human" or "computer"
    #: a computer seat's difficulty (:data:`tabletop.engine.levels.LEVELS`); "easy" (a
    #: glance) unless the new-game screen chose another
    level: str = "easy"


@dataclass
class GameInfo:
    """What the new-game screen shows about a game."""

    id: str
    title: str
    blurb: str
    min_seats: int
    max_seats: int
    mode: str  # "competitive", "coop" or "solo"
    options: tuple[Option, ...] = field(default_factory=tuple)
    #: players may type a line of narration that goes into the log with their move
    narration: bool = False
    #: the role of each seat in an asymmetric game (e.g. "Hero", "Nemesis"), in seat order
    seat_roles: tuple[str, ...] = ()
