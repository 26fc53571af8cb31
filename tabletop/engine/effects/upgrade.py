"""Card files from before the shared verbs, rewritten as they are written now.

``tabletop upgrade-cards FILE...`` calls :func:`upgrade_file`: every effect written with
an old name (``{effect: hand_discard, count: 1}``, or the same as a block mapping) is
rewritten with its verb and keys (``{effect: discard, from: hand, count: 1}``), and the
fields that pick cards written before selectors (``{effect: prevent, what: attack,
types: [energy]}``) move into the effect's selector (``match: {type: [energy]}``); fields
keep their text, comments and layout stay. The file is replaced atomically, and only when
something changed.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..files import atomic_write
from ..limits import MAX_CARD_FILE_BYTES
from .registry import EFFECTS
from .spelling import flat_selectors, new_head, old_names, use_of, yaml_word

_FLOW = re.compile(r"\{\s*effect\s*:\s*([A-Za-z_]+)")
_BLOCK = re.compile(r"^(?P<lead>[ \t]*(?:-[ \t]+)?)effect[ \t]*:[ \t]*(?P<name>[A-Za-z_]+)"
                    r"[ \t]*(?P<tail>(#.*)?)$")
_KEY = re.compile(r"^[ \t]*(?P<key>[A-Za-z_][\w-]*)[ \t]*:")


def _outside_quotes(text: str, start: int = 0):
    """``(index, character, depth)`` of each character of ``text`` from ``start`` that is
    not inside a quoted scalar; ``depth`` counts the brackets open after it."""
    depth, quote, i = 0, "", start
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == quote:
                quote = ""
            elif ch == "\\" and quote == '"':
                i += 1
        elif ch in "\"'":
            quote = ch
        else:
            depth += (ch in "{[") - (ch in "}]")
            yield i, ch, depth
        i += 1


def _closing(text: str, start: int) -> int:
    """The index of the brace that closes the flow mapping opened at ``start``."""
    return next((i for i, ch, depth in _outside_quotes(text, start)
                 if ch in "}]" and depth == 0), -1)


def _pairs(body: str) -> list[str]:
    """The top-level ``key: value`` items of a flow mapping's inside, as written."""
    out, last = [], 0
    for i, ch, depth in _outside_quotes(body):
        if ch == "," and depth == 0:
            out.append(body[last:i])
            last = i + 1
    out.append(body[last:])
    return [p.strip() for p in out if p.strip()]


def _selector_of(verb: str, written: dict[str, str]) -> dict[str, str]:
    """The selector (key -> field) of the use of ``verb`` that an effect written with
    ``written`` (field -> its text) means, when it writes a field that now goes in the
    selector (else {})."""
    forms = flat_selectors().get(verb, [])
    plain = {k: v.strip().strip("'\"") for k, v in written.items()}
    found = [f for f in forms if f.accepts(plain) and
             any(own in written and own not in f.own for own in f.match.values())]
    # (the same verb and keys in several contexts: they must agree on the selector)
    return found[0].match if found and all(f.match == found[0].match for f in found) \
        else {}


def _moved(items: list[tuple[str, str]], match: dict[str, str]) -> tuple[list[str], bool]:
    """``items`` (key, the text after its colon) with the fields ``match`` names written
    as one ``match: {...}`` where the first of them was; and whether any moved."""
    key_of = {own: key for key, own in match.items()}
    chosen = [f"{key_of[k]}:{rest}" for k, rest in items if k in key_of]
    out, placed = [], False
    for key, rest in items:
        if key not in key_of:
            out.append(f"{key}:{rest}")
        elif not placed:
            out.append("match: {" + ", ".join(c.strip() for c in chosen) + "}")
            placed = True
    return out, placed


