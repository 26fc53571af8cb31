"""Load and validate a game's card files: ``cards/<game>/*.yaml`` then mods.

A file looks like::

    game: brawl            # optional in cards/<game>/, required in mods
    remove: [some-id]      # optional (mods): take cards out of the set
    cards:
      - id: tin-sentinel
        kind: character
        name: Tin Sentinel
        ...

Every problem becomes a :class:`~tabletop.engine.cards.CardError` naming file, line,
column and field; a bad card is skipped and the rest still load.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import yaml

from . import yamlio
from .cards import CardDef, CardError, Catalog
from .schema import Field, Int, Record, Str, suggest

ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")

COMMON_FIELDS: dict[str, Field] = {
    "id": Field(Str(), required=True,
                doc="unique id: lower-case letters, digits and dashes; a mod card with the "
                    "same id replaces the original"),
    "kind": Field(Str(), required=True, doc="what sort of card this is (per game)"),
    "name": Field(Str(), required=True, doc="the name printed on the card"),
    "text": Field(Str(nonempty=False), default="", doc="rules text shown on the card"),
    "flavor": Field(Str(nonempty=False), default="", doc="a line of flavour text"),
    "copies": Field(Int(0, 20), default=1, doc="how many copies the set contains"),
    "art": Field(Str(), default=None,
                 doc="optional image file (PNG), relative to the YAML file; drawn in the "
                     "card's picture box. Without it the card gets generated art."),
}


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


class CardLoader:
    """Validates card files against a game's card kinds (``{kind: {field: Field}}``).

    ``sets`` are the ids of shared card sets the game also reads (``standard-deck``): a
    file saying ``game: standard-deck`` is then loaded too, so mods can add to the shared
    set as well as to the game's own cards.
    """

    def __init__(self, game: str, kinds: dict[str, dict[str, Field]],
                 sets: Iterable[str] = ()) -> None:
        self.game = game
        self.accepts = {game, *sets}
        self.kinds = kinds
        self.records = {
            kind: Record({**COMMON_FIELDS, **fields}, name=f"a {kind} card")
            for kind, fields in kinds.items()
        }

    def load_file(self, path: Path, catalog: Catalog, is_mod: bool = False) -> None:
        shown = _display(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            catalog.errors.append(CardError(shown, 1, 1, f"cannot read file: {exc}"))
            return
        self.load_text(text, shown, catalog, is_mod=is_mod, base_dir=path.parent)

    def load_text(self, text: str, shown: str, catalog: Catalog, is_mod: bool = False,
                  base_dir: Path | None = None) -> None:
        try:
            doc = yamlio.load(text)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
            problem = exc.problem or str(exc)
            catalog.errors.append(CardError(shown, line, col,
                                            f"YAML syntax error: {problem}"))
            return
        except yaml.YAMLError as exc:
            catalog.errors.append(CardError(shown, 1, 1, f"YAML error: {exc}"))
            return
        catalog.files.append(shown)
        if doc is None:
            return
        if not isinstance(doc, dict):
            catalog.errors.append(CardError(shown, 1, 1,
                                            "expected a mapping with a 'cards:' list at the top"))
            return
        known_top = {"game", "cards", "remove"}
        for key in doc:
            if key not in known_top:
                line, col = doc.key_marks.get(key, (1, 1))
                catalog.errors.append(CardError(
                    shown, line, col, f"unknown top-level field {key!r}" + suggest(key, known_top)
                    + "; expected: game, cards, remove", field=str(key)))
        game = doc.get("game", None if is_mod else self.game)
        if game is None:
            catalog.errors.append(CardError(shown, *doc.mark,
                                            "a mod file must say which game it is for: "
                                            "add 'game: <id>'", field="game"))
            return
        if game not in self.accepts:
            return  # a file for another game
        for i, card_id in enumerate(doc.get("remove") or []):
            if card_id in catalog.cards:
                del catalog.cards[card_id]
            else:
                line, col = doc["remove"].mark_of(i)
                catalog.errors.append(CardError(shown, line, col,
                                                f"cannot remove unknown card {card_id!r}",
                                                field="remove"))
        cards = doc.get("cards")
        if cards is None:
            return
        if not isinstance(cards, list):
            line, col = doc.mark_of("cards")
            catalog.errors.append(CardError(shown, line, col,
                                            "expected a list of cards", field="cards"))
            return
        for index, raw in enumerate(cards):
            self._load_card(raw, cards.mark_of(index), shown, catalog, is_mod, base_dir)

    def _load_card(self, raw, mark, shown: str, catalog: Catalog, is_mod: bool,
                   base_dir: Path | None) -> None:
        if not isinstance(raw, dict):
            catalog.errors.append(CardError(shown, *mark, "expected a card (a mapping)"))
            return
        card_id = raw.get("id")
        label = str(card_id) if card_id is not None else None
        kind = raw.get("kind")
        if kind not in self.records:
            kmark = raw.mark_of("kind") if "kind" in raw else raw.mark
            got = "nothing" if kind is None else repr(kind)
            catalog.errors.append(CardError(
                shown, *kmark, f"expected one of {', '.join(self.records)}, got {got}"
                + (suggest(kind, self.records) if kind else ""), card=label, field="kind"))
            return
        result = self._validate(self.records[kind], raw)
        problems = list(result.problems)
        if card_id is not None and not ID_RE.match(str(card_id)):
            problems.insert(0, _Prob("id", raw.mark_of("id"),
                                     "expected lower-case letters, digits and dashes"))
        if problems:
            for p in problems:
                catalog.errors.append(CardError(shown, *p.mark, p.message, card=label,
                                                field=p.path or None))
            return
        data = result.value
        if data.get("art") and base_dir is not None:
            data["art"] = str((base_dir / data["art"]).resolve())
        data = {k: v for k, v in data.items() if k not in ("id", "kind", "name")}
        card = CardDef(id=str(card_id), kind=kind, name=result.value["name"], data=data,
                       source=shown, line=mark[0],
                       marks={k: raw.mark_of(k) for k in raw} if isinstance(raw, yamlio.MDict)
                       else {})
        if card.id in catalog.cards:
            if is_mod:
                catalog.overridden.append(card.id)
            else:
                prev = catalog.cards[card.id]
                catalog.errors.append(CardError(
                    shown, *mark, f"duplicate id: already defined at {prev.source}:{prev.line}",
                    card=card.id, field="id"))
                return
        catalog.cards[card.id] = card

    def _validate(self, record: Record, raw):
        from .schema import validate

        return validate(record, raw, mark=raw.mark if isinstance(raw, yamlio.MDict) else (1, 1))


class _Prob:
    def __init__(self, path, mark, message):
        self.path, self.mark, self.message = path, mark, message


def yaml_files(directory: Path) -> list[Path]:
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.rglob("*") if p.suffix in (".yaml", ".yml"))


def load_catalog(game: str, kinds: dict[str, dict[str, Field]], base_dirs: Iterable[Path],
                 mod_dirs: Iterable[Path] = (), sets: Iterable[str] = ()) -> Catalog:
    """Load ``base_dirs`` (the game's own cards) then ``mod_dirs`` (overrides allowed);
    files of the shared card ``sets`` are accepted as well as the game's own."""
    loader = CardLoader(game, kinds, sets)
    catalog = Catalog(game)
    for directory in base_dirs:
        for path in yaml_files(Path(directory)):
            loader.load_file(path, catalog)
    for directory in mod_dirs:
        for path in yaml_files(Path(directory)):
            loader.load_file(path, catalog, is_mod=True)
    return catalog
