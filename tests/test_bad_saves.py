"""Bad saves never take the app down (issue 8): each case seen is refused with the save's
name and what is wrong, before any field is used; nothing is half-loaded."""

from __future__ import annotations

import json
import os
import time

import pytest

from tabletop import SAMPLE_SAVES_DIR
from tabletop.engine import limits, savegames
from tabletop.engine.info import SeatConfig
from tabletop.engine.paths import saves_dir
from tabletop.engine.saves import (
    SaveError,
    json_depth,
    parse_save,
    read_save,
    session_from_dict,
    session_to_dict,
    write_save,
)
from tabletop.engine.session import Session
from tabletop.games import GAMES


@pytest.fixture(scope="module")
def sample():
    """The Power Play sample save (it has switches and a choice among its options)."""
    return json.loads((SAMPLE_SAVES_DIR / "power-play-sample.json").read_text())


def refused(data: dict | bytes, name: str = "bad.json") -> str:
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    with pytest.raises(SaveError) as info:
        parse_save(raw, name, games=GAMES)
    message = str(info.value)
    assert message.startswith(name) and "\n" not in message and len(message) < 400
    return message


def changed(sample: dict, **fields) -> dict:
    return {**json.loads(json.dumps(sample)), **fields}


def test_deep_nesting_after_a_valid_envelope_is_refused_before_json_loads(sample):
    raw = json.dumps(sample)[:-1].encode() + b', "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    t0 = time.perf_counter()
    assert refused(raw) == ("bad.json is damaged (its data is nested more than 32 levels "
                            "deep); it was not loaded.")
    assert time.perf_counter() - t0 < 1


def test_the_depth_scan_skips_brackets_in_strings():
    assert json_depth(b'{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}', 32) == 1
    assert json_depth(b'{"a": "\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}', 32) == 1
    assert json_depth(b"[" * 40 + b"]" * 40, 32) == 33


@pytest.mark.parametrize("fields, problem", [
    ({"notes": [1]}, "field 'notes' must be an object, got a list"),
    ({"notes": "x"}, "field 'notes' must be an object, got 'x'"),
    ({"notes": {"\u00b9": "x"}}, "note '\u00b9' does not name a move (1 to 45)"),
    ({"notes": {"0": "x"}}, "note '0' does not name a move (1 to 45)"),
    ({"notes": {"46": "x"}}, "note '46' does not name a move (1 to 45)"),
    ({"notes": {"3": 5}}, "note 3 must be text, got 5"),
    ({"position": "abc"}, "field 'position' must be an object, got 'abc'"),
    ({"position": [1, 2]}, "field 'position' must be an object, got a list"),
    ({"saved": 5}, "field 'saved' must be a date and time, got 5"),
    ({"saved": "yesterday"}, "field 'saved' must be a date and time, got 'yesterday'"),
    ({"seed": "7"}, "field 'seed' must be a whole number, got '7'"),
    ({"seed": True}, "field 'seed' must be a whole number, got true"),
    ({"seed": 2**70}, "field 'seed' must be a whole number, got 1180591620717411303424"),
    ({"seats": "Ana"}, "field 'seats' must be a list, got 'Ana'"),
    ({"seats": [{"name": "A"}, {"name": "B"}]},
     "Power Play with these options has 3 seats, the save lists 2"),
    ({"seats": [{"name": "A"}, {"name": "B", "kind": "computer", "level": "genius"},
                {"name": "C"}]},
     "the level of seat 2 must be one of easy, normal, hard, got 'genius'"),
    ({"seats": [{"name": "A"}, {"name": "B", "kind": "computer", "level": 2},
                {"name": "C"}]},
     "the level of seat 2 must be one of easy, normal, hard, got 2"),
    ({"seats": [{"name": "A"}, {"name": "B"}, {"name": "C", "kind": "robot"}]},
     "seat 3 must be human or computer, got 'robot'"),
    ({"seats": [{"name": "A"}, {"name": "B"}, {"name": "\u202eC"}]},
     "the name of seat 3: the text holds U+202E"),
    ({"seats": [{"name": "A"}, {"name": "B"}, ["C"]]},
     "seat 3 must be an object with a name and a kind"),
    ({"moves": ["P1 pass", 5]}, "move 2 is not text"),
    ({"moves": ["P1\npass"]}, "move 1: the text holds U+000A (a line break)"),
    ({"moves": "P1 pass"}, "field 'moves' must be a list, got 'P1 pass'"),
    ({"settings": {"hide_hands": "yes"}}, "setting 'hide_hands' must be true or false, got "
                                          "'yes'"),
    ({"settings": {"volume": 3}}, "unknown setting 'volume'"),
    ({"settings": []}, "field 'settings' must be an object, got a list"),
    ({"turn": -1}, "field 'turn' must be a whole number from 0, got -1"),
    ({"over": "no"}, "field 'over' must be true or false, got 'no'"),
    ({"hand_of_p2": ["secret"]}, "unknown field 'hand_of_p2'"),
    ({"app": ["0.1"]}, "field 'app' must be text, got a list"),
    ({"game": ["brawl"]}, "field 'game' must be text, got a list"),
])
def test_a_field_of_the_wrong_type_or_range_is_refused(sample, fields, problem):
    message = refused(changed(sample, **fields))
    assert message.startswith(f"bad.json is damaged ({problem}")
    assert message.endswith("; it was not loaded.")


