"""Sound: the cues made in code, the app's mixer (silent without a device), what the table
plays for real mouse events on a real table (headless: SDL's dummy audio driver opens and
plays into nothing, and the app records each cue played), mute and volume, and their
settings and controls."""

from __future__ import annotations

import json
import wave
from array import array

import pygame
import pytest
from table_helpers import first_frames
from ui_helpers import button, center_of, click, drag, frames, key, settle, zone_center

from tabletop.engine.info import SeatConfig
from tabletop.engine.session import Session
from tabletop.engine.settings import Settings, load_settings, save_settings, settings_path
from tabletop.games import GAMES
from tabletop.ui import make_sounds
from tabletop.ui.app import App
from tabletop.ui.kits import table_for
from tabletop.ui.screens import SettingsScreen
from tabletop.ui.sound import NAMES, SOUND_DIR

POSITION = {"turn": "P1", "hands": {"P1": ["Granite Warden", "Solar Storm", "Lucky Break"]},
            "play": {"P1": ["Copper Kestrel"], "P2": ["Iron Mawgrave"]}}


@pytest.fixture()
def app():
    application = App(headless=True, ai_delay=0.0, mods=False)
    yield application
    application.quit()
    pygame.display.quit()


def brawl(app, position=POSITION, seats=None, hide_hands=True):
    seats = seats or [SeatConfig("Ana"), SeatConfig("Bo")]
    session = Session(GAMES["brawl"], app.catalog("brawl"), {}, 1, seats, position=position)
    scene = table_for(session, autosave=None, hide_hands=hide_hands)
    app.replace(scene)
    if scene.handover_to is not None:
        scene.take_seat()
    first_frames(app, scene)  # (the first frame starts the sounds' helper thread)
    assert app.sounds.wait() or app.sounds.problem, "the sounds did not open in time"
    app.sounds.played.clear()
    return scene


def played(app) -> list[str]:
    return list(app.sounds.played)


# -- the files -------------------------------------------------------------------------------
def samples(path) -> tuple[tuple[int, int, int], array]:
    with wave.open(str(path), "rb") as f:
        form = (f.getnchannels(), f.getsampwidth(), f.getframerate())
        return form, array("h", f.readframes(f.getnframes()))


def test_every_sound_is_a_short_soft_wav_and_the_script_makes_the_same(tmp_path):
    assert tuple(make_sounds.SOUNDS) == NAMES
    made = make_sounds.write_sounds(tmp_path)
    assert [p.name for p in made] == [f"{n}.wav" for n in NAMES]
    for name in NAMES:
        form, committed = samples(SOUND_DIR / f"{name}.wav")
        assert form == (1, 2, make_sounds.RATE)  # 16-bit mono
        assert 0.05 <= len(committed) / make_sounds.RATE <= 1.2, name  # short
        assert max(abs(v) for v in committed) <= 0.5 * 32768, name  # soft: no clipping
        assert abs(committed[0]) < 200 and abs(committed[-1]) < 200, name  # no click
        assert (SOUND_DIR / f"{name}.wav").stat().st_size < 60_000
        again_form, again = samples(tmp_path / f"{name}.wav")
        # the same file (a sample may differ by one step where a platform's sine rounds
        # its last digit the other way)
        assert again_form == form and len(again) == len(committed), name
        assert max(abs(a - b) for a, b in zip(again, committed, strict=True)) <= 1, name


# -- the table's cues, from real mouse events ---------------------------------------------------
def test_a_card_picked_up_and_dropped_on_a_lit_place_sounds(app):
    scene = brawl(app)
    drag(app, center_of(scene, "Granite Warden"), zone_center(scene, "play.0"))
    assert scene.session.notations[-1] == 'P1 character "Granite Warden"'
    assert played(app) == ["pickup", "drop"]


def test_a_refused_drop_snaps_back_with_its_sound(app):
    scene = brawl(app)
    drag(app, center_of(scene, "Granite Warden"), zone_center(scene, "play.0"))
    app.sounds.played.clear()
    drag(app, center_of(scene, "Solar Storm"), zone_center(scene, "conditions"))
    assert scene.snap is not None and len(scene.session.moves) == 1  # glides back
    assert played(app) == ["pickup", "refused"]
    app.sounds.played.clear()
    # dropped on the bare table: refused too; put back where it lies: no sound but the lift
    drag(app, center_of(scene, "Lucky Break"), (scene.panel_rect.left - 5, 5))
    assert played(app) == ["pickup", "refused"]
    for _ in range(20):
        app.step(0.016)
    app.sounds.played.clear()
    start = center_of(scene, "Lucky Break")
    drag(app, start, (start[0] + 12, start[1]))
    assert played(app) == ["pickup"]


def test_the_next_person_at_one_screen_hears_their_turn(app):
    scene = brawl(app, {"turn": "P1", "play": {"P1": ["Copper Kestrel", "Hearthlight"],
                                               "P2": ["Iron Mawgrave", "Voltmonger"]},
                        "hands": {"P1": ["Lucky Break"], "P2": ["Vanishing Act"]}})
    drag(app, center_of(scene, "Copper Kestrel"), center_of(scene, "Iron Mawgrave"))
    assert scene.handover_to == 1  # P2 must answer: the screen is passed on
    assert played(app) == ["pickup", "drop", "turn"]
    app.sounds.played.clear()
    click(app, scene._handover_button.rect.center)  # P2 sits down: nothing more
    assert scene.viewer == 1 and played(app) == []


