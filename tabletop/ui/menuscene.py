"""The base of the menu screens: widgets take events first; Esc leaves. The keyboard's
focus moves over the widgets (:mod:`.menufocus`); F1 or ? lists every key
(:mod:`.shortcuts`)."""

from __future__ import annotations

import pygame

from .app import Scene
from .menufocus import MenuFocus
from .shortcuts import ShortcutsScreen, shortcuts_asked


class MenuScene(Scene):
    """A screen of widgets: events go to the first widget that takes them; Esc leaves."""

    def controls(self) -> list:
        return []

    def on_escape(self) -> None:
        self.app.pop()

    def handle(self, event) -> None:
        if keys_before(self, event):
            return
        for widget in self.controls():
            if widget.handle(event):
                return
        if keys_after(self, event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()

    def draw_focus(self, surf) -> None:
        """The keyboard's focus ring, over the screen (each screen's ``draw`` ends with it)."""
        draw_focus(self, surf)


def draw_focus(scene, surf) -> None:
    """The keyboard's focus ring on ``scene``, if a key asked for it."""
    focus_of(scene).draw(surf, [w for w in scene.controls() if w is not None])


def focus_of(scene) -> MenuFocus:
    """The keyboard's focus on ``scene`` (made the first time it is asked)."""
    found = scene.__dict__.get("_focus")
    if found is None:
        found = scene._focus = MenuFocus()
    return found


def keys_before(scene, event) -> bool:
    """Before the widgets: Tab moves the focus (out of a text field too); a click hides
    the focus."""
    if event.type == pygame.MOUSEBUTTONDOWN:
        focus_of(scene).shown = False
    return event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and \
        focus_of(scene).key(event, [w for w in scene.controls() if w is not None])


def keys_after(scene, event) -> bool:
    """A key no widget took: F1 or ? lists the keys; the focus takes its own."""
    if event.type != pygame.KEYDOWN:
        return False
    if shortcuts_asked(event):
        scene.app.push(ShortcutsScreen())
        return True
    return focus_of(scene).key(event, [w for w in scene.controls() if w is not None])
