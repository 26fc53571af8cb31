"""Launching the installed app to its first frame and to the menu ready, against a bare
pygame program launched the same way, on the same display.

*What is launched* is the ``tabletop`` command a player runs: the console script
installed next to the interpreter (``Path(sys.executable).parent / "tabletop"``, else
the one on ``PATH``), with no arguments (the main menu), in a fresh process with an
empty user folder (``TABLETOP_HOME``). It tells the bench its moments through the
documented hook :mod:`tabletop.ui.startup_report`: with ``TABLETOP_REPORT_STARTUP``
naming a file, it appends ``first_frame <epoch seconds>`` once its first frame is flipped
to the window, and ``menu_ready <epoch seconds>`` after the first frame showing the menu
complete (the games imported and every card file checked by the menu's helper thread,
the fan of cards painted one card a frame, frames running at 60 a second all the while).
The bench then stops it with SIGTERM (which the app handles: it quits cleanly) and waits
for it to end before the next launch. The figures are wall time: from just before the
process is started (``time.time()`` in the bench) to each moment (``time.time()`` in the
app), the interpreter's start, the imports, the window and everything the app does on the
way included.

*The yardstick* is a bare pygame program launched the same way: a script whose first
line names the same interpreter as the command's (its ``#!`` line), run as a command in
the same environment; it imports pygame, opens a 1280x720 window, fills it and flips it,
and appends its ``first_frame`` line to the same kind of file: the cost of starting
Python, importing pygame and showing one frame, which no app can go below.

*The display*: a real one when there is one: ``DISPLAY`` (SDL's x11 driver), else a
private ``Xvfb`` the bench starts when the ``Xvfb`` program is there (a free display
number, ``-nolisten tcp``, stopped after); else SDL's dummy driver (no window is shown:
the figures then leave out the window system's part), and the rows say which. The app and
the bare program take turns (the order swapped every round); each figure is the median
of the launches.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .display import private_xvfb, stop
from .games import Context
from .report import Row, error_row, value_row

GOAL_S = 1.0
#: the menu ready: no later than the whole start took before it was split (2 s on the
#: loaded development machine), with room for that machine's load
COMPLETE_S = 3.0
#: the most a launch may take to report its moments (seconds)
TIMEOUT_S = 60.0
#: how long a stopped program may take to end before it is killed
STOP_S = 20.0
#: the first display number a private Xvfb is tried on
FIRST_DISPLAY = 120
REPORT_ENV = "TABLETOP_REPORT_STARTUP"  # (tabletop.ui.startup_report.ENV)
FIRST, READY = "first_frame", "menu_ready"

BARE = """\
import os
import time

import pygame

pygame.display.init()
pygame.font.init()
pygame.display.set_caption("bare pygame")
screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
screen.fill((18, 44, 50))
pygame.display.flip()
with open(os.environ["TABLETOP_REPORT_STARTUP"], "a", encoding="ascii") as out:
    out.write(f"first_frame {time.time():.6f}\\n")
