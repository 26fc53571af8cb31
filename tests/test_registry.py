"""One registry, passed in: the table of games (``tabletop.games.GAMES``) and the table of
their UI kits (``tabletop.ui.kits.KITS``) are written out and agree; nothing is looked up
by module name; what needs the games is given them, so nothing depends on import order."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.engine.notation import Notation
from tabletop.engine.players import RandomPlayer, computer_move
from tabletop.engine.rng import Rng
from tabletop.engine.saves import SaveError, parse_save, session_from_dict, session_to_dict
from tabletop.engine.session import Session
from tabletop.games import GAMES, KNOWN_GAMES
from tabletop.ui import cardart
from tabletop.ui.kits import KITS, kit_for
from tabletop.ui.table.layout import Layout

ROOT = Path(__file__).resolve().parent.parent


def test_the_games_and_their_kits_have_the_same_keys_in_the_same_order():
    assert list(KITS) == list(GAMES)
    with pytest.raises(KeyError, match="no table kit for game 'chess'"):
        kit_for("chess")


@pytest.mark.parametrize("gid", list(GAMES))
def test_a_kit_draws_every_card_of_a_new_game_with_its_own_painter(gid):
    kit = KITS[gid]
    assert issubclass(kit.layout, Layout) and kit.painters.game == gid
    rules = GAMES[gid].rules
    state = rules.new_state(rules.load_catalog(mod_dirs=[]), rules.default_options(), 1)
    plain = sorted({c.kind for c in state.cards
                    if kit.painters.painter(c.kind) is cardart.paint_generic})
    assert not plain, f"{gid}: drawn plainly: {plain}"


def test_no_game_or_part_is_found_by_module_name():
    found = []
    for path in sorted((ROOT / "tabletop").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for pattern in (r"\bimport_module\(", r"\bpkgutil\b", r"__import__\("):
            if re.search(pattern, text):
                found.append(f"{path.relative_to(ROOT)}: {pattern}")
    assert not found, found


def test_every_games_rules_know_every_game_whatever_is_imported_first():
    """A game's package imported alone (the registry is its parent package, so it runs
    first) gives its rules the ids a card file may name; so does the registry itself."""
    code = ("import sys; from tabletop.games.power_play import GAME; "
            "print(sorted(GAME.rules.known_games)); "
            "print('tabletop.ui' in sys.modules)")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, timeout=60, check=True).stdout.split("\n")
    assert json.loads(out[0].replace("'", '"')) == sorted(KNOWN_GAMES)
    assert out[1] == "False"
    assert set(GAMES) | {"standard-deck"} == KNOWN_GAMES
    assert all(game.rules.known_games == KNOWN_GAMES for game in GAMES.values())


def test_a_save_is_checked_against_the_games_it_is_given():
    game = GAMES["brawl"]
    session = Session(game, game.rules.load_catalog(mod_dirs=[]), game.rules.default_options(),
                      7)
    raw = json.dumps(session_to_dict(session)).encode()
    assert parse_save(raw, games=GAMES)["game"] == "brawl"
    only_solo = {"solo-deckbuilder": GAMES["solo-deckbuilder"]}
    with pytest.raises(SaveError, match="a game this version does not have"):
        parse_save(raw, games=only_solo)
    with pytest.raises(TypeError):
        parse_save(raw)  # no registry to fall back on: the caller says which games


POINTER = ("gesture", "carriers", "landing", "move_for_drop", "refuse_drop", "drops")


@pytest.mark.parametrize("gid", list(GAMES))
def test_gestures_are_the_uis_and_the_engine_knows_no_pointer(gid):
    """A game's words (its GameText, in the engine's and the game's packages) say nothing
    of dragging or dropping; its kit's gestures do, for that game."""
    game, gestures = GAMES[gid], KITS[gid].gestures
    assert gestures.game is game and gestures.rules is game.rules
    assert [name for name in POINTER if hasattr(game.text, name)] == []
    assert gestures.gesture.__qualname__.split(".")[0] != "Gestures", \
        f"{gid} makes every move with buttons"


@pytest.mark.parametrize("gid", list(GAMES))
def test_the_notation_is_apart_from_the_words(gid, monkeypatch):
    """Saves hold the notation, not the words: with every label, refusal and status line
    reworded, a saved game replays to the same position and writes the same moves."""
    game = GAMES[gid]
    assert isinstance(game.notation, Notation) and game.notation.rules is game.rules
    assert not [n for n in ("format_move", "parse_move", "public_notation")
                if hasattr(game.text, n)]
    catalog = game.rules.load_catalog(mod_dirs=[])
    session = Session(game, catalog, game.rules.default_options(), 11)
    player, rng = RandomPlayer(), Rng(11)
    for _ in range(40):
        if session.state.over:
            break
        state = session.state
        session.play(computer_move(game.rules, state, state.actor, player, rng))
    data = session_to_dict(session)
    for words in ("describe", "explain", "status", "result"):
        monkeypatch.setattr(game.text, words, lambda *a, **k: "reworded")
    again, _ = session_from_dict(json.loads(json.dumps(data)), game, catalog)
    assert again.notations == session.notations
    assert session_to_dict(again)["moves"] == data["moves"]