@pytest.mark.parametrize("options, problem", [
    ({"less_cooperative": []}, "option 'less_cooperative' must be true or false, got a list"),
    ({"less_cooperative": 1}, "option 'less_cooperative' must be true or false, got 1"),
    ({"players": "3"}, "option 'players' must be one of 2, 3, 4, got '3'"),
    ({"players": True}, "option 'players' must be one of 2, 3, 4, got true"),
    ({"players": 9}, "option 'players' must be one of 2, 3, 4, got 9"),
    ({"turbo": True}, "Power Play has no option 'turbo' (it has: players, less_cooperative, "
                      "receding, less_counting, any_bonus)"),
])
def test_option_values_are_checked_against_the_games_declared_options(sample, options,
                                                                       problem):
    message = refused(changed(sample, options={**sample["options"], **options}))
    assert message == f"bad.json is damaged ({problem}); it was not loaded."


@pytest.mark.parametrize("game", list(GAMES))
def test_every_games_default_options_pass_the_check(game):
    rules = GAMES[game].rules
    data = {"format": "tabletop-save", "version": 1, "game": game,
            "options": rules.default_options(), "seed": 1, "moves": [],
            "seats": [{"name": f"P{i}", "kind": "human"}
                      for i in range(rules.seat_count(rules.default_options()))]}
    assert parse_save(json.dumps(data).encode(), games=GAMES)["game"] == game


def test_a_huge_number_is_damaged_json(sample):
    raw = json.dumps(sample)[:-1].encode() + b', "x": ' + b"1" * 5000 + b"}"
    assert refused(raw).startswith("bad.json is damaged (not valid JSON: Exceeds the limit")


def test_an_unknown_game(sample):
    assert refused(changed(sample, game="skyship-duel")) == (
        "bad.json is for a game this version does not have ('skyship-duel').")


def test_a_100kb_move_gives_a_short_message(sample):
    message = refused(changed(sample, moves=sample["moves"][:3] + ["x" * 100_000]))
    assert message == ("bad.json is damaged (move 4 is longer than 200 characters); it was "
                       "not loaded.")


def test_a_refused_move_is_quoted_short(sample):
    data = changed(sample, moves=sample["moves"][:3] + ["P1 play " + "y" * 190])
    game = GAMES["power-play"]
    with pytest.raises(SaveError) as info:
        session_from_dict(parse_save(json.dumps(data).encode(), "bad.json", games=GAMES), game,
                          game.rules.load_catalog(mod_dirs=[]), "bad.json")
    assert str(info.value).startswith("bad.json does not replay: move 4 (P1 play yyyy")
    assert len(str(info.value)) < 700


def test_a_file_over_the_size_limit_is_not_read(tmp_path, monkeypatch):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 5000)
    monkeypatch.setattr(limits, "MAX_SAVE_BYTES", 1000)
    with pytest.raises(SaveError, match=r"^big.json is too large to be a save \(5,000 bytes; "
                                        r"a save has at most 1,000\); it was not loaded.$"):
        read_save(path, GAMES)


