"""Only regular files are ever opened (issue 26): a named pipe, a device, a socket, a folder
or a link loop where a card file, a card's art, a save, the autosave journal, the
settings, the statistics, a deck, a scenario or a lab report should be is refused unread
with one line naming it, and the rest goes on. ``TABLETOP_HOME`` naming a file is told and
got round (the app) or refused (the command line), never a traceback.

Every test runs under a time limit (SIGALRM, :func:`fuzzing.time_limit`; a subprocess has
its own): what used to hang in ``open()`` fails instead of blocking."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from conftest import FIXTURES
from fuzzing import SPECIAL_KINDS, make_special, time_limit
from test_bad_card_files import card, png

from tabletop import SAMPLE_SAVES_DIR
from tabletop.engine import limits, paths, safe_open, savegames
from tabletop.engine.autosave import Autosaver, journal_of, read_journal
from tabletop.engine.loader import check_art
from tabletop.engine.safe_open import FileTooLarge, NotRegularFile, read_regular
from tabletop.engine.saves import SaveError, read_save
from tabletop.engine.scenario import run_scenario_file
from tabletop.engine.settings import Settings, load_settings, settings_path
from tabletop.engine.stats import StatsFile, stats_path
from tabletop.games import GAMES, get_game
from tabletop.tools.validate import validate

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/dev/zero"),
                                reason="named pipes and /dev/zero (POSIX)")

#: seconds a test may take before it counts as hung (each takes well under one)
LIMIT = 10
#: what each kind of special file is called in the messages
WHAT = {"fifo": "a named pipe (FIFO)", "link-to-fifo": "a link to a named pipe (FIFO)",
        "socket": "a socket", "folder": "a folder (a directory)",
        "link-loop": "a link in a loop (a symlink loop)", "dev-zero": "a link to a device",
        "dev-null": "a link to a device"}
#: the kinds a file's reader meets (a folder named like a card file is walked as a folder)
FILE_KINDS = [k for k in SPECIAL_KINDS if k != "folder"]


@contextlib.contextmanager
def memory_cap(extra: int = 512 << 20):
    """Address space capped at what the process has now plus ``extra`` bytes: a reader
    that took ``/dev/zero`` for a file (it never ends, and a read does not stop at a
    signal) fails with MemoryError instead of filling the machine."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm", encoding="ascii") as statm:
        now = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    cap = now + extra if hard == resource.RLIM_INFINITY else min(now + extra, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@pytest.fixture(autouse=True)
def _no_hang(request):
    """Every test under a time limit; one that reads ``/dev/zero`` under a memory cap."""
    params = getattr(request.node, "callspec", None)
    zero = params is not None and params.params.get("kind") == "dev-zero"
    with time_limit(LIMIT), memory_cap() if zero else contextlib.nullcontext():
        yield


def brawl_mod(name: str = "Test Hero", card_id: str = "t-hero", extra: str = "") -> str:
    return "game: brawl\ncards:\n" + card(name, extra, card_id)


# -- the one reader ------------------------------------------------------------------------
@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_a_special_file_is_refused_unread_with_what_it_is(tmp_path, kind):
    path = make_special(kind, tmp_path / "file.yaml")
    with pytest.raises(NotRegularFile) as caught:
        read_regular(path, 1000)
    assert caught.value.what == WHAT[kind]
    assert str(caught.value) == f"{path}: it is {WHAT[kind]}, not a regular file"
    assert "\n" not in str(caught.value)
    assert safe_open.describe(path) == WHAT[kind]


def test_a_regular_file_is_read_within_its_limit(tmp_path):
    path = tmp_path / "file.json"
    path.write_bytes(b"x" * 10)
    assert read_regular(path, 10) == b"x" * 10
    with pytest.raises(FileTooLarge) as caught:
        read_regular(path, 9)
    assert caught.value.size == 10 and not caught.value.grew
    assert str(caught.value) == f"{path}: it is too large (10 bytes; at most 9 bytes are read)"
    with pytest.raises(FileNotFoundError):
        read_regular(tmp_path / "missing.json", 10)
    link = tmp_path / "link.json"
    link.symlink_to(path)
    assert read_regular(link, 10) == b"x" * 10


def test_a_pipe_swapped_in_after_the_look_is_opened_without_waiting_and_refused(
        tmp_path, monkeypatch):
    """The look before the open passes (as if the file were swapped after it): the open
    does not wait for a writer, and the opened file is looked at again."""
    path = make_special("fifo", tmp_path / "file.yaml")
    monkeypatch.setattr(safe_open, "check_regular", lambda path, limit=None: None)
    with pytest.raises(NotRegularFile, match="named pipe"):
        read_regular(path, 1000)


def test_a_file_the_listing_saw_is_not_looked_at_again_before_it_is_opened(
        tmp_path, monkeypatch):
    """``looked``: the folder listing saw a regular file there, so the look before the
    open is left out; a pipe swapped in since is still opened without waiting and
    refused (the look after the open)."""
    path = tmp_path / "file.yaml"
    path.write_bytes(b"cards: []\n")
    looks = []
    real = safe_open.check_regular
    monkeypatch.setattr(safe_open, "check_regular",
                        lambda path, limit=None: looks.append(path) or real(path, limit))
    assert read_regular(path, 1000, looked=True) == b"cards: []\n" and looks == []
    assert read_regular(path, 1000) == b"cards: []\n" and looks == [path]
    pipe = make_special("fifo", tmp_path / "pipe.yaml")
    with time_limit(5), pytest.raises(NotRegularFile, match="named pipe"):
        read_regular(pipe, 1000, looked=True)


def test_the_loader_reads_listed_files_without_a_second_look_and_links_with_one(
        tmp_path, monkeypatch):
    """A card file the listing saw as a regular file is opened without a look first; a
    link to one is looked at (where it leads) and shown as where it leads."""
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "a.yaml").write_text("cards:\n" + card(card_id="plain-one"), encoding="utf-8")
    elsewhere = tmp_path / "elsewhere.yaml"
    elsewhere.write_text("cards:\n" + card(card_id="linked-one"), encoding="utf-8")
    (folder / "b.yaml").symlink_to(elsewhere)
    looked = []
    real = safe_open.check_regular
    monkeypatch.setattr(safe_open, "check_regular",
                        lambda path, limit=None: looked.append(Path(path).name) or
                        real(path, limit))
    monkeypatch.chdir(tmp_path)
    rules = GAMES["brawl"].rules
    catalog = rules.load_catalog(base_dirs=[folder], mod_dirs=[], check=False)
    assert not catalog.errors
    assert looked == ["b.yaml"]
    assert catalog.cards["plain-one"].source == os.path.join("cards", "a.yaml")
    assert catalog.cards["linked-one"].source == "elsewhere.yaml"


