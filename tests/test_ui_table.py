"""The table, headless (SDL dummy driver), driven by posted mouse and keyboard events."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import first_frames
from ui_helpers import button, center_of, click, drag, frames, key, settle, sprite_of, zone_center

from tabletop.engine.info import SeatConfig
from tabletop.engine.paths import saves_dir
from tabletop.engine.saves import read_save
from tabletop.engine.session import Session
from tabletop.games import GAMES, get_game
from tabletop.ui.kits import table_for


def table(app, position, options=None, seats=None, hide_hands=True):
    game = get_game("brawl")
    catalog = app.catalog("brawl")
    opts = game.rules.normalize_options(options or {})
    seats = seats or [SeatConfig("Ana"), SeatConfig("Bo")]
    session = Session(game, catalog, opts, 1, seats, position=position)
    scene = table_for(session, autosave=saves_dir() / "autosave.json", hide_hands=hide_hands)
    app.replace(scene)
    if scene.handover_to is not None:
        scene.take_seat()
    first_frames(app, scene)  # the frames of a table just opened, as the app runs them
    return scene


POSITION = {"turn": "P1", "hands": {"P1": ["Granite Warden", "Solar Storm", "Lucky Break"]},
            "play": {"P1": ["Copper Kestrel"], "P2": ["Iron Mawgrave"]}}


def test_a_legal_drag_changes_the_state(app):
    scene = table(app, POSITION)
    drag(app, center_of(scene, "Granite Warden"), zone_center(scene, "play.0"))
    state = scene.session.state
    assert [state.name(c) for c in state.zones["play.0"]] == ["Copper Kestrel",
                                                              "Granite Warden"]
    assert scene.session.notations[-1] == 'P1 character "Granite Warden"'
    # and it was saved (journaled at once, written in the background)
    saved = read_save(saves_dir() / "autosave.json", GAMES)
    assert saved["moves"][-1] == 'P1 character "Granite Warden"'


def test_an_illegal_drag_snaps_back_with_the_reason(app):
    scene = table(app, POSITION)
    drag(app, center_of(scene, "Granite Warden"), zone_center(scene, "play.0"))
    before = scene.session.state
    start = center_of(scene, "Solar Storm")
    drag(app, start, zone_center(scene, "conditions"))
    assert scene.session.state is before  # nothing changed
    assert scene.toast.active
    assert scene.toast.message.startswith("Conditions come before Characters")
    assert scene.snap is not None  # the card is on its way back
    for _ in range(20):
        app.step(0.016)
    assert scene.snap is None and sprite_of(scene, "Solar Storm").rect.center == start


def test_dropping_on_nothing_explains_where_to_drop(app):
    scene = table(app, POSITION)
    before = scene.session.state
    drag(app, center_of(scene, "Granite Warden"), (scene.panel_rect.left - 5, 5))
    assert scene.session.state is before
    assert scene.toast.active


def test_legal_targets_light_up_while_dragging(app):
    scene = table(app, POSITION)
    card = sprite_of(scene, "Copper Kestrel").card
    assert scene.targets_for(card) == {sprite_of(scene, "Iron Mawgrave").card}
    warden = sprite_of(scene, "Granite Warden").card
    assert scene.targets_for(warden) == {"play.0"}


def test_attack_by_drag_then_declare_from_the_card_menu(app):
    scene = table(app, {"turn": "P1", "play": {"P1": ["Copper Kestrel"],
                                               "P2": ["Iron Mawgrave"]}},
                  seats=[SeatConfig("Ana"), SeatConfig("Bo", "computer")])
    drag(app, center_of(scene, "Copper Kestrel"), center_of(scene, "Iron Mawgrave"))
    state = scene.session.state
    assert list(state.mu.items()) == [(sprite_of(scene, "Copper Kestrel").card,
                                       sprite_of(scene, "Iron Mawgrave").card)]
    # step 7: Copper Kestrel could heal early; the "Done" button declines
    click(app, button(scene, "Done").rect.center)
    assert scene.session.state.phase == "declare"
    # the power menu opens by itself; pick Talon Dive
    assert scene.menu, "the declaration menu is open"
    rect = next(r for r, label, _ in scene.menu if label.startswith("Talon Dive"))
    click(app, rect.center)
    s = scene.session.state
    assert s.info[sprite_of(scene, "Copper Kestrel").card].powers[
        s.power[sprite_of(scene, "Copper Kestrel").card]].name == "Talon Dive"
    # the computer declares for Iron Mawgrave, thinking in its worker process
    settle(app, scene)
    assert scene.session.state.phase == "damage"
    click(app, button(scene, "Resolve damage").rect.center)
    assert scene.session.state.phase == "end"
    assert scene.session.state.hp[sprite_of(scene, "Iron Mawgrave").card] < 14


def test_undo_and_redo_with_the_keyboard(app):
    scene = table(app, POSITION)
    drag(app, center_of(scene, "Granite Warden"), zone_center(scene, "play.0"))
    assert len(scene.session.moves) == 1
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(scene.session.moves) == 0
    assert "Granite Warden" in [scene.state.name(c) for c in scene.state.zones["hand.0"]]
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert scene.session.notations == ['P1 character "Granite Warden"']


def test_hand_over_between_two_humans_hides_the_hands(app):
    scene = table(app, {"turn": "P1", "play": {"P1": ["Copper Kestrel", "Hearthlight"],
                                               "P2": ["Iron Mawgrave", "Voltmonger"]},
                        "hands": {"P1": ["Lucky Break"], "P2": ["Vanishing Act"]}})
    drag(app, center_of(scene, "Copper Kestrel"), center_of(scene, "Iron Mawgrave"))
    # P2 must answer: the table is hidden until P2 takes the seat
    assert scene.handover_to == 1 and scene.viewer is None
    assert not any(sp.face_up and sp.zone == "hand.0" for sp in scene.layout_obj.sprites)
    assert scene.legal == []
    click(app, scene._handover_button.rect.center)
    assert scene.viewer == 1 and scene.handover_to is None
    names = [scene.state.name(sp.card) for sp in scene.layout_obj.sprites
             if sp.zone == "hand.1" and sp.face_up]
    assert names == ["Vanishing Act"]
    hidden = [sp for sp in scene.layout_obj.sprites if sp.zone == "hand.0"]
    assert hidden and all(not sp.face_up for sp in hidden)


def test_the_computer_plays_its_turn(app):
    scene = table(app, {"turn": "P1", "deck": ["Solar Storm", "Lucky Star"],
                        "play": {"P1": ["Copper Kestrel"], "P2": ["Iron Mawgrave"]}},
                  seats=[SeatConfig("Ana"), SeatConfig("Bo", "computer")])
    click(app, button(scene, "No attack").rect.center)
    click(app, button(scene, "End turn").rect.center)
    for _ in frames(app):
        if scene.state.current == 0 or scene.state.over:
            break
        if scene.state.actor == 0:  # the computer attacked: answer with the mouse
            if scene.menu:
                click(app, scene.menu[0][0].center)
            elif scene.buttons:
                click(app, scene.buttons[0].rect.center)
    assert scene.state.over or (scene.state.current == 0 and scene.state.turn == 3)
    assert any(n.startswith("P2 ") for n in scene.session.notations)


def test_game_over_screen(app):
    scene = table(app, {"turn": "P1", "play": {"P1": [{"card": "Copper Kestrel",
                                                       "health": 1}],
                                               "P2": ["Voltmonger"]}},
                  seats=[SeatConfig("Ana"), SeatConfig("Bo", "computer")])
    drag(app, center_of(scene, "Copper Kestrel"), center_of(scene, "Voltmonger"))
    for _ in frames(app, 10):
        if scene.state.over:
            break
        if scene.legal and scene.menu:
            click(app, scene.menu[0][0].center)
        elif scene.buttons and not scene.state.over and scene.state.actor == 0:
            click(app, scene.buttons[-1].rect.center)
    assert scene.state.over and scene.state.winners == (1,)
    assert scene._gameover_buttons  # the game-over panel is showing
    click(app, scene._gameover_buttons[0].rect.center)  # back to the main menu
    from tabletop.ui.menu import MainMenu

    assert isinstance(app.scene, MainMenu)


def test_the_table_scales_with_the_window(app):
    scene = table(app, POSITION)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    app.step(0.016)
    assert app.screen.get_size() == (1920, 1080)
    # the frame of the new size shows the last size's picture, laid out as it was; the
    # table is laid out and painted for the new size between frames
    assert scene.layout_obj.sprites[0].rect.right <= 1280 and not scene.picture_shown
    first_frames(app, scene)
    assert scene.layout_obj.scale == pytest.approx(1.5)
    for sp in scene.layout_obj.sprites:
        assert app.screen.get_rect().contains(sp.rect), sp
    assert sprite_of(scene, "Granite Warden").rect.w == 150


def test_right_click_zooms_a_card(app):
    scene = table(app, POSITION)
    click(app, center_of(scene, "Iron Mawgrave"), button=3)
    assert scene.zoom == sprite_of(scene, "Iron Mawgrave").card
    click(app, (10, 10))
    assert scene.zoom is None


def test_save_button_writes_a_copy_that_loads(app):
    from tabletop.engine.saves import read_save, session_from_dict

    scene = table(app, POSITION)
    drag(app, center_of(scene, "Granite Warden"), zone_center(scene, "play.0"))
    click(app, button(scene, "Save").rect.center)  # written in the background
    for _ in frames(app, 10):
        if "Saved as" in scene.toast.message:
            break
    copies = [p for p in saves_dir().glob("brawl-*.json")]
    assert len(copies) == 1 and "Saved as" in scene.toast.message
    data = read_save(copies[0], GAMES)
    assert data["settings"] == {"hide_hands": True}
    loaded, _ = session_from_dict(data, scene.game, app.catalog("brawl"))
    assert loaded.notations == scene.session.notations


def test_narration_goes_into_the_log_with_the_move(app, monkeypatch):
    game = get_game("brawl")
    monkeypatch.setattr(game.info, "narration", True)
    scene = table(app, POSITION)
    box = scene.narration
    assert box is not None and box.visible
    click(app, box.rect.center)
    for ch in "The warden steps in.":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step(0.016)
    assert box.value == "The warden steps in."
    drag(app, center_of(scene, "Granite Warden"), zone_center(scene, "play.0"))
    assert scene.session.notes == {1: "The warden steps in."}
    assert "\u201cThe warden steps in.\u201d" in scene.session.log_text(0)
    assert box.value == ""


def test_the_log_grows_by_a_move_and_follows_play(app):
    """After a move the log adds that move's lines (earlier rows are kept, not rebuilt),
    an undo takes them back, and the newest line stays in view unless the player
    scrolled back."""
    scene = table(app, POSITION)
    rows_before = list(scene.log_list.rows)
    drag(app, center_of(scene, "Granite Warden"), zone_center(scene, "play.0"))
    rows = scene.log_list.rows
    assert len(rows) == len(rows_before) + 1
    assert all(a is b for a, b in zip(rows_before, rows, strict=False))
    assert rows[-1].lines[0][0] == "P1 character Granite Warden"  # no quotes, no #n
    assert scene.game_log.following
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(scene.log_list.rows) == len(rows_before)
