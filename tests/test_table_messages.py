"""Messages have a place of their own (the panel's strip between its buttons and the log),
covering no control and no card; the card zoom opens only once the pointer has moved onto
a card and rested there, never where it happens to be after a drop or a click."""

from __future__ import annotations

import time

import pygame
from table_helpers import BRAWL_POSITION, brawl_table, open_table, sample_points
from ui_helpers import button, center_of, click, drag, post, zone_center

from tabletop.engine.info import SeatConfig
from tabletop.games import GAMES
from tabletop.ui.table.covers import HOVER_ZOOM_MS
from tabletop.ui.table.messages import two_lines


def rest(app, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(0.016)
        time.sleep(0.01)


def covered(scene, rect: pygame.Rect) -> list[str]:
    """The controls and cards ``rect`` covers."""
    out = [f"button {b.label}" for b in scene.tools + scene.buttons if b.rect.colliderect(rect)]
    out += [f"card {sp.card}" for sp in scene.layout_obj.sprites if sp.rect.colliderect(rect)]
    if scene.log_list.rect.colliderect(rect):
        out.append("the log")
    return out


def test_a_refusal_is_shown_in_its_strip_covering_nothing(app):
    scene = brawl_table(app, autosave=False)
    drag(app, center_of(scene, "Solar Storm"), zone_center(scene, "play.0"))
    assert scene.toast.active and scene.toast.message  # the rule the drop would break
    app.step(0.016)
    strip = scene.message_rect
    assert strip.h > 0 and scene.panel_rect.contains(strip)
    assert covered(scene, strip) == []
    assert strip.top >= max(b.rect.bottom for b in scene.buttons + scene.tools)


def test_a_computers_move_is_said_in_the_strip_not_over_the_table(app):
    app._ai_delay = 1.0
    scene = brawl_table(app, {**BRAWL_POSITION, "turn": "P2"},
                        [SeatConfig("Ana"), SeatConfig("Bo", "computer")], autosave=False)
    # the worker starts and answers (seconds on a machine whose cores are all busy): what
    # is asserted is where the caption goes, not how soon it comes
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        app.step(0.016)
        app.spare(time.perf_counter() + 0.01)
        if scene.motion.spot is not None:
            break
        time.sleep(0.005)
    assert scene.motion.spot is not None
    app.step(0.016)
    (caption, color), *_ = scene.messages()
    assert caption.startswith("P2 Bo \u2014 ") and caption == scene.motion.spot.caption
    assert covered(scene, scene.message_rect) == []
    # a table with computer seats keeps room for two lines: the log does not jump
    assert scene.message_rect.h >= two_lines()


def test_every_games_strip_fits_its_panel_at_the_smallest_window(app):
    for gid in GAMES:
        app.screen = pygame.display.set_mode((1024, 640))
        label, data = sample_points(gid)[-1]
        scene = open_table(app, gid, data)
        scene.toast.show("The computer player P2 Player 2 failed (it took too long); it "
                         "played an Easy move instead.")  # the longest the table says
        app.step(0.016)
        strip = scene.message_rect
        assert scene.panel_rect.contains(strip), (gid, strip)
        assert covered(scene, strip) == [], (gid, covered(scene, strip))
        # the log keeps a line at least, or gives its room while the message is shown
        assert scene.log_list.rect.h >= 30 or scene.log_list.rect.h == 0, gid
        pics = [scene.renderer.message_picture(m, c, strip.w, scene._message_size)
                for m, c in scene.messages()]
        assert sum(p.get_height() for p in pics) <= strip.h, (gid, "the words fit")


def test_no_card_zoom_where_the_pointer_rests_after_a_drop(app):
    scene = brawl_table(app, autosave=False)
    end = zone_center(scene, "play.0")
    drag(app, center_of(scene, "Granite Warden"), end)
    rest(app, HOVER_ZOOM_MS / 1000 + 0.3)
    placed = scene.pointer.sprite_of(next(sp.card for sp in scene.layout_obj.sprites
                                   if scene.state.name(sp.card) == "Granite Warden"))
    assert scene.renderer.hover_zoom_place(scene.frame()) is None
    # the pointer moves onto a card and rests: the zoom opens
    post(pygame.MOUSEMOTION, pos=placed.rect.center, rel=(3, 0), buttons=(0, 0, 0))
    rest(app, HOVER_ZOOM_MS / 1000 + 0.3)
    assert scene.renderer.hover_zoom_place(scene.frame()) is not None and scene.hover == placed.card


def test_no_card_zoom_after_a_button_click(app):
    scene = brawl_table(app, autosave=False)
    card = scene.layout_obj.sprites[-1]
    post(pygame.MOUSEMOTION, pos=card.rect.center, rel=(1, 0), buttons=(0, 0, 0))
    rest(app, HOVER_ZOOM_MS / 1000 + 0.2)
    assert scene.renderer.hover_zoom_place(scene.frame()) is not None  # resting on a card zooms it
    click(app, button(scene, "No attack").rect.center)
    rest(app, HOVER_ZOOM_MS / 1000 + 0.2)
    assert scene.renderer.hover_zoom_place(scene.frame()) is None
