"""The replay viewer (issue 31, item 6), headless with posted clicks and keys, for every
game of the registry: a finished game opened from the load screen, stepped with the
buttons, the arrow keys and the slider, each position the engine's own after that many
moves (replayed here apart), each seat's view hiding what that seat could not see, All
cards for a finished game only; a bad save refused with a message; the statistics
screen's rows opening their replays."""

from __future__ import annotations

import json
import time

import pygame
import pytest
from replay_helpers import finished_session, keep_finished, sample_data
from table_helpers import first_frames
from ui_helpers import by_label, click, key, opened, post

from tabletop.engine import savegames
from tabletop.engine.info import SeatConfig
from tabletop.engine.pack import pack
from tabletop.engine.session import Session
from tabletop.engine.state import HIDDEN
from tabletop.engine.stats import StatsFile, read_records
from tabletop.games import GAMES
from tabletop.ui.kits import table_for
from tabletop.ui.menu import LoadGame
from tabletop.ui.replay.opening import open_replay
from tabletop.ui.replay.scene import ReplayScene
from tabletop.ui.screens import StatsScreen
from tabletop.ui.table.log import readable

IDS = list(GAMES)


@pytest.fixture()
def app(menu_app):
    return menu_app


def independent(app, data: dict) -> list:
    """The states of the save ``data`` after each of its moves, replayed here through the
    engine alone (not by the viewer's code)."""
    game = GAMES[data["game"]]
    seats = [SeatConfig(s["name"], s["kind"], s.get("level", "easy")) for s in data["seats"]]
    session = Session(game, app.catalog(game.info.id), data["options"], data["seed"], seats,
                      position=data.get("position"), ruleset=data.get("ruleset", 1))
    states = [session.state]
    for text in data["moves"]:
        states.append(session.play_text(text))
    return states


def settle(app, scene, frames: int = 60) -> None:
    """Frames (and the time between them) until the table's picture shows the position."""
    for _ in range(frames):
        app.step(0.016)
        if not scene.painting and scene.picture_shown and \
                scene.shown_changes == scene.session.changes:
            return
        app.spare(time.perf_counter() + 0.05)
    raise AssertionError("the replay's picture did not settle")


def shows(app, scene: ReplayScene, states: list, index: int) -> None:
    """The viewer shows the position after ``index`` moves, as the engine has it, from
    the seat chosen (every card for no seat), with that move lit in the log."""
    settle(app, scene)
    replay = scene.replay
    assert replay.index == index and scene.slider.value == index
    truth = states[index]
    seat = replay.seat
    expected = truth if seat is None else scene.game.rules.view(truth, seat)
    assert pack(scene.view) == pack(expected)
    assert scene.state is not truth and pack(scene.state) == pack(truth)
    assert scene.log_list.current == index and scene.log_list.rows[index].data == index
    assert scene.legal == []  # nothing is ever offered


def tool(scene, key_name: str):
    return next(b for b in scene.tools if b.key == key_name)


def seat_button(scene, seat):
    wanted = "all" if seat is None else f"seat-{seat}"
    found = [b for b in scene.buttons if b.key == wanted]
    return found[0] if found else None


def row_of(scene: LoadGame, name: str):
    y = scene.list.rect.top + 4 - scene.list.offset
    for row in scene.list.rows:
        if row.data is not None and row.data.path.name == name:
            if not scene.list.rect.top <= y + row.height // 2 <= scene.list.rect.bottom:
                scene.list.offset = max(0, y - scene.list.rect.top - scene.list.offset)
                return row_of(scene, name)
            return scene.list.rect.centerx, y + row.height // 2
        y += row.height
    raise KeyError(name)


def load_screen(app) -> LoadGame:
    click(app, by_label(app.scene.buttons, "Load game").rect.center)
    assert isinstance(app.scene, LoadGame)
    return app.scene