def test_damage_and_your_turn_back_from_the_computer(app):
    scene = brawl(app, {"turn": "P1", "play": {"P1": ["Copper Kestrel"],
                                               "P2": ["Iron Mawgrave"]}},
                  seats=[SeatConfig("Ana"), SeatConfig("Bo", "computer")])
    drag(app, center_of(scene, "Copper Kestrel"), center_of(scene, "Iron Mawgrave"))
    click(app, button(scene, "Done").rect.center)
    rect = next(r for r, label, _ in scene.menu if label.startswith("Talon Dive"))
    app.sounds.played.clear()
    click(app, rect.center)  # the computer declares next...
    settle(app, scene)
    assert scene.state.phase == "damage"
    assert played(app) == ["drop", "turn"]  # ...and it is Ana's again
    app.sounds.played.clear()
    click(app, button(scene, "Resolve damage").rect.center)
    assert scene.state.hp[scene.pointer.sprite_at(center_of(scene, "Iron Mawgrave")).card] < 14
    assert played(app) == ["drop", "damage"]


def fight_to_the_end(app, scene, my_turn) -> None:
    """Kestrel attacks Voltmonger, then the first menu entry or the last button whenever
    ``my_turn()``, until the game is over (at most 10 frames' worth of clicks)."""
    drag(app, center_of(scene, "Copper Kestrel"), center_of(scene, "Voltmonger"))
    for _ in frames(app, 10):
        if scene.state.over:
            break
        if scene.legal and scene.menu:
            click(app, scene.menu[0][0].center)
        elif scene.buttons and my_turn():
            click(app, scene.buttons[-1].rect.center)


def test_the_end_of_a_game_sounds_a_loss_for_the_person_who_lost(app):
    scene = brawl(app, {"turn": "P1", "play": {"P1": [{"card": "Copper Kestrel",
                                                       "health": 1}],
                                               "P2": ["Voltmonger"]}},
                  seats=[SeatConfig("Ana"), SeatConfig("Bo", "computer")])
    fight_to_the_end(app, scene, lambda: scene.state.actor == 0)
    assert scene.state.over and scene.state.winners == (1,)
    assert played(app)[-1] == "loss" and "win" not in played(app)


def test_at_one_screen_the_end_sounds_a_win_when_a_person_there_won(app):
    """Two people at one screen: one of them won, so it is a win here."""
    scene = brawl(app, {"turn": "P1", "play": {"P1": [{"card": "Copper Kestrel",
                                                       "health": 1}],
                                               "P2": ["Voltmonger"]}}, hide_hands=False)
    fight_to_the_end(app, scene, lambda: bool(scene.legal))
    assert scene.state.over and scene.state.winners == (1,)
    assert played(app)[-1] == "win" and "loss" not in played(app)


# -- mute and volume --------------------------------------------------------------------------
def test_mute_with_the_key_m_and_volume_0_play_nothing(app):
    scene = brawl(app)
    key(app, pygame.K_m)
    assert app.settings.mute and app.sounds.muted and scene.toast.active
    drag(app, center_of(scene, "Granite Warden"), zone_center(scene, "play.0"))
    assert len(scene.session.moves) == 1 and played(app) == []
    key(app, pygame.K_m)  # on again: heard
    drag(app, center_of(scene, "Solar Storm"), zone_center(scene, "conditions"))
    assert played(app) == ["pickup", "refused"]
    app.sounds.played.clear()
    app.sounds.apply(0, False)  # volume 0: silent too
    for _ in range(20):
        app.step(0.016)
    drag(app, center_of(scene, "Solar Storm"), zone_center(scene, "conditions"))
    assert played(app) == []
    app.settings_saving.result(5)  # (written in the background, in order)
    assert load_settings()[0].mute is False  # the key's change was saved


def test_without_an_audio_device_the_app_runs_silently(monkeypatch, caplog):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    application = App(headless=True, ai_delay=0.0, mods=False)
    try:
        scene = brawl(application)
        assert not application.sounds.wait()
        assert "no audio device" in application.sounds.problem
        assert len([r for r in caplog.records if r.name == "tabletop.sound"]) == 1
        drag(application, center_of(scene, "Granite Warden"), zone_center(scene, "play.0"))
        assert len(scene.session.moves) == 1 and played(application) == []
        application.push(SettingsScreen())  # the settings say there is no sound
        application.step(0.016)
        assert application.sounds.problem
    finally:
        application.quit()
        pygame.display.quit()


