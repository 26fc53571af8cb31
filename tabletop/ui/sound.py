"""The app's sounds: short cues the table plays (a card picked up, a move made, a drop
refused, damage, a win, a loss, your turn), from ``art/sounds/`` (made in code by
:mod:`tabletop.ui.make_sounds`).

The mixer is opened and the files loaded once, in a helper thread started after the
first frame (opening the audio device, or failing to, took up to 110 ms here; pygame
lets the frames run meanwhile: about 1 ms each), so no frame waits for it; a cue asked
for before then is not played. ``Sound.play()`` hands a sound to a free mixer channel
and returns at once. A machine with no audio device (or a mixer that fails in any way)
runs silently: the reason is logged once and kept in :attr:`Sounds.problem`, and every
cue is then a no-op.

Every cue played is recorded in :attr:`Sounds.played` (the latest few), which is what the
tests read: with SDL's dummy audio driver the mixer opens and plays into nothing.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from pathlib import Path

import pygame

from .. import ART_DIR

LOG = logging.getLogger("tabletop.sound")

SOUND_DIR = ART_DIR / "sounds"
#: every cue, by name (each is ``<name>.wav`` in :data:`SOUND_DIR`)
NAMES = ("pickup", "drop", "refused", "damage", "win", "loss", "turn")
#: the mixer's format: CD rate, 16-bit, stereo (the mono files are converted on loading),
#: a short buffer (12 ms) so that a cue follows its click closely
MIXER = {"frequency": 44100, "size": -16, "channels": 2, "buffer": 512}


class Sounds:
    """The app's cues (see the module docstring). ``volume`` is 0-100; ``muted`` or a
    volume of 0 plays nothing."""

    def __init__(self, folder: Path = SOUND_DIR, volume: int = 70, muted: bool = False) -> None:
        self.folder = folder
        self.volume = volume
        self.muted = muted
        #: the cues played, latest last (the last 64)
        self.played: deque[str] = deque(maxlen=64)
        #: why nothing sounds ("" while the sounds are ready or still opening)
        self.problem = ""
        #: set once the mixer has opened and the files are loaded, or that failed
        self.ready = threading.Event()
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._thread: threading.Thread | None = None
        self._opened_mixer = False

    # -- opening ---------------------------------------------------------------------------
    def start(self) -> None:
        """Open the mixer and load the sounds in a helper thread (once; later calls do
        nothing)."""
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._open, name="sounds", daemon=True)
        self._thread.start()

    def wait(self, timeout: float = 5.0) -> bool:
        """Wait (tests, tools) until the sounds are ready or have failed; whether they
        are playable."""
        self.ready.wait(timeout)
        return bool(self._sounds)

    def _open(self) -> None:
        """(The helper thread) the mixer opened, every file loaded; or the reason not."""
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(**MIXER)
                self._opened_mixer = True
            loaded = {name: pygame.mixer.Sound(str(self.folder / f"{name}.wav"))
                      for name in NAMES}
        except Exception as exc:  # noqa: BLE001 - any failure means silence, never a crash
            self.problem = f"no sound: {exc}"
            LOG.warning("sound is off: %s", exc)
            self._close_mixer()
        else:
            self._sounds = loaded
        finally:
            self.ready.set()

    # -- playing ---------------------------------------------------------------------------
    def apply(self, volume: int, muted: bool) -> None:
        """A new volume (0-100) and mute, from the settings; the next cue uses them."""
        self.volume = max(0, min(100, int(volume)))
        self.muted = bool(muted)

    @property
    def audible(self) -> bool:
        """Would a cue be heard now (not muted, a volume above 0, the sounds loaded)?"""
        return not self.muted and self.volume > 0 and bool(self._sounds)

    def play(self, name: str) -> bool:
        """Play the cue ``name`` on a free channel (never waits); whether it was played.
        An unknown name is a programming error (KeyError)."""
        if name not in NAMES:
            raise KeyError(f"no sound named {name!r}")
        if not self.audible:
            return False
        sound = self._sounds[name]
        try:
            sound.set_volume(self.volume / 100)
            sound.play()
        except pygame.error as exc:  # (the mixer closed under it: the app is stopping)
            LOG.warning("a sound could not be played: %s", exc)
            return False
        self.played.append(name)
        return True

    # -- closing ---------------------------------------------------------------------------
    def close(self) -> None:
        """The app stops: the helper thread waited for, the mixer closed if it was opened
        here."""
        if self._thread is not None:
            self._thread.join(2.0)
        self._sounds = {}
        self._close_mixer()

    def _close_mixer(self) -> None:
        if self._opened_mixer:
            self._opened_mixer = False
            try:
                pygame.mixer.quit()
            except pygame.error:
                LOG.debug("the mixer was already closed")
