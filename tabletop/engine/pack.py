"""States as plain JSON, to hand one seat's view to another process (the computer player's
worker) without pickle.

A state's static parts (the card definitions, the compiled card data, the options) are
rebuilt on the other side from the same catalog; :func:`pack` sends the rest, slot by
slot. Values are JSON with small tags for what JSON lacks: ``{"t": [...]}`` a tuple,
``{"s": [...]}`` a set, ``{"f": [...]}`` a frozenset, ``{"d": [[k, v], ...]}`` a dict,
``{"n": name, "v": [...]}`` a registered named tuple or frozen dataclass (moves and
decisions are registered here; a game registers its own with :func:`packable`).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .flow import Decision
from .moves import Move
from .state import State

#: slots never sent: rebuilt from the catalog, or meaningless to the other side
STATIC = frozenset({"cards", "info", "options"})

_TYPES: dict[str, type] = {}


def packable(cls: type) -> type:
    """Register a named tuple or frozen dataclass that may appear in a state."""
    _TYPES[cls.__name__] = cls
    return cls


packable(Move)
packable(Decision)


class PackError(ValueError):
    """A value of a kind the packer does not know (register it with :func:`packable`)."""


def _out(v: Any) -> Any:
    if v is None or isinstance(v, bool | int | float | str):
        return v
    if isinstance(v, list):
        return [_out(x) for x in v]
    if isinstance(v, tuple):
        name = type(v).__name__
        if name in _TYPES and hasattr(v, "_fields"):
            return {"n": name, "v": [_out(x) for x in v]}
        return {"t": [_out(x) for x in v]}
    if isinstance(v, set):
        return {"s": [_out(x) for x in v]}
    if isinstance(v, frozenset):
        return {"f": [_out(x) for x in v]}
    if isinstance(v, dict):
        return {"d": [[_out(k), _out(x)] for k, x in v.items()]}
    name = type(v).__name__
    if name in _TYPES and dataclasses.is_dataclass(v):
        return {"n": name, "v": {f.name: _out(getattr(v, f.name))
                                 for f in dataclasses.fields(v)}}
    raise PackError(f"cannot pack a {type(v).__name__} ({v!r:.60})")


def _in(v: Any) -> Any:
    if isinstance(v, list):
        return [_in(x) for x in v]
    if not isinstance(v, dict):
        return v
    if "t" in v:
        return tuple(_in(x) for x in v["t"])
    if "s" in v:
        return {_in(x) for x in v["s"]}
    if "f" in v:
        return frozenset(_in(x) for x in v["f"])
    if "d" in v:
        return {_in(k): _in(x) for k, x in v["d"]}
    cls = _TYPES.get(v.get("n", ""))
    if cls is None:
        raise PackError(f"unknown packed type {v.get('n')!r}")
    if isinstance(v["v"], dict):
        return cls(**{k: _in(x) for k, x in v["v"].items()})
    return cls(*(_in(x) for x in v["v"]))


def _slots(cls: type) -> list[str]:
    return [name for c in cls.__mro__ for name in getattr(c, "__slots__", ())]


def pack(state: State) -> dict[str, Any]:
    """The dynamic slots of ``state`` as JSON-ready data."""
    return {name: _out(getattr(state, name)) for name in _slots(type(state))
            if name not in STATIC}


def unpack(data: dict[str, Any], template: State) -> State:
    """A state: ``template``'s static parts (cards, compiled data, options) with the
    packed slots filled in."""
    state = template.copy()
    for name in _slots(type(template)):
        if name not in STATIC:
            setattr(state, name, _in(data[name]))
    return state


def pack_move(move: Move) -> list:
    return list(move)


def unpack_move(data: list) -> Move:
    return Move(*(tuple(x) if isinstance(x, list) else x for x in data))
