"""Seeded mutators for the fuzz suites (``tests/test_fuzz.py``): card files and saves.

Every case is reproducible from its seed: ``Mutator(seed)`` draws the same mutations
every time. Mutations work on the text (cut, repeat, insert YAML or JSON tokens, control
and bidi characters) and on the structure (a value replaced by one of another type, a
huge or deeply nested value, many aliases of one value, fields dropped or added).
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml

YAML_TOKENS = [
    ": ", "- ", "[", "]", "{", "}", ",", "&a ", "*a", "&b [", "*b", "<<: *a\n", "? ",
    "!!python/object:os.system ", "!!python/name:os.system ", "!!binary ", "!!set ",
    "!!timestamp ", "!!int ", "!!float ", "!!omap ", "!foo ", "\x00", "\x07", "\t",
    "\u202e", "\u200b", "\ufeff", "\u2028", "'", '"', "\\", "\n  ", "\n", "|\n", ">-\n",
    "---\n", "...\n", "%YAML 1.1\n", "%TAG ! tag:x,2000:\n", "9" * 60, "1e999", ".nan",
    "-.inf", "0x", "0o9", "~", "null", "yes", "no", "2024-02-30", "12:30:00", "#", "@",
    "`", "%", "\U0001f600", "[" * 2000, "- " * 3000,
]

JSON_TOKENS = [
    "[", "]", "{", "}", ",", ":", '"', "\\", "\\u0000", "\\ud800", "null", "true", "-0",
    "1e999", "NaN", "Infinity", "9" * 5000, "\x00", "\u202e", "\u00b9", "[" * 200,
]


def weird_scalar(r: random.Random) -> Any:
    return r.choice([
        None, True, False, 0, -1, 1, 2**31, -(2**63), 2**64, 10**30, 1.5, float("inf"),
        "", " ", "x", "x" * r.choice([81, 300, 5000, 100_000]), "\u200b", "\u202eevil",
        "\u3164", "line\nbreak", "tab\there", "\x00", "\u00b9", "P1", "P9 pass", "-", "..",
        "../../../../etc/passwd", "/etc/passwd.png", "../x.png", "card.png",
    ])


def weird_value(r: random.Random, like: Any = None, depth: int = 0) -> Any:
    """A value of a random type, sometimes huge or deeply nested."""
    roll = r.random()
    if roll < 0.45 or depth > 2:
        return weird_scalar(r)
    if roll < 0.6:
        return [weird_value(r, depth=depth + 1) for _ in range(r.randint(0, 4))]
    if roll < 0.72:
        return {str(weird_scalar(r))[:20]: weird_value(r, depth=depth + 1)
                for _ in range(r.randint(0, 3))}
    if roll < 0.8:
        nested: Any = weird_scalar(r)
        for _ in range(r.choice([10, 31, 33, 41, 100, 300])):
            nested = [nested] if r.random() < 0.7 else {"k": nested}
        return nested
    if roll < 0.88:  # a long list of small values
        return [r.choice([0, "x", None, True, {"a": 1}])] * r.choice([5, 100, 5000, 50_000])
    if roll < 0.94 and isinstance(like, dict | list):
        return [like] * r.choice([2, 10, 1000])  # aliases when dumped as YAML
    return {"effect": r.choice(["heal", "draw", "modify_damage", "nope"]),
            "amount": weird_scalar(r)}


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """The paths (keys and indexes) into a nested value, down to 30 levels."""
    out = [prefix]
    if len(prefix) >= 30:
        return out
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value[:50]):
            out.extend(paths(item, (*prefix, i)))
    return out


def get(value: Any, path: tuple) -> Any:
    for key in path:
        value = value[key]
    return value


def expanded_size(value: Any, memo: dict[int, int] | None = None) -> int:
    """About the bytes ``json.dumps(value)`` writes: every shared list or mapping counted
    each time it is used."""
    memo = {} if memo is None else memo
    if isinstance(value, str):
        return len(value) + 3
    if not isinstance(value, dict | list):
        return 8
    known = memo.get(id(value))
    if known is None:
        items = value.values() if isinstance(value, dict) else value
        known = memo[id(value)] = 2 + sum(expanded_size(v, memo) for v in items) + (
            sum(expanded_size(k, memo) for k in value) if isinstance(value, dict) else 0)
    return known


#: a mutated document stays below this many bytes when written out as JSON (in YAML,
#: shared values become aliases: the card loader's own limits are tried with those)
MAX_EXPANDED = 5_000_000


def mutate_structure(r: random.Random, doc: Any, rounds: int = 1) -> Any:
    doc = json.loads(json.dumps(doc, default=str))
    for _ in range(rounds):
        spots = paths(doc)
        path = r.choice(spots)
        if not path:
            if r.random() < 0.2:
                return weird_value(r)
            continue
        undo = _mutate_at(r, doc, spots, path)
        if undo is not None and expanded_size(doc) > MAX_EXPANDED:
            undo()
    return doc


def _mutate_at(r: random.Random, doc: Any, spots: list, path: list):
    """One change at ``path``; returns how to take it back (None: nothing to undo)."""
    parent, key = get(doc, path[:-1]), path[-1]
    old = parent[key]
    action = r.random()
    if action < 0.55:
        parent[key] = weird_value(r, like=old)
        return lambda: parent.__setitem__(key, old)
    if action < 0.7:
        del parent[key]
        return None
    if action < 0.8 and isinstance(parent, dict):
        new_key = str(weird_scalar(r))[:30]
        if new_key in parent:
            return None
        parent[new_key] = weird_value(r)
        return lambda: parent.__delitem__(new_key)
    if action < 0.9 and isinstance(parent, list):
        at = r.randrange(len(parent) + 1)
        parent.insert(at, json.loads(json.dumps(old)) if expanded_size(old) <
                      MAX_EXPANDED else None)
        return lambda: parent.__delitem__(at)
    # another value from elsewhere in the document (a card's id, a name...)
    source = get(doc, r.choice(spots))
    if expanded_size(source) < MAX_EXPANDED:
        parent[key] = json.loads(json.dumps(source))
    return lambda: parent.__setitem__(key, old)

def mutate_text(r: random.Random, text: str, tokens: list[str], rounds: int = 1) -> str:
    for _ in range(rounds):
        if not text:
            text = r.choice(tokens)
            continue
        i = r.randrange(len(text))
        j = min(len(text), i + r.choice([1, 2, 5, 20, 200]))
        action = r.random()
        if action < 0.35:
            text = text[:i] + r.choice(tokens) + text[i:]
        elif action < 0.55:
            text = text[:i] + text[j:]
        elif action < 0.7:
            text = text[:j] + text[i:j] * r.choice([2, 10, 100]) + text[j:]
        elif action < 0.8:
            text = text[:i]
        elif action < 0.9:
            lines = text.split("\n")
            a, b = r.randrange(len(lines)), r.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
        else:
            text = text[:i] + chr(r.choice([r.randrange(32), r.randrange(0x80, 0x3000),
                                            r.randrange(0x1F000, 0x1FAFF)])) + text[i:]
    return text


def dump_yaml(r: random.Random, doc: Any) -> str:
    try:
        return yaml.dump(doc, Dumper=yaml.CSafeDumper, allow_unicode=r.random() < 0.5,
                         default_flow_style=r.choice([None, True, False]), width=10**6)
    except (yaml.YAMLError, RecursionError, ValueError):
        return json.dumps(doc, default=str)  # JSON is YAML too


def mutate_card_file(seed: int, text: str) -> str:
    """A mutation of a card file: text, structure or both."""
    r = random.Random(seed)
    roll = r.random()
    rounds = r.choice([1, 1, 1, 2, 3, 8])
    if roll < 0.45:
        return mutate_text(r, text, YAML_TOKENS, rounds)
    doc = yaml.load(text, Loader=yaml.CSafeLoader)
    out = dump_yaml(r, mutate_structure(r, doc, rounds))
    if roll > 0.85:
        out = mutate_text(r, out, YAML_TOKENS, 1)
    return out


def mutate_save(seed: int, save: dict, other_names: list[str]) -> bytes:
    """A mutation of a save: its JSON text, its fields, or its moves."""
    r = random.Random(seed)
    roll = r.random()
    if roll < 0.3:
        text = json.dumps(save, ensure_ascii=r.random() < 0.5)
        return mutate_text(r, text, JSON_TOKENS, r.choice([1, 1, 2, 4])).encode()
    data = json.loads(json.dumps(save))
    if roll < 0.55 and data["moves"]:
        moves = data["moves"]
        i = r.randrange(len(moves))
        action = r.random()
        if action < 0.25:
            del moves[i:]  # a valid prefix: must load in full
        elif action < 0.45:
            moves.insert(i, moves[r.randrange(len(moves))])
        elif action < 0.6:
            j = r.randrange(len(moves))
            moves[i], moves[j] = moves[j], moves[i]
        elif action < 0.8 and other_names:
            words = moves[i].split('"')
            if len(words) > 1:
                words[1] = r.choice(other_names)
            moves[i] = '"'.join(words)
        else:
            moves[i] = mutate_text(r, moves[i], ['"', " ", ">", "P9", "\u202e", "x" * 300], 1)
        return json.dumps(data).encode()
    if roll < 0.7:
        field = r.choice(["options", "seats", "notes", "settings", "seed", "position",
                          "saved", "turn", "over", "game", "version", "fingerprint"])
        if field == "options" and data["options"] and r.random() < 0.6:
            key = r.choice(list(data["options"]))
            data["options"][key] = r.choice([True, False, 2, 3, 4, "on", [], None,
                                             "heroes", "random", weird_scalar(r)])
        elif field == "notes" and r.random() < 0.6:
            data["notes"] = {r.choice(["1", "0", "\u00b9", "99999", "-1", "01", "x", "2"]):
                             weird_value(r)}
        else:
            data[field] = weird_value(r)
        return json.dumps(data, default=str).encode()
    return json.dumps(mutate_structure(r, data, r.choice([1, 2, 4])), default=str).encode()


#: things a folder can hold where a file should be: each would hang, never end or break a
#: reader that opens what it finds (:func:`make_special`)
SPECIAL_KINDS = ("fifo", "link-to-fifo", "socket", "folder", "link-loop", "dev-zero",
                 "dev-null")


def make_special(kind: str, path: Path) -> Path:
    """Make ``path`` a special file of ``kind`` (:data:`SPECIAL_KINDS`); a helper it
    links to gets ``path``'s name with another suffix (``.pipe``, ``.loop``)."""
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "link-to-fifo":
        pipe = path.with_name(path.name + ".pipe")
        os.mkfifo(pipe)
        path.symlink_to(pipe)
    elif kind == "socket":
        here = os.getcwd()  # bound by a short relative name: a socket's path is short
        os.chdir(path.parent)
        try:
            with socket.socket(socket.AF_UNIX) as sock:
                sock.bind(path.name)
        finally:
            os.chdir(here)
    elif kind == "folder":
        path.mkdir()
    elif kind == "link-loop":
        other = path.with_name(path.name + ".loop")
        path.symlink_to(other)
        other.symlink_to(path)
    elif kind in ("dev-zero", "dev-null"):
        path.symlink_to("/dev/zero" if kind == "dev-zero" else "/dev/null")
    else:
        raise ValueError(kind)
    return path


class Hang(Exception):
    """A case ran over its time limit."""


@contextmanager
def time_limit(seconds: float):
    """Raise :class:`Hang` in the running code after ``seconds`` (SIGALRM; main thread)."""
    def ring(signum, frame):
        raise Hang(f"over {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
