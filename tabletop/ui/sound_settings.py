"""The sound's block of the Settings screen: a volume slider and a Mute switch. A change
is heard at once (the app's :class:`~tabletop.ui.sound.Sounds`) and saved with the other
settings (the volume when the slider is let go)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from . import text, theme
from .widgets import Slider, Switch

#: the block's widest
WIDTH = 360


class SoundControls:
    """The volume and Mute of ``app``'s settings, in the column at ``left`` (``width``
    wide) from ``top``; ``change(**fields)`` sets and saves settings (the screen's)."""

    def __init__(self, app, left: int, top: int, width: int,
                 change: Callable[..., None]) -> None:
        self.app = app
        self.change = change
        self.rect = pygame.Rect(left, top, min(WIDTH, width), 250)
        s = app.settings
        self.volume = Slider((left, top, self.rect.w, 58), "Volume", s.volume,
                             on_change=self._hear, on_release=self._keep)
        self.mute = Switch((left, top + 140, self.rect.w, 50), "Mute", s.mute,
                           "No sound at all (on the table, the key M).", self._mute)

    @property
    def widgets(self) -> list:
        return [self.volume, self.mute]

    def _hear(self, volume: int) -> None:
        """While the slider moves: the new volume applies at once (saved when let go)."""
        self.app.sounds.apply(volume, self.app.settings.mute)

    def _keep(self, volume: int) -> None:
        self.change(volume=volume)
        self._apply()
        self.app.sounds.play("drop")  # how loud it is now

    def _mute(self, muted: bool) -> None:
        self.change(mute=muted)
        self._apply()

    def _apply(self) -> None:
        s = self.app.settings
        self.app.sounds.apply(s.volume, s.mute)

    def draw(self, surf: pygame.Surface) -> None:
        """The words around the widgets (the screen draws the widgets with its own)."""
        left, top, w = self.rect.left, self.rect.top, self.rect.w
        text.draw(surf, "The table's sounds: a card picked up and put down, a move refused, "
                        "damage, your turn, the end of the game.",
                  (left, top + 62, w, 60), 14, theme.MUTED, wrap=True)
        problem = self.app.sounds.problem
        if problem:
            text.draw(surf, "No sound device could be opened: the app plays no sound.",
                      (left, top + 200, w, 40), 14, theme.ACCENT, wrap=True)
