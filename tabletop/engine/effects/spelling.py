"""How an effect is written in a card file and read into what the rules run.

A card file says ``{effect: discard, from: hand, count: 2}``: the verb, its keys, the
use's fields. :class:`EffectSpec` (the schema of one effect written in one context) picks
the game's use the keys mean (:func:`candidates`), checks its fields, and gives the
rules the effect as they know it: ``{"count": 2, "effect": "hand_discard"}`` (the keys
dropped, fields renamed back). :func:`written` goes the other way (docs, messages, the
upgrade of old files).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .. import limits, yamlio
from ..schema import (
    Const,
    Enum,
    Field,
    Invalid,
    ListOf,
    Record,
    Spec,
    _join,
    closest,
    describe_value,
    suggest,
)
from ..yamlio import MDict
from .registry import EFFECTS, SELECTORS, EffectKind
from .verbs import MATCH, VERBS, Key, Use, Verb


def use_of(kind: EffectKind) -> Use:
    """How ``kind`` is written (an effect no table names is its own verb)."""
    return kind.use or Use(kind.name)


def verb_of(kind: EffectKind) -> Verb:
    """The verb ``kind`` is written with (a verb of its own if not declared)."""
    found = VERBS.get(use_of(kind).verb)
    if found is not None:
        return found
    return Verb(kind.name, kind.doc, {}, game=min(kind.games) if kind.games else None)


def _exactly(value: str | bool) -> Spec:
    """The spec of a key's one value (an Enum of one for a text: the record checks it
    without a call)."""
    return Enum(value) if isinstance(value, str) else Const(value)


def _norm(value: Any) -> Any:
    return value.lower() if value.__class__ is str else value


def selector_field(kind: EffectKind, match: dict[str, str]) -> Field:
    """The ``match`` field of an effect whose fields ``match`` names (selector key -> its
    own field) pick cards: a selector of those keys, each checked as its field is."""
    keys = {key: kind.fields[own] for key, own in match.items()}
    games = sorted(kind.games)
    sets = [SELECTORS[g] for g in games if g in SELECTORS]
    for key, fld in keys.items():
        if not fld.doc:
            doc = next((s.keys[key].doc for s in sets if key in s.keys), "")
            keys[key] = Field(fld.spec, fld.required, fld.default, doc)
    needed = [key for key, fld in keys.items() if fld.required]
    what = ", ".join(f"`{k}`" for k in keys)
    return Field(Record(keys, name="a selector"), required=bool(needed),
                 doc=f"which cards: a selector ({what})"
                 + (f"; `{'`, `'.join(needed)}` must be given" if needed else ""))


@dataclass
class Form:
    """One use as it is written: its effect, verb, key values, and the record of the
    fields as written (keys included)."""

    kind: EffectKind
    verb: Verb
    where: dict[str, Any]
    record: Record
    #: field as written -> the effect's own field
    renames: dict[str, str]
    #: the effect's own fields, as written (its selector: ``match``)
    own: frozenset[str]
    #: selector key -> the effect's own field it is read into
    match: dict[str, str]

    @classmethod
    def of(cls, kind: EffectKind) -> Form:
        use = use_of(kind)
        vb = verb_of(kind)
        written_of = {own: written for written, own in use.renames.items()}
        selected = set(use.match.values())
        fields: dict[str, Field] = {}
        for key, value in use.where.items():
            default = vb.keys[key].default
            fields[key] = Field(_exactly(value), required=default != value,
                                doc=vb.keys[key].doc)
        for own, fld in kind.fields.items():
            if own not in selected:
                fields[written_of.get(own, own)] = fld
        if use.match:
            fields[MATCH] = selector_field(kind, use.match)
        for key in vb.keys.values():  # a key left at its default may be written
            if key.name not in fields and key.default is not None:
                fields[key.name] = Field(_exactly(key.default), doc=key.doc)
        record = Record(fields, doc=kind.doc, name=f"a {written(kind)} effect")
        own = {written_of.get(f, f) for f in kind.fields if f not in selected}
        if use.match:
            own.add(MATCH)
        return cls(kind, vb, {k: _norm(v) for k, v in use.where.items()}, record,
                   dict(use.renames), frozenset(own), dict(use.match))

    def accepts(self, value: dict) -> bool:
        """Do the keys written in ``value`` mean this use?"""
        keys = self.verb.keys
        for key, want in self.where.items():
            got = value.get(key, keys[key].default)
            if _norm(got) != want:
                return False
        own = self.own
        for key, k in keys.items():
            if key in value and key not in self.where and key not in own and \
                    (k.default is None or _norm(value[key]) != _norm(k.default)):
                return False  # a key this use leaves at its default, written otherwise
        return True

    def finisher(self):
        """:meth:`to_rules` for a mapping the compiled record checked (it has the keys
        and ``effect`` too, in the record's order), made once."""
        name = self.kind.name
        if self.renames or self.match:
            # each own field, in order: where it is written, or the selector's key for it
            written_of = {own: w for w, own in self.renames.items()}
            key_of = {own: key for key, own in self.match.items()}
            plan = tuple((own, written_of.get(own, own), key_of.get(own), fld.default)
                         for own, fld in self.kind.fields.items())
            empty: dict = {}

            def rebuild(out: dict) -> dict:
                chosen = out.get(MATCH) or empty
                found = {own: out.get(at) if key is None else chosen.get(key, default)
                         for own, at, key, default in plan}
                found["effect"] = name
                return found
            return rebuild
        drop = tuple(k for k in self.record.fields if k not in self.own)

        def finish(out: dict) -> dict:
            for key in drop:
                del out[key]
            out["effect"] = name
            return out
        return finish

    def to_rules(self, out: dict) -> dict:
        """The checked fields as written -> the effect as the rules know it (the
        selector's keys read back into the fields they stand for)."""
        kind = self.kind
        written_of = {own: w for w, own in self.renames.items()}
        found = {own: out.get(written_of.get(own, own)) for own in kind.fields}
        if self.match:
            chosen = out.get(MATCH) or {}
            for key, own in self.match.items():
                found[own] = chosen.get(key, kind.fields[own].default)
        found["effect"] = kind.name
        return found


def _finder(entries: list[tuple]) -> Callable[[dict], tuple]:
    """How :meth:`EffectSpec._compile` finds the use a written effect means among
    ``entries`` ((form, compiled record, finisher) of one verb's uses in one context);
    the finder raises :class:`Invalid` when none or several do."""
    if len(entries) == 1:
        only = entries[0]
        return lambda value: only  # its record holds the keys to the use's
    keys = [k for k in entries[0][0].verb.keys.values()
            if not any(k.name in e[0].own for e in entries)]
    by_keys = {tuple(e[0].where.get(k.name, k.default) for k in keys): e for e in entries}
    if not keys or len(by_keys) != len(entries):
        return _asking_each(entries)
    return _by_key_values(keys, by_keys)


def _by_key_values(keys: list[Key], uses: dict) -> Callable[[dict], tuple]:
    """Find a use by the values written for ``keys`` (``uses``: their values, in
    order, -> the use; text in any capitalisation)."""
    if len(keys) == 1:  # a value, not a tuple of one (the commonest, and quicker)
        name, default = keys[0].name, keys[0].default
        uses = {values[0]: entry for values, entry in uses.items()}

        def read(value):
            return value.get(name, default)
        norm = _norm
    else:
        pairs = [(k.name, k.default) for k in keys]

        def read(value):
            return tuple([value.get(name, default) for name, default in pairs])

        def norm(got):
            return tuple([_norm(v) for v in got])

    def find(value):
        got = read(value)
        try:
            found = uses.get(got)
            if found is None:
                found = uses.get(norm(got))
        except TypeError:  # a key written as a mapping or a list
            raise Invalid from None
        if found is None:
            raise Invalid
        return found
    return find


def _asking_each(entries: list[tuple]) -> Callable[[dict], tuple]:
    def find(value):
        matched = [e for e in entries if e[0].accepts(value)]
        if len(matched) != 1:
            raise Invalid
        return matched[0]
    return find


def written(kind: EffectKind) -> str:
    """How ``kind`` is written, in words for a reader: ``discard from: hand``."""
    use = use_of(kind)
    keys = " ".join(f"{k}: {yaml_word(v)}" for k, v in use.where.items())
    return f"{use.verb} {keys}".strip()


def yaml_word(value: Any) -> str:
    """A key's value as a card file writes it (``true``, ``hand``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def written_field(e: dict, own: str) -> str:
    """Where a loaded effect's own field ``own`` is written in its card file (a path
    under the effect: ``from``, ``match.type``), for a message that points at it."""
    kind = EFFECTS.get(e.get("effect"))
    if kind is None:
        return own
    use = use_of(kind)
    for key, field_name in use.match.items():
        if field_name == own:
            return f"{MATCH}.{key}"
    return next((w for w, o in use.renames.items() if o == own), own)


def written_effect(e: dict) -> str:
    """A loaded effect (``e``, as the rules know it) in the words a card file uses."""
    kind = EFFECTS.get(e.get("effect"))
    return written(kind) if kind is not None else str(e.get("effect"))


def to_file(e: dict) -> dict:
    """A loaded effect as a card file writes it (the keys first, then the fields that
    differ from their defaults)."""
    kind = EFFECTS[e["effect"]]
    use = use_of(kind)
    written_of = {own: w for w, own in use.renames.items()}
    key_of = {own: key for key, own in use.match.items()}
    out: dict[str, Any] = {"effect": use.verb, **use.where}
    chosen: dict[str, Any] = {}
    for own, fld in kind.fields.items():
        value = e.get(own, fld.default)
        if fld.required or value != fld.default:
            if own in key_of:
                chosen[key_of[own]] = _plain(value)
            else:
                out[written_of.get(own, own)] = _plain(value)
    if chosen:
        out[MATCH] = chosen
    return out


def _plain(value: Any) -> Any:
    """A loaded value as a file writes it: lists for tuples, unset selector keys left
    out."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def candidates(forms: Iterable[Form], value: dict) -> list[Form]:
    """The uses among ``forms`` (one verb's) the keys written in ``value`` mean."""
    return [f for f in forms if f.accepts(value)]


