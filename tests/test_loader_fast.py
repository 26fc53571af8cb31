"""The card loader's fast paths (issue 11) give exactly what the careful paths give.

- ``yamlio.load``: libyaml's C composer and one tight pass, or the careful composer that
  checks every limit as the events arrive; the same values, the same positions, the same
  error (message, line, column) for every file, and no file the fast path may not take
  (too deep for the C composer's recursion) ever reaches it.
- ``Spec.compiled()``: the same normalised card as ``check`` for a card without problems,
  ``Invalid`` otherwise (the loader then asks ``check`` for the messages).
- A whole catalog (cards, data, positions, errors) is the same with both.
"""

from __future__ import annotations

import random
import unicodedata
from pathlib import Path

import pytest
import yaml
from fuzzing import mutate_card_file

from tabletop import CARDS_DIR
from tabletop.engine import limits, schema, yamlio
from tabletop.engine.cardfiles import yaml_files
from tabletop.engine.loader import CardLoader, display_path, load_catalog
from tabletop.games import GAMES

GAME_IDS = list(GAMES)
SHIPPED = sorted(CARDS_DIR.rglob("*.yaml"))


def shape(value):
    """A value with every position it carries, comparable with ``==``."""
    if isinstance(value, yamlio.MDict):
        return ("map", value.mark, dict(value.key_marks), dict(value.value_marks),
                [(k, shape(v)) for k, v in value.items()])
    if isinstance(value, yamlio.MList):
        return ("seq", value.mark, list(value.item_marks), [shape(v) for v in value])
    return (type(value).__name__, repr(value))


def outcome(text: str, fast: bool):
    try:
        return "value", shape(yamlio.load(text, fast=fast))
    except yaml.YAMLError as exc:
        return "error", type(exc).__name__, str(exc)


def same_both_ways(text: str) -> None:
    assert outcome(text, True) == outcome(text, False), text[:300]


EDGE_CASES = [
    "",
    "# nothing but a comment\n",
    "cards: []\n",
    "a: 1\nb: 017\nc: 0x1f\nd: 1_000\ne: -5\nf: 0\ng: 1:30\nh: 1.5\ni: .inf\n",
    "a: yes\nb: no\nc: on\nd: true\ne: FALSE\nf: ~\ng: null\nh: 2024-01-02\n",
    "a: !!str 5\nb: !!int '7'\nc: !!float 1\nd: !!bool yes\ne: ! 12\n",
    "a: !!timestamp 2024-01-02\n",
    "a: !!python/object:os.system x\n",
    "a: !custom x\n",
    "a: !!int 0x\n",
    "a: 1\na: 2\n",
    "? [1, 2]\n: x\n",
    "base: &b {x: 1, y: 2}\nmore:\n  <<: *b\n  z: 3\n",
    "a: &x [1, 2]\nb: *x\nc: [*x, *x]\n",
    "a: &x 5\nb: *x\n",
    "a: &x [1, *x]\n",
    "a: *nothing\n",
    "a: &x 1\nb: &x 2\n",
    "--- a\n--- b\n",
    "a: [1, 2\n",
    "a: \"unterminated\n",
    "key: " + "1" * (limits.MAX_NUMBER_CHARS + 1) + "\n",
    "key: " + "1" * limits.MAX_NUMBER_CHARS + "\n",
    "a: =\n",
    "=: a\n",
    "a:\n  - b:\n      - c: [d, {e: f}]\n",
    "- - - - a\n",
    "text: |\n  two\n  lines\nname: >\n  folded\n  text\n",
    "a: 'it''s'\nb: \"tab\\there\"\nc: \u00e9t\u00e9 \u2014 ok\n",
    "a: b\x85c\n",
]


@pytest.mark.parametrize("text", EDGE_CASES)
def test_edge_cases_load_the_same_both_ways(text):
    same_both_ways(text)


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("depth", [limits.MAX_YAML_DEPTH, limits.MAX_YAML_DEPTH + 1, 300])
def test_depth_at_and_over_the_limit_the_same_both_ways(depth):
    same_both_ways(nested(depth))
    block = "".join(" " * (2 * i) + f"k{i}:\n" for i in range(depth)) + " " * 2 * depth + "x\n"
    same_both_ways(block)


