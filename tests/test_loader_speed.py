"""What the card loader does to be quick keeps its behaviour (issue 11):

- positions on the fast path are worked out from the composed nodes when first asked
  for, and are the careful path's even when the mapping changed before that;
- the listing of card files is what ``rglob`` gave;
- the collector paused during a catalog load is running again afterwards (also after an
  interrupted load) and stays paused if it was paused before.
"""

from __future__ import annotations

import gc
import os
from pathlib import Path

import pytest

from tabletop import CARDS_DIR
from tabletop.engine import limits, yamlio
from tabletop.engine.cardfiles import yaml_files
from tabletop.engine.loader import load_catalog
from tabletop.games import GAMES

TEXT = "b: 1\n'2': x\n3: [a, {c: d}]\nlist:\n  - 1\n  - two\n"


def positions(value):
    if isinstance(value, yamlio.MDict):
        return (value.mark, dict(value.key_marks), dict(value.value_marks),
                {k: positions(v) for k, v in value.items()})
    if isinstance(value, yamlio.MList):
        return (value.mark, list(value.item_marks), [positions(v) for v in value])
    return None


def test_positions_asked_for_late_are_the_careful_ones():
    careful = yamlio.load(TEXT, fast=False)
    fast = yamlio.load(TEXT)
    assert fast._node is not None  # the fast path was taken
    want = positions(careful)
    del fast["b"], careful["b"]
    fast["new"] = careful["new"] = 5
    fast["list"].append(3)
    careful["list"].append(3)
    assert positions(fast) == positions(careful)
    assert positions(fast)[1]["b"] == want[1]["b"] == (1, 1)
    assert fast.mark_of(3) == careful.mark_of(3) == (3, 4)
    assert fast["list"].mark_of(1) == (6, 5)


def test_positions_can_be_set_on_a_fast_mapping():
    fast = yamlio.load(TEXT)
    fast.mark = (9, 9)
    fast.value_marks = {"b": (7, 7)}
    assert fast.mark == (9, 9) and fast.mark_of("b") == (7, 7)
    assert fast.key_marks["list"] == (4, 1)


def rglob_yaml(directory: Path) -> list[Path]:
    """The listing as it was written first."""
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.rglob("*") if p.suffix in (".yaml", ".yml")
                  and p.is_file())


def test_yaml_files_lists_what_rglob_did(tmp_path):
    for rel in ("a.yaml", ".yaml", ".yml", "b.yml", "c.YAML", "d.yaml.bak", "..yaml",
                "sub/e.yaml", "sub/deeper/f.yml", ".hidden/g.yaml", "x.yaml/h.yaml"):
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("cards: []\n", encoding="utf-8")
    (tmp_path / "folder.yaml").mkdir()
    (tmp_path / "link.yaml").symlink_to(tmp_path / "a.yaml")
    (tmp_path / "dead.yaml").symlink_to(tmp_path / "missing.yaml")
    (tmp_path / "linked").symlink_to(tmp_path / "sub", target_is_directory=True)
    (tmp_path / "loop").symlink_to(tmp_path, target_is_directory=True)
    got = yaml_files(tmp_path)
    assert got == rglob_yaml(tmp_path)
    assert [p.relative_to(tmp_path).as_posix() for p in got] == [
        "..yaml", ".hidden/g.yaml", "a.yaml", "b.yml", "link.yaml", "sub/deeper/f.yml",
        "sub/e.yaml", "x.yaml/h.yaml"]
    assert yaml_files(tmp_path / "nothing") == [] == yaml_files(tmp_path / "a.yaml")
    for folder in (CARDS_DIR, *CARDS_DIR.iterdir()):
        assert yaml_files(folder) == rglob_yaml(folder)


@pytest.mark.parametrize("paused", [False, True])
def test_the_collector_runs_after_a_load_as_before(paused):
    rules = GAMES["brawl"].rules
    if paused:
        gc.disable()
    try:
        catalog = load_catalog("brawl", rules.card_kinds, [CARDS_DIR / "brawl"])
        assert catalog.cards and not catalog.errors
        assert gc.isenabled() is not paused
    finally:
        gc.enable()


def test_the_collector_runs_after_an_interrupted_load():
    rules = GAMES["brawl"].rules

    def stop():
        raise limits.Interrupted

    limits.set_interrupt_check(stop)
    try:
        with pytest.raises(limits.Interrupted):
            load_catalog("brawl", rules.card_kinds, [CARDS_DIR / "brawl"])
    finally:
        limits.set_interrupt_check(None)
    assert gc.isenabled()


@pytest.mark.parametrize("limit", [None, 1000])
def test_a_file_that_grew_after_its_size_was_read(tmp_path, monkeypatch, limit):
    """The loader reads the size it was told, then what the file grew by, up to the
    limit: the whole file within the limit, a refusal over it."""
    if limit:
        monkeypatch.setattr(limits, "MAX_CARD_FILE_BYTES", limit)
    path = tmp_path / "mod.yaml"
    path.write_text("game: brawl\n# " + "x" * 2000 + "\ncards:\n  - {id: c, kind: "
                    "condition, name: C, effects: []}\n", encoding="utf-8")
    real_stat, real_fstat = os.stat, os.fstat
    inode = real_stat(path).st_ino

    def told(found):  # the card file says it holds 10 bytes, looked at and opened
        if found.st_ino != inode:
            return found
        fields = list(found)
        fields[6] = 10  # st_size
        return os.stat_result(fields)
    monkeypatch.setattr(os, "stat", lambda *a, **kw: told(real_stat(*a, **kw)))
    monkeypatch.setattr(os, "fstat", lambda fd: told(real_fstat(fd)))
    rules = GAMES["brawl"].rules
    catalog = load_catalog("brawl", rules.card_kinds, [], [tmp_path])
    if limit:
        assert [e.message for e in catalog.errors] == ["the file is too large"]
    else:
        assert list(catalog.cards) == ["c"] and not catalog.errors
