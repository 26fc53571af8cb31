"""Scenario files (docs/scenarios.md): each example in tests/scenarios runs and meets its
``expect:`` block; the ``tabletop scenario`` command prints JSON or the refusal."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.engine.scenario import load_scenario, run_scenario, subset_mismatches
from tabletop.games import GAMES

FILES = sorted((Path(__file__).parent / "scenarios").rglob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_file(path):
    data = load_scenario(path.read_text(encoding="utf-8"))
    result = run_scenario(data, GAMES[data["game"]])
    assert "expect" in data, "every example scenario states what it expects"
    if "refused" not in data["expect"]:
        assert result["refused"] is None, f"unexpected refusal: {result['refused']}"
    actual = {"state": result["state"], "refused": result["refused"]}
    assert subset_mismatches(data["expect"], actual) == []


def test_scenario_command_prints_json_and_refusals(tmp_path):
    path = Path(__file__).parent / "scenarios" / "brawl" / "interrupt-during-damage.yaml"
    out = subprocess.run([sys.executable, "-m", "tabletop", "scenario", str(path)],
                         capture_output=True, text=True, timeout=60)
    result = json.loads(out.stdout)
    assert result["refused"]["reason"] == \
        "Interruptions cannot be played while damage is being resolved."
    assert result["state"]["health"] == {"Iron Mawgrave": 14, "Granite Warden": 13}
    assert out.returncode == 0  # the refusal was expected
    broken = tmp_path / "broken.yaml"
    broken.write_text(path.read_text().split("expect:")[0], encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "tabletop", "scenario", str(broken)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 1  # an unexpected refusal
    assert json.loads(out.stdout)["refused"]["number"] == 7


def test_the_scenario_command_says_its_verdict_first(tmp_path):
    path = Path(__file__).parent / "scenarios" / "brawl" / "interrupt-during-damage.yaml"
    out = subprocess.run([sys.executable, "-m", "tabletop", "scenario", str(path)],
                         capture_output=True, text=True, timeout=60)
    assert out.stdout.splitlines()[1].startswith('  "verdict": "OK: move 7 was refused as '
                                                  'expected: Interruptions cannot')
    broken = tmp_path / "broken.yaml"
    broken.write_text(path.read_text().replace("phase: damage", "phase: pick"), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "tabletop", "scenario", "--summary",
                          str(broken)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 1
    first = out.stdout.splitlines()[0]
    assert first.startswith(f"{broken}: FAILED: ") and "expectation" in first
    assert "{" not in out.stdout  # the verdict alone, no state dump


def test_a_scenario_without_a_position_starts_from_the_deal():
    result = run_scenario({"game": "brawl", "seed": 3, "moves": []}, GAMES["brawl"])
    assert result["state"]["phase"] == "pick"
    assert len(result["state"]["zones"]["hand.0"]) == 6


GUIDE = Path(__file__).parent.parent / "docs" / "scenarios.md"
EXAMPLES = [block for block in re.findall(r"```yaml\n(.*?)```",
                                           GUIDE.read_text(encoding="utf-8"), re.S)
            if re.search(r"^game: ", block, re.M) and "\nexpect:" in block]
SETUP_EXAMPLES = [block for block in EXAMPLES if "phase: setup" in block]


@pytest.mark.parametrize("block", EXAMPLES,
                         ids=[f"{load_scenario(b)['game']}-{i}" for i, b in enumerate(EXAMPLES)])
def test_the_guides_examples_do_what_they_say(block):
    """Every scenario the guide shows runs as written and meets its ``expect`` block."""
    data = load_scenario(block)
    result = run_scenario(data, GAMES[data["game"]])
    actual = {"state": result["state"], "refused": result["refused"]}
    if "refused" not in data["expect"]:
        assert result["refused"] is None
    assert subset_mismatches(data["expect"], actual) == []


def test_every_game_has_a_setup_example_in_the_guide():
    assert {load_scenario(b)["game"] for b in SETUP_EXAMPLES} == set(GAMES)
