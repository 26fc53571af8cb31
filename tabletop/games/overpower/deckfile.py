"""OverPower deck files: a player's deck as a YAML file to keep and share.

Decks are saved in the user data folder (``<user data>/decks/overpower``), exported to the
player's documents folder and imported from any file. Reading one is limited before the
work grows (its size, then :func:`tabletop.engine.yamlio.load`'s depth and node limits)
and checked twice: the file's shape (the fields below), then the deck rules
(:mod:`.decklaw`). Every problem is reported as ``file:line:col: message``; a bad file is
refused, never half read. A game started with a player's deck carries the deck in its
starting position (``decks:``, :func:`position_decks`), so its save replays anywhere.

::

    # An OverPower deck (Tabletop): share this file; the deck builder imports it.
    game: overpower
    name: Harbour Lights
    characters: [saltbright, keel-marrow, gannet-vey, almoner-quill]
    reserve: almoner-quill          # only a suggestion: the Reserve is chosen at set-up
    missions: drowned-bell          # the mission set
    home_base: gull-point           # optional: a Location all four are listed on
    battlesite: old-breakwater      # optional: a Location none of them is listed on
    under_battlesite: [saltbright-flare-lance]
    cards:                          # the Draw Pile: card id -> copies
      energy-5: 2
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...engine import limits, safe_open
from ...engine.cards import Catalog
from ...engine.files import atomic_write
from ...engine.loader import CardLoader, display_path
from ...engine.moves import NotationError, seat_label
from ...engine.paths import decks_dir, exports_dir
from ...engine.schema import Enum, Field, ListOf, Record, Str, validate
from . import decklaw
from .cards import Counts
from .decklaw import ORDINARY, DeckList, DeckProblem, DeckRules

GAME_ID = "overpower"
HEADER = "# An OverPower deck (Tabletop): share this file; the deck builder imports it.\n"

DECK_FILE = Record({
    "game": Field(Enum(GAME_ID), required=True, doc="always `overpower`"),
    "name": Field(Str(), required=True, doc="the deck's name"),
    "characters": Field(ListOf(Str(), max_len=8), required=True,
                        doc="the four characters' ids"),
    "reserve": Field(Str(), doc="the suggested Reserve (one of the four)"),
    "missions": Field(Str(), required=True, doc="the mission set"),
    "home_base": Field(Str(), doc="the Location used as Home Base"),
    "battlesite": Field(Str(), doc="the Location used as Battlesite"),
    "under_battlesite": Field(ListOf(Str(), max_len=60), default=(),
                              doc="the Specials beneath the Battlesite"),
    "cards": Field(Counts(), required=True, doc="the Draw Pile: card id -> copies"),
}, name="an OverPower deck")
#: deck law part -> the file's field
FIELDS = {"beneath": "under_battlesite"}


class DeckFileError(ValueError):
    """A deck file that cannot be used; ``problems`` are ``file:line:col: message``."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass
class DeckFile:
    """A deck read from a file, with where each of its fields was written."""

    deck: DeckList
    shown: str
    doc: Any = None

    def where(self, problem: DeckProblem) -> tuple[int, int]:
        """The line and column a deck law problem points at: the card's own entry when
        there is one, else its field."""
        doc = self.doc
        if not isinstance(doc, dict) or not hasattr(doc, "mark_of"):
            return (1, 1)
        name = FIELDS.get(problem.part, problem.part)
        value = doc.get(name)
        if problem.card is not None and hasattr(value, "key_marks") and \
                problem.card in value.key_marks:
            return value.key_marks[problem.card]
        if problem.card is not None and hasattr(value, "item_marks") and \
                problem.card in value:
            return value.mark_of(value.index(problem.card))
        if name in doc:
            return doc.mark_of(name)
        return doc.mark

    def messages(self, problems: list[DeckProblem]) -> list[str]:
        out = []
        for p in problems:
            line, col = self.where(p)
            out.append(f"{self.shown}:{line}:{col}: {p}")
        return out


