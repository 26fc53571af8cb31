"""Where Power Play's cards go, and the tallies drawn on the table.

Top: the current location, the villain area (villain, attribute, its two powers, the
second face down until the reveal) and the piles. Middle: the defence in front of the
active hero (the drop zone) and the tally board, which shows the running totals while
the defence is formed and both tallies term by term after the reveal. Bottom left: the
open powers, Bonus powers and Bad News of the seat in front of the screen; bottom right:
the other heroes, clockwise.
"""

from __future__ import annotations

import pygame

from ...engine.moves import seat_label
from ...engine.state import HIDDEN
from ...games.power_play import preview
from ...games.power_play.state import PPState
from ...games.power_play.turn import ROUNDS
from .. import pictures, text, theme
from ..table import Layout, Sprite
from ..table.layout import seat_title
from . import cards as _cards  # noqa: F401 - registers the card painters

CARD_W, CARD_H = 96, 134


class PowerPlayLayout(Layout):
    turn_word = "active hero"

    def compute(self, view: PPState, viewer: int | None, size) -> None:
        S = self.S
        table = self.table_rect(size)
        self.view = view
        self.sprites = []
        self.zones = {}
        self.labels = []
        self.boxes: list[tuple[pygame.Rect, tuple]] = []
        bottom = viewer if viewer is not None else view.current
        self.bottom = bottom
        self.cw, self.ch = S(CARD_W), S(CARD_H)
        area = self._villain_area(view, table)
        self._piles(view, table, area)
        mid = self._defence(view, table)
        self._viewer(view, table, size, mid)
        # -- bottom right: the other heroes, clockwise -----------------------------------------
        base_y = S(440)
        others = [o for o in view.order_from(bottom) if o != bottom]
        right = pygame.Rect(mid.right + S(10), base_y, table.right - mid.right - S(20),
                            size[1] - base_y - S(6))
        slot_h = right.h // max(1, len(others))
        for i, seat in enumerate(others):
            panel = pygame.Rect(right.left, right.top + i * slot_h, right.w, slot_h - S(6))
            self._other(view, seat, panel)
        # the running totals (what each card in the viewer's hand would add)
        self.gains: dict[int, int] = {}
        hand = view.zones[f"hand.{bottom}"]
        if not view.over and view.phase in ("defend", "support") and view.actor == bottom:
            self.gains = preview.card_gains(view, [c for c in hand if c >= 0])

    def _villain_area(self, view: PPState, table: pygame.Rect) -> pygame.Rect:
        """The current location, then the villain, its attribute and its two powers."""
        S = self.S
        cw, ch = self.cw, self.ch
        top = S(30)
        loc_rect = pygame.Rect(table.left + S(14), top, cw, ch)
        self.zones["location"] = loc_rect
        for c in view.zones["location"]:
            self.sprites.append(Sprite(c, loc_rect, "location"))
        self.label("Location", (loc_rect.left - S(6), S(6), cw + S(12), S(20)), theme.MUTED,
                   S(13), align="center")
        if not view.zones["location"]:
            self.label("none" if view.options.get("less_counting") else "\u2014", loc_rect,
                       theme.DIM, S(13), align="center")
        x = loc_rect.right + S(22)
        area_left = x - S(8)
        for zone in ("villain", "attribute"):
            rect = pygame.Rect(x, top, cw, ch)
            self.zones[zone] = rect
            for c in view.zones[zone]:
                self.sprites.append(Sprite(c, rect, zone))
            x += cw + S(8)
        x += S(8)
        threat_left = x
        for i, c in enumerate(view.zones["threat"][:2]):
            rect = pygame.Rect(x + i * (cw + S(8)), top, cw, ch)
            up = c != HIDDEN and c not in view.facedown
            self.sprites.append(Sprite(c, rect, "threat", face_up=up))
        self.zones["threat"] = pygame.Rect(threat_left, top, 2 * cw + S(8), ch)
        area = pygame.Rect(area_left, S(4), threat_left + 2 * cw + S(16) - area_left,
                           ch + S(34))
        self.boxes.append((area, (60, 14, 22, 120)))
        self.label("The villain", (area.left + S(10), S(6), threat_left - area.left - S(14),
                                   S(20)), (240, 150, 150), S(13))
        self.label("its powers", (threat_left + 2, S(6), 2 * cw, S(20)), (240, 150, 150), S(11),
                   "regular")
        return area

    def _piles(self, view: PPState, table: pygame.Rect, area: pygame.Rect) -> None:
        """The power pile and discard at the top right, under the round banner."""
        S = self.S
        top = S(30)
        pw, ph = S(70), S(98)
        piles_x = table.right - 2 * pw - S(26)
        for i, (zone, label) in enumerate((("powers", "Power pile"), ("discard", "Discard"))):
            rect = pygame.Rect(piles_x + i * (pw + S(12)), top + S(34), pw, ph)
            self.zones[zone] = rect
            cards = view.zones[zone]
            if cards:
                self.sprites.append(Sprite(cards[-1], rect, zone,
                                           face_up=zone == "discard" and cards[-1] != HIDDEN))
            else:
                self.boxes.append((rect, (255, 255, 255, 12)))
            self.label(f"{label} {len(cards)}", (rect.left - S(5), rect.bottom + S(2),
                                                 pw + S(10), S(15)), theme.MUTED, S(11),
                       align="center")
        if view.round:
            left = area.right + S(8)
            banner = pygame.Rect(left, S(4), table.right - left - S(8), S(22))
            self.label(f"Round {view.round} of {ROUNDS}", banner, theme.ACCENT, S(17),
                       align="center")
            self.label(f"turn {view.round_turn} of {view.seats} \u00b7 villains left "
                       f"{len(view.zones['villains'])}", banner.move(0, S(22)).inflate(0, -S(6)),
                       theme.MUTED, S(12), "regular", align="center")

    def _defence(self, view: PPState, table: pygame.Rect) -> pygame.Rect:
        """The defence (the drop zone, with spent Bonus powers after it) and the board."""
        S = self.S
        mid = pygame.Rect(table.left + S(14), S(200), S(586), S(226))
        self.zones["defence"] = mid
        self.defence_rect = mid
        dw, dh = S(84), S(118)
        cards = view.zones["defence"] + view.zones["spent"]
        gap = S(6)
        step = dw + gap
        if cards and len(cards) * step > mid.w - S(16):
            step = (mid.w - S(16) - dw) // max(1, len(cards) - 1)
        dx = mid.left + S(8)
        for c in cards:
            zone = "defence" if c in view.zones["defence"] else "spent"
            self.sprites.append(Sprite(c, pygame.Rect(dx, mid.top + S(30), dw, dh), zone))
            dx += step
        active = view.current
        self.label(f"Defence of {self._name(active)}", (mid.left + S(8), mid.top + S(5),
                                                         mid.w // 2, S(20)),
                   theme.SEAT_COLORS[active % 4], S(13))
        if not cards:
            self.label("Drop powers here", mid, theme.DIM, S(15), align="center")
        board = pygame.Rect(mid.right + S(10), S(196), table.right - mid.right - S(20), S(236))
        self.board = board
        return mid

    def _viewer(self, view: PPState, table: pygame.Rect, size, mid: pygame.Rect) -> None:
        """The seat in front of the screen: open powers, Bonus powers, Bad News."""
        S = self.S
        cw, ch = self.cw, self.ch
        bottom = self.bottom
        base_y = S(440)
        hand = view.zones[f"hand.{bottom}"]
        hand_rect = pygame.Rect(table.left + S(14), base_y + S(26), 4 * (cw + S(8)), ch + S(8))
        self.zones[f"hand.{bottom}"] = hand_rect
        step = cw + S(8)
        if len(hand) > 4:
            step = (hand_rect.w - cw) // (len(hand) - 1)
        for i, c in enumerate(hand):
            self.sprites.append(Sprite(c, pygame.Rect(hand_rect.left + i * step,
                                                      hand_rect.top + S(4), cw, ch),
                                       f"hand.{bottom}", face_up=c != HIDDEN))
        self.label(f"{self.seat_caption(view, bottom)} \u2014 open powers",
                   (hand_rect.left, base_y - S(6), hand_rect.w + S(60), S(22)),
                   theme.SEAT_COLORS[bottom % 4], S(14))
        if not hand:
            self.label("no powers", hand_rect, theme.DIM, S(14), align="center")
        side = pygame.Rect(hand_rect.right + S(6), base_y + S(6), mid.right - hand_rect.right
                           - S(6), size[1] - base_y - S(10))
        self._held(view, bottom, side, S(56), S(78))

    def _name(self, seat: int) -> str:
        return seat_title(self.scene.session, seat)

    def _held(self, view: PPState, seat: int, rect: pygame.Rect, w: int, h: int) -> None:
        """Bonus powers (face up, draggable when they may be spent) and Bad News (backs)."""
        s = self.scale
        for row, (base, label) in enumerate((("bonus", "Bonus"), ("badnews", "Bad News"))):
            zone = f"{base}.{seat}"
            cards = view.zones[zone]
            y = rect.top + S_(s, 18) + row * (h + S_(s, 24))
            area = pygame.Rect(rect.left, y, rect.w, h)
            self.zones[zone] = area
            step = min(w + S_(s, 4), (area.w - w) // max(1, len(cards) - 1)) if len(cards) > 1 \
                else 0
            for i, c in enumerate(cards):
                self.sprites.append(Sprite(c, pygame.Rect(area.left + i * step, area.top, w, h),
                                           zone, face_up=base == "bonus"))
            color = theme.GOOD if base == "bonus" else theme.BAD
            worth = sum(view.info[c].base for c in cards) if base == "bonus" else len(cards)
            extra = f" ({worth})" if base == "bonus" and cards else ""
            self.label(f"{label} {len(cards)}{extra}", (area.left, y - S_(s, 19), area.w,
                                                        S_(s, 16)), color, S_(s, 12))

    def _other(self, view: PPState, seat: int, panel: pygame.Rect) -> None:
        """Another hero: name, open powers, Bonus powers and Bad News."""
        s = self.scale
        self.boxes.append((panel, (255, 255, 255, 14)))
        self.label(self.seat_caption(view, seat), (panel.left + S_(s, 6), panel.top + S_(s, 2),
                                                   panel.w - S_(s, 12), S_(s, 16)),
                   theme.SEAT_COLORS[seat % 4], S_(s, 12))
        gap = S_(s, 4)
        roomy = panel.h > S_(s, 200)
        share = 1.0 if roomy else 0.6
        w = min((panel.h - S_(s, 26)) * 5 // 7, (int(panel.w * share) - S_(s, 12) - 3 * gap) // 4,
                S_(s, 80))
        h = w * 7 // 5
        y = panel.top + S_(s, 20)
        hand = view.zones[f"hand.{seat}"]
        zone = f"hand.{seat}"
        step = w + gap
        x0 = panel.left + S_(s, 6)
        for i, c in enumerate(hand):
            self.sprites.append(Sprite(c, pygame.Rect(x0 + i * step, y, w, h), zone,
                                       face_up=c != HIDDEN))
        self.zones[zone] = pygame.Rect(x0, y, max(1, 4 * step), h)
        if roomy:
            column = pygame.Rect(x0, y + h + S_(s, 6), panel.w - S_(s, 12),
                                 panel.bottom - y - h - S_(s, 6))
            self._held(view, seat, column, S_(s, 44), S_(s, 62))
            return
        col_x = x0 + 4 * step + S_(s, 6)
        bh = max(S_(s, 14), (panel.bottom - y - S_(s, 6)) // 2 - S_(s, 2))
        bw = bh * 5 // 7
        for row, (base, color) in enumerate((("bonus", theme.GOOD), ("badnews", theme.BAD))):
            cards = view.zones[f"{base}.{seat}"]
            ry = y + row * (bh + S_(s, 4))
            shown = cards[-6:]
            for i, c in enumerate(shown):
                self.sprites.append(Sprite(c, pygame.Rect(col_x + i * S_(s, 8), ry, bw, bh),
                                           f"{base}.{seat}", face_up=base == "bonus"))
            label = f"{'Bonus' if base == 'bonus' else 'Bad News'} {len(cards)}"
            lx = col_x + (bw + S_(s, 8) * (len(shown) - 1) + S_(s, 6) if shown else 0)
            self.label(label, (lx, ry, panel.right - lx - S_(s, 4), bh), color, S_(s, 11))

    # -- drawing ----------------------------------------------------------------------------
    def draw_under(self, surf, view: PPState) -> None:
        s = self.scale
        for rect, color in self.boxes:
            surf.blit(pictures.box(rect.size, color, radius=int(10 * s)), rect)
        mid = self.defence_rect
        line = (*theme.SEAT_COLORS[view.current % 4], 150)
        surf.blit(pictures.box(mid.size, (0, 0, 0, 50), line, 2, int(14 * s)), mid)
        self.draw_labels(surf)
        self._draw_board(surf, view)

    def draw_over(self, surf, view: PPState, sprite: Sprite) -> None:
        s = self.scale
        r = sprite.rect
        if sprite.zone == "threat" and not sprite.face_up:
            self._tag(surf, "FACE DOWN", (r.centerx, r.top + int(6 * s)), theme.MUTED)
        elif sprite.zone.startswith("badnews.") and r.w >= int(50 * s):
            self._tag(surf, "BAD", (r.centerx, r.centery - int(6 * s)), theme.BAD)
        elif sprite.zone == "villain" and view.outcome and not view.over:
            won = view.outcome == "won"
            what = "Bonus" if won else "Bad News"
            self._tag(surf, f"\u2192 {seat_label(view.current)}'s {what}",
                      (r.centerx, r.bottom - int(26 * s)), theme.GOOD if won else theme.BAD,
                      max_w=r.w + int(16 * s))
        elif sprite.zone == "spent":
            self._tag(surf, f"BONUS +{view.info[sprite.card].base}",
                      (r.centerx, r.top + int(4 * s)), theme.GOOD)
        gain = self.gains.get(sprite.card)
        if gain is not None and sprite.zone == f"hand.{self.bottom}":
            label = f"+{gain}" if gain >= 0 else f"\u2212{-gain}"
            self._tag(surf, label, (r.centerx, r.top - int(9 * s)),
                      theme.GOOD if gain > 0 else theme.MUTED, big=True)

    def _tag(self, surf, label: str, midtop, color, big: bool = False,
             max_w: int | None = None) -> None:
        S = self.S
        img = pictures.tag(label, color, (14, 14, 18), S(15 if big else 10), S(10), S(4), S(6),
                           max_w)
        surf.blit(img, img.get_rect(midtop=midtop))

    def draw_top(self, surf, view: PPState) -> None:
        drag = self.scene.drag
        if drag is None or not drag.active or drag.card not in self.gains:
            return
        s = self.scale
        gain = self.gains[drag.card]
        now = preview.defence_so_far(view).total
        label = f"{view.name(drag.card)} adds {gain:+d}: the defence would count {now + gain}"
        size = int(14 * s)
        w = min(self.defence_rect.w - int(20 * s), text.width_of(label, size, "bold") + int(14 * s))
        box = pygame.Rect(0, 0, w, text.step_of(size, "bold") + int(6 * s))
        box.topright = (self.defence_rect.right - int(10 * s), self.defence_rect.top + int(5 * s))
        pygame.draw.rect(surf, theme.LEGAL, box, border_radius=box.h // 2)
        text.draw(surf, label, box.inflate(-int(12 * s), 0), size, (14, 14, 18), "bold",
                  align="center", valign="middle")

    # -- the tally board --------------------------------------------------------------------
    def board_lines(self, view: PPState) -> list[tuple[str, tuple, str]]:
        """What the tally board shows: (line, colour, style)."""
        out: list[tuple[str, tuple, str]] = []
        if view.hero is not None:
            h, v = view.hero, view.villain_tally
            out.append(("Heroes", theme.SEAT_COLORS[view.current % 4], "bold"))
            out.append((h.summary, theme.TEXT, "cond"))
            out += [(n, theme.MUTED, "cond") for n in h.notes]
            if view.bonus_total:
                out.append((f"+ {view.bonus_total} from Bonus powers = "
                            f"{h.total + view.bonus_total}", theme.GOOD, "cond"))
            out.append(("Villain", (240, 150, 150), "bold"))
            out.append((v.summary, theme.TEXT, "cond"))
            out += [(n, theme.MUTED, "cond") for n in v.notes]
            total = h.total + view.bonus_total
            if view.outcome == "won":
                out.append((f"The heroes win this turn: {total} against {v.total}", theme.GOOD,
                            "bold"))
            elif view.outcome == "lost" or view.over:
                out.append((f"The villain wins this turn: {v.total} against {total}", theme.BAD,
                            "bold"))
            else:
                out.append((f"The villain leads by {v.total - total}", theme.BAD, "bold"))
            return out
        if view.over or not view.zones["villain"]:
            return out
        h = preview.defence_so_far(view)
        v = preview.villain_so_far(view)
        out.append((f"Defence so far: {h.total}", theme.SEAT_COLORS[view.current % 4], "bold"))
        if view.zones["defence"]:
            out.append((h.summary, theme.TEXT, "cond"))
            out += [(n, theme.MUTED, "cond") for n in h.notes]
        out.append((f"Villain so far: {v.total} + its hidden power", (240, 150, 150), "bold"))
        out.append((v.summary, theme.TEXT, "cond"))
        out += [(n, theme.MUTED, "cond") for n in v.notes]
        return out

    def _draw_board(self, surf, view: PPState) -> None:
        s = self.scale
        rect = self.board
        surf.blit(pictures.box(rect.size, (8, 12, 16, 200), radius=int(10 * s)), rect)
        title = "The tally" if view.hero is not None else "Running totals"
        text.draw(surf, title, (rect.left + int(10 * s), rect.top + int(5 * s),
                                rect.w - int(20 * s), int(18 * s)), int(13 * s), theme.ACCENT,
                  "bold")
        lines = self.board_lines(view)
        width = rect.w - int(20 * s)
        room = rect.bottom - int(4 * s) - (rect.top + int(26 * s))
        size = int(13 * s)
        while size > text.MIN_SIZE and sum(text.height_of(line, width, size, style, 1.3)
                                           for line, _, style in lines) > room:
            size -= 1
        y = rect.top + int(26 * s)
        for line, color, style in lines:
            h = min(text.height_of(line, width, size, style, 1.3), rect.bottom - y)
            text.draw(surf, line, (rect.left + int(10 * s), y, width, h), size, color, style,
                      wrap=True, line_gap=1.3)
            y += h

    # -- the side panel ---------------------------------------------------------------------
    def progress(self, view) -> str:
        """Power Play counts rounds and each round's turns (its turn count runs on)."""
        if not view.round:
            return "set-up"
        return f"round {view.round} of {ROUNDS} \u00b7 turn {view.round_turn}"

    def info_lines(self, view: PPState) -> list[tuple[str, tuple]]:
        out: list[tuple[str, tuple]] = []
        if view.round:
            out.append((f"Round {view.round} of {ROUNDS} \u00b7 turn {view.round_turn} of "
                        f"{view.seats} \u00b7 {seat_label(view.current)} is the active hero",
                        theme.TEXT))
        loc = view.zones["location"]
        out.append((f"Location: {view.name(loc[0])}" if loc else "Location: none",
                    theme.MUTED))
        if view.hero is not None:
            total = view.hero.total + view.bonus_total
            vt = view.villain_tally.total
            out.append((f"Heroes {total} \u2014 villain {vt}",
                        theme.GOOD if total >= vt else theme.BAD))
        elif view.zones["villain"] and not view.over:
            h = preview.defence_so_far(view).total
            v = preview.villain_so_far(view).total
            out.append((f"Defence so far {h} \u2014 villain {v} + its hidden power",
                        theme.ACCENT))
        bad = " \u00b7 ".join(f"{seat_label(o)} {view.bad_news(o)}" for o in range(view.seats))
        out.append((f"Bad News: {bad} (a third loses)", theme.MUTED))
        if view.over and view.score is not None:
            out.append((f"Score: {view.score} / 100", theme.ACCENT))
            out += [(line, theme.MUTED) for line in view.score_lines[:-1]]
        return out


def S_(scale: float, v: int) -> int:
    return int(v * scale)


LAYOUT = PowerPlayLayout
