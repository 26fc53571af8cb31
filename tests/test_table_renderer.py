"""The table's renderer: a frame (what the table shows, :mod:`tabletop.ui.table.frame`) in,
pixels out. It reads the table through the frame alone and owns every picture it keeps."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pygame
import pytest
from table_helpers import brawl_table, first_frames, open_table, sample_points

from tabletop.games import GAMES
from tabletop.ui.table.frame import TableFrame
from tabletop.ui.table.renderer import TableRenderer

TABLE = Path(__file__).resolve().parent.parent / "tabletop" / "ui" / "table"
#: the renderer's modules: what it draws with
RENDERER = ("renderer", "painting", "marks", "overlays", "covers")


def _fresh_pixels(scene, renderer: TableRenderer) -> bytes:
    """What ``renderer`` draws of the scene's frame now, all of it at once."""
    out = pygame.Surface(scene.size)
    renderer.paint_budget = None  # the whole picture in this one frame
    assert renderer.prepare(out.get_size())
    renderer.draw(out, scene.frame())
    return pygame.image.tobytes(out, "RGB")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_new_renderer_draws_the_table_from_its_frame_alone(app, game_id):
    """A renderer that has never seen the table, given only the table's frame, draws the
    same pixels as the table's own renderer (which painted its picture over several
    frames, between them): nothing it draws comes from anywhere but the frame."""
    point = sample_points(game_id, 3)[1][1]  # a game under way
    scene = open_table(app, game_id, point)
    first_frames(app, scene)
    own = pygame.Surface(scene.size)
    scene.renderer.forget_shown()
    scene.renderer.draw(own, scene.frame())
    fresh = TableRenderer(lambda: scene.state.cards, scene.kit.painters)
    assert _fresh_pixels(scene, fresh) == pygame.image.tobytes(own, "RGB")


def test_the_frame_is_what_changes_the_pixels(app):
    """The same renderer draws another frame differently: a frame with the game-over
    panel, built from the same table, differs from the frame without it exactly where
    the panel lies."""
    scene = brawl_table(app)
    first_frames(app, scene)
    renderer = TableRenderer(lambda: scene.state.cards, scene.kit.painters)
    plain = _fresh_pixels(scene, renderer)
    frame = scene.frame()
    from tabletop.ui.table.frame import GameOver

    over = dataclasses.replace(frame, gameover=GameOver("Someone wins!", "", []))
    out = pygame.Surface(scene.size)
    renderer.draw(out, over)
    assert pygame.image.tobytes(out, "RGB") != plain
    renderer.draw(out, frame)
    assert pygame.image.tobytes(out, "RGB") == plain


def test_the_frame_cannot_be_changed_by_the_renderer():
    assert dataclasses.is_dataclass(TableFrame)
    assert TableFrame.__dataclass_params__.frozen


def _self_names(tree: ast.AST) -> tuple[set[str], set[str]]:
    """The ``self.X`` names read in ``tree``, and those it defines (methods, class
    attributes, attributes it assigns)."""
    read, defined = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    defined.add(item.name)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    defined.add(item.target.id)
                elif isinstance(item, ast.Assign):
                    defined |= {t.id for t in item.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.value.id == "self":
            (defined if isinstance(node.ctx, ast.Store) else read).add(node.attr)
    return read, defined


def test_the_renderer_reads_nothing_of_the_table_but_the_frame():
    """Every ``self.X`` the renderer's modules read is the renderer's own (its pictures,
    its methods): the table reaches it only as the frame passed in; and none of them
    imports the table, its model, its session or its input."""
    read, defined = set(), set()
    for name in RENDERER:
        tree = ast.parse((TABLE / f"{name}.py").read_text(encoding="utf-8"))
        r, d = _self_names(tree)
        read |= r
        defined |= d
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                assert not module.endswith(("scene", "model", "session", "input", "landing",
                                            "sidepanel", "hint", "writes")), (name, module)
    assert read <= defined, f"read from outside the renderer: {sorted(read - defined)}"
    # the renderer keeps pictures, never the table's parts
    assert not {"app", "session", "model", "layout_obj", "motion", "pointer", "scheduler",
                "state", "view", "dialog"} & defined


def test_the_renderer_owns_the_cards_pictures(app):
    """One place draws a card: the renderer's CardPictures, which the table lends to
    what it lays out (the dialog's picks, faces warmed ahead)."""
    scene = brawl_table(app)
    assert scene.cards is scene.renderer.cards
    assert not hasattr(scene, "_canvas") and not hasattr(scene, "_layers")
