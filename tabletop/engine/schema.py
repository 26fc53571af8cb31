"""A small declarative schema for card data, with errors that point at file:line:col.

Each game describes its card kinds with these specs; :func:`validate` walks loaded YAML
(:mod:`tabletop.engine.yamlio` values, which know their positions), collects every
problem it finds (not just the first) and returns plain, normalised Python data.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from . import limits
from .yamlio import Mark, MDict, MList


@dataclass(frozen=True)
class Problem:
    """One validation problem: where (``path`` like ``powers[1].speed``, ``mark``) and what."""

    path: str
    mark: Mark
    message: str


def closest(word: str, options) -> str | None:
    """The option ``word`` was probably meant as, or None."""
    if len(str(word)) > limits.MAX_QUOTED_CHARS:
        return None  # nothing is that long, and comparing long texts is slow
    close = difflib.get_close_matches(str(word), [str(o) for o in options], n=1, cutoff=0.6)
    return close[0] if close else None


def suggest(word: str, options) -> str:
    """Return `` (did you mean 'x'?)`` for the closest option, or an empty string."""
    close = closest(word, options)
    return f" (did you mean '{close}'?)" if close else ""


def _missing_space(key, fields) -> tuple[str | None, str]:
    """``name:Storm`` read as one key (in ``{...}`` YAML takes it so): the field it starts
    with and a hint that a space is missing after the colon, or (None, "")."""
    if not isinstance(key, str) or ":" not in key:
        return None, ""
    before, after = key.split(":", 1)
    if before.strip() not in fields:
        return None, ""
    return before.strip(), (" (a space is missing after the colon: write " +
                            limits.quoted(f"{before.strip()}: {after.strip()}") + ")")


def describe_value(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    return limits.quoted(value)


class Ctx:
    """Carries the problem list while validating."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def bad(self, path: str, mark: Mark, message: str) -> None:
        self.problems.append(Problem(path, mark, message))


def _join(path: str, name: str | int) -> str:
    if isinstance(name, int):
        return f"{path}[{name}]"
    if len(name) > limits.MAX_QUOTED_CHARS:
        name = name[: limits.MAX_QUOTED_CHARS] + "\u2026"
    return f"{path}.{name}" if path else name


class Invalid(Exception):  # noqa: N818 - a signal: the careful check says what is wrong
    """Raised by a compiled check (:meth:`Spec.compiled`) at the first problem."""


class Spec:
    """Base class: ``check`` returns the normalised value (or None after reporting).

    :meth:`compiled` gives the same check as one function built once per spec: it returns
    what ``check`` returns for a value ``check`` finds no problem in, and raises
    :class:`Invalid` otherwise (it keeps no positions and words nothing; the loader then
    runs ``check`` for the messages). A spec without its own ``_compile`` runs ``check``."""

    doc: str = ""
    _fast: Any = None

    def compiled(self):
        fast = self._fast
        if fast is None:
            fast = self._fast = self._compile()
        return fast

    def _compile(self):
        check = self.check

        def run(value):
            ctx = Ctx()
            out = check(value, "", (1, 1), ctx)
            if ctx.problems:
                raise Invalid
            return out
        return run

    def check(self, value: Any, path: str, mark: Mark, ctx: Ctx) -> Any:  # pragma: no cover
        raise NotImplementedError

    def expected(self) -> str:  # pragma: no cover
        raise NotImplementedError

    def json_schema(self) -> dict[str, Any]:
        """The same rule as a JSON Schema (draft-07) for editors: what :meth:`check`
        accepts, so a file the schema passes the loader passes too, bar the checks a
        schema cannot say (invisible characters, references between cards). A spec that
        does not say (a game's own) accepts anything there, with its description: the
        loader still checks it."""
        return {"description": self.doc or self.expected()}

    def _described(self, schema: dict[str, Any]) -> dict[str, Any]:
        if self.doc:
            schema["description"] = self.doc
        return schema


#: characters that reorder the text around them (they can disguise what a name says)
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
#: characters that draw nothing although they are not categorised as spaces or formats
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
_UNPRINTABLE = frozenset(("Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"))
_VISIBLE_ASCII = re.compile("[!-~]")


