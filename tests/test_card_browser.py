"""The card browser (tabletop/ui/browser): every card of each game listed as its face,
search and filters narrowing it, a card shown large with its file and line, problems
marked, hot reload followed, the keyboard, the smallest window at 125% text."""

from __future__ import annotations

import time

import pygame
import pytest
from test_table_fit import unreadable
from ui_helpers import by_label, click, key, post, ready_menu

from tabletop.engine.paths import mods_root
from tabletop.games import GAMES
from tabletop.ui import look, text
from tabletop.ui.app import MIN_SIZE, App
from tabletop.ui.browser import CardBrowser, model
from tabletop.ui.browser.large import CardView
from tabletop.ui.kits import kit_for
from tabletop.ui.menu import MainMenu


def painters_of(game_id):
    return kit_for(game_id).painters


STORM = """game: brawl
cards:
  - id: storm-caller
    kind: condition
    name: Storm Caller
    text: Energy characters deal 1 more damage.
    effects: [{effect: modify, value: damage, amount: 1, dealer: {attack: energy}}]
"""
#: the same file with a second card of the same id (the first is marked) and a card
#: that cannot load
BROKEN = STORM + """  - id: storm-caller
    kind: condition
    name: Storm Caller Again
    effects: [{effect: modify, value: damage, amount: 1, dealer: {attack: energy}}]
  - id: broken-gale
    kind: condition
    name: Broken Gale
    effects: [{effect: modifyy, value: damage, amount: 1}]
"""


def _mod(name: str, body: str):
    folder = mods_root() / "my-mod"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(body)
    return path


def _menu_app(size=(1280, 720), mods: bool = True) -> App:
    return ready_menu(size, mods)


@pytest.fixture()
def app():
    _mod("storm.yaml", BROKEN)  # before the catalogs are read
    application = _menu_app()
    yield application
    application.quit()
    pygame.display.quit()


def _open(application) -> CardBrowser:
    click(application, by_label(application.scene.buttons, "Cards").rect.center)
    browser = application.scene
    assert isinstance(browser, CardBrowser)
    browser.grid.paint_budget = None
    application.step(0.016)
    return browser


def _drawn(application) -> list:
    with text.recording() as drawn:
        application.step(0.016)
    return drawn


# -- the list, without pygame -----------------------------------------------------------
def test_the_list_has_every_card_its_source_and_its_problems():
    _mod("storm.yaml", BROKEN)
    catalog = GAMES["brawl"].rules.load_catalog()
    items = model.entries(catalog, "brawl")
    loaded = [e for e in items if e.loaded]
    assert len(loaded) == len(catalog.cards)
    storm = next(e for e in items if e.key == "storm-caller")
    assert storm.source == "my-mod" and storm.where.endswith("storm.yaml:3")
    assert [e.field for e in storm.problems] == ["id"]  # the duplicate marks the first
    broken = items[0]  # could not load: listed first
    assert not broken.loaded and broken.name == "broken-gale" and "modifyy" in \
        broken.problems[0].message
    assert {e.source for e in loaded} == {"shipped", "my-mod"}
    assert model.choices(items, "source") == ["shipped", "my-mod"]
    assert model.choices(items, "types")[:1] and "energy" in model.choices(items, "types")


def test_search_and_each_filter_narrow_the_list():
    catalog = GAMES["overpower"].rules.load_catalog(mod_dirs=[])
    items = model.entries(catalog, "overpower")
    every = len(model.shown(items, model.Filters()))
    assert every == len(catalog.cards)
    for filters in (model.Filters(text="saltbright"), model.Filters(kind="power"),
                    model.Filters(type="energy"),
                    model.Filters(problems_only=True), model.Filters(text="energy fighting")):
        assert len(model.shown(items, filters)) < every, filters
    # a list type (`types: [energy, intellect]`) and a one-word search of a power's text
    assert any(e.kind == "training" for e in model.shown(items, model.Filters(type="energy")))
    words = model.shown(items, model.Filters(text="Venture Total"))
    assert words and all("venture total" in e.haystack for e in words)


def test_a_file_level_problem_without_cards_is_listed():
    from tabletop.engine.cards import CardError, Catalog

    catalog = Catalog("brawl", errors=[CardError("mods/x/huge.yaml", 1, 1, "too large")])
    items = model.entries(catalog, "brawl")
    assert len(items) == 1 and not items[0].loaded and items[0].name == "huge.yaml"


# -- the screen ------------------------------------------------------------------------------
def test_opened_from_the_menu_every_card_of_each_game_is_listed(app):
    browser = _open(app)
    seen = []
    for _ in GAMES:
        catalog = app.catalog(browser.game_id)
        loaded = [e for e in browser.shown if e.loaded]
        assert len(loaded) == len(catalog.cards), browser.game_id
        assert {e.key for e in loaded} == set(catalog.cards)
        seen.append(browser.game_id)
        click(app, browser.game.arrows()[1].center)  # the next game
    assert seen == list(GAMES) and browser.game_id == seen[0]
    # faces are drawn for the rows in view, the card's kind under each
    drawn = _drawn(app)
    assert "Condition" in {d.text for d in drawn} or "Character" in {d.text for d in drawn}


