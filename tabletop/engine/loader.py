"""Load and validate a game's card files: ``cards/<game>/*.yaml`` then mods.

A file looks like::

    game: brawl            # optional in cards/<game>/, required in mods
    remove: [some-id]      # optional (mods): take cards out of the set
    cards:
      - id: tin-sentinel
        kind: character
        name: Tin Sentinel
        ...

Every problem becomes a :class:`~tabletop.engine.cards.CardError` naming file, line,
column and field; a bad card is skipped and the rest still load. A file over a limit of
:mod:`tabletop.engine.limits` is refused as a whole (one problem), before the work grows.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import os
import re
from collections.abc import Iterable
from pathlib import Path

import yaml

from .. import ART_DIR, DATA_DIR
from . import limits, safe_open, yamlhints, yamlio
from .cardfiles import scanned_files
from .cardmarks import CardMarks, FileMarks, card_marks
from .cards import CardError, Catalog, card_def
from .nearest import did_you_mean
from .schema import Field, Int, Record, Str, suggest, validate
from .schema import describe_value as schema_describe

ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_id_match = ID_RE.match
_MDict = yamlio.MDict

COMMON_FIELDS: dict[str, Field] = {
    "id": Field(Str(), required=True,
                doc="unique id: lower-case letters, digits and dashes; a mod card with the "
                    "same id replaces the original"),
    "kind": Field(Str(), required=True, doc="what sort of card this is (per game)"),
    "name": Field(Str(), required=True, doc="the name printed on the card"),
    "text": Field(Str(nonempty=False), default="", doc="rules text shown on the card"),
    "flavor": Field(Str(nonempty=False), default="", doc="a line of flavour text"),
    "copies": Field(Int(0, 20), default=1, doc="how many copies the set contains"),
    "art": Field(Str(max_len=200), default=None,
                 doc="optional image file (PNG), relative to the YAML file and inside the "
                     "mod's own folder (or the project's art/); drawn in the card's picture "
                     "box. Without it the card gets generated art."),
}

#: the largest art image accepted (pixels on a side), and its file size
MAX_ART_SIDE = 4096
MAX_ART_BYTES = 10_000_000
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _label(card_id) -> str | None:
    """How a message names a card (by its id as written)."""
    return None if card_id is None else _one_line(card_id, limits.MAX_QUOTED_CHARS)


def _one_line(text: str, limit: int = 300) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit] + "\u2026"


def _byte_position(raw: bytes, index: int) -> tuple[int, int]:
    line = raw.count(b"\n", 0, index) + 1
    return line, index - (raw.rfind(b"\n", 0, index) + 1) + 1


def check_art(value: str, base_dir: Path, roots: Iterable[Path],
              references: set[str] | None = None) -> tuple[str | None, str]:
    """Resolve a card's ``art:`` path: ``(absolute path, "")`` or ``(None, problem)``.

    The file must be a PNG inside one of ``roots`` (the mod's own folder, the project's
    ``art/``): a path that leads out of them, directly or through a link, is refused.
    ``references`` gets the file's path (as written and resolved) once it is known to be
    inside them, whether or not it is there: a change to it may change the card."""
    if not value.lower().endswith(".png"):
        return None, f"art must be a PNG file (ending in .png), got {limits.quoted(value)}"
    try:
        path = (base_dir / value).resolve()
    except (OSError, RuntimeError, ValueError) as exc:
        if isinstance(exc, RuntimeError) or getattr(exc, "errno", None) == errno.ELOOP:
            return None, f"the art file {limits.quoted(value)} is {safe_open.LOOP}"
        return None, f"cannot find the art file {limits.quoted(value)}: {_one_line(exc)}"
    allowed = []
    for root in roots:
        try:
            allowed.append(Path(root).resolve())
        except (OSError, RuntimeError):  # pragma: no cover - a vanished folder
            continue
    if not any(path.is_relative_to(root) for root in allowed):
        return None, (f"art {limits.quoted(value)} is outside the mod's folder; put the "
                      "image beside the card file (or in a folder below it)")
    if references is not None:
        references.update((os.path.abspath(base_dir / value), str(path)))
    try:
        # looked at before it is opened: a named pipe would wait forever for a writer
        with safe_open.open_regular(path) as (fd, st):
            size, head = st.st_size, safe_open.read_upto(fd, 24)
    except safe_open.NotRegularFile as exc:
        return None, f"the art file {limits.quoted(value)} is {exc.what}, not a PNG image"
    except OSError:
        return None, f"there is no art file {limits.quoted(value)} beside the card file"
    if head[:8] != _PNG_SIGNATURE or head[12:16] != b"IHDR":
        return None, f"the art file {limits.quoted(value)} is not a PNG image"
    width, height = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    if size > MAX_ART_BYTES or max(width, height) > MAX_ART_SIDE:
        return None, (f"the art file {limits.quoted(value)} is too large ({width}x{height} "
                      f"pixels, {size:,} bytes; at most {MAX_ART_SIDE} pixels a side and "
                      f"{MAX_ART_BYTES:,} bytes)")
    return str(path), ""


def display_path(path: Path, cwd: Path | None = None) -> str:
    """``path`` as shown in messages: relative to the working folder (``cwd``, resolved,
    when the caller already has it) when it is inside it. A link shows where it leads,
    unless that is no file to show (a link in a loop, a link to a named pipe or a
    device: the link itself is what the player can find)."""
    try:
        real = path.resolve()
        if os.path.islink(path) and safe_open.is_special(path):
            raise RuntimeError("a link to a special file")
    except (OSError, RuntimeError):  # a link in a loop (3.11 raises RuntimeError)
        real = Path(os.path.realpath(path.parent)) / path.name
    try:
        return str(real.relative_to(cwd or Path.cwd().resolve()))
    except ValueError:
        return str(path)


#: the real paths of the app's own card folders (inside its package data, which does not
#: move while it runs), worked out once a process: resolving a folder took about a
#: twentieth of loading a small shipped set
_PACKAGE_FOLDERS: dict[str, str] = {}
_DATA = str(DATA_DIR) + os.sep


def _real_folder(folder: str) -> str:
    """``os.path.realpath(folder)``, kept for the folders of the app's own data."""
    if not folder.startswith(_DATA):
        return os.path.realpath(folder)
    real = _PACKAGE_FOLDERS.get(folder)
    if real is None:
        real = _PACKAGE_FOLDERS[folder] = os.path.realpath(folder)
    return real