class EffectSpec(Spec):
    """One effect written in a context: ``effect:`` names a verb; its keys pick the use."""

    def __init__(self, context: str, what: str) -> None:
        self.context = context
        self.what = what
        self.doc = ""
        self.forms: dict[str, list[Form]] = {}
        for kind in EFFECTS.values():
            if context in kind.contexts:
                form = Form.of(kind)
                self.forms.setdefault(form.verb.name, []).append(form)

    def expected(self) -> str:
        return f"a {self.what} (effect: " + " | ".join(sorted(self.forms)) + ")"

    # -- the careful check -----------------------------------------------------------------
    def check(self, value, path, mark, ctx):
        if not isinstance(value, dict):
            ctx.bad(path, mark, f"expected {self.expected()}, got {describe_value(value)}")
            return None
        if "effect" not in value:
            ctx.bad(path, mark, "missing required field 'effect': the effect's verb")
            return None
        name = value["effect"]
        kmark = value.mark_of("effect") if isinstance(value, MDict) else mark
        forms = self.forms.get(name) if isinstance(name, str) else None
        if forms is None:
            ctx.bad(_join(path, "effect"), kmark, self._unknown(name, value))
            return None
        found = candidates(forms, value)
        if not found and self._bad_key(forms, value, path, mark, ctx):
            return None
        if len(found) != 1:
            ctx.bad(path, mark, self._which(name, forms, found, value))
            return None
        form = found[0]
        flat = [own for own in form.match.values() if own in value and own not in form.own]
        if flat:
            ctx.bad(_join(path, flat[0]), value.mark_of(flat[0]) if isinstance(value, MDict)
                    else mark,
                    f"{', '.join(map(repr, flat))} now "
                    f"{'goes' if len(flat) == 1 else 'go'} in the effect's selector: write "
                    f"{flow(selecting(dict(value), form.match))} (`tabletop upgrade-cards "
                    "FILE` rewrites a file)")
            return None
        rest = MDict({k: v for k, v in value.items() if k != "effect"})
        if isinstance(value, MDict):
            rest.mark = value.mark
            rest.key_marks = value.key_marks
            rest.value_marks = value.value_marks
        out = form.record.check(rest, path, mark, ctx)
        return None if out is None else form.to_rules(out)

    def _unknown(self, name: Any, value: dict) -> str:
        old = EFFECTS.get(name) if isinstance(name, str) else None
        if old is not None and use_of(old).verb != name:
            new = upgraded(dict(value))
            return (f"{limits.quoted(name)} is an effect name from before the shared verbs: "
                    f"write it {flow(new)} (`tabletop upgrade-cards FILE` rewrites a "
                    "file)")
        hint = suggest(name, self.forms)
        if not hint and isinstance(name, str):
            here = {f.kind.name: f.kind for forms in self.forms.values() for f in forms
                    if use_of(f.kind).verb != f.kind.name}
            close = closest(name, here)
            if close:
                hint = (f" (did you mean '{close}'? it is now written "
                        f"{flow(upgraded({'effect': close}))})")
        return (f"unknown {self.what} {limits.quoted(name)}" + hint
                + "; valid: " + ", ".join(sorted(self.forms)))

    def _bad_key(self, forms: list[Form], value: dict, path: str, mark, ctx) -> bool:
        """Report a key written with a value no use here has (at that key); True if so."""
        for key in forms[0].verb.keys:
            if key not in value or any(key in f.own for f in forms):
                continue
            values = sorted({yaml_word(f.where[key]) for f in forms if key in f.where})
            got = value[key]
            if values and _norm(got) not in [_norm(v) for v in values]:
                where = value.mark_of(key) if isinstance(value, MDict) else mark
                ctx.bad(_join(path, key), where,
                        f"expected {' or '.join(values)} here, got {describe_value(got)}"
                        + suggest(str(got), values))
                return True
        return False

    def _which(self, name: str, forms: list[Form], found: list[Form], value: dict) -> str:
        ways = "; ".join(written(f.kind) for f in forms)
        if found:
            return (f"{name} here can mean {' or '.join(written(f.kind) for f in found)}: "
                    f"write the key that says which ({ways})")
        given = ", ".join(f"{k}: {yaml_word(value[k])}" for k in forms[0].verb.keys
                          if k in value) or "no keys"
        return (f"no {self.what} {name} with {given}; written here: {ways}")

    # -- the fast check ----------------------------------------------------------------------
    def _compile(self):
        # per verb: each use's record with ``effect`` as one more field, and how its
        # checked mapping becomes the rules' (keys dropped, fields renamed back). A use
        # is found by the values of the keys no use of the verb has as a field of its own
        # (what ``Form.accepts`` compares; the record checks the rest) when those tell
        # the uses apart, else by asking each use
        table: dict[str, Callable[[dict], tuple]] = {}
        for name, forms in self.forms.items():
            entries = [(form, Record({**form.record.fields,
                                      "effect": Field(Enum(name), required=True)},
                                     name=form.record.name).compiled(), form.finisher())
                       for form in forms]
            table[name] = _finder(entries)

        def run(value):
            if not isinstance(value, dict):
                raise Invalid
            name = value.get("effect")
            find = table.get(name) if name.__class__ is str else None
            if find is None:
                raise Invalid
            _, check, finish = find(value)
            return finish(check(value))
        return run

    # -- editors --------------------------------------------------------------------------
    def json_schema(self) -> dict[str, Any]:
        """``effect`` picks the verb, then one of its uses: an ``if``/``then`` per verb
        whose ``then`` is each use's record (one of them). For editors, each verb's
        meaning (and its uses here) beside the enum (``markdownEnumDescriptions``: what
        hover and completion show) and a snippet per use (its example)."""
        names = sorted(self.forms)
        branches = []
        for name in names:
            records = [f.record.json_schema({"effect": {"const": name,
                                                        "description": f.verb.doc}})
                       for f in self.forms[name]]
            then = records[0] if len(records) == 1 else {"oneOf": records}
            branches.append({"if": {"properties": {"effect": {"const": name}},
                                    "required": ["effect"]}, "then": then})
        return self._described({
            "type": "object", "required": ["effect"],
            "properties": {"effect": {
                "enum": names, "description": "the effect's verb",
                "markdownEnumDescriptions": [self._meaning(n) for n in names]}},
            "allOf": branches,
            "defaultSnippets": [{"label": written(f.kind), "description": f.kind.doc,
                                 "body": yamlio.plain(yamlio.load(f.kind.example))}
                                for n in names for f in self.forms[n]]})

    def _meaning(self, name: str) -> str:
        """What verb ``name`` does, and each of its uses written here."""
        forms = self.forms[name]
        doc = forms[0].verb.doc
        uses = [f"`{written(f.kind)}`: {f.kind.doc}" for f in forms
                if (written(f.kind), f.kind.doc) != (name, doc)]
        return f"**{name}**: {doc}" + ("\n\nHere: " + "; ".join(uses) if uses else "")


