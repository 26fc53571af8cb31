"""The desktop bundle (``packaging/``): built with PyInstaller, then run where no Python is.

The slow tests build the bundle once (``packaging/build_bundle.py`` into a temporary
folder), move it elsewhere (nothing may point back at the build or the venv), and run its
executable with an environment that has no Python: ``PATH=/usr/bin:/bin``, no
``PYTHONPATH`` or ``PYTHONHOME``, a private ``TABLETOP_HOME``, SDL's dummy video and audio.
There it reports its version, validates the same cards as the checkout, opens each
game's sample saves and draws the table, serves the computer players (its
``--computer-worker``) and plays a balance-lab run in worker processes; its main menu starts
and stops on a signal, and (under Xvfb) quits with the menu's Quit button. The quick tests
check the Linux menu entry and the icons.

Without PyInstaller the slow tests are skipped (``pip install 'pyinstaller>=6'``), unless
``TABLETOP_REQUIRE_BUNDLE=1``: then they fail. ``TABLETOP_BUNDLE=dist/tabletop`` tests a
bundle already built instead of building one.
"""

from __future__ import annotations

import configparser
import importlib.util
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
LINUX = PACKAGING / "linux"
SIZES = (48, 128, 256)

slow = pytest.mark.slow
posix = pytest.mark.skipif(sys.platform == "win32",
                           reason="the smoke test runs a Linux or macOS bundle")


# -- the quick tests: the menu entry and the icons -------------------------------------------
def test_the_desktop_entry_names_the_app_its_icon_and_its_menu():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # keys are case-sensitive
    entry.read(LINUX / "tabletop.desktop", encoding="utf-8")
    e = entry["Desktop Entry"]
    assert e["Type"] == "Application" and e["Name"] == "Tabletop" and e["Comment"]
    assert e["Exec"] == "tabletop" and e["Icon"] == "tabletop"
    assert e["Terminal"] == "false"
    assert e["Categories"] == "Game;CardGame;"
    validate = shutil.which("desktop-file-validate")
    if validate:
        out = subprocess.run([validate, str(LINUX / "tabletop.desktop")], capture_output=True,
                             text=True, timeout=30)
        assert out.returncode == 0 and not out.stdout.strip(), out.stdout + out.stderr


