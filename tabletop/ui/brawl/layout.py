"""Where Brawl's zones and cards go, and what is drawn over them.

The seat in front of the screen sits at the bottom (team row, then hand); opponents sit
at the top (one, or two side by side in a Three-Way Battle). The middle band holds the
draw pile and discard on the left, the match-ups (the attacker's card overlapping its
target, as on a real table) in the centre and the Conditions on the right. Knocked-out
characters are turned sideways; a Hero rendering aid is turned upside down.
"""

from __future__ import annotations

import pygame

from ...engine.state import HIDDEN
from ...games.brawl import damage
from ...games.brawl.state import BrawlState
from .. import pictures, text, theme
from ..table import Layout, Sprite
from . import cards as _cards  # noqa: F401 - registers the card painters
from .cards import power_badge

CARD_W, CARD_H = 100, 140


class BrawlLayout(Layout):
    def compute(self, view: BrawlState, viewer: int | None, size) -> None:
        S = self.S
        table = self.table_rect(size)
        self.sprites = []
        self.zones = {}
        self.labels = []
        self.seat_rects: dict[int, pygame.Rect] = {}
        self.view = view
        bottom = viewer if viewer is not None else 0
        others = [o for o in view.order_from(bottom) if o != bottom] if view.seats else []
        others += [o for o in range(view.seats) if o != bottom and o not in others]
        self.bottom = bottom
        self.arena_cards = set(view.mu) | set(view.mu.values())
        cw, ch = S(CARD_W), S(CARD_H)
        # -- top: opponents ----------------------------------------------------------------
        n_top = len(others)
        top_w = table.w // max(1, n_top)
        small = n_top > 1
        tw, th = (S(86), S(120)) if small else (cw, ch)
        for i, seat in enumerate(others):
            area = pygame.Rect(table.left + i * top_w, 0, top_w, S(210))
            self.seat_rects[seat] = area
            self._hand_backs(view, seat, pygame.Rect(area.left + S(10), S(4), area.w - S(20),
                                                     S(52)))
            row = pygame.Rect(area.left + S(8), S(60), area.w - S(16), S(148))
            self._team_row(view, seat, row, tw, th, caption=False)
        # -- middle band -------------------------------------------------------------------
        band = pygame.Rect(table.left, S(212), table.w, S(196))
        self.zones["table"] = pygame.Rect(band)
        disc_rect = self._piles(view, band, bottom)
        cond_area = self._conditions(view, band)
        arena = pygame.Rect(disc_rect.right + S(16), band.top, cond_area.left - disc_rect.right
                            - S(28), band.h)
        self.arena = arena
        self._arena(view, arena, bottom)
        # -- bottom: the viewer ------------------------------------------------------------
        row = pygame.Rect(table.left + S(8), S(428), table.w - S(16), S(145))
        self.seat_rects[bottom] = pygame.Rect(table.left, S(410), table.w, size[1] - S(410))
        self._team_row(view, bottom, row, cw, ch, caption=True)
        hand = view.zones[f"hand.{bottom}"]
        hand_rect = pygame.Rect(table.left + S(10), S(576), table.w - S(20), S(142))
        self.zones[f"hand.{bottom}"] = hand_rect
        if hand:
            spacing = min(cw + S(8), (hand_rect.w - cw) // max(1, len(hand) - 1)) \
                if len(hand) > 1 else 0
            total = cw + spacing * (len(hand) - 1)
            hx = hand_rect.centerx - total // 2
            for i, c in enumerate(hand):
                self.sprites.append(Sprite(c, pygame.Rect(hx + i * spacing, hand_rect.top, cw, ch),
                                           f"hand.{bottom}", face_up=c != HIDDEN))

    def _piles(self, view: BrawlState, band: pygame.Rect, bottom: int) -> pygame.Rect:
        """The draw pile and the discard pile, on the left of the middle band."""
        S = self.S
        pw, ph = S(78), S(110)
        piles_x = band.left + S(12)
        py = band.top + S(30)
        deck_zone = "deck" if "deck" in view.zones else f"deck.{bottom}"
        deck = view.zones[deck_zone]
        deck_rect = pygame.Rect(piles_x, py, pw, ph)
        if deck:
            self.sprites.append(Sprite(HIDDEN, deck_rect, deck_zone, face_up=False))
        self.zones[deck_zone] = deck_rect
        self.label(f"Draw pile {len(deck)}", (deck_rect.left - S(4), deck_rect.bottom + S(3),
                                              pw + S(8), S(16)), theme.MUTED, S(12),
                   align="center")
        disc_rect = pygame.Rect(piles_x + pw + S(10), py, pw, ph)
        self.zones["discard"] = disc_rect
        if view.zones["discard"]:
            self.sprites.append(Sprite(view.zones["discard"][-1], disc_rect, "discard"))
        self.label(f"Discard {len(view.zones['discard'])}",
                   (disc_rect.left - S(4), disc_rect.bottom + S(3), pw + S(8), S(16)),
                   theme.MUTED, S(12), align="center")
        return disc_rect

    def _conditions(self, view: BrawlState, band: pygame.Rect) -> pygame.Rect:
        """The Conditions in play, stacked on the right of the middle band."""
        S = self.S
        cond_w, cond_h = S(88), S(124)
        area = pygame.Rect(band.right - cond_w - S(14), band.top - S(2), cond_w + S(8),
                           band.h + S(4))
        self.zones["conditions"] = area
        conds = view.zones["conditions"]
        step = 0
        if len(conds) > 1:
            step = min(S(40), (area.h - cond_h - S(24)) // (len(conds) - 1))
        for i, c in enumerate(conds):
            self.sprites.append(Sprite(c, pygame.Rect(area.left + S(4), area.top + S(20) +
                                                      i * step, cond_w, cond_h), "conditions"))
        self.label("Conditions", (area.left + S(2), area.top + S(2), area.w - S(4), S(16)),
                   theme.MUTED, S(12), align="center")
        return area

    def _arena(self, view: BrawlState, arena: pygame.Rect, bottom: int) -> None:
        """The match-ups, each its two cards side by side (neither hides the other): the
        card of the team at the top a little higher, the other a little lower."""
        S = self.S
        aw, ah = S(92), S(129)
        gap, pair_gap = S(6), S(26)
        dy = int(ah * 0.16)
        pairs = list(view.mu.items())
        need = len(pairs) * (2 * aw + gap + pair_gap) - pair_gap
        if pairs and need > arena.w - S(8):
            k = (arena.w - S(8)) / need
            aw, ah, gap, pair_gap = int(aw * k), int(ah * k), int(gap * k), int(pair_gap * k)
            dy = int(ah * 0.16)
            need = len(pairs) * (2 * aw + gap + pair_gap) - pair_gap
        x = arena.centerx - need // 2
        y0 = arena.top + (arena.h - ah - dy) // 2 + S(8)
        self.pair_rects: dict[int, pygame.Rect] = {}
        for att, tgt in pairs:
            att_seat, tgt_seat = view.owner(att), view.owner(tgt)
            lower = tgt_seat == bottom  # the viewer's card sits lower, on its side
            left, right = (att, tgt) if lower else (tgt, att)
            l_rect = pygame.Rect(x, y0 + (0 if lower else dy), aw, ah)
            r_rect = pygame.Rect(x + aw + gap, y0 + (dy if lower else 0), aw, ah)
            for card, rect in ((left, l_rect), (right, r_rect)):
                seat = att_seat if card == att else tgt_seat
                self.sprites.append(Sprite(card, rect, f"play.{seat}"))
            self.pair_rects[att] = l_rect.union(r_rect)
            x += 2 * aw + gap + pair_gap
        if not pairs:
            self.label("Match-ups appear here", arena, theme.DIM, S(14), align="center")

    def _hand_backs(self, view: BrawlState, seat: int, rect: pygame.Rect) -> None:
        """An opponent's line: who, whose turn, the hand as backs."""
        S = self.S
        hand = view.zones[f"hand.{seat}"]
        deck = f"deck.{seat}"
        extra = f" \u00b7 pile {len(view.zones[deck])}" if deck in view.zones else ""
        caption = f"{self.seat_caption(view, seat)} \u2014 {len(hand)} in hand{extra}"
        bw, bh, step = S(34), S(48), S(14)
        backs_w = bw + step * max(0, len(hand) - 1) if hand else 0
        room = rect.w - backs_w - S(10)
        from .. import text

        text_w = min(room, text.width_of(caption, S(13), "bold") + S(4))
        self.label(caption, (rect.left, rect.top, text_w, bh), theme.SEAT_COLORS[seat % 4],
                   S(13))
        x = rect.left + text_w + S(10)
        for i, c in enumerate(hand):
            self.sprites.append(Sprite(c, pygame.Rect(x + i * step, rect.top, bw, bh),
                                       f"hand.{seat}", face_up=c != HIDDEN))
        self.zones[f"hand.{seat}"] = pygame.Rect(x, rect.top, max(bw, backs_w), bh)

    def _team_row(self, view: BrawlState, seat: int, row: pygame.Rect, cw: int, ch: int,
                  caption: bool) -> None:
        S = self.S
        zone = f"play.{seat}"
        self.zones[zone] = row
        team = [c for c in view.zones[zone] if c not in self.arena_cards]
        widths = [ch if c in view.turned else cw for c in team]
        gap = S(10)
        total = sum(widths) + gap * max(0, len(team) - 1)
        x = row.centerx - total // 2
        for c, w in zip(team, widths, strict=True):
            if c in view.turned:
                rect = pygame.Rect(x, row.top + (ch - cw) // 2 + S(3), ch, cw)
                angle = 90
            else:
                rect = pygame.Rect(x, row.top + S(3), cw, ch)
                angle = 180 if view.action.get(c, ("",))[0] == "aid" else 0
            self.sprites.append(Sprite(c, rect, zone, face_up=c != HIDDEN, angle=angle))
            x += w + gap
        if not team:
            label = "Drop a Character here" if seat == self.bottom else "No Characters"
            if any(c in self.arena_cards for c in view.zones[zone]):
                label = "Fighting in the match-ups"
            self.label(label, row, theme.DIM, S(14), align="center")
        if caption:
            self.label(self.seat_caption(view, seat), (row.left + S(4), row.top - S(17),
                                                       row.w // 2, S(16)),
                       theme.SEAT_COLORS[seat % 4], S(12))

    def target_rect(self, move) -> pygame.Rect | None:
        """A thwart is dropped on the match-up (both of its cards)."""
        if move.kind == "thwart" and move.target in self.pair_rects:
            return self.pair_rects[move.target]
        return super().target_rect(move)

    def amounts(self, view: BrawlState) -> dict[int, int]:
        """Health: damage and healing rise from the characters."""
        return dict(view.hp)

    # -- drawing --------------------------------------------------------------------------
    def draw_under(self, surf, view: BrawlState) -> None:
        S = self.S
        for name, rect in self.zones.items():
            if name.startswith("play.") or name == "conditions":
                seat = name.partition(".")[2]
                line = theme.ZONE_LINE
                if seat.isdigit() and int(seat) == view.current and not view.over:
                    line = (*theme.SEAT_COLORS[int(seat) % 4], 120)
                surf.blit(pictures.box(rect.size, theme.ZONE, line, 1, S(10)), rect)
        arena = self.arena
        surf.blit(pictures.box(arena.size, (0, 0, 0, 40), radius=S(14)), arena)
        self.draw_labels(surf)

    def _health_bar(self, surf, r: pygame.Rect, hp: int, health: int) -> None:
        """The live health slider over the card's health strip (a kept picture)."""
        bar_h = max(8, int(r.h * 0.085))
        pad = max(3, r.w // 28) + 2
        bar = pygame.Rect(r.left + pad, r.bottom - pad - bar_h, r.w - 2 * pad, bar_h)
        surf.blit(pictures.kept(("brawl health", hp, health), bar.size,
                                lambda img: _paint_health(img, hp, health)), bar)

    def draw_over(self, surf, view: BrawlState, sprite: Sprite) -> None:
        c = sprite.card
        if c == HIDDEN or not sprite.zone.startswith("play."):
            return
        S = self.S
        r = sprite.rect
        inf = view.info[c]
        if c in view.hp and sprite.angle in (0, 180):
            self._health_bar(surf, r, view.hp[c], inf.health)
        if c in view.turned:
            ribbon = pygame.Rect(r.left, r.centery - S(11), r.w, S(22))
            surf.blit(pictures.box(ribbon.size, (150, 20, 30, 215)), ribbon)
            text.draw(surf, "KNOCKED OUT", ribbon.inflate(-6, 0), S(13), theme.TEXT, "bold",
                      align="center", valign="middle")
        if view.seats > 2:
            seat = int(sprite.zone.partition(".")[2])
            pygame.draw.circle(surf, theme.SEAT_COLORS[seat % 4], (r.left + 6, r.top + 6),
                               max(4, S(6)))
        if c in view.facedown:
            self._tag(surf, "FACE DOWN", r.center, theme.MUTED)
        above = True  # the space just above the card is free
        if c in view.power:
            self._power_pill(surf, inf.powers[view.power[c]], r)
            above = False
        elif c in view.cancelled:
            self._tag(surf, "POWER CANCELLED", (r.centerx, r.top - S(9)), theme.BAD, r.w + S(20))
            above = False
        act = view.action.get(c)
        if act:
            label = {"aid": "RENDERING AID", "thwart": "THWARTING", "gang": "GANGING UP +2"}
            y = r.top - S(9) if above else r.top + int(r.h * 0.3)
            self._tag(surf, label[act[0]], (r.centerx, y), theme.ACCENT, r.w + S(20))

    def _power_pill(self, surf, power, r: pygame.Rect) -> None:
        """The declared power, on a pill just above the card (a kept picture)."""
        S = self.S
        h = S(17)
        badge_w = int(h * 1.9)
        room = (r.w - 4 - badge_w - 9, h)
        two = not text.fits(power.name, (0, 0, *room), S(12), "cond")
        if two:  # a long name on a narrow card: two lines
            h = max(h, 2 * text.step_of(text.MIN_SIZE, "cond", 0.95) + 4)
        pill = pygame.Rect(r.left + 2, r.top - h - 1, r.w - 4, h)
        key = ("brawl power", power.name, power.damage, power.speed, power.heal, S(17), two)
        surf.blit(pictures.kept(key, pill.size, lambda img: self._paint_pill(
            img, power, badge_w, two)), pill)

    def _paint_pill(self, surf, power, badge_w: int, two: bool) -> None:
        S = self.S
        pill = surf.get_rect()
        pygame.draw.rect(surf, (14, 16, 20), pill, border_radius=min(pill.h // 2, S(9)))
        badge = pygame.Rect(pill.left + 2, pill.centery - S(7), badge_w, S(17) - 4)
        power_badge(surf, {"damage": power.damage, "speed": power.speed,
                           "heal": power.heal}, badge)
        text.draw(surf, power.name, (badge.right + 3, pill.top + 1, pill.right - badge.right - 6,
                                     pill.h - 2), S(12), theme.TEXT, "cond", valign="middle",
                  wrap=two, line_gap=0.95)

    def _tag(self, surf, label: str, center, color, max_w: int | None = None) -> None:
        """A small rounded tag centred on ``center`` (a kept picture)."""
        S = self.S
        img = pictures.tag(label, color, (14, 14, 18), S(11), S(12), S(4), S(8), max_w)
        surf.blit(img, img.get_rect(center=center))

    def draw_top(self, surf, view: BrawlState) -> None:
        S = self.S
        rects = {sp.card: sp.rect for sp in self.sprites if sp.card != HIDDEN}
        for actor, (kind, target) in view.action.items():
            if actor not in rects:
                continue
            end = self.pair_rects.get(target) if kind == "thwart" else rects.get(target)
            if end is None:
                continue
            _dashed(surf, theme.ACCENT, rects[actor].center, end.center, max(2, S(3)))
        if view.phase == "damage" and not view.over:
            hits = damage.plan(view)
            thwarted = damage.threatened_by_thwart(view)
            for hit in hits:
                rect = rects.get(hit.receiver)
                if rect is None:
                    continue
                label = f"\u2212{hit.amount} in {hit.step}"
                if hit.matchup in thwarted:
                    label = "thwarted?"
                size = S(14)
                box = pygame.Rect(0, 0, text.width_of(label, size, "bold") + S(12),
                                  text.step_of(size, "bold") + S(6))
                box.center = (rect.centerx, rect.top + int(rect.h * 0.32))
                pygame.draw.rect(surf, (170, 30, 40), box, border_radius=box.h // 2)
                text.draw(surf, label, box, size, theme.TEXT, "bold", align="center",
                          valign="middle")


def _paint_health(surf, hp: int, health: int) -> None:
    """A health slider filling ``surf``: the share of health left, and the numbers."""
    bar = surf.get_rect()
    pygame.draw.rect(surf, (14, 16, 20), bar, border_radius=3)
    frac = max(0.0, hp / health)
    color = theme.GOOD if frac > 0.5 else theme.ACCENT if frac > 0.25 else theme.BAD
    fill = bar.copy()
    fill.w = max(0, int(bar.w * frac))
    pygame.draw.rect(surf, color, fill, border_radius=3)
    text.draw(surf, f"{hp}/{health}", bar, max(8, int(bar.h * 0.95)), theme.TEXT,
              "condbold", align="center", valign="middle", shadow=(0, 0, 0))


def _dashed(surf, color, a, b, width: int) -> None:
    ax, ay = a
    bx, by = b
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    steps = int(length // 12)
    for i in range(0, steps, 2):
        t0, t1 = i / steps, min(1.0, (i + 1) / steps)
        pygame.draw.line(surf, color, (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                         (ax + (bx - ax) * t1, ay + (by - ay) * t1), width)


LAYOUT = BrawlLayout
