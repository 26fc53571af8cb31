"""YAML syntax errors in words: the likely cause, and the line with a caret under it.

PyYAML says what its scanner met ("mapping values are not allowed in this context");
a modder needs what to change. :func:`explain` reads the text around the error's mark
and names the usual causes: a tab used to indent, a missing space after a colon, a key
or a ``- `` list item at the wrong depth, a quote or a bracket never closed, a colon
inside an unquoted value. Anything else keeps PyYAML's words. Pure Python (no pygame).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml

#: how much of a long line the snippet shows (around the caret)
SNIPPET_CHARS = 100
#: how much of each line the causes are looked for in (a key, a quote, a dash are near a
#: line's start; the patterns can take time growing with the square of what they read,
#: so a file of very long lines costs no more than one of short ones)
HINT_CHARS = 400
#: how a tab is shown in a snippet (one character, so the caret stays under its column)
TAB_SHOWN = "\u2192"

#: ``key:value`` with no space after the colon (not ``http://``; not a quoted key)
_NO_SPACE = re.compile(r"^(\s*(?:-\s+)*)([A-Za-z_][\w-]*):(?=[^\s:/])")
#: a line that is a key (``name:``), maybe after list dashes: its key and the key's column
_KEY = re.compile(r"^(\s*(?:-\s+)*)([^\s#:'\"\[\]{}][^:#]*?|'[^']*'|\"[^\"]*\"):(?:\s|$)")
#: a value that opens a quote (after ``key: ``, ``- ``, ``[`` or ``, ``)
_OPENING = re.compile(r"(?:^\s*-\s+|:\s+|[\[{,]\s*)(['\"])")


@dataclass(frozen=True)
class Explained:
    """A syntax error said for a modder: where (1-based), what, and the snippet (the
    line and a caret line under the column; empty when the file has no such line)."""

    line: int
    col: int
    message: str
    snippet: str


def explain(exc: yaml.MarkedYAMLError, text: str) -> Explained:
    """``exc`` (raised reading ``text``) in words: the likely cause when the text around
    its mark shows one (PyYAML's phrase kept in brackets), else PyYAML's words."""
    mark = exc.problem_mark or exc.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    lines = text.splitlines()
    raw = _raw(exc)
    found = _cause(exc, [t[:HINT_CHARS] for t in lines], line, col)
    if found is None:
        return Explained(line, col, "YAML syntax error: " + raw, snippet(lines, line, col))
    line, col, words = found
    return Explained(line, col, f"YAML syntax error: {words} [{raw}]",
                     snippet(lines, line, col))


def _raw(exc: yaml.MarkedYAMLError) -> str:
    problem = exc.problem or str(exc)
    if exc.context and exc.problem:
        problem = f"{exc.problem} ({exc.context})"
    return " ".join(str(problem).split())


def snippet(lines: list[str], line: int, col: int) -> str:
    """Line ``line`` of ``lines`` (1-based) with its number, and a caret under ``col``;
    a long line is cut around the column, tabs shown as arrows."""
    if not 1 <= line <= len(lines):
        return ""
    shown = lines[line - 1].replace("\t", TAB_SHOWN)
    start = 0
    if len(shown) > SNIPPET_CHARS:
        start = max(0, min(col - 1 - SNIPPET_CHARS // 2, len(shown) - SNIPPET_CHARS))
        shown = ("\u2026" if start else "") + shown[start:start + SNIPPET_CHARS] + \
            ("\u2026" if start + SNIPPET_CHARS < len(shown) else "")
        col = col - start + (1 if start else 0)
    gutter = f"{line:>4} | "
    return f"{gutter}{shown}\n{' ' * (len(gutter) - 2)}| {' ' * (col - 1)}^"


def _line(lines: list[str], n: int) -> str:
    return lines[n - 1] if 1 <= n <= len(lines) else ""


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" \t"))


def _previous(lines: list[str], n: int) -> int:
    """The number of the last line before ``n`` with something on it (0: none)."""
    n -= 1
    while n >= 1 and (not lines[n - 1].strip() or lines[n - 1].lstrip().startswith("#")):
        n -= 1
    return n


def _cause(exc, lines: list[str], line: int, col: int) -> tuple[int, int, str] | None:
    """(line, column, words) of the likely cause, or None."""
    problem, context = str(exc.problem or ""), str(exc.context or "")
    here = _line(lines, line)
    for check in (_tab, _unclosed, _no_space, _misplaced):
        found = check(exc, lines, line, col, here, problem, context)
        if found is not None:
            return found
    return None


def _tab(exc, lines, line, col, here, problem, context):
    """A tab in the indentation of the line (or of the one above)."""
    for n in (line, _previous(lines, line)):
        text = _line(lines, n)
        lead = text[:_indent(text)]
        if "\t" in lead or ("tab" in problem and n == line and "\t" in text[:col]):
            at = (lead or text).index("\t") + 1
            return n, at, ("a tab is used to indent this line; YAML indents with spaces "
                           "only: replace the tab with spaces")
    return None


def _unclosed(exc, lines, line, col, here, problem, context):
    """A quote or bracket opened and never closed."""
    start = exc.context_mark.line + 1 if exc.context_mark else line
    if "quoted scalar" in context and exc.context_mark is not None:
        quote = _line(lines, start)[exc.context_mark.column:][:1] or '"'
        return start, exc.context_mark.column + 1, (
            f"the quote {quote} opened here is never closed: end the text with {quote} on "
            "the same line")
    if "flow sequence" in context or "flow mapping" in context:
        close = "]" if "sequence" in context else "}"
        opened = exc.context_mark
        if opened is not None and (line > opened.line + 1 or not here.strip()):
            return opened.line + 1, opened.column + 1, (
                f"the {'[' if close == ']' else '{'} opened here is never closed: add "
                f"{close} at the end of the {'list' if close == ']' else 'mapping'}")
        return line, col, (f"expected a comma or {close} here: separate the items with "
                           f"', ', or put an item with a comma or a colon in quotes")
    if "flow node" in context and "node content" in problem:  # ``[`` then the file ends
        opened = _open_bracket(lines, line)
        if opened is not None:
            n, at, bracket = opened
            close = "]" if bracket == "[" else "}"
            return n, at, (f"the {bracket} opened here is never closed: add {close} at the "
                           f"end of the {'list' if close == ']' else 'mapping'}")
    if "end of stream" in problem and exc.context_mark is not None:
        return start, exc.context_mark.column + 1, ("this is never closed before the end "
                                                    "of the file")
    # a quote opened on an earlier line that runs on to here ("did not find expected key"
    # in the middle of a line)
    if "expected key" in problem and here[:col - 1].strip():
        for n in range(max(1, start), line):
            opened = _open_quote(_line(lines, n))
            if opened is not None:
                quote, at = opened
                return n, at, (f"the quote {quote} opened here is not closed on its line: "
                               f"end the text with {quote}")
        prefix = here[:col - 1].rstrip()
        if prefix.endswith(("'", '"')):
            return line, col, ("text after a closing quote: put the whole value in "
                               "quotes, or nothing after the quote")
    return None


def _open_bracket(lines: list[str], line: int) -> tuple[int, int, str] | None:
    """The last ``[`` or ``{`` at or before line ``line`` that no bracket after it closes
    (outside quotes and comments): (line, column, bracket), or None."""
    depth = 0
    for n in range(min(line, len(lines)), 0, -1):
        text = re.sub(r"'[^']*'|\"(?:\\.|[^\"\\])*\"|\s#.*$", lambda m: " " * len(m.group()),
                      lines[n - 1])
        for at in range(len(text) - 1, -1, -1):
            if text[at] in "]}":
                depth += 1
            elif text[at] in "[{":
                if depth == 0:
                    return n, at + 1, text[at]
                depth -= 1
    return None


def _open_quote(text: str) -> tuple[str, int] | None:
    """The quote a line opens as a value and never closes, and its column."""
    for found in _OPENING.finditer(text):
        quote = found.group(1)
        at = found.end(1)
        rest = text[at:].replace(quote * 2, "") if quote == "'" else \
            re.sub(r"\\.", "", text[at:])
        if quote not in rest:
            return quote, at
    return None


def _no_space(exc, lines, line, col, here, problem, context):
    """``name:Storm``: no space after the key's colon (on this line or the one above)."""
    if "mapping values" not in problem and "expected ':'" not in problem \
            and "expected key" not in problem:
        return None
    candidates = [line, _previous(lines, line)]
    if exc.context_mark is not None:
        candidates.insert(0, exc.context_mark.line + 1)
    for n in candidates:
        found = _NO_SPACE.match(_line(lines, n))
        if found is not None:
            key = _short(found.group(2))
            return n, found.end(2) + 1, (
                f"no space after the colon of '{key}': write '{key}: ' and then the value")
    return None


def _misplaced(exc, lines, line, col, here, problem, context):
    """A key or a ``- `` item at the wrong depth, or a colon in an unquoted value."""
    stripped = here.lstrip(" ")
    indent = len(here) - len(stripped)
    above = _previous(lines, line)
    sibling = _KEY.match(_line(lines, above)) if above else None
    if "mapping values" in problem:
        key = _KEY.match(here)
        if key is not None and col - 1 > key.end(2):  # a later colon: inside the value
            name = _short(key.group(2).strip())
            value = here[key.end():].strip()
            return line, col, (f"the value of '{name}' holds a colon and a space, which "
                               f"YAML reads as a new key: put it in quotes "
                               f"({name}: \"{_short(value)}\")")
        if stripped.startswith("- "):
            return line, indent + 1, _item_words(lines, line, indent)
        if sibling is not None:
            where = len(sibling.group(1))
            if indent > where:
                return line, indent + 1, (
                    f"this line is indented more than the line above (column {indent + 1}, "
                    f"not {where + 1}): keys of one card line up, and a key holding a "
                    "mapping or list ends with a colon")
        return line, col, ("a colon and a space where YAML did not expect a key: check "
                           "the indentation, or put a text holding ': ' in quotes")
    if "expected key" in problem or "expected '-'" in problem or "block end" in problem:
        if here[:col - 1].strip():
            return None
        if stripped.startswith("-"):
            return line, indent + 1, _item_words(lines, line, indent)
        key = _KEY.match(here)
        name = f"'{_short(key.group(2).strip())}'" if key else "this line"
        context_col = exc.context_mark.column + 1 if exc.context_mark else None
        if sibling is not None:
            where = len(sibling.group(1))
            side = "more" if indent > where else "less"
            return line, indent + 1, (
                f"{name} is indented {side} than the key above it (column {indent + 1}, "
                f"not {where + 1}): keys of one card line up")
        return line, indent + 1, (f"{name} is at the wrong depth (column {indent + 1}"
                                  + (f"; the block above starts at column {context_col}"
                                     if context_col else "") + ")")
    return None


def _item_words(lines: list[str], line: int, indent: int) -> str:
    """A ``- `` item that does not line up with the items of its list."""
    for n in range(line - 1, 0, -1):
        text = lines[n - 1]
        if text.lstrip(" ").startswith("- ") and _indent(text) != indent:
            return (f"a '- ' list item at the wrong depth (column {indent + 1}; the item at "
                    f"line {n} is at column {_indent(text) + 1}): the items of one list "
                    "line up")
    return "a '- ' list item at the wrong depth: the items of one list line up"


def _short(value: str, most: int = 40) -> str:
    value = value.replace('"', '\\"')
    return value if len(value) <= most else value[:most] + "\u2026"
