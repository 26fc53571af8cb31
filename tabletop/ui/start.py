"""Start the app on the main menu (``tabletop`` with no command)."""

from __future__ import annotations

import sys

import pygame

from ..engine import limits
from .app import App, Terminated, install_signal_handlers
from .menu import MainMenu


def start_hot_reload(app: App) -> None:
    """Card files saved while the app runs are on the table at once (started when the
    menu is complete: the games are imported by then)."""
    from .hotreload import HotReload

    HotReload(app)


def main() -> int:
    """Start the app on the main menu; returns the exit status (130 after Ctrl+C, 143
    after SIGTERM, 0 when the window was closed, even during a load)."""
    try:
        app = App()
        install_signal_handlers()
        app.push(MainMenu(on_ready=lambda: start_hot_reload(app)))
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
