"""``tabletop validate`` on the shipped cards (0 problems), on mods and on broken files
(exactly their problems, each once), working out the game by itself."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_bad_card_files import alias_bomb, card

from tabletop import CARDS_DIR
from tabletop.engine.paths import mods_root
from tabletop.games import GAMES
from tabletop.tools.validate import validate

SHIPPED_FOLDERS = sorted(p for p in CARDS_DIR.iterdir() if p.is_dir())
SHIPPED_FILES = sorted(CARDS_DIR.rglob("*.yaml"))


def run(*args: str | Path, game: str | None = None) -> tuple[int, list[str]]:
    lines: list[str] = []
    code = validate([str(a) for a in args], game, out=lines.append)
    return code, lines


def test_no_argument_checks_every_game_and_the_mods():
    code, lines = run()
    assert code == 0, lines
    titles = ", ".join(g.info.title for g in GAMES.values())
    assert titles.startswith("Brawl, Power Play, Hero vs Nemesis, Solo Deck-Builder")
    assert lines[0] == f"Checking {titles}: built-in cards and your mods"
    total = sum(len(g.rules.load_catalog(mod_dirs=[]).cards) for g in GAMES.values())
    assert lines[-1] == f"{total} valid card(s), 0 problem(s)"


def test_the_cards_folder():
    code, lines = run(CARDS_DIR)
    assert code == 0 and lines[-1].endswith(", 0 problem(s)"), lines


@pytest.mark.parametrize("folder", SHIPPED_FOLDERS, ids=lambda p: p.name)
def test_every_shipped_folder_has_no_problem_and_names_its_game(folder):
    code, lines = run(folder)
    assert code == 0, lines
    assert lines[-1].endswith(" 0 problem(s)")
    if folder.name in GAMES:
        assert lines[0].endswith(f": {GAMES[folder.name].info.title} (from its folder)")
    else:
        users = [g.info.title for g in GAMES.values() if folder.name in g.rules.card_sets]
        assert users and lines[0].endswith(f": the shared set {folder.name}, checked with "
                                           + ", ".join(users))


@pytest.mark.parametrize("path", SHIPPED_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_file_has_no_problem(path):
    code, lines = run(path)
    assert code == 0 and lines[-1].endswith(" 0 problem(s)"), lines


@pytest.mark.parametrize("path", SHIPPED_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_copy_of_every_shipped_file_validates_as_a_mod(tmp_path, path):
    copy = tmp_path / path.name
    copy.write_bytes(path.read_bytes())
    folder = path.parent.name
    game = folder if folder in GAMES else next(g for g in GAMES
                                               if folder in GAMES[g].rules.card_sets)
    code, lines = run(copy, game=game)
    assert code == 0 and lines[-1].endswith(" 0 problem(s)"), lines
    assert f"{game}: mods replace " in lines[-2]


def test_a_mod_file_names_its_game_with_its_game_key(tmp_path):
    mod = tmp_path / "mod.yaml"
    mod.write_text("game: brawl\ncards:\n" + card(), encoding="utf-8")
    code, lines = run(mod)
    assert code == 0, lines
    assert lines[0] == f"{mod}: Brawl (from its 'game:' key)"
    assert lines[-1] == f"{len(GAMES['brawl'].rules.load_catalog(mod_dirs=[]).cards) + 1} valid " \
                        "card(s), 0 problem(s)"


@pytest.mark.parametrize("game", list(GAMES))
def test_an_empty_mod_for_any_game_with_game_option(tmp_path, game):
    mod = tmp_path / "mod.yaml"
    mod.write_text("cards: []\n", encoding="utf-8")
    code, lines = run(mod, game=game)
    assert code == 0, lines
    assert lines[0] == f"{mod}: {GAMES[game].info.title} (from --game)"


def test_a_file_without_game_and_without_the_option(tmp_path):
    mod = tmp_path / "mod.yaml"
    mod.write_text("cards: []\n", encoding="utf-8")
    code, lines = run(mod)
    assert code == 1
    assert lines == [f"{mod}:1:1: field 'game': a mod file must say which game it is for: "
                     "add 'game: <id>' (or run with --game <id>)",
                     "0 valid card(s), 1 problem(s)"]


def test_a_file_for_another_game_than_the_option(tmp_path):
    mod = tmp_path / "mod.yaml"
    mod.write_text("game: brawl\ncards: []\n", encoding="utf-8")
    code, lines = run(mod, game="power-play")
    assert code == 1 and lines[0] == f"{mod}: field 'game': this file is for brawl, not " \
                                     "power-play"


def test_a_broken_file_reports_exactly_its_problems_once(tmp_path):
    mod = tmp_path / "mod.yaml"
    body = ("game: brawl\nremove: some-id\ncards:\n" + card("\u200b")
            + "  - {id: lone, kind: condition, name: Lone, opposes: nobody,\n"
              "     effects: [{effect: modify, value: damage, amount: 1, dealer: {side: hero}}]}\n")
    mod.write_text(body, encoding="utf-8")
    code, lines = run(mod)
    assert code == 1
    assert lines[1:] == [
        f"{mod}:2:9: field 'remove': expected a list of card ids, got 'some-id' "
        "(write remove: [some-id])",
        f"{mod}:4:41: card 't-hero' field 'name': the text holds U+200B (an invisible "
        "character); remove it",
        f"{mod}:5:54: card 'lone' field 'opposes': no Condition with id 'nobody'",
        f"{len(GAMES['brawl'].rules.load_catalog(mod_dirs=[]).cards)} valid card(s), 3 problem(s)",
    ]


def test_a_mod_of_the_shared_deck_is_checked_with_every_game_that_reads_it(tmp_path):
    mod = tmp_path / "deck.yaml"
    mod.write_text("game: standard-deck\ncards:\n  - {id: blue-joker, kind: playing-card, "
                   "name: Blue Joker, joker: true, colour: blue}\n", encoding="utf-8")
    code, lines = run(mod)
    assert code == 1
    assert lines[0] == f"{mod}: Hero vs Nemesis (from its 'game:' key: the shared set " \
                       "standard-deck)"
    assert lines[1] == (f"{mod}:3:81: card 'blue-joker' field 'colour': expected one of red, "
                        "black, got 'blue'")
    assert lines[2].endswith("1 problem(s)")


def test_problems_found_by_several_games_are_printed_once(tmp_path):
    mods = mods_root()
    mods.mkdir(parents=True)
    (mods / "x.yaml").write_text("game: brwal\ncards: []\n", encoding="utf-8")
    code, lines = run()
    assert code == 1
    found = [line for line in lines if "unknown game 'brwal'" in line]
    assert len(found) == 1 and found[0].startswith(f"{mods / 'x.yaml'}:1:7: field 'game'")
    assert lines[-1].endswith(" 1 problem(s)")


def test_an_alias_bomb_is_one_problem_quickly(tmp_path):
    mod = tmp_path / "bomb.yaml"
    mod.write_text(alias_bomb(), encoding="utf-8")
    t0 = time.perf_counter()
    code, lines = run(mod)
    assert time.perf_counter() - t0 < 5
    assert code == 1 and len(lines) == 2 and "more than 100,000 values" in lines[0]


def test_a_missing_path_and_an_unknown_game(tmp_path):
    assert run(tmp_path / "nothing.yaml") == (1, [f"{tmp_path / 'nothing.yaml'}: no such file "
                                                  "or folder", "0 valid card(s), 1 problem(s)"])
    assert run(game="brwal") == (2, ["unknown game 'brwal' (did you mean 'brawl'?); known: "
                                     + ", ".join(GAMES)])


def test_the_command_line_on_the_shipped_cards_and_a_mod(tmp_path):
    mod = tmp_path / "mod.yaml"
    mod.write_text("game: power-play\ncards: []\n", encoding="utf-8")
    env = {**os.environ, "TABLETOP_HOME": str(tmp_path / "home")}
    for args in ([], ["cards"], ["cards/brawl"], [str(mod)]):
        done = subprocess.run([sys.executable, "-m", "tabletop", "validate", *args],
                              capture_output=True, text=True, timeout=60, env=env,
                              cwd=CARDS_DIR.parent)
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout.endswith(" 0 problem(s)\n") and not done.stderr
