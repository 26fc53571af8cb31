"""The tabletop command: start the app (the default), or check card files, write their
schemas, play scenarios, simulate many games (the balance lab), benchmark, and measure
the computer players' strength."""

from __future__ import annotations

import argparse
import difflib
import logging
import re
import sys
from typing import NoReturn

from . import __version__

LOG = logging.getLogger("tabletop.cli")

EXAMPLES = """\
examples:
  tabletop                                 start the app
  tabletop validate --game brawl           check Brawl's card files and the mods for it
  tabletop schema standard-deck -o standard-deck.schema.json
                                           the JSON Schema of the shared standard deck
  tabletop simulate brawl --games 500      play 500 games of Brawl headless, report
  tabletop strength brawl --games 20       the searching player against the game's own
  tabletop calibrate brawl --games 200 --out brawl.jsonl
                                           measure the hint's chance to win against outcomes
  tabletop evaluation brawl --write        fit Brawl's learned evaluation and store it
  tabletop bench --quick --only frames     a quick measurement of the frames

log file: {log}"""

#: the measurements of tabletop bench (the modules of tabletop/bench in its MEASUREMENTS;
#: not imported here: importing the bench sets SDL's drivers for its headless frames)
BENCH_PARTS = ("frames", "play", "undo", "startup", "cardload", "memory", "saving", "opening",
               "decisions", "search", "playouts", "online")


#: argparse's refusal of a game id (the --game option or a GAME positional)
_BAD_GAME = re.compile(r"argument (?:--game|GAME): invalid choice: '?(.*?)'? "
                       r"\(choose from (.*)\)$")


class Parser(argparse.ArgumentParser):
    """argparse's parser (its sub-commands' too): a game id it refuses is also named as
    an unknown game, with the nearest known id (a typo)."""

    def error(self, message: str) -> NoReturn:
        found = _BAD_GAME.match(message)
        if found:
            value = found[1]
            known = [c.strip(" '") for c in found[2].split(",")]
            near = difflib.get_close_matches(value, known, n=1)
            message += f"\nunknown game {value!r}" + (f"; did you mean {near[0]}?" if near
                                                        else "")
        super().error(message)


def game_ids() -> list[str]:
    """Every game in the registry, in its order."""
    from .games import GAMES

    return list(GAMES)


def card_sets() -> list[str]:
    """Every game and every shared card set a game reads (what has a schema)."""
    from .games import GAMES
    from .tools.schema import other_schemas

    shared = {s for g in GAMES.values() for s in g.rules.card_sets} - set(GAMES)
    return [*GAMES, *sorted(shared), *other_schemas()]


