"""OverPower card faces, drawn in code: characters (a generated portrait in the
character's own colours, the power grid as four large cells), Power cards (type and value
large; MultiPower striped in its types; Any-Power grey), Universe, Tactic and Special
cards (what they need, what they add, what follows) and mission cards.

Every face reads at the table's small sizes (the numbers a player needs stay large; text
appears only on large faces: hover or right-click a card to read it)."""

from __future__ import annotations

import zlib

import pygame

from ...engine.cards import CardDef
from ...games.overpower.cards import compile_card
from .. import palette, text, theme
from ..cardart import CardPainters, frame, gradient, name_bar, name_bar_height, picture, shade, star
from . import morecards
from .icons import ANY_COLOR, INK, color_of, letter_chip, type_icon, type_name

LETTER = "EFSI"
KIND_COLORS = {"basic-universe": (124, 88, 188), "training": (36, 146, 146),
               "teamwork": (214, 124, 44), "ally": (176, 112, 70),
               "doubleshot": (196, 60, 132), "mission": (40, 112, 132)}
PLAY_COLORS = {"attack": (188, 54, 54), "defence": (52, 108, 190),
               "attack-or-defence": (128, 70, 170), "effect": (54, 146, 92)}
palette.swatch(globals(), "KIND_COLORS", {
    "basic-universe": (110, 60, 150), "training": (40, 120, 90), "teamwork": (255, 140, 90),
    "ally": (150, 60, 30), "doubleshot": (204, 121, 167), "mission": (86, 180, 233)},
    "OverPower card kinds")
palette.swatch(globals(), "PLAY_COLORS", {
    "attack": (255, 140, 90), "defence": (86, 180, 233), "attack-or-defence": (110, 60, 150),
    "effect": (40, 120, 90)}, "OverPower plays")
KIND_LABELS = {"basic-universe": "UNIVERSE", "training": "TRAINING", "teamwork": "TEAMWORK",
               "ally": "ALLY", "doubleshot": "DOUBLESHOT"}


def hues_of(card_id: str) -> tuple[tuple, tuple]:
    """A character's own colours (a hue from its id), so that no two look alike."""
    h = zlib.crc32(card_id.encode())
    base, accent = pygame.Color(0), pygame.Color(0)
    base.hsva = (h % 360, 58, 72, 100)
    accent.hsva = ((h % 360 + 150 + (h >> 9) % 60) % 360, 70, 100, 100)
    return tuple(base)[:3], tuple(accent)[:3]


def _label(surf, words: str, size: int, color, center, style: str = "bold",
           max_w: int | None = None, optional: bool = False) -> pygame.Rect | None:
    """``words`` centred on ``center``, shrunk to at most ``max_w`` (the card's width)."""
    size = max(6, size)
    room = max_w if max_w is not None else surf.get_width() - 4
    box = pygame.Rect(0, 0, min(room, text.width_of(words, size, style) + 2),
                      theme.font(size, style).get_height())
    box.center = center
    return text.draw(surf, words, box, size, color, style, align="center", valign="middle",
                     min_size=6, optional=optional)


def _persona_name(persona: str) -> str:
    return {"any": "Any Character", "any-hero": "Any Hero"}.get(
        persona, persona.replace("-", " ").title())


