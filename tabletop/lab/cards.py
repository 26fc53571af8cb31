"""The cards of a lab run, as plain text: read once by the driver, loaded by each worker.

A run's card files (the game's shared sets, its built-in folder, then the mod files)
travel to the workers as ``(name, text, is_mod)`` triples, so every worker, on this
machine or on a cluster node without the files, loads exactly the cards the run started
with, even if a file is edited while it runs. Pictures are left out (nothing is drawn).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path

from .. import CARDS_DIR
from ..engine import limits
from ..engine.cardfiles import yaml_files
from ..engine.cards import CardError, Catalog
from ..engine.loader import CardLoader, display_path


@dataclass(frozen=True)
class CardFile:
    name: str
    text: str
    mod: bool = False


def _read(paths: list[Path], mod: bool, errors: list[CardError]) -> list[CardFile]:
    reader = CardLoader("read", {})
    probe = Catalog("read")
    out = []
    for path in paths:
        text = reader.read(path, probe)
        if text is not None:
            out.append(CardFile(display_path(path), text, mod))
    errors.extend(probe.errors)
    return out


def base_files(game, errors: list[CardError]) -> list[CardFile]:
    """The game's built-in cards: its shared sets first, then ``cards/<game>/``."""
    rules = game.rules
    folders = [CARDS_DIR / s for s in rules.card_sets] + [CARDS_DIR / rules.info.id]
    return _read([p for d in folders for p in yaml_files(d, special=True)], False, errors)


def mod_files(path: Path, errors: list[CardError]) -> list[CardFile]:
    """A mod: one file, or every YAML file under a folder (within the mod limits)."""
    path = Path(path)
    if path.is_file():
        return _read([path], True, errors)
    if not path.is_dir():
        errors.append(CardError(str(path), 1, 1, "no such file or folder"))
        return []
    paths, budget = [], 0
    for p in yaml_files(path, special=True):
        with contextlib.suppress(OSError):
            budget += p.stat().st_size
        if len(paths) >= limits.MAX_MOD_FILES or budget > limits.MAX_MOD_BYTES:
            errors.append(CardError(display_path(p), 1, 1, "too many mod files: this file "
                                                          "and the ones after it were skipped"))
            break
        paths.append(p)
    return _read(paths, True, errors)


def load(game, files: tuple[CardFile, ...] | list[CardFile]) -> Catalog:
    """The catalog of ``files`` for ``game`` (cross-card checks included)."""
    rules = game.rules
    loader = CardLoader(rules.info.id, rules.card_kinds, rules.card_sets,
                        rules.known_games or None, art=False)
    catalog = Catalog(rules.info.id)
    for f in files:
        loader.load_text(f.text, f.name, catalog, is_mod=f.mod)
    catalog.errors.extend(rules.check_catalog(catalog))
    return catalog