def replay_from_load(app, name: str) -> ReplayScene:
    scene = load_screen(app)
    click(app, row_of(scene, name))
    assert scene.selected.name == name and scene.replay_button.enabled
    click(app, scene.replay_button.rect.center)
    viewer = opened(app)
    assert isinstance(viewer, ReplayScene), scene.toast.message
    first_frames(app, viewer)
    return viewer


def hidden_zones_hidden(scene: ReplayScene, truth) -> int:
    """Every zone the seat shown may not see is all HIDDEN in the view; returns how many
    cards were hidden."""
    rules, seat = scene.game.rules, scene.replay.seat
    count = 0
    for name, cards in truth.zones.items():
        if cards and not rules.can_see_zone(name, seat, truth):
            assert scene.view.zones[name] == [HIDDEN] * len(cards), name
            count += len(cards)
    return count


@pytest.mark.parametrize("game_id", IDS)
def test_a_finished_game_is_replayed_move_by_move(app, game_id):
    path = keep_finished(app, game_id)
    data = json.loads(path.read_text("utf-8"))
    states = independent(app, data)
    count = len(data["moves"])
    scene = load_screen(app)
    click(app, row_of(scene, path.name))
    # a finished game cannot be continued: it is replayed
    assert not scene.load_button.enabled and scene.replay_button.enabled
    click(app, scene.replay_button.rect.center)
    viewer = opened(app)
    assert isinstance(viewer, ReplayScene)
    first_frames(app, viewer)
    shows(app, viewer, states, count)  # the last move first
    # the buttons
    click(app, tool(viewer, "back").rect.center)
    shows(app, viewer, states, count - 1)
    click(app, tool(viewer, "first").rect.center)
    shows(app, viewer, states, 0)
    assert not tool(viewer, "back").enabled
    click(app, tool(viewer, "forward").rect.center)
    shows(app, viewer, states, 1)
    click(app, tool(viewer, "last").rect.center)
    shows(app, viewer, states, count)
    assert not tool(viewer, "forward").enabled
    # the keys
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    shows(app, viewer, states, count - 2)
    key(app, pygame.K_RIGHT)
    shows(app, viewer, states, count - 1)
    key(app, pygame.K_HOME)
    shows(app, viewer, states, 0)
    key(app, pygame.K_END)
    shows(app, viewer, states, count)
    # the slider: a click on it jumps, a drag along it follows
    slider = viewer.slider
    x = slider.track.left + slider.track.w // 3
    click(app, (x, slider.track.centery))
    third = slider.index_at(x)
    assert 0 < third < count
    shows(app, viewer, states, third)
    end = slider.track.left + slider.track.w * 2 // 3
    post(pygame.MOUSEBUTTONDOWN, pos=(x, slider.track.centery), button=1)
    app.step(0.016)
    for step in range(1, 5):
        post(pygame.MOUSEMOTION, pos=(x + (end - x) * step // 4, slider.track.centery),
             rel=(1, 0), buttons=(1, 0, 0))
        app.step(0.016)
    post(pygame.MOUSEBUTTONUP, pos=(end, slider.track.centery), button=1)
    app.step(0.016)
    shows(app, viewer, states, slider.index_at(end))
    # a line of the log goes to its move (one in view beside the position's: a move of
    # many lines may fill a short log, so a move back is tried then)
    log_row = other_log_row(viewer)
    while log_row is None:
        key(app, pygame.K_LEFT)
        settle(app, viewer)
        log_row = other_log_row(viewer)
    click(app, log_row[1])
    shows(app, viewer, states, log_row[0])
    # each seat's view hides what that seat could not see; All cards shows everything
    seats = len(data["seats"])
    middle = count // 2
    viewer_go_by_keys(app, viewer, middle)
    for seat in range(seats):
        click(app, seat_button(viewer, seat).rect.center)
        assert viewer.replay.seat == seat and viewer.viewer == seat
        shows(app, viewer, states, middle)
        hidden_zones_hidden(viewer, states[middle])
    everything = seat_button(viewer, None)
    assert everything is not None and everything.label == "All cards"
    click(app, everything.rect.center)
    assert viewer.replay.seat is None
    shows(app, viewer, states, middle)
    assert HIDDEN not in [c for cards in viewer.view.zones.values() for c in cards]
    # the game itself was never changed; Esc goes back to the load screen
    assert viewer.replay.full.notations == data["moves"]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, LoadGame)


