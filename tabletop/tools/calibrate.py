"""``tabletop calibrate``: the hint's chance to win, measured against what happened.

*Collect* (``tabletop calibrate GAME --games N --out F.jsonl``): game ``k`` is dealt from
seed ``5000 + k`` and played by the game's own computer player in every seat. At a few
positions chosen at random among its decisions (``--per-game``; only decisions with a
choice), the seat to move asks for a hint as a person would: the search, from that
seat's view alone, with the hint level's work (the iterations its nominal time gives on
the reference machine, counted, not timed, so that the records do not depend on the
machine's load). The seat then follows the hint, and the game goes on with the game's
own players to its end. Each position is one JSON line: the search's raw estimate
(``raw``: its mean score for the seat over its visits) and what the seat scored in the
end (``outcome``: 1 a win, 0 a loss, 0.5 a draw; a co-operative game's score).

*Fit* (``tabletop calibrate GAME --fit F.jsonl ...``): the raw estimates mapped to the
chances seen (a logistic fit on the estimate's log-odds: the more the search expected,
never the less the chance) and a reliability table (by tenths of the predicted
chance: how many positions, the mean prediction, the share won), first of the raw
estimates, then of the calibrated ones out of sample (two halves of the games, each
calibrated by a fit to the other).
``--write`` stores the fit over every record where the app reads it
(:mod:`tabletop.engine.calibration`).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

from ..engine.calibration import Calibration, calibration_path
from ..engine.levels import HINT_LEVEL, LEVELS
from ..engine.players import computer_move
from ..engine.rng import Rng
from .jsonlines import json_lines

#: game ``k`` is dealt from this seed plus ``k`` (apart from the strength runs' seeds)
SEED = 5000
#: a tenth of the predicted chance with fewer positions than this is shown, not judged
JUDGED = 20
#: how far the share won may be from the mean prediction in a tenth that is judged
GOAL = 0.10
#: the raw estimates are taken at least this far from 0 and 1 (a certain loss in every
#: world the search saw is not a certain loss), and the calibration stored at every
#: ``1 / GRID`` of the raw estimate
EDGE, GRID = 0.01, 20


def hint_iterations(game) -> int:
    """The iterations of a hint on the reference machine, quiet: the hint level's
    nominal time at the game's search rate."""
    return max(1, round(game.search_rate * (LEVELS[HINT_LEVEL].seconds or 0.0)))


def _decisions(game, catalog, options, seed: int) -> int:
    """How many decisions with a choice the own players make in game ``seed``."""
    rules = game.rules
    state = rules.new_state(catalog, options, seed)
    table = {s: game.computer_player() for s in range(state.seats)}
    rng = Rng(seed ^ 0xCA1)
    count = 0
    while not state.over:
        seat = state.actor
        if len(rules.legal_moves(state)) > 1:
            count += 1
        state = rules.play(state, computer_move(rules, state, seat, table[seat], rng))
    return count


def play_one(game, k: int, per_game: int, iterations: int, catalog=None) -> list[dict]:
    """Game ``k``'s records (see the module docstring)."""
    rules = game.rules
    catalog = catalog if catalog is not None else rules.load_catalog(mod_dirs=[])
    options = rules.normalize_options({})
    seed = SEED + k
    length = _decisions(game, catalog, options, seed)
    picker = Rng(seed ^ 0x5EED)
    picks: set[int] = set()
    while len(picks) < min(per_game, length):
        picks.add(picker.below(length))
    # the same game again (the same players, the same luck) until the first hint; the
    # seat then follows the hint, and the game goes its own way
    state = rules.new_state(catalog, options, seed)
    table = {s: game.computer_player() for s in range(state.seats)}
    rng = Rng(seed ^ 0xCA1)
    hinter = game.player_at(HINT_LEVEL, iterations=iterations, clock=time.process_time)
    search_rng = Rng(seed ^ 0x41)
    records: list[dict] = []
    index = moves = 0
    while not state.over:
        seat = state.actor
        choice = len(rules.legal_moves(state)) > 1
        if choice and index in picks:
            move = computer_move(rules, state, seat, hinter, search_rng)
            d = hinter.details
            records.append({"game": game.info.id, "k": k, "seed": seed, "index": index,
                            "move_number": moves, "seat": seat, "raw": d["value"],
                            "iterations": d["iterations"], "worlds": d["worlds"]})
        else:
            move = computer_move(rules, state, seat, table[seat], rng)
        index += choice
        state = rules.play(state, move)
        moves += 1
    returns = rules.returns(state)
    for r in records:
        r["outcome"] = returns[r["seat"]]
        r["moves"] = moves
    return records


