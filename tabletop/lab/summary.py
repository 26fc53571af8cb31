"""From the results of many games to the lab's report (plain data, written as JSON).

Win rates are given per seat and per role with Wilson 95% intervals. Per card: the share
of games in which it was drawn and played, the share of decided games in which it ended
in the winner's holdings, and the win rate of the sides that played it against the win
rate of the sides that did not (a *side*: each seat of a competitive game, the whole
table of a co-operative or solo game, whose seats share one result). Benjamini-Hochberg
over all the cards tested flags those whose effect is significant (:mod:`.stats`).

The unit of the card test is the *game*, whose results are independent:

- competitive games: exactly one side wins a game, so its sides are not independent
  observations (a Fisher test over sides would count each game twice). The test is
  :func:`.stats.within_games`: in each decided game, how many of the sides that played
  the card won, against the exact law if the result were shuffled among the sides. With
  two sides it is the exact sign test on the games where exactly one side played the
  card ("only the winner played it" against "only the loser did"); games where both or
  neither played it, and draws, carry no information on the card and are left out;
- competitive games whose seats have roles (Hero vs Nemesis): the roles do not win
  alike (a card the stronger role plays would go with winning whatever it does), so
  the test is within each role: Fisher's exact test over the games on whether that
  role played the card and whether it won (one observation per game and role), the
  smallest p over the roles times their number (Bonferroni: exact, conservative);
- co-operative and solo games: a game is one side, won or lost against the game, so
  Fisher's exact test on the games (played or not, won or not) is already over
  independent games, and exact.
"""

from __future__ import annotations

from statistics import mean, median
from typing import Any

from ..engine.moves import seat_label
from .stats import FDR, adjust, fisher, wilson, within_games

#: the names of the per-card tests, as the reports show them
SIGN = "sign test over games (exact)"
WITHIN = "permutation test within games (exact)"
FISHER = "Fisher's exact test over games"
ROLES = "Fisher's exact test over games within each role (Bonferroni)"
_HOW = {
    SIGN: "of the decided games in which exactly one side played the card, those it won "
          "against those it lost, two-sided binomial at 1/2 (one game counts once: only "
          "one side wins it)",
    WITHIN: "in each decided game, the winning sides among those that played the card, "
            "against the exact law if the result were shuffled among the sides (twice "
            "the smaller tail; one game counts once)",
    FISHER: "the win rate of the games in which the card was played against those in "
            "which it was not (each game is one side: independent games)",
    ROLES: "for each role, its win rate in the games in which it played the card against "
           "those in which it did not (the roles do not win alike), the smallest p times "
           "the number of roles",
}


def card_test(game, finished: list[dict]) -> str:
    """Which test the cards of this run get: see the module docstring."""
    if game.info.mode != "competitive":
        return FISHER
    roles = game.info.seat_roles
    if roles and len(set(roles)) == len(roles):
        return ROLES
    return SIGN if max((r["seats"] for r in finished), default=2) <= 2 else WITHIN


def method(test: str) -> str:
    """The report's one-paragraph account of its statistics."""
    return (f"Win rates: Wilson score intervals (95%). Cards: {test}: {_HOW[test]}; "
            f"Benjamini-Hochberg over all the cards tested, flagged at a false discovery "
            f"rate of {FDR:.0%}.")


def card_in_game(game, result: dict, card: str) -> tuple[int, int, int, int]:
    """One competitive game as :func:`.stats.within_games` reads it for ``card``: (sides,
    sides that played it, winning sides, winning sides that played it)."""
    split = sides(game, result)
    played = [any(card in result["played"][s] for s in seats) for seats, _ in split]
    return (len(split), sum(played), sum(won for _, won in split),
            sum(p and won for p, (_, won) in zip(played, split, strict=True)))


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


def _role_tallies(finished: list[dict], cards) -> dict[str, dict[int, list[int]]]:
    """Per card and role (seat index): games, games it played the card, of those won,
    games won without it."""
    out: dict[str, dict[int, list[int]]] = {card: {} for card in cards}
    for r in finished:
        for i in range(r["seats"]):
            won = i in r["winners"]
            played = set(r["played"][i])
            for card, roles in out.items():
                tally = roles.setdefault(i, [0, 0, 0, 0])
                took = card in played
                tally[0] += 1
                tally[1] += took
                tally[2] += took and won
                tally[3] += won and not took
    return out


def within_roles(roles: dict[int, list[int]]) -> float | None:
    """The role test's p (None: no role both played the card and left it unplayed):
    Fisher's test per role on (played, won), the smallest times the roles tested."""
    ps = [fisher(won_p, played - won_p, won_n, games - played - won_n)
          for games, played, won_p, won_n in roles.values() if 0 < played < games]
    return min(1.0, min(ps) * len(ps)) if ps else None


def _tested(test: str, c: dict[str, int], games: list[tuple[int, int, int, int]],
            roles: dict[int, list[int]]) -> dict:
    """A card's p-value (None: nothing to test, never flagged) and, for the test within
    games, what it counted (``games``: the informative ones)."""
    if test == FISHER:
        p = fisher(c["pw"], c["pn"] - c["pw"], c["nw"], c["nn"] - c["nw"]) \
            if c["pn"] > 0 and c["nn"] > 0 else None
        return {"p": p, "over_games": None}
    if test == ROLES:
        return {"p": within_roles(roles), "over_games": None}
    found = within_games(games)
    return {"p": found.p if found.games else None,
            "over_games": {"games": found.games, "winner_played": found.observed,
                           "expected": round(found.expected, 6)}}


def _card_rows(game, finished: list[dict], names: dict[str, str], test: str) -> list[dict]:
    n = len(finished)
    decided = [r for r in finished if r["winners"]]
    counts: dict[str, dict[str, int]] = {}
    games: dict[str, list[tuple[int, int, int, int]]] = {}

    def row(card: str) -> dict[str, int]:
        return counts.setdefault(card, {"drawn": 0, "played": 0, "held": 0, "pw": 0, "pn": 0,
                                        "nw": 0, "nn": 0})

    units = []  # (played ids, won)
    for r in finished:
        for card in set().union(*map(set, r["drawn"])):
            row(card)["drawn"] += 1
        played = set().union(*map(set, r["played"]))
        for card in played:
            row(card)["played"] += 1
            if test != FISHER:  # a game where nobody played the card tells nothing
                games.setdefault(card, []).append(card_in_game(game, r, card))
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
    roles = _role_tallies(finished, counts) if test == ROLES else {}
    rows = []
    for card in sorted(counts, key=lambda k: (names.get(k, k).lower(), k)):
        c = counts[card]
        rows.append({
            "id": card, "name": names.get(card, card),
            "drawn": c["drawn"] / n if n else 0.0,
            "played": c["played"] / n if n else 0.0,
            "held_by_winner": c["held"] / len(decided) if decided else 0.0,
            "when_played": rate(c["pw"], c["pn"]),
            "when_not": rate(c["nw"], c["nn"]),
            **_tested(test, c, games.get(card, []), roles.get(card, {})),
        })
    return _flagged(rows)


def _flagged(rows: list[dict]) -> list[dict]:
    """Benjamini-Hochberg over the cards tested: their q-values, flags and effects."""
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
    test = card_test(game, finished)
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
        "cards": _card_rows(game, finished, names, test),
        "card_test": test,
        "method": method(test),
    }
