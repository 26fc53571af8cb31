"""Loading a game's card files as the app loads them, against libyaml's own composer
reading the same files.

*What is measured* is the call the app makes when it needs a game's cards
(``App.catalog``: ``rules.load_catalog(mod_dirs=...)``, the cross-card checks on): every
file read (a regular file within its limit), parsed with every value's line and column
kept and the limits checked, every card checked against its schema, then the game's
checks across cards (references between cards, deck rules, mission sets...). Two rows
per game:

- the shipped cards with mods off (``mod_dirs=[]``, as ``App(mods=False)`` loads them);
- the shipped cards with a large mod: the game's own cards copied in whole rounds under
  new ids (at least 1,000 cards, 100 to a file, each file saying ``game:``; a copy that
  names another card by its id names that card's copy of the same round), loaded from a
  mod folder as the app loads the player's mods.

*The yardstick* is libyaml's composer, ``yaml.compose(text, Loader=yaml.CSafeLoader)``,
of the same files (each read from disk): the bare parse to a node tree, which the
loader's fast path itself runs first (:mod:`tabletop.engine.yamlio`), with no values
built, no positions kept, nothing checked. It runs with the garbage collector paused, as
the loader pauses it (:func:`~tabletop.engine.loader.collector_paused`; the loader also
counts the collector's one young pass at its end): the composer's own cost, the real
limit. Each side drops each file's node tree as it goes on to the next file.

The two take turns in one process, round by round (the order swapped every round; see
:func:`best_of_pair`): each figure is the median over 15 rounds of the best of 3 calls
in a round, so that a figure neither rides on one lucky call nor on one the machine
broke into (the best of 9 calls each, the way this was measured first, moved a row
between 0.9x and 1.6x from run to run on a shared machine). The catalog a load returns
is kept until its time is taken (the app keeps it: dropping it is no part of loading).
The judged figure is *wall time* (``time.perf_counter``: what a player waits for, files
opened and read included). The CPU time of each (``time.process_time``, the same median
of bests) is shown in the figure's text as a diagnostic: on a machine shared with other
jobs it tells a slow figure from a preempted one. No cache of the work: every call
reads and checks every file.
"""

from __future__ import annotations

import gc
import re
import statistics
import tempfile
import time
from pathlib import Path

import yaml

from .. import CARDS_DIR
from ..engine.cardfiles import yaml_files
from ..engine.loader import ID_RE
from .games import Context
from .report import Row, ratio_row

GOAL = 1.3
#: the large mod: at least this many cards, in whole rounds of the game's own cards
CARDS = 1000
PER_FILE = 100
YARD = "libyaml compose"
#: calls of each in a round (its best is the round's figure)
CALLS = 3
#: rounds (the median is the figure): full and quick
ROUNDS, QUICK_ROUNDS = 15, 3


def best_of(fn, runs: int) -> float:
    """The fastest of ``runs`` calls, in milliseconds (the least disturbed by load)."""
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best * 1000


def best_of_pair(ours, yard, rounds: int, calls: int = CALLS) -> dict[str, tuple[float, float]]:
    """Each of the two timed in ``rounds`` rounds, taking turns (which goes first swapped
    every round, so neither always finds the caches warmed by the other, and a slow
    spell of the machine falls on both): in a round, the best of ``calls`` calls of one,
    then of the other. The figure of each is the *median* over the rounds of its best in
    a round, in milliseconds: ``{"wall": (ours, yard), "cpu": (ours, yard)}``, each clock
    on its own (the fastest wall time and the least CPU time may be different calls). A
    round's best takes out a call that another job on the machine broke into; the median
    over rounds is the typical figure, not the luckiest one (on a machine shared with
    other work, single calls of the same load vary by half). What a call returns (the
    catalog: the app keeps it) is dropped after its time is taken, untimed."""
    wall: tuple[list[float], list[float]] = ([], [])
    cpu: tuple[list[float], list[float]] = ([], [])
    fns = (ours, yard)
    for turn in range(rounds):
        for i in ((0, 1) if turn % 2 == 0 else (1, 0)):
            best_wall = best_cpu = float("inf")
            for _ in range(calls):
                c0 = time.process_time()
                t0 = time.perf_counter()
                kept = fns[i]()
                t1 = time.perf_counter()
                c1 = time.process_time()
                best_wall = min(best_wall, t1 - t0)
                best_cpu = min(best_cpu, c1 - c0)
                del kept
            wall[i].append(best_wall)
            cpu[i].append(best_cpu)
    return {"wall": (_median(wall[0]) * 1000, _median(wall[1]) * 1000),
            "cpu": (_median(cpu[0]) * 1000, _median(cpu[1]) * 1000)}


def _median(values: list[float]) -> float:
    return statistics.median(values)


def compose(paths: list[Path]) -> None:
    """The yardstick: libyaml's composer over each file's text (read from disk), the
    collector paused as the loader pauses it; each file's node tree is dropped as the
    next file is read, as the loader drops each file's nodes once its cards are built."""
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        for path in paths:
            yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    finally:
        if paused:
            gc.enable()


