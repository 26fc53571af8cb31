"""Where each field of a card read on the loader's fast path starts in its file: worked
out when first asked for (a problem, a message), by reading the file's text again."""

from __future__ import annotations

from collections.abc import Mapping

import yaml

from . import yamlio


def card_marks(raw, place: tuple[FileMarks, int] | None):
    """A card's :attr:`CardDef.marks`: its mapping's value positions when the careful
    path has worked them out already, else (the fast path, which leaves them in the
    composed nodes) a :class:`CardMarks` that works them out when first asked for."""
    if not isinstance(raw, yamlio.MDict):
        return {}
    if place is None or raw._value_marks is not None:  # noqa: SLF001 - known already
        return raw.value_marks
    return CardMarks(*place)


def _value_marks(text: str) -> list:
    """The value positions of each card of a file (its ``cards`` list's mappings; ``{}``
    for anything else), from its text read again the way it was read (the fast path
    for a text it took: libyaml's composer and one pass, the positions from the nodes)."""
    try:
        doc = yamlio.load(text)
    except yaml.YAMLError:  # pragma: no cover - it was read before: so it is again
        return []
    cards = doc.get("cards") if isinstance(doc, dict) else None
    return [c.value_marks if isinstance(c, yamlio.MDict) else {}
            for c in (cards if isinstance(cards, list) else ())]


class FileMarks:
    """The text of a card file whose cards' positions were not worked out, and them
    once they are (for every card of the file at once)."""

    __slots__ = ("text", "cards")

    def __init__(self, text: str) -> None:
        self.text = text
        self.cards: list | None = None

    def of(self, index: int) -> dict:
        cards = self.cards
        if cards is None:
            cards = self.cards = _value_marks(self.text)
            self.text = ""
        return cards[index] if index < len(cards) else {}


class CardMarks(Mapping):
    """:attr:`CardDef.marks` of a card read on the fast path: where each top-level
    field's value starts, worked out when first asked for (a problem found by the cross-
    card checks, a message) by reading its file's text again (the same positions, for
    every card of the file at once). Working them out for every card as it loads took
    about a tenth of the load, for positions that only a problem ever needs; meanwhile
    only the file's text is kept (its composed nodes are freed with it)."""

    __slots__ = ("_file", "_index", "_marks")

    def __init__(self, file: FileMarks, index: int) -> None:
        self._file: FileMarks | None = file
        self._index = index
        self._marks: dict | None = None

    def _all(self) -> dict:
        marks = self._marks
        if marks is None:
            marks = self._marks = self._file.of(self._index)
            self._file = None
        return marks

    def __getitem__(self, key):
        return self._all()[key]

    def get(self, key, default=None):
        return self._all().get(key, default)

    def __iter__(self):
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __repr__(self) -> str:
        return repr(self._all())