def _flow(text: str) -> tuple[str, int]:
    olds = old_names()
    selecting = flat_selectors()
    out, pos, count = [], 0, 0
    for m in _FLOW.finditer(text):
        name = m.group(1)
        if m.start() < pos or (name not in olds and name not in selecting):
            continue
        end = _closing(text, m.start())
        if end < 0:
            continue
        pairs = []
        for pair in _pairs(text[m.start() + 1:end])[1:]:
            key, _, rest = pair.partition(":")
            pairs.append((key.strip(), rest))
        if name in olds:
            verb, keys, renames = new_head(name)
            head = [f"effect: {verb}", *(f"{k}: {yaml_word(v)}" for k, v in keys.items())]
            pairs = [(renames.get(k, k), rest) for k, rest in pairs]
            match = use_of(EFFECTS[name]).match
        else:
            head = [f"effect: {name}"]
            match = _selector_of(name, dict(pairs))
            if not match:
                continue
        items, moved = _moved(pairs, match)
        if name not in olds and not moved:
            continue
        out += [text[pos:m.start()], "{" + ", ".join(head + items) + "}"]
        pos = end + 1
        count += 1
    out.append(text[pos:])
    return "".join(out), count


def _block(text: str) -> tuple[str, int]:
    olds = old_names()
    selecting = flat_selectors()
    lines = text.split("\n")
    count, i = 0, 0
    while i < len(lines):
        m = _BLOCK.match(lines[i])
        name = m.group("name") if m is not None else None
        if name is None or (name not in olds and name not in selecting):
            i += 1
            continue
        lead = m.group("lead")
        indent = " " * len(lead)
        start = i + 1
        if name in olds:
            verb, keys, renames = new_head(name)
            tail = m.group("tail")
            lines[i] = f"{lead}effect: {verb}" + (f"  {tail}" if tail else "")
            lines[start:start] = [f"{indent}{k}: {yaml_word(v)}" for k, v in keys.items()]
            start += len(keys)
        else:
            renames = {}
        j = start
        fields: dict[str, int] = {}  # key -> its line
        while j < len(lines):
            line = lines[j]
            if line.strip() and not line.lstrip().startswith("#"):
                if not line.startswith(indent):
                    break  # the mapping ended
                k = _KEY.match(line)
                if k and not line[len(indent)].isspace():
                    key = k.group("key")
                    if key in renames:
                        at = k.start("key")
                        lines[j] = line[:at] + renames[key] + line[k.end("key"):]
                        key = renames[key]
                    fields[key] = j
            j += 1
        written = {k: lines[n].split(":", 1)[1] for k, n in fields.items()}
        match = use_of(EFFECTS[name]).match if name in olds else _selector_of(name, written)
        moved = _nest(lines, indent, fields, match, j)
        if name in olds or moved:
            count += 1
        i = j + moved
    return "\n".join(lines), count


def _nest(lines: list[str], indent: str, fields: dict[str, int], match: dict[str, str],
          end: int) -> int:
    """Move the block mapping's fields ``match`` names (each with the lines under it,
    up to ``end``) under one ``match:`` line where the first of them was. Returns how
    many lines the mapping grew by (1: the ``match:`` line; 0: nothing moved)."""
    key_of = {own: key for key, own in match.items()}
    flat = sorted(n for k, n in fields.items() if k in key_of)
    if not flat:
        return 0
    starts = sorted(fields.values())
    moved: list[str] = []
    for n in flat:
        after = [s for s in starts if s > n]
        stop = after[0] if after else end
        line = lines[n]
        key = _KEY.match(line).group("key")
        moved.append(f"{indent}  {key_of[key]}:{line.split(':', 1)[1]}")
        moved += ["  " + rest if rest.strip() else rest for rest in lines[n + 1:stop]]
        lines[n:stop] = [None] * (stop - n)
    first = flat[0]
    lines[first:first] = [f"{indent}match:", *moved]
    lines[:] = [line for line in lines if line is not None]
    return 1  # the moved lines are as many as they were, under one more


def upgrade_text(text: str) -> tuple[str, int]:
    """``text`` (a card file) with every old effect name rewritten; and how many."""
    text, flows = _flow(text)
    text, blocks = _block(text)
    return text, flows + blocks


def upgrade_file(path: Path) -> int:
    """Rewrite ``path`` in place (atomically, only if it changes); effects rewritten."""
    data = path.read_bytes()
    if len(data) > MAX_CARD_FILE_BYTES:
        raise ValueError(f"{path} is larger than {MAX_CARD_FILE_BYTES:,} bytes")
    text = data.decode("utf-8")
    new, count = upgrade_text(text)
    if count:
        atomic_write(path, new.encode("utf-8"))
    return count
