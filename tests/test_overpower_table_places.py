"""OverPower's table with the cards of issue 14 (tabletop/ui/overpower/places.py): a whole
game between the ready-made Location decks offered move by move by the table (every drag
onto a target the table draws), a Battlesite attacked and defended by drops, an Aspect
dropped on its Home Base, an Artifact dropped on its bearer and drawn on its card, the
Specials beneath a Battlesite face down to the opponent, Events in play on the table."""

from __future__ import annotations

from collections import Counter

import pytest
from test_overpower_homebase import HOME, home_table
from test_overpower_locations import SITE, site_table
from test_overpower_ui import offered_by_the_table
from ui_helpers import center_of, drag, sprite_of

from tabletop.engine.info import SeatConfig
from tabletop.engine.session import Session
from tabletop.engine.state import HIDDEN
from tabletop.games import get_game
from tabletop.games.overpower.decks import deck_list
from tabletop.ui.kits import KITS, table_for
from tabletop.ui.table import TableScene

GAME = get_game("overpower")


def scene_of(app, session: Session) -> TableScene:
    scene = table_for(session, hide_hands=False)
    app.replace(scene)
    if scene.handover_to is not None:
        scene.take_seat()
    app.step(0.016)
    return scene


def drawn_where_it_lands(scene, move) -> bool:
    """A drag move's target is drawn on the table (lit and dropped on there)."""
    if scene.kit.gestures.gesture(move) != "drag" or (
            scene.dialog is not None and move in scene.dialog.d.moves):
        return True
    return scene.layout_obj.target_rect(move) is not None


@pytest.mark.parametrize("seed", [2, 5])
def test_a_whole_game_of_the_location_decks_is_offered_by_the_table(app, seed):
    from tabletop.engine.rng import Rng
    from tabletop.games.overpower.ai import OverPowerAI

    catalog = app.catalog("overpower")
    decks = {"P1": deck_list(catalog, "tidewatch-gull-point").to_data(),
             "P2": deck_list(catalog, "quarryfolk-breakwater").to_data()}
    session = Session(GAME, catalog, {}, seed, [SeatConfig("Ana"), SeatConfig("Bo")],
                      position={"phase": "setup", "decks": decks})
    scene = scene_of(app, session)
    ai, rng, kinds = OverPowerAI(), Rng(seed), Counter()
    wide = 0  # dialogs shown over the places column
    while not session.state.over:
        if scene.handover_to is not None:
            scene.take_seat()
        if scene.dialog is not None and scene.dialog.d.modal:
            scene.dialog.buttons[0].on_click()
            continue
        s = session.state
        if scene.dialog is not None and not _played_at_the_places(scene):
            # beside a Location deck's places a dialog is still wide enough to read
            assert scene.dialog.rect.w >= scene.layout_obj.S(300), scene.dialog.d.title
            wide += 1
        move = ai.choose(GAME.rules, GAME.rules.view(s, s.actor), s.actor, rng)
        said = GAME.notation.format_move(s, move)
        assert offered_by_the_table(scene, move), said
        assert drawn_where_it_lands(scene, move), said
        kinds[move.kind] += 1
        assert scene.play(move)
        app.step(0.016)
    assert kinds["activate"] and kinds["special"] and kinds["attack"]
    assert wide, "no dialog was shown while nothing was played at the places"


def _played_at_the_places(scene) -> bool:
    """Is a legal move dragged from or dropped on a card of the places column?"""
    lay, gestures = scene.layout_obj, scene.kit.gestures
    there = {sp.card for sp in lay.sprites if sp.rect.colliderect(lay.places_rect)}
    return any(there & {*gestures.carriers(m), gestures.landing(m)} for m in scene.legal)


def test_the_battlesite_is_drawn_with_its_specials_face_down_to_the_opponent(app):
    t = site_table({}, {"hand": ["Energy 5"]}, first="P2")
    scene = scene_of(app, t)
    assert scene.viewer == 1
    site = sprite_of(scene, SITE)
    assert site.zone == "site.0"
    under = [s for s in scene.layout_obj.sprites if s.zone == "beneath.0"]
    assert len(under) == 5 and all(s.card == HIDDEN or not s.face_up for s in under)
    # the Battlesite lies on its owner's side of the lane (the top, seen from P2)
    assert scene.layout_obj.lane.top <= site.rect.top < scene.layout_obj.lane.centery


def test_a_card_dropped_on_the_battlesite_attacks_it_and_its_defence_is_dropped_on_it(app):
    t = site_table({"hand": ["Energy 6"]}, {"hand": ["Energy 5"]}, first="P2")
    scene = scene_of(app, t)
    drag(app, center_of(scene, "Energy 5"), center_of(scene, SITE))
    if scene.menu:
        click_first(app, scene, f"\u2192 {SITE}")
    assert scene.session.notations[-1].endswith(f'> "{SITE}"')
    if scene.handover_to is not None:
        scene.take_seat()
    app.step(0.016)
    drag(app, center_of(scene, "Energy 6"), center_of(scene, SITE))
    assert scene.session.notations[-1] == f'P1 defend "Energy 6" by "{SITE}"'


