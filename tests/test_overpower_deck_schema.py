"""The OverPower deck file's JSON Schema (``schemas/overpower-deck.schema.json``): every
shipped deck written as a deck file, the guide's examples and a deck the deck builder
saves pass it; broken ones fail it, each for its own reason."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tabletop import SCHEMAS_DIR
from tabletop.engine import yamlio
from tabletop.games import GAMES
from tabletop.games.overpower import deckfile
from tabletop.games.overpower.decklaw import DeckList
from tabletop.games.overpower.deckschema import FILE_NAME, deck_file_schema
from tabletop.tools.schema import dumps

jsonschema = pytest.importorskip("jsonschema")
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def check():
    schema = deck_file_schema()
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


@pytest.fixture(scope="module")
def shipped_files():
    """Each shipped ready-made deck as the text of a deck file."""
    catalog = GAMES["overpower"].rules.load_catalog(mod_dirs=[])
    decks = catalog.of_kind("deck")
    assert len(decks) >= 6
    return {d.id: deckfile.dump(DeckList.from_data(d.name, d.data)) for d in decks}


def errors(check, doc) -> list[str]:
    return [e.message for e in check.iter_errors(doc)]


def test_the_shipped_decks_the_guides_examples_and_a_saved_deck_pass(check, shipped_files,
                                                                     tmp_path):
    for deck_id, text in shipped_files.items():
        assert not errors(check, yamlio.load(text)), deck_id
    guide = (ROOT / "docs" / "modding.md").read_text(encoding="utf-8")
    section = guide.split("### Deck files")[1].split("\n### ")[0]
    examples = [t for t in re.findall(r"```yaml\n(.*?)```", section, re.S)
                if yamlio.load(t) is not None]  # (not the block of the modeline alone)
    assert examples
    for text in examples:
        assert not errors(check, yamlio.load(text)), text
    assert not errors(check, yamlio.load(deckfile.__doc__.split("::")[1]))
    saved = deckfile.save(DeckList.from_data("Harbour Lights \u2014 \"two\"",
                                             yamlio.load(shipped_files["tidewatch"])),
                          tmp_path)
    assert not errors(check, yamlio.load(saved.read_text(encoding="utf-8")))


@pytest.mark.parametrize(("change", "why"), [
    (lambda d: d.pop("name"), "'name' is a required property"),
    (lambda d: d.update(colour="blue"), "Additional properties are not allowed"),
    (lambda d: d["cards"].update({"energy-2": 0}), "0 is less than the minimum of 1"),
    (lambda d: d["cards"].update({"energy-2": 21}), "21 is greater than the maximum of 20"),
    (lambda d: d["cards"].update({"Energy 2": 1}), "does not match"),
    (lambda d: d["characters"].pop(), "is too short"),
    (lambda d: d.update(game="brawl"), "is not valid under any of the given schemas"),
    (lambda d: d.update(cards=["energy-2"]), "is not of type 'object'"),
])
def test_a_broken_deck_file_fails_for_its_reason(check, shipped_files, change, why):
    doc = json.loads(json.dumps(yamlio.load(shipped_files["tidewatch"])))
    change(doc)
    found = errors(check, doc)
    assert found and any(why in message for message in found), found


def test_the_written_schema_is_the_generated_one():
    """``tabletop docs`` writes it (``tabletop docs --check`` fails when it is stale)."""
    from tabletop.tools.docs import deck_schemas_outdated

    path = SCHEMAS_DIR / FILE_NAME
    assert path.read_text(encoding="utf-8") == dumps(deck_file_schema())
    assert deck_schemas_outdated() == {}


def test_tabletop_schema_writes_the_deck_file_schema(tmp_path):
    """``tabletop schema overpower-deck -o FILE`` writes the schema ``tabletop docs``
    keeps in ``schemas/``."""
    import subprocess
    import sys

    from tabletop import SCHEMAS_DIR

    out = tmp_path / "decks" / "overpower-deck.schema.json"
    done = subprocess.run([sys.executable, "-m", "tabletop", "schema", "overpower-deck",
                           "-o", str(out)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert out.read_text("utf-8") == \
        (SCHEMAS_DIR / "overpower-deck.schema.json").read_text("utf-8")
