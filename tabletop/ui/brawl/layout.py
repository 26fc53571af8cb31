"""Where Brawl's zones and cards go, and what is drawn over them.

The seat in front of the screen sits at the bottom (team row, then hand); opponents sit
at the top (one, or two side by side in a Three-Way Battle). The middle band holds the
draw pile and discard on the left, the match-ups (the attacker's card overlapping its
target, as on a real table) in the centre and the Conditions on the right. Knocked-out
characters are turned sideways; a Hero rendering aid is turned upside down. What is drawn
over and beside the cards (health, powers, tags, damage) is placed by :mod:`.marks`, the
lines of More Actions are routed by :mod:`.links`: neither hides a word of a card.
"""

from __future__ import annotations

import pygame

from ...engine.state import HIDDEN
from ...games.brawl.state import BrawlState
from .. import pictures, text, theme
from ..table import Layout, Sprite
from . import cards as _cards  # noqa: F401 - registers the card painters
from .links import BrawlLinks
from .marks import BrawlMarks

CARD_W, CARD_H = 100, 140


class BrawlLayout(BrawlMarks, BrawlLinks, Layout):
    def compute(self, view: BrawlState, viewer: int | None, size) -> None:
        S = self.S
        table = self.table_rect(size)
        self.sprites = []
        self.zones = {}
        self.labels = []
        self.seat_rects: dict[int, pygame.Rect] = {}
        self.view = view
        self.forget_marks()
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
        self.band = band
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
        self.pill_room = y0 - arena.top + 1  # (a pill may touch the top of the band)
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

    def draw_over(self, surf, view: BrawlState, sprite: Sprite) -> None:
        """The card's health, tags and badges (see :mod:`.marks`)."""
        for mark in self.marks(view, sprite):
            self.draw_mark(surf, mark)

    def draw_top(self, surf, view: BrawlState) -> None:
        """The More Actions' lines, from each actor to what it acts on (see
        :mod:`.links`)."""
        self.draw_links(surf, view)


LAYOUT = BrawlLayout
