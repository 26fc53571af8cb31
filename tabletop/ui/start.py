"""Start the app on the main menu (``tabletop`` with no command)."""

from __future__ import annotations

import sys

import pygame

from ..engine import limits
from .app import App, Terminated, install_signal_handlers
from .hotreload import HotReload
from .menu import MainMenu


def main() -> int:
    """Start the app on the main menu; returns the exit status (130 after Ctrl+C, 143
    after SIGTERM, 0 when the window was closed, even during a load)."""
    try:
        app = App()
        HotReload(app)  # card files saved while the app runs are on the table at once
        install_signal_handlers()
        app.push(MainMenu())
        app.run()
    except KeyboardInterrupt:
        pygame.quit()
        print("Tabletop stopped (Ctrl+C).", file=sys.stderr)
        return 130
    except Terminated as exc:
        pygame.quit()
        print(f"Tabletop stopped ({exc}).", file=sys.stderr)
        return 143
    except limits.Interrupted:  # the close button, during a load
        pygame.quit()
    return 0
