"""What the load screen calls each saved game: the game, who plays (computers and their
level told apart even under the names the new-game screen gives), how far it went and when
it was last played, on one line each at 1024x640; real save files in the private test
home, the screen headless with posted clicks."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta

import pygame
import pytest
from ui_helpers import by_label, click

from tabletop import SAMPLE_SAVES_DIR
from tabletop.engine import limits, savegames
from tabletop.engine.paths import saves_dir
from tabletop.ui import newgame, text
from tabletop.ui.app import App
from tabletop.ui.loadgame import LoadGame
from tabletop.ui.menu import MainMenu

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
#: now, local, to the minute (a save records seconds; the list shows minutes)
NOW = datetime.now().astimezone().replace(second=0, microsecond=0)


@pytest.fixture()
def small_app():
    """The app at 1024x640 (the smallest window the screens are made for), its menu
    complete at once (the games are imported: :mod:`tabletop.ui.menu`)."""
    assert newgame.NewGame
    application = App((1024, 640), headless=True, ai_delay=0.0, mods=False)
    application.push(MainMenu())
    application.step(0.016)
    yield application
    application.quit()
    pygame.display.quit()


def human(name: str) -> dict:
    return {"name": name, "kind": "human"}


def computer(name: str, level: str = "normal") -> dict:
    return {"name": name, "kind": "computer", "level": level}


def write(name: str, sample: str, when: datetime | None = NOW, folder=None,
          **fields) -> dict:
    """A save file made from a sample game's, with ``fields`` changed; returns its data."""
    data = json.loads((SAMPLE_SAVES_DIR / sample).read_text("utf-8"))
    if when is not None:
        data["saved"] = when.astimezone(UTC).isoformat(timespec="seconds")
    data.update(fields)
    folder = savegames.autosaves_dir() if folder is None else folder
    (folder / name).write_text(json.dumps(data), "utf-8")
    return data


def day(moment: datetime) -> str:
    """``3 Nov``, or ``3 Nov 2025`` in another year."""
    year = "" if moment.year == NOW.year else f" {moment.year}"
    return f"{moment.day} {MONTHS[moment.month - 1]}{year}"


def open_load(app) -> LoadGame:
    click(app, by_label(app.scene.buttons, "Load game").rect.center)
    assert isinstance(app.scene, LoadGame)
    return app.scene


def rows_by_file(scene: LoadGame) -> dict[str, list[str]]:
    return {row.data.path.name: [line for line, *_ in row.lines]
            for row in scene.list.rows if row.data is not None}


def row_center(scene: LoadGame, name: str) -> tuple[int, int]:
    y = scene.list.rect.top + 4 - scene.list.offset
    for row in scene.list.rows:
        if row.data is not None and row.data.path.name == name:
            return scene.list.rect.centerx, y + row.height // 2
        y += row.height
    raise KeyError(name)


def shown(app) -> list[str]:
    """The texts of one frame of the screen (none of them cut or overflowing)."""
    with text.recording() as drawn:
        app.step(0.016)
    assert not [d.text for d in drawn if d.overflow]
    return [d.text for d in drawn]


def test_every_saved_game_is_told_apart_at_a_glance(small_app):
    hvn, brawl3 = "hero-vs-nemesis-sample.json", "brawl-three-way.json"
    hvn_moves = json.loads((SAMPLE_SAVES_DIR / hvn).read_text("utf-8"))["moves"]
    yesterday, older, long_ago = (NOW - timedelta(days=n) for n in (1, 10, 400))
    write("hvn-default.json", hvn, seats=[human("Hero"), computer("Nemesis")], turn=12)
    write("hvn-reversed.json", hvn, when=NOW - timedelta(minutes=1), turn=4,
          seats=[computer("Hero", "hard"), human("Nemesis")], moves=hvn_moves[:20])
    write("brawl.json", "brawl-sample.json", when=yesterday, turn=9)
    write("brawl-three.json", brawl3, when=older, turn=7,
          seats=[human("Ana"), computer("Player 2", "easy"), computer("Player 3", "hard")])
    write("team.json", "power-play-sample.json", when=older,
          seats=[human("Player 1"), human("Maximiliana Longname-Smythe"), computer("Player 3")])
    write("named.json", "brawl-sample.json", when=older,
          seats=[human("Ana"), computer("Bo", "hard")])
    write("named-three.json", brawl3, when=older,  # too long with the levels: left out
          seats=[human("Player 1"), computer("Bo", "hard"), computer("Player 3")])
    write("hvn-done.json", hvn, when=older, over=True, turn=30)
    write("hvn-copy.json", hvn, when=long_ago, folder=saves_dir(),
          seats=[human("Hero"), human("Nemesis")])
    write("many.json", "brawl-sample.json", when=older, moves=["P1 pass"] * limits.MAX_MOVES)
    huge = savegames.autosaves_dir() / "huge.json"
    huge.write_bytes(b" " * (limits.MAX_SAVE_BYTES + 1))
    scene = open_load(small_app)
    rows = rows_by_file(scene)
    clock = NOW.strftime("%H:%M")
    assert rows["hvn-default.json"] == ["Hero vs Nemesis \u2014 Hero vs computer Nemesis "
                                        "(Normal)", f"turn 12 \u00b7 46 moves \u00b7 today "
                                                    f"{clock}"]
    assert rows["hvn-reversed.json"][0] == "Hero vs Nemesis \u2014 computer Hero (Hard) vs " \
                                           "Nemesis"
    assert rows["brawl.json"] == ["Brawl \u2014 Player 1 vs Computer (Easy)",
                                  f"turn 9 \u00b7 90 moves \u00b7 yesterday "
                                  f"{yesterday.strftime('%H:%M')}"]
    assert rows["brawl-three.json"] == ["Brawl \u2014 Ana vs 2 computers (Easy, Hard)",
                                        f"turn 7 \u00b7 72 moves \u00b7 {day(older)}"]
    team = rows["team.json"][0]  # the long name cut to fit
    assert team.startswith("Power Play \u2014 Player 1, Maxim")
    assert team.endswith("\u2026 and Computer (Normal)")
    assert rows["named.json"][0] == "Brawl \u2014 Ana vs Bo (computer, Hard)"
    assert rows["named-three.json"][0] == "Brawl \u2014 Player 1 vs Bo (computer) vs Computer"
    assert rows["hvn-done.json"][1] == f"finished \u00b7 turn 30 \u00b7 46 moves \u00b7 " \
                                       f"{day(older)}"
    assert rows["hvn-copy.json"] == ["Hero vs Nemesis \u2014 2 players, no computer",
                                     f"saved copy \u00b7 46 moves \u00b7 {day(long_ago)}"]
    assert rows["many.json"][1] == f"10,000 moves \u00b7 {day(older)}"
    assert rows["brawl-sample.json"] == ["Brawl \u2014 Player 1 vs Computer (Easy)",
                                         "90 moves"]  # a sample: no date
    # a file too large is still refused by its size, with the reason
    assert rows["huge.json"][0] == "huge.json \u2014 cannot be loaded"
    assert "too large to be a save" in rows["huge.json"][1]
    # no two saved games read alike, and every line fits its row at 1024x640
    games = [tuple(lines) for name, lines in rows.items() if name != "huge.json"
             and not name.endswith("-sample.json")]
    assert len(set(games)) == len(games)
    for row in scene.list.rows:
        if row.data is not None and row.data.readable:
            assert len(row.wrapped) == len(row.lines), row.lines
    assert not [t for t in shown(small_app) if "\u2014 Hero vs Nemesis" in t]


