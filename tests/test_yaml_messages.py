"""YAML syntax errors say the likely cause in words, keep ``file:line:col:`` first and
PyYAML's phrase in brackets, and show the line with a caret (``tabletop validate``)."""

from __future__ import annotations

import pytest

from tabletop.engine.cards import Catalog
from tabletop.engine.loader import CardLoader
from tabletop.engine.yamlhints import SNIPPET_CHARS, snippet
from tabletop.games import get_game
from tabletop.tools.validate import validate

HEAD = "game: brawl\ncards:\n  - id: storm\n    kind: condition\n"

#: name -> (the broken file, its line:col, words the message must hold, the raw phrase)
CASES = {
    "tab": (HEAD + "\tname: Storm\n", "5:1",
            "a tab is used to indent this line; YAML indents with spaces only",
            "found a tab character that violates indentation"),
    "no space after a colon": (HEAD + "    name:Storm\n    text: x\n", "5:9",
                               "no space after the colon of 'name': write 'name: '",
                               "could not find expected ':'"),
    "no space at the top": ("game:brawl\ncards: []\n", "1:5",
                            "no space after the colon of 'game'", "mapping values"),
    "a key indented more": (HEAD + "    name: Storm\n      text: x\n", "6:7",
                            "this line is indented more than the line above (column 7, "
                            "not 5)", "mapping values are not allowed in this context"),
    "a key indented less": (HEAD + "    name: Storm\n   text: x\n", "6:4",
                            "'text' is indented less than the key above it (column 4, not 5)",
                            "did not find expected '-' indicator"),
    "a key far out": (HEAD + "    name: Storm\n text: x\n", "6:2",
                      "'text' is indented less than the key above it (column 2, not 5)",
                      "did not find expected key"),
    "an unclosed double quote": (HEAD + '    name: "Storm\n    text: x\n', "5:11",
                                 'the quote " opened here is never closed',
                                 "found unexpected end of stream (while scanning a quoted "
                                 "scalar)"),
    "an unclosed single quote": (HEAD + "    name: 'Storm\n", "5:11",
                                 "the quote ' opened here is never closed",
                                 "found unexpected end of stream"),
    "a quote closed lines later": (HEAD + '    name: "Storm\n    text: "x"\n', "5:11",
                                   'the quote " opened here is not closed on its line',
                                   "did not find expected key"),
    "an unclosed bracket": (HEAD + "    name: Storm\n    tags: [a, b\n    text: x\n", "6:11",
                            "the [ opened here is never closed: add ]",
                            "did not find expected ',' or ']'"),
    "a bracket open at the end": ("game: brawl\ncards: [\n", "2:8",
                                  "the [ opened here is never closed: add ] at the end of "
                                  "the list", "did not find expected node content"),
    "an unclosed brace": ("game: brawl\ncards:\n  - {id: storm, kind: condition\n", "3:5",
                          "the { opened here is never closed: add } at the end of the mapping",
                          "did not find expected ',' or '}'"),
    "a list item too far in": (HEAD + "    name: Storm\n   - id: rain\n", "6:4",
                               "a '- ' list item at the wrong depth (column 4; the item at "
                               "line 3 is at column 3)", "did not find expected '-' indicator"),
    "a list item under a key": (HEAD + "    name: Storm\n      - id: rain\n", "6:7",
                                "a '- ' list item at the wrong depth (column 7",
                                "mapping values"),
    "a colon in a value": (HEAD + "    name: Storm\n    text: Note: it rains\n", "6:15",
                           "the value of 'text' holds a colon and a space, which YAML reads "
                           "as a new key: put it in quotes (text: \"Note: it rains\")",
                           "mapping values are not allowed in this context"),
    "text after a quote": (HEAD + '    name: "Storm" front\n', "5:19",
                           "text after a closing quote", "did not find expected key"),
}


def problems(tmp_path, text: str) -> list:
    path = tmp_path / "broken.yaml"
    path.write_text(text, "utf-8")
    catalog = Catalog("brawl")
    CardLoader("brawl", get_game("brawl").rules.card_kinds).load_file(path, catalog,
                                                                      is_mod=True)
    return catalog.errors


