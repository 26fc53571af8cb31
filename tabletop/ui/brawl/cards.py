"""Brawl card faces: characters, Conditions and Interruptions."""

from __future__ import annotations

import pygame

from ...engine.cards import CardDef
from .. import text, theme
from ..cardart import bolt, frame, name_bar, picture, register, shade, star
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
    size = text.fit_size(label, rect.w - 2, int(rect.h * 0.8), "condbold", 6)
    img = text.render(label, size, (16, 16, 20), "condbold")
    surf.blit(img, img.get_rect(center=rect.center))


@register("brawl", "character")
def paint_character(surf: pygame.Surface, card: CardDef) -> None:
    w, h = surf.get_size()
    side = card["side"]
    base = SIDE_COLORS[side]
    accent = ATTACK_COLORS[card["attack"]]
    inner = frame(surf, base)
    big = w >= 200
    bar_h = max(12, int(h * 0.1))
    icon = bar_h
    bar = pygame.Rect(inner.left + 1, inner.top + 1, inner.w - 2, bar_h)
    name_bar(surf, bar, card.name, shade(base, 0.75), left_pad=icon, right_pad=icon)
    side_icon(surf, side, pygame.Rect(bar.left, bar.top, icon, icon))
    attack_icon(surf, card["attack"], pygame.Rect(bar.right - icon, bar.top, icon, icon))
    art_h = int(h * (0.27 if big else 0.40))
    art = pygame.Rect(inner.left + 2, bar.bottom + 2, inner.w - 4, art_h)
    picture(surf, art, card, base, accent)
    # health (the table draws the live slider over this strip)
    hp_h = max(10, int(h * 0.085))
    hp = pygame.Rect(inner.left + 2, inner.bottom - hp_h - 1, inner.w - 4, hp_h)
    pygame.draw.rect(surf, (14, 16, 20), hp, border_radius=3)
    label = text.render(f"\u2665 {card['health']}", max(7, int(hp_h * 0.75)), (240, 120, 120),
                        "condbold")
    surf.blit(label, label.get_rect(center=hp.center))
    # powers and abilities
    y = art.bottom + 3
    line_h = max(10, int(h * (0.062 if big else 0.088)))
    pad = inner.left + 3
    for power in card["powers"]:
        if y + line_h > hp.top - 1:
            break
        badge = pygame.Rect(pad, y + 1, int(line_h * 1.9), line_h - 2)
        power_badge(surf, power, badge)
        avail = inner.right - badge.right - 6
        size = text.fit_size(power["name"], avail, int(line_h * 0.78), "cond", 6)
        img = text.render(power["name"], size, theme.TEXT, "cond")
        surf.blit(img, (badge.right + 3, y + (line_h - img.get_height()) // 2))
        y += line_h
        if big and power.get("text"):
            used = text.blit_wrapped(surf, power["text"],
                                     pygame.Rect(pad + 4, y, inner.w - 12, line_h * 2),
                                     int(line_h * 0.62), theme.MUTED, "cond", shrink=False)
            y += used + 2
    for ability in card.get("abilities") or ():
        if y + line_h > hp.top - 1:
            break
        label = ability["name"] + (f": {ability['text']}" if big and ability.get("text") else "")
        rect = pygame.Rect(pad, y, inner.w - 8, hp.top - y - 2 if big else line_h)
        used = text.blit_wrapped(surf, label, rect, int(line_h * 0.72), theme.ACCENT, "italic",
                                 shrink=not big)
        y += max(used, line_h) + 1
    if big and card.get("flavor") and y + line_h < hp.top:
        text.blit_wrapped(surf, card["flavor"], pygame.Rect(pad, y + 2, inner.w - 8,
                                                            hp.top - y - 4),
                          int(line_h * 0.6), theme.DIM, "italic")


def _card_text_face(surf: pygame.Surface, card: CardDef, color, glyph, footer: str) -> None:
    w, h = surf.get_size()
    inner = frame(surf, color)
    bar_h = max(12, int(h * 0.1))
    bar = pygame.Rect(inner.left + 1, inner.top + 1, inner.w - 2, bar_h)
    name_bar(surf, bar, card.name, shade(color, 0.7))
    art = pygame.Rect(inner.left + 2, bar.bottom + 2, inner.w - 4, int(h * 0.28))
    pygame.draw.rect(surf, shade(color, 0.35), art)
    glyph(surf, art, color)
    foot_h = max(9, int(h * 0.07))
    body = pygame.Rect(inner.left + 4, art.bottom + 4, inner.w - 8,
                       inner.bottom - art.bottom - foot_h - 8)
    text.blit_wrapped(surf, card.text or card.name, body, max(8, int(w * 0.095)), theme.TEXT,
                      "cond")
    if w >= 200 and card.get("flavor"):
        text.blit_wrapped(surf, card["flavor"],
                          pygame.Rect(body.left, body.bottom - int(h * 0.12), body.w,
                                      int(h * 0.12)), int(w * 0.05), theme.DIM, "italic")
    foot = text.render(footer, max(7, int(foot_h * 0.8)), shade(color, 1.6), "condbold")
    surf.blit(foot, (inner.centerx - foot.get_width() // 2, inner.bottom - foot_h - 2))


def _condition_glyph(card: CardDef):
    """Show what a Condition keys on: the side or attack icon, an arrow and the amount."""
    mods = [e for e in card["effects"] if e["effect"] == "modify_damage"]

    def draw(surf, rect, color) -> None:
        if not mods:
            _weather(surf, rect, color)
            return
        mod = mods[0]
        icon = rect.h * 2 // 3
        y = rect.centery - icon // 2
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
        num = text.render(label, int(rect.h * 0.5), (250, 250, 250), "bold")
        parts = [p for p in slots if p] or [None]
        total = len(parts) * icon + num.get_width() + 8 * len(parts)
        x = rect.centerx - total // 2
        for i, part in enumerate(slots):
            if part is None:
                continue
            r = pygame.Rect(x, y, icon, icon)
            (side_icon if part[0] == "side" else attack_icon)(surf, part[1], r)
            x += icon + 4
            if i == 0 and slots[1]:
                pygame.draw.polygon(surf, (230, 230, 230), [(x, rect.centery - 5),
                                                            (x + 8, rect.centery),
                                                            (x, rect.centery + 5)])
                x += 12
        surf.blit(num, (x + 2, rect.centery - num.get_height() // 2))
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


@register("brawl", "interruption")
def paint_interruption(surf: pygame.Surface, card: CardDef) -> None:
    _card_text_face(surf, card, theme.KIND_COLORS["interruption"], _interruption_glyph(card),
                    "INTERRUPTION")
