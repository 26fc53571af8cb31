"""The table with the keyboard alone: whole games of every game played with posted
KEYDOWN events only, the focus ring drawn round the focused card, Esc putting a chosen
card down, what Enter will do said in the message strip."""

from __future__ import annotations

import random

import pygame
import pytest
from keyboard_helpers import focus_on, hot_seat_table, key, play_by_keys, settle
from table_helpers import brawl_table, first_frames

from tabletop.games import GAMES
from tabletop.ui.table.overlays import focus_area


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_whole_game_is_played_with_the_keyboard_alone(app, game_id):
    """Every seat a person at one screen; each decision made by Tab and Enter (a card,
    then its place; a menu's entry; a dialog's card or button; a panel button): the
    game ends, and every move of it is one the keys meant."""
    pygame.event.clear()
    scene = hot_seat_table(app, game_id, seed=3)
    kinds = set()
    original = scene.keys._make_stops

    def noting():  # which kinds of stop the game went through (cards, places, menus...)
        stops = original()
        kinds.update(s.key[0] for s in stops if s.moves)
        return stops

    scene.keys._make_stops = noting
    meant = play_by_keys(app, scene, random.Random(game_id))
    assert scene.state.over, f"{len(meant)} moves and the game goes on"
    assert list(scene.session.moves) == meant
    assert scene.seat_violations == 0
    if game_id != "hero-vs-nemesis":  # (played with the panel's buttons alone)
        assert {"card", "place"} <= kinds or {"card", "entry"} <= kinds, kinds
    # the game-over panel's buttons take the focus: Review table, by keys
    settle(app, scene)
    assert focus_on(app, scene, lambda s: s.key == ("over", "Review table"))
    key(app, pygame.K_RETURN)
    assert not scene.gameover_shown


def _focus_first_card(app, scene):
    assert focus_on(app, scene, lambda s: s.key[0] == "card" and
                    scene.pointer.drag_moves(s.key[1]))
    return scene.keys.focused.key[1]


def test_the_focus_ring_is_drawn_round_the_focused_card(app):
    scene = brawl_table(app, hide_hands=False, autosave=False)
    first_frames(app, scene)
    before = app.screen.copy()
    card = _focus_first_card(app, scene)
    settle(app, scene)
    rect = scene.pointer.sprite_of(card).rect
    assert scene.frame().focus.ring == rect
    ring = focus_area(rect)
    white = black = changed = 0
    for x in range(ring.left, ring.right):  # along the ring's top and bottom bands
        for y in (*range(ring.top, ring.top + 7), *range(ring.bottom - 7, ring.bottom)):
            if not app.screen.get_rect().collidepoint(x, y):
                continue
            now = tuple(app.screen.get_at((x, y)))[:3]
            white += now == (255, 255, 255)
            black += now == (0, 0, 0)
            changed += now != tuple(before.get_at((x, y)))[:3]
    assert white > ring.w and black > 2 * ring.w and changed > 3 * ring.w
    # a click hides it: the table is the mouse's again
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(2, 2), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(2, 2), button=1))
    app.step(0.016)
    assert scene.frame().focus is None


def test_enter_chooses_a_card_its_places_are_focused_and_esc_puts_it_down(app):
    scene = brawl_table(app, hide_hands=False, autosave=False)
    card = _focus_first_card(app, scene)
    name = scene.state.name(card)
    assert scene.keys.line().startswith(f"Enter: choose {name}")
    key(app, pygame.K_RETURN)
    assert scene.keys.chosen == card
    stops = scene.keys.stops()
    assert stops and all(s.key[0] in ("place", "card menu") for s in stops)
    assert {m for s in stops for m in s.moves} == set(scene.pointer.drag_moves(card)) | \
        set(scene.pointer.menu_moves(card))
    focus = scene.frame().focus
    assert focus.chosen == scene.pointer.sprite_of(card).rect and focus.places
    line = scene.keys.line()
    assert line == f"Enter: {stops[0].says[:1].lower()}{stops[0].says[1:]} \u00b7 Esc: back"
    assert (line, (236, 239, 243)) in scene.messages()  # said in the message strip
    moves = len(scene.session.moves)
    key(app, pygame.K_ESCAPE)
    assert scene.keys.chosen is None and scene.keys.focused.key == ("card", card)
    assert app.scene is scene and len(scene.session.moves) == moves  # still at the table
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)  # played at the first place
    settle(app, scene)
    assert len(scene.session.moves) == moves + 1
    assert scene.session.moves[-1] == stops[0].moves[0]


