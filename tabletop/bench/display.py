"""The display the bench's launched programs show on: a private X server (Xvfb) when the
machine has none, started on a free display number and stopped after."""

from __future__ import annotations

import contextlib
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

#: the screen of a private Xvfb
SCREEN = "1280x800x24"


def _taken(n: int) -> bool:
    return Path(f"/tmp/.X11-unix/X{n}").exists() or Path(f"/tmp/.X{n}-lock").exists()


@contextlib.contextmanager
def private_xvfb(first: int = 40) -> Iterator[str]:
    """A private X server (``Xvfb :N``) on the first free display number from ``first``;
    its ``DISPLAY`` (``":N"``) is yielded, and it is stopped on leaving. Raises
    RuntimeError when the program is missing or no server opens its display in 15 s."""
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        raise RuntimeError("no Xvfb program")
    for n in range(first, first + 100):
        if _taken(n):
            continue
        socket = Path(f"/tmp/.X11-unix/X{n}")
        proc = subprocess.Popen([xvfb, f":{n}", "-screen", "0", SCREEN, "-nolisten", "tcp"],
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        while proc.poll() is None and not socket.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        if proc.poll() is not None:
            continue  # taken meanwhile by another server: the next number
        try:
            if not socket.exists():
                raise RuntimeError("Xvfb did not open its display in 15 s")
            yield f":{n}"
            return
        finally:
            stop(proc, 5.0)
    raise RuntimeError("no free X display number for Xvfb")


def stop(proc: subprocess.Popen, wait: float) -> int | None:
    """SIGTERM, then SIGKILL after ``wait`` seconds; the exit status."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    return proc.returncode
