"""The hint's chance to win, calibrated: the search's raw estimate (its mean score over
its visits) mapped to the chance that seats with that estimate went on to win, as
measured by ``tabletop calibrate`` (:mod:`tabletop.tools.calibrate`) and stored per game
as data (``data/calibration/<game>.json``: points of raw estimate and chance, the chance
never falling as the estimate rises; between points it is read off the line joining
them). A game without a calibration file shows the raw estimate; a file that cannot be
read is logged and left out, never a reason for a hint to fail."""

from __future__ import annotations

import bisect
import logging
from functools import cache
from pathlib import Path

from .. import DATA_DIR
from .files import read_json_data, write_json_data

LOG = logging.getLogger(__name__)

#: the most a calibration file may hold, and the most points it may have
MAX_BYTES = 64 * 1024
MAX_POINTS = 200


def calibration_path(game_id: str) -> Path:
    """Where a game's calibration is stored (it ships with the package's data)."""
    return DATA_DIR / "calibration" / f"{game_id}.json"


class Calibration:
    """A monotone map from the search's raw estimate to a chance (both in 0..1), made
    from ``positions`` positions whose outcome was seen."""

    def __init__(self, raw: list[float], chance: list[float], positions: int = 0) -> None:
        if not raw or len(raw) != len(chance) or len(raw) > MAX_POINTS:
            raise ValueError(f"a calibration needs 1 to {MAX_POINTS} points, as many raw "
                             "estimates as chances")
        for values in (raw, chance):
            if any(not 0.0 <= v <= 1.0 for v in values):
                raise ValueError("estimates and chances are between 0 and 1")
        if any(b < a for a, b in zip(raw, raw[1:], strict=False)) or \
                any(b < a for a, b in zip(chance, chance[1:], strict=False)):
            raise ValueError("the points must rise (estimates and chances in order)")
        self.raw = [float(v) for v in raw]
        self.chance_at = [float(v) for v in chance]
        self.positions = int(positions)

    def chance(self, raw: float) -> float:
        """The calibrated chance of a raw estimate (the end points' chance beyond them)."""
        xs, ys = self.raw, self.chance_at
        i = bisect.bisect_right(xs, raw)
        if i == 0:
            return ys[0]
        if i == len(xs):
            return ys[-1]
        x0, x1, y0, y1 = xs[i - 1], xs[i], ys[i - 1], ys[i]
        return y0 if x1 == x0 else y0 + (y1 - y0) * (raw - x0) / (x1 - x0)

    def to_json(self) -> dict:
        return {"raw": [round(v, 6) for v in self.raw],
                "chance": [round(v, 6) for v in self.chance_at],
                "positions": self.positions}

    @classmethod
    def from_json(cls, data) -> Calibration:
        if not isinstance(data, dict):
            raise ValueError("expected a mapping with 'raw' and 'chance'")
        raw, chance = data.get("raw"), data.get("chance")
        if not isinstance(raw, list) or not isinstance(chance, list) or any(
                isinstance(v, bool) or not isinstance(v, int | float) for v in raw + chance):
            raise ValueError("'raw' and 'chance' must be lists of numbers")
        positions = data.get("positions", 0)
        return cls(raw, chance, positions if isinstance(positions, int) else 0)

    def write(self, path: Path) -> None:
        write_json_data(path, self.to_json())


def read(path: Path) -> Calibration | None:
    """The calibration stored at ``path``; None, logged, when there is none or it cannot
    be used."""
    return read_json_data(path, MAX_BYTES, "the hint's calibration", Calibration.from_json,
                          LOG)


@cache
def for_game(game_id: str) -> Calibration | None:
    """The game's shipped calibration (read once)."""
    return read(calibration_path(game_id))


def hint_chance(game_id: str, raw: float) -> float:
    """The chance a hint shows for the search's raw estimate ``raw``."""
    calibration = for_game(game_id)
    return raw if calibration is None else calibration.chance(raw)