# -- the fit -------------------------------------------------------------------------------
def _logit(raw: float) -> float:
    raw = min(1.0 - EDGE, max(EDGE, raw))
    return math.log(raw / (1.0 - raw))


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-z)) if z >= 0 else math.exp(z) / (1.0 + math.exp(z))


def logistic(points: list[tuple[float, float]]) -> tuple[float, float]:
    """``(a, b)`` of the chance ``sigmoid(a + b * logit(raw))`` that best explains the
    ``(raw, outcome)`` pairs (the most likely, by Newton's method; an outcome of 0.5, a
    draw, counts half won): Platt's scaling, two figures, so that a thousand positions
    fix it well (a fit of every tenth on its own follows their noise). A search whose
    estimates tell nothing (``b`` not above 0) gives the share won everywhere."""
    xs = [_logit(r) for r, _ in points]
    ys = [o for _, o in points]
    mean = min(1.0 - EDGE, max(EDGE, sum(ys) / len(ys)))
    a, b = math.log(mean / (1.0 - mean)), 0.0
    for _ in range(100):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, ys, strict=True):
            p = _sigmoid(a + b * x)
            w = p * (1.0 - p)
            ga += y - p
            gb += (y - p) * x
            haa += w
            hab += w * x
            hbb += w * x * x
        det = haa * hbb - hab * hab
        if det <= 1e-12:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-10:
            break
    if b <= 0.0:
        return math.log(mean / (1.0 - mean)), 0.0
    return a, b


def fit(records: list[dict]) -> Calibration:
    """The calibration of the records' raw estimates (:func:`logistic`), stored as its
    chance at every twentieth of the raw estimate (the app reads the line between)."""
    a, b = logistic([(r["raw"], r["outcome"]) for r in records])
    grid = [i / GRID for i in range(GRID + 1)]
    return Calibration(grid, [_sigmoid(a + b * _logit(r)) for r in grid], len(records))


def reliability(pairs: list[tuple[float, float]]) -> list[tuple[int, int, float, float]]:
    """By tenths of the prediction: ``(tenth, positions, mean prediction, mean outcome)``
    for every tenth with a position."""
    bins: dict[int, list[tuple[float, float]]] = {}
    for predicted, outcome in pairs:
        bins.setdefault(min(9, int(predicted * 10)), []).append((predicted, outcome))
    return [(b, len(v), sum(p for p, _ in v) / len(v), sum(o for _, o in v) / len(v))
            for b, v in sorted(bins.items())]


def out_of_sample(records: list[dict]) -> list[tuple[float, float]]:
    """Each record's calibrated chance by a fit to the other half of the games (games
    split by the parity of ``k``), with its outcome."""
    halves = [[r for r in records if r["k"] % 2 == h] for h in (0, 1)]
    pairs = []
    for h in (0, 1):
        other = fit(halves[1 - h])
        pairs.extend((other.chance(r["raw"]), r["outcome"]) for r in halves[h])
    return pairs


def table(title: str, pairs: list[tuple[float, float]]) -> tuple[list[str], bool]:
    """The reliability table's lines, and whether every judged tenth met the goal."""
    lines = [title, "  predicted   positions  mean predicted  share won  gap"]
    met = True
    for tenth, n, predicted, observed in reliability(pairs):
        gap = observed - predicted
        judged = n >= JUDGED
        ok = abs(gap) <= GOAL
        met = met and (ok or not judged)
        verdict = ("met" if ok else "MISSED") if judged else f"(fewer than {JUDGED})"
        lines.append(f"  {tenth * 10:3d}-{tenth * 10 + 10:3d}%  {n:9d}  {predicted:14.1%}  "
                     f"{observed:9.1%}  {gap * 100:+5.1f} points {verdict}")
    return lines, met