def test_the_icons_are_the_app_icon_at_each_size():
    import pygame

    for size in SIZES:
        icon = pygame.image.load(str(LINUX / "icons" / f"{size}x{size}" / "tabletop.png"))
        assert icon.get_size() == (size, size)
        assert icon.get_at((0, 0)).a == 0  # rounded corners: transparent
        assert tuple(icon.get_at((size // 2, size // 2)))[:3] == (255, 198, 70)  # the star
        assert tuple(icon.get_at((size // 2, size * 9 // 10)))[:3] == (20, 26, 44)


# -- the bundle -----------------------------------------------------------------------------
def _seconds(t0: float) -> str:
    return f"{time.monotonic() - t0:.0f} s"


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Path:
    """The bundle's executable: built in a temporary folder, then moved (with a space in
    the new path) so that nothing can lean on where it was built."""
    prebuilt = os.environ.get("TABLETOP_BUNDLE")
    tmp = tmp_path_factory.mktemp("bundle")
    if prebuilt:
        source = Path(prebuilt).resolve()
    else:
        if importlib.util.find_spec("PyInstaller") is None:
            why = ("PyInstaller is not installed: pip install 'pyinstaller>=6' "
                   "to build and test the desktop bundle")
            if os.environ.get("TABLETOP_REQUIRE_BUNDLE") == "1":
                pytest.fail(why + " (TABLETOP_REQUIRE_BUNDLE=1)")
            pytest.skip(why)
        t0 = time.monotonic()
        out = subprocess.run([sys.executable, str(PACKAGING / "build_bundle.py"), "--quiet",
                              "--dist", str(tmp / "dist"), "--work", str(tmp / "work")],
                             capture_output=True, text=True, timeout=1800)
        assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
        print(f"built the bundle in {_seconds(t0)}: {out.stdout.strip().splitlines()[-1]}")
        source = tmp / "dist" / "tabletop"
        shutil.rmtree(tmp / "work")
    moved = tmp / "moved here" / "tabletop"
    shutil.copytree(source, moved, symlinks=True)
    if not prebuilt:
        shutil.rmtree(source)
    return moved / "tabletop"


@pytest.fixture
def env(tmp_path) -> dict[str, str]:
    """An environment with no Python in it, and a private home."""
    (tmp_path / "home").mkdir()
    return {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path / "home"),
            "TABLETOP_HOME": str(tmp_path / "tabletop-home"),
            "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def run(exe: Path, *args: str, env: dict[str, str], timeout: float = 300,
        cwd: Path | None = None) -> subprocess.CompletedProcess:
    out = subprocess.run([str(exe), *args], env=env, capture_output=True, text=True,
                         timeout=timeout, cwd=cwd or Path(env["HOME"]))
    assert "Traceback" not in out.stderr, out.stderr
    return out


def valid_cards(output: str) -> int:
    found = re.search(r"(\d+) valid card\(s\), (\d+) problem\(s\)", output)
    assert found, output
    assert found[2] == "0", output
    return int(found[1])


@slow
@posix
def test_the_bundle_runs_by_itself(bundle, env):
    out = run(bundle, "--version", env=env)
    assert out.returncode == 0, out.stderr
    # the version, and the executable that runs is the moved bundle's
    assert re.fullmatch(r"tabletop \d+\.\d+\.\S+ \(desktop bundle: (.+)\), Python 3\.\S+\n",
                        out.stdout), out.stdout
    assert Path(out.stdout.split("desktop bundle: ")[1].split("), Python")[0]) == bundle
    internal = bundle.parent / "_internal"
    # the native parts: pygame's SDL, hot reload's file events, PyYAML's C loader
    for pattern in ("pygame/base*", "watchfiles/_rust_notify*", "yaml/_yaml*",
                    "libpython3*"):
        assert list(internal.glob(pattern)), f"{pattern} is not in the bundle"
    assert list(internal.glob("tabletop/data/cards/*")) and \
        list(internal.glob("tabletop/games/*/help.md"))
    venv = Path(sys.prefix).resolve()
    if sys.platform.startswith("linux") and shutil.which("ldd"):
        for lib in (bundle, *internal.glob("libpython3*"), *internal.glob("pygame/base*")):
            deps = subprocess.run(["ldd", str(lib)], capture_output=True, text=True,
                                  timeout=60).stdout
            assert "not found" not in deps, deps
            assert str(venv) not in deps and str(ROOT) not in deps, deps


@slow
@posix
def test_the_bundle_validates_the_same_cards_as_the_checkout(bundle, env, tmp_path):
    checkout_env = {**os.environ, "TABLETOP_HOME": env["TABLETOP_HOME"]}
    here = subprocess.run([sys.executable, "-m", "tabletop", "validate"], env=checkout_env,
                          capture_output=True, text=True, timeout=300)
    assert here.returncode == 0, here.stdout + here.stderr
    out = run(bundle, "validate", env=env)
    assert out.returncode == 0, out.stdout + out.stderr
    assert valid_cards(out.stdout) == valid_cards(here.stdout) > 0


@slow
@posix
def test_the_bundle_opens_each_game_and_draws_its_table(bundle, env, tmp_path):
    import pygame

    from tabletop.games import GAMES

    shots = tmp_path / "shots"
    t0 = time.monotonic()
    out = run(bundle, "screenshots", "--out", str(shots), env=env)
    assert out.returncode == 0, out.stdout + out.stderr  # quit cleanly
    print(f"screenshots in the bundle: {_seconds(t0)}")
    for game in GAMES.values():
        assert game.samples, f"{game.info.id} has no sample save to open"
        for sample in game.samples:
            path = shots / f"{Path(sample.file).stem}.png"
            assert path.is_file(), f"{game.info.id}: no picture of {sample.file}\n{out.stdout}"
            image = pygame.image.load(str(path))
            assert image.get_size() == (1280, 720)
            colours = {tuple(image.get_at((x, y))) for x in range(0, 1280, 16)
                       for y in range(0, 720, 16)}
            assert len(colours) > 50, f"{path.name}: the table is not drawn"


def _reply_line(proc: subprocess.Popen, timeout: float) -> bytes:
    """The worker's first line that is a reply (its search's progress lines passed by)."""
    end = time.monotonic() + timeout
    data = b""
    while True:
        for line in data.splitlines(keepends=True):
            if line.endswith(b"\n") and not line.startswith(b'{"progress"'):
                return line
        left = end - time.monotonic()
        ready, _, _ = select.select([proc.stdout], [], [], max(0.0, left))
        if not ready:
            raise AssertionError(f"the worker did not answer in {timeout} s")
        chunk = os.read(proc.stdout.fileno(), 1 << 16)
        if not chunk:
            raise AssertionError(f"the worker stopped: {proc.stderr.read().decode()}")
        data += chunk


@slow
@posix
def test_the_bundle_serves_the_computer_players(bundle, env):
    """The table starts ``[sys.executable, "--computer-worker"]`` in a bundle
    (:func:`tabletop.worker.worker_command`): the bundle answers a Brawl computer seat's
    question with a legal move, found by a searching level."""
    from tabletop.engine.info import SeatConfig
    from tabletop.engine.pack import pack
    from tabletop.engine.session import Session
    from tabletop.games import GAMES
    from tabletop.worker import BUNDLE_WORKER_ARG, Question, read_reply

    game = GAMES["brawl"]
    position = {"turn": "P2", "hands": {"P1": ["Granite Warden", "Solar Storm"],
                                        "P2": ["Lucky Break", "Fever Dream"]},
                "play": {"P1": ["Copper Kestrel"], "P2": ["Iron Mawgrave"]}}
    session = Session(game, game.rules.load_catalog(mod_dirs=[]), {}, 3,
                      [SeatConfig("Ana"), SeatConfig("Bo", "computer", "normal")],
                      position=position)
    seat = session.state.pending.seat
    assert seat == 1
    proc = subprocess.Popen([str(bundle), BUNDLE_WORKER_ARG], env=env, cwd=env["HOME"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    try:
        question = Question("move", seat, len(session.moves), session.changes, 1)
        for line in ({"game": "brawl", "options": session.options, "thinking_seed": 5,
                      "mods": False, "position": position},
                     {"question": question.to_json(), "budget": 0.5, "ceiling": 2.0,
                      "player": "normal", "view": pack(game.rules.view(session.state, seat))}):
            proc.stdin.write(json.dumps(line).encode() + b"\n")
        proc.stdin.flush()
        reply = read_reply(_reply_line(proc, 120))
        assert reply.question == question and not reply.error, reply
        assert reply.move in session.legal_moves() and reply.move.seat == seat
        proc.stdin.close()  # the table has gone: the worker stops
        assert proc.wait(timeout=30) == 0, proc.stderr.read().decode()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@slow
@posix
def test_the_bundle_plays_a_balance_run_in_worker_processes(bundle, env, tmp_path):
    """``simulate --workers 2`` spawns processes (multiprocessing): in a bundle they are
    the bundle's executable again (``freeze_support`` in ``packaging/entry.py``)."""
    out = run(bundle, "simulate", "brawl", "--games", "4", "--workers", "2", "--quiet",
              "--out", str(tmp_path / "lab"), env=env)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "with 2 worker(s)" in out.stderr, out.stderr
    summary = json.loads((tmp_path / "lab" / "summary.json").read_text(encoding="utf-8"))
    assert summary["games"] == 4 and not summary["errors"], summary["errors"]


@slow
@posix
def test_the_bundle_starts_its_menu_and_stops_on_a_signal(bundle, env):
    """The app (no command) starts headless, loads its menu and the card watcher (hot
    reload, watchfiles) and keeps running until told to stop."""
    proc = subprocess.Popen([str(bundle)], env=env, cwd=env["HOME"], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        time.sleep(8)
        assert proc.poll() is None, proc.stdout.read()
        proc.send_signal(signal.SIGTERM)
        output, _ = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 143, output  # the app's status after SIGTERM
    assert "Tabletop stopped" in output and "Traceback" not in output, output
    assert "hot reload stopped" not in output, output


QUIT_AT = """
import os
os.environ["SDL_VIDEODRIVER"] = "dummy"
from tabletop.ui.app import App
from tabletop.ui.menu import MainMenu
app = App(headless=True, mods=False)
menu = MainMenu(); app.push(menu)
print(*next(b.rect.center for b in menu.buttons if b.label == "Quit"))
"""


@slow
@posix
def test_the_bundle_quits_with_the_quit_button_in_a_real_window(bundle, env, tmp_path):
    tools = ("Xvfb", "xdotool")
    if any(shutil.which(t) is None for t in tools):
        pytest.skip("needs Xvfb and xdotool (apt-get install xvfb xdotool)")
    quit_at = subprocess.run([sys.executable, "-c", QUIT_AT], capture_output=True, text=True,
                             timeout=120, env={**os.environ, **env, "PATH": os.environ["PATH"]},
                             check=True).stdout.split()[-2:]
    display = 110
    while Path(f"/tmp/.X11-unix/X{display}").exists() or Path(f"/tmp/.X{display}-lock").exists():
        display += 1
    xvfb = subprocess.Popen(["Xvfb", f":{display}", "-screen", "0", "1280x720x24", "-nolisten",
                             "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    x_env = {**env, "DISPLAY": f":{display}"}
    x_env.pop("SDL_VIDEODRIVER")
    app = None
    try:
        end = time.monotonic() + 20
        while not Path(f"/tmp/.X11-unix/X{display}").exists():
            assert time.monotonic() < end, "Xvfb did not start"
            time.sleep(0.1)
        app = subprocess.Popen([str(bundle)], env=x_env, cwd=env["HOME"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

        def xdo(*args: str) -> str:
            return subprocess.run(["xdotool", *args], env=x_env, capture_output=True,
                                  text=True, timeout=20).stdout

        end = time.monotonic() + 60
        while not (wid := xdo("search", "--onlyvisible", "--pid", str(app.pid)).split()):
            assert app.poll() is None and time.monotonic() < end, "no window"
            time.sleep(0.2)
        time.sleep(2.0)  # the menu is drawn
        xdo("mousemove", "--window", wid[0], *quit_at)
        time.sleep(0.3)
        xdo("click", "1")
        output, _ = app.communicate(timeout=30)
        assert app.returncode == 0, output  # quit cleanly
        assert "Traceback" not in output, output
    finally:
        if app is not None and app.poll() is None:
            app.kill()
            app.wait()
        xvfb.terminate()
        xvfb.wait(timeout=10)


@slow
@posix
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux install helper")
def test_the_install_helper_puts_the_bundle_in_the_menu(bundle, env, tmp_path):
    prefix = tmp_path / "pre fix"
    helper = bundle.parent / "linux" / "install.sh"
    out = subprocess.run([str(helper)], env={**env, "PREFIX": str(prefix)},
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    entry = (prefix / "share" / "applications" / "tabletop.desktop").read_text()
    exe = prefix / "lib" / "tabletop" / "tabletop"
    assert f'Exec="{exe}"' in entry.splitlines()
    for size in SIZES:
        assert (prefix / f"share/icons/hicolor/{size}x{size}/apps/tabletop.png").is_file()
    version = run(prefix / "bin" / "tabletop", "--version", env=env)
    assert version.returncode == 0 and str(exe) in version.stdout, version.stdout
    out = subprocess.run([str(helper), "--uninstall"], env={**env, "PREFIX": str(prefix)},
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and not exe.exists() and not (prefix / "bin/tabletop").exists()
