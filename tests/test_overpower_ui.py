"""The OverPower table, headless, driven by posted mouse events: attacks, defences and
placing by drag-and-drop, a refused drop gliding back with the rule, the dialogs
(venture, penalty, defend or take the hit, duplicates, the end-of-battle summary), the
hand-over screen, a computer seat playing through the worker, the rules help."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import first_frames
from ui_helpers import center_of, click, drag, settle, sprite_of

from tabletop.engine.info import SeatConfig
from tabletop.engine.session import Session
from tabletop.engine.state import HIDDEN
from tabletop.games import get_game
from tabletop.ui.kits import table_for

GAME = get_game("overpower")
TEAMS = {"team_p1": "tidewatch", "team_p2": "quarryfolk"}
P1_TEAM = {"front": ["Saltbright", "Keel Marrow", "Gannet Vey"], "reserve": ["Almoner Quill"]}
P2_TEAM = {"front": ["Flintmother", "Cobble Jack", "Tallow Pike"], "reserve": ["Pumice Dell"]}
FIGHT = {"phase": "fight", "first": "P1",
         "P1": {**P1_TEAM, "hand": ["Energy 4", "Storm Jar", "Intellect 7", "Ballast"]},
         "P2": {**P2_TEAM, "hand": ["Strength 7", "Energy 2"]}}


def table(app, position, seats=None, seed=1):
    session = Session(GAME, app.catalog("overpower"), TEAMS, seed,
                      seats or [SeatConfig("Ana"), SeatConfig("Bo")], position=position)
    scene = table_for(session)
    app.replace(scene)
    if scene.handover_to is not None:
        scene.take_seat()
    app.step(0.016)
    return scene


def hand_over(app, scene) -> None:
    """The next human takes the screen (the hand-over button)."""
    assert scene.handover_to is not None
    click(app, scene._handover_button.rect.center)
    assert scene.handover_to is None


def dialog_button(scene, label: str):
    return next(b for b in scene.dialog.buttons if b.label == label)


def card_of(scene, name: str) -> int:
    return sprite_of(scene, name).card


def test_a_power_card_dropped_on_an_opposing_character_attacks(app):
    scene = table(app, FIGHT)
    energy = card_of(scene, "Energy 4")
    foes = {card_of(scene, n) for n in ("Flintmother", "Cobble Jack", "Tallow Pike")}
    assert scene.targets_for(energy) == foes  # lit while the card is held
    drag(app, center_of(scene, "Energy 4"), center_of(scene, "Flintmother"))
    # alone, or with the Storm Jar in the hand: the table asks which
    assert [label for _, label, _ in scene.menu] == [
        "Energy 4 by Saltbright \u2192 Flintmother",
        "Energy 4 + Storm Jar by Saltbright \u2192 Flintmother"]
    click(app, scene.menu[0][0].center)
    assert scene.session.notations == \
        ['P1 attack "Energy 4" as energy by "Saltbright" > "Flintmother"']
    # the defender is the other human: the screen is handed over and no hand is shown
    assert scene.handover_to == 1
    view = scene.view
    assert all(c == HIDDEN for c in view.zones["hand.0"] + view.zones["hand.1"])


def test_the_universe_card_carries_the_attack_and_a_drop_anywhere_on_a_character_counts(app):
    scene = table(app, FIGHT)
    cobble = card_of(scene, "Cobble Jack")
    block, hits, _ = scene.layout_obj.blocks[cobble]
    assert block.collidepoint(hits.center) and not sprite_of(scene, "Cobble Jack").rect \
        .collidepoint(hits.center)
    drag(app, center_of(scene, "Storm Jar"), hits.center)  # on its hits, not its card
    assert scene.session.notations == \
        ['P1 attack "Energy 4" + "Storm Jar" as energy by "Saltbright" > "Cobble Jack"']


def test_defending_by_drag_and_the_defend_or_take_prompt(app):
    scene = table(app, FIGHT)
    drag(app, center_of(scene, "Storm Jar"), center_of(scene, "Flintmother"))
    hand_over(app, scene)
    d = scene.dialog.d
    assert d.title == "Saltbright attacks Flintmother: 8"
    assert "Defend with 8 or more" in d.lines[0][0]
    assert d.lines[1][0] == "Taking it: Flintmother \u03a3 0 \u2192 4 of 20 \u00b7 types E"
    # the dialog holds "Take the hit"; the panel does not repeat it
    assert "Take the hit" not in [b.label for b in scene.buttons]
    strength = card_of(scene, "Strength 7")
    assert scene.targets_for(strength) == set()  # 7 cannot stop 8: nothing lit
    click(app, dialog_button(scene, "Take the hit").rect.center)
    assert scene.session.notations[-1] == "P2 take"
    assert [scene.state.name(c) for c in scene.state.zones["hits.1"]] == ["Energy 4"]


def test_a_defence_dropped_on_the_attacked_character(app):
    scene = table(app, FIGHT)
    drag(app, center_of(scene, "Energy 4"), center_of(scene, "Flintmother"))
    click(app, scene.menu[0][0].center)  # Energy 4 alone: 5 with Saltbright's ability
    hand_over(app, scene)
    strength = card_of(scene, "Strength 7")
    assert scene.targets_for(strength) == {card_of(scene, "Flintmother")}
    drag(app, center_of(scene, "Strength 7"), center_of(scene, "Flintmother"))
    assert scene.session.notations[-1] == 'P2 defend "Strength 7" by "Flintmother"'
    assert not scene.state.zones["hits.1"]


def test_placing_a_card_on_ones_own_character(app):
    scene = table(app, {"phase": "placing", "first": "P1",
                        "P1": {**P1_TEAM, "hand": ["Storm Jar", "Energy 4"]},
                        "P2": {**P2_TEAM, "hand": ["Strength 7"]}})
    jar = card_of(scene, "Storm Jar")
    assert scene.targets_for(jar) == {card_of(scene, "Saltbright")}  # Energy 7 needed
    drag(app, center_of(scene, "Storm Jar"), center_of(scene, "Saltbright"))
    assert scene.session.notations == ['P1 place "Storm Jar" > "Saltbright"']
    hand_over(app, scene)
    placed = sprite_of(scene, "Storm Jar")
    block, _, _ = scene.layout_obj.blocks[card_of(scene, "Saltbright")]
    assert placed.zone == "placed.0" and block.contains(placed.rect)
    assert placed.rect.left > sprite_of(scene, "Saltbright").rect.right  # beside it


def test_an_illegal_drop_glides_back_and_names_the_rule(app):
    scene = table(app, FIGHT)
    # the picture painted whole in each frame: cards glide only once the picture shows
    # where they go, the refusal's message moves the log, and frames alone paint the
    # new picture a CPU budget a frame (more frames on cold caches or a busy machine:
    # run first in its process, this test failed): the 20 frames are the glide's own
    scene.renderer.paint_budget = None
    before = scene.state
    start = center_of(scene, "Intellect 7")
    drag(app, start, center_of(scene, "Flintmother"))
    assert scene.state is before
    assert scene.toast.active and scene.toast.message == (
        "Saltbright cannot use Intellect 7: Saltbright's Intellect rating is 6 (a card's "
        "value must not exceed the rating).")
    assert scene.snap is not None
    for _ in range(20):
        app.step(0.016)
    assert scene.snap is None and sprite_of(scene, "Intellect 7").rect.center == start


def test_a_special_that_acts_on_ones_side_is_dropped_on_its_character(app):
    scene = table(app, FIGHT)
    assert scene.targets_for(card_of(scene, "Ballast")) == {card_of(scene, "Keel Marrow")}
    drag(app, center_of(scene, "Ballast"), center_of(scene, "Keel Marrow"))
    assert scene.session.notations == ['P1 special "Ballast" by "Keel Marrow"']


def test_the_venture_dialog_and_the_penalty_it_brings(app):
    scene = table(app, {"phase": "venture", "first": "P1", "P1": {**P1_TEAM},
                        "P2": {**P2_TEAM}})
    d = scene.dialog
    assert d.d.title == "Venture mission cards on battle 1"
    assert [b.label for b in scene.buttons] == []  # no button per venture in the panel
    minus, plus, _ = d.steps[0]
    click(app, plus.center)
    click(app, plus.center)
    assert scene.dialog.d.steppers[0].value == 3
    assert ("Over two cards: P2 may draw 1 card(s) at once", (255, 198, 70)) in \
        scene.dialog.extra
    # from Completed: nothing to venture yet (and Defeated is empty)
    assert scene.dialog.d.steppers[1].high == 0
    click(app, dialog_button(scene, "Venture").rect.center)
    assert scene.session.notations == ["P1 venture 3 0"]
    hand_over(app, scene)
    assert scene.dialog.d.title == "Penalty draws"
    hand = len(scene.state.zones["hand.1"])
    click(app, dialog_button(scene, "Draw").rect.center)
    assert scene.session.notations[-1] == "P2 penalty 1"
    assert len(scene.state.zones["hand.1"]) == hand + 1


def test_duplicates_are_kept_from_a_dialog(app):
    scene = table(app, {"phase": "discard", "first": "P1",
                        "P1": {**P1_TEAM, "hand": ["Energy 3", "Fighting 3", "Energy 5"]},
                        "P2": {**P2_TEAM, "hand": ["Strength 7"]}})
    d = scene.dialog
    assert d.d.title.startswith("Duplicates: keep one")
    names = [scene.state.name(p.card) for _, p in d.picks]
    assert sorted(names) == ["Energy 3", "Fighting 3"]
    rect = next(r for r, p in d.picks if scene.state.name(p.card) == "Fighting 3")
    click(app, rect.center)
    assert scene.session.notations[0] == 'P1 keep "Fighting 3"'


def test_the_end_of_battle_summary_shows_both_ladders(app):
    scene = table(app, {"phase": "fight", "first": "P2", "turn": "P1", "last_pass": True,
                        "P1": {**P1_TEAM, "hand": ["Energy 4"], "ventured": {"reserve": 2}},
                        "P2": {**P2_TEAM, "passed": True, "ventured": {"reserve": 1},
                               "hits": {"Flintmother": ["Energy 5"]}}})
    click(app, next(b for b in scene.buttons if b.label == "Pass").rect.center)
    assert scene.session.notations == ["P1 pass"]  # a pass after a pass ends the battle
    if scene.handover_to is not None:
        hand_over(app, scene)
    d = scene.dialog.d
    assert d.modal and d.title == "Battle 1: Venture Totals P1 5, P2 0"
    words = [line for line, _ in d.lines]
    assert "P1 wins the battle (5 to 0)" in words
    assert "P1: 2 Reserve \u2192 Completed" in words
    assert "    Completed 0 \u2192 2 \u00b7 Reserve 7 \u2192 5 \u00b7 Defeated 0 (of 7)" in words
    assert "P2: 1 Reserve \u2192 Defeated" in words
    assert "P1 hit: Energy 5 on Flintmother" in words
    before = scene.state
    click(app, (10, 300))  # modal: the table takes no click
    assert scene.dialog is not None and scene.state is before
    click(app, dialog_button(scene, "Continue").rect.center)
    assert scene.dialog is None or not scene.dialog.d.modal


def test_a_computer_seat_answers_through_the_worker(app):
    scene = table(app, FIGHT, seats=[SeatConfig("Ana"), SeatConfig("Bo", "computer")])
    drag(app, center_of(scene, "Storm Jar"), center_of(scene, "Flintmother"))
    settle(app, scene)  # the computer defends (or not), then takes its own turn
    moves = scene.session.notations
    assert moves[0].startswith('P1 attack "Energy 4" + "Storm Jar"')
    assert moves[1] in ("P2 take",) or moves[1].startswith("P2 defend")
    assert len(moves) >= 3 and moves[2].startswith("P2 ")
    assert scene.state.over or scene.state.actor == 0


def test_the_rules_help_is_ours_and_opens_from_the_table(app):
    scene = table(app, FIGHT)
    rules = next(b for b in scene.tools if b.label == "Rules")
    click(app, rules.rect.center)
    assert scene.help_open
    lines = [row.lines[0][0] for row in scene.help_list.rows]
    assert "The goal" in lines and "Hits and KOs" in lines


def test_the_new_game_screen_scrolls_to_the_last_optional_rule(app):
    from tabletop.ui.menu import MainMenu, NewGame

    app.push(MainMenu())
    new = NewGame()
    app.push(new)
    new._set_game("overpower")
    box = new.rules_box
    last = box.widgets[-1]  # the Any Character Limitation, below the window
    assert last.label == "Any Character Limitation" and last not in box.shown()
    pygame.mouse.set_pos(box.rect.center)
    for _ in range(10):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, force=True))
        app.step(0.016)
    assert box.offset == box.max_offset() > 0 and last in new.rules_box.shown()
    click(app, new.rules_box.widgets[-1].rect.move(10, 10).topleft)
    assert new.options["any_character_limitation"] is True
    assert new.rules_box.offset == box.offset  # the screen laid out again keeps its scroll


def test_the_follow_up_prompt_of_a_teamwork_card(app):
    scene = table(app, {"phase": "fight", "first": "P1",
                        "P1": {**P1_TEAM, "hand": ["Pincer Move", "Strength 5", "Energy 4"]},
                        "P2": {**P2_TEAM, "hand": ["Energy 2"]}})
    drag(app, center_of(scene, "Pincer Move"), center_of(scene, "Cobble Jack"))
    assert scene.session.notations == ['P1 teamwork "Pincer Move" by "Gannet Vey" > "Cobble Jack"']
    hand_over(app, scene)
    click(app, dialog_button(scene, "Take the hit").rect.center)
    hand_over(app, scene)
    d = scene.dialog.d
    assert d.title == ("Pincer Move: follow up \u2014 Strength +2 and/or Energy +2, each by a "
                       "different teammate (not Gannet Vey); at least one")
    assert d.actions == []  # one follow-up at least: no way to finish yet
    drag(app, center_of(scene, "Strength 5"), center_of(scene, "Flintmother"))
    assert scene.session.notations[-1] == \
        'P1 follow "Strength 5" as strength by "Keel Marrow" > "Flintmother"'
    hand_over(app, scene)
    click(app, dialog_button(scene, "Take the hit").rect.center)
    hand_over(app, scene)
    assert scene.dialog.d.title.endswith("one more, or finish")
    click(app, dialog_button(scene, "Finish Teamwork").rect.center)
    assert scene.session.notations[-1] == "P1 finish"


def offered_by_the_table(scene, move) -> bool:
    """The table offers ``move``: in its dialog, as a panel button, as a drag of a card
    on the table onto a lit target, or in a card's menu."""
    text, gestures = scene.game.text, scene.kit.gestures
    if scene.dialog is not None and move in scene.dialog.d.moves:
        return True
    gesture = gestures.gesture(move)
    if gesture == "button":
        return text.describe(scene.state, move) in [b.label for b in scene.buttons]
    if gesture == "drag":
        return any(scene.pointer.sprite_of(c) is not None and gestures.landing(move) in
                   scene.targets_for(c) for c in gestures.carriers(move))
    return scene.pointer.sprite_of(move.card) is not None


