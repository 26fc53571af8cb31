"""The closed vocabulary of card effects, selectors and triggers, shared by every game.

Card abilities are data: a list of effects, each a mapping whose ``effect:`` key names one
entry of :data:`EFFECTS`. Each game's rules module interprets the effects it uses; nothing
in a card file is ever executed. Every name here is documented in ``docs/modding.md`` (a
test keeps the two in step), and unknown names are refused at load time with a
suggestion of the closest valid one.

The entries are defined by domain in this package (``brawl.py``, and one module per game
that adds effects); all are loaded when the package is imported. An entry lists the
*contexts* it may be written in (``game.context``, e.g. ``brawl.power``); a game reuses an
existing effect in a context of its own with :func:`allow`.

Selectors (mappings that pick cards) are per game: :data:`SELECTORS` maps a game id to
its selector keys.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field

from ..schema import Enum, Field, ListOf, OneOfKey, Record, Spec, Str


class OneOrMany(Spec):
    """A single enum value or a list of them; normalised to a tuple."""

    def __init__(self, *choices: str, doc: str = "") -> None:
        self.enum = Enum(*choices)
        self.doc = doc

    def expected(self) -> str:
        return self.enum.expected() + " (or a list of them)"

    def check(self, value, path, mark, ctx):
        if isinstance(value, list):
            out = ListOf(self.enum, min_len=1).check(value, path, mark, ctx)
            return None if out is None or None in out else out
        one = self.enum.check(value, path, mark, ctx)
        return None if one is None else (one,)


@dataclass(frozen=True)
class SelectorKey:
    name: str
    field: Field
    doc: str


@dataclass
class EffectKind:
    """One entry of the vocabulary."""

    name: str
    fields: dict[str, Field]
    contexts: set[str]
    doc: str
    example: str
    games: set[str] = field(default_factory=set)


#: every effect, by name
EFFECTS: dict[str, EffectKind] = {}
#: game id -> selector key name -> key
SELECTORS: dict[str, dict[str, SelectorKey]] = {}
#: "game.context" -> when effects written there apply
TRIGGERS: dict[str, str] = {}


def effect(name: str, fields: dict[str, Field], contexts, doc: str, example: str) -> EffectKind:
    """Define a new effect usable in ``contexts`` (``"game.context"`` strings)."""
    if name in EFFECTS:
        raise ValueError(f"effect {name!r} is defined twice; use allow() to reuse it")
    kind = EffectKind(name, dict(fields), set(contexts), doc, example)
    kind.games = {c.split(".")[0] for c in kind.contexts}
    EFFECTS[name] = kind
    return kind


def allow(name: str, *contexts: str, fields: dict[str, Field] | None = None) -> None:
    """Let an existing effect be written in more contexts (optionally with extra fields)."""
    kind = EFFECTS[name]
    kind.contexts.update(contexts)
    kind.games.update(c.split(".")[0] for c in contexts)
    if fields:
        kind.fields.update(fields)


def trigger(context: str, doc: str) -> None:
    """Document a context: when effects written there apply."""
    TRIGGERS[context] = doc


def selectors(game: str, *keys: SelectorKey) -> Record:
    """Register a game's selector keys; returns the selector spec."""
    SELECTORS.setdefault(game, {}).update({k.name: k for k in keys})
    return selector_spec(game)


def selector_spec(game: str) -> Record:
    return Record({k.name: k.field for k in SELECTORS.get(game, {}).values()},
                  name="a selector")


def effect_list(context: str, game: str | None = None, doc: str = "",
                min_len: int = 0) -> ListOf:
    """The spec of an ``effects:`` list written in ``context`` (``game.context``; for
    compatibility ``effect_list("power", "brawl")`` means ``brawl.power``)."""
    if game is not None and "." not in context:
        context = f"{game}.{context}"
    variants = {
        e.name: Record(e.fields, name=f"a {e.name} effect")
        for e in EFFECTS.values() if context in e.contexts
    }
    what = context.split(".", 1)[1] if "." in context else context
    return ListOf(OneOfKey("effect", variants, what=f"{what} effect"), doc=doc,
                  min_len=min_len)


def text_spec(doc: str = "") -> Str:
    return Str(nonempty=False, doc=doc)


def _load_domains() -> None:
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")


_load_domains()
