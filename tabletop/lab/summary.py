"""From the results of many games to the lab's report (plain data, written as JSON).

Win rates are given per seat and per role with Wilson 95% intervals. Per card: the share
of games in which it was drawn and played, the share of decided games in which it ended
in the winner's holdings, and the win rate of the side that played it against the win
rate of the sides that did not, tested with Fisher's exact test; Benjamini-Hochberg over
all the cards tested flags those whose effect is significant (:mod:`.stats`).

The unit of the card test is a *side* in a game: each seat of a competitive game, the
whole table of a co-operative or solo game (its seats share one result, so counting them
apart would count the same game several times).
"""

from __future__ import annotations

from statistics import mean, median
from typing import Any

from ..engine.moves import seat_label
from .stats import FDR, adjust, fisher, wilson

METHOD = ("Win rates: Wilson score intervals (95%). Cards: Fisher's exact test (two-sided) "
          "of the win rate of the sides that played the card against the sides that did "
          "not; Benjamini-Hochberg over all the cards tested, flagged at a false discovery "
          f"rate of {FDR:.0%}.")


def rate(successes: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(successes, n)
    return {"wins": successes, "games": n, "rate": successes / n if n else 0.0,
            "low": lo, "high": hi}


def sides(game, result: dict) -> list[tuple[set[int], bool]]:
    """The sides of one finished game: (seats, whether they won)."""
    winners = set(result["winners"])
    seats = range(result["seats"])
    if game.info.mode != "competitive":
        return [(set(seats), bool(winners))]
    return [({s}, s in winners) for s in seats]


def _length(values: list[int]) -> dict[str, Any]:
    if not values:
        return {"mean": 0, "median": 0, "min": 0, "max": 0, "values": []}
    return {"mean": round(mean(values), 2), "median": median(values), "min": min(values),
            "max": max(values), "values": values}


def _seat_rates(game, finished: list[dict]) -> tuple[list[dict], list[dict]]:
    seats = max((r["seats"] for r in finished), default=0)
    roles = game.info.seat_roles
    by_seat = []
    for s in range(seats):
        played = [r for r in finished if r["seats"] > s]
        wins = sum(s in r["winners"] for r in played)
        row = {"seat": seat_label(s), **rate(wins, len(played))}
        if roles and s < len(roles):
            row["role"] = roles[s]
        by_seat.append(row)
    by_role = []
    for i, role in enumerate(roles):
        played = [r for r in finished if r["seats"] > i]
        by_role.append({"role": role, **rate(sum(i in r["winners"] for r in played),
                                             len(played))})
    return by_seat, by_role


def _card_rows(game, finished: list[dict], names: dict[str, str]) -> list[dict]:
    n = len(finished)
    decided = [r for r in finished if r["winners"]]
    counts: dict[str, dict[str, int]] = {}

    def row(card: str) -> dict[str, int]:
        return counts.setdefault(card, {"drawn": 0, "played": 0, "held": 0, "pw": 0, "pn": 0,
                                        "nw": 0, "nn": 0})

    units = []  # (played ids, won)
    for r in finished:
        for card in set().union(*map(set, r["drawn"])):
            row(card)["drawn"] += 1
        for card in set().union(*map(set, r["played"])):
            row(card)["played"] += 1
        for seats, won in sides(game, r):
            units.append((set().union(*(r["played"][s] for s in seats)), won))
    for r in decided:
        for card in set().union(*(r["held"][s] for s in r["winners"])):
            row(card)["held"] += 1
    total_wins = sum(won for _, won in units)
    for card, c in counts.items():
        c["pn"] = sum(card in ids for ids, _ in units)
        c["pw"] = sum(won for ids, won in units if card in ids)
        c["nn"] = len(units) - c["pn"]
        c["nw"] = total_wins - c["pw"]
    rows = []
    for card in sorted(counts, key=lambda k: (names.get(k, k).lower(), k)):
        c = counts[card]
        tested = c["pn"] > 0 and c["nn"] > 0
        rows.append({
            "id": card, "name": names.get(card, card),
            "drawn": c["drawn"] / n if n else 0.0,
            "played": c["played"] / n if n else 0.0,
            "held_by_winner": c["held"] / len(decided) if decided else 0.0,
            "when_played": rate(c["pw"], c["pn"]),
            "when_not": rate(c["nw"], c["nn"]),
            "p": fisher(c["pw"], c["pn"] - c["pw"], c["nw"], c["nn"] - c["nw"])
            if tested else None,
        })
    tested = [r for r in rows if r["p"] is not None]
    for r, q in zip(tested, adjust([r["p"] for r in tested]), strict=True):
        r["q"] = q
        r["flag"] = q <= FDR
        r["effect"] = r["when_played"]["rate"] - r["when_not"]["rate"]
    for r in rows:
        r.setdefault("q", None)
        r.setdefault("flag", False)
        r.setdefault("effect", None)
    return rows


def summarize(game, results: list[dict], run: dict[str, Any],
              names: dict[str, str]) -> dict[str, Any]:
    """The report of one run: ``run`` says what was run (game, seeds, players, cards);
    ``names`` maps card ids to names."""
    results = sorted(results, key=lambda r: r["seed"])
    errors = [r for r in results if "error" in r]
    played = [r for r in results if "error" not in r]
    finished = [r for r in played if r["over"]]
    by_seat, by_role = _seat_rates(game, finished)
    return {
        "format": "tabletop-lab", "version": 1,
        "game": game.info.id, "title": game.info.title, "mode": game.info.mode,
        **run,
        "games": len(finished), "asked": run.get("asked", len(results)),
        "unfinished": [r["seed"] for r in played if not r["over"]],
        "errors": [{"seed": r["seed"], "error": r["error"]} for r in errors],
        "draws": sum(not r["winners"] for r in finished) if game.info.mode == "competitive"
        else None,
        "seats": by_seat, "roles": by_role,
        "side": rate(sum(bool(r["winners"]) for r in finished), len(finished))
        if game.info.mode != "competitive" else None,
        "length": {"moves": _length([r["moves"] for r in finished]),
                   "turns": _length([r["turns"] for r in finished])},
        "cards": _card_rows(game, finished, names),
        "method": METHOD,
    }