def test_long_names_are_cut_in_the_row_and_whole_in_the_details(small_app):
    names = ["Alexandria Wilhelmina Fairweather-Jones", "Bartholomew Quincy Montgomery III"]
    seats = [human(names[0]), human(names[1]), computer("Player 3", "hard"),
             computer("Player 4")]
    sample = json.loads((SAMPLE_SAVES_DIR / "power-play-sample.json").read_text("utf-8"))
    write("long.json", "power-play-sample.json", seats=seats,
          options={**sample["options"], "players": 4})
    scene = open_load(small_app)
    entry = next(e for e in scene.entries if e.path.name == "long.json")
    assert entry.readable, entry.error
    row = next(r for r in scene.list.rows if r.data is entry)
    title = row.lines[0][0]
    assert title.startswith("Power Play \u2014 Alex") and title.count("\u2026") == 2
    assert title.endswith(" and 2 computers")
    assert len(row.wrapped) == len(row.lines)  # one line each
    click(small_app, row_center(scene, "long.json"))
    assert scene.selected.name == "long.json"
    texts = shown(small_app)
    assert f"Seat 1: {names[0]}" in texts and f"Seat 2: {names[1]}" in texts
    assert "Seat 3: Player 3 (computer, Hard)" in texts


def test_the_details_say_who_plays_which_role_and_the_last_move(small_app):
    write("hvn.json", "hero-vs-nemesis-sample.json", seats=[human("Hero"), computer("Nemesis")])
    write("brawl.json", "brawl-sample.json", when=NOW - timedelta(hours=1))
    scene = open_load(small_app)
    click(small_app, row_center(scene, "hvn.json"))
    assert scene.selected.name == "hvn.json" and isinstance(small_app.scene, LoadGame)
    texts = shown(small_app)
    assert "Hero: human player" in texts and "Nemesis: computer (Normal)" in texts
    assert "Last move: Nemesis challenge" in texts
    click(small_app, row_center(scene, "brawl.json"))
    texts = shown(small_app)
    assert "Seat 2: Player 2 (computer, Easy)" in texts
    assert any(t.startswith('Last move: Player 1 declare "Lullaby Choir"') for t in texts)


@pytest.mark.parametrize("saved", ["0001-01-01T00:00:00+23:59", "9999-12-31T23:59:59-23:59"])
def test_a_save_dated_beyond_the_calendar_is_listed_with_its_files_time(small_app, saved):
    """Shown in local time, such a date overflowed and the load screen and the main menu
    broke; the save is listed (and continued) with its file's time instead."""
    write("odd.json", "brawl-sample.json", when=None, saved=saved)
    stamp = (NOW - timedelta(days=10)).timestamp()
    os.utime(savegames.autosaves_dir() / "odd.json", (stamp, stamp))
    small_app.replace(MainMenu())
    small_app.step(0.016)
    menu = small_app.scene
    assert by_label(menu.buttons, "Continue").enabled
    assert menu.continue_info.startswith("Brawl \u2014 Player 1 vs Computer (Easy)\n90 moves")
    scene = open_load(small_app)
    assert rows_by_file(scene)["odd.json"] == ["Brawl \u2014 Player 1 vs Computer (Easy)",
                                               f"90 moves \u00b7 {day(NOW - timedelta(10))}"]
    click(small_app, row_center(scene, "odd.json"))
    assert any(t.startswith("Last played ") for t in shown(small_app))
