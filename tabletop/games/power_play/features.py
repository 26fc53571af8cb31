"""What a Power Play position looks like to the team, as numbers (for the learned
evaluation, :mod:`tabletop.engine.evaluation`): what every hero sees (Bonus powers held,
the scoring locations, each hero's Bad News, the turns to come). The game is
co-operative: every seat's features are the team's."""

from __future__ import annotations

from .rules import outlook, turns_to_come
from .scoring import BAD_NEWS_PENALTY, WIN_POINTS
from .state import PPState
from .turn import ROUNDS

NAMES = ("outlook", "score_if_held", "bad_news", "most_bad_news", "turns_left")


def features(s: PPState, seat: int) -> tuple[float, ...]:
    """:data:`NAMES`: the rules' expected score (/ 100), the score the heroes would make
    if they held out from here (/ 100), the Bad News cards in all and the most one hero
    has, and the share of the game's turns still to come."""
    info = s.info
    bonus = sum(info[c].base for p in range(s.seats) for c in s.zones[f"bonus.{p}"])
    bad = [s.bad_news(p) for p in range(s.seats)]
    places = sum(info[c].score_bonus for c in s.featured)
    held = max(0, min(100, WIN_POINTS + bonus + places - BAD_NEWS_PENALTY * sum(bad)))
    return (outlook(s), held / 100, float(sum(bad)), float(max(bad, default=0)),
            sum(turns_to_come(s)) / (ROUNDS * s.seats))