@pytest.mark.parametrize("name", list(CASES))
def test_each_likely_cause_is_said_in_words(tmp_path, name):
    text, where, words, raw = CASES[name]
    [error] = problems(tmp_path, text)
    line, col = map(int, where.split(":"))
    said = str(error)
    assert said.startswith(f"{error.file}:{where}: YAML syntax error: "), said
    assert words in said and f"[{raw}" in said, said
    assert "\n" not in said  # the app's lists show one line
    numbered, caret = error.snippet.split("\n")
    shown = text.splitlines()[line - 1].replace("\t", "\u2192")
    assert numbered == f"{line:>4} | {shown}"
    assert caret.index("^") - caret.index("|") - 2 == col - 1  # under the column
    assert error.detailed() == said + "\n  " + numbered + "\n  " + caret


def test_an_error_with_no_likely_cause_keeps_pyyamls_words(tmp_path):
    [error] = problems(tmp_path, "game: brawl\ncards:\n  - &a {id: x}\n  - &a {id: y}\n")
    assert str(error).endswith(":4:5: YAML syntax error: second occurrence (found duplicate "
                               "anchor 'a'; first occurrence)")
    assert error.snippet == "   4 |   - &a {id: y}\n     |     ^"


def test_a_url_is_not_a_missing_space():
    catalog = Catalog("brawl")
    CardLoader("brawl", get_game("brawl").rules.card_kinds).load_text(
        HEAD + "    name: see http://x.y\n   text: x\n", "f.yaml", catalog)
    assert "no space after the colon" not in str(catalog.errors[0])
    assert "'text' is indented less" in str(catalog.errors[0])


def test_a_long_line_is_cut_around_the_caret():
    line = "x" * 300 + ": " + "y" * 300
    shown, caret = snippet([line], 1, 301).split("\n")
    assert len(shown) < SNIPPET_CHARS + 12 and shown.count("\u2026") == 2
    assert shown[caret.index("^")] == ":"
    assert snippet(["a"], 3, 1) == ""  # (a mark past the last line: no snippet)


def test_validate_prints_the_line_and_the_caret(tmp_path):
    path = tmp_path / "mod.yaml"
    path.write_text(HEAD + "    name:Storm\n    text: x\n", "utf-8")
    lines: list[str] = []
    assert validate([str(path)], out=lines.append) == 1
    text = "\n".join(lines)
    assert ("mod.yaml:5:9: YAML syntax error: no space after the colon of 'name': write "
            "'name: ' and then the value [could not find expected ':' (while scanning a "
            "simple key)]\n     5 |     name:Storm\n       |         ^\n") in text
    assert lines[-1] == "0 valid card(s), 1 problem(s)"


def test_no_space_after_a_colon_in_braces_names_the_field(tmp_path):
    """In ``{...}`` YAML reads ``name:Storm`` as one key: the unknown field says a space is
    missing after the colon of a field the card has, and the field is not also reported
    missing."""
    text = ("game: brawl\ncards:\n"
            "  - {id: storm-x, kind: condition, name:Storm, text: x,\n"
            "     effects: [{effect: draw, count: 1}]}\n")
    messages = [e.message for e in problems(tmp_path, text)]
    assert any("a space is missing after the colon: write 'name: Storm')" in m
               for m in messages), messages
    assert not any("missing required field 'name'" in m for m in messages), messages


def test_very_long_lines_are_explained_at_once(tmp_path):
    """The causes are looked for in the start of each line: a line of 80,000 dashes (in a
    folded text) above the error, which the key pattern read in time growing with its
    square (23 s), costs nothing, and the error is still said in words."""
    import time

    text = (HEAD + "    name: Storm\n    flavor: >\n      " + "- " * 40000 + "x\n"
            + "    text: Note: it rains\n")
    t0 = time.perf_counter()
    [error] = problems(tmp_path, text)
    assert time.perf_counter() - t0 < 2.0
    assert str(error).startswith(f"{tmp_path / 'broken.yaml'}:8:15: YAML syntax error: the "
                                 "value of 'text' holds a colon"), str(error)