def text_problem(text: str, one_line: bool) -> str | None:
    """Why ``text`` may not be shown on a card (invisible, reordering or control
    characters), or None. Free text may hold line breaks and tabs; a one-line field (a
    name) must also show at least one visible character."""
    # isprintable(): no control, format, private-use, unassigned, surrogate, line or
    # paragraph separator character (nor any space but ' '): nothing below can object
    # but the visible test, which any printable ASCII character passes
    if (text if one_line else text.replace("\n", " ").replace("\t", " ")).isprintable() \
            and (not one_line or not text or _VISIBLE_ASCII.search(text)):
        return None
    visible = False
    for ch in text:
        if ch in BIDI_CONTROLS:
            return (f"the text holds U+{ord(ch):04X}, a character that reverses or reorders "
                    "the text around it; remove it")
        category = unicodedata.category(ch)
        if category in _UNPRINTABLE and not (not one_line and ch in "\n\t"):
            what = "a line break" if ch in "\n\r\u2028\u2029" else "an invisible character"
            return f"the text holds U+{ord(ch):04X} ({what}); remove it"
        if not visible and not ch.isspace() and ch not in BLANK_LETTERS \
                and category not in ("Mn", "Me", "Zs"):
            visible = True
    if one_line and text and not visible:
        return "the text shows nothing (only spaces or invisible characters)"
    return None


class Str(Spec):
    """Text. ``nonempty`` fields (names) are one line of at most
    :data:`~tabletop.engine.limits.MAX_NAME_CHARS` characters with something visible;
    the others (rules text, flavour) may be empty and hold line breaks, up to
    :data:`~tabletop.engine.limits.MAX_TEXT_CHARS`. Neither may hold control, invisible
    formatting or bidirectional-override characters."""

    def __init__(self, nonempty: bool = True, doc: str = "", max_len: int | None = None,
                 one_line: bool | None = None) -> None:
        self.nonempty = nonempty
        self.doc = doc
        self.one_line = nonempty if one_line is None else one_line
        self.max_len = max_len if max_len is not None else (
            limits.MAX_NAME_CHARS if self.one_line else limits.MAX_TEXT_CHARS)

    def expected(self) -> str:
        return "text"

    def json_schema(self) -> dict[str, Any]:
        # a number is taken as its text (``name: 7``)
        out: dict[str, Any] = {"type": ["string", "number"], "maxLength": self.max_len}
        if self.nonempty:
            out["pattern"] = r"\S"
        return self._described(out)

    def check(self, value, path, mark, ctx):
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            ctx.bad(path, mark, f"expected text, got {describe_value(value)}")
            return None
        value = str(value)
        if len(value) > self.max_len:
            ctx.bad(path, mark, f"expected at most {self.max_len:,} characters, got "
                                f"{len(value):,}")
            return None
        if self.nonempty and not value.strip():
            ctx.bad(path, mark, "expected non-empty text")
            return None
        problem = text_problem(value, self.one_line)
        if problem:
            ctx.bad(path, mark, problem)
            return None
        return value

    def _compile(self):
        max_len, nonempty, one_line = self.max_len, self.nonempty, self.one_line

        def run(value):
            if value.__class__ is not str:
                if isinstance(value, bool) or not isinstance(value, str | int | float):
                    raise Invalid
                value = str(value)
            if len(value) > max_len:
                raise Invalid
            if one_line and value.isprintable() and visible(value):
                return value  # (what text_problem and the strip below would accept)
            if (nonempty and not value.strip()) or text_problem(value, one_line):
                raise Invalid
            return value
        visible = _VISIBLE_ASCII.search
        return run


class Int(Spec):
    def __init__(self, lo: int | None = None, hi: int | None = None, doc: str = "") -> None:
        self.lo, self.hi, self.doc = lo, hi, doc

    def expected(self) -> str:
        if self.lo is not None and self.hi is not None:
            return f"a whole number from {self.lo} to {self.hi}"
        if self.lo is not None:
            return f"a whole number of at least {self.lo}"
        return "a whole number"

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer"}
        if self.lo is not None:
            out["minimum"] = self.lo
        if self.hi is not None:
            out["maximum"] = self.hi
        return self._described(out)

    def check(self, value, path, mark, ctx):
        if isinstance(value, bool) or not isinstance(value, int):
            ctx.bad(path, mark, f"expected {self.expected()}, got {describe_value(value)}")
            return None
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            ctx.bad(path, mark, f"expected {self.expected()}, got {value}")
            return None
        return value

    def _compile(self):
        lo, hi = self.lo, self.hi

        def run(value):
            if value.__class__ is not int and (isinstance(value, bool)
                                               or not isinstance(value, int)):
                raise Invalid
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                raise Invalid
            return value
        return run


class Bool(Spec):
    def __init__(self, doc: str = "") -> None:
        self.doc = doc

    def expected(self) -> str:
        return "true or false"

    def json_schema(self) -> dict[str, Any]:
        return self._described({"type": "boolean"})

    def check(self, value, path, mark, ctx):
        if not isinstance(value, bool):
            ctx.bad(path, mark, f"expected true or false, got {describe_value(value)}")
            return None
        return value

    def _compile(self):
        def run(value):
            if not isinstance(value, bool):
                raise Invalid
            return value
        return run