def parse(text: str, shown: str) -> DeckFile:
    """A deck file's text, read and checked for its shape (not yet the deck rules)."""
    errors = Catalog(GAME_ID)
    doc = CardLoader.parse(text, shown, errors)
    if errors.errors:
        raise DeckFileError([str(e) for e in errors.errors])
    if not isinstance(doc, dict):
        raise DeckFileError([f"{shown}:1:1: expected an OverPower deck (a mapping with "
                             "game: overpower, name, characters, missions and cards)"])
    result = validate(DECK_FILE, doc, mark=doc.mark)
    problems = [f"{shown}:{p.mark[0]}:{p.mark[1]}: {p.path + ': ' if p.path else ''}"
                f"{p.message}" for p in result.problems]
    cards = doc.get("cards")
    if isinstance(cards, dict) and len(cards) > limits.MAX_DECK_CARDS:
        line, col = doc.mark_of("cards")
        problems.append(f"{shown}:{line}:{col}: cards: a deck lists at most "
                        f"{limits.MAX_DECK_CARDS} different cards, this one {len(cards)}")
    if problems:
        raise DeckFileError(problems)
    data = result.value
    return DeckFile(DeckList.from_data(data["name"], data), shown, doc)


def read(path: Path) -> DeckFile:
    """Read a deck file within the limits; raises :class:`DeckFileError`."""
    path = Path(path)
    shown = display_path(path)
    try:
        # a regular file within the limit, looked at before it is opened (a named pipe
        # would wait forever for a writer): :mod:`tabletop.engine.safe_open`
        raw = safe_open.read_regular(path, limits.MAX_DECK_FILE_BYTES)
    except safe_open.FileTooLarge as exc:
        size = "" if exc.grew else (f" ({exc.size:,} bytes; a deck file has at most "
                                    f"{limits.MAX_DECK_FILE_BYTES:,})")
        raise DeckFileError([f"{shown}:1:1: the file is too large to be a deck"
                             + size]) from None
    except safe_open.NotRegularFile as exc:
        raise DeckFileError([f"{shown}:1:1: the file is {exc.what}, not a deck "
                             "file"]) from None
    except OSError as exc:
        raise DeckFileError([f"{shown}:1:1: cannot read the file: "
                             f"{exc.strerror or exc}"]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DeckFileError([f"{shown}:{line}:{col}: the file is not UTF-8 text (byte "
                             f"0x{raw[exc.start]:02x}); save it as UTF-8"]) from None
    return parse(text, shown)


def law_errors(catalog: Catalog, found: DeckFile, rules: DeckRules = ORDINARY) -> \
        list[str]:
    """The deck rules' errors of a file's deck, at their lines."""
    return found.messages(decklaw.errors(decklaw.check(catalog, found.deck, rules)))


#: the fields only a deck file has (a card file has ``game``, ``cards`` and ``remove``)
OWN_FIELDS = frozenset(DECK_FILE.fields) - {"game", "cards"}


def is_deck_document(doc: Any) -> bool:
    """Is a YAML document a deck file rather than a card file: a field of a deck's own
    (``name``, ``characters``...) or ``cards`` a mapping (a card file's is a list), and no
    ``remove``? (``tabletop validate`` then checks it as a deck.)"""
    if not isinstance(doc, dict) or "remove" in doc:
        return False
    return any(key in doc for key in OWN_FIELDS) or isinstance(doc.get("cards"), dict)


def file_problems(path: Path, catalog: Catalog, rules: DeckRules = ORDINARY) -> list[str]:
    """Every problem of a deck file, its shape then the deck rules against ``catalog``,
    each ``file:line:col: message`` (none: the deck plays)."""
    try:
        found = read(path)
    except DeckFileError as exc:
        return exc.problems
    return law_errors(catalog, found, rules)


def load_legal(path: Path, catalog: Catalog, rules: DeckRules = ORDINARY) -> DeckList:
    """A legal deck from a file, or :class:`DeckFileError` with every problem."""
    found = read(path)
    problems = law_errors(catalog, found, rules)
    if problems:
        raise DeckFileError(problems)
    return found.deck


# -- writing -----------------------------------------------------------------------------------
_PLAIN = re.compile(r"[a-z][a-z0-9-]*")
#: words some YAML readers take for something other than text
_WORDS = frozenset(("true", "false", "null", "yes", "no", "on", "off", "y", "n"))


def _scalar(value: str) -> str:
    """A YAML scalar: a card id as it is, any other text double-quoted (JSON's quoting
    is YAML's)."""
    if _PLAIN.fullmatch(value) and value not in _WORDS:
        return value
    return json.dumps(value, ensure_ascii=False)


def dump(deck: DeckList) -> str:
    """The deck as the text of a deck file (one Draw Pile card a line)."""
    lines = [HEADER.rstrip("\n"), f"game: {GAME_ID}"]
    for key, value in deck.to_data().items():
        if isinstance(value, list):
            lines.append(f"{key}: [{', '.join(_scalar(v) for v in value)}]")
        elif isinstance(value, dict):
            lines.append(f"{key}:")
            lines += [f"  {_scalar(cid)}: {n}" for cid, n in value.items()]
        else:
            lines.append(f"{key}: {_scalar(value)}")
    return "\n".join(lines) + "\n"


def slug(name: str) -> str:
    """A file name for a deck name (letters and digits, dashes between)."""
    words = re.findall(r"[^\W_]+", name.casefold())
    return "-".join(words)[:60] or "deck"


def write(deck: DeckList, path: Path) -> Path:
    atomic_write(path, dump(deck).encode("utf-8"))
    return path


def save(deck: DeckList, folder: Path | None = None) -> Path:
    """Save ``deck`` in the decks folder under its name (a deck of the same name is
    replaced)."""
    folder = folder or decks_dir(GAME_ID)
    return write(deck, folder / f"{slug(deck.name)}.yaml")


def free_path(folder: Path, name: str) -> Path:
    """``<slug>.yaml`` in ``folder``, or ``<slug>-2.yaml``... when that one is taken."""
    base = slug(name)
    path = folder / f"{base}.yaml"
    n = 2
    while path.exists():
        path = folder / f"{base}-{n}.yaml"
        n += 1
    return path


def export(deck: DeckList, folder: Path | None = None) -> Path:
    """Write a copy for the player to share (never over another file)."""
    return write(deck, free_path(folder or exports_dir(), deck.name))


def import_file(path: Path, catalog: Catalog, rules: DeckRules = ORDINARY,
                folder: Path | None = None) -> tuple[Path, DeckList]:
    """Check a deck file (shape and deck rules) and copy it into the decks folder (under
    a name of its own); :class:`DeckFileError` lists why a bad one is refused."""
    deck = load_legal(path, catalog, rules)
    folder = folder or decks_dir(GAME_ID)
    target = free_path(folder, deck.name)
    return write(deck, target), deck


@dataclass
class SavedDeck:
    """A file in the decks folder: its deck, or why it cannot be read."""

    path: Path
    deck: DeckList | None
    problem: str = ""


def saved(folder: Path | None = None) -> list[SavedDeck]:
    """The saved decks, by name (at most :data:`~tabletop.engine.limits.MAX_DECK_FILES`
    files are read)."""
    folder = folder or decks_dir(GAME_ID)
    try:
        paths = sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml"))
    except OSError:
        return []
    out = []
    for path in paths[:limits.MAX_DECK_FILES]:
        try:
            out.append(SavedDeck(path, read(path).deck))
        except DeckFileError as exc:
            out.append(SavedDeck(path, None, exc.problems[0]))
    return sorted(out, key=lambda d: (d.deck is None, d.deck.name.casefold() if d.deck
                                      else d.path.name))


# -- a game started with players' decks --------------------------------------------------------
def position_decks(catalog: Catalog, options: dict[str, Any],
                   position: dict[str, Any]) -> list[DeckList | None]:
    """The decks a starting position gives each seat (``decks: {P1: {...}, P2: ...}``,
    each a deck file's fields), checked against the deck rules (with the game's Code
    Rule); None for a seat that plays the deck of its option."""
    given = position.get("decks") or {}
    if not isinstance(given, dict):
        raise NotationError("scenario: decks must map P1 and P2 to decks")
    rules = DeckRules(code_rule=bool(options.get("code_rule")))
    out: list[DeckList | None] = []
    for seat in (0, 1):
        label = seat_label(seat)
        data = given.get(label)
        if data is None:
            out.append(None)
            continue
        result = validate(DECK_FILE, {"game": GAME_ID, **data} if isinstance(data, dict)
                          else data)
        if result.problems:
            p = result.problems[0]
            raise NotationError(f"scenario: {label}'s deck: {p.path}: {p.message}")
        deck = DeckList.from_data(result.value["name"], result.value)
        found = decklaw.errors(decklaw.check(catalog, deck, rules))
        if found:
            raise NotationError(f"scenario: {label}'s deck {deck.name!r} is not legal: "
                                + "; ".join(p.message for p in found))
        out.append(deck)
    return out


def position_data(deck: DeckList) -> dict[str, Any]:
    """A deck as a starting position holds it (plain data: a save writes it as JSON)."""
    return deck.to_data()
