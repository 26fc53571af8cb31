"""Safe YAML loading that remembers where every key and value came from.

Only the safe loader is used (the C ``CSafeLoader`` when PyYAML was built with libyaml).
Mappings load as :class:`MDict` and sequences as :class:`MList`; both carry the line and
column (1-based) of each entry so that validation errors can point at ``file:line:col``.
Only ``true``/``false`` are booleans: YAML 1.1's ``yes``/``no``/``on``/``off`` stay strings,
so a card called "On" or a value ``no`` means what it says; dates stay text too.

Loading is limited before the work grows (:mod:`tabletop.engine.limits`): control
characters are refused (by libyaml's reader as it reads, and looked for before the
careful path, which says where), and the document is composed here from libyaml's
events (not by libyaml's recursive composer) so that the nesting depth and the number of
nodes, every alias counted as the nodes it repeats, are checked as each event arrives. An
alias bomb or a file nested 20,000 levels deep stops at the first node over the limit,
with its line and column.
"""

from __future__ import annotations

import re

import yaml
from yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
    StreamStartEvent,
)
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from . import limits
from .marked import Mark, MDict, MList, pos

try:  # pragma: no branch - depends on how PyYAML was built
    _Base = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Base = yaml.SafeLoader

_TOO_DEEP = f"lists and mappings are nested more than {limits.MAX_YAML_DEPTH} levels deep"


class LimitError(yaml.MarkedYAMLError):
    """A card file over one of the limits, or with a character YAML does not allow."""

    def __init__(self, problem: str, mark) -> None:
        super().__init__(problem=problem, problem_mark=mark)


_NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")
#: the only tags a card file may write out (``!!str 5``); no dates, sets, binary...
ALLOWED_TAGS = frozenset(f"tag:yaml.org,2002:{t}" for t in
                         ("str", "int", "float", "bool", "null", "seq", "map"))


def _explicit_tag(event) -> None:
    if event.tag not in (None, "!") and event.tag not in ALLOWED_TAGS:
        tag = event.tag.replace("tag:yaml.org,2002:", "!!")
        raise LimitError(f"the tag {limits.quoted(tag)[1:-1] if len(tag) > 60 else tag} is "
                         "not allowed in a card file", event.start_mark)


class MarkedLoader(_Base):  # type: ignore[misc, valid-type]
    """Safe loader that builds :class:`MDict` / :class:`MList` with positions, composing
    the document itself so that every limit is checked as the events arrive."""

    def get_single_node(self):
        self.get_event()  # the stream starts
        document = None
        if not self.check_event(StreamEndEvent):
            document = self._compose_document()
        if not self.check_event(StreamEndEvent):
            event = self.get_event()
            raise yaml.composer.ComposerError(
                "expected a single document in the stream",
                document.start_mark if document is not None else None,
                "but found another document", event.start_mark)
        self.get_event()
        return document

    def _compose_document(self):
        event = self.get_event()
        assert isinstance(event, DocumentStartEvent | StreamStartEvent)
        node = self._compose_limited()
        event = self.get_event()
        assert isinstance(event, DocumentEndEvent)
        return node

    def _compose_limited(self):
        """Compose one node tree without recursion, counting depth and nodes."""
        return _Composer(self).run()

    def construct_object(self, node, deep=False):
        try:
            return super().construct_object(node, deep)
        except (ValueError, TypeError, OverflowError, AttributeError, KeyError) as exc:
            # e.g. an explicit ``!!int 0x`` or ``!!float x``
            raise yaml.constructor.ConstructorError(
                None, None, f"cannot read this value ({exc})", node.start_mark) from None