def _renamed(value, names: dict[str, str]):
    """``value`` with every text (and mapping key) that is one of ``names`` renamed."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, dict):
        return {names.get(k, k) if isinstance(k, str) else k: _renamed(v, names)
                for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    return value


def _sources(folder: Path) -> list[dict]:
    source = []
    for path in yaml_files(folder):
        doc = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader) or {}
        source.extend(c for c in doc.get("cards") or () if isinstance(c, dict))
    return source


def copies(folder: Path, out: Path, game_id: str, count: int = CARDS,
           leave_out: frozenset[str] = frozenset()) -> list[Path]:
    """The cards of ``folder`` (but those of ``leave_out``) copied in whole rounds until
    there are at least ``count`` (round ``r`` gives card ``x`` the id ``x-cr`` and a name
    of its own; a card named by its id in another card's fields becomes its copy of the
    same round, so a copied reference or pair stays whole), written ``PER_FILE`` to a
    file in ``out`` (any file there before is removed), each file saying ``game:
    game_id`` (a mod file must)."""
    source = [c for c in _sources(folder) if c.get("id") not in leave_out]
    ids = [c["id"] for c in source if isinstance(c.get("id"), str) and ID_RE.match(c["id"])]
    made = []
    for r in range(-(-count // len(source))):
        names = {i: f"{i}-c{r}" for i in ids}
        for card in source:
            copy = {k: v if k in ("id", "kind", "name") else _renamed(v, names)
                    for k, v in card.items()}
            copy["id"] = names[card["id"]]
            copy["name"] = f"{card['name']} {r}"
            made.append(copy)
    for old in out.glob("copies-*.yaml"):
        old.unlink()
    paths = []
    for start in range(0, len(made), PER_FILE):
        path = out / f"copies-{start // PER_FILE:02d}.yaml"
        doc = {"game": game_id, "cards": made[start:start + PER_FILE]}
        path.write_text(yaml.dump(doc, Dumper=yaml.CSafeDumper, sort_keys=False,
                                  allow_unicode=True), encoding="utf-8")
        paths.append(path)
    return paths


_COPY = re.compile(r"^(.+)-c\d+$")


def clean_mod(rules, game_id: str, out: Path) -> tuple[list[Path], frozenset[str]]:
    """:func:`copies` of the game's own cards in ``out`` that the game loads as a mod
    without a problem: a card whose copies the cross-card checks refuse is left out
    of every round, and the mod made again, until none is refused (OverPower's mission
    pieces: a set has each piece once, and every round would add another). The files
    and the ids left out."""
    leave_out: frozenset[str] = frozenset()
    for _ in range(50):
        paths = copies(CARDS_DIR / game_id, out, game_id, leave_out=leave_out)
        errors = rules.load_catalog(mod_dirs=[out]).errors
        if not errors:
            return paths, leave_out
        refused = {m.group(1) for e in errors if (m := _COPY.match(e.card or ""))}
        if not refused - leave_out:
            raise AssertionError(f"{game_id}: the mod of copies has problems: {errors[:3]}")
        leave_out |= refused
    raise AssertionError(f"{game_id}: the mod of copies has problems")  # pragma: no cover


def measure(ctx: Context) -> list[Row]:
    runs = QUICK_ROUNDS if ctx.quick else ROUNDS
    rows = []
    for game_id, game in ctx.games.items():
        rows.extend(_game_rows(game_id, game, runs))
    return rows


def shipped_files(game_id: str, rules) -> list[Path]:
    """The files ``rules.load_catalog`` reads with mods off: the shared sets, then the
    game's own folder."""
    dirs = [CARDS_DIR / s for s in rules.card_sets] + [CARDS_DIR / game_id]
    return [p for d in dirs for p in yaml_files(d)]


def _row(figure: str, title: str, got: dict[str, tuple[float, float]]) -> Row:
    (ours, yard), (ours_cpu, yard_cpu) = got["wall"], got["cpu"]
    cpu = f"CPU {ours_cpu:.2f}/{yard_cpu:.2f} ms = {ours_cpu / max(yard_cpu, 1e-9):.2f}x"
    return ratio_row(f"{figure}, wall time ({cpu})", title, ours, "ms", yard, YARD, GOAL)


def _game_rows(game_id: str, game, runs: int) -> list[Row]:
    rules = game.rules
    title = game.info.title
    real = shipped_files(game_id, rules)
    shipped = rules.load_catalog(mod_dirs=[])  # (imports done, caches of the game warm)
    if shipped.errors:  # the shipped cards are clean: a problem would be measured too
        raise AssertionError(f"{game_id}: {shipped.errors[0]}")

    def load():
        return rules.load_catalog(mod_dirs=[])  # what App.catalog calls, mods off

    rows = [_row(f"load the shipped cards ({len(real)} files, cross-card checks on)", title,
                 best_of_pair(load, lambda: compose(real), runs))]
    with tempfile.TemporaryDirectory() as tmp:
        mod = Path(tmp)
        paths, _ = clean_mod(rules, game_id, mod)
        cards = len(rules.load_catalog(mod_dirs=[mod]).cards) - len(shipped.cards)
        if cards < CARDS:  # (a mod's card of a shipped id replaces it)
            raise AssertionError(f"{game_id}: {cards} of the mod's cards loaded")

        def load_mod():
            return rules.load_catalog(mod_dirs=[mod])  # App.catalog, the player's mods on

        got = best_of_pair(load_mod, lambda: compose(real + paths), runs)
    rows.append(_row(f"load the shipped cards and a mod of {cards:,} cards "
                     f"({len(real)} + {len(paths)} files, cross-card checks on)", title, got))
    return rows
