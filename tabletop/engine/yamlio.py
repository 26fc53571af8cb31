"""Safe YAML loading that remembers where every key and value came from.

Only the safe loader is used (the C ``CSafeLoader`` when PyYAML was built with libyaml).
Mappings load as :class:`MDict` and sequences as :class:`MList`; both carry the line and
column (1-based) of each entry so that validation errors can point at ``file:line:col``.
Only ``true``/``false`` are booleans: YAML 1.1's ``yes``/``no``/``on``/``off`` stay strings,
so a card called "On" or a value ``no`` means what it says.
"""

from __future__ import annotations

import re

import yaml

try:  # pragma: no branch - depends on how PyYAML was built
    _Base = yaml.CSafeLoader
    HAVE_LIBYAML = True
except AttributeError:  # pragma: no cover
    _Base = yaml.SafeLoader
    HAVE_LIBYAML = False

Mark = tuple[int, int]


class MDict(dict):
    """A dict with the position of the mapping, of each key and of each value."""

    __slots__ = ("mark", "key_marks", "value_marks")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.mark: Mark = (0, 0)
        self.key_marks: dict = {}
        self.value_marks: dict = {}

    def mark_of(self, key) -> Mark:
        return self.value_marks.get(key) or self.key_marks.get(key) or self.mark


class MList(list):
    """A list with the position of the sequence and of each item."""

    __slots__ = ("mark", "item_marks")

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.mark: Mark = (0, 0)
        self.item_marks: list[Mark] = []

    def mark_of(self, index: int) -> Mark:
        if 0 <= index < len(self.item_marks):
            return self.item_marks[index]
        return self.mark


def _pos(node) -> Mark:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


class MarkedLoader(_Base):  # type: ignore[misc, valid-type]
    """Safe loader that builds :class:`MDict` / :class:`MList` with positions."""


def _construct_map(loader: MarkedLoader, node):
    result = MDict()
    result.mark = _pos(node)
    yield result
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if isinstance(key, list | dict):
            raise yaml.constructor.ConstructorError(
                "while constructing a mapping", node.start_mark,
                "found an unhashable key", key_node.start_mark)
        value = loader.construct_object(value_node, deep=True)
        if key in result:
            raise yaml.constructor.ConstructorError(
                "while constructing a mapping", node.start_mark,
                f"found duplicate key {key!r}", key_node.start_mark)
        result[key] = value
        result.key_marks[key] = _pos(key_node)
        result.value_marks[key] = _pos(value_node)


def _construct_seq(loader: MarkedLoader, node):
    result = MList()
    result.mark = _pos(node)
    yield result
    for item in node.value:
        result.append(loader.construct_object(item, deep=True))
        result.item_marks.append(_pos(item))


MarkedLoader.add_constructor("tag:yaml.org,2002:map", _construct_map)
MarkedLoader.add_constructor("tag:yaml.org,2002:seq", _construct_seq)

# Booleans: only true/false (any case).  Copy the resolver table so the global
# SafeLoader is left untouched, then replace the bool resolver.
MarkedLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in _Base.yaml_implicit_resolvers.items()
}
MarkedLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool",
    re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"),
)


def load(text: str):
    """Parse one YAML document with positions. Raises ``yaml.YAMLError`` on bad syntax."""
    return yaml.load(text, Loader=MarkedLoader)  # noqa: S506 - MarkedLoader is a safe loader


def plain(value):
    """Strip position information: MDict/MList become dict/list (recursively)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value