def test_a_file_that_grows_past_the_limit_while_read_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "file.yaml"
    path.write_bytes(b"x" * 10)
    real = os.fstat

    def grown(fd):  # the size looked at says 5 bytes; 10 are there
        st = real(fd)
        return os.stat_result((st.st_mode, *st[1:6], 5, *st[7:]))

    monkeypatch.setattr(safe_open, "check_regular", lambda path, limit=None: None)
    monkeypatch.setattr(safe_open.os, "fstat", grown)
    with pytest.raises(FileTooLarge) as caught:
        read_regular(path, 8)
    assert caught.value.grew


# -- card files and their art ---------------------------------------------------------------
@pytest.mark.parametrize("kind", ["fifo", "link-to-fifo"])
def test_validate_on_a_pipe_says_so_at_once(tmp_path, kind, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_special(kind, tmp_path / "mod.yaml")
    lines: list[str] = []
    assert validate(["mod.yaml"], out=lines.append) == 1
    assert lines == [f"mod.yaml:1:1: the file is {WHAT[kind]}, not a regular file; it was "
                     "skipped", "0 valid card(s), 1 problem(s)"]


def test_validate_on_a_folder_names_each_special_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    mods = tmp_path / "mods"
    mods.mkdir()
    for kind in FILE_KINDS:
        make_special(kind, mods / f"{kind}.yaml")
    make_special("folder", mods / "folder.yaml")  # a folder: walked, holds nothing
    (mods / "good.yaml").write_text(brawl_mod(), encoding="utf-8")
    lines: list[str] = []
    assert validate(["mods"], out=lines.append) == 1
    for kind in FILE_KINDS:
        assert f"mods/{kind}.yaml:1:1: the file is {WHAT[kind]}, not a regular file; it " \
               "was skipped" in lines, lines
    assert lines[-1].endswith(f" valid card(s), {len(FILE_KINDS)} problem(s)")
    assert not lines[-1].startswith("0 ")


def test_validate_on_a_link_loop_given_by_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_special("link-loop", tmp_path / "mod.yaml")
    lines: list[str] = []
    assert validate(["mod.yaml"], out=lines.append) == 1
    assert lines[0] == "mod.yaml: it is a link in a loop (a symlink loop), not a card file"


def _uncached(cached):
    def call():
        try:
            return cached.__wrapped__()
        finally:
            cached.cache_clear()
    return call


def test_validate_that_finds_no_card_is_an_error(tmp_path, monkeypatch):
    """No card anywhere and so no problem either (the package's cards missing, say):
    an error that says where it looked, never a silent pass."""
    import tabletop
    from tabletop.tools import validate as tool

    empty = tmp_path / "cards"
    empty.mkdir()
    from tabletop.games.power_play.cards import builtin_types

    monkeypatch.setattr(tabletop, "CARDS_DIR", empty)
    monkeypatch.setattr(tool, "CARDS_DIR", empty)
    # what is read of the package's cards and kept must not keep the empty folder
    builtin_types.cache_clear()
    monkeypatch.setattr("tabletop.games.power_play.cards.builtin_types", _uncached(builtin_types))
    lines: list[str] = []
    assert validate([], out=lines.append) == 1
    assert lines[-2].startswith(f"no cards were found; looked in {empty / 'brawl'}, ")
    assert lines[-2].endswith(f" and your mods ({paths.mods_root()})")
    assert lines[-1] == "0 valid card(s), 0 problem(s)"
    lines.clear()
    assert validate([str(empty)], out=lines.append) == 1
    assert lines[-2:] == [f"no cards were found; looked in {empty}",
                          "0 valid card(s), 0 problem(s)"]
    (empty / "folder").mkdir()  # an empty folder: its own problem says so
    lines.clear()
    assert validate([str(empty / "folder")], out=lines.append) == 1
    assert lines == [f"{empty / 'folder'}: no .yaml files in this folder",
                     "0 valid card(s), 1 problem(s)"]


def test_validate_of_cards_without_a_problem_still_passes(tmp_path):
    (tmp_path / "mod.yaml").write_text(brawl_mod(), encoding="utf-8")
    lines: list[str] = []
    assert validate([str(tmp_path / "mod.yaml")], out=lines.append) == 0, lines
    assert not any("no cards" in line for line in lines)


def test_a_mod_folder_with_special_files_and_special_art_loads_the_rest(tmp_path):
    mods = paths.mods_root()
    (mods / "my-mod").mkdir(parents=True)
    for kind in FILE_KINDS:
        make_special(kind, mods / "my-mod" / f"{kind}.yaml")
    make_special("folder", mods / "my-mod" / "folder.yaml")
    lines = [card("Good Hero", card_id="good")]
    for kind in SPECIAL_KINDS:
        make_special(kind, mods / "my-mod" / f"{kind}.png")
        lines.append(card(f"Art {kind}", f", art: {kind}.png", f"art-{kind}"))
    (mods / "my-mod" / "real.png").write_bytes(png())
    lines.append(card("Pictured", ", art: real.png", "pictured"))
    (mods / "my-mod" / "cards.yaml").write_text("game: brawl\ncards:\n" + "".join(lines),
                                                encoding="utf-8")
    catalog = get_game("brawl").rules.load_catalog()
    problems = [str(e) for e in catalog.errors]
    assert "good" in catalog.cards and "pictured" in catalog.cards
    assert catalog.cards["pictured"].data["art"] == str((mods / "my-mod" / "real.png")
                                                         .resolve())
    assert len(catalog.cards) > 10  # the built-in cards too
    for kind in FILE_KINDS:
        assert any(p.endswith(f"my-mod/{kind}.yaml:1:1: the file is {WHAT[kind]}, not a "
                              "regular file; it was skipped") for p in problems), problems
    # art is looked at where its links lead: a link to a device leads out of the mod
    art_what = {**WHAT, "link-to-fifo": WHAT["fifo"], "dev-zero": "is outside the mod's "
                "folder", "dev-null": "is outside the mod's folder"}
    for kind in SPECIAL_KINDS:
        assert f"art-{kind}" not in catalog.cards
        assert any(f"card 'art-{kind}'" in p and f"'{kind}.png'" in p and art_what[kind] in p
                   for p in problems), (kind, problems)
    assert len(problems) == len(FILE_KINDS) + len(SPECIAL_KINDS)
    assert all("\n" not in p for p in problems)


def test_check_art_on_a_pipe_returns_at_once(tmp_path):
    make_special("fifo", tmp_path / "pic.png")
    assert check_art("pic.png", tmp_path, [tmp_path]) == (
        None, "the art file 'pic.png' is a named pipe (FIFO), not a PNG image")


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_the_table_draws_generated_art_for_special_art(tmp_path, kind):
    from tabletop.ui.cardart import load_image

    path = make_special(kind, tmp_path / "pic.png")
    assert load_image(str(path)) is None
    real = tmp_path / "real.png"
    real.write_bytes(png(3, 2))
    assert load_image(str(real)).get_size() == (3, 2)


# -- settings and statistics ---------------------------------------------------------------
@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_special_settings_are_the_defaults_with_a_message(kind):
    make_special(kind, settings_path())
    settings, problem = load_settings()
    assert settings == Settings()
    assert problem == (f"Your settings file settings.json was not used: it is {WHAT[kind]}, "
                       "not a regular file. The defaults apply until you change a setting.")


def test_the_app_starts_with_settings_that_are_a_pipe():
    from tabletop.ui.app import App

    make_special("fifo", settings_path())
    app = App(headless=True, ai_delay=0.0, mods=False)
    try:
        assert app.settings == Settings()
        assert "settings.json" in app.settings_problem
        assert "named pipe (FIFO)" in app.settings_problem
    finally:
        app.quit()
        pygame.display.quit()


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_special_statistics_are_refused_and_kept_aside(kind):
    make_special(kind, stats_path())
    stats = StatsFile()
    assert stats.records == []
    assert stats.problem == (f"Your statistics file stats.json could not be read: it is "
                             f"{WHAT[kind]}, not a regular file.")
    record = {"key": "k", "game": "brawl", "ended": "2026-01-01T10:00:00",
              "mode": "competitive", "winners": [0],
              "seats": [{"name": "A", "kind": "human", "role": "P1"},
                        {"name": "B", "kind": "computer", "role": "P2"}]}
    stats.add(record).result(timeout=5)
    assert StatsFile().records == [record]
    assert "It was kept as stats-unreadable-" in stats.problem


# -- saves, the journal, the Load list -------------------------------------------------------
def sample_bytes() -> bytes:
    return (SAMPLE_SAVES_DIR / "brawl-sample.json").read_bytes()


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_a_special_save_is_refused_with_a_message(tmp_path, kind):
    path = make_special(kind, tmp_path / "game.json")
    with pytest.raises(SaveError) as caught:
        read_save(path, GAMES)
    assert str(caught.value) == f"game.json is {WHAT[kind]}, not a save file; it was not " \
                                "loaded."


def test_the_load_list_shows_special_saves_refused_and_the_others():
    autos = savegames.autosaves_dir()
    (autos / "good.json").write_bytes(sample_bytes())
    (savegames.saves_dir() / "copy.json").write_bytes(sample_bytes())
    for kind in SPECIAL_KINDS:
        make_special(kind, autos / f"{kind}.json")
    make_special("fifo", savegames.saves_dir() / "pipe-copy.json")
    (autos / "dead.json").symlink_to(autos / "missing.json")  # leads nowhere: not listed
    entries = {e.path.name: e for e in savegames.list_entries(GAMES, samples=False)}
    assert entries["good.json"].readable and entries["copy.json"].readable
    assert "dead.json" not in entries
    for kind in SPECIAL_KINDS:
        entry = entries[f"{kind}.json"]
        assert not entry.readable
        assert entry.error == f"{kind}.json is {WHAT[kind]}, not a save file; it was not " \
                              "loaded."
    assert "named pipe" in entries["pipe-copy.json"].error
    savegames.tidy(GAMES)  # the menu tidies the folder: nothing it does opens them
    assert savegames.latest_in_progress(GAMES) is None or \
        savegames.latest_in_progress(GAMES).path.name == "good.json"


@contextlib.contextmanager
def load_screen():
    from tabletop.ui.app import App
    from tabletop.ui.loadgame import LoadGame

    app = App((1024, 640), headless=True, ai_delay=0.0, mods=False)
    try:
        app.push(LoadGame())
        app.step(0.016)
        yield app.scene
    finally:
        app.quit()
        pygame.display.quit()


def test_the_load_screen_lists_a_pipe_and_a_folder_as_refused():
    autos = savegames.autosaves_dir()
    (autos / "good.json").write_bytes(sample_bytes())
    make_special("fifo", autos / "pipe.json")
    make_special("folder", autos / "folder.json")
    with load_screen() as scene:
        rows = {row.data.path.name: [line for line, *_ in row.lines]
                for row in scene.list.rows if row.data is not None}
    assert rows["pipe.json"][0] == "pipe.json \u2014 cannot be loaded"
    assert "named pipe (FIFO)" in rows["pipe.json"][1]
    assert rows["folder.json"][0] == "folder.json \u2014 cannot be loaded"
    assert "folder" in rows["folder.json"][1]
    assert rows["good.json"][0].startswith("Brawl")


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_a_special_journal_is_not_read_and_the_save_loads(tmp_path, kind):
    save = tmp_path / "game.json"
    save.write_bytes(sample_bytes())
    make_special(kind, journal_of(save))
    assert read_journal(save) is None
    assert read_save(save, GAMES)["moves"] == json.loads(sample_bytes())["moves"]


@pytest.mark.parametrize("kind", ["fifo", "link-to-fifo", "dev-null", "folder", "link-loop"])
def test_an_autosave_whose_journal_is_special_says_so_and_still_saves(tmp_path, kind):
    save = tmp_path / "game.json"
    make_special(kind, journal_of(save))
    data = json.loads(sample_bytes())
    saver = Autosaver(save)
    try:
        saver.changed(data)
        assert saver.error.startswith("Could not autosave: the journal game.json.journal is "
                                      f"{WHAT[kind]}, not a regular file"), saver.error
    finally:
        saver.close()  # the save is written in the background all the same
    assert read_save(save, GAMES)["moves"] == data["moves"]


# -- decks, scenarios, the lab's report -----------------------------------------------------
@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_a_special_deck_file_is_refused_and_listed_with_its_problem(kind):
    from tabletop.games.overpower import deckfile

    folder = paths.decks_dir("overpower")
    path = make_special(kind, folder / "deck.yaml")
    with pytest.raises(deckfile.DeckFileError) as caught:
        deckfile.read(path)
    assert caught.value.problems[0].endswith(f"deck.yaml:1:1: the file is {WHAT[kind]}, not a "
                                             "deck file")
    [listed] = deckfile.saved(folder)
    assert listed.deck is None and WHAT[kind] in listed.problem


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder"])
def test_a_special_scenario_file_is_refused(tmp_path, kind, capsys):
    path = make_special(kind, tmp_path / "scenario.yaml")
    assert run_scenario_file(str(path), GAMES) == 2
    assert capsys.readouterr().err == f"{path}: it is {WHAT[kind]}, not a regular file\n"


def test_a_scenario_file_over_the_limit_is_refused(tmp_path, capsys, monkeypatch):
    path = tmp_path / "scenario.yaml"
    path.write_text("game: brawl\n", encoding="utf-8")
    monkeypatch.setattr(limits, "MAX_SCENARIO_BYTES", 5)
    assert run_scenario_file(str(path), GAMES) == 2
    assert "too large" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder"])
def test_a_special_lab_report_is_a_message(tmp_path, kind):
    from tabletop.ui.balance import read_report

    path = make_special(kind, tmp_path / "last.json")
    assert read_report(path) == (None, f"The last report last.json cannot be read (it is "
                                       f"{WHAT[kind]}, not a regular file).")


# -- TABLETOP_HOME naming a file --------------------------------------------------------------
@pytest.fixture()
def home_is_a_file(tmp_path, monkeypatch):
    """``TABLETOP_HOME`` names a regular file; the usual folders are in ``tmp_path``."""
    home = tmp_path / "home-file"
    home.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DOCUMENTS_DIR", str(tmp_path / "documents"))
    monkeypatch.setattr(paths, "_notices", {})
    return home


def test_a_home_that_is_a_file_is_told_and_the_usual_folders_used(home_is_a_file, tmp_path,
                                                                   capsys):
    problem = f"TABLETOP_HOME is set to {home_is_a_file}, and it is a regular file, not a " \
              "folder"
    assert paths.home_problem() == problem
    assert paths.user_data() == tmp_path / "data" / "tabletop"
    assert paths.user_config() == tmp_path / "config" / "tabletop"
    assert paths.saves_dir() == tmp_path / "data" / "tabletop" / "saves"
    told = capsys.readouterr().err
    assert told.count("TABLETOP_HOME") == 1 and told.startswith(f"tabletop: {problem}. ")
    assert str(tmp_path / "data" / "tabletop") in told
    settings, message = load_settings()
    assert settings == Settings() and message == paths.notice() and message.startswith(problem)
    assert home_is_a_file.read_text(encoding="utf-8") == "not a folder"


def test_the_app_starts_when_home_is_a_file(home_is_a_file):
    from tabletop.ui.app import App

    app = App(headless=True, ai_delay=0.0, mods=False)
    try:
        assert "TABLETOP_HOME" in app.settings_problem
        assert "is a regular file, not a folder" in app.settings_problem
    finally:
        app.quit()
        pygame.display.quit()


def test_validate_stops_with_the_message_when_home_is_a_file(home_is_a_file):
    lines: list[str] = []
    assert validate([], out=lines.append) == 2
    assert lines == [f"TABLETOP_HOME is set to {home_is_a_file}, and it is a regular file, not "
                     "a folder: point it at a folder, or unset it"]


@pytest.mark.parametrize("command", [["validate", str(FIXTURES / "brawl")],
                                     ["schema", "brawl"], ["simulate", "brawl", "--games", "1"]],
                         ids=["validate", "schema", "simulate"])
def test_the_command_line_stops_with_exit_2_when_home_is_a_file(home_is_a_file, command):
    done = subprocess.run([sys.executable, "-m", "tabletop", *command], capture_output=True,
                          text=True, timeout=LIMIT - 1, env=dict(os.environ))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "is a regular file, not a folder" in done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr


def test_a_home_below_a_file_cannot_be_made(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("x", encoding="utf-8")
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "file" / "home"))
    assert paths.home_problem().startswith(f"TABLETOP_HOME is set to {tmp_path}/file/home, "
                                           "and it cannot be made (")


def test_a_home_that_is_a_folder_has_no_problem():
    assert paths.home_problem() == "" and paths.notice() == ""
    assert paths.user_data() == Path(os.environ["TABLETOP_HOME"])
