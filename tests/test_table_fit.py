"""Nothing clipped or covered: every text is drawn through one helper (``ui/text.py``) that
fits or wraps it in its box and reports overflow. For every registered game: every card
face at every size a table draws it (at the smallest supported window and at 1920x1080,
hovered and zoomed), and the tables of its sample saves with their panels, drawn at the
smallest window, 1366x768, 1600x900 and 1920x1080: no text overflows, no two labels
overlap, no label lies under a card; and no text of the table's own (its labels, tags,
badges, panel, log and dialogs: everything but the card faces, read in full on the
zoomed card) is shrunk below a readable size or wrapped in the middle of a short label
(a pile's caption, a tag)."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from table_helpers import open_table, sample_points

from tabletop.games import GAMES
from tabletop.ui import cardart, look, pictures, text
from tabletop.ui.app import MIN_SIZE, App
from tabletop.ui.kits import KITS
from tabletop.ui.table.covers import zoom_size

SIZES = (MIN_SIZE, (1920, 1080))
#: the window sizes the tables are drawn at: the smallest, two common laptops, full HD
TABLE_SIZES = (MIN_SIZE, (1366, 768), (1600, 900), (1920, 1080))
#: the smallest size a text of the table's own may be shrunk to (px)
READABLE = 10
#: a label of this many words or fewer is one line: it never wraps
LABEL_WORDS = 3
UI = Path(__file__).resolve().parent.parent / "tabletop" / "ui"


@pytest.fixture()
def app():
    application = App(size=MIN_SIZE, headless=True, ai_delay=1e9, mods=False)
    yield application
    application.quit()
    pygame.display.quit()


def resize(app, size) -> None:
    """The window at ``size``, each screen laid out for it (a table lays out for a new
    size between frames: here at once)."""
    app.screen = pygame.display.set_mode(size)
    look.window_resized(size)
    for scene in app.scenes:
        scene.layout(size)
        getattr(scene, "lay_out_now", lambda: None)()


def tables(app, game_id):
    """The game's busiest tables: its sample saves half-way and at the end, and a new
    game (each a table with every seat a human, the hands open)."""
    points = sample_points(game_id)
    chosen = [p for p in points if not p[0].endswith("@0")]
    return [("new game", None), *chosen]


def card_sizes(app, game_id) -> set[tuple[int, int]]:
    """Every size the game's tables draw a face at, both windows, hover and zoom too."""
    sizes = set()
    for size in SIZES:
        resize(app, size)
        for _, data in tables(app, game_id):
            scene = open_table(app, game_id, data)
            resize(app, size)
            for sp in scene.layout_obj.sprites:
                if sp.face_up and sp.card >= 0:
                    w, h = sp.rect.size
                    sizes.add((h, w) if sp.angle in (90, 270) else (w, h))
            sizes.add(scene.hover_size())
            sizes.add(zoom_size(scene.size))
    return sizes


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_card_face_fits_at_every_size_a_table_draws(app, game_id):
    rules = GAMES[game_id].rules
    state = rules.new_state(app.catalog(game_id), rules.default_options(), 1)
    cards = list({card.id: card for card in state.cards}.values())  # as tables show them
    sizes = sorted(card_sizes(app, game_id))
    assert cards and sizes
    problems = []
    for w, h in sizes:
        for card in cards:
            cardart._faces.clear()
            with text.recording() as drawn:
                cardart.face(card, KITS[game_id].painters, w, h)
            problems += [f"{card.name} at {w}x{h}: {d.text!r} does not fit {d.box}"
                         for d in drawn if d.overflow]
    assert not problems, f"{len(problems)} overflows, e.g.\n" + "\n".join(problems[:25])


def _overlaps(drawn) -> list[str]:
    out = []
    for i, a in enumerate(drawn):
        ra = a.visible.inflate(-2, -2)
        if ra.w <= 0 or ra.h <= 0:
            continue
        for b in drawn[i + 1:]:
            rb = b.visible.inflate(-2, -2)
            if rb.w > 0 and rb.h > 0 and ra.colliderect(rb):
                out.append(f"{a.text!r} {a.rect} overlaps {b.text!r} {b.rect}")
    return out


def unreadable(drawn) -> list[str]:
    """Texts of the table's own (not a card face's: layer ``text``) shrunk below
    :data:`READABLE`, or short labels wrapped over two lines."""
    out = []
    for d in drawn:
        if d.layer == "text" or d.optional:
            continue
        if d.size < d.asked and d.size * d.scale < READABLE:
            out.append(f"{d.text!r} shrunk to {d.size * d.scale:g} px (asked {d.asked})")
        if d.lines > 1 and len(d.text.split()) <= LABEL_WORDS:
            out.append(f"{d.text!r} wrapped over {d.lines} lines in {d.box}")
    return out


