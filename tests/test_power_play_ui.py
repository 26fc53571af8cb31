"""The Power Play table, headless (SDL dummy driver), driven by posted mouse events."""

from __future__ import annotations

import pygame
from table_helpers import first_frames
from ui_helpers import button, center_of, click, drag, frames, settle, sprite_of, zone_center

from tabletop.engine.info import SeatConfig
from tabletop.engine.paths import saves_dir
from tabletop.engine.saves import read_save
from tabletop.engine.session import Session
from tabletop.games import GAMES, get_game
from tabletop.ui.kits import table_for
from tabletop.ui.seats import KINDS
from tabletop.ui.table import TableScene

GAME = get_game("power-play")

EXAMPLE = {"active": "P1", "location": "Breakwater Alley", "villain": "Windshear",
           "attribute": "Glacier Hide", "threat": ["Flame 2", "Mind 3"],
           "hands": {"P1": ["Gale 3", "Frost 3", "Might 1", "Flame 5"],
                     "P2": ["Shadow 4", "Mind 2"]},
           "bonus": {"P2": ["Hoarfrost"]}}


def table(app, position, options=None, seats=None, hide_hands=True):
    catalog = app.catalog("power-play")
    opts = GAME.rules.normalize_options(options or {"players": 2})
    seats = seats or [SeatConfig("Ana"), SeatConfig("Bo")]
    session = Session(GAME, catalog, opts, 1, seats, position=position)
    scene = table_for(session, autosave=saves_dir() / "autosave.json", hide_hands=hide_hands)
    app.replace(scene)
    if scene.handover_to is not None:
        scene.take_seat()
    app.step(0.016)
    return scene


def test_dragging_a_power_onto_the_defence_plays_it(app):
    scene = table(app, EXAMPLE)
    gale = sprite_of(scene, "Gale 3").card
    assert scene.targets_for(gale) == {"defence"}
    # each open power shows what it would add; the board shows the running totals
    assert scene.layout_obj.gains[gale] == 3
    drag(app, center_of(scene, "Gale 3"), zone_center(scene, "defence"))
    s = scene.session.state
    assert [s.name(c) for c in s.zones["defence"]] == ["Gale 3"]
    assert scene.session.notations[-1] == 'P1 play "Gale 3"'
    saved = read_save(saves_dir() / "autosave.json", GAMES)  # journaled now, written soon
    assert saved["moves"] == ['P1 play "Gale 3"']
    # the next card: Frost 3 adds a pair of 3s although the villain is immune to Frost
    assert scene.layout_obj.gains[sprite_of(scene, "Frost 3").card] == 3
    board = [line for line, _, _ in scene.layout_obj.board_lines(scene.view)]
    assert board[0] == "Defence so far: 3"
    assert "Villain so far: 8 + its hidden power" in board
    info = [line for line, _ in scene.layout_obj.info_lines(scene.view)]
    assert "Defence so far 3 \u2014 villain 8 + its hidden power" in info


def test_a_drop_on_the_villain_snaps_back_with_the_rule(app):
    scene = table(app, EXAMPLE)
    # the picture painted whole in each frame: cards glide only once the picture shows
    # where they go, the refusal's message moves the log, and frames alone paint the
    # new picture a CPU budget a frame (more frames on cold caches or a busy machine:
    # run first in its process, this test failed): the 20 frames are the glide's own
    scene.renderer.paint_budget = None
    before = scene.session.state
    start = center_of(scene, "Might 1")
    drag(app, start, center_of(scene, "Windshear"))
    assert scene.session.state is before
    assert scene.toast.active
    assert scene.toast.message == "Powers are played onto the defence in front of P1."
    for _ in range(20):
        app.step(0.016)
    assert scene.snap is None and sprite_of(scene, "Might 1").rect.center == start


