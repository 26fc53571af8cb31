"""The registry of effects, triggers and selectors (see the package docstring)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..schema import Enum, Field, Invalid, ListOf, Record, Spec, Str
from .verbs import VERBS, Use


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

    def _compile(self):
        """What :meth:`check` accepts, as :meth:`check` normalises it, without a
        problem list (the careful check words a problem)."""
        one = self.enum.compiled()

        def run(value):
            if isinstance(value, list):
                if not value:
                    raise Invalid
                return tuple([one(v) for v in value])
            return (one(value),)
        return run

    def json_schema(self) -> dict:
        one = self.enum.json_schema()
        return self._described({"anyOf": [one, {"type": "array", "items": one,
                                                "minItems": 1}]})


# -- effects ---------------------------------------------------------------------------------
@dataclass
class EffectKind:
    """One entry of the vocabulary: schema, contexts, doc, example and behaviour."""

    name: str
    fields: dict[str, Field]
    contexts: set[str]
    doc: str
    example: str
    games: set[str] = field(default_factory=set)
    #: role -> handler (see the module docstring)
    handlers: dict[str, Callable[..., Any]] = field(default_factory=dict)
    #: how a card file writes it (:class:`~.verbs.Use`; None: a verb of its own, or the
    #: shared verb of the same name)
    use: Any = None


#: every effect, by name
EFFECTS: dict[str, EffectKind] = {}
#: "game.context" -> :class:`Trigger`
TRIGGERS: dict[str, Trigger] = {}
#: game id -> its selector keys
SELECTORS: dict[str, SelectorSet] = {}


def effect(name: str, fields: dict[str, Field], contexts: Iterable[str], doc: str,
           example: str, **handlers: Callable[..., Any]) -> EffectKind:
    """Define an effect usable in ``contexts`` (``"game.context"`` strings), with its
    handlers by role (``run=...``, ``damage=...``)."""
    if name in EFFECTS:
        raise ValueError(f"effect {name!r} is defined twice; use allow() to reuse it")
    kind = EffectKind(name, dict(fields), set(contexts), doc, example)
    kind.games = {c.split(".")[0] for c in kind.contexts}
    kind.handlers.update(handlers)
    EFFECTS[name] = kind
    return kind


def allow(name: str, *contexts: str, fields: dict[str, Field] | None = None,
          **handlers: Callable[..., Any]) -> EffectKind:
    """Let an existing effect be written in more contexts (optionally with extra fields
    or handlers for new roles)."""
    kind = EFFECTS[name]
    kind.contexts.update(contexts)
    kind.games.update(c.split(".")[0] for c in contexts)
    if fields:
        kind.fields.update(fields)
    for role, fn in handlers.items():
        if kind.handlers.get(role, fn) is not fn:
            raise ValueError(f"effect {name!r} already has a {role!r} handler")
        kind.handlers[role] = fn
    return kind


def handler(e: dict, role: str) -> Callable[..., Any] | None:
    """The handler of effect ``e`` (a validated mapping) for ``role``, or None."""
    return EFFECTS[e["effect"]].handlers.get(role)


def run(ctx: Any, e: dict, role: str = "run") -> Any:
    """Carry out effect ``e`` in ``ctx`` (its ``role`` handler; ``run`` by default)."""
    fn = EFFECTS[e["effect"]].handlers.get(role)
    if fn is None:
        raise LookupError(f"effect {e['effect']!r} has no {role!r} behaviour")
    return fn(ctx, e)


def effects_with(effects: Iterable[dict], role: str) -> list[tuple[Callable[..., Any], dict]]:
    """``(handler, effect)`` for each effect of ``effects`` that has a ``role`` handler."""
    out = []
    for e in effects:
        fn = EFFECTS[e["effect"]].handlers.get(role)
        if fn is not None:
            out.append((fn, e))
    return out


def uses(table: dict[str, Use | tuple]) -> None:
    """Say how a game's effects are written: ``{effect name: Use(...)}`` (a tuple is
    ``Use``'s arguments). An effect not named in any table is a verb of its own (named
    with its own verb when it has a selector). A selector's keys must be the game's
    (:func:`selectors`, declared first)."""
    for name, use in table.items():
        if not isinstance(use, Use):
            use = Use(*use)
        kind = EFFECTS[name]
        found = VERBS.get(use.verb)
        if found is None and use.verb != name:  # (a verb of its own: its own name)
            raise ValueError(f"effect {name!r} is written with verb {use.verb!r}, "
                             "which is not declared")
        unknown = set(use.where) - set(found.keys if found is not None else ())
        if unknown:
            raise ValueError(f"effect {name!r}: {sorted(unknown)} are not keys of "
                             f"{use.verb!r}")
        for written, own in {**use.renames, **use.match}.items():
            if own not in kind.fields:
                raise ValueError(f"effect {name!r} has no field {own!r} to write as "
                                 f"{written!r}")
        for game in kind.games:
            keys = SELECTORS[game].keys if game in SELECTORS else {}
            strange = set(use.match) - set(keys)
            if strange:
                raise ValueError(f"effect {name!r} selects with {sorted(strange)}, not "
                                 f"selector keys of {game!r}")
        kind.use = use


def text_spec(doc: str = "") -> Str:
    return Str(nonempty=False, doc=doc)


# -- triggers ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Trigger:
    """A context effects can be written in, and when they apply."""

    context: str
    doc: str

    @property
    def game(self) -> str:
        return self.context.split(".")[0]


def trigger(context: str, doc: str) -> Trigger:
    """Declare a context: when effects written there apply."""
    t = TRIGGERS[context] = Trigger(context, doc)
    return t


# -- selectors ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class SelectorKey:
    """One key of a selector: its schema, its doc and its test
    ``test(ctx, card, value) -> bool`` (``ctx`` carries the state, the source and its
    seat; ``card`` is a card instance)."""

    name: str
    field: Field
    doc: str
    test: Callable[[Any, int, Any], bool] | None = None


class SelectorSet:
    """A game's selector keys; a selector (a mapping of keys) picks the cards for which
    every given key's test holds. The one interpreter of selectors is :meth:`matches`."""

    def __init__(self, game: str, keys: Iterable[SelectorKey]) -> None:
        self.game = game
        self.keys = {k.name: k for k in keys}
        self.spec = Record({k.name: k.field for k in self.keys.values()}, name="a selector")
        self._compiled: dict[tuple, Callable[[Any, int], bool]] = {}

    def matches(self, ctx: Any, selector: tuple, card: int) -> bool:
        """Does ``card`` satisfy ``selector`` (a :func:`selector_tuple`)?"""
        test = self._compiled.get(selector)
        if test is None:
            test = self.compile(selector)
        return test(ctx, card)

    def compile(self, selector: tuple) -> Callable[[Any, int], bool]:
        """``selector`` as one fast test ``test(ctx, card)`` (cached)."""
        found = self._compiled.get(selector)
        if found is not None:
            return found
        parts = [(self.keys[key].test, value) for key, value in selector]
        if not parts:
            def test(ctx, card):
                return True
        elif len(parts) == 1:
            (one, value), = parts

            def test(ctx, card):
                return one(ctx, card, value)
        else:
            def test(ctx, card):
                for check, value in parts:
                    if not check(ctx, card, value):
                        return False
                return True
        self._compiled[selector] = test
        return test


def selectors(game: str, *keys: SelectorKey) -> SelectorSet:
    """Register a game's selector keys."""
    found = SELECTORS[game] = SelectorSet(game, keys)
    return found


def selector_tuple(sel: dict | None) -> tuple:
    """A selector as a sorted tuple of (key, value) with the unset keys dropped (hashable,
    fast to walk)."""
    if not sel:
        return ()
    return tuple(sorted((k, v) for k, v in sel.items() if v is not None))

