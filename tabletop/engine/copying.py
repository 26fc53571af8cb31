"""How a game state copies itself, declared once per field.

Each :class:`~tabletop.engine.state.State` class lists its fields in ``COPYING``, a
mapping from field name to a rule, and takes its ``__slots__`` from it; the class's
``copy`` is then generated from the rules of the class and its bases (:func:`copier`).
A new field without a rule is refused when the class is made, so no copy can forget it.

The rules:

- :data:`SHARED`: the copy holds the same object (ints, strings, tuples, frozensets,
  and containers the rules replace rather than change, such as the shared card tuple);
- :data:`COPIED`: a one-level copy (``.copy()`` of a list, set or dict of immutables);
- :data:`ZONES`: a dict of lists, each list copied (the zones);
- :data:`EMPTY`: a new empty list (what happened since the last copy: the events).

The generated function is written out field by field, as by hand, because a state is
copied at every move of a playout and a loop over the fields costs more than twice as
much (measured: 4.3 against 1.8 microseconds for Brawl's state). Its source is built
only from the class's own field names (checked to be identifiers and slots of the class)
and the four fixed lines below; nothing read from a file reaches it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from types import MemberDescriptorType
from typing import Any

SHARED = "shared"
COPIED = "copied"
ZONES = "zones"
EMPTY = "empty"

_LINE = {
    SHARED: "new.{0} = self.{0}",
    COPIED: "new.{0} = self.{0}.copy()",
    # the same keys first, then each list replaced by its copy (faster than a
    # comprehension for a state of many zones: OverPower's 3.3-3.5 against 3.7 microseconds)
    ZONES: "z = new.{0} = self.{0}.copy()\n    for k, v in z.items():\n        z[k] = v.copy()",
    EMPTY: "new.{0} = []",
}


def check_declared(cls: type) -> None:
    """Refuse a state class whose own slots and ``COPYING`` rules disagree."""
    if "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} must declare __slots__ (tuple(COPYING))")
    slots = cls.__dict__["__slots__"]
    slots = (slots,) if isinstance(slots, str) else tuple(slots)
    rules: Mapping[str, str] = cls.__dict__.get("COPYING", {})
    missing = [s for s in slots if s not in rules]
    extra = [name for name in rules if name not in slots]
    if missing or extra:
        raise TypeError(
            f"{cls.__name__}: every field needs one copy rule in COPYING"
            + (f"; no rule for {', '.join(missing)}" if missing else "")
            + (f"; rules for fields that are not slots: {', '.join(extra)}" if extra else ""))
    for name, rule in rules.items():
        if rule not in _LINE:
            raise TypeError(f"{cls.__name__}.{name}: unknown copy rule {rule!r} "
                            f"(one of {', '.join(_LINE)})")


def fields(cls: type) -> dict[str, str]:
    """Every field of ``cls`` a copy sets, with its rule, bases first. A slot that a
    subclass replaces by a property (a value worked out from other fields) is left out."""
    out: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        for name, rule in klass.__dict__.get("COPYING", {}).items():
            if isinstance(inspect.getattr_static(cls, name), MemberDescriptorType):
                out[name] = rule
            else:
                out.pop(name, None)
    return out


def copier(cls: type) -> Callable[[Any], Any]:
    """The ``copy`` method of ``cls``, generated from :func:`fields`."""
    lines = ["def copy(self):", "    new = _new(_cls)"]
    for name, rule in fields(cls).items():
        if not name.isidentifier():  # pragma: no cover - slots are identifiers already
            raise TypeError(f"{cls.__name__}: field {name!r} is not a name")
        lines.append("    " + _LINE[rule].format(name))
    lines.append("    return new")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    exec(compile("\n".join(lines), f"<copy of {cls.__qualname__}>", "exec"), namespace)
    fn = namespace["copy"]
    fn.__qualname__ = f"{cls.__qualname__}.copy"
    fn.__doc__ = (f"An independent copy of the {cls.__name__}: each field as its "
                  "COPYING rule says (see tabletop.engine.copying).")
    return fn
