"""Scenario files: a position and a list of moves, played headless (docs/scenarios.md).

``tabletop scenario FILE`` prints its verdict first (passed, or the refusal of the first
illegal move, or what was not as expected; exit status 1 when it failed), then the
resulting state as JSON; ``--summary`` prints the verdict alone. An ``expect:`` block, if
present, is compared with the result (a subset match).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml

from . import limits
from .game import Game
from .moves import IllegalMove
from .nearest import did_you_mean
from .safe_open import read_regular
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


def verdict(result: dict[str, Any], moves: int) -> tuple[bool, str]:
    """Whether the scenario passed, and one line that says so (what was refused, what
    was not as expected)."""
    refused, expect = result["refused"], result.get("expect")
    expected_refusal = expect is not None and expect["ok"] and refused is not None
    if expect is not None and not expect["ok"]:
        n = len(expect["mismatches"])
        return False, f"FAILED: {n} expectation{'s' if n != 1 else ''} not met: " + \
            "; ".join(expect["mismatches"][:3]) + ("; \u2026" if n > 3 else "")
    if refused is not None and not expected_refusal:
        return False, (f"FAILED: move {refused['number']} ({refused['move']}) was refused: "
                       f"{refused['reason']}")
    if refused is not None:
        return True, (f"OK: move {refused['number']} was refused as expected: "
                      f"{refused['reason']}")
    met = ", as expected" if expect is not None else " (no expect: block to check)"
    return True, f"OK: {moves} move{'s' if moves != 1 else ''} played{met}"


def run_scenario_file(path: str, games: dict[str, Game], summary: bool = False) -> int:
    """Play the scenario file at ``path`` (its ``game:`` one of ``games``) and print the
    verdict first, then (unless ``summary``) the result as JSON."""
    try:
        # a regular file within the limit, looked at before it is opened (a named pipe
        # would wait forever for a writer): :mod:`.safe_open`
        raw = read_regular(Path(path), limits.MAX_SCENARIO_BYTES)
    except OSError as exc:
        print(f"{path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    try:
        data = load_scenario(raw.decode("utf-8"))
        game = games.get(data["game"])
        if game is None:
            raise ScenarioError(f"unknown game {data['game']!r}"
                                + did_you_mean(data["game"], games)
                                + f"; known: {', '.join(games)}")
        result = run_scenario(data, game)
    except (OSError, ScenarioError, ValueError, KeyError) as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 2
    expect = data.get("expect")
    if expect is not None:
        actual = {"state": result["state"], "refused": result["refused"]}
        mismatches = subset_mismatches(expect, actual)
        result["expect"] = {"ok": not mismatches, "mismatches": mismatches}
    ok, line = verdict(result, len(data.get("moves") or []))
    if summary:
        print(f"{path}: {line}")
        status = result["state"].get("status") if isinstance(result["state"], dict) else None
        if status:
            print(f"  now: {status}")
        for mismatch in (result.get("expect") or {}).get("mismatches", [])[3:]:
            print(f"  {mismatch}")
    else:
        print(json.dumps({"verdict": line, **result}, indent=2, ensure_ascii=False))
    return 0 if ok else 1
