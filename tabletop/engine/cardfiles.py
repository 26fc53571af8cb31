"""Finding a game's card files: the ``.yaml`` and ``.yml`` files of a folder and its
folders, in order, listed with ``os.scandir`` (what the listing saw of each file kept for
the reader, :class:`~.loader.CardLoader`)."""

from __future__ import annotations

import os
from pathlib import Path

from . import safe_open


def yaml_files(directory: Path, special: bool = False) -> list[Path]:
    """The ``.yaml`` and ``.yml`` files in ``directory`` and its folders, sorted: what
    ``sorted(directory.rglob("*"))`` keeps with that suffix that is a file (links to
    files count; linked folders are not entered, nor folders that may not be read),
    listed with ``os.scandir`` in less than half of ``rglob``'s time (which was about a
    twentieth of the load of a small shipped catalog).

    ``special``: also list what has such a name but is neither a file nor a folder (a
    named pipe, a device, a socket, a link in a loop or to one of those), so that the
    reader (:meth:`CardLoader.read`) reports each as a problem naming it, unread."""
    if not directory.is_dir():
        return []
    return _listed(directory, special, None)


def _listed(directory: Path, special: bool, plain: set[str] | None) -> list[Path]:
    """The files found, as paths, in ``sorted(Path)``'s order (part by part); the scan
    works on text, a path made once per file found at the end."""
    found: list[str] = []
    _scan(str(directory), found, special, plain)
    found.sort(key=_parts)
    return [Path(f) for f in found]


def _parts(path: str) -> list[str]:
    return path.split(os.sep)


def _scan(folder: str, found: list[str], special: bool, plain: set[str] | None) -> None:
    try:
        with os.scandir(folder) as listing:
            entries = list(listing)
    except PermissionError:
        return
    for entry in entries:
        name = entry.name
        try:
            is_folder = entry.is_dir(follow_symlinks=False)
        except OSError:
            is_folder = False
        if is_folder:
            _scan(entry.path, found, special, plain)
        elif ((name.endswith(".yaml") and len(name) > 5)  # the suffix (".yaml" has none)
              or (name.endswith(".yml") and len(name) > 4)):
            try:
                regular = entry.is_file()
            except OSError:  # a link in a loop
                regular = False
            path = entry.path
            if regular or (special and safe_open.is_special(Path(path))):
                found.append(path)
                if plain is not None and regular and not entry.is_symlink():
                    plain.add(path)


def scanned_files(directory: Path, plain: set[str]) -> list[Path]:
    """:func:`yaml_files` of ``directory`` (``special`` on), and in ``plain`` those the
    listing saw as regular files that are not links (the listing's own look: the
    reader then has no need to look again before it opens them, nor to ask whether
    they are links)."""
    if not directory.is_dir():
        return []
    return _listed(directory, True, plain)