# -- settings ----------------------------------------------------------------------------------
def test_volume_and_mute_settings_round_trip_and_bad_values_fall_back(tmp_path):
    path = tmp_path / "settings.json"
    assert Settings().volume == 70 and Settings().mute is False
    save_settings(Settings(volume=35, mute=True), path).result(5)
    assert load_settings(path) == (Settings(volume=35, mute=True), "")
    path.write_text(json.dumps({"volume": 150, "mute": "yes", "pace": "slow"}))
    settings, problem = load_settings(path)
    assert settings == Settings(pace="slow")
    assert "volume 150 (a whole number from 0 to 100)" in problem
    assert "mute 'yes' (true or false)" in problem
    path.write_text(json.dumps({"volume": True, "mute": 0}))  # a bool is no volume
    settings, problem = load_settings(path)
    assert (settings.volume, settings.mute) == (70, False) and "volume True" in problem


def test_the_settings_screen_sets_the_volume_by_dragging_and_clicking_and_mutes(app):
    screen = SettingsScreen()
    app.push(screen)
    app.step(0.016)
    assert app.sounds.wait(), app.sounds.problem
    slider, switch = screen.sound.volume, screen.sound.mute
    assert slider.value == 70
    bar = slider.bar
    # dragged from the knob to the bar's left end: 0 at once, saved when let go
    knob = (bar.left + round(bar.w * 0.7), bar.centery)
    drag(app, knob, (bar.left - 30, bar.centery))
    assert slider.value == 0 and app.sounds.volume == 0 and app.settings.volume == 0
    app.sounds.played.clear()
    # a click at the middle of the bar: 50 (and the drop sound says how loud)
    click(app, (bar.left + bar.w // 2, bar.centery))
    assert slider.value == 50 and app.sounds.volume == 50 and app.settings.volume == 50
    assert played(app) == ["drop"]
    click(app, switch.rect.center)
    assert app.settings.mute and app.sounds.muted and not app.sounds.audible
    for _ in frames(app, 5):
        if screen._saving is None and settings_path().exists():
            break
    saved = json.loads(settings_path().read_text())
    assert (saved["volume"], saved["mute"]) == (50, True)
    assert load_settings()[0] == Settings(volume=50, mute=True)


def test_a_new_app_starts_with_the_saved_volume_and_mute(tmp_path):
    save_settings(Settings(volume=20, mute=True)).result(5)
    application = App(headless=True, mods=False)
    try:
        assert (application.sounds.volume, application.sounds.muted) == (20, True)
    finally:
        application.quit()
        pygame.display.quit()


# -- online ------------------------------------------------------------------------------------
def test_online_a_move_sent_and_the_turn_coming_back_sound(menu_app):
    pytest.importorskip("websockets")
    from test_online_table import hosted_with_friend, until

    app = menu_app
    try:
        scene, rs, friend = hosted_with_friend(app)
        assert app.sounds.wait(), app.sounds.problem
        app.sounds.played.clear()
        hand = [sp for sp in scene.layout_obj.sprites if sp.zone == "hand.0"]
        character = next(sp for sp in hand if scene.state.info[sp.card].kind == "character")
        changes = rs.changes
        # a move the server refuses (a stand-in answer to the message held back): the
        # card goes back with the refusal's sound
        link, sent = scene.model.link, []
        real_send, link.send = link.send, sent.append
        drag(app, character.rect.center, scene.layout_obj.zones["play.0"].center)
        until(app, lambda: sent, 5, "the move sent")
        link.inbox.put({"type": "refused", "reason": "not now", "id": sent[0]["id"]})
        until(app, lambda: scene.model.pending is None, 5, "the refusal")
        assert played(app) == ["pickup", "drop", "refused"] and rs.changes == changes
        app.sounds.played.clear()
        link.send = real_send
        drag(app, character.rect.center, scene.layout_obj.zones["play.0"].center)
        until(app, lambda: rs.changes > changes and scene.model.pending is None, 10,
              "the server's view")
        assert played(app) == ["pickup", "drop"]  # sent; not yet the host's turn again
        assert scene.state.actor == 1
        until(app, lambda: (friend.act(), scene.legal)[1], 10, "the host's turn again")
        assert played(app) == ["pickup", "drop", "turn"]
        friend.close()
    finally:
        app.quit()


@pytest.mark.parametrize("game_id, start, least", [("overpower", 40, 3),
                                                   ("solo-deckbuilder", 0, 1)])
def test_harm_in_games_without_health_sounds_as_damage(app, game_id, start, least):
    """OverPower has no health: a hit (a card kept against a character, this battle's or
    on its Permanent Record) is its damage; in the Solo game a Weakness taken is. Each
    game's sample played on at the table: the damage sound comes after each move that
    did harm, and after no other."""
    from table_helpers import open_table, sample_points

    data = sample_points(game_id)[-1][1]
    moves = data["moves"]
    scene = open_table(app, game_id, {**data, "moves": moves[:start]})
    checked = 0
    for text in moves[start:start + 120]:
        before = scene.layout_obj.harm(scene.view)
        app.sounds.played.clear()
        assert scene.play(GAMES[game_id].notation.parse_move(scene.state, text))
        scene.land_now()
        app.step(0.016)
        dealt = scene.layout_obj.harm(scene.view) > before
        assert ("damage" in played(app)) == (dealt and not scene.state.over), text
        checked += dealt
    assert checked >= least, "the moves played did harm"