def viewer_go_by_keys(app, viewer: ReplayScene, index: int) -> None:
    """Go to ``index`` with the keys: Home, then Right as often as needed."""
    key(app, pygame.K_HOME)
    for _ in range(index):
        post(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
    app.step(0.016)
    assert viewer.replay.index == index


@pytest.mark.parametrize("game_id", IDS)
def test_a_game_in_progress_is_replayed_from_each_seat_but_never_all_cards(app, game_id):
    """The sample (a game still to be played on): every seat's view, no All cards."""
    sample = GAMES[game_id].samples[0].file
    data = sample_data(game_id)
    states = independent(app, data)
    viewer = replay_from_load(app, sample)
    assert not viewer.replay.finished
    assert seat_button(viewer, None) is None  # hidden cards of a game still to be played
    assert not viewer.replay.show_seat(None) and viewer.replay.seat is not None
    count = len(data["moves"])
    hidden = 0
    for seat in range(len(data["seats"])):
        click(app, seat_button(viewer, seat).rect.center)
        for index in (count, count // 2):
            viewer_go_by_keys(app, viewer, index)
            shows(app, viewer, states, index)
            hidden += hidden_zones_hidden(viewer, states[index])
    assert hidden  # a draw pile, another seat's hand: something was hidden
    # the log a seat reads is that seat's (another's hidden cards unnamed)
    full = viewer.replay.full
    assert [r.data for r in viewer.log_list.rows] == list(range(count + 1))
    assert [row.lines[0][0] for row in viewer.log_list.rows] == \
        [readable(e.text) for e in full.log(viewer.replay.seat)]


def other_log_row(viewer: ReplayScene) -> tuple[int, tuple[int, int]] | None:
    """A line of the log in view other than the position's: its move and where to click
    it (None: the position's own line fills the log)."""
    log = viewer.log_list
    y = log.rect.top + 4 - log.offset
    for index, row in enumerate(log.rows):
        top, bottom = max(y, log.rect.top + 6), min(y + row.height, log.rect.bottom - 6)
        if index != viewer.replay.index and top + 4 < bottom:
            return index, (log.rect.centerx, (top + bottom) // 2)
        y += row.height
    return None


def write_changed(app, game_id: str, name: str, **change) -> dict:
    """A finished game of ``game_id`` kept as ``name`` with ``change`` made to it."""
    path = keep_finished(app, game_id, name)
    data = json.loads(path.read_text("utf-8"))
    data.update(change)
    path.write_text(json.dumps(data), "utf-8")
    return data


@pytest.mark.parametrize("game_id", IDS)
def test_a_save_that_does_not_replay_exactly_is_refused_with_a_message(app, game_id):
    data = write_changed(app, game_id, f"{game_id}-bad-move.json")
    moves = data["moves"]
    moves[len(moves) // 2] = "P1 nonsense"
    (savegames.finished_dir() / f"{game_id}-bad-move.json").write_text(json.dumps(data))
    write_changed(app, game_id, f"{game_id}-other-cards.json", fingerprint="0" * 16)
    (savegames.finished_dir() / f"{game_id}-broken.json").write_text('{"format": "tabl')
    scene = load_screen(app)
    for name, said in ((f"{game_id}-bad-move.json", "does not replay: move "),
                       (f"{game_id}-other-cards.json", "was played with other cards")):
        click(app, row_of(scene, name))
        assert scene.replay_button.enabled
        click(app, scene.replay_button.rect.center)
        for _ in range(100):  # (a long game goes on replaying behind the opening screen)
            if app.scene is scene:
                break
            app.spare(time.perf_counter() + 0.01)
            app.step(0.016)
        assert app.scene is scene and not any(isinstance(s, ReplayScene) for s in app.scenes)
        assert scene.toast.message.startswith(name) and said in scene.toast.message
    # an unreadable file: no Replay to press, and asked for all the same, refused
    click(app, row_of(scene, f"{game_id}-broken.json"))
    assert not scene.replay_button.enabled
    said = []
    assert not open_replay(app, savegames.finished_dir() / f"{game_id}-broken.json",
                           said.append)
    assert said and "is damaged" in said[0] and app.scene is scene
    app.step(0.016)  # the app runs on


def play_to_the_end_at_the_table(app, game_id: str):
    """A finished game's last move played at a table (every seat a person's): the game
    ends there and is counted; returns the table."""
    whole = finished_session(app, game_id)
    game = GAMES[game_id]
    seats = [SeatConfig(s.name) for s in whole.seats]
    session = Session(game, whole.catalog, whole.options, whole.seed, seats,
                      position=whole.position, ruleset=whole.ruleset)
    for text in whole.notations[:-1]:
        session.play_text(text)
    table = table_for(session, autosave=savegames.new_autosave_path(game_id),
                      hide_hands=False)
    app.replace(table)
    first_frames(app, table)
    assert table.play(whole.moves[-1]) and table.state.over
    return table


def statistics(app) -> StatsScreen:
    click(app, by_label(app.scene.buttons, "Statistics").rect.center)
    for _ in range(300):
        if isinstance(app.scene, StatsScreen):
            return app.scene
        app.step(0.016)
    raise AssertionError("the statistics screen did not open")


def recent_row(stats: StatsScreen, pick) -> tuple[int, int]:
    """Where to click the recent game whose record ``pick(record)`` names."""
    rows = stats.recent
    y = rows.rect.top + 4 - rows.offset
    for row in rows.rows:
        if pick(row.data):
            return rows.rect.centerx, y + min(row.height, rows.rect.bottom - y) // 2
        y += row.height
    raise KeyError("no such row")


@pytest.mark.parametrize("game_id", IDS)
def test_a_game_ended_at_the_table_is_replayed_from_the_statistics_screen(app, game_id):
    table = play_to_the_end_at_the_table(app, game_id)
    name = table.autosave.name
    for _ in range(500):  # the statistics are written in the background
        records = read_records()
        if records:
            break
        time.sleep(0.01)
    assert [r.get("save") for r in records] == [name]
    # an older record (no "save": its key names the autosave) and one whose save is gone
    old = keep_finished(app, game_id, f"{game_id}-older.json")
    stats = StatsFile()
    older = {**records[0], "key": f"{old.name}:5", "ended": "2026-01-02T10:00:00"}
    del older["save"]
    stats.add(older)
    stats.add({**records[0], "key": "gone", "save": "gone.json",
               "ended": "2026-01-01T10:00:00"}).result()
    assert "save" not in read_records()[1]
    table.to_menu()  # the main menu tidies the finished game into the finished folder
    screen = statistics(app)
    assert savegames.find_save(name) == savegames.finished_dir() / name
    games = screen.widgets[0]
    click(app, games._segments()[IDS.index(game_id)].center)
    assert screen.game_id == game_id
    lines = [row.lines[1][0] for row in screen.recent.rows]
    assert len(lines) == 3 and lines[0].endswith("click to replay") and \
        lines[1].endswith("click to replay") and lines[2].endswith("no longer kept")
    states = independent(app, json.loads((savegames.finished_dir() / name).read_text()))
    for pick in (lambda r: r.get("save") == name, lambda r: r["key"] == f"{old.name}:5"):
        click(app, recent_row(screen, pick))
        viewer = opened(app)
        assert isinstance(viewer, ReplayScene), screen.toast.message
        first_frames(app, viewer)
        if pick(records[0]):
            shows(app, viewer, states, len(states) - 1)
        key(app, pygame.K_ESCAPE)
        assert app.scene is screen
    click(app, recent_row(screen, lambda r: r["key"] == "gone"))
    assert app.scene is screen and "no longer kept" in screen.toast.message


def test_play_steps_through_the_moves_and_pause_stops(app):
    viewer = replay_from_load(app, keep_finished(app, "brawl").name)
    click(app, tool(viewer, "play").rect.center)  # at the end: plays from the set-up
    assert viewer.playing and viewer.replay.index == 0
    assert tool(viewer, "play").label == "Pause"
    for _ in range(40):
        app.step(0.4)
        app.spare(time.perf_counter() + 0.05)
        if viewer.replay.index >= 3:
            break
    assert viewer.replay.index >= 3
    key(app, pygame.K_SPACE)
    assert not viewer.playing and tool(viewer, "play").label == "Play"
    index = viewer.replay.index
    for _ in range(5):
        app.step(0.5)
    assert viewer.replay.index == index


def test_the_model_offers_no_move_and_never_changes_the_game(app):
    from tabletop.engine.moves import IllegalMove
    from tabletop.ui.replay.model import ReplayModel

    whole = finished_session(app, "brawl")
    moves, states = list(whole.notations), list(whole.states)
    model = ReplayModel(whole, seat=1)
    assert model.go(3) and model.state is whole.states[3] and model.session.moves == \
        whole.moves[:3] and model.snapshot().legal == []
    assert not model.go(3) and model.go(-5) and model.index == 0
    assert model.go(10_000) and model.index == len(whole.moves)
    with pytest.raises(IllegalMove, match="replay"):
        model.play(whole.moves[0])
    assert not model.undo(False) and not model.can_undo() and not model.can_redo()
    assert not model.show_seat(7) and model.show_seat(None) and model.seat is None
    assert whole.notations == moves and whole.states == states  # untouched


def test_a_statistics_record_names_its_save_and_older_records_stay_valid(tmp_path):
    from tabletop.engine.stats import StatsError, _check_record, record_of, save_name

    game = GAMES["brawl"]
    session = Session(game, game.rules.load_catalog(mod_dirs=[]), {}, 3)
    rec = record_of(session, "brawl-x.json:3", save="brawl-x.json")
    assert rec["save"] == "brawl-x.json" and save_name(rec) == "brawl-x.json"
    older = {k: v for k, v in rec.items() if k != "save"}
    assert _check_record(older, 0) is older and save_name(older) == "brawl-x.json"
    assert save_name({**older, "key": "140234:3"}) is None  # a game never kept
    with pytest.raises(StatsError, match="'save' is not a file name"):
        _check_record({**rec, "save": "../../secret.json"}, 0)
    assert savegames.find_save("../../secret.json") is None


def test_a_second_click_on_a_finished_game_replays_it_and_close_goes_back(app):
    name = keep_finished(app, "hero-vs-nemesis").name
    scene = load_screen(app)
    click(app, row_of(scene, name))
    click(app, row_of(scene, name))  # a finished game is not played on: it is replayed
    viewer = opened(app)
    assert isinstance(viewer, ReplayScene) and viewer.replay.finished
    first_frames(app, viewer)
    # a press on one of the seat's own cards picks nothing up, nor does a drag (the game
    # is only looked at), at a position where it could have been played
    viewer_go_by_keys(app, viewer, viewer.replay.count // 2)
    settle(app, viewer)
    seat = viewer.replay.seat
    sprite = next(sp for sp in viewer.layout_obj.sprites
                  if sp.card >= 0 and sp.zone.endswith(f".{seat}"))
    post(pygame.MOUSEBUTTONDOWN, pos=sprite.rect.center, button=1)
    app.step(0.016)
    assert viewer.drag is None and viewer.menu == []
    post(pygame.MOUSEMOTION, pos=(sprite.rect.centerx + 60, sprite.rect.centery - 80),
         rel=(60, -80), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=(sprite.rect.centerx + 60, sprite.rect.centery - 80),
         button=1)
    app.step(0.016)
    assert viewer.drag is None and viewer.menu == [] and viewer.landing is None
    assert viewer.replay.full.notations == \
        json.loads((savegames.finished_dir() / name).read_text())["moves"]
    click(app, tool(viewer, "close").rect.center)
    assert app.scene is scene and isinstance(scene, LoadGame)
