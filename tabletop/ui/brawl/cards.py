"""Brawl card faces: characters, Conditions and Interruptions."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine.cards import CardDef
from .. import text, theme
from ..bounded import make_room
from ..cardart import CardPainters, bolt, frame, name_bar, name_bar_height, picture, shade, star
from .icons import ATTACK_COLORS, SIDE_COLORS, attack_icon, side_icon

SPEED_LETTER = {"fast": "F", "ranged": "R", "normal": "N", "slow": "S"}


def power_badge(surf: pygame.Surface, power: dict, rect: pygame.Rect) -> None:
    """A coloured pill: damage and speed letter (``4 N``), ``+3`` for heals, ``\u2605``
    for a pure boost."""
    if power.get("damage") is not None:
        color = theme.SPEED_COLORS[power["speed"]]
        label = f"{power['damage']}{SPEED_LETTER[power['speed']]}"
    elif power.get("heal") is not None:
        color = theme.SPEED_COLORS["heal"]
        label = f"+{power['heal']}"
    else:
        color = theme.SPEED_COLORS["boost"]
        label = "\u2605"
    pygame.draw.rect(surf, color, rect, border_radius=rect.h // 2)
    text.draw(surf, label, rect.inflate(-2, 0), int(rect.h * 0.85), (16, 16, 20), "condbold",
              align="center", valign="middle", min_size=6)


@dataclass(frozen=True)
class CharacterParts:
    """Where a character face (``w`` x ``h``, upright) puts its parts: the name bar, the
    picture (no words: the table's tags and badges go there), the power lines and
    abilities under it, and the health strip (the table draws the live slider over it)."""

    inner: pygame.Rect
    name: pygame.Rect
    art: pygame.Rect
    icon: int  # the side and attack icons in the picture's top corners are this big
    words: pygame.Rect  # the power lines and abilities
    health: pygame.Rect
    line_h: int
    big: bool


def character_parts(card: CardDef, w: int, h: int) -> CharacterParts:
    """The parts of ``card``'s face at ``w`` x ``h`` (worked out once per card and size)."""
    key = (card.id, card.name, len(card["powers"]), w, h)
    found = _parts.get(key)
    if found is None:
        make_room(_parts, 2000)
        found = _parts[key] = _character_parts(card, w, h)
    return found


_parts: dict[tuple, CharacterParts] = {}


def _character_parts(card: CardDef, w: int, h: int) -> CharacterParts:
    pad = max(3, w // 28)  # as cardart.frame
    inner = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
    big = w >= 200
    bar = pygame.Rect(inner.left + 1, inner.top + 1, inner.w - 2,
                      name_bar_height(card.name, inner.w - 2, h))
    hp_h = max(10, int(h * 0.085))
    hp = pygame.Rect(inner.left + 2, inner.bottom - hp_h - 1, inner.w - 4, hp_h)
    line_h = max(10, int(h * (0.062 if big else 0.088)))
    room = hp.top - bar.bottom - 6 - line_h * len(card["powers"])
    art_h = int(h * 0.27) if big else max(int(h * 0.18), min(int(h * 0.40), room))
    art = pygame.Rect(inner.left + 2, bar.bottom + 2, inner.w - 4, art_h)
    icon = max(9, min(int(h * 0.1), art.h // 3))
    words = pygame.Rect(inner.left + 3, art.bottom + 3, inner.w - 6, hp.top - art.bottom - 4)
    return CharacterParts(inner, bar, art, icon, words, hp, line_h, big)


def paint_character(surf: pygame.Surface, card: CardDef) -> None:
    """Name, a figure with the side and attack icons, one line per power (badge and name),
    abilities and health; a large card adds every text and the flavour."""
    w, h = surf.get_size()
    side = card["side"]
    base = SIDE_COLORS[side]
    accent = ATTACK_COLORS[card["attack"]]
    frame(surf, base)
    parts = character_parts(card, w, h)
    inner = parts.inner  # what frame() returns
    bar, hp, art, line_h, big = parts.name, parts.health, parts.art, parts.line_h, parts.big
    name_bar(surf, bar, card.name, shade(base, 0.75))
    # health (the table draws the live slider over this strip)
    pygame.draw.rect(surf, (14, 16, 20), hp, border_radius=3)
    text.draw(surf, f"\u2665 {card['health']}", hp, max(7, int(hp.h * 0.8)), (240, 120, 120),
              "condbold", align="center", valign="middle")
    picture(surf, art, card, base, accent)
    icon = parts.icon
    side_icon(surf, side, pygame.Rect(art.left + 2, art.top + 2, icon, icon))
    attack_icon(surf, card["attack"], pygame.Rect(art.right - icon - 2, art.top + 2, icon, icon))
    y = art.bottom + 3
    pad = inner.left + 3
    for power in card["powers"]:
        if y + line_h > hp.top - 1:
            break
        badge = pygame.Rect(pad, y + 1, int(line_h * 1.7), line_h - 2)
        power_badge(surf, power, badge)
        name_box = pygame.Rect(badge.right + 3, y, inner.right - badge.right - 6, line_h)
        text.draw(surf, power["name"], name_box, int(line_h * 0.8), theme.TEXT, "cond",
                  valign="middle", optional=not big)
        y += line_h
        if big and power.get("text"):
            used = text.draw(surf, power["text"], (pad + 4, y, inner.w - 12, line_h * 2),
                             int(line_h * 0.62), theme.MUTED, "cond", wrap=True, optional=True)
            y += (used.h if used else 0) + 2
    _abilities(surf, card, pygame.Rect(pad, y, inner.w - 8, hp.top - y - 2), line_h, big)


def _abilities(surf: pygame.Surface, card: CardDef, box: pygame.Rect, line_h: int,
               big: bool) -> None:
    """Abilities under the powers: their names (and texts on a large card), then the
    flavour if there is room."""
    y = box.top
    for ability in card.get("abilities") or ():
        if y + line_h > box.bottom + 1:
            return
        label = ability["name"] + (f": {ability['text']}" if big and ability.get("text") else "")
        used = text.draw(surf, label, (box.left, y, box.w, box.bottom - y if big else line_h),
                         int(line_h * 0.72), theme.ACCENT, "italic", wrap=big, optional=True)
        y += max(used.h if used else 0, line_h) + 1
    if big and card.get("flavor") and y + line_h < box.bottom:
        text.draw(surf, card["flavor"], (box.left, y + 2, box.w, box.bottom - y - 2),
                  int(line_h * 0.6), theme.DIM, "italic", wrap=True, optional=True)


def _card_text_face(surf: pygame.Surface, card: CardDef, color, glyph, footer: str) -> None:
    """Conditions and Interruptions: name, a picture of what the card does, its text
    (left for the zoomed card when it does not fit a small one) and its kind."""
    w, h = surf.get_size()
    inner = frame(surf, color)
    bar = pygame.Rect(inner.left + 1, inner.top + 1, inner.w - 2,
                      name_bar_height(card.name, inner.w - 2, h))
    name_bar(surf, bar, card.name, shade(color, 0.7))
    art = pygame.Rect(inner.left + 2, bar.bottom + 2, inner.w - 4, int(h * 0.28))
    pygame.draw.rect(surf, shade(color, 0.35), art)
    glyph(surf, art, color)
    foot_h = max(9, int(h * 0.07))
    body = pygame.Rect(inner.left + 4, art.bottom + 4, inner.w - 8,
                       inner.bottom - art.bottom - foot_h - 8)
    flavor_h = int(h * 0.12) if w >= 200 and card.get("flavor") else 0
    text.draw(surf, card.text or card.name, body.inflate(0, -flavor_h).move(0, -flavor_h // 2),
              max(8, int(w * 0.095)), theme.TEXT, "cond", wrap=True, optional=w < 110)
    if flavor_h:
        text.draw(surf, card["flavor"], (body.left, body.bottom - flavor_h, body.w, flavor_h),
                  int(w * 0.05), theme.DIM, "italic", wrap=True, optional=True)
    text.draw(surf, footer, (inner.left + 2, inner.bottom - foot_h - 2, inner.w - 4, foot_h),
              max(7, int(foot_h * 0.8)), shade(color, 1.6), "condbold", align="center",
              valign="middle", optional=True)


def _condition_glyph(card: CardDef):
    """Show what a Condition keys on: the side or attack icon, an arrow and the amount."""
    mods = [e for e in card["effects"] if e["effect"] == "modify_damage"]

    def draw(surf, rect, color) -> None:
        if not mods:
            _weather(surf, rect, color)
            return
        mod = mods[0]
        slots = []
        for sel in (mod.get("dealer") or {}, mod.get("receiver") or {}):
            if sel.get("side"):
                slots.append(("side", sel["side"][0]))
            elif sel.get("attack"):
                slots.append(("attack", sel["attack"][0]))
            else:
                slots.append(None)
        amount = mod["amount"]
        label = f"+{amount}" if amount > 0 else f"\u2212{-amount}"
        parts = [p for p in slots if p]
        size = max(8, int(rect.h * 0.42))
        num_w = text.width_of(label, size, "bold") + 8
        arrow = 12 if len(parts) == 2 else 0
        icon = max(6, min(rect.h * 2 // 3, (rect.w - num_w - arrow - 10) // max(1, len(parts))))
        total = len(parts) * (icon + 4) + arrow + num_w
        x = rect.centerx - total // 2
        y = rect.centery - icon // 2
        for i, part in enumerate(parts):
            (side_icon if part[0] == "side" else attack_icon)(surf, part[1],
                                                            pygame.Rect(x, y, icon, icon))
            x += icon + 4
            if i == 0 and arrow:
                pygame.draw.polygon(surf, (230, 230, 230), [(x, rect.centery - 4),
                                                            (x + 7, rect.centery),
                                                            (x, rect.centery + 4)])
                x += arrow
        pill = pygame.Rect(x, rect.centery - size * 3 // 4, num_w, size * 3 // 2)
        pygame.draw.rect(surf, (14, 16, 20), pill, border_radius=pill.h // 2)
        text.draw(surf, label, pill, size, (250, 250, 250), "bold", align="center",
                  valign="middle")
    return draw


def _interruption_glyph(card: CardDef):
    kind = card["effects"][0]["effect"]

    def draw(surf, rect, color) -> None:
        c = rect.center
        r = rect.h // 2 - 3
        star(surf, c, r, shade(color, 1.25), 10, 0.62)
        ink = (250, 244, 214)
        x, y = c
        q = r // 2
        if kind == "return_to_hand":
            pygame.draw.arc(surf, ink, (x - q, y - q, 2 * q, 2 * q), 0.3, 4.2, max(2, r // 6))
            pygame.draw.polygon(surf, ink, [(x + q, y - 2), (x + q + q // 2, y - q),
                                            (x + q // 2, y - q)])
        elif kind in ("revive", "heal"):
            pygame.draw.rect(surf, ink, (x - q // 3, y - q, 2 * q // 3, 2 * q))
            pygame.draw.rect(surf, ink, (x - q, y - q // 3, 2 * q, 2 * q // 3))
            if kind == "revive":
                pygame.draw.circle(surf, ink, c, q + q // 2, max(2, r // 8))
        elif kind in ("cancel_power", "break_matchup"):
            pygame.draw.circle(surf, ink, c, q + 2, max(2, r // 6))
            pygame.draw.line(surf, ink, (x - q, y + q), (x + q, y - q), max(2, r // 6))
        elif kind == "draw":
            for i in range(3):
                pygame.draw.rect(surf, ink, (x - q + i * q // 2, y - q + i * 3, q, q + q // 2),
                                 border_radius=2)
                pygame.draw.rect(surf, shade(color, 0.5), (x - q + i * q // 2, y - q + i * 3,
                                                           q, q + q // 2), 1, border_radius=2)
        elif kind == "discard_condition":
            _weather(surf, rect.inflate(-rect.w // 3, -rect.h // 4), color)
            pygame.draw.line(surf, (240, 80, 80), (x - q, y + q), (x + q, y - q), max(2, r // 6))
        else:
            bolt(surf, pygame.Rect(x - q, y - q, 2 * q, 2 * q), ink)
    return draw


def _weather(surf, rect, color) -> None:
    c = rect.center
    r = rect.h // 3
    pygame.draw.circle(surf, shade(color, 1.7), (c[0] - r // 2, c[1] - r // 3), r)
    pygame.draw.ellipse(surf, (220, 226, 232), (c[0] - r * 1.4, c[1] - r // 6, r * 2.8, r * 1.1))
    for i in range(3):
        x = c[0] - r + i * r
        pygame.draw.line(surf, (150, 200, 240), (x, c[1] + r // 1.2), (x - r // 3, c[1] + r * 1.3),
                         2)


def paint_condition(surf: pygame.Surface, card: CardDef) -> None:
    instant = card.get("duration") == "instant"
    _card_text_face(surf, card, theme.KIND_COLORS["condition"], _condition_glyph(card),
                    "CONDITION \u00b7 INSTANT" if instant else "CONDITION")


def paint_interruption(surf: pygame.Surface, card: CardDef) -> None:
    _card_text_face(surf, card, theme.KIND_COLORS["interruption"], _interruption_glyph(card),
                    "INTERRUPTION")


#: how each kind of Brawl card is drawn (the game's kit: :mod:`tabletop.ui.kits`)
PAINTERS = CardPainters("brawl", {
    "character": paint_character, "condition": paint_condition,
    "interruption": paint_interruption,
})
