"""Tabletop: superhero card games played with the mouse, with cards defined in YAML."""

from __future__ import annotations

from importlib import metadata, resources
from pathlib import Path


def _version() -> str:
    try:
        return metadata.version("tabletop")
    except metadata.PackageNotFoundError:  # run from a source tree that is not installed
        return "0.1.0"


__version__ = _version()


def _data_dir() -> Path:
    """The package's own data (cards, art, fonts, schemas, sample saves), found with
    :mod:`importlib.resources`: inside the installed package, the checkout or a bundle."""
    data = resources.files(__name__) / "data"
    if not isinstance(data, Path):  # e.g. imported from a zip file
        raise RuntimeError("Tabletop must be installed as files on disk (not zipped): "
                           f"its card data is at {data}")
    return data


#: The package's data folder; the checkout's top-level ``cards``, ``art``, ``schemas``
#: and ``saves`` are links into it.
DATA_DIR = _data_dir()
CARDS_DIR = DATA_DIR / "cards"
ART_DIR = DATA_DIR / "art"
SCHEMAS_DIR = DATA_DIR / "schemas"
SAMPLE_SAVES_DIR = DATA_DIR / "saves"
#: one lesson file per game (:mod:`tabletop.engine.lesson`)
LESSONS_DIR = DATA_DIR / "lessons"
#: The folder that holds the ``tabletop`` package (for a child process's ``PYTHONPATH``).
PACKAGE_PARENT = Path(__file__).resolve().parent.parent
