"""The ``tabletop`` command: start the app, or validate cards, write their schemas, play
scenarios, simulate many games (the balance lab), benchmark, measure the computer players'
strength."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tabletop", description=__doc__)
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("play", help="start the app (the default)")
    v = sub.add_parser("validate", help="check card files; exit 1 if any has a problem")
    v.add_argument("paths", nargs="*", help="files or folders (default: cards/ and mods)")
    v.add_argument("--game", help="only this game's cards")
    sc = sub.add_parser("scenario", help="play a scenario file headless: the verdict, then "
                                          "the state as JSON")
    sc.add_argument("file")
    sc.add_argument("--summary", action="store_true",
                    help="print the verdict (and the status line) only")
    d = sub.add_parser("docs", help="write the generated reference blocks of docs/modding.md")
    d.add_argument("--check", action="store_true", help="exit 1 if the file is out of date")
    sh = sub.add_parser("screenshots", help="draw each game's table (its sample saves) "
                                             "into docs/screenshots/, headless")
    sh.add_argument("--out", help="folder to write to (default: docs/screenshots)")
    sh.add_argument("--size", default="1280x720", help="window size, e.g. 1920x1080")
    lab = sub.add_parser("simulate", help="the balance lab: play many games headless and "
                                          "report win rates and what each card does")
    from .lab.cli import add_arguments

    add_arguments(lab)
    j = sub.add_parser("schema", help="write the JSON Schema of a game's card files (for "
                                      "editors: completion and checks as you type)")
    j.add_argument("game", help="a game id (brawl...) or a shared card set")
    j.add_argument("-o", "--out", help="the file to write (default: standard output)")
    b = sub.add_parser("bench", help="measure frames, undo, start-up, card loading, memory, "
                                     "saves, computer decisions and playouts, each against "
                                     "a yardstick measured in the same run")
    b.add_argument("--quick", action="store_true", help="fewer samples (for a smoke test)")
    b.add_argument("--only", nargs="+", metavar="PART",
                   help="only these measurements (frames, undo, startup, cardload, memory, "
                        "saving, decisions, playouts)")
    b.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    sub.add_parser("strength", add_help=False,
                   help="play games to measure the searching computer player "
                        "(tabletop strength --help)")
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["strength"]:  # its own options (tools/strength.py)
        from .tools.strength import main as strength

        return strength(argv[1:])
    args = parser.parse_args(argv)
    if args.command in (None, "play"):
        from .ui.start import main as run_app

        return run_app()
    if args.command == "validate":
        from .tools.validate import validate

        try:
            return validate(args.paths, args.game)
        except KeyboardInterrupt:
            print("validate stopped (Ctrl+C).", file=sys.stderr)
            return 130
    if args.command == "scenario":
        from .engine.scenario import run_scenario_file
        from .games import GAMES

        return run_scenario_file(args.file, GAMES, summary=args.summary)
    if args.command == "docs":
        from .tools.docs import main as docs

        return docs(check=args.check)
    if args.command == "screenshots":
        from .ui.screenshots import main as screenshots

        return screenshots(args.out, args.size)
    if args.command == "simulate":
        from .lab.cli import main as simulate

        try:
            return simulate(args)
        except KeyboardInterrupt:
            print("simulate stopped (Ctrl+C).", file=sys.stderr)
            return 130
    if args.command == "schema":
        from .tools.schema import main as schema

        return schema(args.game, args.out)
    if args.command == "bench":
        from .bench import main as bench

        return bench(quick=args.quick, only=args.only, json_path=args.json)
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
