"""Values loaded from YAML that remember where they came from: :class:`MDict` and
:class:`MList` carry the line and column (1-based) of themselves and of each entry, so that
validation errors can point at ``file:line:col`` (built by :mod:`tabletop.engine.yamlio`)."""

from __future__ import annotations

Mark = tuple[int, int]


class MDict(dict):
    """A dict with the position of the mapping, of each key and of each value.

    A mapping built on the fast path keeps its composed node and works each of the three
    out from it when first asked for (most are never needed: they name the place of a
    problem), as the careful path records them."""

    __slots__ = ("_mark", "_key_marks", "_value_marks", "_node", "_keys")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._mark: Mark | None = (0, 0)
        self._key_marks: dict | None = {}
        self._value_marks: dict | None = {}

    def _marks(self, which: int) -> dict:
        """The key (0) or value (1) positions from the node's pairs."""
        pairs = self._node.value
        if self._keys is None:  # every key its node's text (a card's fields)
            return {pair[0].value: (m.line + 1, m.column + 1)
                    for pair in pairs for m in (pair[which].start_mark,)}
        return {key: (m.line + 1, m.column + 1)
                for key, pair in zip(self._keys, pairs, strict=True)
                for m in (pair[which].start_mark,)}

    @property
    def mark(self) -> Mark:
        mark = self._mark
        if mark is None:  # fast path, not asked yet
            mark = self._mark = pos(self._node)
        return mark

    @mark.setter
    def mark(self, value: Mark) -> None:
        self._mark = value

    @property
    def key_marks(self) -> dict:
        marks = self._key_marks
        if marks is None:
            marks = self._key_marks = self._marks(0)
        return marks

    @key_marks.setter
    def key_marks(self, value: dict) -> None:
        self._key_marks = value

    @property
    def value_marks(self) -> dict:
        marks = self._value_marks
        if marks is None:
            marks = self._value_marks = self._marks(1)
        return marks

    @value_marks.setter
    def value_marks(self, value: dict) -> None:
        self._value_marks = value

    def mark_of(self, key) -> Mark:
        return self.value_marks.get(key) or self.key_marks.get(key) or self.mark


class MList(list):
    """A list with the position of the sequence and of each item (on the fast path
    worked out from the composed node when first asked for)."""

    __slots__ = ("_mark", "_item_marks", "_node")

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self._mark: Mark | None = (0, 0)
        self._item_marks: list[Mark] | None = []

    @property
    def mark(self) -> Mark:
        mark = self._mark
        if mark is None:  # fast path, not asked yet
            mark = self._mark = pos(self._node)
        return mark

    @mark.setter
    def mark(self, value: Mark) -> None:
        self._mark = value

    @property
    def item_marks(self) -> list[Mark]:
        marks = self._item_marks
        if marks is None:
            marks = self._item_marks = [pos(item) for item in self._node.value]
        return marks

    @item_marks.setter
    def item_marks(self, value: list[Mark]) -> None:
        self._item_marks = value

    def mark_of(self, index: int) -> Mark:
        marks = self.item_marks
        if 0 <= index < len(marks):
            return marks[index]
        return self.mark


def pos(node) -> Mark:
    """A composed node's line and column, 1-based."""
    mark = node.start_mark
    return (mark.line + 1, mark.column + 1)
