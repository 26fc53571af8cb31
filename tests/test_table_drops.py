"""One drop policy for every game (the table, not a layout): a drop counts only on a lit
target; anywhere else the card glides back and the message is the rule the move would
break (the game's ``explain``), never a generic sentence. Every registered game, on its
sample tables and a new game: each card the viewer may pick up is dropped on every place
that is not one of its lit targets."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import open_table, sample_points
from ui_helpers import drag

from tabletop.games import GAMES
from tabletop.ui.app import App

#: sentences that name no rule (the table's own fallback says "cannot go there")
GENERIC = ("That move is not allowed now.", "Drop the card on one of the highlighted places.",
           "That card cannot be played now.", "That move is not possible now.")


@pytest.fixture()
def app():
    application = App(headless=True, ai_delay=1e9, mods=False)
    yield application
    application.quit()
    pygame.display.quit()


def grab_point(scene, sprite):
    """A point of ``sprite`` that no other card covers, nor a dialog (a card under a
    dialog cannot be picked up; the dialog keeps clear of cards that have a move)."""
    r = sprite.rect
    dialog = scene.dialog.rect if scene.dialog is not None else None
    for fx, fy in ((0.5, 0.5), (0.2, 0.5), (0.12, 0.3), (0.85, 0.5), (0.5, 0.15),
                   (0.1, 0.1), (0.5, 0.9)):
        p = (r.left + int(r.w * fx), r.top + int(r.h * fy))
        if scene.pointer.sprite_at(p) is sprite and not (dialog and dialog.collidepoint(p)):
            return p
    return None


def places(scene, sprite):
    """One point for each place that is not a lit target of ``sprite``'s card (every
    zone, every other card, the bare table), with what lies there."""
    lay = scene.layout_obj
    table = lay.table_rect(scene.size)
    lit = [rect for rect, _, _ in scene.lit_targets(sprite.card)]
    points = []
    for rect in [*lay.zones.values(), *(sp.rect for sp in lay.sprites if sp is not sprite)]:
        points += [rect.center, (rect.left + 4, rect.top + 4), (rect.right - 5, rect.bottom - 5)]
    points += [(x, y) for x in range(table.left + 15, table.right, 45)
               for y in range(15, table.bottom, 45)]
    found = {}
    for p in points:
        if not table.collidepoint(p) or any(rect.collidepoint(p) for rect in lit):
            continue
        target = scene.pointer.drop_target(p, sprite.card)
        if scene.pointer.put_back(sprite, target, p):
            continue  # back where it lies: only put down again
        found.setdefault(target, p)
    return found


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_drop_off_the_lit_targets_is_refused_with_the_rule(app, game_id):
    game = GAMES[game_id]
    tried = 0
    for label, data in [("new game", None), *sample_points(game_id)]:
        scene = open_table(app, game_id, data)
        viewer = scene.viewer
        if scene.state.over or viewer is None:
            continue
        cards = {}  # one card of each kind in each zone
        for sp in scene.layout_obj.sprites:
            if sp.card >= 0 and scene.pointer.can_pick_up(sp):
                cards.setdefault((sp.zone, scene.state.cards[sp.card].kind), sp)
        for sprite in cards.values():
            start = grab_point(scene, sprite)
            if start is None:
                continue
            for target, point in places(scene, sprite).items():
                before = scene.session.state
                scene.toast.message = ""
                drag(app, start, point, steps=2)
                where = f"{label}: {before.name(sprite.card)} dropped on {target!r} at {point}"
                assert scene.session.state is before, f"{where} made a move"
                assert scene.snap is not None, f"{where}: the card does not glide back"
                intent = scene.kit.gestures.move_for_drop(before, viewer, sprite.card, target)
                assert intent is not None, f"{where}: the game gives no reading of the drop"
                assert not game.rules.is_legal(before, intent), \
                    f"{where} means a legal move ({intent}) off its lit target"
                message = scene.toast.message
                assert message == game.text.explain(before, intent), where
                assert message and message not in GENERIC and "cannot go there" not in \
                    message, f"{where}: {message!r} names no rule"
                scene.motion.stop()
                tried += 1
    assert tried >= 10, f"only {tried} drops tried"


def test_a_drop_back_where_the_card_lies_says_nothing(app):
    scene = open_table(app, "brawl")
    sprite = next(sp for sp in scene.layout_obj.sprites if sp.zone == "hand.0")
    before = scene.session.state
    drag(app, sprite.rect.center, (sprite.rect.centerx + 30, sprite.rect.centery - 10))
    assert scene.session.state is before and not scene.toast.message
    assert scene.snap is not None  # it glides back into the hand


def test_only_a_lit_target_counts_in_hero_vs_nemesis(app):
    """An Ace offered at the set-up goes into the hand only when dropped on the hand."""
    scene = open_table(app, "hero-vs-nemesis")
    state = scene.session.state
    ace = next(sp for sp in scene.layout_obj.sprites if sp.zone == "offer.0")
    assert {m.target for m in scene.pointer.drag_moves(ace.card)} == {"hand.0"}
    drag(app, ace.rect.center, scene.layout_obj.zones["deck"].center)
    assert scene.session.state is state
    assert "into your hand" in scene.toast.message
    drag(app, ace.rect.center, scene.layout_obj.zones["hand.0"].center)
    assert scene.session.state is not state
    assert scene.session.notations[-1].startswith("P1 ace")