class Enum(Spec):
    def __init__(self, *choices: str, doc: str = "") -> None:
        self.choices = choices
        self.doc = doc

    def expected(self) -> str:
        return "one of " + ", ".join(self.choices)

    def json_schema(self) -> dict[str, Any]:
        # the choices as written (what an editor offers), a number for a numeric choice
        # (``rank: 7``), and any capitalisation of a choice (the loader lower-cases)
        exact: list[Any] = list(self.choices)
        exact += [int(c) for c in self.choices if c.isdigit()]
        out: dict[str, Any] = {"enum": exact}
        letters = [c for c in self.choices if c == c.lower() != c.upper()]
        if letters:
            spelled = "|".join("".join(f"[{ch.upper()}{ch}]" if ch.isalpha() else
                                        re.escape(ch) for ch in c) for c in letters)
            out = {"anyOf": [out, {"type": "string", "pattern": f"^({spelled})$"}]}
        return self._described(out)

    def check(self, value, path, mark, ctx):
        if isinstance(value, bool) or not isinstance(value, str | int):
            ctx.bad(path, mark, f"expected {self.expected()}, got {describe_value(value)}")
            return None
        text = str(value)
        if text not in self.choices:
            lowered = text.lower()
            if lowered in self.choices:
                return lowered
            ctx.bad(path, mark, f"expected {self.expected()}, got {limits.quoted(text)}"
                    + suggest(text, self.choices))
            return None
        return text

    def _compile(self):
        choices = frozenset(self.choices)

        def run(value):
            if value.__class__ is str and value in choices:
                return value
            if isinstance(value, bool) or not isinstance(value, str | int):
                raise Invalid
            text = str(value)
            if text in choices:
                return text
            lowered = text.lower()
            if lowered in choices:
                return lowered
            raise Invalid
        return run


class Const(Spec):
    """Exactly one value (a text in any capitalisation, or true/false): a verb's key in
    an effect that fixes it (``from: hand``)."""

    def __init__(self, value: str | bool, doc: str = "") -> None:
        self.value = value
        self.doc = doc

    def expected(self) -> str:
        value = self.value
        return str(value).lower() if isinstance(value, bool) else str(value)

    def json_schema(self) -> dict[str, Any]:
        return self._described({"const": self.value})

    def _same(self, given: Any) -> bool:
        want = self.value
        if isinstance(want, bool):
            return given is want
        return given.__class__ is str and given.lower() == want

    def check(self, value, path, mark, ctx):
        if self._same(value):
            return self.value
        ctx.bad(path, mark, f"expected {self.expected()}, got {describe_value(value)}")
        return None

    def _compile(self):
        same, want = self._same, self.value

        def run(value):
            if not same(value):
                raise Invalid
            return want
        return run


class ListOf(Spec):
    def __init__(self, item: Spec, min_len: int = 0, max_len: int | None = None,
                 doc: str = "") -> None:
        self.item, self.min_len, self.max_len, self.doc = item, min_len, max_len, doc

    def expected(self) -> str:
        return f"a list of {self.item.expected()}"

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array", "items": self.item.json_schema()}
        if self.min_len:
            out["minItems"] = self.min_len
        if self.max_len is not None:
            out["maxItems"] = self.max_len
        return self._described(out)

    def check(self, value, path, mark, ctx):
        if not isinstance(value, list):
            ctx.bad(path, mark, f"expected {self.expected()}, got {describe_value(value)}")
            return None
        if len(value) < self.min_len:
            ctx.bad(path, mark, f"expected at least {self.min_len} item(s), got {len(value)}")
        items = value
        if self.max_len is not None and len(value) > self.max_len:
            ctx.bad(path, mark, f"expected at most {self.max_len} item(s), got {len(value)}")
            items = value[: self.max_len]  # the items beyond are not checked one by one
        out = []
        for i, item in enumerate(items):
            imark = value.mark_of(i) if isinstance(value, MList) else mark
            out.append(self.item.check(item, _join(path, i), imark, ctx))
        return tuple(out)

    def _compile(self):
        item, lo = self.item.compiled(), self.min_len
        hi = self.max_len if self.max_len is not None else float("inf")

        def run(value):
            if not isinstance(value, list) or not lo <= len(value) <= hi:
                raise Invalid
            return tuple([item(v) for v in value])
        return run


@dataclass
class Field:
    spec: Spec
    required: bool = False
    default: Any = None
    doc: str = ""


