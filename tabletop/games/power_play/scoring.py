"""The 0-100 score of a finished Power Play game."""

from __future__ import annotations

from collections.abc import Sequence

WIN_POINTS = 40
BAD_NEWS_PENALTY = 5


def final_score(won: bool, bonus_values: Sequence[int], location_bonuses: Sequence[int],
                bad_news: int) -> tuple[int, tuple[str, ...]]:
    """The score and its working. A lost game scores 0; a won one 40, plus the Bonus
    powers still held, plus the featured scoring locations, minus 5 per Bad News card,
    kept within 0-100."""
    if not won:
        return 0, ("A lost game scores 0.",)
    lines = [f"Won: {WIN_POINTS}"]
    raw = WIN_POINTS
    if bonus_values:
        raw += sum(bonus_values)
        lines.append(f"Bonus powers still held: +{sum(bonus_values)}")
    for points in location_bonuses:
        raw += points
        lines.append(f"Scoring location featured: +{points}")
    if bad_news:
        raw -= BAD_NEWS_PENALTY * bad_news
        lines.append(f"Bad News cards: \u2212{BAD_NEWS_PENALTY * bad_news} ({bad_news})")
    score = max(0, min(100, raw))
    if score != raw:
        lines.append(f"kept within 0\u2013100: {raw} counts as {score}")
    lines.append(f"Score: {score} / 100")
    return score, tuple(lines)
