"""``tabletop evaluation``: a game's learned evaluation, fitted to games of its own
computer players.

Game ``k`` is dealt from seed ``7000 + k`` and played by the game's own computer player
in every seat. At every ``--every``-th decision with a choice, each seat's features are
read from that seat's view (:attr:`~tabletop.engine.game.Game.features`: nothing it
cannot see), and paired with what the seat scored in the end (1 a win, 0 a loss, 0.5 a
draw). A logistic model is fitted (:func:`tabletop.engine.evaluation.fit`) to the games
with ``k % 4 != 0`` and judged on the others, which it never saw: its log loss there,
against the rules' hand-made ``evaluate`` given the same seat's view (the same
knowledge) and given the whole true position (which the model is not), and against the
share won alone, with a reliability table by tenths.
``--write`` fits every game's positions and stores the model where the search reads it
(:mod:`tabletop.engine.evaluation`), with those held-out figures.
"""

from __future__ import annotations

import argparse
import sys
import time

from ..engine.evaluation import Evaluation, evaluation_path, fit, log_loss
from ..engine.players import computer_move
from ..engine.rng import Rng

#: game ``k`` is dealt from this seed plus ``k`` (apart from the strength and the
#: calibration runs' seeds)
SEED = 7000
#: the games with ``k % HOLD == 0`` are held out of the judged fit
HOLD = 4


def play_one(game, k: int, every: int, catalog=None) -> list[dict]:
    """Game ``k``'s positions: per seat, ``features`` (from its view), ``rules`` and
    ``rules_view`` (the rules' evaluate of the true position, and of the seat's view)
    and ``outcome``."""
    rules = game.rules
    catalog = catalog if catalog is not None else rules.load_catalog(mod_dirs=[])
    features = game.features[1]
    seed = SEED + k
    state = rules.new_state(catalog, rules.normalize_options({}), seed)
    table = {s: game.computer_player() for s in range(state.seats)}
    rng = Rng(seed ^ 0xE7A1)
    rows: list[dict] = []
    decision = 0
    while not state.over:
        if len(rules.legal_moves(state)) > 1:
            if decision % every == 0:
                for seat in range(state.seats):
                    view = rules.view(state, seat)
                    rows.append({"k": k, "seat": seat, "features": list(features(view, seat)),
                                 "rules": rules.evaluate(state, seat),
                                 "rules_view": rules.evaluate(view, seat)})
            decision += 1
        seat = state.actor
        state = rules.play(state, computer_move(rules, state, seat, table[seat], rng))
    returns = rules.returns(state)
    for row in rows:
        row["outcome"] = returns[row["seat"]]
    return rows


def reliability(pairs: list[tuple[float, float]]) -> list[str]:
    """Lines of a table by tenths of the prediction: positions, mean predicted, share
    won."""
    out = ["  tenth    positions  predicted  won"]
    for tenth in range(10):
        part = [(p, y) for p, y in pairs if min(9, int(p * 10)) == tenth]
        if part:
            mean = sum(p for p, _ in part) / len(part)
            won = sum(y for _, y in part) / len(part)
            out.append(f"  {tenth / 10:.1f}-{(tenth + 1) / 10:.1f}  {len(part):9d}  "
                       f"{mean:9.3f}  {won:.3f}")
    return out


def judge(game, rows: list[dict], every: int = 4) -> tuple[dict, list[str]]:
    """The held-out figures of a fit to the other games' rows, and the report's lines."""
    train = [r for r in rows if r["k"] % HOLD]
    test = [r for r in rows if not r["k"] % HOLD]
    if not train or not test:
        raise SystemExit("tabletop evaluation: too few games to hold some out "
                         f"(at least {HOLD})")
    bias, weights = fit([(r["features"], r["outcome"]) for r in train])
    model = Evaluation(game.features[0], weights, bias)
    learned = [(model.chance(r["features"]), r["outcome"]) for r in test]
    hand = [(min(0.99, max(0.01, r["rules"])), r["outcome"]) for r in test]
    seen = [(min(0.99, max(0.01, r["rules_view"])), r["outcome"]) for r in test]
    share = sum(r["outcome"] for r in train) / len(train)
    base = [(share, r["outcome"]) for r in test]
    games = len({r["k"] for r in rows})
    figures = {"made_by": f"tabletop evaluation {game.info.id} --games {games} "
                          f"--every {every} --write",
               "positions": len(rows), "games": games,
               "held_out_positions": len(test),
               "log_loss": round(log_loss(learned), 4),
               "rules_log_loss": round(log_loss(hand), 4),
               "rules_view_log_loss": round(log_loss(seen), 4),
               "base_log_loss": round(log_loss(base), 4)}
    lines = [f"{game.info.title}: {len(train)} positions fitted, {len(test)} held out "
             f"({figures['games']} games)",
             f"  held-out log loss: learned {figures['log_loss']:.4f}; the rules' evaluate "
             f"of the seat's view {figures['rules_view_log_loss']:.4f}, of the whole "
             f"position {figures['rules_log_loss']:.4f}; the share won alone "
             f"{figures['base_log_loss']:.4f}",
             "  learned, held out:", *reliability(learned),
             "  the rules' evaluate, held out:", *reliability(hand)]
    return figures, lines


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="tabletop evaluation",
        description="Fit a game's learned evaluation to games of its own computer "
                    "players, judge it on games it did not see, and (--write) store it.")
    p.add_argument("game", metavar="GAME", help="a game with features (brawl, overpower)")
    p.add_argument("--games", type=int, default=2000, help="games to play (default 2000)")
    p.add_argument("--every", type=int, default=4,
                   help="take every N-th decision with a choice (default 4)")
    p.add_argument("--write", action="store_true",
                   help="store the model fitted to every game where the search reads it")
    return p


def main(argv: list[str] | None = None) -> int:
    from ..games import GAMES

    args = build_parser().parse_args(argv)
    game = GAMES.get(args.game)
    if game is None or game.features is None:
        with_features = ", ".join(g for g, v in GAMES.items() if v.features is not None)
        print(f"tabletop evaluation: {args.game!r} has no features (games that have: "
              f"{with_features})", file=sys.stderr)
        return 2
    if args.games < HOLD or args.every < 1:
        print(f"tabletop evaluation: --games at least {HOLD}, --every at least 1",
              file=sys.stderr)
        return 2
    catalog = game.rules.load_catalog(mod_dirs=[])
    t0 = time.monotonic()
    rows: list[dict] = []
    for k in range(args.games):
        rows.extend(play_one(game, k, args.every, catalog))
    print(f"{args.games} games played in {time.monotonic() - t0:.0f} s")
    figures, lines = judge(game, rows, args.every)
    print("\n".join(lines))
    if args.write:
        bias, weights = fit([(r["features"], r["outcome"]) for r in rows])
        model = Evaluation(game.features[0], weights, bias, figures)
        path = evaluation_path(game.info.id)
        model.write(path)
        print(f"written: {path}")
        print("  " + ", ".join(f"{n} {w:+.3f}" for n, w in zip(model.names, model.weights,
                                                              strict=True))
              + f", bias {model.bias:+.3f}")
    return 0