def effect_list(context: str, doc: str = "", min_len: int = 0,
                max_len: int | None = None) -> ListOf:
    """The spec of an ``effects:`` list written in ``context`` (``game.context``): each
    item a verb with its keys and fields (:mod:`.spelling`)."""
    what = context.split(".", 1)[1] if "." in context else context
    return ListOf(EffectSpec(context, f"{what} effect"), doc=doc,
                  min_len=min_len, max_len=max_len)


# -- files from before the shared verbs --------------------------------------------------------
def new_head(name: str) -> tuple[str, dict[str, Any], dict[str, str]]:
    """How the effect of old name ``name`` starts now: its verb, the keys it must write
    (those not at their default) and its fields' written names (own -> written)."""
    use = use_of(EFFECTS[name])
    keys = VERBS[use.verb].keys if use.verb in VERBS else {}
    return (use.verb, {k: v for k, v in use.where.items() if keys[k].default != v},
            {own: w for w, own in use.renames.items()})


def upgraded(value: dict) -> dict:
    """An effect written with an old name (``{effect: hand_discard, count: 1}``) as it is
    written now (``{effect: discard, from: hand, count: 1}``), its fields in their order
    (those that pick cards moved into its selector: :func:`selecting`)."""
    verb, keys, written_of = new_head(value["effect"])
    out: dict[str, Any] = {"effect": verb, **keys}
    for key, item in value.items():
        if key != "effect":
            out[written_of.get(key, key)] = item
    return selecting(out, use_of(EFFECTS[value["effect"]]).match)