class _Composer:
    """Builds a node tree from the parser's events with an explicit stack (no
    recursion), counting nesting and values (an alias counts as everything it repeats)
    as the events arrive, so a hostile file stops at a limit before it grows."""

    def __init__(self, loader: MarkedLoader) -> None:
        self.loader = loader
        self.anchors: dict[str, object] = {}
        self.weight: dict[int, int] = {}  # id(anchored node) -> the nodes it stands for
        self.unfinished: set[int] = set()  # collections whose end has not come yet
        # each frame: [node, anchor, nodes so far, a mapping key waiting for its value]
        self.stack: list[list] = []
        self.total = 0

    def run(self):
        events = 0
        while True:
            event = self.loader.get_event()
            events += 1
            if events % 2000 == 0:
                limits.checkpoint()
            if isinstance(event, SequenceEndEvent | MappingEndEvent):
                done = self.close(event)
            elif isinstance(event, AliasEvent):
                done = self.alias(event)
            else:
                done = self.node(event)
            if done is not None:
                return done

    def attach(self, node, count: int):
        """Put ``node`` in the collection being built; the node itself if it is the
        whole document."""
        if not self.stack:
            return node
        frame = self.stack[-1]
        frame[2] += count
        parent = frame[0]
        if isinstance(parent, SequenceNode):
            parent.value.append(node)
        elif frame[3] is None:
            frame[3] = node
        else:
            parent.value.append((frame[3], node))
            frame[3] = None
        return None

    def count(self, n: int, mark) -> None:
        self.total += n
        if self.total > limits.MAX_YAML_NODES:
            raise LimitError(f"the file holds more than {limits.MAX_YAML_NODES:,} values "
                             "(counting each alias as everything it repeats)", mark)

    def close(self, event):
        node, anchor, count, _ = self.stack.pop()
        node.end_mark = event.end_mark
        self.unfinished.discard(id(node))
        if anchor is not None:
            self.weight[id(node)] = count
        if not self.stack:
            return node
        self.stack[-1][2] += count
        return None

    def alias(self, event):
        node = self.anchors.get(event.anchor)
        if node is None:
            raise yaml.composer.ComposerError(
                None, None, f"found undefined alias {event.anchor!r}", event.start_mark)
        if id(node) in self.unfinished:
            raise LimitError(f"the alias *{event.anchor} repeats a list or mapping that "
                             "contains it", event.start_mark)
        size = self.weight.get(id(node), 1)
        self.count(size, event.start_mark)
        return self.attach(node, size)

    def node(self, event):
        anchor = event.anchor
        if anchor is not None and anchor in self.anchors:
            raise yaml.composer.ComposerError(
                f"found duplicate anchor {anchor!r}; first occurrence",
                self.anchors[anchor].start_mark, "second occurrence", event.start_mark)
        _explicit_tag(event)
        if isinstance(event, ScalarEvent):
            node = self.scalar(event)
            self.count(1, event.start_mark)
            if anchor is not None:
                self.anchors[anchor] = node
            return self.attach(node, 1)
        if not isinstance(event, SequenceStartEvent | MappingStartEvent):
            raise yaml.composer.ComposerError(  # pragma: no cover - libyaml's order
                None, None, f"unexpected {type(event).__name__}", event.start_mark)
        if len(self.stack) >= limits.MAX_YAML_DEPTH:
            raise LimitError(_TOO_DEEP, event.start_mark)
        kind = SequenceNode if isinstance(event, SequenceStartEvent) else MappingNode
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.loader.resolve(kind, None, event.implicit)
        node = kind(tag, [], event.start_mark, None, flow_style=event.flow_style)
        self.count(1, event.start_mark)
        if anchor is not None:
            self.anchors[anchor] = node
        self.attach(node, 0)
        self.stack.append([node, anchor, 1, None])
        self.unfinished.add(id(node))
        return None

    def scalar(self, event) -> ScalarNode:
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.loader.resolve(ScalarNode, event.value, event.implicit)
        if tag in _NUMBER_TAGS and len(event.value) > limits.MAX_NUMBER_CHARS:
            raise LimitError(f"a number of more than {limits.MAX_NUMBER_CHARS} characters",
                             event.start_mark)
        return ScalarNode(tag, event.value, event.start_mark, event.end_mark,
                          style=event.style)


def _construct_map(loader: MarkedLoader, node):
    result = MDict()
    result.mark = pos(node)
    yield result
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                "while constructing a mapping", node.start_mark,
                "found an unhashable key", key_node.start_mark) from None
        value = loader.construct_object(value_node, deep=True)
        if key in result:
            raise yaml.constructor.ConstructorError(
                "while constructing a mapping", node.start_mark,
                f"found duplicate key {key!r}", key_node.start_mark)
        result[key] = value
        result.key_marks[key] = pos(key_node)
        result.value_marks[key] = pos(value_node)


