"""The package as a user gets it (issue 26): a wheel built from the checkout, installed
(not editable) into a fresh virtualenv, run from a folder outside the checkout, holds
every card, every game, the fonts and the sample saves: ``tabletop validate`` counts what
the checkout counts, and the app starts headless and opens a game of every kind."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from tabletop import PACKAGE_PARENT as ROOT

OPEN_EVERY_GAME = """
import json, sys, time
import tabletop
from tabletop.games import GAMES
from tabletop.ui.app import App
from tabletop.ui.menu import MainMenu
from tabletop.ui.table import TableScene
from tabletop.ui import theme
app = App(headless=True, ai_delay=0.0)
menu = MainMenu()
app.push(menu)
while not menu.ready:
    app.step(0.016)
    time.sleep(0.002)
out = {"package": tabletop.__file__, "font": str(theme.FONT_DIR), "games": {}}
for game_id in GAMES:
    menu.new_game()
    app.step(0.016)
    screen = app.scene
    screen._set_game(game_id)
    screen.start_game()
    for _ in range(5):
        app.step(0.016)
    table = app.scene
    out["games"][game_id] = {
        "scene": type(table).__name__,
        "cards": len(table.session.catalog.cards) if isinstance(table, TableScene) else 0,
        "moves": len(table.session.legal_moves()) if isinstance(table, TableScene) else 0,
    }
    while len(app.scenes) > 1:
        app.pop()
    app.step(0.016)
print(json.dumps(out))
"""


def _run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, check=False, **kw)


def _count(output: str) -> int:
    found = re.search(r"(\d+) valid card\(s\), (\d+) problem\(s\)", output)
    assert found, output
    return int(found.group(1))


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh virtualenv with the wheel built from this checkout installed in it."""
    if os.environ.get("TABLETOP_SKIP_WHEEL") == "1":
        pytest.skip("TABLETOP_SKIP_WHEEL=1")
    tmp = tmp_path_factory.mktemp("wheel")
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                  "-q", "-w", str(tmp / "dist"), str(ROOT)], timeout=600)
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = (tmp / "dist").glob("tabletop-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for part in ("tabletop/data/cards/brawl/", "tabletop/data/art/fonts/DejaVuSans.ttf",
                 "tabletop/data/schemas/brawl.schema.json", "tabletop/data/saves/",
                 "tabletop/games/brawl/help.md"):
        assert any(n.startswith(part) for n in names), f"the wheel lacks {part}"
    env_dir = tmp / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    done = _run([str(python), "-m", "pip", "install", "-q", str(wheel)], timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    return env_dir


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(TABLETOP_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def test_the_installed_wheel_validates_every_shipped_card(installed, tmp_path):
    here = _run([sys.executable, "-m", "tabletop", "validate"], env=_env(tmp_path / "a"),
                cwd=ROOT, timeout=300)
    there = _run([str(installed / "bin" / "tabletop"), "validate"],
                 env=_env(tmp_path / "b"), cwd=tmp_path, timeout=300)
    assert here.returncode == 0 and there.returncode == 0, there.stdout + there.stderr
    assert _count(there.stdout) == _count(here.stdout) > 400
    version = _run([str(installed / "bin" / "tabletop"), "--version"], timeout=60)
    assert version.returncode == 0 and "tabletop" in version.stdout


def test_the_installed_app_starts_headless_and_opens_every_game(installed, tmp_path):
    from tabletop.games import GAMES

    done = _run([str(installed / "bin" / "python"), "-c", OPEN_EVERY_GAME],
                env=_env(tmp_path / "home"), cwd=tmp_path, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    site = str(installed)
    assert out["package"].startswith(site), out["package"]  # not the checkout's
    assert out["font"].startswith(site)
    assert set(out["games"]) == set(GAMES)
    for game_id, seen in out["games"].items():
        assert seen["scene"] == "TableScene", (game_id, seen)
        assert seen["cards"] > 0 and seen["moves"] > 0, (game_id, seen)


def test_the_installed_app_draws_every_sample_save(installed, tmp_path):
    shots = tmp_path / "shots"
    done = _run([str(installed / "bin" / "tabletop"), "screenshots", "--out", str(shots)],
                env=_env(tmp_path / "home"), cwd=tmp_path, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    pictures = sorted(shots.glob("*.png"))
    samples = list((ROOT / "tabletop" / "data" / "saves").glob("*.json"))
    assert len(pictures) >= len(samples) and all(p.stat().st_size > 20_000 for p in pictures)
