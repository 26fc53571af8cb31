"""Drawing OverPower's table around the cards the layout placed: boxes, empty placing
slots, pile names (each pile's count over it), each character's hits (KO meter, Spectrum
pips, this battle's hits and the Permanent Record apart), the centre lane (battle,
phase, the action with its working, the Venture Totals), marks over cards and the side
panel's lines."""

from __future__ import annotations

import pygame

from ...engine.moves import seat_label
from ...engine.state import HIDDEN
from ...games.overpower.common import other
from ...games.overpower.hits import (
    cumulative,
    current_hits,
    ko_at,
    record_hits,
    spectrum,
    venture_total,
)
from ...games.overpower.values import working
from .. import pictures, text, theme
from ..table import Sprite
from . import places
from .icons import hit_chip, letter_chip

#: the style of the pile captions and counts
CAPTION_STYLE = "condbold"

DIM = theme.DIM
#: the pill of a pile's count
COUNT_BG = (14, 20, 28)
PHASES = {"setup": "Set-up", "discard": "Discards", "placing": "Placing",
          "venture": "The venture", "penalty": "Penalty draws", "concede": "Fight or concede",
          "fight": "The fight", "defence": "The fight: a defence",
          "follow-up": "The fight: follow-ups", "effect": "A card's effect"}


def seat_color(seat: int) -> tuple:
    return theme.seat_color(seat)


def seat_name(scene, seat: int) -> str:
    seats = scene.session.seats
    name = seats[seat].name if seat < len(seats) else seat_label(seat)
    label = seat_label(seat)
    return label if name == label else f"{label} {name}"


def text_width(words: str, size: int, style: str = "bold") -> int:
    return theme.font(size, style).size(words)[0]


def _blit(surf, words: str, pos, color, size: int, anchor: str = "l",
          style: str = "bold", width: int | None = None) -> pygame.Rect:
    """``words`` placed by ``anchor`` at ``pos`` in a box as wide as they are (or
    ``width``, shrinking them to fit)."""
    size = max(6, size)
    w = text.width_of(words, size, style) + 1
    box = pygame.Rect(0, 0, min(w, width) if width else w, theme.font(size, style).get_height())
    setattr(box, {"l": "topleft", "ml": "midleft", "c": "center", "t": "midtop",
                  "r": "topright", "mr": "midright"}[anchor], pos)
    align = {"c": "center", "t": "center", "r": "right", "mr": "right"}.get(anchor, "left")
    return text.draw(surf, words, box, size, color, style, align=align, valign="middle",
                     min_size=6)