def test_a_bad_position_cannot_be_set_up(sample):
    game = GAMES["brawl"]
    data = json.loads((SAMPLE_SAVES_DIR / "brawl-sample.json").read_text())
    data.update(position={"hands": {"P1": ["Nobody at all"]}}, moves=[], notes={})
    with pytest.raises(SaveError, match=r"^brawl.json cannot be set up: scenario: no \(more\) "
                                        r"card named 'Nobody at all'"):
        session_from_dict(data, game, game.rules.load_catalog(mod_dirs=[]), "brawl.json")
    data["position"] = {"play": {"P1": [{"health": 3}]}}
    with pytest.raises(SaveError, match=r"^brawl.json cannot be set up: 'card'"):
        session_from_dict(data, game, game.rules.load_catalog(mod_dirs=[]), "brawl.json")


def test_a_game_from_a_position_saves_and_loads(brawl, brawl_cards, tmp_path):
    position = {"turn": "P1", "play": {"P1": ["Copper Kestrel"],
                                       "P2": [{"card": "Tidewright", "health": 3}]}}
    session = Session(brawl, brawl_cards, {}, 4, position=position)
    session.play_text('P1 attack "Copper Kestrel" > "Tidewright"')
    write_save(tmp_path / "p.json", session)
    loaded, _ = session_from_dict(read_save(tmp_path / "p.json", GAMES), brawl, brawl_cards)
    assert loaded.position == position and loaded.notations == session.notations


def test_a_save_holds_only_what_resuming_needs(brawl, brawl_cards):
    session = Session(brawl, brawl_cards, {}, 3, [SeatConfig("Ana"), SeatConfig("Bo")])
    session.settings.update(hide_hands=True, scratch=[1, 2, 3])
    session.notes[1] = "hello"
    data = session_to_dict(session)
    assert set(data) == {"format", "version", "app", "saved", "game", "options", "seed",
                         "seats", "fingerprint", "moves", "notes", "settings", "turn", "over",
                         "ruleset"}
    assert data["settings"] == {"hide_hands": True}  # nothing the table put there besides
    assert not any(isinstance(v, dict) and "zones" in v for v in data.values())


def test_a_refused_save_is_never_half_loaded(sample):
    """The checks run before anything is used: a bad note in a save whose moves are fine
    refuses the whole save (no session with some of it)."""
    game = GAMES["power-play"]
    data = changed(sample, notes={"1": "ok", "2": ["not", "text"]})
    with pytest.raises(SaveError):
        session_from_dict(data, game, game.rules.load_catalog(mod_dirs=[]), "bad.json")


# -- the saves folder ------------------------------------------------------------------------

def write(path, data) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_temporary_files_of_an_interrupted_save_are_removed_at_the_next_start():
    autos = savegames.autosaves_dir()
    old = [saves_dir() / ".autosave.json.x1y2.tmp", autos / ".brawl-1.json.abcd.tmp"]
    fresh = autos / ".brawl-2.json.efgh.tmp"  # another instance may be writing it now
    keep = saves_dir() / ".notes.tmp"  # not ours
    for path in [*old, fresh, keep]:
        path.write_bytes(b"{")
    hour_ago = time.time() - 3600
    for path in [*old, keep]:
        os.utime(path, (hour_ago, hour_ago))
    savegames.tidy(GAMES)
    assert not any(p.exists() for p in old)
    assert fresh.exists() and keep.exists()


def test_the_old_single_autosave_is_migrated(sample):
    write(saves_dir() / "autosave.json", sample)
    savegames.tidy(GAMES)
    assert not (saves_dir() / "autosave.json").exists()
    moved = list(savegames.autosaves_dir().glob("*.json"))
    assert len(moved) == 1 and moved[0].name.startswith("power-play-")
    assert moved[0].name.endswith("-migrated.json")
    latest = savegames.latest_in_progress(GAMES)
    assert latest is not None and latest.path == moved[0]


def test_an_unreadable_old_autosave_is_migrated_and_listed_as_unreadable():
    (saves_dir() / "autosave.json").write_text('{"format": "tabletop-save", "vers')
    savegames.tidy(GAMES)
    entries = savegames.list_entries(GAMES, samples=False)
    assert len(entries) == 1 and not entries[0].readable
    assert entries[0].path.name.startswith("unreadable-")
    assert "is damaged (not valid JSON" in entries[0].error


