"""Hot reload of the files cards name (their ``art:`` pictures) and of problems several
games report: a missing picture that appears clears its problem and is drawn on the table;
one removed brings the problem back; a file every game reads, broken, is one problem in the
banner, the menu's count and the card problems screen, not one per game."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest
from conftest import FIXTURES
from test_hotreload import _shows, _table, _until, watched
from ui_helpers import click, ready_menu

from tabletop import ART_DIR
from tabletop.engine.cards import Catalog
from tabletop.engine.paths import mods_root
from tabletop.engine.reload import distinct_problems, referencing
from tabletop.ui import cardart
from tabletop.ui.card_problems import card_problems
from tabletop.ui.hotreload import HotReload
from tabletop.ui.screens import CardProblems

#: Granite Warden made a titan with its own picture (tests/test_hotreload.py's table
#: puts Granite Warden on the table)
TITAN = (FIXTURES / "lab" / "overpowered" / "titan.yaml").read_text() + \
    "    art: bishop.png\n"
RED, BLUE = (220, 30, 30), (30, 30, 220)


def _folder() -> Path:
    folder = mods_root() / "my-mod"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _picture(colour) -> Path:
    """bishop.png in the mod's folder, all ``colour`` (written whole, then moved in)."""
    image = pygame.Surface((8, 8))
    image.fill(colour)
    part = _folder() / "bishop.part"
    with part.open("wb") as out:
        pygame.image.save(image, out, "bishop.png")
    return part.replace(_folder() / "bishop.png")


def _art_problems(errors) -> list[str]:
    return [str(e) for e in errors if e.field == "art" and "bishop.png" in e.message]


@pytest.fixture()
def art_app():
    """The app with the titan mod whose picture is not there yet, hot reload watching."""
    (_folder() / "titan.yaml").write_text(TITAN, encoding="utf-8")
    yield from watched()
    cardart.forget()


