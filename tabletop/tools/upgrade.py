"""``tabletop upgrade-cards FILE...``: card files from before the shared effect verbs
and selectors, rewritten in place (:mod:`tabletop.engine.effects.upgrade`)."""

from __future__ import annotations

import sys
from pathlib import Path


def main(paths: list[str]) -> int:
    """Rewrite each file; 0 when all could be read and written, 1 otherwise."""
    import tabletop.games  # noqa: F401  (every game's effects and how they are written)
    from tabletop.engine.effects.upgrade import upgrade_file

    status = 0
    for name in paths:
        path = Path(name)
        try:
            count = upgrade_file(path)
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            print(f"{path}: not upgraded: {exc}", file=sys.stderr)
            status = 1
            continue
        print(f"{path}: {count} effect{'' if count == 1 else 's'} rewritten" if count
              else f"{path}: nothing to rewrite")
    return status
