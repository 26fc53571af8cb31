"""The sound's block of the Settings screen: a volume slider and a Mute switch. A change
is heard at once (the app's :class:`~tabletop.ui.sound.Sounds`) and saved with the other
settings (the volume when the slider is let go)."""

from __future__ import annotations

from collections.abc import Callable

from .widgets import Slider, Switch


class SoundControls:
    """The volume and Mute of ``app``'s settings, as the Settings screen's blocks (each a
    control and its note: the screen places them); ``change(**fields)`` sets and saves
    settings (the screen's)."""

    def __init__(self, app, change: Callable[..., None]) -> None:
        self.app = app
        self.change = change
        s = app.settings
        self.volume = Slider((0, 0, 0, 0), "Volume", s.volume, on_change=self._hear,
                             on_release=self._keep)
        self.mute = Switch((0, 0, 0, 0), "Mute", s.mute, "", self._mute)

    def blocks(self) -> list[tuple]:
        """(control, note) for the screen: the note of Mute says when there is no sound
        device."""
        mute = "No sound at all (on the table, the key M)."
        if self.app.sounds.problem:
            mute += " No sound device could be opened: the app plays no sound."
        return [(self.volume, "The table's sounds: a card picked up and put down, a move "
                              "refused, damage, your turn, the end of the game."),
                (self.mute, mute)]

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
