"""``tabletop validate``: print every card-file problem as file:line:col; exit 1 if any.

What is checked, and as which game:

- no path: every game's cards (its shared sets, ``cards/<game>/``) and the user's mods;
- ``cards/``: every game's built-in cards;
- a folder or file in ``cards/<game>/``: that game's built-in cards (the folder names the
  game); in a shared set's folder (``cards/standard-deck/``): every game that reads it;
- any other file (a mod): the game its ``game:`` key names (``--game`` for a file
  without one), checked on top of that game's built-in cards, as the app would load it;
  any other folder: each YAML file in it, so;
- a deck file (a game whose rules have them, ``rules.is_deck_file``: OverPower's
  ``game: overpower`` with ``name``, ``characters``, ...): checked as a deck, its shape
  and the deck rules (``rules.deck_file_problems``), against that game's built-in cards
  and any card files given with it.

Each game's catalog gets its cross-card checks once, and a problem met by several games
(a shared set, a mod for an unknown game) is printed once. A card file that is not a
regular file (a named pipe, a device, a link loop) is a problem naming it, never opened;
finding no card at all is an error (exit 1) that says where it looked; a
``TABLETOP_HOME`` that is not a folder stops it at once (exit 2).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .. import CARDS_DIR
from ..engine import safe_open
from ..engine.cardfiles import yaml_files
from ..engine.cards import Catalog
from ..engine.loader import CardLoader, display_path
from ..engine.paths import home_problem, mods_root, user_data
from ..engine.schema import suggest
from ..games import GAMES, known_game_ids


@dataclass
class Job:
    """One game's catalog to check: its built-in cards (and the user's mods, or the
    given files on top)."""

    game: str
    with_mods: bool = False
    files: list[Path] = field(default_factory=list)
    #: file without ``game:`` that ``--game`` assigns to this game
    implied: set[Path] = field(default_factory=set)
    #: deck files, checked as decks against the catalog once its cards are in
    decks: list[Path] = field(default_factory=list)


def _users_of(set_id: str) -> list[str]:
    return [gid for gid, g in GAMES.items() if set_id in g.rules.card_sets]


def _title(game_id: str) -> str:
    return GAMES[game_id].info.title


def _game_key(path: Path, problems: list[str]) -> tuple[object, object]:
    """The ``game:`` value of a card file (None when it has none) and its document, or
    ``problems`` filled in when the file cannot even be read."""
    probe = Catalog("probe")
    loader = CardLoader("probe", {})
    text = loader.read(path, probe)
    doc = None if text is None else loader.parse(text, display_path(path), probe)
    if doc is None:
        problems.extend(e.detailed() for e in probe.errors)
        return _UNREADABLE, None
    return (doc.get("game") if isinstance(doc, dict) else None), doc


def _is_deck(game_id: str, doc: object) -> bool:
    """Is ``doc`` a deck file of ``game_id`` (a game whose rules know deck files)?"""
    test = getattr(GAMES[game_id].rules, "is_deck_file", None)
    return test is not None and bool(test(doc))


_UNREADABLE = object()


def _plan(paths: list[str], game_id: str | None, say: Callable[[str], None],
          problems: list[str]) -> dict[str, Job]:
    """Which catalogs to load, saying for each path which game it is checked as."""
    jobs: dict[str, Job] = {}
    wanted = [game_id] if game_id else list(GAMES)

    def job(gid: str) -> Job:
        return jobs.setdefault(gid, Job(gid))

    if not paths:
        saved = []
        for gid in wanted:
            job(gid).with_mods = True
            if hasattr(GAMES[gid].rules, "is_deck_file"):  # and the player's saved decks
                folder = user_data() / "decks" / gid
                found = yaml_files(folder) if folder.is_dir() else []
                job(gid).decks.extend(found)
                saved += [f"{len(found)} saved {_title(gid)} deck(s)"] if found else []
        say("Checking " + ", ".join(_title(g) for g in wanted)
            + ": built-in cards and your mods" + "".join(f", {s}" for s in saved))
        return jobs
    for text in paths:
        _plan_path(Path(text), game_id, wanted, job, say, problems)
    return jobs


def _plan_path(path: Path, game_id: str | None, wanted: list[str], job, say,
               problems: list[str]) -> None:
    """What one path on the command line checks: a game's folder, a shared set, the
    whole ``cards/`` folder, or files (each for the game its ``game:`` names)."""
    shown = display_path(path)
    if not path.exists():
        what = safe_open.describe(path)
        problems.append(f"{shown}: no such file or folder" if what in ("nothing",
                        "not readable") else f"{shown}: it is {what}, not a card file")
        return
    cards_dir = CARDS_DIR.resolve()
    resolved = path.resolve()
    if resolved == cards_dir:
        for gid in wanted:
            job(gid)
        say(f"{shown}: the built-in cards of every game")
        return
    if resolved.is_relative_to(cards_dir):
        folder = resolved.relative_to(cards_dir).parts[0]
        users = [folder] if folder in GAMES else _users_of(folder)
        users = [g for g in users if g in wanted]
        if users:
            titles = ", ".join(map(_title, users))
            say(f"{shown}: {titles} (from its folder)" if folder in GAMES else
                f"{shown}: the shared set {folder}, checked with {titles}")
            for gid in users:
                job(gid)
            return
    files = yaml_files(path, special=True) if path.is_dir() else [path]
    if path.is_dir() and not files:
        problems.append(f"{shown}: no .yaml files in this folder")
    for file in files:
        _plan_file(file, game_id, job, say, problems)


def _plan_file(file: Path, game_id: str | None, job, say, problems: list[str]) -> None:
    shown = display_path(file)
    key, doc = _game_key(file, problems)
    if key is _UNREADABLE:
        return
    if isinstance(key, str) and key in GAMES and (game_id is None or game_id == key) and \
            _is_deck(key, doc):
        say(f"{shown}: a deck file of {_title(key)} (from its 'game:' key and fields)")
        job(key).decks.append(file)
        return
    if key is None:
        if game_id is not None and _is_deck(game_id, doc):  # the reader says game: is wanted
            say(f"{shown}: a deck file of {_title(game_id)} (from --game)")
            job(game_id).decks.append(file)
            return
        if game_id is None:
            problems.append(f"{shown}:1:1: field 'game': a mod file must say which game it "
                            "is for: add 'game: <id>' (or run with --game <id>)")
            return
        say(f"{shown}: {_title(game_id)} (from --game)")
        job(game_id).files.append(file)
        job(game_id).implied.add(file)
        return
    if isinstance(key, str) and key in GAMES:
        users = [key]
        why = "its 'game:' key"
    elif isinstance(key, str) and _users_of(key):
        users = _users_of(key)
        why = f"its 'game:' key: the shared set {key}"
    else:
        # not a game: the loader reports it (with a suggestion) for any game
        users = [game_id or next(iter(GAMES))]
        why = "no known game"
    if game_id is not None and game_id not in users:
        problems.append(f"{shown}: field 'game': this file is for {key}, not {game_id}"
                        + suggest(game_id, users))
        return
    if why != "no known game":
        say(f"{shown}: {', '.join(map(_title, users))} (from {why})")
    for gid in users:
        job(gid).files.append(file)


def validate(paths: list[str], game_id: str | None = None,
             out: Callable[[str], None] = print) -> int:
    if game_id is not None and game_id not in GAMES:
        out(f"unknown game {game_id!r}{suggest(game_id, GAMES)}; known: {', '.join(GAMES)}")
        return 2
    home = home_problem()
    if home:
        out(f"{home}: point it at a folder, or unset it")
        return 2
    problems: list[str] = []
    jobs = _plan(paths, game_id, out, problems)
    cards = decks = 0
    replaced: list[str] = []
    for gid, job in jobs.items():
        game = GAMES[gid]
        catalog = game.rules.load_catalog(mod_dirs=None if job.with_mods else [], check=False)
        loader = CardLoader(gid, game.rules.card_kinds, game.rules.card_sets,
                            known_games=known_game_ids())
        for file in job.files:
            loader.load_file(file, catalog, is_mod=True, root=file.parent,
                             implied=file in job.implied)
        catalog.errors.extend(game.rules.check_catalog(catalog))
        problems.extend(e.detailed() for e in catalog.errors)
        cards += len(catalog.cards)
        for deck in job.decks:
            problems.extend(game.rules.deck_file_problems(deck, catalog))
        decks += len(job.decks)
        if catalog.overridden:
            replaced.append(f"{gid}: mods replace {', '.join(sorted(set(catalog.overridden)))}")
    unique = list(dict.fromkeys(problems))
    for line in unique:
        out(line)
    for line in replaced:
        out(line)
    if not cards and not unique:  # nothing checked is never a pass
        out("no cards were found; looked in " + _where(paths, jobs))
    checked = f", {decks} deck file(s)" if decks else ""
    out(f"{cards} valid card(s){checked}, {len(unique)} problem(s)")
    return 1 if unique or not cards else 0


def _where(paths: list[str], jobs: dict[str, Job]) -> str:
    """Where :func:`validate` looked for cards, for the message that it found none."""
    if paths:
        return ", ".join(display_path(Path(p)) for p in paths)
    folders = [display_path(CARDS_DIR / f) for gid in jobs
               for f in (*GAMES[gid].rules.card_sets, gid)]
    return ", ".join(dict.fromkeys(folders)) + f" and your mods ({display_path(mods_root())})"
