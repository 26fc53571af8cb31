"""Tabletop: superhero card games played with the mouse, with cards defined in YAML."""

from pathlib import Path

__version__ = "0.1.0"

#: The repository (or installed project) root that holds ``cards/``, ``art/`` and ``saves/``.
ROOT = Path(__file__).resolve().parent.parent
CARDS_DIR = ROOT / "cards"
ART_DIR = ROOT / "art"
SAMPLE_SAVES_DIR = ROOT / "saves"
