"""Card definitions and catalogs (the loaded card data of one game).

A :class:`CardDef` is immutable once loaded and shared by every state; game states hold
only small integers (card instances) that index a tuple of definitions.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class CardError:
    """A problem in a card file: where it is, which card and field, and what is wrong.

    ``str()`` is one line (``file:line:col: ...``, as the app's lists show it);
    ``snippet`` is the file's line with a caret under the column (a YAML syntax error),
    which :meth:`detailed` adds below it for a terminal (``tabletop validate``)."""

    file: str
    line: int
    col: int
    message: str
    card: str | None = None
    field: str | None = None
    snippet: str = ""

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.col}"
        what = ""
        if self.card:
            what += f"card {self.card!r} "
        if self.field:
            what += f"field {self.field!r}"
        what = what.strip()
        return f"{where}: {what + ': ' if what else ''}{self.message}"

    def detailed(self) -> str:
        """:func:`str`, then the snippet (if any) on the lines below, indented."""
        if not self.snippet:
            return str(self)
        return str(self) + "\n" + "\n".join("  " + line for line in self.snippet.splitlines())


@dataclass(frozen=True, eq=False)
class CardDef:
    """One card as defined in YAML (after validation and normalisation)."""

    id: str
    kind: str
    name: str
    data: dict[str, Any]
    source: str = ""
    line: int = 0
    #: where each top-level field's value starts in the file: field -> (line, column)
    marks: dict = field(default_factory=dict, compare=False, repr=False)

    def mark_of(self, path: str) -> tuple[int, int]:
        """Line and column of a field (``powers[1].speed`` -> where ``powers`` starts)."""
        top = path.split("[")[0].split(".")[0]
        return self.marks.get(top, (self.line, 1))

    @property
    def text(self) -> str:
        return self.data.get("text") or ""

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def __repr__(self) -> str:
        return f"CardDef({self.id!r})"


_new = object.__new__
_set = object.__setattr__


def card_def(id: str, kind: str, name: str, data: dict[str, Any], source: str,  # noqa: A002
             line: int, marks) -> CardDef:
    """``CardDef(id, kind, name, data, source, line, marks)``, made as the loader makes
    every card: its fields set at once rather than one by one through the frozen
    dataclass's ``__init__`` (that took a tenth of loading a small set's cards)."""
    card = _new(CardDef)
    _set(card, "__dict__", {"id": id, "kind": kind, "name": name, "data": data,
                            "source": source, "line": line, "marks": marks})
    return card


@dataclass
class Catalog:
    """Every valid card of one game, plus the problems met while loading."""

    game: str
    cards: dict[str, CardDef] = field(default_factory=dict)
    errors: list[CardError] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    overridden: list[str] = field(default_factory=list)
    #: the other files its cards name (``art:``), absolute, found or not (hot reload
    #: reloads the catalog when one of them changes, comes or goes)
    references: set[str] = field(default_factory=set, compare=False, repr=False)

    def __contains__(self, card_id: str) -> bool:
        return card_id in self.cards

    def __getitem__(self, card_id: str) -> CardDef:
        return self.cards[card_id]

    def of_kind(self, *kinds: str) -> list[CardDef]:
        return [c for c in self.cards.values() if c.kind in kinds]

    #: the cards the fingerprint was last worked out for, and it (card definitions are
    #: immutable, so the same definitions give the same fingerprint)
    _memo: tuple = field(default=((), ""), init=False, repr=False, compare=False)
    #: what games derive from these cards (:meth:`derived`): key -> (cards, value)
    _derived: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def derived(self, key: Any, build: Callable[[], Any]) -> Any:
        """``build()``, worked out once for these card definitions (again when they
        change): what a game derives from its cards at every new game (a deck dealt
        out, compiled cards), as playouts start thousands of games."""
        cards = tuple(self.cards.values())
        found = self._derived.get(key)
        if found is not None and len(found[0]) == len(cards) and \
                all(a is b for a, b in zip(found[0], cards, strict=True)):
            return found[1]
        value = build()
        if len(self._derived) > 32:
            self._derived.clear()
        self._derived[key] = (cards, value)
        return value

    @property
    def fingerprint(self) -> str:
        """A short hash of all card data: saves record it to notice changed cards (every
        autosave does: it is worked out again only when the cards changed)."""
        cards = tuple(self.cards.values())
        seen, value = self._memo
        if value and len(seen) == len(cards) and \
                all(a is b for a, b in zip(seen, cards, strict=True)):
            return value
        value = self._fingerprint()
        self._memo = (cards, value)
        return value

    def card_prints(self) -> dict[str, str]:
        """Each card's own short hash (8 hex digits) by card id: two card sets' cards
        compared one by one (:func:`differing_cards`) name what differs."""
        return {c.id: hashlib.sha256(json.dumps(
            [c.id, c.kind, c.name, c.data], sort_keys=True, separators=(",", ":"),
            default=list).encode()).hexdigest()[:8] for c in self.cards.values()}

    def _fingerprint(self) -> str:
        blob = json.dumps(
            [[c.id, c.kind, c.name, c.data] for c in sorted(self.cards.values(),
                                                             key=lambda c: c.id)],
            sort_keys=True, separators=(",", ":"), default=list,
        )
        return hashlib.sha256(blob.encode()).hexdigest()[:16]


def differing_cards(mine: Catalog, theirs: dict[str, str], most: int = 8) -> list[str]:
    """The cards of ``mine`` and of another card set (``theirs``: its
    :meth:`Catalog.card_prints`) that differ, in words: "Name (changed)", "Name (only
    here)", "id (only there)"; at most ``most`` of them, then how many more."""
    prints = mine.card_prints()
    out = []
    for cid in sorted(set(prints) | set(theirs)):
        card = mine.cards.get(cid)
        if cid not in theirs:
            out.append(f"{card.name} (only here)")
        elif cid not in prints:
            out.append(f"{cid} (only there)")
        elif prints[cid] != theirs[cid]:
            out.append(f"{card.name} (changed)")
    if len(out) > most:
        out = out[:most] + [f"and {len(out) - most} more"]
    return out
