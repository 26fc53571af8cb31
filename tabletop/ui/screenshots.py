"""``tabletop screenshots``: pictures of each game's table (its sample saves), drawn
headless with ``pygame.image.save`` into ``docs/screenshots/``.

Every seat is played as a human at an open screen, so the table shows the position the
sample ends on from the seat that must act, and nothing moves while it is drawn. The
player's own files are not touched (a temporary data folder is used).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from .. import PACKAGE_PARENT, SAMPLE_SAVES_DIR

#: a checkout's screenshots folder (the default; ``--out`` writes anywhere)
DOCS = PACKAGE_PARENT / "docs" / "screenshots"
SAVES = SAMPLE_SAVES_DIR


def take(out: Path = DOCS, size: tuple[int, int] = (1280, 720)) -> list[Path]:
    """Draw each sample save's table at ``size``; returns the files written."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLETOP_HOME"] = home
        return _take(out, size)


def _take(out: Path, size: tuple[int, int]) -> list[Path]:
    import pygame

    from ..engine.saves import session_from_dict
    from ..games import GAMES
    from .app import App
    from .kits import table_for

    out.mkdir(parents=True, exist_ok=True)
    app = App(size=size, headless=True, ai_delay=1e9, mods=False)
    written = []
    try:
        for game in GAMES.values():
            for sample in game.samples:
                data = json.loads((SAVES / sample.file).read_text(encoding="utf-8"))
                for seat in data["seats"]:
                    seat["kind"] = "human"
                session, _ = session_from_dict(data, game, app.catalog(game.info.id),
                                               sample.file)
                scene = table_for(session, autosave=None, hide_hands=False)
                app.replace(scene)
                for _ in range(60):  # a second of frames: every glide has landed
                    app.step(1 / 60)
                path = out / f"{Path(sample.file).stem}.png"
                pygame.image.save(app.screen, str(path))
                written.append(path)
    finally:
        app.quit()
        pygame.display.quit()
    return written


def main(out: str | None = None, size: str = "1280x720") -> int:
    w, h = (int(v) for v in size.lower().split("x"))
    for path in take(Path(out) if out else DOCS, (w, h)):
        print(f"wrote {path}")
    return 0