def _record_key(r: dict) -> tuple:
    float(r["raw"]), float(r["outcome"])  # (a record has both)
    return r["game"], r["k"], r["index"]


def read_records(paths: list[Path]) -> list[dict]:
    """The records of ``paths`` (a position recorded twice counts once)."""
    seen: dict[tuple, dict] = {}
    for r in json_lines(paths, "tabletop calibrate", "a record", _record_key):
        seen.setdefault(_record_key(r), r)
    return list(seen.values())


def report(game, records: list[dict]) -> tuple[list[str], bool]:
    """What ``--fit`` prints: the records, the raw table, the calibrated table."""
    mine = [r for r in records if r["game"] == game.info.id]
    if not mine:
        raise SystemExit(f"tabletop calibrate: no records of {game.info.id}")
    games = len({r["k"] for r in mine})
    won = sum(r["outcome"] for r in mine) / len(mine)
    lines = [f"{game.info.title}: {len(mine)} positions from {games} games "
             f"(hint at {mine[0]['iterations']} iterations; share won {won:.1%})"]
    raw_lines, _ = table("The search's raw estimate:", [(r["raw"], r["outcome"]) for r in mine])
    cal_lines, met = table("Calibrated (each half of the games by a fit to the other):",
                           out_of_sample(mine))
    return lines + raw_lines + cal_lines, met


def build_parser() -> argparse.ArgumentParser:
    from ..games import GAMES

    parser = argparse.ArgumentParser(prog="tabletop calibrate", description=__doc__.split(
        "\n\n")[0].replace("``", ""))
    parser.add_argument("game", choices=list(GAMES), metavar="GAME",
                        help="the game: %(choices)s")
    parser.add_argument("--games", type=int, default=200, help="how many games (default 200)")
    parser.add_argument("--first", type=int, default=0,
                        help="index of the first game (game k is dealt from seed 5000+k)")
    parser.add_argument("--per-game", type=int, default=5,
                        help="positions hinted in each game (default 5)")
    parser.add_argument("--shard", default="0/1", metavar="I/N",
                        help="play only the games with k %% N == I (to run N processes)")
    parser.add_argument("--out", type=Path, help="append the records here")
    parser.add_argument("--resume", action="store_true",
                        help="skip the games --out already holds")
    parser.add_argument("--fit", type=Path, nargs="+", metavar="FILE",
                        help="fit and report from records files instead of playing")
    parser.add_argument("--write", action="store_true",
                        help="with --fit: store the calibration where the app reads it")
    return parser


def main(argv: list[str] | None = None) -> int:
    from ..games import get_game

    args = build_parser().parse_args(argv)
    game = get_game(args.game)
    if args.fit:
        records = [r for r in read_records(args.fit) if r["game"] == game.info.id]
        lines, met = report(game, records)
        print("\n".join(lines))
        print("Every judged tenth within 10 points:", "yes" if met else "NO")
        if args.write:
            path = calibration_path(game.info.id)
            fit(records).write(path)
            print(f"wrote {path}")
        return 0
    part, parts = (int(x) for x in args.shard.split("/"))
    done: set[int] = set()
    if args.resume and args.out and args.out.exists():
        done = {r["k"] for r in read_records([args.out]) if r["game"] == game.info.id}
    catalog = game.rules.load_catalog(mod_dirs=[])
    iterations = hint_iterations(game)
    for k in range(args.first, args.first + args.games):
        if k % parts != part or k in done:
            continue
        records = play_one(game, k, args.per_game, iterations, catalog)
        if args.out:
            with args.out.open("a", encoding="utf-8") as f:
                f.write("".join(json.dumps(r) + "\n" for r in records))
        print(f"game {k}: {len(records)} positions, "
              + ", ".join(f"{r['raw']:.2f}->{r['outcome']:g}" for r in records), flush=True)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
