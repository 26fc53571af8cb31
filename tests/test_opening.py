"""Opening a saved game whose replay would hold up a frame (:mod:`tabletop.ui.opening`):
the click replays what its budget allows, the rest replays between frames (or, with no
time between them, a budget at a time in the frames) behind the opening screen, then the
table opens with every move; a move the rules refuse mid-way, or Esc, takes the player
back with nothing kept. Every game of the registry, from its sample save (the click's
budget is set to nothing, so that any game is long)."""

from __future__ import annotations

import json
import time

import pygame
import pytest
from ui_helpers import by_label, click

from tabletop import SAMPLE_SAVES_DIR
from tabletop.engine import savegames
from tabletop.engine.saves import Replay, SaveError, session_from_dict
from tabletop.games import GAMES
from tabletop.ui import opening
from tabletop.ui.loadgame import LoadGame
from tabletop.ui.menu import MainMenu
from tabletop.ui.opening import Opening
from tabletop.ui.table import TableScene


@pytest.fixture()
def app(menu_app, monkeypatch):
    monkeypatch.setattr(opening, "CLICK_BUDGET", 0.0)  # every game is long
    return menu_app


def sample(game_id: str) -> dict:
    return json.loads((SAMPLE_SAVES_DIR / GAMES[game_id].samples[0].file).read_text("utf-8"))


def in_progress(app, data: dict) -> None:
    """``data`` as the one game in progress; the menu read again (its Continue)."""
    path = savegames.autosaves_dir() / f"{data['game']}-long.json"
    path.write_text(json.dumps(data), "utf-8")
    app.replace(MainMenu())
    for _ in range(100):  # the menu's helper reads the saves folder
        app.step(0.016)
        if app.scene.latest is not None:
            return
        time.sleep(0.01)
    raise AssertionError("the menu did not find the game in progress")


def continue_game(app) -> None:
    click(app, by_label(app.scene.buttons, "Continue").rect.center)


def shown_text(scene: Opening) -> str:
    return f"{scene.replay.done:,} of {scene.replay.total:,}"


def assert_whole_game(table: TableScene, data: dict) -> None:
    """The table holds every move of ``data``, in the state a replay of all of them
    at once reaches."""
    game = GAMES[data["game"]]
    whole, _ = session_from_dict(data, game, game.rules.load_catalog(mod_dirs=[]))
    assert table.session.notations == data["moves"]
    assert table.state.zones == whole.state.zones and table.state.actor == whole.state.actor


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_long_game_replays_between_frames_behind_the_opening_screen(app, game_id):
    data = sample(game_id)
    in_progress(app, data)
    continue_game(app)
    scene = app.scene
    assert isinstance(scene, Opening), "the click replayed the whole game"
    assert 0 < scene.replay.done < len(data["moves"])
    assert scene.title == f"Opening {GAMES[game_id].info.title}"
    seen = [scene.replay.done]
    for _ in range(200):
        # the time between frames replays (a little each time: it is given 0.3 ms)
        app.spare(time.perf_counter() + 0.0003)
        seen.append(scene.replay.done)
        app.step(0.016)
        if not isinstance(app.scene, Opening):
            break
    assert isinstance(app.scene, TableScene), "the table did not open"
    assert len(set(seen)) > 2, "the moves were not replayed a few at a time"
    assert seen == sorted(seen) and seen[-1] == len(data["moves"])
    assert app.scenes == [app.scene]  # as opening at once leaves it
    assert_whole_game(app.scene, data)


