"""Scenario files: a position and a list of moves, played headless (docs/scenarios.md).

``tabletop scenario FILE`` prints the resulting state as JSON, or the refusal of the first
illegal move (exit status 1). An ``expect:`` block, if present, is compared with the
result (a subset match) and mismatches are reported (exit status 1).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml

from .moves import IllegalMove
from .session import Session
from .yamlio import load as load_yaml
from .yamlio import plain


class ScenarioError(Exception):
    pass


def load_scenario(text: str) -> dict[str, Any]:
    try:
        data = plain(load_yaml(text))
    except yaml.YAMLError as exc:
        raise ScenarioError(f"scenario is not valid YAML: {exc}") from exc
    if not isinstance(data, dict) or "game" not in data:
        raise ScenarioError("a scenario needs at least 'game:' (and usually 'position:' and "
                            "'moves:')")
    return data


def run_scenario(data: dict[str, Any], catalog=None) -> dict[str, Any]:
    """Play a scenario; returns ``{"state": ..., "log": [...], "refused": ...}``."""
    from ..games import get_game

    game = get_game(data["game"])
    catalog = catalog or game.load_catalog()
    options = game.normalize_options(data.get("options") or {})
    seed = int(data.get("seed", 1))
    if "position" in data:
        session = Session(game, catalog, options, seed, position=data["position"] or {})
    else:
        session = Session(game, catalog, options, seed)
    refused = None
    for number, text in enumerate(data.get("moves") or [], start=1):
        try:
            session.play_text(str(text))
        except IllegalMove as exc:
            refused = {"number": number, "move": str(text), "reason": exc.reason}
            break
    out = {
        "game": game.info.id,
        "state": game.to_json(session.state),
        "log": session.log_text(None).splitlines(),
        "refused": refused,
    }
    return out


def subset_mismatches(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Where ``actual`` differs from ``expected`` (dicts: only the expected keys)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path or 'result'}: expected a mapping, got {actual!r}"]
        out = []
        for key, value in expected.items():
            if key not in actual:
                out.append(f"{path}.{key}: missing")
            else:
                out.extend(subset_mismatches(value, actual[key], f"{path}.{key}"))
        return out
    if expected != actual:
        return [f"{path or 'result'}: expected {expected!r}, got {actual!r}"]
    return []


def run_scenario_file(path: str) -> int:
    try:
        data = load_scenario(Path(path).read_text(encoding="utf-8"))
        result = run_scenario(data)
    except (OSError, ScenarioError, ValueError, KeyError) as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 2
    expect = data.get("expect")
    mismatches = []
    if expect is not None:
        actual = {"state": result["state"], "refused": result["refused"]}
        mismatches = subset_mismatches(expect, actual)
        result["expect"] = {"ok": not mismatches, "mismatches": mismatches}
    print(json.dumps(result, indent=2, ensure_ascii=False))
    if result["refused"] and not (expect and "refused" in expect and not mismatches):
        return 1
    return 1 if mismatches else 0