pygame.quit()
"""


class LaunchFailed(RuntimeError):
    """A launched program did not report its moments."""


def command() -> Path | None:
    """The installed ``tabletop`` command: beside this interpreter, else on ``PATH``."""
    here = Path(sys.executable).parent / ("tabletop.exe" if os.name == "nt" else "tabletop")
    if here.is_file() and os.access(here, os.X_OK):
        return here
    found = shutil.which("tabletop")
    return Path(found) if found else None


def interpreter(cmd: Path) -> str:
    """The interpreter the command starts (its ``#!`` line), else this one."""
    try:
        with open(cmd, "rb") as f:
            first = f.readline(4096)
    except OSError:
        return sys.executable
    if first.startswith(b"#!"):
        line = first[2:].decode("utf-8", "replace").strip()
        if line and Path(line.split()[0]).is_file():
            return line
    return sys.executable


# -- the display -------------------------------------------------------------------------


@contextlib.contextmanager
def display():
    """``(environment, label)`` of the display the launches use (see the module
    docstring); a private Xvfb is stopped on leaving."""
    if os.environ.get("DISPLAY"):
        yield ({"SDL_VIDEODRIVER": "x11", "DISPLAY": os.environ["DISPLAY"]},
               f"x11 on DISPLAY {os.environ['DISPLAY']}")
        return
    if shutil.which("Xvfb") is None:
        yield {"SDL_VIDEODRIVER": "dummy"}, "SDL dummy driver: no display, no window"
        return
    server = contextlib.ExitStack()
    try:
        n = server.enter_context(private_xvfb(FIRST_DISPLAY))
    except RuntimeError:
        yield {"SDL_VIDEODRIVER": "dummy"}, "SDL dummy driver: Xvfb did not start"
        return
    with server:
        yield {"SDL_VIDEODRIVER": "x11", "DISPLAY": n}, f"x11 on a private Xvfb {n}"


def _stop(proc: subprocess.Popen) -> int | None:
    """SIGTERM, then SIGKILL after :data:`STOP_S`; the exit status."""
    return stop(proc, STOP_S)


# -- one launch ----------------------------------------------------------------------------


def launch(argv: list[str], screen: dict[str, str], moments: tuple[str, ...]) -> dict[str, float]:
    """Seconds from starting ``argv`` to each of ``moments`` it reports (fresh user
    folder, the display's environment); it is stopped (SIGTERM) once it has reported
    them all, and waited for."""
    with tempfile.TemporaryDirectory(prefix="tabletop-start-") as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        out = Path(tmp) / "moments"
        err = Path(tmp) / "stderr"
        env = {**os.environ, **screen, "SDL_AUDIODRIVER": "dummy", "TABLETOP_HOME": str(home),
               "PYGAME_HIDE_SUPPORT_PROMPT": "1", REPORT_ENV: str(out)}
        env.pop("SDL_NO_SIGNAL_HANDLERS", None)  # (the bench's own; a player has none)
        with open(err, "wb") as errors:
            t0 = time.time()
            proc = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL,
                                    stdout=subprocess.DEVNULL, stderr=errors, cwd=tmp)
            try:
                got = _wait_for(proc, out, moments)
                ended = proc.poll()
            finally:
                _stop(proc)
        missing = [m for m in moments if m not in got]
        if missing:
            # (what it said last, when it ended by itself: not the stop the bench asked for)
            tail = err.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-1:] \
                if ended is not None else []
            why = f"it ended, status {ended}" if ended is not None else \
                f"in {TIMEOUT_S:.0f} s"
            raise LaunchFailed(f"{Path(argv[0]).name}: no {missing[0]} ({why})"
                               + (f": {tail[0]}" if tail else ""))
    return {m: got[m] - t0 for m in moments}


def _read(out: Path, got: dict[str, float]) -> None:
    """The moments written to ``out`` so far (the first of each name)."""
    with contextlib.suppress(FileNotFoundError):
        for line in out.read_text(encoding="ascii", errors="replace").splitlines():
            name, _, when = line.partition(" ")
            with contextlib.suppress(ValueError):
                got.setdefault(name, float(when))


def _wait_for(proc: subprocess.Popen, out: Path, moments: tuple[str, ...]) -> dict[str, float]:
    """What ``proc`` reports until it has reported every one of ``moments``, has ended
    or has taken :data:`TIMEOUT_S`."""
    end = time.monotonic() + TIMEOUT_S
    got: dict[str, float] = {}
    while True:
        ended = proc.poll() is not None  # (looked at first: what it wrote is read after)
        _read(out, got)
        if all(m in got for m in moments) or ended or time.monotonic() > end:
            return got
        time.sleep(0.01)


# -- the measurement -------------------------------------------------------------------------


def measure(ctx: Context) -> list[Row]:
    runs = 2 if ctx.quick else 5
    cmd = command()
    app = f"`{cmd.name if cmd else 'tabletop'}` launched (main menu)"
    if cmd is None:
        exc = LaunchFailed("no installed tabletop command (pip install the package)")
        return [error_row("first frame", app, exc), error_row("menu ready", app, exc)]
    with tempfile.TemporaryDirectory(prefix="tabletop-bare-") as tmp:
        bare = Path(tmp) / "bare_pygame"
        bare.write_text(f"#!{interpreter(cmd)}\n{BARE}", encoding="utf-8")
        bare.chmod(0o755)
        with display() as (screen, where):
            try:
                first, ready, yard = _launches(cmd, bare, screen, runs)
            except LaunchFailed as exc:
                return [error_row(f"first frame ({where})", app, exc),
                        error_row(f"menu ready ({where})", app, exc)]
    return [value_row(f"first frame, median of {runs} launches, wall time ({where})", app,
                      statistics.median(first), "s", statistics.median(yard),
                      "bare pygame window", GOAL_S),
            value_row(f"menu ready, median of {runs} launches, wall time ({where})",
                      app + ": cards checked, fan drawn", statistics.median(ready), "s",
                      statistics.median(yard), "bare pygame window", COMPLETE_S)]


def _launches(cmd: Path, bare: Path, screen: dict[str, str],
              runs: int) -> tuple[list[float], list[float], list[float]]:
    first: list[float] = []
    ready: list[float] = []
    yard: list[float] = []
    for turn in range(runs):  # taking turns, so that both see the same load
        order = ("app", "bare") if turn % 2 == 0 else ("bare", "app")
        for which in order:
            if which == "app":
                got = launch([str(cmd)], screen, (FIRST, READY))
                first.append(got[FIRST])
                ready.append(got[READY])
            else:
                yard.append(launch([str(bare)], screen, (FIRST,))[FIRST])
    return first, ready, yard
