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

from .game import Game
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


def run_scenario(data: dict[str, Any], game: Game, catalog=None) -> dict[str, Any]:
    """Play a scenario of ``game``; returns ``{"state": ..., "log": [...], "refused": ...}``."""
    catalog = catalog or game.rules.load_catalog()
    options = game.rules.normalize_options(data.get("options") or {})
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
        "state": game.positions.to_json(session.state) if game.positions else {},
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


def run_scenario_file(path: str, games: dict[str, Game]) -> int:
    """Play the scenario file at ``path`` (its ``game:`` one of ``games``) and print it."""
    try:
        data = load_scenario(Path(path).read_text(encoding="utf-8"))
        game = games.get(data["game"])
        if game is None:
            raise ScenarioError(f"unknown game {data['game']!r}; known: {', '.join(games)}")
        result = run_scenario(data, game)
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
