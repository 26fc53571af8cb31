"""A small declarative schema for card data, with errors that point at file:line:col.

Each game describes its card kinds with these specs; :func:`validate` walks loaded YAML
(:mod:`tabletop.engine.yamlio` values, which know their positions), collects every
problem it finds (not just the first) and returns plain, normalised Python data.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from .yamlio import Mark, MDict, MList


@dataclass(frozen=True)
class Problem:
    """One validation problem: where (``path`` like ``powers[1].speed``, ``mark``) and what."""

    path: str
    mark: Mark
    message: str


def suggest(word: str, options) -> str:
    """Return `` (did you mean 'x'?)`` for the closest option, or an empty string."""
    close = difflib.get_close_matches(str(word), [str(o) for o in options], n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def describe_value(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    return f"{value!r}"


class Ctx:
    """Carries the problem list while validating."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def bad(self, path: str, mark: Mark, message: str) -> None:
        self.problems.append(Problem(path, mark, message))


def _join(path: str, name: str | int) -> str:
    if isinstance(name, int):
        return f"{path}[{name}]"
    return f"{path}.{name}" if path else name


class Spec:
    """Base class: ``check`` returns the normalised value (or None after reporting)."""

    doc: str = ""

    def check(self, value: Any, path: str, mark: Mark, ctx: Ctx) -> Any:  # pragma: no cover
        raise NotImplementedError

    def expected(self) -> str:  # pragma: no cover
        raise NotImplementedError


class Str(Spec):
    def __init__(self, nonempty: bool = True, doc: str = "") -> None:
        self.nonempty = nonempty
        self.doc = doc

    def expected(self) -> str:
        return "text"

    def check(self, value, path, mark, ctx):
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            ctx.bad(path, mark, f"expected text, got {describe_value(value)}")
            return None
        value = str(value)
        if self.nonempty and not value.strip():
            ctx.bad(path, mark, "expected non-empty text")
            return None
        return value


class Int(Spec):
    def __init__(self, lo: int | None = None, hi: int | None = None, doc: str = "") -> None:
        self.lo, self.hi, self.doc = lo, hi, doc

    def expected(self) -> str:
        if self.lo is not None and self.hi is not None:
            return f"a whole number from {self.lo} to {self.hi}"
        if self.lo is not None:
            return f"a whole number of at least {self.lo}"
        return "a whole number"

    def check(self, value, path, mark, ctx):
        if isinstance(value, bool) or not isinstance(value, int):
            ctx.bad(path, mark, f"expected {self.expected()}, got {describe_value(value)}")
            return None
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            ctx.bad(path, mark, f"expected {self.expected()}, got {value}")
            return None
        return value


class Bool(Spec):
    def __init__(self, doc: str = "") -> None:
        self.doc = doc

    def expected(self) -> str:
        return "true or false"

    def check(self, value, path, mark, ctx):
        if not isinstance(value, bool):
            ctx.bad(path, mark, f"expected true or false, got {describe_value(value)}")
            return None
        return value


class Enum(Spec):
    def __init__(self, *choices: str, doc: str = "") -> None:
        self.choices = choices
        self.doc = doc

    def expected(self) -> str:
        return "one of " + ", ".join(self.choices)

    def check(self, value, path, mark, ctx):
        if isinstance(value, bool) or not isinstance(value, str | int):
            ctx.bad(path, mark, f"expected {self.expected()}, got {describe_value(value)}")
            return None
        text = str(value)
        if text not in self.choices:
            lowered = text.lower()
            if lowered in self.choices:
                return lowered
            ctx.bad(path, mark, f"expected {self.expected()}, got {text!r}"
                    + suggest(text, self.choices))
            return None
        return text


class ListOf(Spec):
    def __init__(self, item: Spec, min_len: int = 0, max_len: int | None = None,
                 doc: str = "") -> None:
        self.item, self.min_len, self.max_len, self.doc = item, min_len, max_len, doc

    def expected(self) -> str:
        return f"a list of {self.item.expected()}"

    def check(self, value, path, mark, ctx):
        if not isinstance(value, list):
            ctx.bad(path, mark, f"expected {self.expected()}, got {describe_value(value)}")
            return None
        if len(value) < self.min_len:
            ctx.bad(path, mark, f"expected at least {self.min_len} item(s), got {len(value)}")
        if self.max_len is not None and len(value) > self.max_len:
            ctx.bad(path, mark, f"expected at most {self.max_len} item(s), got {len(value)}")
        out = []
        for i, item in enumerate(value):
            imark = value.mark_of(i) if isinstance(value, MList) else mark
            out.append(self.item.check(item, _join(path, i), imark, ctx))
        return tuple(out)


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

    def check(self, value, path, mark, ctx):
        if not isinstance(value, dict):
            ctx.bad(path, mark, f"expected {self.name}, got {describe_value(value)}")
            return None
        out: dict[str, Any] = {}
        for key in value:
            if key not in self.fields:
                kmark = value.key_marks.get(key, mark) if isinstance(value, MDict) else mark
                ctx.bad(_join(path, str(key)), kmark,
                        f"unknown field {key!r}" + suggest(key, self.fields)
                        + "; expected fields: " + ", ".join(self.fields))
        for name, fld in self.fields.items():
            if name in value:
                vmark = value.mark_of(name) if isinstance(value, MDict) else mark
                out[name] = fld.spec.check(value[name], _join(path, name), vmark, ctx)
            elif fld.required:
                ctx.bad(_join(path, name), mark,
                        f"missing required field {name!r} ({fld.spec.expected()})")
            else:
                out[name] = fld.default
        return out


class OneOfKey(Spec):
    """A mapping whose ``key`` field names a variant; each variant has its own Record.

    Used for the effect vocabulary: ``{effect: heal, amount: 3}``.
    """

    def __init__(self, key: str, variants: dict[str, Record], what: str, doc: str = "") -> None:
        self.key, self.variants, self.what, self.doc = key, variants, what, doc

    def expected(self) -> str:
        return f"a {self.what} ({self.key}: " + " | ".join(self.variants) + ")"

    def check(self, value, path, mark, ctx):
        if not isinstance(value, dict):
            ctx.bad(path, mark, f"expected {self.expected()}, got {describe_value(value)}")
            return None
        if self.key not in value:
            ctx.bad(path, mark, f"missing required field {self.key!r}: the {self.what} name")
            return None
        name = value[self.key]
        kmark = value.mark_of(self.key) if isinstance(value, MDict) else mark
        if name not in self.variants:
            ctx.bad(_join(path, self.key), kmark,
                    f"unknown {self.what} {name!r}" + suggest(name, self.variants)
                    + "; valid: " + ", ".join(sorted(self.variants)))
            return None
        rest = MDict({k: v for k, v in value.items() if k != self.key})
        if isinstance(value, MDict):
            rest.mark = value.mark
            rest.key_marks = value.key_marks
            rest.value_marks = value.value_marks
        out = self.variants[name].check(rest, path, mark, ctx)
        if out is None:
            return None
        out[self.key] = name
        return out


@dataclass
class Validated:
    value: Any
    problems: list[Problem] = field(default_factory=list)


def validate(spec: Spec, value: Any, path: str = "", mark: Mark = (1, 1)) -> Validated:
    ctx = Ctx()
    out = spec.check(value, path, mark, ctx)
    return Validated(out, ctx.problems)