def test_continue_picks_the_most_recently_played_game(sample):
    autos = savegames.autosaves_dir()
    write(autos / "a.json", changed(sample, saved="2026-01-01T10:00:00+00:00"))
    write(autos / "b.json", changed(sample, saved="2026-03-01T10:00:00+00:00"))
    write(autos / "c.json", changed(sample, saved="2026-05-01T10:00:00+00:00", over=True))
    write(autos / "d.json", {"format": "tabletop-save"})
    assert savegames.latest_in_progress(GAMES).path.name == "b.json"
    kinds = [(e.path.name, e.in_progress, e.readable) for e in
             savegames.list_entries(GAMES, samples=False)]
    assert kinds == [("b.json", True, True), ("a.json", True, True), ("d.json", False, False),
                     ("c.json", False, True)]


def test_finished_games_move_to_the_finished_folder_and_only_the_latest_are_kept(
        sample, monkeypatch):
    monkeypatch.setattr(savegames, "KEEP_FINISHED", 10)
    autos, done = savegames.autosaves_dir(), savegames.finished_dir()
    for day in range(1, 16):
        path = autos / f"done-{day:02}.json"
        write(path, changed(sample, saved=f"2026-01-{day:02}T10:00:00+00:00", over=True))
        os.utime(path, (1_700_000_000 + day, 1_700_000_000 + day))
    (autos / "done-15.json.journal").write_text("")  # its journal goes with it
    write(autos / "going.json", changed(sample, saved="2025-01-01T10:00:00+00:00"))
    savegames.tidy(GAMES)
    assert sorted(p.name for p in autos.glob("*.json")) == ["going.json"]
    assert sorted(p.name for p in done.glob("*.json")) == \
        [f"done-{d:02}.json" for d in range(6, 16)]
    assert (done / "done-15.json.journal").exists()
    # listed as finished games, found by name (the statistics' link)
    kinds = {e.path.name: e.kind for e in savegames.list_entries(GAMES, samples=False)}
    assert kinds["done-15.json"] == "finished" and kinds["going.json"] == "autosave"
    assert savegames.find_save("done-15.json") == done / "done-15.json"
    assert savegames.find_save("going.json") == autos / "going.json"
    for name in ("done-01.json", "../going.json", "going", ".hidden.json"):
        assert savegames.find_save(name) is None


def test_a_new_autosave_path_never_names_an_existing_file():
    paths = {savegames.new_autosave_path("brawl") for _ in range(50)}
    assert len(paths) == 50
    assert all(p.parent == savegames.autosaves_dir() and p.name.startswith("brawl-")
               for p in paths)


@pytest.mark.parametrize("token", ["P1\u00b9", "P\u0661", "P" + "9" * 5000])
def test_a_seat_written_with_other_digits_is_a_refused_move(brawl, brawl_cards, token):
    """Found by the save fuzzer: ``P1¹`` passed ``str.isdigit`` and then broke ``int()``."""
    session = Session(brawl, brawl_cards, {}, 3)
    from tabletop.engine.moves import IllegalMove

    with pytest.raises(IllegalMove, match="expected a seat like P1 or P2"):
        session.play_text(f"{token} pass")


SLOW_WRITER = """
import os, sys, time
from pathlib import Path
from tabletop.engine import saves
path = Path(sys.argv[1])
saves.atomic_write(path, b'{"n": 1}')
real_fsync = os.fsync
def slow_fsync(fd):
    time.sleep(60)  # killed in here: the new file is written but not yet renamed
os.fsync = slow_fsync
saves.atomic_write(path, b'{"n": 2}')
"""


def test_kill_9_during_a_save_leaves_temp_files_that_the_next_start_removes():
    import signal
    import subprocess
    import sys

    target = savegames.autosaves_dir() / "brawl-1.json"
    proc = subprocess.Popen([sys.executable, "-c", SLOW_WRITER, str(target)])
    end = time.time() + 30
    while not (target.exists() and list(target.parent.glob(".brawl-1.json.*.tmp"))) \
            and time.time() < end:
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    assert list(target.parent.glob(".brawl-1.json.*.tmp")), "the killed save left its file"
    assert json.loads(target.read_text())["n"] == 1  # the old save, whole
    savegames.tidy(GAMES)  # a fresh leftover may be another app's save in progress: kept
    assert list(target.parent.glob(".brawl-1.json.*.tmp"))
    savegames.tidy(GAMES, now=time.time() + savegames.STALE_TEMP_SECONDS + 1)
    assert not list(target.parent.glob(".*.tmp"))
    assert json.loads(target.read_text())["n"] == 1  # the save itself is whole
