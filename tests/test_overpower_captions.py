"""OverPower's pile captions, drawn headless on a late table at the smallest window and
at full HD: each pile's name on one line under it, at a readable size, its count over the
pile; the ventured piles beside the Venture Totals. The heading of an attack (who attacks
whom) stays readable at the smallest window too."""

from __future__ import annotations

import pygame
import pytest
from test_overpower_ui import P1_TEAM, P2_TEAM, table

from tabletop.ui import pictures, text
from tabletop.ui.app import MIN_SIZE
from tabletop.ui.overpower.layout import MISSIONS, PILES

LATE = {"phase": "fight", "first": "P1", "battle": 5,
        "P1": {**P1_TEAM, "hand": ["Energy 4", "Storm Jar"], "completed": 1, "defeated": 2,
               "ventured": {"reserve": 1, "completed": 1}, "pack": ["Energy 2", "Energy 3"],
               "dead": ["Ballast"]},
        "P2": {**P2_TEAM, "hand": ["Strength 7"], "completed": 1, "defeated": 4,
               "ventured": {"reserve": 2}}}
CAPTIONS = {label for _, label in PILES + MISSIONS} | {"Ventured"}
SIZES = (MIN_SIZE, (1366, 768), (1920, 1080))


def drawn_at(app, size, scene=None):
    """The table (``LATE`` unless given) at ``size`` and every text its frame draws."""
    scene = scene or table(app, LATE)
    app.screen = pygame.display.set_mode(size)
    scene.layout(size)
    scene.lay_out_now()
    scene.invalidate()
    scene.renderer.paint_budget = None  # the whole picture in the frame recorded
    pictures.forget()
    with text.recording() as drawn:
        app.step(0.016)
    return scene, drawn


def pile_name(words: str) -> str | None:
    """The pile a caption names (a caption may end with a count)."""
    return next((c for c in CAPTIONS if words == c or words.startswith(c + " ")), None)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_each_pile_caption_is_one_readable_line(app, size):
    scene, drawn = drawn_at(app, size)
    captions = [d for d in drawn if d.layer == "under" and pile_name(d.text)]
    # both seats: four card piles and three mission piles each, and a ventured pile each
    assert sorted(pile_name(d.text) for d in captions) == sorted(2 * [*CAPTIONS])
    for d in captions:
        assert d.lines == 1 and not d.overflow, (d.text, d.box)
        assert d.size >= 11 and d.size == d.asked, (d.text, d.size)  # never shrunk
        assert scene.layout_obj.table.contains(d.rect)
    for i, a in enumerate(captions):  # side by side, never over each other
        assert not any(a.rect.colliderect(b.rect) for b in captions[i + 1:]), a.text
    cards = [sp.rect for sp in scene.layout_obj.sprites]
    assert not any(r.colliderect(d.rect) for d in captions for r in cards)


def test_each_pile_shows_its_count_over_it(app):
    scene, drawn = drawn_at(app, MIN_SIZE)
    lay = scene.layout_obj
    counts = [(d.rect.center, d.text) for d in drawn if d.layer == "top"]
    for rect, label, count, *_ in lay.piles:
        inside = [words for at, words in counts if rect.collidepoint(at)]
        assert inside == [str(count)], (label, inside)
    # the ventured piles lie in the centre lane, beside the Venture Totals
    assert all(lay.lane.contains(lay.ventured[seat]) for seat in (0, 1))
    assert sorted(count for _, _, count, base, _ in lay.piles if base == "ventured") == [2, 2]


def test_the_attacks_heading_goes_on_two_lines_rather_than_shrink(app):
    scene = table(app, {"phase": "fight", "first": "P2",
                        "P1": {**P1_TEAM, "hand": ["Energy 4"]},
                        "P2": {**P2_TEAM, "hand": ["Energy 5"]}})
    move = scene.game.notation.parse_move(
        scene.state, 'P2 attack "Energy 5" as energy by "Tallow Pike" > "Gannet Vey"')
    assert scene.play(move)
    app.step(0.016)
    if scene.handover_to is not None:  # P1 defends: the table is shown to P1
        scene.take_seat()
    _, drawn = drawn_at(app, MIN_SIZE, scene)
    combat = scene.layout_obj.combat_area
    heading = [d for d in drawn if d.layer == "under" and combat.contains(d.rect)
               and d.rect.bottom <= scene.layout_obj.zones["combat"].top]
    assert [d.text for d in heading] == ["Tallow Pike \u2192", "Gannet Vey"]
    assert all(d.size >= 10 and d.lines == 1 for d in heading)


def test_the_panels_heading_counts_battles_not_turns(app):
    """The heading said "turn 0" all through Battle 1's draw, discard and venture."""
    from table_helpers import open_table

    scene = open_table(app, "overpower")
    assert scene.state.battle == 0
    assert scene.layout_obj.progress(scene.state) == "before the first battle"
    while scene.state.battle == 0:
        assert scene.play(scene.legal[0]) and scene.land_now()
        if scene.handover_to is not None:
            scene.take_seat()
    assert scene.state.battle == 1 and scene.state.turn == 0
    with text.recording() as drawn:
        scene.invalidate()
        scene.renderer.paint_budget = None
        app.step(0.016)
    assert any(d.text == "OverPower \u00b7 battle 1" for d in drawn)
    assert not any("turn 0" in d.text for d in drawn)
