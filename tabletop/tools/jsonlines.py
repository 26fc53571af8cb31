"""Reading the JSON-lines files the measuring tools append to (``tabletop strength``,
``tabletop calibrate``): each a regular file of bounded size, opened without blocking,
one JSON object a line; a line a stopped run left half written is said, with its place."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

from ..engine.safe_open import read_regular

#: the most a results file may hold (a thousand-game strength run writes about 0.3 MB)
LIMIT = 64 * 1024 * 1024


def json_lines(paths: list[Path], tool: str, what: str,
               check: Callable[[dict], object] = lambda r: None) -> Iterator[dict]:
    """Every line of ``paths`` as a dict (blank lines skipped); ``check(line)`` raises
    ``ValueError``, ``KeyError`` or ``TypeError`` for a line that is not ``what``. A file
    that cannot be read or a bad line ends the command with a message naming ``tool``."""
    for path in paths:
        try:
            text = read_regular(path, LIMIT).decode("utf-8", "replace")
        except OSError as exc:
            raise SystemExit(f"{tool}: cannot read {path}: {exc.strerror or exc}") from None
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                r = json.loads(line)
                if not isinstance(r, dict):
                    raise TypeError
                check(r)
            except (ValueError, KeyError, TypeError):
                raise SystemExit(f"{tool}: {path}:{number} is not {what} (a run stopped "
                                 "while writing it? delete that line)") from None
            yield r