def test_a_place_with_several_moves_opens_the_menu_and_arrows_pick_in_it(app):
    """OverPower: a card dropped on a place with several moves asks which; so does
    Enter there, and the menu's entries take the focus (Esc closes it)."""
    for seed in range(1, 30):
        scene = hot_seat_table(app, "overpower", seed)
        for _ in range(40):
            found = next((s for s in scene.keys.stops() if s.key[0] == "card" and any(
                len(moves) > 1 for moves in _places(scene, s.key[1]).values())), None)
            if found is not None or scene.state.over:
                break
            play_by_keys(app, scene, random.Random(seed), limit=1)
        if found is not None:
            break
    else:
        pytest.skip("no place with several moves in these games")
    card = found.key[1]
    many = next(rect for rect, moves in _places(scene, card).items() if len(moves) > 1)
    assert focus_on(app, scene, lambda s: s.key == found.key)
    key(app, pygame.K_RETURN)
    assert focus_on(app, scene, lambda s: s.key == ("place", many))
    key(app, pygame.K_RETURN)
    assert scene.menu and scene.keys.focused.key[0] == "entry"
    key(app, pygame.K_DOWN)
    assert scene.keys.focused.key[1] == 1 % len(scene.menu)
    key(app, pygame.K_ESCAPE)
    assert not scene.menu and app.scene is scene


def _places(scene, card):
    out = {}
    for rect, move, _ in scene.pointer.lit_targets(card):
        out.setdefault(tuple(rect), []).append(move)
    return out


def test_the_panel_tools_are_stops_too(app):
    scene = brawl_table(app, hide_hands=False, autosave=False)
    assert focus_on(app, scene, lambda s: s.key == ("tool", "Rules"))
    key(app, pygame.K_SPACE)
    assert scene.help_open
    key(app, pygame.K_ESCAPE)
    assert not scene.help_open and app.scene is scene


def test_the_focused_card_is_shown_large_with_z(app):
    scene = brawl_table(app, hide_hands=False, autosave=False)
    card = _focus_first_card(app, scene)
    key(app, pygame.K_z)
    assert scene.zoom == card and scene.frame().focus is None
    key(app, pygame.K_ESCAPE)
    assert scene.zoom is None and scene.keys.focused.key == ("card", card)


def test_a_line_of_narration_is_typed_and_sent_with_the_move_by_keys(app):
    scene = hot_seat_table(app, "hero-vs-nemesis", seed=2)
    assert focus_on(app, scene, lambda s: s.key == ("narration",))
    key(app, pygame.K_RETURN)
    assert scene.narration.focused
    for ch in "Onward?":  # typed: the ? goes into the line, not to the list of keys
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=0,
                                             unicode=ch, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.step(0.016)
    key(app, pygame.K_RETURN)  # the line ends; the focus is the table's again
    assert not scene.narration.focused and scene.narration.value == "Onward?"
    assert app.scene is scene
    moves = len(scene.session.moves)
    play_by_keys(app, scene, random.Random(2), limit=1)
    assert len(scene.session.moves) == moves + 1
    assert "Onward?" in str(scene.session.notes)


def test_frames_copying_only_the_marks_match_whole_frames_as_the_focus_moves(app):
    """The ring, the chosen card and its places are marks: a frame that copies the
    picture only there looks exactly as one that copies all of it."""
    from test_table_marks import Frames

    scene = brawl_table(app, hide_hands=False, autosave=False)
    frames = Frames(app, scene)
    for k in (pygame.K_TAB, pygame.K_TAB, pygame.K_TAB, pygame.K_LEFT, pygame.K_UP):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
        for _ in range(3):
            frames.step()
    _focus_first_card(app, scene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode=""))
    for k in (None, pygame.K_TAB, pygame.K_ESCAPE):
        if k is not None:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
        for _ in range(3):
            frames.step()
    assert frames.marked >= 10


@pytest.mark.parametrize("game_id", ["brawl", "power-play"])
def test_a_whole_game_against_computer_seats_by_keys(app, game_id):
    """A person at the keyboard against computers at Easy: the person's seat moves only
    by its keys, the computers by their answers, to the end of the game."""
    pygame.event.clear()
    scene = hot_seat_table(app, game_id, seed=4, computers=1)
    meant = play_by_keys(app, scene, random.Random(4))
    assert scene.state.over
    mine = [m for m in scene.session.moves if m.seat in scene.humans]
    assert mine == meant and mine
    assert len(scene.session.moves) > len(mine) and scene.seat_violations == 0
