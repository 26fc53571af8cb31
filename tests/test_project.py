"""Project rules: the README's commands, CI in step with them, lint, docs in step."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(.+?)\n```", text)


def test_readme_starts_with_the_two_commands():
    head = (ROOT / "README.md").read_text(encoding="utf-8").split("---")[0]
    commands = readme_commands()
    assert len(commands) >= 2 and commands[0] in head and commands[1] in head
    assert commands[0].endswith("tabletop")
    assert "pytest" in commands[1] and "[test]" in commands[1]


def test_ci_runs_exactly_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert readme_commands()[1] in ci.splitlines()


def test_ruff_is_clean():
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed")
    out = subprocess.run([ruff, "check", "tabletop", "tests"], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr


def test_modding_guide_reference_is_generated_from_the_registry():
    """Every registered game has a reference block, and every block is exactly what
    ``tabletop docs`` writes from the loader's specs and the effect registry."""
    from tabletop.games import GAMES
    from tabletop.tools.docs import GUIDE, render

    text = GUIDE.read_text(encoding="utf-8")
    for game_id in list(GAMES) + ["common"]:
        assert f"<!-- reference: {game_id} -->" in text, game_id
    assert render(text) == text, "docs/modding.md is out of date: run `tabletop docs`"


def test_scenario_guide_lists_every_verb():
    from tabletop.games.brawl import notation

    text = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    verbs = set(notation.SIMPLE + notation.FROM_HAND + notation.LINKS) | {"declare"}
    assert all(f"P1 {v}" in text for v in verbs)


def test_architecture_names_the_real_modules():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    for path in re.findall(r"`(tabletop/[\w/]+\.py)`", text):
        assert (ROOT / path).exists(), path