def test_the_defence_the_reveal_and_a_bonus_power_with_the_mouse(app):
    scene = table(app, EXAMPLE)
    for name in ("Gale 3", "Frost 3"):
        drag(app, center_of(scene, name), zone_center(scene, "defence"))
    click(app, button(scene, "Done: the defence is ready").rect.center)
    # P2 (a second human at the same screen; hands are open) adds Shadow 4
    assert scene.viewer == 1 and scene.handover_to is None
    drag(app, center_of(scene, "Shadow 4"), zone_center(scene, "defence"))
    s = scene.session.state
    assert (s.hero.total, s.villain_tally.total) == (10, 18) and s.phase == "bonus"
    board = [line for line, _, _ in scene.layout_obj.board_lines(scene.view)]
    assert "3 [Gale] + 4 [Shadow] + 3 [pair of 3s] = 10" in board
    assert "Frost 3: immune (Glacier Hide), 0" in board
    assert ("((2 [Flame/Gale] + 3 [Mind/Gale] + 2 [attribute]) \u00d7 2 [base]) + 4 [all Gale]"
            " = 18") in board
    assert "The villain leads by 8" in board
    log = scene.session.log_text(None)
    assert "Heroes: 3 [Gale] + 4 [Shadow] + 3 [pair of 3s] = 10" in log
    # P1 holds no Bonus power: P2 decides; a Bonus power cannot be dropped elsewhere
    assert s.actor == 1
    hoarfrost = sprite_of(scene, "Hoarfrost")
    assert scene.targets_for(hoarfrost.card) == {"defence"}
    drag(app, hoarfrost.rect.center, zone_center(scene, "defence"))
    s = scene.session.state
    assert s.bonus_total == 3 and s.phase == "outcome" and s.outcome == "lost"
    info = [line for line, _ in scene.layout_obj.info_lines(scene.view)]
    assert "Heroes 13 \u2014 villain 18" in info
    click(app, button(scene, "End the turn").rect.center)
    s = scene.session.state
    assert [s.name(c) for c in s.zones["badnews.0"]] == ["Windshear"]
    assert s.current == 1 and s.phase == "defend"


def test_a_bonus_power_cannot_be_spent_before_the_reveal(app):
    scene = table(app, {**EXAMPLE, "bonus": {"P1": ["Hoarfrost"]}})
    before = scene.session.state
    drag(app, center_of(scene, "Hoarfrost"), zone_center(scene, "defence"))
    assert scene.session.state is before
    assert scene.toast.message.startswith("Bonus powers are spent only after the reveal")


def test_the_computer_heroes_play_their_part(app):
    seats = [SeatConfig("Ana"), SeatConfig("Bo", "computer"), SeatConfig("Cy", "computer")]
    pos = {**EXAMPLE, "hands": {"P1": ["Gale 3", "Frost 3", "Might 1"]}}
    scene = table(app, pos, {"players": 3}, seats)
    drag(app, center_of(scene, "Gale 3"), zone_center(scene, "defence"))
    click(app, button(scene, "Done: the defence is ready").rect.center)
    for _ in frames(app):  # the computer heroes think in their worker process
        if scene.state.actor == 0 and scene.state.phase == "outcome":
            break
    s = scene.session.state
    assert s.phase == "outcome" and s.hero is not None
    assert [n.split()[0] for n in scene.session.notations[2:4]] == ["P2", "P3"]


def test_less_cooperative_hands_over_between_humans(app):
    scene = table(app, EXAMPLE, {"players": 2, "less_cooperative": True})
    assert scene.hide_hands
    # P1 sees its own powers, and only the backs of P2's
    p2 = [sp for sp in scene.layout_obj.sprites if sp.zone == "hand.1"]
    assert p2 and all(not sp.face_up for sp in p2)
    drag(app, center_of(scene, "Gale 3"), zone_center(scene, "defence"))
    click(app, button(scene, "Done: the defence is ready").rect.center)
    assert scene.handover_to == 1 and scene.viewer is None and scene.legal == []
    click(app, scene._handover_button.rect.center)
    assert scene.viewer == 1
    mine = [scene.state.name(sp.card) for sp in scene.layout_obj.sprites
            if sp.zone == "hand.1" and sp.face_up]
    assert mine == ["Shadow 4", "Mind 2"]
    assert all(not sp.face_up for sp in scene.layout_obj.sprites if sp.zone == "hand.0")
    log = [row.lines[0][0] for row in scene.log_list.rows]
    assert not any("Flame 5" in line for line in log)