class CardLoader:
    """Validates card files against a game's card kinds (``{kind: {field: Field}}``).

    ``sets`` are the ids of shared card sets the game also reads (``standard-deck``): a
    file saying ``game: standard-deck`` is then loaded too, so mods can add to the shared
    set as well as to the game's own cards.
    """

    def __init__(self, game: str, kinds: dict[str, dict[str, Field]],
                 sets: Iterable[str] = (), known_games: Iterable[str] | None = None,
                 art: bool = True) -> None:
        """``art=False``: pictures are left out (``art`` is None) without looking for the
        files, for cards loaded from text where nothing is drawn (the balance lab)."""
        self.game = game
        self.art = art
        #: the working folder and the card folders, resolved once per loader (a load
        #: does not change folder): a file's path is shown relative to the working folder
        self._cwd: str | None = None
        self._folders: dict[str, str] = {}
        self._shown: tuple = (None, "")  # the last path shown, and how
        self.accepts = {game, *sets}
        #: every game and card set id a file may name (None: not checked)
        self.known = set(known_games) | self.accepts if known_games is not None else None
        self.kinds = kinds
        self.records = _records(kinds)
        #: each kind's compiled check (made once per set of kinds, with the records)
        self.checks = {kind: record.compiled() for kind, record in self.records.items()}
        #: the files the folder listing saw as regular files that are not links
        #: (:func:`scanned_files`)
        self.plain: set[str] = set()

    def _display(self, path: Path) -> str:
        """:func:`display_path` of ``path`` (a file that is not a link resolves to its
        folder's real path and its name, so each folder is resolved once; the file being
        loaded is asked for twice, by :meth:`read` and for its cards)."""
        if self._shown[0] is path:
            return self._shown[1]
        if self._cwd is None:
            self._cwd = os.path.realpath(os.getcwd())
        text = str(path)
        if text not in self.plain and os.path.islink(path):
            shown = display_path(path, Path(self._cwd))
        else:
            where, name = os.path.split(text)
            folder = self._folders.get(where)
            if folder is None:
                folder = self._folders[where] = _real_folder(where)
            real = os.path.join(folder, name)
            base = self._cwd.rstrip(os.sep) + os.sep
            shown = real[len(base):] if real.startswith(base) else \
                "." if real == self._cwd else str(path)
        self._shown = (path, shown)
        return shown

    def read(self, path: Path, catalog: Catalog) -> str | None:
        """The text of a card file, or None after reporting why it cannot be used."""
        shown = self._display(path)
        try:
            # a regular file within the limit, looked at before it is opened (a named
            # pipe or a device is refused unread: :mod:`.safe_open`)
            raw = safe_open.read_regular(path, limits.MAX_CARD_FILE_BYTES,
                                         looked=str(path) in self.plain)
        except safe_open.FileTooLarge as exc:
            catalog.errors.append(CardError(shown, 1, 1, "the file is too large" if exc.grew
                                            else f"the file is too large ({exc.size:,} "
                                            "bytes; a card file may have at most "
                                            f"{limits.MAX_CARD_FILE_BYTES:,})"))
            return None
        except safe_open.NotRegularFile as exc:
            catalog.errors.append(CardError(shown, 1, 1, f"the file is {exc.what}, not a "
                                            "regular file; it was skipped"))
            return None
        except OSError as exc:
            catalog.errors.append(CardError(shown, 1, 1, "cannot read the file: "
                                            + _one_line(exc.strerror or exc)))
            return None
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line, col = _byte_position(raw, exc.start)
            catalog.errors.append(CardError(
                shown, line, col, f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x} "
                                  "cannot be read); save it as UTF-8"))
            return None

    def load_file(self, path: Path, catalog: Catalog, is_mod: bool = False,
                  root: Path | None = None, implied: bool = False) -> None:
        """Load one file; ``root`` is the mod's own folder (art must stay inside it);
        ``implied``: a file without ``game:`` is for this game (``validate --game``)."""
        limits.checkpoint()
        text = self.read(path, catalog)
        if text is not None:
            self.load_text(text, self._display(path), catalog, is_mod=is_mod,
                           base_dir=path.parent, root=root, implied=implied)

    def load_text(self, text: str, shown: str, catalog: Catalog, is_mod: bool = False,
                  base_dir: Path | None = None, root: Path | None = None,
                  implied: bool = False) -> None:
        doc = self.parse(text, shown, catalog)
        if doc is None:
            return
        catalog.files.append(shown)
        if doc is _EMPTY:
            return
        if not isinstance(doc, dict):
            catalog.errors.append(CardError(shown, 1, 1,
                                            "expected a mapping with a 'cards:' list at the top"))
            return
        known_top = {"game", "cards", "remove"}
        for key in doc:
            if key not in known_top:
                line, col = doc.key_marks.get(key, (1, 1))
                catalog.errors.append(CardError(
                    shown, line, col, f"unknown top-level field {limits.quoted(key)}"
                    + suggest(key, known_top) + "; expected: game, cards, remove",
                    field=_one_line(key, limits.MAX_QUOTED_CHARS)))
        if not self._for_this_game(doc, shown, catalog, is_mod and not implied):
            return
        self._remove(doc, shown, catalog)
        cards = doc.get("cards")
        if cards is None:
            return
        if not isinstance(cards, list):
            line, col = doc.mark_of("cards")
            catalog.errors.append(CardError(shown, line, col,
                                            "expected a list of cards", field="cards"))
            return
        self._load_cards(cards, text, shown, catalog, is_mod, base_dir,
                         [root or base_dir, ART_DIR] if base_dir is not None else [])

    def _load_cards(self, cards, text: str, shown: str, catalog: Catalog, is_mod: bool,
                    base_dir: Path | None, roots: list[Path]) -> None:
        """The cards of a file's ``cards:`` list (``text``: the file's)."""
        here: dict[str, int] = {}  # ids defined in this file -> line
        marks = cards.item_marks
        source = FileMarks(text)
        checks = self.checks
        known = catalog.cards
        art = self.art
        for index, raw in enumerate(cards):
            if index % 200 == 199:
                limits.checkpoint()
            # the common card, here without a call: a mapping read on the fast path, of a
            # known kind, that its compiled check takes, with a good new id and no picture
            # to look for; anything else goes to _load_card, which says what is wrong
            kind = raw.get("kind") if raw.__class__ is _MDict else None
            check = checks.get(kind) if kind.__class__ is str else None
            if check is not None and raw._value_marks is None:  # noqa: SLF001
                try:
                    data = check(raw)
                except Exception:  # noqa: BLE001 - _load_card words it
                    data = None
                card_id = raw.get("id")
                if (data is not None and card_id.__class__ is str and _id_match(card_id)
                        and card_id not in here and (is_mod or card_id not in known)
                        and not (art and data["art"])):
                    if not art:
                        data["art"] = None
                    del data["id"], data["kind"]
                    line = marks[index][0]
                    here[card_id] = line
                    if card_id in known:
                        catalog.overridden.append(card_id)
                    known[card_id] = card_def(card_id, kind, data.pop("name"), data, shown,
                                              line, CardMarks(source, index))
                    continue
            self._load_card(raw, marks[index], shown, catalog, is_mod, base_dir, roots, here,
                            (source, index))

    @staticmethod
    def parse(text: str, shown: str, catalog: Catalog):
        """The YAML document (``_EMPTY`` for an empty file), or None after reporting."""
        try:
            doc = yamlio.load(text)
        except yamlio.LimitError as exc:
            mark = exc.problem_mark
            catalog.errors.append(CardError(shown, mark.line + 1, mark.column + 1,
                                            _one_line(exc.problem)))
            return None
        except yaml.MarkedYAMLError as exc:
            said = yamlhints.explain(exc, text)
            catalog.errors.append(CardError(shown, said.line, said.col,
                                            _one_line(said.message, 600),
                                            snippet=said.snippet))
            return None
        except yaml.YAMLError as exc:
            index = getattr(exc, "position", None)
            line, col = yamlio.position(text, index) if isinstance(index, int) else (1, 1)
            reason = getattr(exc, "reason", None) or str(exc).splitlines()[0]
            catalog.errors.append(CardError(shown, line, col, "YAML error: "
                                            + _one_line(reason)))
            return None
        return _EMPTY if doc is None else doc

    def _for_this_game(self, doc, shown: str, catalog: Catalog, is_mod: bool) -> bool:
        """Whether the file's cards are for this catalog (reporting a missing or unknown
        game)."""
        if "game" not in doc:
            if not is_mod:
                return True
            catalog.errors.append(CardError(shown, *doc.mark,
                                            "a mod file must say which game it is for: "
                                            "add 'game: <id>'", field="game"))
            return False
        game = doc["game"]
        line, col = doc.mark_of("game")
        if not isinstance(game, str):
            catalog.errors.append(CardError(
                shown, line, col, f"expected a game id (text), got {schema_describe(game)}",
                field="game"))
            return False
        if self.known is not None and game not in self.known:
            catalog.errors.append(CardError(
                shown, line, col, f"unknown game {limits.quoted(game)}"
                + suggest(game, sorted(self.known)) + "; known: "
                + ", ".join(sorted(self.known)), field="game"))
            return False
        return game in self.accepts

    @staticmethod
    def _remove(doc, shown: str, catalog: Catalog) -> None:
        if "remove" not in doc or doc["remove"] is None:
            return
        ids = doc["remove"]
        if not isinstance(ids, list):
            line, col = doc.mark_of("remove")
            hint = f" (write remove: [{ids}])" if isinstance(ids, str) and \
                ID_RE.match(ids) and len(ids) <= limits.MAX_QUOTED_CHARS else ""
            catalog.errors.append(CardError(
                shown, line, col, "expected a list of card ids, got "
                + schema_describe(ids) + hint, field="remove"))
            return
        for i, card_id in enumerate(ids):
            line, col = ids.mark_of(i)
            if not isinstance(card_id, str):
                catalog.errors.append(CardError(
                    shown, line, col, f"expected a card id, got {schema_describe(card_id)}",
                    field=f"remove[{i}]"))
            elif card_id in catalog.cards:
                del catalog.cards[card_id]
            else:
                catalog.errors.append(CardError(
                    shown, line, col, f"cannot remove unknown card {limits.quoted(card_id)}"
                    + did_you_mean(card_id, catalog.cards),
                    field="remove"))

    def _load_card(self, raw, mark, shown: str, catalog: Catalog, is_mod: bool,
                   base_dir: Path | None, roots: list[Path], here: dict[str, int],
                   place: tuple[FileMarks, int] | None = None) -> None:
        """One card (``place``: its file's text and its index in the file's cards, where
        its positions are worked out again when first asked for)."""
        if not isinstance(raw, dict):
            catalog.errors.append(CardError(shown, *mark, "expected a card (a mapping)"))
            return
        card_id = raw.get("id")
        kind = raw.get("kind")
        if not isinstance(kind, str) or kind not in self.records:
            kmark = raw.mark_of("kind") if "kind" in raw else raw.mark
            got = "nothing" if kind is None else schema_describe(kind)
            catalog.errors.append(CardError(
                shown, *kmark, f"expected one of {', '.join(self.records)}, got {got}"
                + (suggest(kind, self.records) if isinstance(kind, str) else ""),
                card=_label(card_id), field="kind"))
            return
        data, problems = self._validate(kind, raw)
        if card_id is not None and not _id_match(card_id if card_id.__class__ is str
                                                 else str(card_id)):
            problems.insert(0, _Prob("id", raw.mark_of("id"),
                                     "expected lower-case letters, digits and dashes"))
        if not self.art:
            data["art"] = None
        elif not problems and data.get("art"):
            art, problem = (check_art(data["art"], base_dir, roots, catalog.references)
                            if base_dir is not None
                            else (None, "art needs a card file in a folder"))
            if problem:
                problems.append(_Prob("art", raw.mark_of("art"), problem))
            data["art"] = art
        if problems:
            label = _label(card_id)
            for p in problems:
                catalog.errors.append(CardError(shown, *p.mark, p.message, card=label,
                                                field=p.path or None))
            return
        del data["id"], data["kind"]
        name = data.pop("name")
        card = card_def(str(card_id), kind, name, data, shown, mark[0],
                        card_marks(raw, place))
        if card.id in here:
            catalog.errors.append(CardError(
                shown, *mark, f"duplicate id: already defined at {shown}:{here[card.id]}",
                card=card.id, field="id"))
            return
        here[card.id] = card.line
        if card.id in catalog.cards:
            if is_mod:
                catalog.overridden.append(card.id)
            else:
                prev = catalog.cards[card.id]
                catalog.errors.append(CardError(
                    shown, *mark, f"duplicate id: already defined at {prev.source}:{prev.line}",
                    card=card.id, field="id"))
                return
        catalog.cards[card.id] = card

    def _validate(self, kind: str, raw) -> tuple[dict, list]:
        """The card's normalised data and its problems: the kind's compiled check first;
        at a problem (or anything odd) the careful check, which says what and where."""
        try:
            return self.checks[kind](raw), []
        except Exception:  # noqa: BLE001 - Invalid, or anything odd: check() words it
            result = validate(self.records[kind], raw,
                              mark=raw.mark if isinstance(raw, yamlio.MDict) else (1, 1))
            return result.value, list(result.problems)