def build_parser() -> argparse.ArgumentParser:
    """The tabletop command's parser (imports the games: their ids are the choices)."""
    from .lab.cli import add_arguments
    from .logs import log_path

    parser = Parser(prog="tabletop", description=__doc__,
                                     epilog=EXAMPLES.format(log=log_path()),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"tabletop {__version__}",
                        help="print the version and exit")
    sub = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND")
    sub.add_parser("play", help="start the app (the default)",
                   description="Start the app on its main menu.")
    v = sub.add_parser("validate", help="check card files; exit 1 if any has a problem",
                       description="Check card files (the built-in cards and the mods, or "
                                   "the files named); exit 1 if any has a problem.")
    v.add_argument("paths", nargs="*", metavar="PATH",
                   help="files or folders (default: cards/ and the mods)")
    v.add_argument("--game", choices=game_ids(), metavar="GAME",
                   help="only this game's cards: %(choices)s")
    sc = sub.add_parser("scenario", help="play a scenario file headless: the verdict, then "
                                         "the state as JSON",
                        description="Play a scenario file headless and print the verdict, "
                                    "then the state as JSON.")
    sc.add_argument("file", help="the scenario file (YAML or JSON; see docs/scenarios.md)")
    sc.add_argument("--summary", action="store_true",
                    help="print the verdict (and the status line) only")
    le = sub.add_parser("lesson", help="check lesson files through the rules; exit 1 if any "
                                       "has a problem",
                        description="Read each lesson file and play it through the rules "
                                    "(every wrong move refused, every move and answer "
                                    "legal in order); exit 1 if any has a problem.")
    le.add_argument("paths", nargs="*", metavar="FILE",
                    help="lesson files (default: the shipped lessons and the mods' lessons)")
    d = sub.add_parser("docs", help="write the generated reference blocks of docs/modding.md",
                       description="Write the generated reference blocks of "
                                   "docs/modding.md, the card schemas and their modelines.")
    d.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if any of them is out of date")
    sh = sub.add_parser("screenshots", help="draw each game's table (its sample saves) "
                                            "into docs/screenshots/, headless",
                        description="Draw each game's table (its sample saves) into "
                                    "docs/screenshots/, headless.")
    sh.add_argument("--out", help="folder to write to (default: docs/screenshots)")
    sh.add_argument("--size", default="1280x720",
                    help="window size, e.g. 1920x1080 (default: 1280x720)")
    lab = sub.add_parser("simulate", help="the balance lab: play many games headless and "
                                          "report win rates and what each card does",
                         description="The balance lab: play many games headless and report "
                                     "win rates and what each card does.")
    add_arguments(lab)
    up = sub.add_parser("upgrade-cards", help="rewrite card files written before the "
                        "shared effect verbs and selectors as they are written now",
                        description="Rewrite every effect written with an old name "
                        "({effect: hand_discard, count: 1}) with its verb and keys "
                        "({effect: discard, from: hand, count: 1}), and every card filter "
                        "written at the top ({types: [energy]}) in its selector "
                        "({match: {type: [energy]}}), in place; comments and layout stay.")
    up.add_argument("paths", nargs="+", metavar="FILE", help="card files (YAML)")
    j = sub.add_parser("schema", help="write the JSON Schema of a game's card files (for "
                                      "editors: completion and checks as you type)",
                       description="Write the JSON Schema of a game's card files, for "
                                   "editors: completion and checks as you type.")
    j.add_argument("game", choices=card_sets(), metavar="GAME",
                   help="a game, a shared card set or another file's schema: %(choices)s")
    j.add_argument("-o", "--out", help="the file to write (default: standard output)")
    b = sub.add_parser("bench", help="measure frames, undo, start-up, card loading, memory, "
                                     "saves, computer decisions and playouts, each against "
                                     "a yardstick measured in the same run",
                       description="Measure frames, undo, start-up, card loading, memory, "
                                   "saves, computer decisions and playouts, each against a "
                                   "yardstick measured in the same run.")
    b.add_argument("--quick", action="store_true", help="fewer samples (for a smoke test)")
    b.add_argument("--only", nargs="+", metavar="PART", choices=BENCH_PARTS,
                   help="only these measurements: %(choices)s")
    b.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    sv = sub.add_parser("serve", help="hold online tables: friends play from their own "
                                      "machines, the server enforcing the rules",
                        description="Serve online tables over WebSockets (ws://HOST:PORT). "
                                    "Tables and their moves are kept in SQLite under the "
                                    "user data folder (or --data) and resumed at start.")
    sv.add_argument("--host", default="127.0.0.1",
                    help="the address to listen on (default: 127.0.0.1, this machine only; "
                         "0.0.0.0 for the network)")
    sv.add_argument("--port", type=int, default=8765, help="the port (default: 8765)")
    sv.add_argument("--data", metavar="DIR", help="where the tables are kept (default: "
                                                  "the user data folder's server/)")
    sv.add_argument("--certfile", metavar="PEM", help="serve over TLS (wss://) with this "
                                                      "certificate chain")
    sv.add_argument("--keyfile", metavar="PEM", help="the certificate's private key")
    sub.add_parser("strength", add_help=False,
                   help="play games to measure the searching computer player "
                        "(tabletop strength --help)")
    sub.add_parser("calibrate", add_help=False,
                   help="measure the hint's chance to win against what happened "
                        "(tabletop calibrate --help)")
    sub.add_parser("evaluation", add_help=False,
                   help="fit a game's learned evaluation to its computer players' games "
                        "(tabletop evaluation --help)")
    return parser


