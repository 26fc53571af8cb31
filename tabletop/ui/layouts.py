"""Which table layout draws which game: ``tabletop.ui.<package>.layout.LAYOUT``."""

from __future__ import annotations

import importlib

from ..games import package_of
from .table.layout import Layout


def layout_for(game_id: str, scene) -> Layout:
    module = importlib.import_module(f"tabletop.ui.{package_of(game_id)}.layout")
    return module.LAYOUT(scene)
