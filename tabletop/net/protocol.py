"""The online protocol: JSON messages over WebSockets, each a mapping with a ``type``.

Every message a client sends is checked here before anything else sees it: its size
(:data:`MAX_BYTES`), how deeply it nests (:data:`MAX_DEPTH`, counted before it is
parsed), that it is JSON, that its ``type`` is known and that each field has its type
(:data:`CLIENT`). A message that fails is refused with a :class:`ProtocolError` naming
what is wrong; it never reaches a table. ``docs/protocol.md`` documents the messages;
:data:`VERSION` is the protocol's version, sent in ``hello`` and ``welcome``.
"""

from __future__ import annotations

import json
from typing import Any

#: the protocol's version: a client of another version is refused at ``hello``
VERSION = 1
#: the largest message a client may send (a move is well under 1 KiB)
MAX_BYTES = 16 * 1024
#: the deepest nesting of lists and mappings a client's message may have
MAX_DEPTH = 8
#: the longest text field (a name, a code, a token)
MAX_TEXT = 200

#: what a client may send: type -> {field: (type, required)}
CLIENT: dict[str, dict[str, tuple[type | tuple[type, ...], bool]]] = {
    "hello": {"version": (int, True)},
    "create": {"game": (str, True), "options": (dict, False), "seed": (int, False),
               "seats": (list, True), "computers": (list, False), "host": (int, False)},
    "watch": {"code": (str, True)},
    "look": {"code": (str, True)},
    "join": {"code": (str, True), "seat": (int, True), "name": (str, True),
             "fingerprint": (str, False)},
    "rejoin": {"table": (str, True), "seat": (int, True), "token": (str, True)},
    "move": {"table": (str, True), "seat": (int, True), "token": (str, True),
             "move": (list, True), "changes": (int, True)},
    "say": {"table": (str, True), "seat": (int, True), "token": (str, True),
            "text": (str, True)},
    "undo": {"table": (str, True), "seat": (int, True), "token": (str, True)},
    "answer": {"table": (str, True), "seat": (int, True), "token": (str, True),
               "yes": (bool, True)},
    "adjourn": {"table": (str, True), "seat": (int, True), "token": (str, True)},
    "hand": {"table": (str, True), "seat": (int, True), "token": (str, True),
             "to": (int, True), "level": (str, True)},
}


class ProtocolError(ValueError):
    """A client's message the protocol refuses (the reason is sent back to it)."""


def depth(text: str) -> int:
    """How deeply the lists and mappings of JSON ``text`` nest (brackets inside strings
    not counted), worked out without parsing it."""
    deepest = level = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            level += 1
            deepest = max(deepest, level)
        elif ch in "]}":
            level -= 1
    return deepest


def _parse(raw: str | bytes) -> Any:
    """``raw`` as JSON, once its size, text and nesting are within the limits."""
    if len(raw) > MAX_BYTES:
        raise ProtocolError(f"message over {MAX_BYTES} bytes")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("message is not UTF-8 text") from None
    if depth(raw) > MAX_DEPTH:
        raise ProtocolError(f"message nested deeper than {MAX_DEPTH}")
    try:
        return json.loads(raw)
    except ValueError:
        raise ProtocolError("message is not JSON") from None


def decode(raw: str | bytes) -> dict[str, Any]:
    """A client's message, checked (see the module docstring)."""
    msg = _parse(raw)
    if not isinstance(msg, dict):
        raise ProtocolError("message is not a JSON object")
    kind = msg.get("type")
    fields = CLIENT.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise ProtocolError(f"unknown message type {str(kind)[:40]!r}")
    for name, (want, required) in fields.items():
        if name not in msg:
            if required:
                raise ProtocolError(f"{kind}: missing field {name!r}")
            continue
        value = msg[name]
        if not isinstance(value, want) or isinstance(value, bool) and want is int:
            raise ProtocolError(f"{kind}: field {name!r} has the wrong type")
        if isinstance(value, str) and len(value) > MAX_TEXT:
            raise ProtocolError(f"{kind}: field {name!r} is too long")
    strange = set(msg) - set(fields) - {"type", "id"}
    if strange:
        raise ProtocolError(f"{kind}: unknown field {sorted(strange)[0][:40]!r}")
    return msg


def encode(msg: dict[str, Any]) -> str:
    """A message as the server sends it."""
    return json.dumps(msg, separators=(",", ":"))
