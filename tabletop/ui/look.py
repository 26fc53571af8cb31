"""The settings that change how the whole window looks: full screen (F11 or Settings),
the text size and the colours. A change applies at once to every open screen (each is
laid out again for the new size or fonts) and is kept in the settings file.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from dataclasses import replace
from typing import Protocol

import pygame

from ..engine.settings import Settings, save_settings
from . import palette, pictures, theme


class App(Protocol):
    """What this module uses of :class:`~.app.App`."""

    screen: pygame.Surface
    settings: Settings
    scenes: list
    drawn_alone: object
    windowed_size: tuple[int, int] | None
    settings_saving: Future | None

LOG = logging.getLogger("tabletop.look")


def start(app: App) -> None:
    """Apply the player's settings when the app opens (full screen only on a real
    display: a headless app keeps its window size)."""
    theme.set_text_scale(app.settings.text_scale, app.screen.get_size())
    palette.apply(app.settings.palette)
    if app.settings.full_screen and pygame.display.get_driver() != "dummy":
        set_full_screen(app, True)


def change(app: App, **values) -> Future:
    """Change settings, apply them to the window at once and keep them (written in the
    background: the future says how it went)."""
    old = app.settings
    app.settings = new = replace(old, **values)
    _apply(app, old, new)
    app.settings_saving = save_settings(new)  # (the latest write: tests wait for it)
    return app.settings_saving


def _apply(app: App, old: Settings, new: Settings) -> None:
    relayout = False
    if new.text_scale != old.text_scale:
        theme.set_text_scale(new.text_scale, app.screen.get_size())
        pictures.forget()  # captions kept as pictures are measured anew
        relayout = True
    if new.palette != old.palette:
        palette.apply(new.palette)
        relayout = True
    if new.full_screen != is_full_screen(app):
        set_full_screen(app, new.full_screen)  # lays the screens out itself
    elif relayout:
        lay_out(app)


def is_full_screen(app: App) -> bool:
    return bool(app.screen.get_flags() & pygame.FULLSCREEN)


def set_full_screen(app: App, on: bool) -> None:
    """The window over the whole screen (the desktop's size) or back to the window's
    last size; every screen is laid out for the new size."""
    if on == is_full_screen(app):
        return
    if on:
        app.windowed_size = app.screen.get_size()
        sizes = pygame.display.get_desktop_sizes()
        size = sizes[0] if sizes else app.windowed_size
        try:
            app.screen = pygame.display.set_mode(size, pygame.FULLSCREEN)
        except pygame.error as exc:  # no full screen on this display: stay a window
            LOG.warning("full screen is not available: %s", exc)
            app.screen = pygame.display.set_mode(app.windowed_size, pygame.RESIZABLE)
    else:
        size = getattr(app, "windowed_size", None) or app.screen.get_size()
        app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    lay_out(app)


def lay_out(app: App) -> None:
    """Every open screen laid out again for the window as it is now; the next frame
    draws the whole window."""
    size = app.screen.get_size()
    window_resized(size)
    app.drawn_alone = None
    for scene in app.scenes:
        scene.layout(size)
        invalidate = getattr(scene, "invalidate", None)
        if invalidate is not None:
            invalidate()


def window_resized(size: tuple[int, int]) -> None:
    """The window has a new size: the text size in effect is what it has room for
    (:func:`~.theme.most_scale`)."""
    before = theme.text_scale
    theme.set_text_scale(theme.chosen_scale, size)
    if theme.text_scale != before:
        pictures.forget()


def takes_key(app: App, event: pygame.event.Event) -> bool:
    """F11 switches full screen on and off (and is remembered)."""
    if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
        change(app, screen="window" if is_full_screen(app) else "full")
        return True
    return False
