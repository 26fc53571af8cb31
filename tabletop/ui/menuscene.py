"""The base of the menu screens: widgets take events first; Esc leaves."""

from __future__ import annotations

import pygame

from .app import Scene


class MenuScene(Scene):
    """A screen of widgets: events go to the first widget that takes them; Esc leaves."""

    def controls(self) -> list:
        return []

    def on_escape(self) -> None:
        self.app.pop()

    def handle(self, event) -> None:
        for widget in self.controls():
            if widget.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()

