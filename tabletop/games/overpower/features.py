"""What an OverPower position looks like to one seat, as numbers (for the learned
evaluation, :mod:`tabletop.engine.evaluation`): only what that seat can see (missions
won and lost, characters in play and their wounds, this battle's hits, how many cards
each hand and pile holds)."""

from __future__ import annotations

from .common import BATTLE_LIMIT, COMPLETED, DRAW, FAILED, HAND, MISSION_SIZE, other
from .hits import cumulative, in_play, ko_at, venture_total
from .state import OPState

NAMES = ("missions", "foe_missions", "health", "foe_health", "venture", "foe_venture",
         "hand", "foe_hand", "draw", "foe_draw", "battle")


def _health(s: OPState, seat: int) -> float:
    return sum(1.0 - min(1.0, cumulative(s, c) / ko_at(s, c)) for c in in_play(s, seat))


def features(s: OPState, seat: int) -> tuple[float, ...]:
    """:data:`NAMES`, for ``seat`` and its opponent: missions completed less failed
    (shares of a mission set), the characters' health left (each 1 unhurt, 0 at its
    KO), this battle's Venture Totals (tens), cards in hand and in the Draw Pile (tens),
    and how far the game is (battles, shares of the limit)."""
    foe = other(seat)
    out = []
    for name in ("missions", "health", "venture", "hand", "draw"):
        for p in (seat, foe):
            if name == "missions":
                value = (len(s.zones[COMPLETED[p]]) - len(s.zones[FAILED[p]])) / MISSION_SIZE
            elif name == "health":
                value = _health(s, p)
            elif name == "venture":  # (none before the first battle: the set-up's
                # cards are not all shown yet)
                value = venture_total(s, p) / 10 if s.phase != "setup" else 0.0
            elif name == "hand":
                value = len(s.zones[HAND[p]]) / 10
            else:
                value = len(s.zones[DRAW[p]]) / 10
            out.append(value)
    return (*out, s.battle / BATTLE_LIMIT)
