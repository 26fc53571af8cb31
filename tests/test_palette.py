"""The colour-blind-safe palette: every distinction the rules make by colour stays apart
for normal vision and, simulated, for protanopia, deuteranopia and tritanopia, in the
palette and on screenshots of every game's table; the standard palette does not (which
is why the option is there); switching back restores the standard colours exactly."""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest
from table_helpers import open_table, sample_points

import tabletop.ui.kits  # noqa: F401 - every game's UI (its colours)
from tabletop.games import GAMES
from tabletop.ui import colour_vision, palette, pictures, theme
from tabletop.ui.app import App


@pytest.fixture(autouse=True)
def _standard_after():
    yield
    palette.apply("standard")


def too_close() -> list[str]:
    out = []
    for name, (floor, colours) in palette.distinctions().items():
        for (na, a), (nb, b) in combinations(colours, 2):
            d, kind = colour_vision.worst_distance(a, b)
            if d < floor:
                out.append(f"{name}: {na} {a} and {nb} {b} are {d:.1f} apart with {kind} "
                           f"(at least {floor})")
    return out


def test_every_game_declares_its_colours():
    """Every game's kit is imported (as the app imports them): each declares the colours
    its rules tell apart."""
    names = set(palette.distinctions())
    for wanted in ("seats", "Brawl sides", "Power Play power types", "Solo card types",
                   "OverPower power types", "Hero vs Nemesis chips"):
        assert wanted in names


def test_every_distinction_stays_apart_in_the_colour_blind_palette():
    palette.apply("colour-blind")
    assert not too_close()


def test_the_standard_palette_loses_distinctions_to_colour_blindness():
    palette.apply("standard")
    close = too_close()
    assert any("deuteranopia" in c for c in close)
    assert any("Brawl power speeds" in c for c in close)


def test_switching_back_restores_the_standard_colours():
    before = palette.distinctions()
    palette.apply("colour-blind")
    assert palette.SWATCHES[("tabletop.ui.theme", "LEGAL")].safe == theme.LEGAL
    assert palette.distinctions() != before
    palette.apply("standard")
    assert palette.distinctions() == before


def test_a_game_declared_after_the_palette_was_chosen_takes_it_at_once():
    palette.apply("colour-blind")
    colours = {"__name__": "a_late_game", "KINDS": {"a": (255, 0, 0), "b": (0, 255, 0)}}
    palette.swatch(colours, "KINDS", {"a": (0, 114, 178), "b": (230, 159, 0)}, "late kinds")
    assert colours["KINDS"] == {"a": (0, 114, 178), "b": (230, 159, 0)}
    palette.apply("standard")
    assert colours["KINDS"] == {"a": (255, 0, 0), "b": (0, 255, 0)}
    del palette.SWATCHES[("a_late_game", "KINDS")]


def test_the_simulation_matches_known_values():
    """Pure red seen with protanopia is a dark olive; blue is nearly unchanged with
    deuteranopia; the distance of a colour to itself is 0."""
    r, g, b = colour_vision.simulate((255, 0, 0), "protanopia")
    assert r < 140 and g < 140 and b < 40 and abs(r - g) < 40
    assert colour_vision.distance((10, 20, 30), (10, 20, 30)) == 0
    assert colour_vision.simulate((0, 0, 255), "deuteranopia")[2] > 200


def _seat_pixels(surface: pygame.Surface, colour) -> list[tuple[int, int]]:
    """Where ``colour`` is drawn exactly (the solid middle of a seat's words)."""
    mask = pygame.mask.from_threshold(surface, colour, (1, 1, 1, 255))
    return mask.outline()[:200] if mask.count() else []


@pytest.mark.parametrize("game_id", [g for g in GAMES if GAMES[g].info.max_seats > 1])
def test_the_seats_stay_apart_on_every_table_seen_with_each_kind(game_id, tmp_path):
    """A table drawn with the colour-blind palette, then seen as each kind of colour
    blindness sees it (the screenshot simulated): the words in the two seats' colours are
    still clearly apart (their pixels, as simulated, at least 20 apart)."""
    palette.apply("colour-blind")
    app = App(size=(1280, 720), headless=True, ai_delay=1e9, mods=False)
    try:
        points = [p for p in sample_points(game_id) if not p[0].endswith("@0")]
        scene = open_table(app, game_id, points[0][1] if points else None)
        scene.invalidate()
        scene.renderer.paint_budget = None
        pictures.forget()
        app.step(0.016)
        shot = app.screen.copy()
        pygame.image.save(shot, str(tmp_path / f"{game_id}.png"))
        where = {seat: _seat_pixels(shot, theme.SEAT_COLORS[seat]) for seat in (0, 1)}
        assert where[0] and where[1], "both seats' colours are on the table"
        for kind in colour_vision.KINDS:
            seen = colour_vision.simulate_surface(shot, kind)
            pygame.image.save(seen, str(tmp_path / f"{game_id}-{kind}.png"))
            a = seen.get_at(where[0][0])[:3]
            b = seen.get_at(where[1][0])[:3]
            assert colour_vision.distance(a, b) >= 20, (kind, a, b)
    finally:
        app.quit()
        pygame.display.quit()