def pill(surf, words: str, center, bg, fg, size: int) -> pygame.Rect:
    size = max(6, size)
    box = pygame.Rect(0, 0, text.width_of(words, size, "condbold") + size,
                      theme.font(size, "condbold").get_height() + size // 3 + 2)
    box.center = center
    pygame.draw.rect(surf, bg, box, border_radius=box.h // 2)
    text.draw(surf, words, box, size, fg, "condbold", align="center", valign="middle",
              min_size=6)
    return box


# -- under the cards ----------------------------------------------------------------------------
def under(lay, surf, view) -> None:
    S = lay.S
    lane = lay.lane  # first: the ventured piles lie on it
    pygame.draw.rect(surf, (12, 30, 34), lane, border_radius=S(12))
    pygame.draw.rect(surf, (40, 70, 74), lane, 1, border_radius=S(12))
    for rect, _ in lay.boxes:
        surf.blit(pictures.box(rect.size, theme.ZONE, theme.ZONE_LINE, 1, S(10)), rect)
    for rect, letter in lay.slots:
        pygame.draw.rect(surf, (70, 84, 92), rect, 1, border_radius=S(5))
        _blit(surf, letter, rect.center, (84, 100, 108), S(15), "c")
    for rect, label, count, _, box in lay.piles:
        _pile_label(lay, surf, rect, label, count, box)
    for label, pos, color, size, anchor in lay.labels:
        _blit(surf, label, pos, color, size, anchor)
    places.draw(lay, surf, view, _blit)
    _attack_arrow(lay, surf, view)  # under the words, between the cards
    for ch, (_, hits, down) in lay.blocks.items():
        _hits(lay, surf, view, ch, hits, down)
    _lane(lay, surf, view)


def _pile_label(lay, surf, rect, label: str, count: int, box) -> None:
    """An empty pile's outline, and the pile's name on one line under it (its count is
    drawn over it, :func:`top`)."""
    if not count:
        pygame.draw.rect(surf, (60, 74, 82), rect, 1, border_radius=lay.S(5))
    text.draw(surf, label, box, lay.caption_size(), theme.MUTED if count else DIM,
              CAPTION_STYLE, align="center", valign="middle")


def _hits(lay, surf, view, ch: int, rect: pygame.Rect, down: bool) -> None:
    """Row A (by the card): the KO meter, the Spectrum pips, the Permanent Record; row
    B (toward the middle): this battle's hits."""
    S = lay.S
    row_h = S(20)
    a = pygame.Rect(rect.left, rect.top if down else rect.bottom - row_h, rect.w, row_h)
    b = pygame.Rect(rect.left, a.bottom + S(3) if down else a.top - S(3) - row_h, rect.w,
                    row_h)
    total, limit = cumulative(view, ch), ko_at(view, ch)
    color = theme.TEXT if total < limit * 0.5 else (theme.ACCENT if total < limit * 0.75
                                                   else theme.BAD)
    meter = _blit(surf, f"\u03a3{total}/{limit}", (a.left, a.centery), color, S(13), "ml")
    fixed, more = spectrum(view, ch)
    x = meter.right + S(10)
    for t in range(4):
        letter_chip(surf, t, (x, a.centery), S(15), t in fixed)
        x += S(16)
    if more:
        x = _blit(surf, f"+{more}", (x, a.centery), theme.ACCENT, S(11), "ml").right
    record = record_hits(view, ch)
    if record:
        worth = sum(view.info[c].value for c in record)
        for words in (f"record {worth}", f"rec {worth}", f"R{worth}"):  # the first that fits
            half = (text.width_of(words, max(6, S(10)), "condbold") + max(6, S(10))) // 2
            if x + S(3) + 2 * half <= a.right:
                break
        pill(surf, words, (max(a.right - S(30), x + S(3) + half), a.centery), (44, 50, 58),
             (176, 182, 190), S(10))
    now = current_hits(view, ch)
    if not now or (rect.h < S(40)):
        return
    step = min(S(31), (b.w - S(28)) // max(1, len(now) - 1)) if len(now) > 1 else 0
    for i, c in enumerate(now):
        inf = view.info[c]
        hit_chip(surf, pygame.Rect(b.left + i * step, b.top, S(28), b.h), inf.types,
                 inf.value)


# -- the centre lane ----------------------------------------------------------------------------
def _lane(lay, surf, view) -> None:
    S = lay.S
    lane = lay.lane
    x, y = lane.left + S(12), lane.top + S(10)
    if view.battle:
        _blit(surf, f"Battle {view.battle}", (x, y), theme.ACCENT, S(20))
    else:
        _blit(surf, "Before the first battle", (x, y), theme.ACCENT, S(15))
    y += S(28)
    _blit(surf, PHASES.get(view.phase, view.phase), (x, y), theme.TEXT, S(14))
    y += S(22)
    if view.battle and not view.over:
        first = view.first
        _blit(surf, f"{seat_label(first)} went first" if view.phase in ("fight", "defence")
              else f"{seat_label(first)} goes first", (x, y), seat_color(first), S(13))
        y += S(20)
    for seat in (0, 1):
        if view.passed[seat] and view.phase in ("fight", "defence", "follow-up", "effect"):
            _blit(surf, f"{seat_label(seat)} has passed", (x, y), seat_color(seat), S(13))
            y += S(20)
    if view.riding:
        _blit(surf, "Ventures ride on from a draw", (x, y), theme.MUTED, S(12))
    _action(lay, surf, view)
    _totals(lay, surf, view)


def _action(lay, surf, view) -> None:
    S = lay.S
    area = lay.action_area
    a = view.attack
    if a is None:
        if lay.scene.dialog is None:
            hint = HINTS.get(view.phase, "")
            if hint:
                text.blit_wrapped(surf, hint, area.inflate(-S(40), -S(50)), S(14),
                                  theme.MUTED, center=True)
        return
    combat = lay.combat_area
    lines, size = lay.combat_head
    y = combat.top + S(8)
    for line in lines:
        _blit(surf, line, (combat.left + S(4), y), seat_color(a.seat), size,
              width=combat.w - S(8))
        y += theme.font(size, "bold").get_height()
    cards = lay.zones.get("combat")
    top = cards.bottom + S(5) if cards is not None else combat.top + S(126)
    text.blit_wrapped(surf, working(a.terms), pygame.Rect(combat.left + S(4), top,
                                                         combat.w - S(8),
                                                         combat.bottom - top - S(2)),
                      S(11), theme.MUTED)
    if lay.scene.dialog is None:
        value = "no value" if a.value is None else str(a.value)
        _blit(surf, value, (lay.prompt_area.left + S(20), area.top + S(40)), theme.ACCENT, S(30))
        if a.outcome:
            _blit(surf, a.outcome, (lay.prompt_area.left + S(20), area.top + S(84)), theme.GOOD,
                  S(14), width=lay.prompt_area.w - S(24))


HINTS = {
    "placing": "Place cards: drag a card from your hand onto one of your characters (lit "
               "when it may go there), or press Done placing.",
    "fight": "Drag a Power card (or a Special, a Teamwork, Ally or Doubleshot card) onto an "
             "opposing character (or Battlesite) to attack, or pass.",
    "setup": "Each player chooses one character to sit in Reserve: drag it onto the "
             "Reserve box.",
}


def _totals(lay, surf, view) -> None:
    """The running Venture Totals, each between the middle and its seat's ventured pile,
    and what each seat ventured."""
    S = lay.S
    area = lay.totals_area
    me, them = lay.bottom, lay.top
    left, right = lay.ventured[them].right + S(8), lay.ventured[me].left - S(8)
    mine, theirs = venture_total(view, me), venture_total(view, them)
    _blit(surf, "Venture Totals", (area.centerx, area.top + S(10)), theme.MUTED, S(13), "t")
    big = S(30)
    _blit(surf, str(theirs), (left, area.top + S(32)), seat_color(them), big)
    _blit(surf, "\u2014", (area.centerx, area.top + S(32) + big // 2), theme.DIM, S(20), "c")
    _blit(surf, str(mine), (right, area.top + S(32)), seat_color(me), big, "r")
    _blit(surf, seat_label(them), (left, area.top + S(72)), seat_color(them), S(12))
    _blit(surf, "you" if lay.viewer is not None else seat_label(me), (right, area.top + S(72)),
          seat_color(me), S(12), "r")
    # how many of the ventured cards came from Completed (the piles show how many in all)
    y = max(box.bottom for _, _, _, base, box in lay.piles if base == "ventured") + S(4)
    size = max(10, S(12))
    for seat in (them, me):
        c = len(view.zones[f"risk_completed.{seat}"])
        if c:
            _blit(surf, f"{seat_label(seat)}: {c} from Completed", (area.left, y),
                  seat_color(seat), size, width=area.w)
            y += size + S(6)


# -- over the cards -----------------------------------------------------------------------------
def over(lay, surf, view, sprite: Sprite) -> None:
    S = lay.S
    c, r = sprite.card, sprite.rect
    if c == HIDDEN or not sprite.face_up:
        return
    a = view.attack
    if a is not None and c == a.target:
        pygame.draw.rect(surf, theme.BAD, r.inflate(S(6), S(6)), S(3), border_radius=S(9))
    elif a is not None and c == a.actor:
        pygame.draw.rect(surf, theme.ACCENT, r.inflate(S(6), S(6)), S(3), border_radius=S(9))
    if sprite.extra.get("ko"):
        pill(surf, "KO", r.center, theme.BAD, theme.TEXT, S(20))
    elif c in view.benched:
        pill(surf, "back next battle", (r.centerx, r.bottom - S(10)), (30, 36, 48),
             theme.TEXT, S(9))
    if c in view.must_place:
        pill(surf, "Place me", (r.centerx, r.bottom - S(12)), theme.ACCENT, (24, 18, 6),
             S(11))


def top(lay, surf, view) -> None:
    """Each pile's count, in its bottom right corner (the attack's arrow runs between the
    cards, under them)."""
    size = lay.caption_size()
    for rect, _, count, _, _ in lay.piles:
        words = str(count)
        w = text.width_of(words, size, CAPTION_STYLE) + size
        h = theme.font(size, CAPTION_STYLE).get_height() + size // 3 + 2
        pill(surf, words, (rect.right - w // 2 - 1, rect.bottom - h // 2 - 1), COUNT_BG,
             theme.TEXT if count else DIM, size)


def _attack_arrow(lay, surf, view) -> None:
    """An arrow from the attacker to the attacked character."""
    a = view.attack
    if a is None:
        return
    ends = {}
    for sprite in lay.sprites:
        if sprite.card in (a.actor, a.target) and \
                sprite.zone.startswith(("front", "reserve", "site", "base")):
            ends[sprite.card] = sprite.rect
    if len(ends) < 2:
        return
    src, dst = ends[a.actor], ends[a.target]
    start = (src.centerx, src.top if src.centery > dst.centery else src.bottom)
    end = (dst.centerx, dst.bottom if src.centery > dst.centery else dst.top)
    _arrow(surf, start, end, theme.BAD, max(3, lay.S(5)))


def _arrow(surf, start, end, color, width: int) -> None:
    pygame.draw.line(surf, color, start, end, width)
    v = pygame.Vector2(end) - pygame.Vector2(start)
    if v.length() < 1:
        return
    v.scale_to_length(width * 4)
    left, right = v.rotate(150), v.rotate(-150)
    pygame.draw.polygon(surf, color, [end, pygame.Vector2(end) + left,
                                      pygame.Vector2(end) + right])


# -- the side panel -------------------------------------------------------------------------------
def info_lines(lay, view) -> list[tuple[str, tuple]]:
    me, them = lay.bottom, lay.top
    lines = []
    if view.battle:
        lines.append((f"Battle {view.battle} \u00b7 {seat_label(view.first)} goes first",
                      theme.TEXT))
    if view.phase in ("fight", "defence", "follow-up", "effect"):
        you = "you" if lay.viewer is not None else seat_label(me)
        lines.append((f"Venture Totals: {you} {venture_total(view, me)}, "
                      f"{seat_label(them)} {venture_total(view, them)}", theme.ACCENT))
    for seat in (me, them):
        done = len(view.zones[f"completed.{seat}"])
        lost = len(view.zones[f"failed.{seat}"])
        lines.append((f"{seat_label(seat)} mission: {done}/7 Completed \u00b7 {lost} Defeated",
                      seat_color(seat)))
    if view.passed[other(view.actor or 0)] and view.phase == "fight":
        lines.append((f"{seat_label(other(view.actor))} has passed: a pass now ends the "
                      "battle", theme.MUTED))
    return lines
