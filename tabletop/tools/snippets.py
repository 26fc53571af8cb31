"""What the editors' schemas add for a person typing (:mod:`.schema`): snippets, Markdown.

- ``defaultSnippets`` (the YAML language server's and VS Code's ``{label, description,
  body}``) on a card: a whole new card of each kind, every required field filled with a
  value that passes the loader, taken from the smallest built-in card of that kind (the
  game's rules across cards hold for it: a Special's persona exists, a Brawl power does
  something) with ``id``, ``name`` and the other text fields as ``${n:...}`` tab stops;
  and on the file, a whole file (``game:`` and ``cards:`` with one card). The effects'
  snippets come with the effect vocabulary (``EffectSpec.json_schema``).
- ``markdownDescription`` beside every ``description`` (the same text: its `code`
  spans are then drawn as code), and ``markdownEnumDescriptions`` beside the card kinds
  and the ``game:`` values (what hover and completion show for each value).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .. import CARDS_DIR
from ..engine import yamlio
from ..engine.cardfiles import yaml_files
from ..engine.loader import COMMON_FIELDS
from ..engine.schema import Field

#: the common fields a snippet leaves out (a modder adds them when wanted)
_OPTIONAL_COMMON = frozenset(n for n, f in COMMON_FIELDS.items() if not f.required)


def _folders(card_set: str) -> list[Path]:
    """The card folders whose cards a file of ``card_set`` may stand beside: a game's own
    and its shared sets, or a shared set and the games that read it."""
    from ..games import GAMES

    if card_set in GAMES:
        names = [card_set, *GAMES[card_set].rules.card_sets]
    else:
        names = [card_set, *(g for g, game in GAMES.items()
                             if card_set in game.rules.card_sets)]
    return [CARDS_DIR / n for n in names if (CARDS_DIR / n).is_dir()]


def _shipped_cards(card_set: str) -> dict[str, dict[str, Any]]:
    """kind -> the smallest built-in card of that kind (as written, without the optional
    common fields), among the folders of :func:`_folders`."""
    best: dict[str, tuple[int, dict[str, Any]]] = {}
    for folder in _folders(card_set):
        for path in yaml_files(folder):
            doc = yamlio.plain(yamlio.load(path.read_text(encoding="utf-8")))
            cards = doc.get("cards") if isinstance(doc, dict) else None
            for card in cards or ():
                if not isinstance(card, dict) or not isinstance(card.get("kind"), str):
                    continue
                card = {k: v for k, v in card.items() if k not in _OPTIONAL_COMMON}
                size = len(json.dumps(card))
                if card["kind"] not in best or size < best[card["kind"]][0]:
                    best[card["kind"]] = (size, card)
    return {kind: card for kind, (_, card) in best.items()}


def sample(schema: dict[str, Any], name: str = "text") -> Any:
    """A value ``schema`` accepts, made from its first choices and its least values (a
    card kind no built-in card shows: its required fields only)."""
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return schema["enum"][0]
    if "anyOf" in schema or "oneOf" in schema:
        return sample((schema.get("anyOf") or schema["oneOf"])[0], name)
    kind = schema.get("type")
    kind = kind[0] if isinstance(kind, list) else kind
    if kind == "object" or "properties" in schema:
        props = schema.get("properties", {})
        out = {key: sample(props.get(key, {}), key) for key in schema.get("required", ())}
        for branch in schema.get("allOf", ()):
            test = branch["if"]["properties"]
            if all(out.get(k) == v.get("const") for k, v in test.items()):
                out.update(sample(branch["then"], name))
        return out
    if kind == "array":
        item = schema.get("items", {})
        count = schema.get("minItems", 0)
        if "enum" in item:
            return item["enum"][:count]
        return [sample(item, name) for _ in range(count)]
    if kind == "integer":
        return schema.get("minimum", 1)
    if kind == "boolean":
        return False
    return f"my-{name}"


def _title_of(kind: str) -> str:
    return kind.replace("-", " ").replace("_", " ").title()


def card_body(kind: str, fields: dict[str, Field], example: dict[str, Any],
              schema: dict[str, Any]) -> dict[str, Any]:
    """A whole new card of ``kind`` (``example``: a card of that kind that passes the
    loader; ``schema``: such a card's JSON Schema) as a snippet body: ``id``, ``kind``,
    ``name``, then the kind's fields in the spec's order; each top-level text a tab stop
    whose default is the example's, a list of mappings cut to the fewest it may have
    (one at least: a power, an effect)."""
    props = schema.get("properties", {})
    body: dict[str, Any] = {"id": f"${{1:new-{kind}}}", "kind": kind,
                            "name": f"${{2:New {_title_of(kind)}}}"}
    stop = 3
    for name in fields:
        if name not in example:
            continue
        value = example[name]
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            value = value[:max(1, props.get(name, {}).get("minItems", 1))]
        if isinstance(value, str) and "$" not in value and "}" not in value:
            value = f"${{{stop}:{value}}}"
            stop += 1
        body[name] = value
    return body


def card_snippets(card_set: str, title: str, kinds: dict[str, dict[str, Field]],
                  branches: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """One snippet per card kind (``branches``: kind -> the JSON Schema of such a card)."""
    shipped = _shipped_cards(card_set)
    out = []
    for kind, fields in kinds.items():
        example = shipped.get(kind) or sample(branches[kind])
        out.append({"label": f"new {kind} card",
                    "description": f"A whole new {kind} card for {title}: every "
                                   "required field filled in (Tab moves to the next)",
                    "body": card_body(kind, fields, example, branches[kind])})
    return out


def file_snippet(game: str, first: dict[str, Any]) -> dict[str, Any]:
    """A whole card file: ``game:`` and ``cards:`` with the card of snippet ``first``."""
    return {"label": f"new {game} card file",
            "description": f"A mod file for {game}: `game:` and a list of cards with "
                           "one card in it",
            "body": {"game": game, "cards": [first["body"]]}}


def kind_descriptions(kinds: dict[str, dict[str, Field]]) -> list[str]:
    """Per card kind (in order), what it holds: its fields, the required ones marked."""
    out = []
    for kind, fields in kinds.items():
        named = ", ".join(f"`{n}`" + (" (required)" if f.required else "")
                          for n, f in fields.items())
        out.append(f"a `{kind}` card: " + (f"its fields {named}" if named else
                                           "the common fields only"))
    return out


def game_descriptions(values: list[str]) -> list[str]:
    """Per accepted ``game:`` value, what it is (a game's title or a shared set)."""
    from ..games import GAMES

    return [f"the game {GAMES[v].info.title}" if v in GAMES else
            f"the shared set `{v}` (cards several games read)" for v in values]


def with_markdown(schema: Any) -> Any:
    """``schema`` with a ``markdownDescription`` beside each ``description`` (in place)."""
    if isinstance(schema, dict):
        text = schema.get("description")
        if isinstance(text, str) and "markdownDescription" not in schema:
            schema["markdownDescription"] = text
        for key, value in schema.items():
            if key not in ("defaultSnippets", "enum", "const"):
                with_markdown(value)
    elif isinstance(schema, list):
        for item in schema:
            with_markdown(item)
    return schema
