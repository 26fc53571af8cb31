"""Where Brawl's zones and cards go, and what is drawn over them.

The seat in front of the screen sits at the bottom (team row, then hand); opponents sit
at the top (one, or two side by side in a Three-Way Battle). The middle band holds the
draw pile and discard on the left, the match-ups (the attacker's card overlapping its
target, as on a real table) in the centre and the Conditions on the right. Knocked-out
characters are turned sideways; a Hero rendering aid is turned upside down.
"""

from __future__ import annotations

import pygame

from ...engine.moves import seat_label
from ...engine.state import HIDDEN
from ...games.brawl import damage
from ...games.brawl.state import BrawlState
from .. import text, theme
from ..table import Layout, Sprite
from . import cards as _cards  # noqa: F401 - registers the card painters
from .cards import power_badge

CARD_W, CARD_H = 100, 140


class BrawlLayout(Layout):
    def compute(self, view: BrawlState, viewer: int | None, size) -> None:
        s = self.scale
        S = lambda v: int(v * s)  # noqa: E731
        table = self.table_rect(size)
        self.sprites = []
        self.zones = {}
        self.labels: list[tuple[str, tuple[int, int], tuple, int]] = []
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
            self._hand_backs(view, seat, pygame.Rect(area.left + S(10), S(6), area.w - S(20),
                                                     S(50)))
            row = pygame.Rect(area.left + S(8), S(62), area.w - S(16), S(146))
            self._team_row(view, seat, row, tw, th)
        # -- middle band -------------------------------------------------------------------
        band = pygame.Rect(table.left, S(214), table.w, S(200))
        pw, ph = S(78), S(110)
        piles_x = band.left + S(12)
        py = band.top + S(34)
        deck_zones = ["deck"] if "deck" in view.zones else [f"deck.{bottom}"]
        deck = view.zones[deck_zones[0]]
        deck_rect = pygame.Rect(piles_x, py, pw, ph)
        if deck:
            self.sprites.append(Sprite(HIDDEN, deck_rect, deck_zones[0], face_up=False))
        self.zones[deck_zones[0]] = deck_rect
        self.labels.append((f"Draw pile {len(deck)}", (deck_rect.centerx, deck_rect.bottom + S(4)),
                            theme.MUTED, S(12)))
        disc_rect = pygame.Rect(piles_x + pw + S(10), py, pw, ph)
        self.zones["discard"] = disc_rect
        if view.zones["discard"]:
            self.sprites.append(Sprite(view.zones["discard"][-1], disc_rect, "discard"))
        self.labels.append((f"Discard {len(view.zones['discard'])}",
                            (disc_rect.centerx, disc_rect.bottom + S(4)), theme.MUTED, S(12)))
        cond_w, cond_h = S(88), S(124)
        cond_area = pygame.Rect(band.right - cond_w - S(14), band.top - S(2), cond_w + S(8),
                                band.h + S(4))
        self.zones["conditions"] = cond_area
        conds = view.zones["conditions"]
        step = S(30) if len(conds) > 1 else 0
        if len(conds) > 1:
            step = min(S(40), (cond_area.h - cond_h - S(20)) // (len(conds) - 1))
        for i, c in enumerate(conds):
            self.sprites.append(Sprite(c, pygame.Rect(cond_area.left + S(4),
                                                      cond_area.top + S(18) + i * step,
                                                      cond_w, cond_h), "conditions"))
        self.labels.append(("Conditions", (cond_area.centerx, cond_area.top + S(2)),
                            theme.MUTED, S(12)))
        arena = pygame.Rect(disc_rect.right + S(16), band.top, cond_area.left - disc_rect.right
                            - S(28), band.h)
        self.arena = arena
        self.zones["table"] = pygame.Rect(table.left, band.top, table.w, band.h)
        aw, ah = S(92), S(129)
        dx, dy = int(aw * 0.62), int(ah * 0.22)
        pairs = list(view.mu.items())
        gap = S(44)
        need = len(pairs) * (aw + dx + gap) - gap
        if pairs and need > arena.w - S(8):
            shrink = (arena.w - S(8)) / need
            aw, ah = int(aw * shrink), int(ah * shrink)
            dx, dy, gap = int(aw * 0.62), int(ah * 0.22), int(gap * shrink)
            need = len(pairs) * (aw + dx + gap) - gap
        x = arena.centerx - need // 2
        y0 = arena.top + (arena.h - ah - dy) // 2 + S(6)
        self.pair_rects: dict[int, pygame.Rect] = {}
        for att, tgt in pairs:
            att_seat, tgt_seat = view.owner(att), view.owner(tgt)
            upper_first = tgt_seat != bottom  # keep each team on its own side of the table
            t_rect = pygame.Rect(x, y0 if upper_first else y0 + dy, aw, ah)
            a_rect = pygame.Rect(x + dx, y0 + dy if upper_first else y0, aw, ah)
            self.sprites.append(Sprite(tgt, t_rect, f"play.{tgt_seat}"))
            self.sprites.append(Sprite(att, a_rect, f"play.{att_seat}"))
            self.pair_rects[att] = t_rect.union(a_rect)
            x += aw + dx + gap
        if not pairs:
            self.labels.append(("Match-ups appear here", arena.center, theme.DIM, S(14)))
        # -- bottom: the viewer ------------------------------------------------------------
        row = pygame.Rect(table.left + S(8), S(420), table.w - S(16), S(146))
        self.seat_rects[bottom] = pygame.Rect(table.left, S(420), table.w, size[1] - S(420))
        self._team_row(view, bottom, row, cw, ch)
        hand = view.zones[f"hand.{bottom}"]
        hand_rect = pygame.Rect(table.left + S(10), S(574), table.w - S(20), S(142))
        self.zones[f"hand.{bottom}"] = hand_rect
        if hand:
            spacing = min(cw + S(8), (hand_rect.w - cw) // max(1, len(hand) - 1)) \
                if len(hand) > 1 else 0
            total = cw + spacing * (len(hand) - 1)
            hx = hand_rect.centerx - total // 2
            for i, c in enumerate(hand):
                self.sprites.append(Sprite(c, pygame.Rect(hx + i * spacing, hand_rect.top, cw, ch),
                                           f"hand.{bottom}", face_up=c != HIDDEN))

    def _hand_backs(self, view: BrawlState, seat: int, rect: pygame.Rect) -> None:
        s = self.scale
        hand = view.zones[f"hand.{seat}"]
        bw, bh = int(34 * s), int(48 * s)
        step = int(14 * s)
        x = rect.left + int(150 * s)
        for i, c in enumerate(hand):
            self.sprites.append(Sprite(c, pygame.Rect(x + i * step, rect.top, bw, bh),
                                       f"hand.{seat}", face_up=c != HIDDEN))
        self.zones[f"hand.{seat}"] = pygame.Rect(x, rect.top, bw + step * max(0, len(hand) - 1),
                                                 bh)
        deck = f"deck.{seat}"
        extra = f" \u00b7 pile {len(view.zones[deck])}" if deck in view.zones else ""
        self.labels.append((f"{seat_label(seat)}: {len(hand)} in hand{extra}",
                            (rect.left + int(70 * s), rect.top + int(18 * s)),
                            theme.SEAT_COLORS[seat % 4], int(13 * s)))

    def _team_row(self, view: BrawlState, seat: int, row: pygame.Rect, cw: int, ch: int) -> None:
        s = self.scale
        zone = f"play.{seat}"
        self.zones[zone] = row
        team = [c for c in view.zones[zone] if c not in self.arena_cards]
        widths = [ch if c in view.turned else cw for c in team]
        gap = int(10 * s)
        total = sum(widths) + gap * max(0, len(team) - 1)
        x = row.centerx - total // 2
        for c, w in zip(team, widths, strict=True):
            if c in view.turned:
                rect = pygame.Rect(x, row.top + (ch - cw) // 2 + int(3 * s), ch, cw)
                angle = 90
            else:
                rect = pygame.Rect(x, row.top + int(3 * s), cw, ch)
                angle = 180 if view.action.get(c, ("",))[0] == "aid" else 0
            self.sprites.append(Sprite(c, rect, zone, face_up=c != HIDDEN, angle=angle))
            x += w + gap
        if not team:
            label = "Drop a Character here" if seat == self.bottom else "No Characters"
            if any(c in self.arena_cards for c in view.zones[zone]):
                label = ""
            if label:
                self.labels.append((label, row.center, theme.DIM, int(14 * s)))
        name = self.scene.session.seats[seat].name if seat < len(self.scene.session.seats) \
            else seat_label(seat)
        tag = f"{seat_label(seat)} {name}"
        if seat in view.eliminated:
            tag += " \u2014 eliminated"
        if seat == view.current and not view.over:
            tag += " \u2014 turn"
        self.labels.append((tag, (row.left + int(4 * s), row.top - int(2 * s)),
                            theme.SEAT_COLORS[seat % 4], -int(12 * s)))

    # -- drawing --------------------------------------------------------------------------
    def draw_under(self, surf, view: BrawlState) -> None:
        s = self.scale
        for name, rect in self.zones.items():
            if name.startswith("play.") or name == "conditions":
                box = pygame.Surface(rect.size, pygame.SRCALPHA)
                pygame.draw.rect(box, theme.ZONE, box.get_rect(), border_radius=int(10 * s))
                seat = name.partition(".")[2]
                line = theme.ZONE_LINE
                if seat.isdigit() and int(seat) == view.current and not view.over:
                    line = (*theme.SEAT_COLORS[int(seat) % 4], 120)
                pygame.draw.rect(box, line, box.get_rect(), 1, border_radius=int(10 * s))
                surf.blit(box, rect)
        arena = self.arena
        box = pygame.Surface(arena.size, pygame.SRCALPHA)
        pygame.draw.rect(box, (0, 0, 0, 40), box.get_rect(), border_radius=int(14 * s))
        surf.blit(box, arena)
        for label, pos, color, size in self.labels:
            left = size < 0
            img = text.render(label, abs(size), color, "bold")
            if left:
                surf.blit(img, (pos[0] + 4, pos[1] - img.get_height() + 2))
            else:
                surf.blit(img, img.get_rect(midtop=pos) if pos[1] > 0 else img.get_rect(center=pos))

    def draw_over(self, surf, view: BrawlState, sprite: Sprite) -> None:
        c = sprite.card
        if c == HIDDEN or not sprite.zone.startswith("play."):
            return
        s = self.scale
        r = sprite.rect
        inf = view.info[c]
        if c in view.facedown:
            self._tag(surf, "FACE DOWN", r.midtop, theme.MUTED)
        if c in view.hp and sprite.angle in (0, 180):
            hp = view.hp[c]
            bar_h = max(8, int(r.h * 0.085))
            pad = max(3, r.w // 28) + 2
            bar = pygame.Rect(r.left + pad, r.bottom - pad - bar_h, r.w - 2 * pad, bar_h)
            pygame.draw.rect(surf, (14, 16, 20), bar, border_radius=3)
            frac = max(0.0, hp / inf.health)
            color = theme.GOOD if frac > 0.5 else theme.ACCENT if frac > 0.25 else theme.BAD
            fill = bar.copy()
            fill.w = max(0, int(bar.w * frac))
            pygame.draw.rect(surf, color, fill, border_radius=3)
            size = max(8, int(bar_h * 0.9))
            shadow = text.render(f"{hp}/{inf.health}", size, (0, 0, 0), "condbold")
            label = text.render(f"{hp}/{inf.health}", size, theme.TEXT, "condbold")
            at = label.get_rect(center=bar.center)
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                surf.blit(shadow, at.move(dx, dy))
            surf.blit(label, at)
        if c in view.turned:
            ribbon = pygame.Rect(r.left, r.centery - int(11 * s), r.w, int(22 * s))
            box = pygame.Surface(ribbon.size, pygame.SRCALPHA)
            box.fill((150, 20, 30, 215))
            surf.blit(box, ribbon)
            img = text.render("KNOCKED OUT", int(13 * s), theme.TEXT, "bold")
            surf.blit(img, img.get_rect(center=ribbon.center))
        if sprite.zone.startswith("play.") and view.seats > 2:
            seat = int(sprite.zone.partition(".")[2])
            pygame.draw.circle(surf, theme.SEAT_COLORS[seat % 4], (r.left + 6, r.top + 6),
                               max(4, int(6 * s)))
        if c in view.power:
            power = inf.powers[view.power[c]]
            pill = pygame.Rect(r.left + 2, r.top - int(16 * s), r.w - 4, int(18 * s))
            pygame.draw.rect(surf, (14, 16, 20), pill, border_radius=pill.h // 2)
            badge = pygame.Rect(pill.left + 2, pill.top + 2, int(pill.h * 1.9), pill.h - 4)
            power_badge(surf, {"damage": power.damage, "speed": power.speed,
                               "heal": power.heal}, badge)
            size = text.fit_size(power.name, pill.right - badge.right - 6, int(12 * s), "cond", 7)
            img = text.render(power.name, size, theme.TEXT, "cond")
            surf.blit(img, (badge.right + 3, pill.centery - img.get_height() // 2))
        elif c in view.cancelled:
            self._tag(surf, "POWER CANCELLED", r.midtop, theme.BAD)
        act = view.action.get(c)
        if act:
            label = {"aid": "RENDERING AID", "thwart": "THWARTING", "gang": "GANGING UP +2"}
            self._tag(surf, label[act[0]], (r.centerx, r.top - int(4 * s)), theme.ACCENT)

    def _tag(self, surf, label: str, midtop, color) -> None:
        s = self.scale
        img = text.render(label, int(11 * s), (14, 14, 18), "condbold")
        box = img.get_rect(midtop=midtop).inflate(int(10 * s), int(4 * s))
        pygame.draw.rect(surf, color, box, border_radius=box.h // 2)
        surf.blit(img, img.get_rect(center=box.center))

    def draw_top(self, surf, view: BrawlState) -> None:
        s = self.scale
        rects = {sp.card: sp.rect for sp in self.sprites if sp.card != HIDDEN}
        for actor, (kind, target) in view.action.items():
            if actor not in rects:
                continue
            end = self.pair_rects.get(target) if kind == "thwart" else rects.get(target)
            if end is None:
                continue
            _dashed(surf, theme.ACCENT, rects[actor].center, end.center, max(2, int(3 * s)))
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
                img = text.render(label, int(14 * s), theme.TEXT, "bold")
                box = img.get_rect(center=(rect.centerx, rect.top + int(rect.h * 0.45)))
                box = box.inflate(int(12 * s), int(6 * s))
                pygame.draw.rect(surf, (170, 30, 40), box, border_radius=box.h // 2)
                surf.blit(img, img.get_rect(center=box.center))


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
