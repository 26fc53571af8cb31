"""OverPower's card-choice dialogs, headless with posted mouse events: the words under a
card that read as a button ("Keep", "Take") are one, and play the card's move."""

from __future__ import annotations

import time

import pygame
from test_overpower_ui import P1_TEAM, P2_TEAM, table
from ui_helpers import click

from tabletop.ui import theme

DUPLICATES = {"phase": "discard", "first": "P1",
              "P1": {**P1_TEAM, "hand": ["Energy 3", "Fighting 3", "Energy 5"]},
              "P2": {**P2_TEAM, "hand": ["Strength 7"]}}


def _under(scene, name: str) -> tuple[int, int]:
    """A point on the words under the card ``name`` in the dialog (below the card, in
    the row its caption is drawn in)."""
    box = scene.dialog
    rect = next(r for r, p in box.picks if scene.state.name(p.card) == name)
    return rect.centerx, rect.bottom + int(14 * box.scale)


def test_the_keep_label_under_a_duplicate_plays_the_same_move_as_the_card(app):
    scene = table(app, DUPLICATES)
    box = scene.dialog
    captions = {scene.state.name(p.card): p.caption for _, p in box.picks}
    assert captions == {"Energy 3": "Keep", "Fighting 3": "Keep"}
    pos = _under(scene, "Fighting 3")
    assert not any(r.collidepoint(pos) for r, _ in box.picks)  # on the label, not a card
    (left, _), (right, _) = sorted(box.picks, key=lambda rp: rp[0].x)
    click(app, ((left.right + right.left) // 2, pos[1]))  # between the two labels
    assert scene.session.notations == [] and scene.dialog is not None
    click(app, pos)
    assert scene.session.notations == ['P1 keep "Fighting 3"']


def test_the_other_label_keeps_the_other_card(app):
    scene = table(app, DUPLICATES)
    click(app, _under(scene, "Energy 3"))
    assert scene.session.notations == ['P1 keep "Energy 3"']


def _pixels(app) -> bytes:
    app.step(0.016)
    app.spare(time.perf_counter() + 0.05)
    return pygame.image.tobytes(app.screen, "RGB")


def test_the_label_is_drawn_as_a_button_and_lights_under_the_pointer(app):
    scene = table(app, DUPLICATES)
    pos = _under(scene, "Energy 3")
    away = (scene.dialog.rect.left + 4, scene.dialog.rect.top + 4)
    for _ in range(3):
        _pixels(app)
    card = next(r for r, p in scene.dialog.picks if scene.state.name(p.card) == "Energy 3")
    # a button's face fills the row under the card round its words
    at = app.screen.get_at
    assert tuple(at((card.left + 3, pos[1])))[:3] == theme.BUTTON
    assert tuple(at((card.right - 4, pos[1])))[:3] == theme.BUTTON
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(1, 1),
                                         buttons=(0, 0, 0)))
    still = _pixels(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                         buttons=(0, 0, 0)))
    assert _pixels(app) != still  # the pointer on the label lights it (and its card)
