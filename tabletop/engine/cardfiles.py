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
    found: list[Path] = []
    _scan(directory, found, special)
    return sorted(found)


def _scan(folder: Path, found: list[Path], special: bool,
          plain: set[str] | None = None) -> None:
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
            _scan(folder / name, found, special, plain)
        elif ((name.endswith(".yaml") and len(name) > 5)  # the suffix (".yaml" has none)
              or (name.endswith(".yml") and len(name) > 4)):
            try:
                regular = entry.is_file()
            except OSError:  # a link in a loop
                regular = False
            if regular or (special and safe_open.is_special(folder / name)):
                path = folder / name
                found.append(path)
                if plain is not None and regular and not entry.is_symlink():
                    plain.add(str(path))


def scanned_files(directory: Path, plain: set[str]) -> list[Path]:
    """:func:`yaml_files` of ``directory`` (``special`` on), and in ``plain`` those the
    listing saw as regular files that are not links (the listing's own look: the
    reader then has no need to look again before it opens them, nor to ask whether
    they are links)."""
    if not directory.is_dir():
        return []
    found: list[Path] = []
    _scan(directory, found, True, plain)
    return sorted(found)
