"""Brawl's table with More Actions (render aid, thwart, gang up): no tag, badge or line
hides a word a player must read on a card, and no card hides a tag, at every window size
from the smallest to 1920x1080.

Each position is drawn headless; the words of each card are found by recording the texts
its face is painted with, and compared pixel for pixel with the table's picture."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import first_frames

from tabletop.engine.info import SeatConfig
from tabletop.engine.session import Session
from tabletop.engine.state import HIDDEN
from tabletop.games import GAMES
from tabletop.ui import cardart, text
from tabletop.ui.app import MIN_SIZE, App
from tabletop.ui.kits import table_for

GAME = GAMES["brawl"]
SIZES = (MIN_SIZE, (1280, 720), (1366, 768), (1600, 900), (1920, 1080))
ACTIONS = {"more_actions": True}

#: name -> (options, seats, position, moves in notation, play on to the damage step?)
POSITIONS = {
    # P1's Hero renders aid to a knocked-out teammate (the card turned upside down), P2's
    # Villain gangs up with a teammate in a match-up (a line from the row at the top)
    "aid and gang up": (ACTIONS, 2, {
        "turn": "P1", "hands": {"P1": ["Solar Storm", "Lucky Break"],
                                "P2": ["Tactical Retreat", "Counterstroke"]},
        "play": {"P1": ["Nurse Reverie", {"card": "Copper Kestrel", "health": 0},
                        "Iron Mawgrave", "Gravel Tyrant"],
                 "P2": ["Granite Warden", "Scrapjaw Mott", "Hookline Harrow"]}},
        ['P1 attack "Iron Mawgrave" > "Granite Warden"',
         'P2 attack "Scrapjaw Mott" > "Gravel Tyrant"',
         'P1 aid "Nurse Reverie" > "Copper Kestrel"',
         'P2 gang "Hookline Harrow" > "Granite Warden"'], True),
    # the characters taking actions are attacked in turn: their tags, powers and damage
    # are all on cards in the match-ups (a two-line name: Dockside Duchess)
    "actors attacked": (ACTIONS, 2, {
        "turn": "P1", "hands": {"P1": ["Lucky Break"], "P2": ["Counterstroke"]},
        "play": {"P1": ["Iron Mawgrave", "Gravel Tyrant", "Granite Warden"],
                 "P2": ["Dockside Duchess", {"card": "Copper Kestrel", "health": 0},
                        "Hookline Harrow", "Scrapjaw Mott"]}},
        ['P1 attack "Iron Mawgrave" > "Scrapjaw Mott"',
         'P2 aid "Dockside Duchess" > "Copper Kestrel"',
         'P1 attack "Gravel Tyrant" > "Dockside Duchess"',
         'P2 gang "Hookline Harrow" > "Scrapjaw Mott"',
         'P1 attack "Granite Warden" > "Hookline Harrow"'], True),
    # three players: two rows at the top, a dot of the owner's colour on each card
    "three-way": ({**ACTIONS, "three_way": True}, 3, {
        "turn": "P1", "hands": {"P1": ["Lucky Break"]},
        "play": {"P1": ["Nurse Reverie", {"card": "Copper Kestrel", "health": 0},
                        "Iron Mawgrave", "Gravel Tyrant"],
                 "P2": ["Granite Warden", "Scrapjaw Mott", "Hookline Harrow"],
                 "P3": ["Sister Sundial", {"card": "Tidewright", "health": 0}, "Voltmonger",
                        "Knuckle Saint"]}},
        ['P1 attack "Iron Mawgrave" > "Granite Warden"',
         'P2 gang "Hookline Harrow" > "Granite Warden"',
         'P3 attack "Voltmonger" > "Gravel Tyrant"',
         'P1 aid "Nurse Reverie" > "Copper Kestrel"',
         'P2 thwart "Scrapjaw Mott" > "Iron Mawgrave"',
         'P3 aid "Sister Sundial" > "Tidewright"'], True),
    # five match-ups: the cards in the middle shrink; P2's Villain ganging up is attacked
    "crowded": (ACTIONS, 2, {
        "turn": "P1",
        "play": {"P1": ["Granite Warden", "Dockside Duchess", "Hearthlight", "Brass Comet",
                        "Knuckle Saint"],
                 "P2": ["Iron Mawgrave", "Gravel Tyrant", "Hookline Harrow", "Voltmonger",
                        "Cinder Regent"]}},
        ['P1 attack "Granite Warden" > "Iron Mawgrave"',
         'P2 attack "Gravel Tyrant" > "Dockside Duchess"',
         'P1 attack "Hearthlight" > "Hookline Harrow"',
         'P2 gang "Voltmonger" > "Iron Mawgrave"',
         'P1 attack "Brass Comet" > "Voltmonger"',
         'P2 attack "Cinder Regent" > "Knuckle Saint"'], True),
}


@pytest.fixture()
def app():
    application = App(size=MIN_SIZE, headless=True, ai_delay=1e9, mods=False)
    yield application
    application.quit()
    pygame.display.quit()


def _session(app, name: str, damage: bool = False) -> Session:
    options, seats, position, moves, to_damage = POSITIONS[name]
    session = Session(GAME, app.catalog("brawl"), GAME.rules.normalize_options(options), 1,
                      [SeatConfig(f"Seat {i + 1}") for i in range(seats)], position=position)
    for move in moves:
        session.play_text(move)
    while damage and to_damage and session.state.phase != "damage":
        legal = GAME.rules.legal_moves(session.state)
        session.play(next((m for m in legal if m.kind == "declare"), None)
                     or next(m for m in legal if m.kind == "pass"))
    return session


def _tables(app, name: str, damage: bool):
    """The table of the position, drawn whole at each size in turn (the window resized,
    as the table fit test does)."""
    scene = table_for(_session(app, name, damage), autosave=None, hide_hands=False)
    app.replace(scene)
    first_frames(app, scene)
    for size in SIZES:
        app.screen = pygame.display.set_mode(size)
        scene.layout(size)
        scene.lay_out_now()
        scene.invalidate()
        scene.renderer.paint_budget = None  # the whole picture in one frame
        app.step(0.016)
        yield size, scene


CASES = [(name, damage) for name in POSITIONS for damage in (False, True)
         if damage is False or POSITIONS[name][4]]
IDS = [f"{name}{' (damage)' if damage else ''}" for name, damage in CASES]


def _face_size(sprite) -> tuple[int, int]:
    w, h = sprite.rect.size
    return (h, w) if sprite.angle in (90, 270) else (w, h)


def _on_table(face: pygame.Rect, sprite) -> pygame.Rect:
    """A rectangle of the upright face, where it lies on the table as the card is turned
    (180: upside down; 90: a quarter turn anticlockwise, as pygame turns it)."""
    fw, fh = _face_size(sprite)
    r = sprite.rect
    if sprite.angle == 180:
        return pygame.Rect(r.right - face.right, r.bottom - face.bottom, face.w, face.h)
    if sprite.angle == 90:
        return pygame.Rect(r.left + face.top, r.top + fw - face.right, face.h, face.w)
    return face.move(r.topleft)


def _words(scene, sprite) -> list[tuple[str, pygame.Rect]]:
    """The words a player reads on the card (as painted on its face), on the table; the
    printed health is left out where the table draws the live health over it."""
    card = scene.state.cards[sprite.card]
    fw, fh = _face_size(sprite)
    painter = scene.kit.painters.painter(card.kind)
    with text.recording() as drawn:
        painter(pygame.Surface((fw, fh), pygame.SRCALPHA), card)
    live = sprite.card in scene.view.hp and sprite.angle in (0, 180)
    return [(d.text, _on_table(d.rect, sprite)) for d in drawn
            if not (live and d.text.startswith("\u2665"))]


def _cards(scene):
    return [sp for sp in scene.layout_obj.sprites if sp.face_up and sp.card != HIDDEN]


@pytest.mark.parametrize(("name", "damage"), CASES, ids=IDS)
def test_every_word_on_the_cards_shows_on_the_table(app, name, damage):
    """Nothing is drawn over the words of a card: its name, powers, abilities, health
    (the pixels of each as its face has them)."""
    hidden = []
    for size, scene in _tables(app, name, damage):
        for sprite in _cards(scene):
            face = cardart.face(scene.state.cards[sprite.card], scene.kit.painters,
                                *_face_size(sprite))
            if sprite.angle:
                face = pygame.transform.rotate(face, sprite.angle)
            for words, rect in _words(scene, sprite):
                rect = rect.clip(sprite.rect)
                on_face = face.subsurface(rect.move(-sprite.rect.left, -sprite.rect.top))
                if pygame.image.tobytes(app.screen.subsurface(rect), "RGB") != \
                        pygame.image.tobytes(on_face, "RGB"):
                    hidden.append(f"{size}: {words!r} of {scene.state.name(sprite.card)} "
                                  f"at {rect}")
    assert not hidden, "covered on the table:\n" + "\n".join(hidden[:20])


def _layers(scene, overlays_last: bool) -> pygame.Surface:
    """The table's cards with their overlays drawn after each card (as the table does)
    or after all of them."""
    lay, view = scene.layout_obj, scene.view
    surf = pygame.Surface(scene.size)
    lay.draw_under(surf, view)
    for sprite in lay.sprites:
        w, h = _face_size(sprite)
        img = cardart.face(scene.state.cards[sprite.card], scene.kit.painters, w, h) \
            if sprite.face_up and sprite.card != HIDDEN else cardart.back(w, h)
        surf.blit(pygame.transform.rotate(img, sprite.angle) if sprite.angle else img,
                  sprite.rect)
        if not overlays_last:
            lay.draw_over(surf, view, sprite)
    if overlays_last:
        for sprite in lay.sprites:
            lay.draw_over(surf, view, sprite)
    lay.draw_top(surf, view)
    return surf


@pytest.mark.parametrize(("name", "damage"), CASES, ids=IDS)
def test_no_card_hides_a_tag_or_badge(app, name, damage):
    """Every card's tags and badges come out the same when drawn after all the cards:
    no neighbouring card cuts them off."""
    cut = []
    for size, scene in _tables(app, name, damage):
        as_drawn, on_top = _layers(scene, False), _layers(scene, True)
        if pygame.image.tobytes(as_drawn, "RGB") != pygame.image.tobytes(on_top, "RGB"):
            cut.append(size)
    assert not cut, f"a card hides part of a tag or badge at {cut}"


@pytest.mark.parametrize(("name", "damage"), CASES, ids=IDS)
def test_tags_badges_and_lines_keep_off_the_words(app, name, damage):
    """The rectangles the table draws tags, badges and lines in: a tag or badge in a
    card lies in that card and off its words; one beside a card touches no card; two
    marks of a card do not overlap; a line touches no card and no label."""
    problems = []
    for size, scene in _tables(app, name, damage):
        problems += [f"{size}: {p}" for p in _misplaced(scene, damage)]
    assert not problems, "\n".join(problems[:20])


def _misplaced(scene, damage: bool) -> list[str]:
    lay, view = scene.layout_obj, scene.view
    cards = _cards(scene)
    words = [(scene.state.name(sp.card), w, rect) for sp in cards for w, rect in _words(scene, sp)]
    problems, shown, every = [], set(), []
    for sprite in cards:
        marks = lay.marks(view, sprite)
        shown |= {(m.kind, sprite.card) for m in marks}
        every += marks
        problems += _mark_problems(scene, sprite, marks, words)
    problems += _overlapping(every)
    links = lay.links(view)
    problems += _line_problems(scene, links)
    for actor, (kind, _) in view.action.items():
        if ("action", actor) not in shown:
            problems.append(f"no tag says {scene.state.name(actor)} takes an action")
        if not any(link.actor == actor and link.kind == kind for link in links):
            problems.append(f"no line from {scene.state.name(actor)} ({kind})")
    if damage and not any(kind == "damage" for kind, _ in shown):
        problems.append("no damage shown")
    return problems


def _mark_problems(scene, sprite, marks, words) -> list[str]:
    """A mark lies in its card or clear of every card, in the table, off the words of
    every card (the live health lies over the printed health: it is left out)."""
    lay = scene.layout_obj
    table = lay.table_rect(scene.size)
    name = scene.state.name(sprite.card)
    cards = [sp.rect for sp in lay.sprites]
    problems = []
    for mark in marks:
        where = f"{mark.kind} {mark.words!r} of {name} at {mark.rect}"
        if not table.contains(mark.rect):
            problems.append(f"{where} leaves the table {table}")
        if not sprite.rect.contains(mark.rect) and mark.rect.collidelist(cards) >= 0:
            problems.append(f"{where} lies partly on a card")
        if mark.kind != "health":
            problems += [f"{where} covers {w!r} of {owner}" for owner, w, rect in words
                         if mark.rect.colliderect(rect)]
    return problems


def _overlapping(marks) -> list[str]:
    """Any two marks (of one card or two) that overlap."""
    return [f"{a.kind} {a.words!r} at {a.rect} overlaps {b.kind} {b.words!r} at {b.rect}"
            for i, a in enumerate(marks) for b in marks[i + 1:] if a.rect.colliderect(b.rect)]


def _line_problems(scene, links) -> list[str]:
    lay = scene.layout_obj
    with text.recording() as drawn:
        lay.draw_labels(pygame.Surface(scene.size))
    labels = [d.rect for d in drawn]
    cards = [sp.rect for sp in lay.sprites]
    problems = []
    for link in links:
        for a, b in zip(link.points, link.points[1:], strict=False):
            seg = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]) + 1,
                              abs(a[1] - b[1]) + 1).inflate(2, 2)
            if seg.collidelist(cards) >= 0:
                problems.append(f"a {link.kind} line {a}-{b} crosses the card at "
                                f"{cards[seg.collidelist(cards)]}")
            if seg.collidelist(labels) >= 0:
                problems.append(f"a {link.kind} line {a}-{b} crosses a label")
    return problems