def click_first(app, scene, ending: str) -> None:
    from ui_helpers import click

    rect = next(r for r, label, _ in scene.menu if label.endswith(ending))
    click(app, rect.center)


def test_an_aspect_dropped_on_the_home_base_is_played(app):
    t = home_table({"hand": ["The Fog Bell"]}, {})
    scene = scene_of(app, t)
    assert sprite_of(scene, HOME).zone == "base.0"
    drag(app, center_of(scene, "The Fog Bell"), center_of(scene, HOME))
    assert scene.session.notations[-1] == f'P1 special "The Fog Bell" by "{HOME}"'


def test_an_artifact_dropped_on_a_teammate_rides_on_its_card(app):
    from test_overpower_artifacts import crafty_table

    scene = scene_of(app, crafty_table({"hand": ["Tidecaller Compass"]}, {}))
    drag(app, center_of(scene, "Tidecaller Compass"), center_of(scene, "Keel Marrow"))
    assert scene.session.notations[-1] == \
        'P1 artifact "Tidecaller Compass" by "Saltbright" > "Keel Marrow"'
    app.step(0.016)
    borne = sprite_of(scene, "Tidecaller Compass")
    assert borne.zone == "borne.0"
    assert sprite_of(scene, "Keel Marrow").rect.colliderect(borne.rect)


def test_events_in_play_lie_on_their_players_side_of_the_lane(app):
    from tabletop.engine.rng import Rng
    from tabletop.games.overpower.ai import OverPowerAI

    catalog = app.catalog("overpower")
    decks = {"P1": deck_list(catalog, "tidewatch-gull-point").to_data(),
             "P2": deck_list(catalog, "quarryfolk-breakwater").to_data()}
    session = Session(GAME, catalog, {}, 4, position={"phase": "setup", "decks": decks})
    ai, rng = OverPowerAI(), Rng(4)
    while not any(session.state.zones[f"events.{p}"] for p in (0, 1)):
        s = session.state
        session.play(ai.choose(GAME.rules, GAME.rules.view(s, s.actor), s.actor, rng))
    scene = scene_of(app, session)
    lane = scene.layout_obj.lane
    for seat in (0, 1):
        for c in session.state.zones[f"events.{seat}"]:
            sprite = next(x for x in scene.layout_obj.sprites if x.card == c)
            assert sprite.zone == f"events.{seat}"
            mine = seat == scene.layout_obj.bottom
            assert (sprite.rect.top >= lane.centery) == mine
            assert lane.top <= sprite.rect.top < lane.bottom


@pytest.mark.parametrize("game_id", ["overpower"])
def test_every_card_kind_has_a_face_of_its_own(game_id):
    """No OverPower card falls back to the plain text face (issue 14's kinds included),
    and a face is drawn at a thumbnail's size and a zoomed card's."""
    from tabletop.ui import cardart

    catalog = GAME.rules.load_catalog(mod_dirs=[])
    for kind in {c.kind for c in catalog.cards.values()} - {"deck"}:
        card = next(c for c in catalog.cards.values() if c.kind == kind)
        painters = KITS[game_id].painters
        cardart.face(card, painters, 28, 39)
        assert painters.painter(kind) is not cardart.paint_generic, kind
        big = cardart.face(card, painters, 240, 336)
        assert big.get_at((120, 168))[3] == 255


def test_a_computer_seat_plays_a_battlesite_deck_through_the_worker(app):
    """The worker (another process) gets the position with the Locations and answers: the
    human attacks the computer's Battlesite, the computer defends it or takes the hit, then
    takes its own turn."""
    from ui_helpers import settle

    t = site_table({"hand": ["Energy 6", "Strength 4"]}, {"hand": ["Energy 5", "Energy 2"]},
                   first="P2")
    session = Session(GAME, t.catalog, t.options, 1,
                      [SeatConfig("Cy", "computer"), SeatConfig("Ana")],
                      position=t.position)
    scene = scene_of(app, session)
    drag(app, center_of(scene, "Energy 5"), center_of(scene, SITE))
    if scene.menu:
        click_first(app, scene, f"\u2192 {SITE}")
    settle(app, scene)
    moves = scene.session.notations
    assert moves[0].endswith(f'> "{SITE}"')
    assert moves[1] == "P1 take" or moves[1].startswith("P1 defend")
    assert len(moves) >= 3 and moves[2].startswith("P1 ")