# -- characters --------------------------------------------------------------------------------
def paint_character(surf: pygame.Surface, card: CardDef) -> None:
    w, h = surf.get_size()
    inf = compile_card(card)
    base, accent = hues_of(card.id)
    inner = frame(surf, base, shade(base, 0.2))
    big = w >= 160
    code = card.get("code")
    pad = max(10, int(h * 0.12)) if code else 0
    bar = pygame.Rect(inner.left + 1, inner.top + 1, inner.w - 2,
                      max(pad, name_bar_height(card.name, inner.w - 2, h, pad)))
    name_bar(surf, bar, card.name, shade(base, 0.75), left_pad=pad)
    grid_h = int(h * (0.2 if big else 0.3))
    art_bottom = inner.top + int(h * (0.5 if big else 0.66))
    art = pygame.Rect(inner.left + 2, bar.bottom + 2, inner.w - 4, art_bottom - bar.bottom - 2)
    picture(surf, art, card, base, accent)
    if code:
        r = min(bar.h, pad) // 2
        color = (60, 120, 220) if code == "H" else (200, 56, 60)
        pygame.draw.circle(surf, color, (bar.left + r, bar.centery), r)
        _label(surf, code, int(r * 1.4), theme.TEXT, (bar.left + r, bar.centery), "condbold")
    cells = pygame.Rect(inner.left + 2, art.bottom + 2, inner.w - 4, grid_h)
    _grid(surf, cells, inf.grid)
    if big:
        _ability_text(surf, card, pygame.Rect(inner.left + 6, cells.bottom + 4, inner.w - 12,
                                              inner.bottom - cells.bottom - 8))
    else:
        abilities = card.get("abilities") or []
        if abilities and inner.bottom - cells.bottom >= 9:
            name = abilities[0]["name"]
            _label(surf, name, int(h * 0.075), shade(accent, 1.1),
                   (inner.centerx, (cells.bottom + inner.bottom) // 2), "condbold",
                   max_w=inner.w - 4, optional=True)


def _grid(surf, rect: pygame.Rect, grid: tuple) -> None:
    """Four cells: the type's colour and letter on top, the rating large below (on a
    thumbnail, the colours alone when the figures cannot be read)."""
    cw = rect.w / 4
    tiny = cw < 9
    for t, rating in enumerate(grid):
        cell = pygame.Rect(rect.left + int(t * cw), rect.top, int(cw) - 1, rect.h)
        color = color_of(t)
        pygame.draw.rect(surf, shade(color, 0.3) if rating else (34, 36, 42), cell,
                         border_radius=max(2, cell.w // 6))
        strip = pygame.Rect(cell.left, cell.top, cell.w, max(6, cell.h // 3))
        pygame.draw.rect(surf, color if rating else shade(color, 0.4), strip,
                         border_top_left_radius=max(2, cell.w // 6),
                         border_top_right_radius=max(2, cell.w // 6))
        _label(surf, LETTER[t], int(strip.h * 0.95), INK, strip.center, "condbold",
               max_w=cell.w, optional=tiny)
        digits = pygame.Rect(cell.left, strip.bottom, cell.w, cell.bottom - strip.bottom)
        shown = str(rating) if rating else "\u2013"
        size = min(int(digits.h * 1.05), int(cell.w * 1.1))
        _label(surf, shown, size, theme.TEXT if rating else theme.DIM, digits.center,
               max_w=cell.w, optional=tiny)


def _ability_text(surf, card: CardDef, rect: pygame.Rect) -> None:
    lines = [f"{a['name']}: {a.get('text', '')}" for a in card.get("abilities") or []]
    body = " ".join(lines) or (card.get("flavor") or "")
    text.draw(surf, body, rect, max(8, rect.w // 17), theme.TEXT, "cond", wrap=True,
              optional=True)


# -- Power cards -------------------------------------------------------------------------------
def paint_power(surf: pygame.Surface, card: CardDef) -> None:
    w, h = surf.get_size()
    inf = compile_card(card)
    types = inf.types
    main = color_of(types[0]) if len(types) == 1 else (ANY_COLOR if not types else
                                                       (176, 170, 190))
    inner = frame(surf, main, shade(main, 0.2))
    if len(types) > 1:
        band = inner.w / len(types)
        for i, t in enumerate(types):
            pygame.draw.rect(surf, shade(color_of(t), 0.42),
                             (inner.left + int(i * band), inner.top, int(band) + 1, inner.h))
    else:
        gradient(surf, inner.inflate(-2, -2), shade(main, 0.55), shade(main, 0.18))
    value = str(inf.value)
    vsize = int(h * (0.42 if w < 70 else 0.3))
    text.draw(surf, value, (inner.left + max(2, w // 18), inner.top - max(1, h // 40),
                            inner.w // 2 + 4, int(vsize * 1.2)), vsize, theme.TEXT, "bold")
    icon = int(min(inner.w, inner.h) * (0.46 if w < 70 else 0.56))
    box = pygame.Rect(0, 0, icon, icon)
    box.center = (inner.centerx + w // 9, inner.centery + h // 12)
    pygame.draw.circle(surf, (18, 20, 26), box.center, icon // 2 + 2)
    type_icon(surf, types[0] if len(types) == 1 else -1, box.inflate(-icon // 5, -icon // 5),
              color=None if types else (210, 210, 220))
    if len(types) > 1:
        r = max(4, int(w * 0.075))
        for i, t in enumerate(types):
            letter_chip(surf, t, (inner.right - r - 2, inner.top + r + 2 + i * (2 * r + 1)),
                        2 * r)
    if h >= 70:
        label = type_name(types[0]).upper() if len(types) == 1 else \
            ("MULTIPOWER" if types else "ANY-POWER")
        bar = pygame.Rect(inner.left + 2, inner.bottom - max(9, int(h * 0.12)) - 2,
                          inner.w - 4, max(9, int(h * 0.12)))
        pygame.draw.rect(surf, shade(shade(main, 0.7), 0.8), bar,
                         border_radius=max(2, bar.h // 4))
        text.draw(surf, label, bar.inflate(-4, -2), int(bar.h * 0.62), theme.TEXT, "condbold",
                  align="center", valign="middle", optional=True)


# -- Universe and Tactic cards ----------------------------------------------------------------
def _needs(inf) -> list[tuple[int, str]]:
    """The small chips of what a card needs: (type, label)."""
    if inf.kind == "training":
        return [(t, f"\u2264{inf.max_rating}") for t in inf.types]
    if inf.req:
        return [(inf.req[0], str(inf.req[1]))]
    return []


def _headline(inf) -> tuple[int, str]:
    """The large figure: the bonus, or the type and value the card acts as."""
    if inf.kind in ("basic-universe", "training"):
        return (inf.req[0] if inf.req else -1), f"+{inf.bonus}"
    t = inf.types[0] if inf.types else -1
    return t, f"{LETTER[t] if t >= 0 else ''}{inf.value}"


def _follows(inf) -> str:
    if inf.kind == "teamwork":
        return "then " + " \u00b7 ".join(f"{LETTER[t]}+{b}" for t, b in inf.follow_ups)
    if inf.kind == "ally":
        return "then a Special"
    if inf.kind == "doubleshot" and inf.mate:
        return f"+ {LETTER[inf.mate[0]]} card ({LETTER[inf.mate[0]]}{inf.mate[1]}+)"
    return ""


def paint_action(surf: pygame.Surface, card: CardDef) -> None:
    w, h = surf.get_size()
    inf = compile_card(card)
    color = KIND_COLORS[card.kind]
    inner = frame(surf, color, shade(color, 0.2))
    gradient(surf, inner.inflate(-2, -2), shade(color, 0.5), shade(color, 0.16))
    small = w < 70
    top = inner.top + 2
    if not small:
        bar = pygame.Rect(inner.left + 1, inner.top + 1, inner.w - 2,
                          name_bar_height(card.name, inner.w - 2, h))
        name_bar(surf, bar, card.name, shade(color, 0.7))
        top = bar.bottom + 3
    r = max(5, int(w * (0.14 if small else 0.085)))
    x = inner.left + r + 2
    for t, label in _needs(inf):
        letter_chip(surf, t, (x, top + r), 2 * r)
        _label(surf, label, int(r * 1.5), theme.TEXT, (x + int(r * 2.3), top + r), "condbold")
        x += int(r * 4.6)
    t, figure = _headline(inf)
    fig_y = top + 2 * r + int(h * (0.16 if small else 0.14))
    _label(surf, figure, int(h * (0.3 if small else 0.2)), shade(color_of(t), 1.3)
           if t >= 0 else theme.TEXT, (inner.centerx, fig_y))
    follows = _follows(inf)
    if follows and not small:
        _label(surf, follows, int(h * 0.085), theme.TEXT, (inner.centerx, fig_y + int(h * 0.15)),
               "condbold", max_w=inner.w - 6, optional=True)
    if w >= 160 and card.text:
        text.draw(surf, card.text, (inner.left + 8, fig_y + int(h * 0.22), inner.w - 16,
                                    int(h * 0.3)), max(8, w // 17), theme.TEXT, "cond",
                  wrap=True, optional=True)
    if h >= 70:
        foot_h = max(8, int(h * 0.08))
        text.draw(surf, KIND_LABELS[card.kind], (inner.left + 2, inner.bottom - 2 - foot_h,
                                                 inner.w - 4, foot_h), max(6, int(h * 0.06)),
                  shade(color, 1.8), "condbold", align="center", valign="bottom",
                  optional=True)


# -- Specials ----------------------------------------------------------------------------------
def _glyph(surf, play: str, center, r: int, color) -> None:
    """Attack: a blade; defence: a shield; either: both halves; effect: a star."""
    x, y = center
    if play in ("attack", "attack-or-defence"):
        pygame.draw.polygon(surf, color, [(x - r * 0.15, y + r), (x - r * 0.15, y - r * 0.6),
                                          (x, y - r), (x + r * 0.15, y - r * 0.6),
                                          (x + r * 0.15, y + r)])
        pygame.draw.line(surf, color, (x - r * 0.5, y + r * 0.45), (x + r * 0.5, y + r * 0.45),
                         max(2, r // 5))
    if play in ("defence", "attack-or-defence"):
        dx = r * 0.5 if play == "attack-or-defence" else 0
        pts = [(x - r * 0.6 + dx, y - r * 0.7), (x + r * 0.6 + dx, y - r * 0.7),
               (x + r * 0.6 + dx, y), (x + dx, y + r * 0.9), (x - r * 0.6 + dx, y)]
        pygame.draw.polygon(surf, color, pts, 0 if play == "defence" else max(2, r // 5))
    if play == "effect":
        star(surf, center, r, color, 8, 0.5)


def paint_special(surf: pygame.Surface, card: CardDef) -> None:
    w, h = surf.get_size()
    inf = compile_card(card)
    color = PLAY_COLORS.get(inf.play, (120, 120, 130))
    inner = frame(surf, color, shade(color, 0.18))
    small = w < 70
    top = inner.top + 1
    if not small:
        bar = pygame.Rect(inner.left + 1, inner.top + 1, inner.w - 2,
                          name_bar_height(card.name, inner.w - 2, h))
        name_bar(surf, bar, card.name, shade(color, 0.7))
        who = _persona_name(inf.persona).upper()
        size = max(6, int(h * 0.07))
        _label(surf, who, size, shade(color, 1.9), (inner.centerx, bar.bottom + size // 2 + 3),
               "condbold", max_w=inner.w - 6)
        top = bar.bottom + size + 5
    art = pygame.Rect(inner.left + 2, top, inner.w - 4, int(h * (0.5 if small else 0.36)))
    gradient(surf, art, shade(color, 0.75), shade(color, 0.25))
    _glyph(surf, inf.play, art.center, int(min(art.w, art.h) * 0.34), (240, 236, 226))
    if inf.has_value:
        t = inf.types[0] if len(inf.types) == 1 else -1
        r = max(6, int(w * (0.16 if small else 0.1)))
        center = (art.left + r + 1, art.top + r + 1)
        pygame.draw.circle(surf, (18, 20, 26), center, r + 1)
        pygame.draw.circle(surf, color_of(t), center, r)
        _label(surf, str(inf.value), int(r * 1.4), INK, center, "condbold", max_w=2 * r)
    if not small and h >= 90:
        body = pygame.Rect(inner.left + 4, art.bottom + 3, inner.w - 8,
                           inner.bottom - art.bottom - max(10, int(h * 0.08)))
        text.draw(surf, card.text or card.name, body, max(7, int(w * 0.085)), theme.TEXT,
                  "cond", wrap=True, optional=w < 160)
    if h >= 70:
        label = "SPECIAL \u00b7 " + inf.play.replace("attack-or-defence", "attack/defence").upper()
        foot_h = max(8, int(h * 0.08))
        text.draw(surf, label, (inner.left + 2, inner.bottom - 2 - foot_h, inner.w - 4, foot_h),
                  max(6, int(h * 0.06)), shade(color, 1.9), "condbold", align="center",
                  valign="bottom", optional=True)


# -- missions ----------------------------------------------------------------------------------
def paint_mission(surf: pygame.Surface, card: CardDef) -> None:
    w, h = surf.get_size()
    inf = compile_card(card)
    color = KIND_COLORS["mission"]
    inner = frame(surf, color, shade(color, 0.2))
    seed = zlib.crc32(inf.mission_set.encode())
    sky = pygame.Color(0)
    sky.hsva = (seed % 360, 45, 60, 100)
    gradient(surf, inner.inflate(-2, -2), tuple(sky)[:3], shade(tuple(sky)[:3], 0.2))
    x, i = inner.left + 1, 0
    while x < inner.right - 1:  # a skyline of the mission's place
        bw = max(3, int(inner.w * (0.08 + ((seed >> i) % 7) / 50)))
        bh = int(inner.h * (0.18 + ((seed >> (i + 3)) % 9) / 40))
        pygame.draw.rect(surf, shade(tuple(sky)[:3], 0.3),
                         (x, inner.bottom - bh - 1, min(bw, inner.right - 1 - x), bh))
        x += bw + 1
        i = (i + 2) % 24
    _label(surf, f"{inf.piece}/7", int(h * (0.3 if w < 70 else 0.2)), theme.TEXT,
           (inner.centerx, inner.top + int(h * 0.42)))
    if w >= 70:
        title = card.name.rsplit(" ", 1)[0]
        bar = pygame.Rect(inner.left + 1, inner.top + 1, inner.w - 2,
                          name_bar_height(title, inner.w - 2, h))
        name_bar(surf, bar, title, shade(color, 0.8))
        foot_h = max(8, int(h * 0.08))
        text.draw(surf, "MISSION", (inner.left + 2, inner.bottom - 3 - foot_h, inner.w - 4,
                                    foot_h), max(6, int(h * 0.06)), (220, 236, 240),
                  "condbold", align="center", valign="bottom", optional=True)
    if w >= 160 and card.text:
        text.draw(surf, card.text, (inner.left + 10, inner.top + int(h * 0.55), inner.w - 20,
                                    int(h * 0.2)), max(8, w // 16), theme.TEXT, "italic",
                  wrap=True, optional=True)

#: how each kind of OverPower card is drawn (:mod:`tabletop.ui.kits`)
PAINTERS = CardPainters("overpower", {
    "character": paint_character, "power": paint_power, "special": paint_special,
    "mission": paint_mission, **dict.fromkeys(KIND_LABELS, paint_action),
    "location": morecards.paint_location, "aspect": morecards.paint_aspect,
    "activator": morecards.paint_activator, "event": morecards.paint_event,
    "artifact": morecards.paint_artifact,
})
