"""``tabletop strength``: how strong the searching computer player is, by playing games.

In a competitive game the searching player takes one seat and the game's own player the
others; game ``k`` seats it at ``k % seats``, so the seats alternate. In a co-operative or
solo game every seat searches. Game ``k`` is dealt from seed ``1000 + k``, so a run with
``--players own`` (every seat the game's own player) is the paired baseline, and one with
``--players seer`` (the search seeing the whole deal: every hidden card and the piles'
order) the bound of what each deal allows a player in that seat.

Each game is one JSON line in ``--out``, its record with it (``record``: every move in
order, packed; with the seed and the options the game replays exactly: a search's moves
depend on its clock, so the moves are kept, not only the seed), appended (so a long run
can be split into parts;
``--resume`` skips the games the file already holds, so the same command goes on after a
stop); ``--report`` reads such files and prints, per game and line,
the rate with its Wilson 95% interval, and the decision times. Every player sees only its
seat's view (:func:`tabletop.engine.players.computer_move`), but the seer.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

from ..engine.levels import decision_ceiling
from ..engine.pack import pack_move
from ..engine.players import computer_move
from ..engine.rng import Rng
from .jsonlines import json_lines


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (a draw counts half a win)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def play_one(game, k: int, players: str, level: str, seconds: float | None,
             iterations: int | None, options: dict, cpu: bool = False,
             rollout_view: str | None = None, search_seat: int | None = None,
             evaluation: str | None = None, against: str = "own") -> dict:
    """Play game ``k``; return its record (see the module docstring). ``rollout_view``:
    what the search's simulated players see (:attr:`~tabletop.engine.game.Game.
    rollout_view`; the game's own choice by default); ``search_seat``: the searching seat of a
    competitive game in every game (None: ``k % seats``); ``evaluation``: how the search
    scores where its rollouts stop (:attr:`~tabletop.engine.game.Game.evaluation`; the
    game's own choice by default); ``against``: who takes the other seats of a competitive
    game, the game's own player (``own``) or the search at that level (its own budget,
    on the same clock)."""
    if rollout_view is not None and rollout_view != game.rollout_view:
        game = replace(game, rollout_view=rollout_view)
    if evaluation is not None and evaluation != game.evaluation:
        game = replace(game, evaluation=evaluation)
    rules = game.rules
    catalog = _catalog(game)
    opts = rules.normalize_options(options)
    seed = 1000 + k
    state = rules.new_state(catalog, opts, seed)
    seats = state.seats
    competitive = game.info.mode == "competitive" and seats > 1
    if players == "own":
        searching: list[int] = []
    else:
        if search_seat is not None and not 0 <= search_seat < seats:
            raise ValueError(f"seat index {search_seat}: this deal has {seats} seats")
        searching = [(k if search_seat is None else search_seat) % seats] if competitive \
            else list(range(seats))
    clock = time.process_time if cpu else None
    table = {s: (game.player_at(level, seconds, iterations, clock) if s in searching
                 else game.computer_player() if against == "own"
                 else game.player_at(against, None, None, clock)) for s in range(seats)}
    rng = Rng(seed ^ 0xBEEF)
    times: list[float] = []
    work: list[int] = []
    played: list[list] = []  # the game record: every move, in order (with the seed)
    moves = 0
    while not state.over:
        seat = state.actor
        player = table[seat]
        t0 = clock() if clock else time.perf_counter()
        if players == "seer" and seat in searching:  # the bound: it sees the deal
            move = player.choose(rules, state, seat, rng)
        else:
            move = computer_move(rules, state, seat, player, rng)
        spent = (clock() if clock else time.perf_counter()) - t0
        if seat in searching and not player.details.get("forced"):
            times.append(spent)
            work.append(player.details.get("iterations", 0))
        state = rules.play(state, move)
        played.append(pack_move(move))
        moves += 1
    returns = rules.returns(state)
    focus = searching[0] if competitive and searching else (k % seats if competitive else 0)
    return {"game": game.info.id, "k": k, "seed": seed, "players": players,
            "level": level, "seconds": seconds, "iterations": iterations,
            "ceiling": decision_ceiling(level, seconds, iterations), "options": options,
            "against": against if competitive and players != "own" else "own",
            "cpu": cpu, "rollout_view": game.rollout_view, "evaluation": game.evaluation,
            "seat": focus, "searching": searching, "returns": list(returns),
            "won": bool(state.winners) and focus in state.winners,
            "draw": not state.winners, "moves": moves, "times": times, "work": work,
            "record": played}


_CATALOGS: dict[str, object] = {}


def _catalog(game):
    if game.info.id not in _CATALOGS:
        _CATALOGS[game.info.id] = game.rules.load_catalog(mod_dirs=[])
    return _CATALOGS[game.info.id]


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0



def _read(paths: list[Path]) -> dict[tuple, list[dict]]:
    """The result lines of ``paths`` grouped by setting (a game played twice, e.g. by two
    overlapping runs, counts once)."""
    groups: dict[tuple, dict[tuple, dict]] = {}
    for r in json_lines(paths, "tabletop strength", "a result line", _setting):
        # a game is its deal and the seats that searched (the same deal with the search
        # in another seat is another game)
        key = (r["k"], tuple(r.get("searching") or ()))
        groups.setdefault(_setting(r), {}).setdefault(key, r)
    return {setting: list(games.values()) for setting, games in groups.items()}


def _setting(r: dict) -> tuple:
    """What makes results comparable: the game, the players, the budget, the options."""
    return (r["game"], r["players"], r["level"], r["seconds"], r["iterations"],
            json.dumps(r["options"], sort_keys=True), r.get("cpu", False),
            r.get("rollout_view", "world") if r["players"] != "own" else "world",
            r.get("evaluation", "rules") if r["players"] != "own" else "rules",
            r.get("against", "own"), r.get("ceiling") if r["players"] != "own" else None)


def report(paths: list[Path]) -> list[str]:
    """Summary lines of result files (one line per game, setting and seat)."""
    from ..games import get_game

    groups = _read(paths)
    out = []
    for setting, rows in sorted(groups.items(), key=lambda kv: str(kv[0])):
        game = get_game(setting[0])
        lines = [("all seats", rows)]
        if setting[1] == "own" and game.info.mode == "competitive":
            # the baseline: every game counts for every seat (each seat's own player)
            roles = game.info.seat_roles
            for seat in range(max(len(r["returns"]) for r in rows)):
                name = roles[seat] if seat < len(roles) else f"seat {seat + 1}"
                lines.append((f"as {name}", [{**r, "seat": seat, "won": r["returns"][seat]
                                              == 1.0 and not r["draw"]}
                                             for r in rows if seat < len(r["returns"])]))
        elif game.info.mode == "competitive" and len({r["seat"] for r in rows}) > 1:
            roles = game.info.seat_roles
            for seat in sorted({r["seat"] for r in rows}):
                name = roles[seat] if seat < len(roles) else f"seat {seat + 1}"
                lines.append((f"as {name}", [r for r in rows if r["seat"] == seat]))
        who = "own player" if setting[1] == "own" else (
            "seeing the deal, " if setting[1] == "seer" else "") + _budget(setting) + (
            ", rollouts from each seat's own view" if setting[7] == "own" else "") + (
            ", learned evaluation" if setting[8] == "learned" else "") + (
            f", against the search at level {setting[9]}" if setting[9] != "own" else "")
        out.append(f"{game.info.title}, {who}, options {setting[5]}:")
        for label, part in lines:
            n = len(part)
            wins = sum(1.0 if r["won"] else 0.5 if r["draw"] and
                       game.info.mode == "competitive" else 0.0 for r in part)
            lo, hi = wilson(wins, n)
            score = statistics.mean(r["returns"][r["seat"]] for r in part)
            out.append(f"  {label:<12} {wins:6.1f} / {n:<4} = {wins / n:6.1%}  "
                       f"[{lo:6.1%}, {hi:6.1%}]  mean return {score:.3f}")
        times = [t for r in rows for t in r["times"]]
        work = [w for r in rows for w in r["work"]]
        if times:
            out.append(f"  decisions {len(times)}: median {_pct(times, .5) * 1000:.0f} ms, "
                       f"p99 {_pct(times, .99) * 1000:.0f} ms, max {max(times) * 1000:.0f} "
                       f"ms; iterations median {_pct(work, .5):.0f}")
    return out


def compare(line: list[Path], baseline: list[Path]) -> list[str]:
    """A line against another on the same deals, deal by deal: for each deal in both,
    what the first line's focus seat scored less what the same seat scored in the other
    (its own player, or another setting); the mean margin with its 95% interval (the
    paired differences' spread), and the deals each did better on."""
    def by_deal(paths: list[Path]) -> dict[int, dict]:
        out: dict[int, dict] = {}
        for r in json_lines(paths, "tabletop strength", "a result line", _setting):
            out.setdefault(r["k"], r)
        return out

    ours, theirs = by_deal(line), by_deal(baseline)
    kinds = {(r["game"], json.dumps(r["options"], sort_keys=True))
             for r in (*ours.values(), *theirs.values())}
    if len(kinds) > 1:
        return ["not the same game and options: " + "; ".join(
            f"{g} {o}" for g, o in sorted(kinds))]
    deals = sorted(set(ours) & set(theirs))
    if not deals:
        return ["no deal is in both"]
    crossed = [k for k in deals if theirs[k]["players"] != "own"
               and theirs[k]["seat"] != ours[k]["seat"]]
    if crossed:  # the baseline's search sat in another seat: not the same question
        return [f"the baseline searched another seat than the line on {len(crossed)} of "
                f"{len(deals)} deals (deal {crossed[0]}: seat {ours[crossed[0]]['seat'] + 1} "
                f"against seat {theirs[crossed[0]]['seat'] + 1}); compare a line with the "
                "own players' baseline or with a line of the same seat"]
    diffs = [ours[k]["returns"][ours[k]["seat"]] - theirs[k]["returns"][ours[k]["seat"]]
             for k in deals]
    n = len(diffs)
    mean = statistics.mean(diffs)
    half = 1.96 * (statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 1.0)
    better = sum(d > 0 for d in diffs)
    worse = sum(d < 0 for d in diffs)
    verdict = "excludes 0" if mean - half > 0 or mean + half < 0 else "includes 0"
    return [f"{n} deals in both: margin {mean:+.3f} a deal [{mean - half:+.3f}, "
            f"{mean + half:+.3f}] (95%, {verdict}); better on {better}, worse on {worse}, "
            f"the same on {n - better - worse}"]


def _budget(setting: tuple) -> str:
    if setting[4]:
        return f"search at {setting[4]} iterations a decision"
    clock = "CPU" if setting[6] else "wall"
    if setting[3] is not None:
        return f"search at {setting[3]:g} s ({clock} time) a decision"
    ceiling = f", ceiling {setting[10]:g} s" if setting[10] is not None else ""
    return f"search at level {setting[2]} ({clock} time{ceiling})"


def build_parser() -> argparse.ArgumentParser:
    """The options of ``tabletop strength`` (the games in the registry are the choices)."""
    from ..engine.levels import LEVELS
    from ..games import GAMES

    parser = argparse.ArgumentParser(prog="tabletop strength", description=__doc__.split(
        "\n\n")[0].replace("``", ""))
    parser.add_argument("game", nargs="?", choices=list(GAMES), metavar="GAME",
                        help="the game to play: %(choices)s")
    parser.add_argument("--games", type=int, default=200,
                        help="how many games (default 200)")
    parser.add_argument("--first", type=int, default=0,
                        help="index of the first game (game k is dealt from seed 1000+k)")
    parser.add_argument("--players", choices=("search", "own", "seer"), default="search",
                        help="search: the searching player takes a seat (every seat in a "
                             "co-operative or solo game); own: every seat the game's own "
                             "player, the paired baseline; seer: the search takes its seat "
                             "seeing the whole deal (every hidden card, the piles' order): "
                             "not a fair player, the bound of what the deal allows "
                             "(default search)")
    parser.add_argument("--level", choices=list(LEVELS), default="normal",
                        help="the searching player's level: %(choices)s (default normal)")
    parser.add_argument("--against", choices=("own", *LEVELS), default="own",
                        help="who takes the other seats of a competitive game: the game's "
                             "own player, or the search at that level (Hard against "
                             "Normal: --level hard --against normal; default own)")
    parser.add_argument("--seconds", type=float,
                        help="thinking time a decision (instead of the level's)")
    parser.add_argument("--iterations", type=int,
                        help="iterations a decision instead of a time")
    parser.add_argument("--cpu", action="store_true",
                        help="count the budget in this process's CPU time, not wall time "
                             "(results independent of other programs' load)")
    parser.add_argument("--seat", type=int, metavar="N",
                        help="in a competitive game, the searching player's seat in every "
                             "game, counted from 1 (default: the seats alternate; give each "
                             "seat its own --out file)")
    parser.add_argument("--rollout-view", choices=("world", "own"),
                        help="what the search's simulated players see: the sampled world "
                             "whole, or each its own view of it (default: the game's)")
    parser.add_argument("--evaluation", choices=("rules", "learned"),
                        help="how the search scores where its rollouts stop: the rules' "
                             "evaluate or the game's learned evaluation (tabletop "
                             "evaluation; default: the game's)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                        help="a game option, its value as JSON (repeat for more)")
    parser.add_argument("--out", type=Path, help="append one JSON line per game here")
    parser.add_argument("--report", type=Path, nargs="+", metavar="FILE",
                        help="summarise result files (what --out wrote)")
    parser.add_argument("--compare", type=Path, nargs=2, metavar=("LINE", "BASELINE"),
                        help="a line's files against a baseline's on the same deals, deal "
                             "by deal (the line's seat in both)")
    parser.add_argument("--resume", action="store_true",
                        help="skip the games --out already holds with the same settings "
                             "(run the same command again to go on after a stop)")
    return parser


def main(argv: list[str] | None = None) -> int:
    from ..games import get_game

    parser = build_parser()
    args = parser.parse_args(argv)
    if args.report:
        print("\n".join(report(args.report)))
        return 0
    if args.compare:
        print("\n".join(compare([args.compare[0]], [args.compare[1]])))
        return 0
    if not args.game:
        parser.error("name a game, or --report files")
    game = get_game(args.game)
    if args.against != "own" and (args.players == "own" or game.info.mode != "competitive"):
        parser.error("--against is for the searching player's opponents in a competitive "
                     "game (not with --players own)")
    if args.seat is not None and not 1 <= args.seat <= game.info.max_seats:
        parser.error(f"--seat counts from 1: {game.info.title} has seats 1 to "
                     f"{game.info.max_seats}, not {args.seat}")
    options = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
    done: set[int] = set()
    if args.resume and args.out and args.out.exists():
        mine = _setting({"game": game.info.id, "players": args.players, "level": args.level,
                         "seconds": args.seconds, "iterations": args.iterations,
                         "options": options, "cpu": args.cpu,
                         "rollout_view": args.rollout_view or game.rollout_view,
                         "evaluation": args.evaluation or game.evaluation,
                         "against": args.against, "ceiling": decision_ceiling(
                             args.level, args.seconds, args.iterations)})
        done = {r["k"] for r in _read([args.out]).get(mine, [])
                if args.seat is None or r["seat"] == args.seat - 1}
    for k in range(args.first, args.first + args.games):
        if k in done:
            continue
        record = play_one(game, k, args.players, args.level, args.seconds, args.iterations,
                          options, args.cpu, args.rollout_view,
                          None if args.seat is None else args.seat - 1, args.evaluation,
                          args.against)
        line = json.dumps(record)
        if args.out:
            with args.out.open("a", encoding="utf-8") as f:
                f.write(line + "\n")
        t = record["times"]
        print(f"game {k}: seat {record['seat']} {'won' if record['won'] else 'lost'}, "
              f"{record['moves']} moves, {len(t)} searched, "
              f"max {max(t, default=0) * 1000:.0f} ms", flush=True)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