@pytest.mark.parametrize("seed", [3, 6])
def test_every_decision_of_a_whole_game_is_offered_by_the_table(app, seed):
    from tabletop.engine.players import RandomPlayer
    from tabletop.engine.rng import Rng
    from tabletop.games.overpower.ai import OverPowerAI

    session = Session(GAME, app.catalog("overpower"), {}, seed,
                      [SeatConfig("Ana"), SeatConfig("Bo")])
    scene = table_for(session)
    app.replace(scene)
    app.step(0.016)
    players, rng = (OverPowerAI(), RandomPlayer()), Rng(seed)
    summaries = 0
    while not session.state.over:
        if scene.handover_to is not None:
            scene.take_seat()
        if scene.dialog is not None and scene.dialog.d.modal:  # a battle's summary
            summaries += 1
            scene.dialog.buttons[0].on_click()
            continue
        s = session.state
        move = players[s.actor].choose(GAME.rules, GAME.rules.view(s, s.actor), s.actor, rng)
        assert offered_by_the_table(scene, move), GAME.notation.format_move(s, move)
        assert scene.play(move)
        app.step(0.016)
    assert summaries >= 2 and len(session.moves) > 50


def test_a_saved_copy_reopens_on_the_same_table(app):
    from ui_helpers import frames

    from tabletop.engine.paths import saves_dir
    from tabletop.ui.menu import open_save, start_table

    scene = table(app, FIGHT)
    drag(app, center_of(scene, "Storm Jar"), center_of(scene, "Flintmother"))
    hand_over(app, scene)
    click(app, next(b for b in scene.tools if b.label == "Save").rect.center)
    for _ in frames(app, 10):
        if "Saved as" in scene.toast.message:
            break
    copy = next(saves_dir().glob("overpower-*.json"))
    session, warnings = open_save(app, copy)
    assert not warnings and session.notations == scene.session.notations
    start_table(app, session)
    again = app.scene
    if again.handover_to is not None:
        again.take_seat()
    assert again.viewer == 1 and again.dialog.d.title == "Saltbright attacks Flintmother: 8"
    assert {s.card for s in again.layout_obj.sprites} == {s.card for s in scene.layout_obj.sprites}


