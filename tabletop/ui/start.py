"""Start the app on the main menu (``tabletop`` with no command)."""

from __future__ import annotations

import logging
import os
import sys
import time

import pygame

from ..engine import limits
from ..logs import error_message, install_excepthooks, setup_logging
from . import startup_report
from .app import App, Crashed, Terminated, install_signal_handlers
from .menu import MainMenu

LOG = logging.getLogger("tabletop.app")
#: how long the last screen after a crash waits for the player (seconds)
LAST_SCREEN_SECONDS = 300.0


def start_hot_reload(app: App) -> None:
    """Card files saved while the app runs are on the table at once (started when the
    menu is complete: the games are imported by then)."""
    from .hotreload import HotReload

    HotReload(app)


def make_app() -> App:
    """The app on its main menu, its errors logged (:mod:`tabletop.logs`): an exception
    in any thread is shown to the player from the next frame."""
    setup_logging()
    app = App()
    install_excepthooks(app.report_error)
    install_signal_handlers()
    app.push(MainMenu(on_ready=lambda: start_hot_reload(app)))
    startup_report.install(app)  # TABLETOP_REPORT_STARTUP: the bench's launch (no-op else)
    return app


def main() -> int:
    """Start the app on the main menu; returns the exit status (130 after Ctrl+C, 143
    after SIGTERM, 0 when the window was closed, even during a load, 1 after an error
    the app could not recover from: logged, and told to the player)."""
    try:
        make_app().run()
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
    except Crashed as exc:  # logged with its traceback by App.recover
        stopped(str(exc))
        return 1
    except Exception as exc:  # noqa: BLE001 - e.g. no window could be opened
        LOG.critical("the app stopped", exc_info=exc)
        stopped(error_message(type(exc).__name__, "the app"))
        return 1
    finally:
        install_excepthooks()  # no app to show another thread's error any more
    return 0


def stopped(message: str) -> None:
    """The app cannot go on: say so on standard error and, in a window, on a last
    screen (never raises)."""
    message = f"{message} Tabletop has stopped."
    print(message, file=sys.stderr)
    LOG.error("%s", message)
    pygame.quit()
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return  # nobody would see a window
    try:
        last_screen(message)
    except Exception:  # noqa: BLE001 - the message is on standard error and in the log
        LOG.exception("the last screen could not be shown")
    finally:
        pygame.quit()


def last_screen(message: str, seconds: float = LAST_SCREEN_SECONDS) -> None:
    """A window that shows ``message`` until it is closed, a key is pressed or the
    mouse clicked (or ``seconds`` have passed)."""
    from . import text, theme

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption("Tabletop")
    screen = pygame.display.set_mode((720, 260))
    screen.fill(theme.BG)
    text.draw(screen, "Tabletop has stopped", (30, 24, 660, 36), 26, theme.ACCENT, "bold")
    text.draw(screen, message, (30, 76, 660, 130), 16, theme.TEXT, wrap=True)
    text.draw(screen, "Press any key or close the window.", (30, 220, 660, 24), 14,
              theme.MUTED)
    pygame.display.flip()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for event in pygame.event.get():
            if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                return
        time.sleep(0.05)