_EMPTY = object()

#: id(kinds) -> (kinds, what its fields were, the records made of them): a game's
#: records (and their compiled checks, made when first used) are made once, not at
#: every load (compiling them took up to a tenth of loading a small set of cards)
_RECORDS: dict[int, tuple[dict, dict, dict[str, Record]]] = {}


def _records(kinds: dict[str, dict[str, Field]]) -> dict[str, Record]:
    """A card record per kind (the common fields, then the kind's own), the same ones
    again while ``kinds`` and its fields stay as they were."""
    shape = {kind: tuple(fields.items()) for kind, fields in kinds.items()}
    found = _RECORDS.get(id(kinds))
    if found is not None and found[0] is kinds and found[1] == shape:
        return found[2]
    records = {kind: Record({**COMMON_FIELDS, **fields}, name=f"a {kind} card")
               for kind, fields in kinds.items()}
    if len(_RECORDS) > 64:
        _RECORDS.clear()
    _RECORDS[id(kinds)] = (kinds, shape, records)
    return records


class _Prob:
    def __init__(self, path, mark, message):
        self.path, self.mark, self.message = path, mark, message


def mod_root(directory: Path, path: Path) -> Path:
    """A mod's own folder: the first folder below ``directory`` that holds ``path`` (or
    ``directory`` itself for a file directly in it)."""
    parts = path.relative_to(directory).parts
    return directory / parts[0] if len(parts) > 1 else directory