@pytest.mark.parametrize("size", TABLE_SIZES, ids=[f"{w}x{h}" for w, h in TABLE_SIZES])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_table_and_panel_fits_and_no_label_is_covered(app, game_id, size):
    problems = []
    for label, data in tables(app, game_id):
        scene = open_table(app, game_id, data)
        resize(app, size)
        scene.invalidate()
        scene.renderer.paint_budget = None  # the whole picture in the frame recorded
        pictures.forget()  # the captions kept as pictures are painted (and recorded) too
        with text.recording() as drawn:
            app.step(0.016)
        where = f"{label} at {size[0]}x{size[1]}"
        problems += [f"{where}: {d.text!r} does not fit {d.box}" for d in drawn if d.overflow]
        problems += [f"{where}: {p}" for p in unreadable(drawn)]
        for surface in {d.surface for d in drawn}:
            labels = [d for d in drawn if d.surface == surface and d.layer != "text"]
            problems += [f"{where}: {p}" for p in _overlaps(labels)]
        sprites = [sp.rect for sp in scene.layout_obj.sprites]
        for d in drawn:
            if d.layer == "under":
                covered = [r for r in sprites if r.inflate(-2, -2).colliderect(d.visible)]
                if covered:
                    problems.append(f"{where}: {d.text!r} {d.rect} lies under a card at "
                                    f"{covered[0]}")
    assert not problems, f"{len(problems)} problems, e.g.\n" + "\n".join(problems[:30])


def test_bigger_windows_give_bigger_cards(app):
    scene = open_table(app, "brawl", sample_points("brawl")[-1][1])
    small = max(sp.rect.w for sp in scene.layout_obj.sprites)
    resize(app, (1920, 1080))
    assert max(sp.rect.w for sp in scene.layout_obj.sprites) >= small * 1.5


def test_every_text_of_the_window_goes_through_the_helper():
    """No module but ``ui/text.py`` renders a font (so nothing escapes the fitting)."""
    render = re.compile(r"\.render\(|text\.render\(|fit_size\(")
    offenders = []
    for path in UI.rglob("*.py"):
        if path.name == "text.py" and path.parent == UI:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if render.search(line):
                offenders.append(f"{path.relative_to(UI)}:{n}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_log_is_wrapped_anew_for_a_smaller_window(app, game_id):
    """A table opened big and then made smaller, with no move between: each log line is
    wrapped for the new width (drawn in the old width's lines, each shrank to fit, down to
    7 px, and wrapped anew only at the next move)."""
    resize(app, (1920, 1080))
    scene = open_table(app, game_id, sample_points(game_id)[-1][1])
    resize(app, MIN_SIZE)
    scene.invalidate()
    scene.renderer.paint_budget = None
    with text.recording() as drawn, text.layer("panel"):
        scene.log_list.draw(app.screen)
    shrunk = [f"{d.text!r} at {d.size} px (asked {d.asked})" for d in drawn
              if d.size < d.asked]
    assert drawn and not shrunk, shrunk[:5]


def button_labels(game_id: str, games: int = 12) -> set[str]:
    """The labels of every move the game offers as a button, in random games."""
    from tabletop.engine.rng import Rng

    game = GAMES[game_id]
    rules = game.rules
    catalog = rules.load_catalog(mod_dirs=[])
    rng = Rng(3)
    labels = set()
    for seed in range(1, games + 1):
        state = rules.new_state(catalog, rules.default_options(), seed)
        for _ in range(400):
            if state.over:
                break
            legal = rules.legal_moves(state)
            labels |= {game.text.describe(state, m) for m in legal
                       if KITS[game.info.id].gestures.gesture(m) == "button"}
            state = rules.play(state, rng.choice(legal))
    return labels


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_button_label_is_readable_in_the_smallest_panel(app, game_id):
    """A long button label ("Challenge the hero (a total of 1 and jokers that take 2 of
    the hero's cards)") was shrunk to 7 px: it wraps over a taller button instead."""
    from tabletop.ui.table.sidepanel import button_height
    from tabletop.ui.widgets import Button

    scene = open_table(app, game_id)
    width = scene.panel_rect.w - 20
    labels = button_labels(game_id)
    assert labels
    small = []
    surf = pygame.Surface((width, 200))
    for label in sorted(labels):
        h, size = button_height(label, width)
        with text.recording() as drawn:
            Button((0, 0, width, h), label, size=size, wrap=h > 34).draw(surf)
        (d,) = drawn
        if d.overflow or d.size < 13:
            small.append(f"{label!r}: {d.size} px in a button {h} px tall")
    assert not small, small[:10]
