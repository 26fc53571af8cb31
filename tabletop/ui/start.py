"""Start the app on the main menu (``tabletop`` with no command)."""

from __future__ import annotations

from .app import App
from .menu import MainMenu


def main() -> None:
    app = App()
    app.push(MainMenu())
    app.run()
