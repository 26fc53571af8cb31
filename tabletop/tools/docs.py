"""The reference parts of ``docs/modding.md``, written from the same specs the loader
validates with and the effect registry the rules run, so the guide cannot drift.

``tabletop docs`` rewrites every block between ``<!-- reference: GAME -->`` and
``<!-- end reference -->`` (and the common fields between ``<!-- reference: common -->``
and its end), and the editors' JSON Schemas in ``schemas/`` with the modeline that names
them in every shipped card file (:mod:`.schema`), and the OverPower deck file's schema
(:func:`~tabletop.games.overpower.deckschema.deck_file_schema`); ``tabletop docs
--check`` exits 1 when any of them differs (a test runs it).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from .. import PACKAGE_PARENT, SCHEMAS_DIR
from ..engine.effects import EFFECTS, SELECTORS, TRIGGERS, VERBS
from ..engine.effects.spelling import EffectSpec, Form, verb_of, written, yaml_word
from ..engine.loader import COMMON_FIELDS
from ..engine.schema import Field, ListOf, Record

#: the modding guide of a checkout (this command keeps a source tree's docs up to date)
GUIDE = PACKAGE_PARENT / "docs" / "modding.md"
BLOCK = re.compile(r"(<!-- reference: ([\w-]+) -->\n)(.*?)(<!-- end reference -->)", re.S)


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _expected(field: Field) -> str:
    spec = field.spec
    if isinstance(spec, ListOf) and isinstance(spec.item, EffectSpec):
        names = ", ".join(f"`{written(f.kind)}`" for forms in spec.item.forms.values()
                          for f in forms)
        return f"a list of effects: {names}"
    if isinstance(spec, ListOf) and isinstance(spec.item, Record):
        return f"a list of mappings ({spec.item.name}, below)"
    if isinstance(spec, Record) and spec.name == "a selector" and \
            all(f.doc for f in spec.fields.values()) and spec.fields:
        # an effect's own selector (``match``): its keys, each with what it takes here
        keys = "; ".join(f"`{k}`{'' if f.required else ' (optional)'}: {_expected(f)}"
                         for k, f in spec.fields.items())
        return f"a selector ({keys})"
    return spec.expected()


def field_table(fields: dict[str, Field]) -> list[str]:
    rows = ["| field | required | expected | meaning |", "|---|---|---|---|"]
    for name, f in fields.items():
        rows.append(f"| `{name}` | {'yes' if f.required else 'no'} | {_cell(_expected(f))} | "
                    f"{_cell(f.doc or f.spec.doc)} |")
    return rows


def _records_in(fields: dict[str, Field]) -> list[tuple[str, Record]]:
    """Mappings nested in these fields (a power, an ability) that get a table of their own."""
    out = []
    for name, f in fields.items():
        spec = f.spec.item if isinstance(f.spec, ListOf) else f.spec
        if isinstance(spec, Record) and "selector" not in spec.name:
            out.append((name, spec))
    return out


def common_reference() -> str:
    return "\n".join(field_table(COMMON_FIELDS)) + "\n"


def game_reference(game) -> str:
    """Card kinds, contexts, effects and selectors of one game, as Markdown."""
    rules = game.rules
    gid = rules.info.id
    out: list[str] = []
    for kind, fields in rules.card_kinds.items():
        out += [f"#### Kind `{kind}`", "", *field_table(fields), ""]
        for name, record in _records_in(fields):
            out += [f"Each entry of `{name}` ({record.name}):", "",
                    *field_table(record.fields), ""]
    triggers = [t for t in TRIGGERS.values() if t.game == gid]
    if triggers:
        out += ["#### Contexts (where effects are written, and when they apply)", "",
                "| context | when it applies |", "|---|---|"]
        out += [f"| `{t.context.split('.', 1)[1]}` | {_cell(t.doc)} |" for t in triggers]
        out.append("")
    effects = sorted((e for e in EFFECTS.values() if gid in e.games),
                     key=lambda e: (verb_of(e).name, written(e)))
    if effects:
        out += ["#### Effects", "",
                "Each is written `{effect: VERB, KEY: value, field: value}`: the verb and its "
                "keys as in the first column (a key at its default may be left out), then the "
                "fields. The shared verbs are explained once, under *Effects: the shared "
                "verbs*.", "",
                "| effect | fields | written in | what it does | example |",
                "|---|---|---|---|---|"]
        for e in effects:
            form = Form.of(e)
            fields = ", ".join(f"`{n}`{'' if f.required else ' (optional)'}: "
                               f"{_cell(_expected(f))}" for n, f in form.record.fields.items()
                               if n in form.own) or "\u2014"
            where = ", ".join(sorted(c.split(".", 1)[1] for c in e.contexts
                                     if c.startswith(gid + ".")))
            shared = "" if verb_of(e).shared else " (this game's own)"
            out.append(f"| `{written(e)}`{shared} | {fields} | {where} | {_cell(e.doc)} | "
                       f"`{_cell(e.example)}` |")
        out.append("")
    found = SELECTORS.get(gid)
    if found is not None:
        out += ["#### Selector keys", "", "| key | expected | meaning |", "|---|---|---|"]
        out += [f"| `{k.name}` | {_cell(k.field.spec.expected())} | {_cell(k.doc)} |"
                for k in found.keys.values()]
        out.append("")
    return "\n".join(out)


def verbs_reference() -> str:
    """The shared verbs, once: what each means, its keys, and where each game uses it."""
    from ..games import GAMES

    out: list[str] = []
    for vb in (v for v in VERBS.values() if v.shared):
        out += [f"#### `{vb.name}`", "", vb.doc, ""]
        if vb.keys:
            out += ["| key | default | meaning |", "|---|---|---|"]
            out += [f"| `{k.name}` | {_default(k.default)} | {_cell(k.doc)} |"
                    for k in vb.keys.values()]
            out.append("")
        out += ["| game | written | written in |", "|---|---|---|"]
        for gid, game in GAMES.items():
            for e in sorted((e for e in EFFECTS.values()
                             if gid in e.games and verb_of(e) is vb), key=written):
                where = ", ".join(sorted(c.split(".", 1)[1] for c in e.contexts
                                         if c.startswith(gid + ".")))
                out.append(f"| {game.info.title} | `{written(e)}` | {where} |")
        out.append("")
    return "\n".join(out)


def selectors_reference() -> str:
    """The selector keys of every game side by side, once: one row per key name, what it
    tests in each game that has it (each game's reference lists its keys in full)."""
    from ..games import GAMES

    rows: dict[str, list[str]] = {}
    for gid, game in GAMES.items():
        found = SELECTORS.get(gid)
        for key in found.keys.values() if found is not None else ():
            rows.setdefault(key.name, []).append(f"{game.info.title}: {key.doc}")
    out = ["| key | in which game, what it tests |", "|---|---|"]
    for name in sorted(rows, key=lambda n: (-len(rows[n]), n)):
        out.append(f"| `{name}` | {_cell('; '.join(rows[name]))} |")
    return "\n".join(out) + "\n"


def _default(value) -> str:
    if value is None:
        return "\u2014"
    return f"`{yaml_word(value)}`"


def render(text: str) -> str:
    """``text`` (the guide) with every reference block rewritten."""
    from ..games import GAMES

    def block(m: re.Match) -> str:
        name = m.group(2)
        if name == "common":
            body = common_reference()
        elif name == "verbs":
            body = verbs_reference()
        elif name == "selectors":
            body = selectors_reference()
        else:
            body = game_reference(GAMES[name])
        return m.group(1) + body + m.group(4)

    return BLOCK.sub(block, text)


def deck_schemas_outdated() -> dict[Path, str]:
    """The deck file schemas (OverPower's) that differ from what they should be: path ->
    the new text."""
    from ..games.overpower.deckschema import FILE_NAME, deck_file_schema
    from .schema import dumps

    path = SCHEMAS_DIR / FILE_NAME
    text = dumps(deck_file_schema())
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return {}
    return {path: text}


def main(check: bool = False) -> int:
    from .schema import outdated, write_all

    if not GUIDE.is_file():
        print(f"tabletop docs works on a source checkout: no {GUIDE}", file=sys.stderr)
        return 2
    text = GUIDE.read_text(encoding="utf-8")
    new = render(text)
    if check:
        stale = ([GUIDE] if new != text else []) + sorted(outdated()) + \
            sorted(deck_schemas_outdated())
        for path in stale:
            print(f"{path} is out of date: run `tabletop docs`", file=sys.stderr)
        if stale:
            return 1
        print(f"{GUIDE}, the schemas and the card files' modelines are up to date")
        return 0
    GUIDE.write_text(new, encoding="utf-8")
    print(f"wrote the reference blocks of {GUIDE}")
    for path in write_all():
        print(f"wrote {path}")
    for path, body in deck_schemas_outdated().items():
        path.write_text(body, encoding="utf-8")
        print(f"wrote {path}")
    return 0