class Record(Spec):
    """A mapping with known fields; unknown fields are errors with a suggestion."""

    def __init__(self, fields: dict[str, Field], doc: str = "", name: str = "mapping") -> None:
        self.fields = fields
        self.doc = doc
        self.name = name

    def expected(self) -> str:
        return self.name

    def json_schema(self, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        """``extra``: more properties (a variant's key) put first."""
        props: dict[str, Any] = dict(extra or {})
        for name, fld in self.fields.items():
            one = fld.spec.json_schema()
            if fld.doc:
                one["description"] = fld.doc
            props[name] = one
        out: dict[str, Any] = {"type": "object", "properties": props,
                               "additionalProperties": False}
        required = [*(extra or {}), *(n for n, f in self.fields.items() if f.required)]
        if required:
            out["required"] = required
        return self._described(out)

    def check(self, value, path, mark, ctx):
        if not isinstance(value, dict):
            ctx.bad(path, mark, f"expected {self.name}, got {describe_value(value)}")
            return None
        out: dict[str, Any] = {}
        meant: set[str] = set()  # required fields a misspelt key was probably meant as
        for key in value:
            if key not in self.fields:
                kmark = value.key_marks.get(key, mark) if isinstance(value, MDict) else mark
                close, hint = _missing_space(key, self.fields)
                if close is None:
                    close = closest(key, self.fields)
                    hint = f" (did you mean '{close}'?)" if close else ""
                ctx.bad(_join(path, str(key)), kmark,
                        f"unknown field {limits.quoted(key)}" + hint
                        + "; expected fields: " + ", ".join(self.fields))
                meant.add(close or "")
        for name, fld in self.fields.items():
            if name in value:
                vmark = value.mark_of(name) if isinstance(value, MDict) else mark
                out[name] = fld.spec.check(value[name], _join(path, name), vmark, ctx)
            elif fld.required and name not in meant:  # once: the did-you-mean said it
                ctx.bad(_join(path, name), mark,
                        f"missing required field {name!r} ({fld.spec.expected()})")
            else:
                out[name] = fld.default
        return out

    def _compile(self):
        # every field in order, with its default: the fields given replace theirs in place;
        # the commonest values checked here, without a call (name -> how, one lookup): a
        # text of a one-line text field (_LINE, its longest), of a free-text field that
        # may be empty (_FREE, its longest), a choice of an Enum field as written (_ENUM,
        # the choices), a whole number of an Int field (_INT, lowest, highest): exactly
        # what the field's own compiled check accepts as it is; anything else goes to
        # that check
        required = frozenset(name for name, f in self.fields.items() if f.required)
        check_of = {name: f.spec.compiled() for name, f in self.fields.items()}.get
        template = {name: f.default for name, f in self.fields.items()}
        plain_of = _plain_fields(self.fields).get
        visible = _VISIBLE_ASCII.search

        def run(value):
            # (a field not in the record is refused where its check is looked for; no
            # set made of the keys)
            if not isinstance(value, dict) or not value.keys() >= required:
                raise Invalid
            out = template.copy()
            for name, item in value.items():
                how = plain_of(name)
                if how is not None:
                    code = how[0]
                    if item.__class__ is str:
                        if code == _LINE:
                            if len(item) <= how[1] and item.isprintable() and visible(item):
                                out[name] = item
                                continue
                        elif code == _ENUM:
                            if item in how[1]:
                                out[name] = item
                                continue
                        elif code == _FREE and len(item) <= how[1] and item.isprintable():
                            out[name] = item
                            continue
                    elif code == _INT and item.__class__ is int and how[1] <= item <= how[2]:
                        out[name] = item
                        continue
                out[name] = check_of(name, _refuse)(item)  # (not a field: refused)
            return out
        return run


#: how a field's commonest values are checked without a call (:func:`_plain_fields`)
_LINE, _FREE, _ENUM, _INT = range(4)


def _refuse(value) -> None:
    """The compiled check of a field a record does not have."""
    raise Invalid


def _plain_fields(fields: dict[str, Field]) -> dict[str, tuple]:
    """For :meth:`Record._compile`: how a field's commonest values are checked without a
    call: ``(_LINE, longest)`` for a one-line text field, ``(_FREE, longest)`` for a
    free-text field that may be empty, ``(_INT, lowest, highest)``, ``(_ENUM,
    choices)``; other fields are not there."""
    out: dict[str, tuple] = {}
    inf = float("inf")
    for name, f in fields.items():
        spec = f.spec
        if type(spec) is Str:
            if spec.one_line:
                out[name] = (_LINE, spec.max_len)
            elif not spec.nonempty:
                out[name] = (_FREE, spec.max_len)
        elif type(spec) is Int:
            out[name] = (_INT, -inf if spec.lo is None else spec.lo,
                         inf if spec.hi is None else spec.hi)
        elif type(spec) is Enum:
            out[name] = (_ENUM, frozenset(spec.choices))
    return out


@dataclass
class Validated:
    value: Any
    problems: list[Problem] = field(default_factory=list)


def validate(spec: Spec, value: Any, path: str = "", mark: Mark = (1, 1)) -> Validated:
    ctx = Ctx()
    out = spec.check(value, path, mark, ctx)
    return Validated(out, ctx.problems)