def test_the_game_over_panel_shows_the_score(app):
    pos = {**EXAMPLE, "bad_news": {"P1": ["Rustmonger", "Lodestar"]}, "bonus": {}}
    scene = table(app, pos, seats=[SeatConfig("Ana"), SeatConfig("Bo", "computer")])
    drag(app, center_of(scene, "Might 1"), zone_center(scene, "defence"))
    click(app, button(scene, "Done: the defence is ready").rect.center)
    settle(app, scene)
    assert scene.state.over and scene.state.lost
    app.step(0.016)
    assert scene._gameover_buttons
    assert GAME.text.headline(scene.state) == "Defeat: score 0 / 100"
    info = [line for line, _ in scene.layout_obj.info_lines(scene.view)]
    assert "Score: 0 / 100" in info


def test_the_table_fits_four_players_and_a_bigger_window(app):
    seats = [SeatConfig(f"P{i}", "human" if i == 0 else "computer") for i in range(4)]
    session = Session(GAME, app.catalog("power-play"), {"players": 4}, 3, seats)
    scene = table_for(session, autosave=None)
    app.replace(scene)
    app.step(0.016)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    first_frames(app, scene)  # laid out and painted for the new size between frames
    table_rect = scene.layout_obj.table_rect((1920, 1080))
    for sp in scene.layout_obj.sprites:
        assert table_rect.contains(sp.rect), sp
    assert {sp.zone for sp in scene.layout_obj.sprites} >= {"hand.0", "hand.1", "hand.2",
                                                             "hand.3", "villain", "threat"}


def test_the_new_game_screen_offers_two_to_four_seats(app):
    from ui_helpers import click as click_at

    from tabletop.ui.menu import MainMenu, NewGame

    app.push(MainMenu())
    app.step(0.016)
    new = next(b for b in app.scene.buttons if b.label == "New game")
    click_at(app, new.rect.center)
    scene = app.scene
    assert isinstance(scene, NewGame)
    game_choice = next(w for w in scene.widgets if getattr(w, "label", "") == "Game")
    index = [value for value, _ in game_choice.choices].index("power-play")
    click_at(app, game_choice._segments()[index].center)
    assert scene.game_id == "power-play"

    def seat_rows():
        return [w for w in scene.widgets if getattr(w, "choices", None) ==
                KINDS]

    assert len(seat_rows()) == 4  # the rulebook's four players by default
    players = next(w for w in scene.rules_box.widgets if getattr(w, "label", "") == "Players")
    click_at(app, players._segments()[0].center)  # 2 players
    assert scene.options["players"] == 2 and len(seat_rows()) == 2
    click_at(app, scene.start.rect.center)
    table_scene = app.scene
    assert isinstance(table_scene, TableScene)
    assert table_scene.session.state.seats == 2
    assert [s.kind for s in table_scene.session.seats] == ["human", "computer"]
    assert not table_scene.hide_hands  # open powers: no hand-over screens


def test_the_panels_heading_counts_rounds_as_the_table_does(app):
    """The heading said "turn 7" where the table said "Round 3 of 4 · turn 1 of 3"."""
    import json
    from pathlib import Path

    from table_helpers import open_table

    data = json.loads((Path(__file__).parent.parent / "saves" /
                       "power-play-sample.json").read_text())
    scene = open_table(app, "power-play", data)
    s = scene.state
    assert s.turn != s.round_turn
    assert scene.layout_obj.progress(s) == f"round {s.round} of 4 \u00b7 turn {s.round_turn}"
