"""What the card browser lists, without pygame: one :class:`Entry` per card of a game's
catalog (and one per card or file that could not be loaded), its facets (kind, power
type, source mod), its problems, and the search and filters over them."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ... import CARDS_DIR
from ...engine import limits, safe_open
from ...engine.cards import CardDef, CardError, Catalog
from ...engine.paths import mods_root

#: per game, the card fields that are its "power type" facet, and what the filter is
#: called (a field may hold one value or a list of them)
TYPE_FACETS: dict[str, tuple[str, tuple[str, ...]]] = {
    "brawl": ("Attack", ("attack",)),
    "power-play": ("Power type", ("type",)),
    "hero-vs-nemesis": ("Suit", ("suit",)),
    "solo-deckbuilder": ("Type", ("type",)),
    "overpower": ("Power type", ("type", "types")),
}
#: the facet of a game the table does not name
DEFAULT_FACET = ("Type", ("type",))
SHIPPED = "shipped"
#: how deep the search looks into a card's data, and how much of it
_SEARCH_DEPTH = 6
_SEARCH_CHARS = 4000


@dataclass(frozen=True)
class Entry:
    """One tile of the browser: a loaded card (``card``), or a card or file that could
    not be loaded (``card`` None: its problems say why)."""

    key: str
    name: str
    kind: str
    types: tuple[str, ...]
    source: str
    file: str
    line: int
    problems: tuple[CardError, ...]
    card: CardDef | None = None
    haystack: str = ""

    @property
    def loaded(self) -> bool:
        return self.card is not None

    @property
    def where(self) -> str:
        """``file:line`` of its definition (or of its first problem)."""
        return f"{self.file}:{self.line}"


@dataclass
class Filters:
    """What the player narrowed the list to (None: any)."""

    text: str = ""
    kind: str | None = None
    type: str | None = None
    source: str | None = None
    problems_only: bool = False


def facet_of(game_id: str) -> tuple[str, tuple[str, ...]]:
    """The name and fields of ``game_id``'s power-type facet."""
    return TYPE_FACETS.get(game_id, DEFAULT_FACET)


def types_of(data: dict[str, Any], fields: Iterable[str]) -> tuple[str, ...]:
    """The facet's values in a card's data (a field holding a list gives each)."""
    out: list[str] = []
    for name in fields:
        value = data.get(name)
        values = value if isinstance(value, (list, tuple)) else (value,)
        out += [v for v in values if isinstance(v, str) and v and v not in out]
    return tuple(out)


_sources: dict[str, str] = {}


def source_of(path: str, mods: str | None = None) -> str:
    """Where a card file comes from: :data:`SHIPPED` (the app's own ``cards/``), the
    mod's folder name (the folder directly under ``mods/``; ``mods`` for a file lying in
    ``mods/`` itself), or the file's folder for anything else. ``mods``: the mods folder
    (when the caller has it: looking it up costs more than the rest)."""
    mods = mods if mods is not None else str(mods_root())
    key = f"{path}\0{mods}"
    found = _sources.get(key)
    if found is None:
        if len(_sources) > 2000:
            _sources.clear()
        found = _sources[key] = _source(path, mods)
    return found


def _source(path: str, mods: str) -> str:
    real = Path(os.path.realpath(path))
    for root, shipped in ((CARDS_DIR, True), (mods, False)):
        try:
            parts = real.relative_to(os.path.realpath(root)).parts
        except ValueError:
            continue
        if shipped:
            return SHIPPED
        return parts[0] if len(parts) > 1 else "mods"
    return real.parent.name or str(real.parent)


def _strings(value: Any, depth: int = 0) -> Iterable[str]:
    if depth > _SEARCH_DEPTH:
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v, depth + 1)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v, depth + 1)


def haystack(*parts: Any) -> str:
    """The words a search looks in, lower case (the card's name, id, kind, texts and
    every word of its data, cut at a few thousand characters)."""
    return " ".join(s for part in parts for s in _strings(part))[:_SEARCH_CHARS].lower()


def _file_of(error: CardError) -> str:
    return error.file


