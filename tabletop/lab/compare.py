"""``--compare``: the same seeds played without and with a mod, and what moved.

Each seed is played twice, so a seed's outcome in one run is paired with its outcome in
the other: win rates and how often each card was drawn or played are compared with
McNemar's exact test on those pairs. A card's win rate when played is compared with the
game as the unit, as in the report of one run (:mod:`.summary`):

- competitive games: each seed's game gives the card a score, the winning sides that
  played it less the number expected if the result were shuffled among the sides (with
  two sides: +1/2 when only the winner played it, -1/2 when only the loser did, 0
  otherwise); the scores with and without the mod, paired by seed, are compared with the
  exact sign test (the seeds where they differ: higher with the mod, or lower);
- co-operative and solo games (one side per game): Fisher's exact test of the win rate
  of the games in which it was played, without against with the mod. The two runs share
  their seeds, which this test ignores (the mod changes which games the card is played
  in); a seed tending the same way in both runs makes it conservative.

Benjamini-Hochberg over every comparison flags what moved (:mod:`.stats`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..engine.moves import seat_label
from .stats import FDR, adjust, fisher, mcnemar, sign_test
from .summary import card_in_game, sides

#: the test of a card's win rate when played in a competitive game (see the docstring)
SIGN_SEEDS = "sign test over seeds (paired, exact)"
FISHER_GAMES = "Fisher over games"


def _paired(name: str, kind: str, before: dict[int, bool], after: dict[int, bool]) -> dict:
    seeds = sorted(set(before) & set(after))
    only_before = sum(before[s] and not after[s] for s in seeds)
    only_after = sum(after[s] and not before[s] for s in seeds)
    n = len(seeds) or 1
    return {"what": name, "kind": kind, "test": "McNemar",
            "before": sum(before[s] for s in seeds) / n,
            "after": sum(after[s] for s in seeds) / n,
            "p": mcnemar(only_before, only_after)}


def _by_seed(results: list[dict]) -> dict[int, dict]:
    return {r["seed"]: r for r in results if "error" not in r and r["over"]}


def _win_when_played(game, results: dict[int, dict], card: str) -> tuple[int, int]:
    wins = n = 0
    for r in results.values():
        for seats, won in sides(game, r):
            if any(card in r["played"][s] for s in seats):
                n += 1
                wins += won
    return wins, n


def _score(game, r: dict, card: str) -> Fraction:
    """A card's score in one competitive game: winning sides that played it, less the
    number expected if the result were shuffled among the sides."""
    n, played, won, both = card_in_game(game, r, card)
    return both - Fraction(played * won, n)


def _win_when_played_row(game, a: dict[int, dict], b: dict[int, dict], card: str,
                         name: str) -> dict | None:
    (wa, na), (wb, nb) = _win_when_played(game, a, card), _win_when_played(game, b, card)
    if not (na and nb):
        return None
    if game.info.mode == "competitive":
        up = down = 0
        for seed in a:
            moved = _score(game, b[seed], card) - _score(game, a[seed], card)
            up += moved > 0
            down += moved < 0
        test, p = SIGN_SEEDS, sign_test(up, down)
    else:
        test, p = FISHER_GAMES, fisher(wa, na - wa, wb, nb - wb)
    return {"what": f"{name}: win rate when played", "kind": "win when played",
            "card": card, "test": test, "before": wa / na, "after": wb / nb, "p": p}


def _cards_in(results: dict[int, dict]) -> set[str]:
    return {c for r in results.values() for ids in r["drawn"] + r["played"] for c in ids}


def compare(game, base: list[dict], mod: list[dict], names: dict[str, str]) -> dict[str, Any]:
    """What moved between ``base`` and ``mod`` (results of the same seeds)."""
    a, b = _by_seed(base), _by_seed(mod)
    seeds = sorted(set(a) & set(b))
    a = {s: a[s] for s in seeds}
    b = {s: b[s] for s in seeds}
    rows = []
    seats = min((r["seats"] for r in list(a.values()) + list(b.values())), default=0)
    roles = game.info.seat_roles
    for s in range(seats if game.info.mode == "competitive" else min(seats, 1)):
        label = (roles[s] if s < len(roles) else seat_label(s)) \
            if game.info.mode == "competitive" else "the players"
        rows.append(_paired(f"{label} win rate", "win rate",
                            {k: s in r["winners"] if game.info.mode == "competitive"
                             else bool(r["winners"]) for k, r in a.items()},
                            {k: s in r["winners"] if game.info.mode == "competitive"
                             else bool(r["winners"]) for k, r in b.items()}))
    both = _cards_in(a) & _cards_in(b)
    for card in sorted(both, key=lambda c: names.get(c, c).lower()):
        name = names.get(card, card)
        for what in ("drawn", "played"):
            rows.append({**_paired(f"{name}: {what}", what,
                                   {k: any(card in ids for ids in r[what]) for k, r in a.items()},
                                   {k: any(card in ids for ids in r[what]) for k, r in b.items()}),
                         "card": card})
        found = _win_when_played_row(game, a, b, card, name)
        if found is not None:
            rows.append(found)
    for row, q in zip(rows, adjust([r["p"] for r in rows]), strict=True):
        row["q"] = q
        row["moved"] = q <= FDR
    return {
        "seeds": len(seeds),
        "added": sorted(_cards_in(b) - _cards_in(a)),
        "removed": sorted(_cards_in(a) - _cards_in(b)),
        "moved": [r for r in rows if r["moved"]],
        "tested": len(rows),
        "method": "Paired by seed: McNemar's exact test (win rates, drawn, played); "
                  + (f"win rate when played: {SIGN_SEEDS}, of each game's score of the "
                     "card (winning sides that played it less the number expected)"
                     if game.info.mode == "competitive" else
                     f"win rate when played: {FISHER_GAMES} (each game is one side)")
                  + f"; Benjamini-Hochberg over all {len(rows)} comparisons at a false "
                    f"discovery rate of {FDR:.0%}.",
    }