def _titan_picture(application, scene) -> pygame.Color | None:
    """The middle of Granite Titan's picture as the table draws it now (None: not
    drawn)."""
    cardart.forget()
    scene.invalidate()
    found = []
    with cardart.recording_pictures() as drawn:
        end = time.perf_counter() + 5.0  # (frames and their spare time paint it, a few a
        while time.perf_counter() < end:  # frame: on a busy machine more frames)
            application.step(0.016)
            application.spare(time.perf_counter() + 0.01)
            found = [img for card, img in drawn if card.id == "granite-warden"]
            if found:
                break
    return found[0].get_at((found[0].get_width() // 2, found[0].get_height() // 2)) \
        if found else None


def test_a_picture_that_comes_goes_and_changes_is_followed(art_app):
    """The real watcher: the missing picture's problem clears within a second of the
    file appearing and the card takes it on the table; removed, the problem is back (the
    last good cards stay); put back, it clears; replaced, the new picture is drawn."""
    application, reload = art_app
    missing = _art_problems(application.catalog("brawl").errors)
    assert len(missing) == 1 and "there is no art file 'bishop.png'" in missing[0]
    assert [str(e) for e, _ in card_problems(application)].count(missing[0]) == 1
    scene = _table(application)
    assert _shows(scene, "Granite Warden")  # the titan was skipped
    path = _picture(RED)
    t0 = time.perf_counter()
    _until(application, lambda: not _art_problems(application.catalogs["brawl"].errors))
    assert time.perf_counter() - t0 < 1.0
    assert application.catalogs["brawl"]["granite-warden"]["art"] == str(path.resolve())
    assert not card_problems(application) and not reload.problems
    _until(application, lambda: _shows(scene, "Granite Titan"))  # taken in place
    assert _titan_picture(application, scene)[:3] == RED
    good = application.catalogs["brawl"]
    path.unlink()
    _until(application, lambda: bool(reload.problems), seconds=3.0)
    lines = [line for line, _ in reload.lines()]
    assert len(lines) == 2 and "there is no art file 'bishop.png'" in lines[1]
    assert _art_problems(e for e, _ in card_problems(application)) == lines[1:]
    assert application.catalogs["brawl"] is good and _shows(scene, "Granite Titan")
    assert _titan_picture(application, scene)[:3] != RED  # the generated one meanwhile
    _picture(RED)
    _until(application, lambda: not reload.problems, seconds=3.0)
    assert not card_problems(application) and application.catalogs["brawl"] is good
    _picture(BLUE)  # replaced: the faces are drawn again from the file
    _until(application, lambda: _titan_picture(application, scene)[:3] == BLUE,
           seconds=3.0)


@pytest.fixture()
def quiet_app():
    """The app on its main menu with mods, hot reload's watcher stopped: the test hands
    :meth:`HotReload.reload` the paths the watcher would."""
    application = ready_menu()
    reload = HotReload(application)
    reload.close()
    assert not reload.thread.is_alive()
    yield application, reload
    application.quit()
    pygame.display.quit()


def _delivered(application, reload, paths: set[str]) -> None:
    """What the watcher does for ``paths``, and the frames that take every result."""
    reload.reload(paths)
    while not reload.results.empty():
        application.step(0.016)


def test_which_games_a_picture_touches(quiet_app):
    """A picture: the games whose cards name it (here or missing); a card file in a mod:
    every game; a picture no card names (in a mod, in art/): none."""
    application, reload = quiet_app
    folder = _folder()
    (folder / "titan.yaml").write_text(TITAN, encoding="utf-8")
    _delivered(application, reload, {str(folder / "titan.yaml")})
    assert len(reload.problems) == 1 and _art_problems(reload.problems["brawl"])
    every = sorted(application.catalogs)
    assert len(every) == 5
    assert reload.affected({str(folder / "bishop.png")}) == ["brawl"]
    assert reload.affected({str(folder / "titan.yaml")}) == every
    assert reload.affected({str(folder / "other.png")}) == []
    assert reload.affected({str(ART_DIR / "card-back.png")}) == []
    # the picture comes: the same path set the watcher delivers clears the problem
    _picture(RED)
    _delivered(application, reload, {str(folder / "bishop.png")})
    assert not reload.problems
    assert not any(line.startswith("Card file problem") for line, _ in reload.lines())
    assert application.catalogs["brawl"]["granite-warden"].name == "Granite Titan"


def test_referencing_finds_a_file_or_its_folder():
    catalog = Catalog("brawl", references={"/m/mod/art/a.png"})
    other = Catalog("overpower", references={"/m/mod2/b.png"})
    both = {"brawl": catalog, "overpower": other}
    assert referencing(both, ["/m/mod/art/a.png"]) == {"brawl"}
    assert referencing(both, ["/m/mod/art"]) == {"brawl"}
    assert referencing(both, ["/m/mod/ar"]) == set()  # a prefix is not a folder
    assert referencing(both, ["/m"]) == {"brawl", "overpower"}


def test_a_broken_file_every_game_reads_is_one_problem(quiet_app):
    """A mod file with a YAML syntax error is read by every game: the banner, the menu's
    count and the card problems screen show it once, with the games that read it."""
    application, reload = quiet_app
    menu = application.scene
    assert menu.error_button is None
    path = mods_root() / "broken.yaml"
    path.write_text("game: brawl\ncards: [\n", encoding="utf-8")
    _delivered(application, reload, {str(path)})
    assert len(reload.problems) == 5  # each game found it
    lines = [line for line, _ in reload.lines()]
    assert len(lines) == 2 and "broken.yaml:" in lines[1] and "YAML syntax error" in lines[1]
    (error, games), = card_problems(application)
    assert str(error) == lines[1] and len(games) == 5
    assert menu.error_button.label == "1 problem(s) in card files \u2014 show"
    click(application, menu.error_button.rect.center)
    assert isinstance(application.scene, CardProblems)
    (row,) = application.scene.list.rows
    assert row.lines[0][0] == lines[1]
    # the line with a caret under the column, in a monospaced font (unbreakable spaces)
    shown, caret = (line.replace("\u00a0", " ") for line, _, _ in row.lines[1:3])
    assert row.lines[1][2] == row.lines[2][2] == "mono"
    assert shown.endswith("| cards: [") and caret.endswith("^")
    assert len(caret) - 1 == shown.index("[") == len(shown) - 1  # (under the bracket)
    assert row.lines[3][0].startswith("read by ") and "Brawl" in row.lines[3][0]
    assert reload.lines() and reload.draw(application.screen) is False  # listed here
    # fixed while the screen is open: the list follows
    path.write_text("game: brawl\n", encoding="utf-8")
    _delivered(application, reload, {str(path)})
    assert not reload.problems and application.scene.list.rows == []
    application.pop()
    application.step(0.016)
    assert menu.error_button is None


def test_distinct_problems_keeps_the_games_in_order():
    from tabletop.engine.cards import CardError

    shared = CardError("cards/standard-deck/hearts.yaml", 3, 1, "bad")
    own = CardError("cards/brawl/heroes.yaml", 9, 5, "worse", card="granite-warden")
    same = CardError("cards/standard-deck/hearts.yaml", 3, 1, "bad")
    found = distinct_problems({"power-play": [shared], "brawl": [own, same]})
    assert found == [(shared, ("power-play", "brawl")), (own, ("brawl",))]
