"""The Solo Deck-Builder table, headless, driven by posted mouse events: drags that play,
buy and defeat; refusals that snap back with the rule's reason; buttons for decisions."""

from __future__ import annotations

from solo_helpers import names
from ui_helpers import button, center_of, click, drag, frames, sprite_of, zone_center

from tabletop.engine.info import SeatConfig
from tabletop.engine.paths import saves_dir
from tabletop.engine.session import Session
from tabletop.games import get_game
from tabletop.ui.kits import table_for


def table(app, position=None, options=None, seats=None):
    game = get_game("solo-deckbuilder")
    catalog = app.catalog("solo-deckbuilder")
    session = Session(game, catalog, game.rules.normalize_options(options or {}), 3,
                      seats or [SeatConfig("Ana")], position=position)
    scene = table_for(session, autosave=saves_dir() / "autosave.json")
    app.replace(scene)
    app.step(0.016)
    return scene


POSITION = {"superhero": "Vela the Unbowed", "location": "Greyhollow Ward",
            "supervillain": "Baron Ashfall", "hand": ["Jab", "Surge", "Iron Skin"],
            "row": ["Night Patrol", "Heat Beam", "Recon Drone"],
            "battleground": ["Gutter Thug", "Rust Brute"], "deck": ["Jab"] * 6,
            "enemy": ["Masked Fence"]}


def test_drag_to_play_buy_and_defeat(app):
    scene = table(app, POSITION)
    drag(app, center_of(scene, "Jab"), zone_center(scene, "played.0"))
    s = scene.session.state
    assert names(s, "played.0") == ["Jab"] and s.power == 1
    assert scene.session.notations[-1] == 'P1 play "Jab"'
    drag(app, center_of(scene, "Surge"), zone_center(scene, "played.0"))
    assert scene.session.state.power == 3
    # only what 3 Power pays for lights up
    night = sprite_of(scene, "Night Patrol").card
    assert scene.targets_for(night) == {"discard.0"}
    assert scene.targets_for(sprite_of(scene, "Heat Beam").card) == set()
    assert scene.targets_for(sprite_of(scene, "Gutter Thug").card) == {"defeated"}
    drag(app, center_of(scene, "Night Patrol"), zone_center(scene, "discard.0"))
    s = scene.session.state
    assert names(s, "discard.0") == ["Night Patrol"] and s.power == 0
    assert names(s, "row") == ["Heat Beam", "Recon Drone"]


def test_an_unaffordable_buy_snaps_back_with_the_reason(app):
    scene = table(app, POSITION)
    # the whole picture painted in each frame: the card's glide back waits for it, and
    # how many frames painting takes depends on the machine (not what is tested here)
    scene.renderer.paint_budget = None
    before = scene.session.state
    start = center_of(scene, "Heat Beam")
    drag(app, start, zone_center(scene, "discard.0"))
    assert scene.session.state is before
    assert scene.toast.active and scene.toast.message == "Heat Beam costs 4 Power; you have 0."
    for _ in range(20):
        app.step(0.016)
    assert scene.snap is None and sprite_of(scene, "Heat Beam").rect.center == start
    drag(app, center_of(scene, "Baron Ashfall"), zone_center(scene, "defeated"))
    assert scene.toast.message == ("Baron Ashfall costs 8 + 2 (Greyhollow Ward) = 10 Power; "
                                   "you have 0.")
    assert scene.session.state is before


def test_defeat_by_drag_and_end_the_turn_with_the_button(app):
    scene = table(app, {**POSITION, "hand": ["Surge", "Jab", "Jab"]})
    for _ in range(3):
        first = next(sp for sp in scene.layout_obj.sprites if sp.zone == "hand.0")
        drag(app, first.rect.center, zone_center(scene, "played.0"))
    assert scene.session.state.power == 4
    drag(app, center_of(scene, "Rust Brute"), zone_center(scene, "defeated"))
    s = scene.session.state
    assert names(s, "defeated") == ["Rust Brute"] and s.power == 1
    click(app, button(scene, "End turn (villains attack)").rect.center)
    s = scene.session.state
    assert s.turn == 3 and s.step == 6
    assert len(s.zones["hand.0"]) == 6  # five, and one for Vela's power (a defeat)
    assert any(line.startswith("Step 7: 1 villain attacks the resource row")
               for entry in scene.session.log(0) for line in entry.lines)


def test_decisions_are_buttons(app):
    scene = table(app, {**POSITION, "row": [], "battleground": ["Gutter Thug"],
                        "hand": ["Iron Skin"]})
    click(app, button(scene, "End turn (villains attack)").rect.center)
    assert scene.session.state.pending[0] == "defend"
    assert [b.label for b in scene.buttons] == ["Prevent it with Iron Skin", "Take the Weakness"]
    assert "use a Defense card to prevent the Weakness" in scene.game.text.status(scene.state, 0)
    click(app, button(scene, "Prevent it with Iron Skin").rect.center)
    assert scene.session.state.later_draws == 0 and scene.session.state.turn == 3
    assert len(scene.session.state.zones["hand.0"]) == 6  # five, plus one from Iron Skin


def test_choosing_the_superhero(app):
    scene = table(app, options={"superhero": "choose"})
    labels = [b.label for b in scene.buttons]
    assert labels == ["Play as Brass Tinker", "Play as Deepwell Oracle", "Play as Nightjar",
                      "Play as Sunforged Paragon", "Play as Vela the Unbowed"]
    assert {sp.zone for sp in scene.layout_obj.sprites} >= {"superheroes"}
    click(app, button(scene, "Play as Nightjar").rect.center)
    s = scene.session.state
    assert names(s, "hero.0") == ["Nightjar"] and s.step == 6 and s.turn == 1


def test_the_computer_plays_the_solo_game(app):
    scene = table(app, POSITION, seats=[SeatConfig("Robo", "computer")])
    for _ in frames(app, 60):  # the computer thinks in its worker process
        if scene.state.over or scene.state.turn >= 4:
            break
    assert scene.state.turn >= 4 or scene.state.over


def test_the_panel_shows_power_weaknesses_and_traits(app):
    scene = table(app, POSITION)
    lines = [text for text, _ in scene.info]
    assert lines[0] == "Power available: 0"
    assert lines[1] == "Weaknesses in your cards: 0 (4 in the five drawn lose)"
    assert "Greyhollow Ward: row 3, battleground 3, supervillain +2" in lines
    assert "Condition: empty battleground at step 5: 2 villains arrive" in lines
    assert "Baron Ashfall: 8 + 2 = 10 Power to defeat" in lines


def test_dropping_a_card_back_in_its_row_does_nothing(app):
    scene = table(app, {**POSITION, "hand": ["Surge", "Jab"], "row": ["Night Patrol"]})
    drag(app, center_of(scene, "Surge"), zone_center(scene, "played.0"))
    drag(app, center_of(scene, "Jab"), zone_center(scene, "played.0"))
    before = scene.session.state
    assert before.power == 3
    drag(app, center_of(scene, "Night Patrol"), zone_center(scene, "row"))
    assert scene.session.state is before
    assert not scene.toast.message  # put back: nothing was meant
    # a drop counts only on the lit target: elsewhere the rule is named
    drag(app, center_of(scene, "Night Patrol"), zone_center(scene, "played.0"))
    assert scene.session.state is before
    assert scene.toast.message == "A card you buy goes to your discard pile: drop it there."
    drag(app, center_of(scene, "Night Patrol"), zone_center(scene, "discard.0"))
    assert names(scene.session.state, "discard.0") == ["Night Patrol"]
