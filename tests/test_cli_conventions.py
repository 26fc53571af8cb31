"""The tabletop command's conventions (issue 26): --version, game ids as choices, help
for every option of every command, examples in tabletop --help, no reST markup in help."""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys

import pytest

import tabletop
from tabletop.cli import BENCH_PARTS, build_parser, card_sets, game_ids, main
from tabletop.games import GAMES
from tabletop.tools.calibrate import build_parser as calibrate_parser
from tabletop.tools.evaluation import build_parser as evaluation_parser
from tabletop.tools.schema import shipped_sets
from tabletop.tools.strength import build_parser as strength_parser

MARKUP = ("``", ":func:", ":class:", ":meth:", ":mod:", ":data:", ":attr:")


def parsers() -> dict[str, argparse.ArgumentParser]:
    """Every parser of the command: the top one, each sub-command's, and strength's own."""
    top = build_parser()
    out = {"tabletop": top}
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                out[f"tabletop {name}"] = sub
    out["tabletop strength (its own)"] = strength_parser()
    out["tabletop calibrate (its own)"] = calibrate_parser()
    out["tabletop evaluation (its own)"] = evaluation_parser()
    return out


def test_every_option_and_positional_of_every_command_has_help():
    missing = []
    seen = parsers()
    assert {"tabletop validate", "tabletop schema", "tabletop simulate", "tabletop bench",
            "tabletop scenario", "tabletop docs", "tabletop screenshots"} <= set(seen)
    for name, parser in seen.items():
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                missing += [f"{name} {a.dest}" for a in action._choices_actions
                            if not (a.help or "").strip()]
            elif not (action.help or "").strip():
                missing.append(f"{name} {action.option_strings or action.dest}")
    assert not missing, f"no help: {missing}"


def test_no_help_text_has_rest_markup():
    for name, parser in parsers().items():
        shown = parser.format_help()
        found = [m for m in MARKUP if m in shown]
        assert not found, f"{name} --help shows {found}"


def test_the_help_has_real_examples_and_keeps_their_lines(capsys):
    assert main(["--help"]) == 0
    shown = capsys.readouterr().out
    assert "examples:" in shown and "log file:" in shown
    examples = [line.strip().split("  ")[0] for line in shown.split("examples:")[1].splitlines()
                if line.strip().startswith("tabletop ")]
    assert len(examples) >= 4
    assert "  tabletop validate --game brawl" in shown  # raw: the lines are kept as written
    for example in examples:
        argv = shlex.split(example)[1:]
        if argv[:1] == ["strength"]:
            strength_parser().parse_args(argv[1:])
        elif argv[:1] == ["calibrate"]:
            calibrate_parser().parse_args(argv[1:])
        elif argv[:1] == ["evaluation"]:
            evaluation_parser().parse_args(argv[1:])
        else:
            build_parser().parse_args(argv)  # SystemExit (a failure) if it is not real


def test_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"tabletop {tabletop.__version__}\n"
    with pytest.raises(SystemExit) as stop:  # the parser's own, as listed in --help
        build_parser().parse_args(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"tabletop {tabletop.__version__}\n"


def test_version_from_the_installed_command(tmp_path):
    env = {**os.environ, "TABLETOP_HOME": str(tmp_path / "home")}
    out = subprocess.run([sys.executable, "-m", "tabletop", "--version"], env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout == f"tabletop {tabletop.__version__}\n"


def test_an_unknown_game_is_argparses_invalid_choice(tmp_path):
    env = {**os.environ, "TABLETOP_HOME": str(tmp_path / "home")}
    out = subprocess.run([sys.executable, "-m", "tabletop", "validate", "--game", "nosuch"],
                         env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert "argument --game: invalid choice: 'nosuch'" in out.stderr
    assert "brawl" in out.stderr  # the choices are listed


def test_a_mistyped_game_gets_the_nearest_id(capsys):
    assert main(["simulate", "brawll"]) == 2
    assert "unknown game 'brawll'; did you mean brawl?" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["simulate", "nosuch"],
    ["schema", "nosuch"],
    ["strength", "nosuch"],
    ["calibrate", "nosuch"],
    ["bench", "--only", "nosuch"],
])
def test_every_game_id_is_a_choice(argv, capsys):
    assert main(argv) == 2
    assert "invalid choice: 'nosuch'" in capsys.readouterr().err


def test_the_choices_are_the_registry_and_the_shipped_sets():
    assert game_ids() == list(GAMES)
    assert set(shipped_sets()) <= set(card_sets())
    assert "standard-deck" in card_sets() and set(GAMES) <= set(card_sets())
    args = build_parser().parse_args(["schema", "standard-deck"])
    assert args.game == "standard-deck"


def test_the_bench_parts_are_its_measurements():
    from tabletop.bench import MEASUREMENTS

    assert set(BENCH_PARTS) == {m.__module__.rsplit(".", 1)[-1] for m in MEASUREMENTS}


def test_output_to_a_reader_that_stops_ends_quietly(monkeypatch, capsys):
    """``tabletop schema overpower | head -1``: the reader stops; the command ends with
    status 1 and no traceback (a broken pipe is no error of the command's), and the rest
    of its output goes nowhere (no second error when Python flushes it at exit)."""
    import contextlib
    import os

    from tabletop.cli import main

    read_end, write_end = os.pipe()

    class Stopped:
        """Standard output whose reader has gone."""

        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self) -> None:
            raise BrokenPipeError(32, "Broken pipe")

        def fileno(self) -> int:
            return write_end

    monkeypatch.setattr("sys.stdout", Stopped())
    try:
        assert main(["schema", "overpower"]) == 1
        os.write(write_end, b"gone")  # (the output's descriptor now leads to devnull)
        os.set_blocking(read_end, False)
        with contextlib.suppress(BlockingIOError):  # (nothing came through: as wanted)
            assert os.read(read_end, 10) == b""
    finally:
        os.close(read_end)
        os.close(write_end)
    assert "Traceback" not in capsys.readouterr().err