def test_search_and_filters_narrow_the_grid_by_clicks_and_typing(app):
    browser = _open(app)
    every = len(browser.shown)
    click(app, browser.search.rect.center)
    post(pygame.TEXTINPUT, text="storm")
    app.step(0.016)
    assert 0 < len(browser.shown) < every
    assert all("storm" in e.haystack for e in browser.shown)
    for _ in "storm":
        key(app, pygame.K_BACKSPACE)
    assert len(browser.shown) == every
    key(app, pygame.K_RETURN)  # the search field lets go of the keys
    for facet in browser.facets:
        click(app, facet.arrows()[1].center)
        assert 0 < len(browser.shown) < every, facet.label
        click(app, facet.arrows()[0].center)  # back to every card
        assert len(browser.shown) == every
    kind, types, source, show = browser.facets
    assert types.label == "Attack"
    click(app, source.arrows()[0].center)  # the last source: the mod
    assert {e.source for e in browser.shown} == {"my-mod"}


def test_a_card_opens_large_with_its_file_and_line_and_problem(app):
    browser = _open(app)
    index = next(i for i, e in enumerate(browser.shown) if e.key == "storm-caller")
    browser.grid.show(index)
    app.step(0.016)
    drawn = _drawn(app)
    tile = browser.grid.tile(index)
    assert any(d.text == "!" and tile.inflate(8, 8).colliderect(d.rect) for d in drawn), \
        "the card with a problem has no mark"
    assert "1 with a problem \u00b7 1 could not load" in browser.status()
    click(app, tile.center)
    view = app.scene
    assert isinstance(view, CardView) and view.key == "storm-caller"
    words = " ".join(d.text for d in _drawn(app))
    assert "my-mod/storm.yaml:3" in words and "Problems" in words and "duplicate id" in words
    assert "Energy characters deal 1 more damage." in words
    # the card's lines as the file has them, indented as written, up to the next card
    assert "As written" in words and "\u00a0\u00a0\u00a0\u00a0kind:\u00a0condition" in \
        words.replace(" ", "\u00a0") and "- id: storm-caller" in words
    assert view.written(view.entry) == BROKEN.splitlines()[2:7]
    key(app, pygame.K_RIGHT)
    assert view.key == browser.shown[(index + 1) % len(browser.shown)].key
    key(app, pygame.K_ESCAPE)
    assert app.scene is browser
    click(app, browser.grid.tile(0).center)  # the card that could not load
    words = " ".join(d.text for d in _drawn(app))
    assert "Could not load" in words and "storm.yaml:15" in words and "modifyy" in words


def test_the_keyboard_moves_over_the_cards_and_opens_one(app):
    browser = _open(app)
    for _ in range(12):
        key(app, pygame.K_TAB)
        if browser._focus.focused(browser.controls()) is browser.grid:
            break
    assert browser._focus.focused(browser.controls()) is browser.grid
    key(app, pygame.K_RIGHT)
    start = browser.grid.cursor
    key(app, pygame.K_DOWN)
    assert browser.grid.cursor == start + browser.grid.columns
    key(app, pygame.K_END)
    assert browser.grid.cursor == len(browser.shown) - 1
    last = browser.grid.tile(browser.grid.cursor)
    assert browser.grid.rect.contains(last)  # scrolled into view
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, CardView) and app.scene.key == browser.shown[-1].key
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu)


def test_the_wheel_and_the_scroll_bar_scroll(app):
    browser = _open(app)
    click(app, browser.game.arrows()[0].center)  # OverPower: the last game, many cards
    assert browser.game_id == "overpower" and browser.grid.max_offset() > 0
    post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)
    app.step(0.016)
    assert browser.grid.offset > 0
    track, thumb = browser.grid.bar()
    post(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1)
    post(pygame.MOUSEMOTION, pos=(thumb.centerx, track.bottom), rel=(0, 1), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, track.bottom), button=1)
    app.step(0.016)
    assert browser.grid.offset == browser.grid.max_offset()


