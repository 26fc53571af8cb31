"""Which table layout draws which game: ``tabletop.ui.<package>.layout.LAYOUT``."""

from __future__ import annotations

import importlib

from ..games import package_of
from .table.layout import Layout


def layout_for(game_id: str, scene) -> Layout:
    return layout_module(game_id).LAYOUT(scene)


def layout_module(game_id: str):
    """The module of the game's table layout (imported when first asked for)."""
    return importlib.import_module(f"tabletop.ui.{package_of(game_id)}.layout")
