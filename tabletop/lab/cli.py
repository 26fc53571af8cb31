"""``tabletop simulate GAME``: play many games headless and report what the cards do."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any

from ..engine.players import PLAYER_NAMES, player_by_name
from .cards import base_files, load, mod_files
from .compare import compare
from .report import plots, terminal, write_html, write_json
from .run import Job, progress_bar, run_local
from .summary import summarize

LAST = "last.json"


def add_arguments(p: argparse.ArgumentParser) -> None:
    from ..games import GAMES

    p.add_argument("game", choices=list(GAMES), metavar="GAME",
                   help="the game to play: %(choices)s")
    p.add_argument("--games", type=int, default=200, help="how many games (default 200)")
    p.add_argument("--players", default="computer",
                   help="computer, random or search; one per seat with commas "
                        "(computer,random)")
    p.add_argument("--mods", type=Path, help="a mod (a card file or a folder) played on top "
                                             "of the built-in cards")
    p.add_argument("--seed", type=int, default=1, help="the first seed (game i plays seed "
                                                       "S+i, as in the New game screen)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                   help="worker processes (default: one per CPU; 1 plays in this process)")
    p.add_argument("--compare", type=Path, metavar="PATH",
                   help="also play the same seeds with this mod and list what moved")
    p.add_argument("--out", type=Path, help="folder for summary.json, report.html and "
                                            "the plots (default <user data>/lab/GAME)")
    p.add_argument("--ray", nargs="?", const="", metavar="ADDRESS",
                   help="run on a Ray cluster (tabletop[cluster]); no address: a local one")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--progress", action="store_true",
                   help="the progress bar even when standard error is not a terminal (a log)")


def lab_dir() -> Path:
    from ..engine.paths import user_data

    return user_data() / "lab"


def _cards(game, extra: list[Path]) -> tuple[list, Any, list[str]]:
    errors: list = []
    files = base_files(game, errors)
    for path in extra:
        files += mod_files(path, errors)
    catalog = load(game, files)
    return files, catalog, [str(e) for e in errors + catalog.errors]


def _play(job: Job, seeds: list[int], args, title: str) -> tuple[list[dict], bool, float]:
    bar = progress_bar(len(seeds), title, False if args.quiet else (True if args.progress
                                                                    else None))
    t0 = time.perf_counter()
    try:
        if args.ray is not None:
            from .cluster import run_ray

            results, stopped = run_ray(job, seeds, args.ray or None, bar.update,
                                       workers=args.workers)
        else:
            results, stopped = run_local(job, seeds, args.workers, bar.update)
    finally:
        bar.close()
    return results, stopped, time.perf_counter() - t0


def _players(text: str) -> tuple[tuple[str, ...], str]:
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    bad = [n for n in names if n not in PLAYER_NAMES]
    if not names or bad:
        raise ValueError(f"unknown player {', '.join(bad) or repr(text)}; known: "
                         + ", ".join(PLAYER_NAMES))
    return names, ""


def simulate(args) -> int:
    from ..games import GAMES

    game = GAMES.get(args.game)
    if game is None:
        print(f"unknown game {args.game!r}; known: {', '.join(GAMES)}", file=sys.stderr)
        return 2
    try:
        players, _ = _players(args.players)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    if "search" in players:
        note = player_by_name(game, "search")[1]
        if note:
            print(f"note: {note}", file=sys.stderr)
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    files, catalog, problems = _cards(game, [args.mods] if args.mods else [])
    if problems:
        print("The cards have problems (fix them: tabletop validate):\n  "
              + "\n  ".join(problems[:20]), file=sys.stderr)
        return 1
    options = game.rules.default_options()
    job = Job(game.info.id, tuple(sorted(options.items())), players, tuple(files))
    seeds = list(range(args.seed, args.seed + args.games))
    names = {c.id: c.name for c in catalog.cards.values()}
    results, stopped, seconds = _play(job, seeds, args, game.info.title)
    run = {"seed": args.seed, "asked": len(seeds), "players": ",".join(players),
           "options": options, "fingerprint": catalog.fingerprint,
           "mods": str(args.mods) if args.mods else None, "interrupted": stopped}
    summary = summarize(game, results, run, names)
    if args.compare and not stopped:
        vfiles, vcatalog, problems = _cards(game, [p for p in (args.mods, args.compare) if p])
        if problems:
            print("The compared mod has problems:\n  " + "\n  ".join(problems[:20]),
                  file=sys.stderr)
            return 1
        names.update({c.id: c.name for c in vcatalog.cards.values()})
        vjob = Job(job.game, job.options, players, tuple(vfiles))
        mod_results, stopped, more = _play(vjob, seeds, args, f"{game.info.title} + mod")
        seconds += more
        summary["compare"] = {"mod": str(args.compare), "fingerprint": vcatalog.fingerprint,
                              **compare(game, results, mod_results, names)}
        summary["interrupted"] = stopped
    _write(summary, args.out or lab_dir() / game.info.id)
    done = len(results) + (len(seeds) if summary.get("compare") else 0)
    workers = "Ray" if args.ray is not None else f"{args.workers} worker(s)"
    print(f"\n{done:,} games in {seconds:.1f} s: {done / max(seconds, 1e-9):.1f} games/s "
          f"with {workers}", file=sys.stderr)
    return 130 if summary["interrupted"] else 0


def _write(summary: dict, out: Path) -> None:
    print(terminal(summary))
    out.mkdir(parents=True, exist_ok=True)
    write_json(summary, out / "summary.json")
    images = plots(summary)
    write_html(summary, out / "report.html", images)
    last = lab_dir()
    last.mkdir(parents=True, exist_ok=True)
    if (out / "summary.json").resolve() != (last / LAST).resolve():
        shutil.copyfile(out / "summary.json", last / LAST)
    print(f"\nReport: {out / 'report.html'} (JSON: {out / 'summary.json'})"
          + ("" if images is not None else "; plots need pip install 'tabletop[lab]'"))


def main(args) -> int:
    try:
        return simulate(args)
    except RuntimeError as exc:  # e.g. Ray is not installed
        print(exc, file=sys.stderr)
        return 2
