"""Which table layout draws which game."""

from __future__ import annotations

from .table import Layout, TableScene


def layout_for(game_id: str, scene: TableScene) -> Layout:
    if game_id == "brawl":
        from .brawl.layout import BrawlLayout

        return BrawlLayout(scene)
    raise KeyError(f"no table layout for {game_id!r}")