def _status(exc: SystemExit) -> int:
    """The exit status argparse asked for (0 after --help, 2 after a bad argument)."""
    return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)


def main(argv: list[str] | None = None) -> int:
    from .logs import install_excepthooks, setup_logging

    argv = sys.argv[1:] if argv is None else list(argv)
    setup_logging()
    install_excepthooks()
    LOG.info("tabletop %s, Python %s: %s", __version__, sys.version.split()[0],
             " ".join(argv) or "(the app)")
    if argv in ([], ["play"]):  # at once: the app's first frame comes before the games
        return _play()
    if argv == ["--version"]:  # at once: without importing the games for the parser
        print(f"tabletop {__version__}")
        return 0
    if argv[:1] in (["strength"], ["calibrate"], ["evaluation"]):  # their own options
        if argv[0] == "strength":
            from .tools.strength import main as tool
        elif argv[0] == "calibrate":
            from .tools.calibrate import main as tool
        else:
            from .tools.evaluation import main as tool
        try:
            return tool(argv[1:])
        except SystemExit as exc:
            return _status(exc)
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a bad argument (argparse said so)
        return _status(exc)
    if args.command not in (None, "play"):  # the app starts anyway (engine.paths)
        from .engine.paths import home_problem

        home = home_problem()
        if home:
            print(f"tabletop: {home}: point it at a folder, or unset it", file=sys.stderr)
            return 2
    try:
        return _run(args)
    except BrokenPipeError:  # the output went to a reader that stopped (``| head``)
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # (no 2nd error)
        return 1


def _play() -> int:
    from .ui.start import main as run_app

    return run_app()


def _validate(args: argparse.Namespace) -> int:
    from .tools.validate import validate

    try:
        return validate(args.paths, args.game)
    except KeyboardInterrupt:
        print("validate stopped (Ctrl+C).", file=sys.stderr)
        return 130


def _scenario(args: argparse.Namespace) -> int:
    from .engine.scenario import run_scenario_file
    from .games import GAMES

    return run_scenario_file(args.file, GAMES, summary=args.summary)


def _lesson(args: argparse.Namespace) -> int:
    from .engine.lesson import check_files
    from .games import GAMES

    return check_files(args.paths, GAMES)


def _docs(args: argparse.Namespace) -> int:
    from .tools.docs import main as docs

    return docs(check=args.check)


def _screenshots(args: argparse.Namespace) -> int:
    from .ui.screenshots import main as screenshots

    return screenshots(args.out, args.size)


def _simulate(args: argparse.Namespace) -> int:
    from .lab.cli import main as simulate

    try:
        return simulate(args)
    except KeyboardInterrupt:
        print("simulate stopped (Ctrl+C).", file=sys.stderr)
        return 130


def _schema(args: argparse.Namespace) -> int:
    from .tools.schema import main as schema

    return schema(args.game, args.out)


def _upgrade(args: argparse.Namespace) -> int:
    from .tools.upgrade import main as upgrade

    return upgrade(args.paths)


def _serve(args: argparse.Namespace) -> int:
    from .net.server import main as serve

    return serve(args.host, args.port, args.data, args.certfile, args.keyfile)


def _bench(args: argparse.Namespace) -> int:
    from .bench import main as bench

    return bench(quick=args.quick, only=args.only, json_path=args.json)


#: each sub-command (but play) and what runs it
COMMANDS = {"validate": _validate, "scenario": _scenario, "lesson": _lesson, "docs": _docs,
            "screenshots": _screenshots, "simulate": _simulate, "schema": _schema,
            "upgrade-cards": _upgrade, "serve": _serve, "bench": _bench}


def _run(args: argparse.Namespace) -> int:
    if args.command in (None, "play"):
        return _play()
    found = COMMANDS.get(args.command)
    return found(args) if found is not None else 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