def selecting(value: dict, match: dict[str, str]) -> dict:
    """``value`` (an effect as written) with the fields ``match`` names (selector key ->
    field) written as its selector: ``{kinds: [power]}`` -> ``{match: {kind: [power]}}``,
    where the first of them was."""
    key_of = {own: key for key, own in match.items()}
    if not key_of.keys() & value.keys():
        return value
    out: dict[str, Any] = {}
    chosen = dict(value.get(MATCH) or {})
    for key, item in value.items():
        if key in key_of:
            chosen[key_of[key]] = item
            if MATCH not in out:
                out[MATCH] = chosen
        elif key != MATCH:
            out[key] = item
    out.setdefault(MATCH, chosen)
    return out


def flat_selectors() -> dict[str, list[Form]]:
    """Verb -> its uses that have a selector, for files written before selectors (their
    fields at the top: ``{effect: prevent, what: attack, types: [energy]}``)."""
    out: dict[str, list[Form]] = {}
    for kind in EFFECTS.values():
        if use_of(kind).match:
            form = Form.of(kind)
            out.setdefault(form.verb.name, []).append(form)
    return out


def flow(value: Any) -> str:
    """``value`` in YAML's flow style, as card files write effects."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return str(value)


def old_names() -> dict[str, EffectKind]:
    """Effect names a card file wrote before the shared verbs, and what they are now."""
    return {name: kind for name, kind in EFFECTS.items() if use_of(kind).verb != name}