def test_with_no_time_between_frames_the_frames_replay_a_budget_at_a_time(app,
                                                                           monkeypatch):
    data = sample("overpower")
    in_progress(app, data)
    continue_game(app)
    scene = app.scene
    assert isinstance(scene, Opening)
    done = scene.replay.done
    waited = 0  # frames wait for time between them first (the click's frame among them)
    while scene.replay.done == done:
        app.step(0.016)
        waited += 1
    assert 1 <= waited <= opening.PAINT_WAIT
    done = scene.replay.done
    cpu = []
    for _ in range(500):
        before = time.thread_time()
        app.step(0.016)
        if not isinstance(app.scene, Opening):
            break
        cpu.append(time.thread_time() - before)
        assert scene.replay.done > done
        done = scene.replay.done
    assert isinstance(app.scene, TableScene)
    assert_whole_game(app.scene, data)
    # each frame replayed within its budget (a move's replay past it, and the drawing)
    assert sorted(cpu)[len(cpu) // 2] < opening.FRAME_BUDGET + 0.004


def test_the_opening_screen_shows_how_far_the_replay_has_come(app):
    data = sample("brawl")
    in_progress(app, data)
    continue_game(app)
    scene = app.scene
    words = []
    real = opening.text.draw

    def recording(surf, s, *args, **kwargs):
        words.append(s)
        return real(surf, s, *args, **kwargs)

    opening.text.draw = recording
    try:
        app.spare(time.perf_counter() + 0.0003)
        app.step(0.016)
    finally:
        opening.text.draw = real
    assert "Opening Brawl" in words
    assert f"Replaying move {shown_text(scene)}" in words
    # the bar: the accent colour reaches as far along as the replay has come
    bar_left = scene.box.left + 30
    bar_w = scene.box.w - 60
    y = scene.box.top + 94 + 7
    filled = bar_w * scene.replay.done // scene.replay.total
    assert app.screen.get_at((bar_left + filled // 2, y))[:3] == (255, 198, 70)
    assert app.screen.get_at((bar_left + filled + (bar_w - filled) // 2, y))[:3] != \
        (255, 198, 70)


def test_a_move_refused_mid_way_takes_the_player_back_with_the_message(app):
    data = sample("brawl")
    moves = data["moves"]
    bad = len(moves) - 5
    data["moves"] = moves[:bad - 1] + ['P1 play "No Such Card"'] + moves[bad:]
    in_progress(app, data)
    menu = app.scene
    continue_game(app)
    assert isinstance(app.scene, Opening)
    for _ in range(200):
        app.spare(time.perf_counter() + 0.001)
        app.step(0.016)
        if not isinstance(app.scene, Opening):
            break
    load = app.scene  # Continue's refusal: the load screen, the save marked
    assert app.scenes == [menu, load] and isinstance(load, LoadGame), \
        "the player was not shown the load screen"
    assert load.toast.active and load.toast.message.startswith("Your latest game (")
    assert f"does not replay: move {bad} (P1 play \"No Such Card\") is refused" in \
        load.toast.message


def test_esc_goes_back_and_keeps_nothing(app):
    data = sample("solo-deckbuilder")
    in_progress(app, data)
    menu = app.scene
    continue_game(app)
    assert isinstance(app.scene, Opening)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="\x1b", scancode=41))
    app.step(0.016)
    assert app.scenes == [menu]
    for _ in range(20):  # frames and the time between them: no replay goes on to open it
        app.spare(time.perf_counter() + 0.01)
        app.step(0.016)
    assert app.scenes == [menu]


def test_a_game_that_replays_within_the_clicks_budget_opens_in_the_click(menu_app,
                                                                          monkeypatch):
    # (a budget no replay reaches: the real one, 4 ms of CPU, may be reached by a short
    # game on a loaded machine)
    monkeypatch.setattr(opening, "CLICK_BUDGET", 10.0)
    in_progress(menu_app, sample("overpower"))
    continue_game(menu_app)
    assert isinstance(menu_app.scene, TableScene)


def test_a_replay_is_refused_whole_and_gives_nothing_half_replayed():
    data = sample("power-play")
    game = GAMES["power-play"]
    catalog = game.rules.load_catalog(mod_dirs=[])
    replay = Replay(data, game, catalog)
    assert not replay.run(stop=lambda: replay.done >= 10)
    assert replay.done == 10 and not replay.finished
    with pytest.raises(SaveError, match="has not been replayed"):
        replay.result()
    assert replay.run()
    session, warnings = replay.result()
    assert session.notations == data["moves"] and warnings == []
    data["moves"] = data["moves"][:12] + ["nonsense"]
    refused = Replay(data, game, catalog)
    with pytest.raises(SaveError, match="move 13"):
        refused.run()
    assert refused.session is None
    with pytest.raises(SaveError):
        refused.result()
