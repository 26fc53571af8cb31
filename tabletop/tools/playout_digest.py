"""A digest of seeded random games, to show that a change meant only to be faster changes
nothing a game does.

``python -m tabletop.tools.playout_digest [GAMES...] [--games N]`` plays ``N`` seeded
random games of each game with each option set (the defaults, each option's other values
one at a time, every switch at once) and prints one line per option set: the moves, and
hashes of everything they touched (every move with its notation, every state slot after
each move, each move's log lines, the acting seat's view). Run it on the tree before a
change and after it, and compare the output: equal lines mean equal games.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from typing import Any

from ..engine.rng import Rng
from ..engine.state import State
from ..games import GAMES


def option_sets(game) -> list[dict[str, Any]]:
    """The defaults, each option's other values one at a time, every switch at once."""
    out: list[dict[str, Any]] = [{}]
    switches = {}
    for opt in game.info.options:
        values = [v for v, _ in opt.choices] if opt.choices else [True]
        out.extend({opt.key: v} for v in values if v != opt.default)
        if not opt.choices:
            switches[opt.key] = True
    if len(switches) > 1:
        out.append(switches)
    return out


def canonical(value: Any) -> str:
    """``repr`` with every set and dict in sorted order, at any depth (so that the text
    is the same in every process, whatever the hash seed)."""
    if isinstance(value, set | frozenset):
        return "{" + ", ".join(sorted(canonical(v) for v in value)) + "}"
    if isinstance(value, dict):
        return "{" + ", ".join(sorted(f"{canonical(k)}: {canonical(v)}"
                                      for k, v in value.items())) + "}"
    if isinstance(value, list | tuple):
        inner = ", ".join(canonical(v) for v in value)
        return f"{type(value).__name__}({inner})"
    return repr(value)


def snapshot(state: State) -> str:
    """Every slot of a state (card data left out) as text that compares by value."""
    return ";".join(f"{slot}={canonical(getattr(state, slot, None))}"
                    for cls in type(state).__mro__ for slot in getattr(cls, "__slots__", ())
                    if slot not in ("cards", "info"))


def digest(game, catalog, options: dict[str, Any], games: int) -> tuple[int, str, str]:
    """(moves, hash of moves and states, hash of the views) over ``games`` seeds."""
    rules = game.rules
    states, views = hashlib.sha256(), hashlib.sha256()
    moves = 0
    options = rules.normalize_options(options)
    for seed in range(games):
        s = rules.new_state(catalog, options, seed)
        rng = Rng(seed)
        states.update(snapshot(s).encode())
        while not s.over:
            views.update(snapshot(rules.view(s, s.actor)).encode())
            move = rng.choice(rules.legal_moves(s))
            states.update(f"{move!r} {game.notation.format_move(s, move)}".encode())
            s = rules.play(s, move)
            moves += 1
            states.update(snapshot(s).encode())
        states.update(repr(rules.returns(s)).encode())
    return moves, states.hexdigest()[:16], views.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tabletop.tools.playout_digest",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--games", dest="count", type=int, default=20,
                        help="seeded games per option set (default 20)")
    args = parser.parse_args(argv)
    for game_id, game in GAMES.items():
        if args.games and game_id not in args.games:
            continue
        catalog = game.rules.load_catalog(mod_dirs=[])
        for options in option_sets(game):
            moves, states, views = digest(game, catalog, options, args.count)
            print(f"{game_id} {options} moves {moves} states {states} views {views}",
                  flush=True)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