def _construct_seq(loader: MarkedLoader, node):
    result = MList()
    result.mark = pos(node)
    yield result
    for item in node.value:
        result.append(loader.construct_object(item, deep=True))
        result.item_marks.append(pos(item))


MarkedLoader.add_constructor("tag:yaml.org,2002:map", _construct_map)
MarkedLoader.add_constructor("tag:yaml.org,2002:seq", _construct_seq)

# Booleans: only true/false (any case); no implicit dates.  Copy the resolver table so
# the global SafeLoader is left untouched, then replace the bool resolver.
_DROPPED = ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp")
MarkedLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag not in _DROPPED]
    for first, resolvers in _Base.yaml_implicit_resolvers.items()
}
MarkedLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool",
    re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"),
)


#: characters YAML does not allow in a document (tab, line feed and return are fine)
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufffe\uffff]")


def position(text: str, index: int) -> Mark:
    """Line and column (1-based) of ``text[index]``."""
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def load(text: str, fast: bool = True):
    """Parse one YAML document with positions, within the limits of
    :mod:`tabletop.engine.limits`. Raises ``yaml.YAMLError`` (:class:`LimitError` for a
    limit or a forbidden character) with the position of the problem. ``fast=False``
    always takes the careful path (the tests compare the two)."""
    if len(text) > limits.MAX_CARD_FILE_BYTES:
        raise LimitError(f"the file is too large (a card file may have at most "
                         f"{limits.MAX_CARD_FILE_BYTES:,} bytes)",
                         yaml.Mark("<file>", 0, 0, 0, None, None))
    if fast and _fast_ok(text):
        try:
            return _FastBuild(text).run()
        except Exception:  # noqa: BLE001, S110 - anything odd: the careful path words it
            pass
    # a character YAML does not allow: libyaml's reader refuses every one of them as it
    # reads (so the fast path above never took such a text); looked for here, before the
    # careful path, to say which and where in our words.
    # Printable once line breaks and tabs are gone: none of them (a quick test first)
    printable = text.replace("\n", "").replace("\t", "").replace("\r", "").isprintable()
    bad = None if printable else _FORBIDDEN.search(text)
    if bad is not None:
        line, col = position(text, bad.start())
        raise LimitError(f"the control character U+{ord(bad.group()):04X} is not allowed in "
                         "a card file (is it a text file?)",
                         yaml.Mark("<file>", bad.start(), line - 1, col - 1, None, None))
    return careful(text)


def careful(text: str):
    """The careful path of :func:`load` alone, for a text :func:`load` has checked (its
    size, its characters): the same value and positions, or the same error."""
    try:
        return yaml.load(text, Loader=MarkedLoader)  # noqa: S506 - MarkedLoader is a safe loader
    except yaml.MarkedYAMLError as exc:
        # newer libyaml refuses nesting past its own limit (1,000) while scanning, before
        # our composer counts to ours: the same problem, said in our words
        if "maximum nesting depth" in str(exc.problem) and exc.problem_mark is not None:
            raise LimitError(_TOO_DEEP, exc.problem_mark) from None
        raise


# -- the fast path ---------------------------------------------------------------------------
# libyaml composes the whole node tree in C (as the bare ``CSafeLoader`` does) and one tight
# pass builds the same MDict/MList values (their positions left in the nodes until asked
# for), counting nodes (an alias as everything it repeats: a repeated collection is built
# once and shared, as the careful path shares it) and nesting exactly; libyaml calls no
# Python while composing (tags resolved in the pass). The C composer recurses, so a file
# goes this way only when a bound read off its text keeps the nesting far below what the C
# stack holds (it fails near 100,000 levels): every '[' and '{', plus twice the longest run
# of indentation and block indicators a line starts with (a block collection nested in
# another starts at least one column further in every second level; properties cannot
# start a nested block collection on the same line). The composed tree is no bigger than
# the text, which is within its size limit. Anything the fast pass does not handle exactly as
# :class:`MarkedLoader` does (an explicit tag other than the core ones, a merge key, a
# duplicate key, a limit reached, a syntax error) sends the file to the careful path, which
# gives the same value or the same error with the same position.

