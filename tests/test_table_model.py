"""The table's model: whose seat is in front of the screen, what a frame draws from, and
the one way moves reach the game (the seam a table of a game it does not own plugs into)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tabletop.engine.info import SeatConfig
from tabletop.engine.moves import IllegalMove, Move
from tabletop.engine.session import Session
from tabletop.games import GAMES
from tabletop.ui.table.model import TableModel

TABLE = Path(__file__).resolve().parent.parent / "tabletop" / "ui" / "table"


def _session(game_id: str, kinds: list[str]) -> Session:
    game = GAMES[game_id]
    seats = [SeatConfig(f"P{i + 1}", kind) for i, kind in enumerate(kinds)]
    return Session(game, game.rules.load_catalog(mod_dirs=[]),
                   game.rules.default_options(), 3, seats)


def test_two_people_at_one_screen_pass_it_before_any_hand_shows():
    model = TableModel(_session("brawl", ["human", "human"]))
    first = model.state.actor
    snap = model.snapshot()
    assert (snap.viewer, snap.handover_to) == (None, first)
    assert snap.legal == []  # nobody sits: nothing can be played
    model.take_seat()
    snap = model.snapshot()
    assert (snap.viewer, snap.handover_to) == (first, None)
    assert snap.legal == GAMES["brawl"].rules.legal_moves(model.state)
    # the seat's own hand shows in the view, the other's does not
    hand = f"hand.{first}"
    other = f"hand.{1 - first}"
    assert all(c >= 0 for c in snap.view.zones[hand])
    assert all(c < 0 for c in snap.view.zones[other])


def test_after_a_move_the_next_person_is_handed_the_screen():
    model = TableModel(_session("brawl", ["human", "human"]))
    model.take_seat()
    seat = model.viewer
    while model.state.actor == seat:
        model.play(model.snapshot().legal[0])
    snap = model.snapshot()
    assert snap.viewer is None and snap.handover_to == model.state.actor != seat
    assert snap.changes == model.changes


def test_against_the_computer_the_person_keeps_the_screen_and_sees_no_legal_moves_of_it():
    model = TableModel(_session("brawl", ["human", "computer"]))
    snap = model.snapshot()
    assert snap.viewer == 0 and snap.handover_to is None
    if model.state.actor == 1:
        assert snap.legal == []
    else:
        assert snap.legal and all(m.seat == 0 for m in snap.legal)


def test_with_hands_shown_the_acting_person_sits_without_a_handover():
    model = TableModel(_session("brawl", ["human", "human"]), hide_hands=False)
    snap = model.snapshot()
    assert snap.handover_to is None and snap.viewer == model.state.actor
    assert snap.legal


def test_moves_undo_and_redo_go_through_the_model():
    model = TableModel(_session("brawl", ["human"] * 2), hide_hands=False)
    assert not model.can_undo()
    for _ in range(40):  # until a move that showed no hidden card
        model.play(model.snapshot().legal[0])
        if model.can_undo():
            break
    assert model.can_undo()
    played, changes = len(model.session.moves), model.changes
    assert model.undo(people_only=False)
    assert len(model.session.moves) < played and model.changes > changes
    assert model.can_redo() and model.redo(people_only=False)
    assert len(model.session.moves) == played
    with pytest.raises(IllegalMove):
        model.play(Move("no-such-move", model.state.actor))


def test_the_model_depends_on_the_engine_alone():
    """No pygame and no other part of the table: a model of a remote game can replace it."""
    tree = ast.parse((TABLE / "model.py").read_text(encoding="utf-8"))
    imported = [(node.level, node.module) for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom)]
    imported += [(0, a.name) for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for a in node.names]
    assert all(module == "__future__" or module == "dataclasses" or
               (level == 3 and module.startswith("engine.")) for level, module in imported), \
        imported


def test_the_table_reaches_the_session_for_moves_only_through_the_model():
    """No part of the table plays, takes back or replays a move on the session itself:
    a table showing a session it does not own swaps the model, nothing else."""
    calls = re.compile(r"session\.(play|undo|redo|can_undo|can_redo)\(")
    found = [f"{path.name}:{n}" for path in sorted(TABLE.glob("*.py")) if path.name != "model.py"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if calls.search(line)]
    assert found == []


def test_one_place_draws_a_card():
    """Faces, backs and turned cards come from the table's CardPictures alone."""
    calls = re.compile(r"cardart\.(face|back|rotated|painted)\(")
    found = [f"{path.name}:{n}" for path in sorted(TABLE.glob("*.py"))
             if path.name != "cardpictures.py"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if calls.search(line)]
    assert found == []
