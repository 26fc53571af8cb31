"""Loading card files against libyaml's bare ``CSafeLoader`` parse of the same files: the
real shipped files of each game, and 1,000 cards (each game's cards copied under new
ids, 100 to a file, the scale of a large mod). The loader also keeps every value's line
and column, checks limits while composing and checks every card against its schema."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import yaml

from .. import CARDS_DIR
from ..engine.loader import load_catalog, yaml_files
from .games import Context
from .report import Row, ratio_row

GOAL = 1.3
CARDS = 1000
PER_FILE = 100


def best_of(fn, runs: int) -> float:
    """The fastest of ``runs`` calls, in milliseconds (the least disturbed by load)."""
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best * 1000


def best_of_pair(ours, bare, runs: int) -> tuple[float, float]:
    """The fastest of ``runs`` calls of each, in milliseconds of this process's CPU time,
    the two taking turns: loading is one thread's work on files already in memory, and
    on a machine shared with other jobs CPU time counts that work and not the waits for a
    core (the playout rates count CPU time too)."""
    best = [float("inf"), float("inf")]
    for _ in range(runs):
        for i, fn in enumerate((ours, bare)):
            t0 = time.process_time()
            fn()
            best[i] = min(best[i], time.process_time() - t0)
    return best[0] * 1000, best[1] * 1000


def bare_parse(paths: list[Path]) -> None:
    for path in paths:
        yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)


def copies(folder: Path, out: Path, count: int = CARDS) -> list[Path]:
    """``count`` cards made from the files of ``folder`` (ids and names made unique),
    written ``PER_FILE`` to a file in ``out``."""
    source = []
    game = None
    for path in yaml_files(folder):
        doc = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader) or {}
        game = doc.get("game", game)
        source.extend(c for c in doc.get("cards") or () if isinstance(c, dict))
    made = []
    for i in range(count):
        card = dict(source[i % len(source)])
        card["id"] = f"{card['id']}-x{i}"
        card["name"] = f"{card['name']} {i}"
        made.append(card)
    paths = []
    for start in range(0, count, PER_FILE):
        path = out / f"copies-{start // PER_FILE:02d}.yaml"
        doc = {"cards": made[start:start + PER_FILE]}
        if game:
            doc = {"game": game, **doc}
        path.write_text(yaml.dump(doc, Dumper=yaml.CSafeDumper, sort_keys=False,
                                  allow_unicode=True), encoding="utf-8")
        paths.append(path)
    return paths


def measure(ctx: Context) -> list[Row]:
    runs = 2 if ctx.quick else 7
    rows = []
    for game_id, game in ctx.games.items():
        rows.extend(_game_rows(game_id, game, runs))
    return rows


def _game_rows(game_id: str, game, runs: int) -> list[Row]:
    rules = game.rules
    title = game.info.title
    dirs = [CARDS_DIR / s for s in rules.card_sets] + [CARDS_DIR / game_id]
    real = [p for d in dirs for p in yaml_files(d)]
    ours, bare = best_of_pair(lambda: rules.load_catalog(mod_dirs=[], check=False),
                              lambda: bare_parse(real), runs)
    rows = [ratio_row(f"load the shipped cards ({len(real)} files)", title, ours, "ms", bare,
                      "bare CSafeLoader", GOAL)]
    with tempfile.TemporaryDirectory() as tmp:
        paths = copies(CARDS_DIR / game_id, Path(tmp))

        def load() -> None:
            catalog = load_catalog(game_id, rules.card_kinds, [Path(tmp)])
            assert len(catalog.cards) == CARDS, catalog.errors[:3]
        ours, bare = best_of_pair(load, lambda: bare_parse(paths), runs)
    rows.append(ratio_row(f"load {CARDS:,} cards ({len(paths)} files)", title, ours, "ms",
                          bare, "bare CSafeLoader", GOAL))
    return rows
