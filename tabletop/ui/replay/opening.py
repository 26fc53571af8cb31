"""Opening a save to replay it.

The save is read with the checks of every save (:func:`~tabletop.engine.saves.read_save`)
and replayed through the engine, between frames when it is long (the opening screen,
:mod:`tabletop.ui.opening`); the viewer opens only once every move has replayed. A save
played with other card data than the cards now loaded is refused (its replay would not
show the game as it was), as is one that cannot be read or whose moves the rules refuse:
the message goes to ``refused`` and nothing is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...engine import savegames
from ...engine.saves import Replay, SaveError, read_save
from ...engine.session import Session
from ...games import GAMES
from .. import theme
from ..opening import Opening, replay_opened
from ..widgets import Toast
from .recent import GONE, kept


def open_replay(app, path: Path, refused: Callable[[str], None]) -> bool:
    """Replay the save at ``path`` and push the viewer over the screen now shown; False
    (and the message to ``refused``) when it was refused at once."""
    from ..kits import kit_for
    from .scene import ReplayScene

    name = Path(path).name
    try:
        data = read_save(path, GAMES)
        game = GAMES[data["game"]]  # read_save refuses a game this version does not have
        catalog = app.catalog(game.info.id)
        if data.get("fingerprint") and data["fingerprint"] != catalog.fingerprint:
            raise SaveError(f"{name} was played with other cards than those loaded now "
                            "(a mod or the card files changed): its replay would not show "
                            "the game as it was, so it was not opened.")
        replay = Replay(data, game, catalog, name)
    except SaveError as exc:
        refused(str(exc))
        return False

    def opened(session: Session, warnings: list[str]) -> None:
        if isinstance(app.scene, Opening):
            app.pop()
        app.push(ReplayScene(session, kit_for(game.info.id), warnings=warnings))

    failed: list[str] = []

    def refuse(message: str) -> None:
        failed.append(message)
        refused(message)

    replay_opened(app, replay, opened, refuse)
    return not failed


def open_record(app, rec: dict[str, Any], toast: Toast) -> bool:
    """Open the replay of a game the statistics count, or say in ``toast`` why it cannot
    be (its save is gone, or refused)."""
    path = kept(rec)
    if path is None:
        toast.show(GONE.format(savegames.KEEP_FINISHED), theme.ACCENT, 6)
        return False
    return open_replay(app, path, lambda message: toast.show(message, seconds=8))