def load_catalog(game: str, kinds: dict[str, dict[str, Field]], base_dirs: Iterable[Path],
                 mod_dirs: Iterable[Path] = (), sets: Iterable[str] = (),
                 known_games: Iterable[str] | None = None) -> Catalog:
    """Load ``base_dirs`` (the game's own cards) then ``mod_dirs`` (overrides allowed);
    files of the shared card ``sets`` are accepted as well as the game's own. Mods are
    read up to :data:`~tabletop.engine.limits.MAX_MOD_FILES` files and
    :data:`~tabletop.engine.limits.MAX_MOD_BYTES` bytes in all."""
    with collector_paused():
        return _load_catalog(game, kinds, base_dirs, mod_dirs, sets, known_games)


@contextlib.contextmanager
def collector_paused():
    """Python's cyclic garbage collector paused while cards load, its one young pass made
    at the end. A load makes tens of thousands of short-lived containers (libyaml's node
    for each value and its two marks, freed when their file is done) and nothing it keeps
    forms a cycle, so the collector's passes during a load (one per 700 new containers,
    each scanning the survivors) only ever find the nodes alive: they took a fifth to a
    third of the load's CPU time (measured with ``gc.callbacks``, 1,000 cards). The pass
    at the end looks once at what the load keeps, as the collector would have at its next
    chance, and is counted in the load's time."""
    if not gc.isenabled():  # paused already (by a load in another thread)
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        if gc.get_count()[0] > gc.get_threshold()[0]:  # it would pass at once anyway
            gc.collect(0)


def _load_catalog(game, kinds, base_dirs, mod_dirs, sets, known_games) -> Catalog:
    loader = CardLoader(game, kinds, sets, known_games)
    catalog = Catalog(game)
    for directory in base_dirs:
        for path in scanned_files(Path(directory), loader.plain):
            loader.load_file(path, catalog)
    files = budget = 0
    for directory in mod_dirs:
        directory = Path(directory)
        for path in scanned_files(directory, loader.plain):
            files += 1
            with contextlib.suppress(OSError):
                budget += path.stat().st_size
            if files > limits.MAX_MOD_FILES or budget > limits.MAX_MOD_BYTES:
                catalog.errors.append(CardError(
                    display_path(path), 1, 1, f"too many mod files: at most "
                    f"{limits.MAX_MOD_FILES} files and {limits.MAX_MOD_BYTES:,} bytes in all "
                    "are read; this file and the ones after it were skipped"))
                return catalog
            loader.load_file(path, catalog, is_mod=True, root=mod_root(directory, path))
    return catalog