def test_a_file_the_c_composer_could_not_nest_never_takes_the_fast_path():
    """libyaml's composer recurses in C (it crashes near 100,000 levels): the bound read
    off the text sends such files to the careful path, which stops at the limit."""
    for text in (nested(200_000), "- " * 200_000 + "x\n",
                 "".join(" " * i + "- \n" for i in range(600))):
        assert not yamlio._fast_ok(text)
        with pytest.raises(yamlio.LimitError, match="nested more than"):
            yamlio.load(text)


def test_nodes_and_alias_bombs_stop_at_the_same_node_both_ways():
    many = "[" + ",".join(["1"] * (limits.MAX_YAML_NODES + 5)) + "]"
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 10)}]\n"
        for i in range(6))
    for text in (many, bomb):
        got = outcome(text, True)
        assert got == outcome(text, False)
        assert got[0] == "error" and "more than" in got[2]


def test_the_bound_covers_what_the_c_composer_builds():
    """Whenever a text passes the fast path's bound, its true nesting is within it."""
    r = random.Random(5)
    for _ in range(300):
        depth = r.randrange(1, 60)
        parts = []
        for level in range(depth):
            parts.append(r.choice(["[", "{a: ", "\n" + "  " * level + "- ",
                                   "\n" + "  " * level + "k:"]))
        text = "".join(parts) + " x"
        try:
            node = yaml.CSafeLoader(text).get_single_node()
        except yaml.YAMLError:
            continue
        real = _depth(node)
        bound = text.count("[") + text.count("{") + 2 * max(
            len(line) - len(line.lstrip(" \t?:-")) for line in text.splitlines()) + 4
        assert real <= bound, text


def _depth(node) -> int:
    if isinstance(node, yaml.ScalarNode):
        return 0
    items = node.value if isinstance(node, yaml.SequenceNode) else \
        [n for pair in node.value for n in pair]
    return 1 + max((_depth(n) for n in items), default=0)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_file_takes_the_fast_path_and_loads_the_same(path):
    text = path.read_text(encoding="utf-8")
    assert yamlio._fast_ok(text)
    assert shape(yamlio._FastBuild(text).run()) == outcome(text, False)[1]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_mutated_card_files_load_the_same_both_ways(game_id):
    files = yaml_files(CARDS_DIR / game_id)
    for seed in range(25):
        base = files[seed % len(files)].read_text(encoding="utf-8")
        same_both_ways(mutate_card_file(seed * 31 + 7, base))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_compiled_checks_agree_with_check(game_id):
    """For every card of mutated files: the compiled check returns what ``check`` returns
    when ``check`` finds nothing wrong, and refuses every card ``check`` objects to."""
    rules = GAMES[game_id].rules
    loader = CardLoader(game_id, rules.card_kinds)
    files = yaml_files(CARDS_DIR / game_id)
    seen = refused = 0
    for seed in range(35):
        base = files[seed % len(files)].read_text(encoding="utf-8")
        texts = [base] if seed < len(files) else [mutate_card_file(seed, base)]
        for text in texts:
            try:
                doc = yamlio.load(text)
            except yaml.YAMLError:
                continue
            cards = doc.get("cards") if isinstance(doc, dict) else None
            for raw in cards if isinstance(cards, list) else ():
                kind = raw.get("kind") if isinstance(raw, dict) else None
                if not isinstance(kind, str) or kind not in loader.records:
                    continue
                record = loader.records[kind]
                careful = schema.validate(record, raw, mark=raw.mark)
                seen += 1
                try:
                    fast = record.compiled()(raw)
                except schema.Invalid:
                    refused += 1
                    assert careful.problems, raw
                    continue
                assert not careful.problems, (raw, careful.problems)
                assert fast == careful.value
    assert seen > 50 and 0 < refused < seen


def catalog_view(catalog):
    return ([(c.id, c.kind, c.name, c.data, c.source, c.line, c.marks)
             for c in catalog.cards.values()],
            [str(e) for e in catalog.errors], catalog.files, catalog.overridden)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_catalog_is_the_same_without_the_fast_paths(game_id, tmp_path, monkeypatch):
    """The shipped cards plus a mod of mutated files (good and bad cards): the same cards,
    data, positions and messages with the fast paths turned off."""
    rules = GAMES[game_id].rules
    mods = tmp_path / "mods"
    mods.mkdir()
    for i, path in enumerate(yaml_files(CARDS_DIR / game_id)[:4]):
        text = mutate_card_file(i + 100, path.read_text(encoding="utf-8"))
        (mods / f"m{i}.yaml").write_text(text, encoding="utf-8")

    def load():
        return load_catalog(game_id, rules.card_kinds, [CARDS_DIR / game_id], [mods],
                            rules.card_sets, known_games=GAMES)
    fast = catalog_view(load())
    careful_load = yamlio.load
    monkeypatch.setattr(yamlio, "load", lambda text: careful_load(text, fast=False))

    def refuse(self):
        def run(value):
            raise schema.Invalid
        return run
    monkeypatch.setattr(schema.Spec, "compiled", refuse)
    assert catalog_view(load()) == fast