#: the largest text the fast path takes (bigger files take the careful path)
FAST_MAX_CHARS = 256_000
#: the nesting the text-read bound may allow (the C composer is safe far beyond it)
FAST_MAX_BOUND = 1_000
_FAST_BRACKETS = 400
#: a line starting with that many spaces and block indicators ("\n" first: found fast)
_FAST_PREFIX = re.compile(r"\n[ \t?:\-]{" + str((FAST_MAX_BOUND - _FAST_BRACKETS) // 2 - 4) + "}")


def _fast_ok(text: str) -> bool:
    return (len(text) <= FAST_MAX_CHARS
            and text.count("[") + text.count("{") <= _FAST_BRACKETS
            and _FAST_PREFIX.search("\n" + text) is None)


class _Fallback(Exception):  # noqa: N818 - a signal, not an error
    """The fast pass leaves this file to the careful path."""


class _FastLoader(_Base):  # type: ignore[misc, valid-type]
    """libyaml's own composer, its Python hooks replaced by builtins: a node without a
    tag in the file gets ``slice(kind, text, implicit)`` for a tag (no Python call per
    node), which :class:`_FastBuild` resolves as :class:`MarkedLoader` would, remembering
    what each plain text resolved to (keys and values repeat from card to card); no path
    resolvers, so the calls around every node go to a dict's get and an empty tuple."""

    resolve = slice
    descend_resolver = {}.get
    ascend_resolver = tuple


_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
_RESOLVERS = MarkedLoader.yaml_implicit_resolvers
_WILDCARD = _RESOLVERS.get(None, [])
#: the resolvers to try for a plain scalar by its first character, then the wildcard ones
_BY_FIRST = {first: resolvers + _WILDCARD for first, resolvers in _RESOLVERS.items()
             if first is not None}


def _resolve_plain(text: str) -> str:
    """The tag of a plain scalar without one, by MarkedLoader's implicit resolvers."""
    for candidate, regexp in _BY_FIRST.get(text[:1], _WILDCARD):
        if regexp.match(text):
            return candidate
    return _STR


_SCALARS = {f"tag:yaml.org,2002:{t}": getattr(MarkedLoader, f"construct_yaml_{t}")
            for t in ("int", "float", "bool", "null")}
_new_dict = dict.__new__
_new_list = list.__new__


_MISSING = object()

#: the text of a plain scalar without a tag -> its value, kept from file to file (keys and
#: values repeat across files and loads; a value depends on its text alone, and every one
#: kept is immutable: text, a number, true/false, null); short texts only, and emptied
#: when it grows past its bound
_PLAIN: dict[str, object] = {}
_PLAIN_TEXT = 200
_PLAIN_ENTRIES = 20_000


def _decimal(text: str) -> bool:
    """A plain decimal integer (no sign, no octal leading zero): ``int()`` reads it."""
    return text.isdecimal() and text.isascii() and (text[0] != "0" or text == "0")


class _FastBuild:
    """One pass over the composed nodes: a plain string (most values) is taken as it
    is; positions are left in the nodes (:class:`MDict` and :class:`MList` read them when
    asked); every node counts once as its parent takes it, a collection adds its
    children, an alias adds again what it stands for.

    A scalar without a tag in the file is quoted (its text is its value) or plain: a
    plain text is resolved once per file (``plain``: text -> value, keys and values
    repeat from card to card), so the pass looks each one up with one ``dict.get``.
    Aliases are only possible in a text with an anchor (``&``): in any other the pass
    keeps no record of the collections it built."""

    def __init__(self, text: str) -> None:
        self.loader = _FastLoader(text)
        self.total = 0
        #: the text has anchors (``&``, maybe in a quoted text): aliases are looked for
        self.shared = "&" in text
        #: id(collection node) -> its value and the nodes it stands for, once built
        self.values: dict[int, object] = {}
        self.weights: dict[int, int] = {}
        #: the text of a plain scalar without a tag -> its value (shared by every file)
        if len(_PLAIN) > _PLAIN_ENTRIES:
            _PLAIN.clear()
        self.plain = _PLAIN

    def run(self):
        try:
            root = self.loader.get_single_node()
            if root is None:
                return None
            self.total = 1
            if root.__class__ is not ScalarNode:
                value = self.collection(root, 0)
            elif root.tag.__class__ is not slice:
                value = self.tagged(root)
            elif root.tag.step[0]:
                value = self.plain_value(root)
            else:
                value = root.value
            if self.total > limits.MAX_YAML_NODES:
                raise _Fallback
            return value
        finally:
            self.loader.dispose()

    def plain_value(self, node):
        """The value of a plain scalar without a tag (by MarkedLoader's implicit
        resolvers), remembered by its text."""
        text = node.value
        tag = _resolve_plain(text)
        if tag == _STR:
            value = text
        elif tag in _NUMBER_TAGS and len(text) > limits.MAX_NUMBER_CHARS:
            raise _Fallback
        elif tag == _INT and _decimal(text):
            value = int(text)
        else:
            value = _SCALARS[tag](self.loader, node)  # KeyError: not ours
        if len(text) <= _PLAIN_TEXT:
            self.plain[text] = value
        return value

    def tagged(self, node):
        """The value of a scalar with a tag written in the file (``!!str 5``)."""
        tag = node.tag
        value = node.value
        if tag == _STR:
            return value
        if tag in _NUMBER_TAGS:
            if len(value) > limits.MAX_NUMBER_CHARS:
                raise _Fallback
            if tag == _INT and _decimal(value):
                return int(value)
        return _SCALARS[tag](self.loader, node)  # KeyError: not ours

    def collection(self, node, depth: int):
        """The value of a mapping or sequence node its parent has counted once."""
        shared = self.shared
        if shared:
            done = self.values.get(id(node), _Fallback)
            if done is not _Fallback:  # an alias: the value shared, its nodes counted again
                self.total += self.weights[id(node)] - 1
                return done
        if depth >= limits.MAX_YAML_DEPTH:  # (an alias to an unfinished one ends here)
            raise _Fallback
        before = self.total
        cls = node.__class__
        tag = node.tag
        if cls is MappingNode and (tag.__class__ is slice or tag == _MAP):
            out = self.mapping(node, depth + 1)
        elif cls is SequenceNode and (tag.__class__ is slice or tag == _SEQ):
            out = self.sequence(node, depth + 1)
        else:
            raise _Fallback
        if shared:
            self.values[id(node)] = out
            self.weights[id(node)] = self.total - before + 1
        return out

    def sequence(self, node, depth: int) -> MList:
        items = node.value
        self.total += len(items)
        out = _new_list(MList)
        append = out.append
        plain = self.plain
        for item in items:
            if item.__class__ is not ScalarNode:
                append(self.collection(item, depth))
                continue
            tag = item.tag
            if tag.__class__ is not slice:
                append(self.tagged(item))
            elif tag.step[0]:  # plain
                value = plain.get(item.value, _MISSING)
                append(self.plain_value(item) if value is _MISSING else value)
            else:  # quoted, or a block of text
                append(item.value)
        out._node = node
        out._mark = out._item_marks = None  # (worked out when asked for)
        return out

    def mapping(self, node, depth: int) -> MDict:
        pairs = node.value
        self.total += 2 * len(pairs)
        out = _new_dict(MDict)
        odd = False  # a key that is not its node's text
        plain = self.plain
        for key_node, value_node in pairs:
            if key_node.__class__ is not ScalarNode:
                key = self.collection(key_node, depth)  # unhashable: TypeError
                odd = True
            else:
                tag = key_node.tag
                if tag.__class__ is not slice:
                    key = self.tagged(key_node)  # a merge key's tag is not ours: KeyError
                elif tag.step[0]:
                    key = plain.get(key_node.value, _MISSING)
                    if key is _MISSING:
                        key = self.plain_value(key_node)
                else:
                    key = key_node.value
                if key.__class__ is not str:  # (a text key is its node's text)
                    odd = True
            if value_node.__class__ is not ScalarNode:
                out[key] = self.collection(value_node, depth)
                continue
            tag = value_node.tag
            if tag.__class__ is not slice:
                out[key] = self.tagged(value_node)
            elif tag.step[0]:
                value = plain.get(value_node.value, _MISSING)
                out[key] = self.plain_value(value_node) if value is _MISSING else value
            else:
                out[key] = value_node.value
        if len(out) != len(pairs):  # a key given twice
            raise _Fallback
        out._node = node
        out._keys = tuple(out) if odd else None
        out._mark = out._key_marks = out._value_marks = None  # (worked out when asked for)
        return out


def plain(value):
    """Strip position information: MDict/MList become dict/list (recursively)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value
