"""Card files from before the shared verbs, rewritten as they are written now.

``tabletop upgrade-cards FILE...`` calls :func:`upgrade_file`: every effect written with
an old name (``{effect: hand_discard, count: 1}``, or the same as a block mapping) is
rewritten with its verb and keys (``{effect: discard, from: hand, count: 1}``); fields
keep their text, comments and layout stay. The file is replaced atomically, and only when
something changed.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..files import atomic_write
from ..limits import MAX_CARD_FILE_BYTES
from .spelling import new_head, old_names, yaml_word

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


def _flow(text: str) -> tuple[str, int]:
    olds = old_names()
    out, pos, count = [], 0, 0
    for m in _FLOW.finditer(text):
        if m.start() < pos or m.group(1) not in olds:
            continue
        end = _closing(text, m.start())
        if end < 0:
            continue
        verb, keys, renames = new_head(m.group(1))
        items = [f"effect: {verb}", *(f"{k}: {yaml_word(v)}" for k, v in keys.items())]
        for pair in _pairs(text[m.start() + 1:end])[1:]:
            key, _, rest = pair.partition(":")
            key = key.strip()
            items.append(f"{renames.get(key, key)}:{rest}")
        out += [text[pos:m.start()], "{" + ", ".join(items) + "}"]
        pos = end + 1
        count += 1
    out.append(text[pos:])
    return "".join(out), count


def _block(text: str) -> tuple[str, int]:
    olds = old_names()
    lines = text.split("\n")
    count, i = 0, 0
    while i < len(lines):
        m = _BLOCK.match(lines[i])
        if m is None or m.group("name") not in olds:
            i += 1
            continue
        verb, keys, renames = new_head(m.group("name"))
        lead = m.group("lead")
        indent = " " * len(lead)
        tail = m.group("tail")
        lines[i] = f"{lead}effect: {verb}" + (f"  {tail}" if tail else "")
        lines[i + 1:i + 1] = [f"{indent}{k}: {yaml_word(v)}" for k, v in keys.items()]
        j = i + 1 + len(keys)
        while j < len(lines):
            line = lines[j]
            if line.strip() and not line.lstrip().startswith("#"):
                if not line.startswith(indent):
                    break  # the mapping ended
                k = _KEY.match(line)
                if k and not line[len(indent)].isspace() and k.group("key") in renames:
                    at = k.start("key")
                    lines[j] = line[:at] + renames[k.group("key")] + line[k.end("key"):]
            j += 1
        count += 1
        i = j
    return "\n".join(lines), count


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