def test_the_forbidden_characters_are_all_unprintable():
    """The scan for them is skipped when the text is printable once line breaks and
    tabs are gone."""
    for code in range(0x110000):
        ch = chr(code)
        if yamlio._FORBIDDEN.match(ch):
            assert not ch.isprintable(), hex(code)


def slow_text_problem(text: str, one_line: bool):
    """``text_problem`` without its quick test: the loop over every character."""
    visible = False
    for ch in text:
        if ch in schema.BIDI_CONTROLS:
            return "bidi"
        category = unicodedata.category(ch)
        if category in schema._UNPRINTABLE and not (not one_line and ch in "\n\t"):
            return "invisible"
        if not visible and not ch.isspace() and ch not in schema.BLANK_LETTERS \
                and category not in ("Mn", "Me", "Zs"):
            visible = True
    return "blank" if one_line and text and not visible else None


def test_text_problem_quick_test_agrees_with_the_loop():
    r = random.Random(11)
    pool = list("ab Z1!~\n\t\r") + ["\u00a0", "\u200b", "\u202e", "\u0301", "\u3164",
                                     "\u2028", "\ue000", "\u00e9", "\u4e2d", "\U0001f600",
                                     "\u0378", "\x85", "\u3000"]
    for _ in range(5000):
        text = "".join(r.choice(pool) for _ in range(r.randrange(0, 6)))
        for one_line in (True, False):
            got = schema.text_problem(text, one_line)
            want = slow_text_problem(text, one_line)
            assert (got is None) == (want is None), (text, one_line, got, want)


def test_shown_paths_match_display_path(tmp_path, monkeypatch):
    """The loader resolves each folder once; links to files and folders still show
    where they lead."""
    real = tmp_path / "real"
    (real / "sub").mkdir(parents=True)
    (real / "sub" / "a.yaml").write_text("cards: []\n", encoding="utf-8")
    (tmp_path / "linked").symlink_to(real / "sub", target_is_directory=True)
    (real / "b.yaml").symlink_to(real / "sub" / "a.yaml")
    monkeypatch.chdir(tmp_path)
    loader = CardLoader("brawl", {})
    for path in (real / "sub" / "a.yaml", Path("linked/a.yaml"), real / "b.yaml",
                 Path("real/sub/../sub/a.yaml"), Path("/") / "tmp" / "x.yaml"):
        assert loader._display(path) == display_path(path)


def test_one_or_many_compiled_agrees_with_check():
    """The effects' one-or-a-list choice: the compiled check gives what ``check`` gives
    (one value or a list, normalised to a tuple, a capital or a number read as its
    choice) and refuses what ``check`` objects to (an empty list, a choice not there, a
    list with one bad item, true)."""
    from tabletop.engine.effects.registry import OneOrMany

    spec = OneOrMany("fast", "slow", "7")
    run = spec.compiled()
    for value in ("fast", "Slow", 7, ["fast", "slow"], ["FAST"]):
        careful = schema.validate(spec, value)
        assert not careful.problems and run(value) == careful.value
    for value in ([], "quick", ["fast", "nope"], True, None, {"a": 1}, [["fast"]]):
        assert schema.validate(spec, value).problems, value
        with pytest.raises(schema.Invalid):
            run(value)


def test_a_card_made_by_the_loader_is_the_dataclass_card():
    """``card_def`` (the loader's way to make a card) gives what ``CardDef(...)`` gives:
    the same fields, equal and frozen as it is."""
    import dataclasses

    from tabletop.engine.cards import CardDef, card_def

    args = ("x-1", "hero", "X", {"power": 3}, "cards/x.yaml", 4, {"power": (5, 10)})
    made, plain = card_def(*args), CardDef(*args)
    assert dataclasses.asdict(made) == dataclasses.asdict(plain)
    assert vars(made) == vars(plain) and repr(made) == repr(plain)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.name = "Y"
    assert made.mark_of("power") == (5, 10) and made.text == ""
