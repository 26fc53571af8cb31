"""The text size (Settings: 100-175%): every table and panel, the card faces, the menus
and the screens fit at each size from the smallest window to 1920x1080 (nothing
overflows, no two labels overlap, no label under a card, nothing shrunk unreadable), and
the size really changes the words a player reads (the log and the panel's status grow;
the cards' own words stay at their card's size)."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import open_table, sample_points
from test_table_fit import _overlaps, card_sizes, resize, tables, unreadable

from tabletop.games import GAMES
from tabletop.ui import cardart, look, pictures, text, theme
from tabletop.ui.app import MIN_SIZE, App
from tabletop.ui.kits import KITS

TEXT_SIZES = ("125", "150", "175")
SIZES = (MIN_SIZE, (1920, 1080))


@pytest.fixture()
def app():
    application = App(size=MIN_SIZE, headless=True, ai_delay=1e9, mods=False)
    yield application
    look.change(application, text_size="100").result(5)
    application.quit()
    pygame.display.quit()


def problems_of(drawn, where: str, sprites=()) -> list[str]:
    out = [f"{where}: {d.text!r} does not fit {d.box}" for d in drawn if d.overflow]
    out += [f"{where}: {p}" for p in unreadable(drawn)]
    for surface in {d.surface for d in drawn}:
        labels = [d for d in drawn if d.surface == surface and d.layer != "text"]
        out += [f"{where}: {p}" for p in _overlaps(labels)]
    for d in drawn:
        if d.layer == "under" and any(r.inflate(-2, -2).colliderect(d.visible)
                                      for r in sprites):
            out.append(f"{where}: {d.text!r} {d.rect} lies under a card")
    return out


@pytest.mark.parametrize("text_size", TEXT_SIZES)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_table_fits_at_every_text_size(app, game_id, size, text_size):
    look.change(app, text_size=text_size)
    problems = []
    for label, data in tables(app, game_id):
        scene = open_table(app, game_id, data)
        resize(app, size)
        assert theme.text_scale == min(int(text_size) / 100, theme.most_scale(size))
        scene.invalidate()
        scene.renderer.paint_budget = None
        pictures.forget()
        with text.recording() as drawn:
            app.step(0.016)
        problems += problems_of(drawn, f"{label} at {size[0]}x{size[1]}, {text_size}%",
                                [sp.rect for sp in scene.layout_obj.sprites])
        window = pygame.Rect((0, 0), size)
        problems += [f"{label}: the button {b.label!r} {b.rect} is outside the window"
                     for b in scene.buttons + scene.tools if not window.contains(b.rect)]
    assert not problems, f"{len(problems)} problems, e.g.\n" + "\n".join(problems[:30])


@pytest.mark.parametrize("game_id", list(GAMES))
def test_card_faces_fit_at_the_sizes_the_largest_text_leaves(app, game_id):
    """A bigger text size widens the panel and the cards give it room: every face still
    fits at every size the tables then draw it."""
    look.change(app, text_size="175")
    rules = GAMES[game_id].rules
    state = rules.new_state(app.catalog(game_id), rules.default_options(), 1)
    cards = list({card.id: card for card in state.cards}.values())
    problems = []
    for w, h in sorted(card_sizes(app, game_id)):
        for card in cards:
            cardart._faces.clear()
            with text.recording() as drawn:
                cardart.face(card, KITS[game_id].painters, w, h)
            problems += [f"{card.name} at {w}x{h}: {d.text!r}" for d in drawn if d.overflow]
    assert not problems, problems[:20]


def _log_size(app, game_id: str) -> tuple[int, int]:
    """The height of a log line and of the status text, as drawn (px)."""
    scene = open_table(app, game_id, sample_points(game_id)[-1][1])
    resize(app, (1920, 1080))
    scene.invalidate()
    scene.renderer.paint_budget = None
    with text.recording() as drawn:
        app.step(0.016)
    log = [d.rect.h for d in drawn if d.layer == "panel" and d.box.left >= scene.panel_rect.left
           and d.box.top >= scene.log_list.rect.top]
    faces = [d.size for d in drawn if d.layer == "text"]
    return max(log), max(faces) if faces else 0


def test_a_bigger_text_size_makes_the_log_bigger_and_not_the_cards_words(app):
    small, faces_small = _log_size(app, "brawl")
    look.change(app, text_size="175")
    big, faces_big = _log_size(app, "brawl")
    assert big >= small * 1.5, (small, big)
    assert faces_big <= faces_small  # a face's words are its card's size (or less)


def test_the_text_size_a_window_has_room_for():
    assert theme.most_scale(MIN_SIZE) == 1.25
    assert theme.most_scale((1366, 768)) < theme.most_scale((1600, 900)) < 1.75
    assert theme.most_scale((1920, 1080)) == 1.75


def test_the_text_size_is_kept_and_applied_when_the_app_opens(app):
    look.change(app, text_size="150").result(5)
    app.quit()
    theme.set_text_scale(1.0)
    again = App(size=MIN_SIZE, headless=True, ai_delay=1e9, mods=False)
    try:
        assert again.settings.text_size == "150"
        assert theme.chosen_scale == 1.5
        assert theme.text_scale == 1.25  # as much as the smallest window has room for
        with theme.card_text():
            assert theme.factor() == 1.0
            designed = theme.font(20).get_height()
        assert theme.factor() == 1.25
        assert theme.font(20).get_height() >= designed * 1.2
        look.window_resized((1920, 1080))
        assert theme.text_scale == 1.5
    finally:
        look.change(again, text_size="100").result(5)


def _screens():
    """Every screen reached from the main menu (the new-game screen once per game)."""
    from tabletop.ui.browser import CardBrowser
    from tabletop.ui.loadgame import LoadGame
    from tabletop.ui.menu import MainMenu
    from tabletop.ui.newgame import NewGame
    from tabletop.ui.online_screens import PlayOnline
    from tabletop.ui.screens import CardProblems, Confirm, SettingsScreen, StatsScreen

    def new_game(game_id):
        def make():
            screen = NewGame()
            screen.pending_game = game_id
            return screen
        return make

    out = [("main menu", MainMenu), ("settings", SettingsScreen), ("statistics", StatsScreen),
           ("card problems", CardProblems), ("load game", LoadGame),
           ("play online", PlayOnline),
           ("confirm", lambda: Confirm("Delete this save?", "It cannot be brought back.",
                                       "Delete", lambda: None))]
    out += [(f"new game: {g}", new_game(g)) for g in GAMES]
    out += [(f"card browser: {g}", lambda g=g: CardBrowser(g, lambda x: KITS[x].painters))
            for g in ("brawl", "overpower")]
    return out


@pytest.mark.parametrize("text_size", ("100", *TEXT_SIZES))
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_menu_and_screen_fits_at_every_text_size(app, size, text_size):
    look.change(app, text_size=text_size)
    problems = []
    for name, make in _screens():
        app.go_home()
        resize(app, size)
        screen = make()
        app.push(screen)
        game = getattr(screen, "pending_game", None)
        if game is not None:
            screen._set_game(game)
        for _ in range(2):
            app.step(0.016)
        with text.recording() as drawn:
            app.step(0.016)
        where = f"{name} at {size[0]}x{size[1]}, {text_size}%"
        problems += problems_of(drawn, where)
        problems += [f"{where}: {p}" for p in _widgets_apart(screen, size)]
    assert not problems, f"{len(problems)} problems, e.g.\n" + "\n".join(problems[:30])


def _widgets_apart(screen, size) -> list[str]:
    """The screen's controls inside the window and none over another."""
    controls = [c for c in getattr(screen, "controls", lambda: [])()
                if c is not None and getattr(c, "rect", None) is not None and c.rect.w > 0]
    window = pygame.Rect((0, 0), size)
    out = [f"{type(c).__name__} {getattr(c, 'label', '')!r} {c.rect} is outside the window"
           for c in controls if not window.contains(c.rect)]
    for i, a in enumerate(controls):
        for b in controls[i + 1:]:
            if a.rect.inflate(-2, -2).colliderect(b.rect.inflate(-2, -2)):
                out.append(f"{type(a).__name__} {getattr(a, 'label', '')!r} {a.rect} overlaps "
                           f"{type(b).__name__} {getattr(b, 'label', '')!r} {b.rect}")
    return out


@pytest.mark.parametrize("text_size", ("100", "175"))
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("game_id", ["brawl", "overpower"])
def test_the_replay_viewer_fits_at_every_text_size(app, game_id, size, text_size):
    from replay_helpers import keep_finished
    from ui_helpers import opened

    from tabletop.ui.replay.opening import open_replay
    from tabletop.ui.replay.scene import ReplayScene

    look.change(app, text_size=text_size)
    app.go_home()
    resize(app, size)
    path = keep_finished(app, game_id)
    assert open_replay(app, path, pytest.fail)
    viewer = opened(app)
    assert isinstance(viewer, ReplayScene)
    viewer.lay_out_now()
    viewer.invalidate()
    viewer.renderer.paint_budget = None
    pictures.forget()
    with text.recording() as drawn:
        app.step(0.016)
    assert any(d.layer == "panel" for d in drawn)  # the viewer's panel and log were drawn
    problems = problems_of(drawn, f"replay at {size[0]}x{size[1]}, {text_size}%",
                           [sp.rect for sp in viewer.layout_obj.sprites])
    assert not problems, f"{len(problems)} problems, e.g.\n" + "\n".join(problems[:30])
