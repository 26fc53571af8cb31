"""The moments of the app's start, told to whoever launched it.

When the environment variable ``TABLETOP_REPORT_STARTUP`` names a file, the app appends
one line to it at each of two moments of its start (the time is ``time.time()``, seconds
since the epoch, so that the launching process can subtract the moment it launched)::

    first_frame 1764264312.481902
    menu_ready 1764264313.902114

``first_frame``: the first frame is on the screen (after its flip); ``menu_ready``:
after the flip of the first frame that shows the main menu complete, as the player sees
it once the start is over: the games imported and every card file checked (by the menu's
helper thread), the line beside Continue, the fan of cards painted (one card a frame).
Each line is written once per process. ``tabletop bench`` launches the installed
``tabletop`` command with it set (``tabletop/bench/startup.py``) and stops the app with
SIGTERM once it has both lines; anyone may use it (timing a start on another machine, a
desktop bundle). Without the variable nothing is done, not even a look at the frames. A
file that cannot be written (or is not a regular file: a named pipe would block) is
passed over with a warning in the log: the app never fails for it.

Wiring (one line in :func:`tabletop.ui.start.make_app`, before ``run``)::

    startup_report.install(app)

which reports both moments from the frame loop (:attr:`App.after_frame`, run right after
each frame's flip). A caller that prefers to say each moment where it happens calls
:func:`report` (``report("first_frame")``, ``report("menu_ready")``) instead.
"""

from __future__ import annotations

import logging
import os
import time

LOG = logging.getLogger("tabletop.app")

#: the environment variable naming the file the moments are appended to
ENV = "TABLETOP_REPORT_STARTUP"
FIRST_FRAME = "first_frame"
MENU_READY = "menu_ready"

_reported: set[str] = set()


def target() -> str | None:
    """The file the moments go to, or None (not asked for)."""
    return os.environ.get(ENV) or None


def report(moment: str, when: float | None = None) -> bool:
    """Append ``"<moment> <epoch seconds>"`` to the file named by :data:`ENV` (once per
    moment per process); whether a line was written. Never raises."""
    path = target()
    if path is None or moment in _reported:
        return False
    _reported.add(moment)
    line = f"{moment} {time.time() if when is None else when:.6f}\n".encode("ascii")
    try:
        from ..engine import safe_open  # a regular file only (a pipe would block)

        fd = safe_open.open_append(path)
        try:
            os.write(fd, line)
        finally:
            os.close(fd)
    except (OSError, ValueError) as exc:
        LOG.warning("could not report the start-up moment %s to %s (%s): %s", moment, ENV,
                    path, exc)
        return False
    return True


def menu_complete(app) -> bool:
    """Does the app's top scene show the main menu complete (see the module docstring)?"""
    home = type(app).home  # the main menu's class (registered by tabletop.ui.menu)
    scene = app.scenes[-1] if app.scenes else None
    if home is None or not isinstance(scene, home) or not getattr(scene, "ready", False) \
            or scene.prep is None:
        return False
    return len(scene.fan) >= len(scene.prep.showcase)


def install(app) -> None:
    """Report both moments of ``app``'s start when :data:`ENV` asks for them: the first
    frame after its flip, then, checked after each frame's flip until it comes, the
    first frame that showed the menu complete. Nothing at all without :data:`ENV`."""
    if target() is None:
        return

    def watch() -> None:
        if menu_complete(app):
            report(MENU_READY)
        else:
            app.after_frame.append(watch)

    def first() -> None:
        report(FIRST_FRAME)
        watch()

    app.after_frame.append(first)
