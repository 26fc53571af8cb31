"""In-app rules help: each game's own summary, written for this app (help.md)."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent


def rules_help(game_id: str) -> str:
    path = HERE / game_id.replace("-", "_") / "help.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return "No rules help is available for this game."
