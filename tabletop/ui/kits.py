"""The games' UI kits, written out: what the table needs of each game beside its rules.

A :class:`~.kit.UiKit` holds the game's table layout, its card painters, its pointer
gestures and its new-game hook;
:data:`KITS` has one per game of :data:`tabletop.games.GAMES`, under the same ids (the
keys are checked to agree: ``tests/test_registry.py``). Nothing here is found by module
name; a screen that shows a game is given its kit (:func:`table_for`).
"""

from __future__ import annotations

from pathlib import Path

from ..engine.session import Session
from ..games import GAMES
from .brawl import cards as brawl_cards
from .brawl import layout as brawl_layout
from .brawl.gestures import BrawlGestures
from .hero_vs_nemesis import cards as hvn_cards
from .hero_vs_nemesis import layout as hvn_layout
from .hero_vs_nemesis.gestures import HvNGestures
from .kit import UiKit
from .overpower import cards as overpower_cards
from .overpower import layout as overpower_layout
from .overpower import newgame as overpower_newgame
from .overpower.gestures import OverPowerGestures
from .power_play import cards as power_play_cards
from .power_play import layout as power_play_layout
from .power_play.gestures import PowerPlayGestures
from .solo_deckbuilder import cards as solo_cards
from .solo_deckbuilder import layout as solo_layout
from .solo_deckbuilder.gestures import SoloGestures
from .table import TableScene

#: every game's kit by game id, in the registry's order
KITS: dict[str, UiKit] = {
    "brawl": UiKit(brawl_layout.LAYOUT, brawl_cards.PAINTERS,
                   BrawlGestures(GAMES["brawl"])),
    "power-play": UiKit(power_play_layout.LAYOUT, power_play_cards.PAINTERS,
                        PowerPlayGestures(GAMES["power-play"])),
    "hero-vs-nemesis": UiKit(hvn_layout.LAYOUT, hvn_cards.PAINTERS,
                             HvNGestures(GAMES["hero-vs-nemesis"])),
    "solo-deckbuilder": UiKit(solo_layout.LAYOUT, solo_cards.PAINTERS,
                              SoloGestures(GAMES["solo-deckbuilder"])),
    "overpower": UiKit(overpower_layout.LAYOUT, overpower_cards.PAINTERS,
                       OverPowerGestures(GAMES["overpower"]), overpower_newgame.HOOK),
}


def kit_for(game_id: str) -> UiKit:
    try:
        return KITS[game_id]
    except KeyError:
        raise KeyError(f"no table kit for game {game_id!r}; known: {', '.join(KITS)}") \
            from None


def table_for(session: Session, autosave: Path | None = None, hide_hands: bool = True,
              warnings: list[str] | None = None, model=None) -> TableScene:
    """The table showing ``session``, drawn with its game's kit (``model``: a game held
    elsewhere, :mod:`.table.remote`)."""
    return TableScene(session, kit_for(session.game.info.id), autosave=autosave,
                      hide_hands=hide_hands, warnings=warnings, model=model)