def _frame_pixels(app) -> bytes:
    app.step(0.016)
    app.spare(__import__("time").perf_counter() + 0.05)
    return pygame.image.tobytes(app.screen, "RGB")


def test_a_dialog_is_drawn_once_and_kept_while_nothing_under_it_changes(app):
    """The venture dialog is painted once; later frames copy its pixels (the same as a
    fresh drawing), with what the pointer lights drawn over them, until a number
    changes."""
    scene = table(app, {"phase": "venture", "first": "P1", "P1": {**P1_TEAM},
                        "P2": {**P2_TEAM}})
    box = scene.dialog
    # the picture finishes (painted between frames, in as many as this machine takes: a
    # busy one gets less done in each frame's time to spare), then the dialog is drawn
    # and kept
    first_frames(app, scene)
    _frame_pixels(app)
    kept = scene.renderer._dialog_pic
    assert kept is not None
    calls = []
    real = box.draw
    box.draw = lambda surf: (calls.append(1), real(surf))
    first = _frame_pixels(app)
    assert calls == [] and scene.renderer._dialog_pic is kept  # copied, not drawn
    box.draw = real
    fresh = pygame.Surface(app.screen.get_size())
    scene.renderer._dialog_pic = None
    scene.draw(fresh)
    assert pygame.image.tobytes(fresh, "RGB") == first  # the copy is what a drawing gives
    kept = scene.renderer._dialog_pic
    minus, plus, _ = box.steps[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=plus.center, rel=(1, 1),
                                         buttons=(0, 0, 0)))
    lit = _frame_pixels(app)
    assert lit != first  # the pointer over "+" lights it, over the kept dialog
    assert scene.renderer._dialog_pic is kept
    scene.renderer._dialog_pic = None
    scene.draw(fresh)
    assert pygame.image.tobytes(fresh, "RGB") == lit
    click(app, plus.center)
    assert scene.dialog.d.steppers[0].value == 2
    assert _frame_pixels(app) != lit  # the number changed: drawn again
