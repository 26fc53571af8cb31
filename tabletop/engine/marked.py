"""Values loaded from YAML that remember where they came from: :class:`MDict` and
:class:`MList` carry the line and column (1-based) of themselves and of each entry, so that
validation errors can point at ``file:line:col`` (built by :mod:`tabletop.engine.yamlio`)."""

from __future__ import annotations

Mark = tuple[int, int]


class _FromNode:
    """A position attribute kept in the slot ``_<name>``: set by the careful path, or on
    the fast path worked out from the composed node when first asked for (the slot holds
    None until then)."""

    def __init__(self, work) -> None:
        self.work = work

    def __set_name__(self, owner, name: str) -> None:
        self.slot = f"_{name}"

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        value = getattr(obj, self.slot)
        if value is None:  # fast path, not asked yet
            value = self.work(obj)
            setattr(obj, self.slot, value)
        return value

    def __set__(self, obj, value) -> None:
        setattr(obj, self.slot, value)


def _pair_marks(which: int):
    """The key (0) or value (1) positions of a mapping's entries, from its node's pairs
    (keyed as the mapping is: every key its node's text, unless ``_keys`` says other)."""

    def work(d: MDict) -> dict:
        pairs = d._node.value
        if d._keys is None:  # (one pass, no call a value: most cards ask for these)
            return {pair[0].value: ((m := pair[which].start_mark).line + 1, m.column + 1)
                    for pair in pairs}
        return {key: pos(pair[which]) for key, pair in zip(d._keys, pairs, strict=True)}

    return work


class MDict(dict):
    """A dict with the position of the mapping, of each key and of each value.

    A mapping built on the fast path keeps its composed node and works each of the three
    out from it when first asked for (most are never needed: they name the place of a
    problem), as the careful path records them."""

    __slots__ = ("_mark", "_key_marks", "_value_marks", "_node", "_keys")

    mark = _FromNode(lambda d: pos(d._node))
    key_marks = _FromNode(_pair_marks(0))
    value_marks = _FromNode(_pair_marks(1))

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._mark: Mark | None = (0, 0)
        self._key_marks: dict | None = {}
        self._value_marks: dict | None = {}

    def mark_of(self, key) -> Mark:
        return self.value_marks.get(key) or self.key_marks.get(key) or self.mark


class MList(list):
    """A list with the position of the sequence and of each item (on the fast path
    worked out from the composed node when first asked for)."""

    __slots__ = ("_mark", "_item_marks", "_node")

    mark = _FromNode(lambda lst: pos(lst._node))
    item_marks = _FromNode(lambda lst: [((m := item.start_mark).line + 1, m.column + 1)
                                         for item in lst._node.value])

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self._mark: Mark | None = (0, 0)
        self._item_marks: list[Mark] | None = []

    def mark_of(self, index: int) -> Mark:
        marks = self.item_marks
        if 0 <= index < len(marks):
            return marks[index]
        return self.mark


def pos(node) -> Mark:
    """A composed node's line and column, 1-based."""
    mark = node.start_mark
    return (mark.line + 1, mark.column + 1)