def entries(catalog: Catalog, game_id: str, more_errors: Iterable[CardError] = ()) \
        -> list[Entry]:
    """Every card of ``catalog`` as an entry, its problems attached (a problem naming
    the card, from the card's own file; a problem of its file naming no card), and an
    entry for each card or file with problems that has no card in the catalog: those
    come first. ``more_errors``: problems found since the catalog was loaded (hot
    reload keeps the last good cards while a file is broken)."""
    errors: list[CardError] = []
    seen: set[str] = set()
    for error in (*catalog.errors, *more_errors):
        if str(error) not in seen:
            seen.add(str(error))
            errors.append(error)
    by_card: dict[tuple[str, str], list[CardError]] = {}
    by_file: dict[str, list[CardError]] = {}
    for error in errors:
        if error.card:
            by_card.setdefault((error.file, error.card), []).append(error)
        else:
            by_file.setdefault(_file_of(error), []).append(error)
    label, fields = facet_of(game_id)
    mods = str(mods_root())
    cards: list[Entry] = []
    files_with_cards: set[str] = set()
    for card in catalog.cards.values():
        problems = tuple(by_card.pop((card.source, card.id), []) +
                         by_file.get(card.source, []))
        files_with_cards.add(card.source)
        cards.append(Entry(card.id, card.name, card.kind, types_of(card.data, fields),
                           source_of(card.source, mods), card.source, card.line, problems, card,
                           haystack(card.name, card.id, card.kind, card.data)))
    broken: list[Entry] = []
    for (file, card_id), problems in by_card.items():
        first = min(problems, key=lambda e: (e.line, e.col))
        broken.append(Entry(f"{file}\0{card_id}", card_id, "", (), source_of(file, mods), file,
                            first.line, tuple(problems),
                            haystack=haystack(card_id, file, [e.message for e in problems])))
    for file, problems in by_file.items():
        if file in files_with_cards:
            continue
        first = min(problems, key=lambda e: (e.line, e.col))
        broken.append(Entry(f"{file}\0", os.path.basename(file) or file, "", (),
                            source_of(file, mods), file, first.line, tuple(problems),
                            haystack=haystack(file, [e.message for e in problems])))
    broken.sort(key=lambda e: (e.file, e.line))
    return broken + cards


def choices(items: list[Entry], facet: str) -> list[str]:
    """The values of ``facet`` (``kind``, ``types``, ``source``) among ``items``, in the
    order they first appear (shipped first among sources)."""
    out: dict[str, None] = {}
    for entry in items:
        value = getattr(entry, facet)
        for v in value if isinstance(value, tuple) else (value,):
            if v:
                out.setdefault(v, None)
    values = list(out)
    if facet == "source" and SHIPPED in out:
        values.remove(SHIPPED)
        values.insert(0, SHIPPED)
    return values


def matches(entry: Entry, filters: Filters) -> bool:
    """Does ``entry`` pass ``filters``? Every word of the search must be in its words;
    a card that could not be loaded has no kind or type, so a kind or type filter
    leaves it out."""
    if filters.kind is not None and entry.kind != filters.kind:
        return False
    if filters.type is not None and filters.type not in entry.types:
        return False
    if filters.source is not None and entry.source != filters.source:
        return False
    if filters.problems_only and not entry.problems:
        return False
    return all(word in entry.haystack for word in filters.text.lower().split())


def shown(items: list[Entry], filters: Filters) -> list[Entry]:
    """The entries that pass ``filters``, in order."""
    return [e for e in items if matches(e, filters)]


def pretty(value: str) -> str:
    """A facet's value as a label: ``basic-universe`` -> ``Basic universe``."""
    words = value.replace("-", " ").replace("_", " ")
    return words[:1].upper() + words[1:]


def as_dealt(catalog: Catalog, game_id: str) -> dict[str, CardDef]:
    """The definitions a game's table draws, by card id, where they differ from the
    catalog's (Hero vs Nemesis merges each playing card with its suit's and rank's
    meaning when it deals): the cards of a new game with the default options. Empty when
    the cards cannot be dealt (a broken set): the catalog's own are drawn then."""
    from ...games import GAMES

    game = GAMES.get(game_id)
    if game is None or not catalog.cards:
        return {}
    try:
        state = game.rules.new_state(catalog, game.rules.default_options(), 1)
    except Exception:  # noqa: BLE001 - any set-up failure: the catalog's cards are drawn
        return {}
    out: dict[str, CardDef] = {}
    for card in getattr(state, "cards", ()):
        if isinstance(card, CardDef) and catalog.cards.get(card.id) is not card:
            out.setdefault(card.id, card)
    return out


#: the most of a card file read to show a card as written (a card file's own limit), and
#: the most lines shown
WRITTEN_BYTES = limits.MAX_CARD_FILE_BYTES
WRITTEN_LINES = 60


def written(path: str, line: int, most: int = WRITTEN_LINES) -> list[str]:
    """The lines of a card as its file has them: from ``line`` (its ``- id:`` line, or
    the one line of a card written in braces) to the line before the next item at its
    depth or less; [] when the file cannot be read (gone, over the card file limit)."""
    try:  # (a regular file only: a named pipe put in its place would never end)
        raw = safe_open.read_regular(path, WRITTEN_BYTES)
    except OSError:  # gone, over the limit, not a regular file
        return []
    if line < 1:
        return []
    lines = raw.decode("utf-8", "replace").splitlines()[line - 1:]
    if not lines:
        return []
    first = lines[0]
    depth = len(first) - len(first.lstrip(" "))
    out = [first]
    for text in lines[1:]:
        body = text.lstrip(" ")
        if body and not body.startswith("#") and len(text) - len(body) <= depth:
            break
        out.append(text)
    while out and not out[-1].strip():
        out.pop()
    return out[:most] + (["\u2026"] if len(out) > most else [])
