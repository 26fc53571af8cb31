"""Full screen (F11 and Settings), remembered, with every screen laid out for it; the
Settings screen's text size and colours applied at once, by real clicks."""

from __future__ import annotations

import json

import pygame
import pytest
from table_helpers import open_table

import tabletop.ui.menu  # noqa: F401 - registers the main menu
from tabletop.engine.settings import load_settings, settings_path
from tabletop.ui import look, palette, theme
from tabletop.ui.app import App
from tabletop.ui.screens import SettingsScreen


@pytest.fixture()
def app():
    application = App(size=(1100, 700), headless=True, ai_delay=1e9, mods=False)
    application.go_home()
    application.step(0.016)
    yield application
    look.change(application, screen="window", text_size="100", palette="standard")
    application.quit()
    pygame.display.quit()


def key(app, k) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.step(0.016)


def click(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(0.016)


def saved(app) -> dict:
    app.settings_saving.result(5) if app.settings_saving else None
    return json.loads(settings_path().read_text())


def test_f11_switches_full_screen_and_back_and_it_is_remembered(app):
    desktop = pygame.display.get_desktop_sizes()[0]
    key(app, pygame.K_F11)
    assert app.screen.get_flags() & pygame.FULLSCREEN
    assert app.screen.get_size() == desktop
    assert app.settings.screen == "full" and saved(app)["screen"] == "full"
    assert load_settings()[0].full_screen
    key(app, pygame.K_F11)
    assert not app.screen.get_flags() & pygame.FULLSCREEN
    assert app.screen.get_size() == (1100, 700)  # the window's size before
    assert saved(app)["screen"] == "window"


def test_a_table_is_laid_out_for_full_screen_and_for_the_window_again(app):
    scene = open_table(app, "brawl")
    key(app, pygame.K_F11)
    scene.lay_out_now()
    full = app.screen.get_size()
    assert scene.size == full and scene.panel_rect.right == full[0]
    assert all(full[0] >= sp.rect.right and full[1] >= sp.rect.bottom
               for sp in scene.layout_obj.sprites)
    key(app, pygame.K_F11)
    scene.lay_out_now()
    assert scene.size == (1100, 700) and scene.panel_rect.right == 1100


def _segment(screen: SettingsScreen, label: str, value) -> tuple[int, int]:
    widget = next(w for w, _ in screen.blocks if w.label == label)
    values = [v for v, _ in widget.choices]
    return widget._segments()[values.index(value)].center


def test_the_settings_screen_applies_each_look_at_once_and_keeps_it(app):
    screen = SettingsScreen()
    app.push(screen)
    app.step(0.016)
    click(app, _segment(screen, "Text size", "150"))
    assert theme.chosen_scale == 1.5 and theme.text_scale == min(1.5, theme.most_scale(
        app.screen.get_size()))
    assert app.settings.text_size == "150"
    screen = app.scene  # (laid out again for the bigger words: the same screen)
    click(app, _segment(screen, "Colours", "colour-blind"))
    assert palette.current == "colour-blind"
    assert palette.SWATCHES[("tabletop.ui.theme", "SEAT_COLORS")].safe == theme.SEAT_COLORS
    click(app, _segment(screen, "Screen", "full"))
    assert app.screen.get_flags() & pygame.FULLSCREEN
    data = saved(app)
    assert (data["text_size"], data["palette"], data["screen"]) == ("150", "colour-blind",
                                                                    "full")
    click(app, _segment(app.scene, "Colours", "standard"))
    assert theme.SEAT_COLORS == [(88, 170, 255), (255, 120, 100), (140, 220, 120),
                                 (230, 190, 90)]


def test_an_unknown_look_in_the_settings_file_is_refused_with_the_defaults(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"text_size": "300", "palette": "sepia", "screen": "full"}))
    settings, problem = load_settings(path)
    assert (settings.text_size, settings.palette, settings.screen) == ("100", "standard",
                                                                       "full")
    assert "text_size '300'" in problem and "palette 'sepia'" in problem


def test_the_settings_say_how_much_text_size_a_small_window_has_room_for(app):
    from test_table_fit import resize

    screen = SettingsScreen()
    app.push(screen)
    resize(app, (1024, 640))
    note = next(n for w, n in screen.blocks if w.label == "Text size")
    assert note.endswith("Up to 125% in this window.")
    resize(app, (1920, 1080))
    note = next(n for w, n in app.scene.blocks if w.label == "Text size")
    assert "in this window" not in note