def test_hot_reload_adds_a_new_mod_card_and_a_fix_clears_its_mark(app):
    from tabletop.ui.hotreload import HotReload

    HotReload(app)
    time.sleep(0.3)  # the watcher is set up
    browser = _open(app)
    before = sum(e.loaded for e in browser.all)
    assert any(not e.loaded for e in browser.all)

    def until(test, seconds: float = 5.0) -> float:
        t0 = time.perf_counter()
        while not test() and time.perf_counter() - t0 < seconds:
            app.step(0.016)
            time.sleep(0.01)
        assert test()
        return time.perf_counter() - t0

    _mod("storm.yaml", STORM)  # the broken cards fixed: their marks go
    took = until(lambda: not any(e.problems for e in browser.all))
    assert took < 2.5, took
    _mod("gale.yaml", STORM.replace("storm-caller", "gale-singer").replace("Storm Caller",
                                                                           "Gale Singer"))
    took = until(lambda: any(e.key == "gale-singer" for e in browser.shown))
    assert took < 2.5, took
    assert sum(e.loaded for e in browser.all) == before + 1
    _mod("gale.yaml", STORM.replace("storm-caller", "gale-singer").replace(
        "modify,", "modifyy,"))  # broken again: the last good card stays, marked
    until(lambda: any(e.key == "gale-singer" and e.loaded and e.problems
                      for e in browser.all))
    assert "modifyy" in next(e for e in browser.all if e.key == "gale-singer") \
        .problems[0].message


def test_the_smallest_window_at_125_percent_fits():
    application = _menu_app(MIN_SIZE, mods=False)
    try:
        look.change(application, text_size="125")
        for game_id in ("brawl", "overpower", "hero-vs-nemesis"):
            browser = CardBrowser(game_id, painters_of)
            application.push(browser)
            browser.grid.paint_budget = None
            application.step(0.016)
            drawn = _drawn(application)
            problems = [f"{d.text!r} overflows {d.box}" for d in drawn if d.overflow]
            problems += unreadable(drawn)
            window = application.screen.get_rect()
            problems += [f"{w} outside" for w in browser.controls()
                         if not window.contains(w.rect)]
            assert browser.grid.rows() * browser.grid.row_h > browser.grid.rect.h  # scrolls
            assert browser.grid.rect.h >= 2 * browser.grid.face[1]  # two rows in view
            browser._open(1)
            drawn = _drawn(application)
            problems += [f"large: {d.text!r} overflows {d.box}" for d in drawn if d.overflow]
            assert not problems, (game_id, problems[:10])
            application.pop()
            application.pop()
    finally:
        look.change(application, text_size="100").result(5)
        application.quit()
        pygame.display.quit()


def test_the_deck_builder_opens_the_browser_for_overpower(app):
    from tabletop.ui.overpower.deckbuilder import DeckBuilder

    app.push(DeckBuilder())
    app.step(0.016)
    click(app, by_label(app.scene.buttons, "Cards\u2026").rect.center)
    browser = app.scene
    assert isinstance(browser, CardBrowser) and browser.game_id == "overpower"
    click(app, browser.game.arrows()[1].center)  # the game is fixed here
    assert browser.game_id == "overpower"
    row = browser.game.rect
    words = [d.text for d in _drawn(app) if row.colliderect(d.rect)]
    assert "OverPower" in words and "\u25b6" not in words  # no arrows to press
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, DeckBuilder)


def test_the_menu_opens_the_browser_on_the_game_last_chosen(app):
    browser = _open(app)
    click(app, browser.game.arrows()[0].center)  # back from the first: the last game
    chosen = browser.game_id
    assert chosen != next(iter(GAMES))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu)
    assert _open(app).game_id == chosen


def test_faces_are_painted_a_few_a_frame_and_between_frames(app):
    from tabletop.ui import cardart

    browser = _open(app)
    click(app, browser.game.arrows()[0].center)  # OverPower: many cards
    grid = browser.grid
    cardart.forget()
    grid.paint_budget = 0.0  # one new face a frame, the rest shown as backs
    app.step(0.016)
    in_view = [grid.entries[i] for i in grid.visible()]
    assert sum(grid._painted(e) for e in in_view) == 1
    app.spare(time.perf_counter() + 5)  # the time between frames paints the rest
    assert all(grid._painted(e) for e in in_view)


def test_typing_anywhere_searches_and_question_mark_still_lists_the_keys(app):
    """With nothing focused, letters go to the search (as in a shop's catalogue); '?'
    does not: it lists the keys."""
    browser = _open(app)
    every = len(browser.shown)
    assert not browser.search.focused
    post(pygame.TEXTINPUT, text="gale")
    app.step(0.016)
    assert browser.search.focused and browser.search.value == "gale"
    assert 0 < len(browser.shown) < every
    key(app, pygame.K_RETURN)
    post(pygame.TEXTINPUT, text="?")
    app.step(0.016)
    assert not browser.search.focused and browser.search.value == "gale"


def test_a_card_as_written_is_read_from_its_file_only_when_it_is_a_regular_one(tmp_path):
    """The large view's lines: the card's item up to the next at its depth; nothing from a
    named pipe put in the file's place (an open of it would wait for a writer forever),
    nor from a file gone."""
    import os

    path = tmp_path / "storm.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    assert model.written(str(path), 3) == BROKEN.splitlines()[2:7]
    assert model.written(str(path), 8)[0] == "  - id: storm-caller"
    path.unlink()
    assert model.written(str(path), 3) == []
    os.mkfifo(path)
    assert model.written(str(path), 3) == []
