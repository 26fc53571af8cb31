"""Where Hero vs Nemesis's cards go, and what is drawn over them.

The seat in front of the screen sits at the bottom (its hand, and above it its side of
the table); the other player's hand is a row of backs at the top, with its side below.
The nemesis's side holds its support pile, its schemes (each with the cards played
towards it) and the cards it played this turn; the hero's side holds its tokens. The
middle band holds the deck and discard pile, the conflicts (hinder cards to the left of
a conflict, the counter to its right, its type and totals above and below), and on the
right what the hero set aside or the showdown.
"""

from __future__ import annotations

import functools

import pygame

from ...engine.state import HIDDEN
from ...games.hero_vs_nemesis import reckoning as rk
from ...games.hero_vs_nemesis.state import HERO, LOSSES, NEMESIS, WINS_NEEDED, HvNState
from .. import palette, pictures, text, theme
from ..standard_deck import band_strip
from ..table import Layout, Sprite
from . import cards as _cards  # noqa: F401 - registers the card painters

#: the smallest size of the words the table lays over a card (px)
READABLE = 10

CARD_W, CARD_H = 100, 140
GOOD_CHIP = (70, 176, 96)
BAD_CHIP = (196, 64, 60)
palette.swatch(globals(), "GOOD_CHIP", (0, 158, 115), "Hero vs Nemesis chips")
palette.swatch(globals(), "BAD_CHIP", (150, 60, 30), "Hero vs Nemesis chips")


class HvNLayout(Layout):
    def compute(self, view: HvNState, viewer: int | None, size) -> None:
        S = self.S
        table = self.table_rect(size)
        self.view = view
        self.sprites = []
        self.zones = {}
        self.labels = []
        self.pills: list[tuple[str, tuple[int, int], tuple]] = []
        self.boxes: list[pygame.Rect] = []
        self.chips: list[tuple[pygame.Rect, str]] = []
        bottom = viewer if viewer is not None else HERO
        top = 1 - bottom
        self.bottom = bottom
        # -- the other player's hand, as backs ---------------------------------------------
        self._backs(view, top, pygame.Rect(table.left + S(10), S(6), table.w - S(20), S(50)))
        # -- the two sides ---------------------------------------------------------------------
        top_row = pygame.Rect(table.left + S(8), S(60), table.w - S(16), S(150))
        low_row = pygame.Rect(table.left + S(8), S(418), table.w - S(16), S(150))
        self._side(view, top, top_row)
        self._side(view, bottom, low_row)
        # -- the middle band ------------------------------------------------------------------
        band = pygame.Rect(table.left, S(214), table.w, S(200))
        self.band = band
        self._piles(view, band)
        right = pygame.Rect(band.right - S(262), band.top + S(4), S(254), band.h - S(8))
        centre = pygame.Rect(band.left + S(196), band.top, right.left - band.left - S(204),
                             band.h)
        if view.phase in ("ace", "king", "resource", "lost"):
            self._offer(view, bottom, centre.union(right))
        else:
            self._conflicts(view, centre)
            if view.zones["showdown"] or view.phase in ("stake", "answer"):
                self._showdown(view, right)
            else:
                self._aside(view, right)
        # -- the viewer's hand -------------------------------------------------------------------
        hand = view.zones[f"hand.{bottom}"]
        hand_rect = pygame.Rect(table.left + S(10), S(576), table.w - S(20), S(142))
        self.zones[f"hand.{bottom}"] = hand_rect
        cw, ch = S(CARD_W), S(CARD_H)
        if hand:
            spacing = min(cw + S(8), (hand_rect.w - cw) // max(1, len(hand) - 1)) \
                if len(hand) > 1 else 0
            total = cw + spacing * (len(hand) - 1)
            hx = hand_rect.centerx - total // 2
            for i, c in enumerate(hand):
                self.sprites.append(Sprite(c, pygame.Rect(hx + i * spacing, hand_rect.top, cw, ch),
                                           f"hand.{bottom}", face_up=c != HIDDEN,
                                           extra={"tag": self._tag_of(view, c, bottom)}))
        else:
            self.label("Your hand is empty", hand_rect, theme.DIM, S(14), align="center")

    def target_rect(self, move) -> pygame.Rect | None:
        """A scheme or a conflict is lit with the cards played onto it (a drop on any of
        them goes to it)."""
        t = move.target
        if isinstance(t, int) and t in self.view.attached.values():
            rects = [sp.rect for sp in self.sprites
                     if sp.card == t or self.view.attached.get(sp.card) == t]
            if rects:
                return rects[0].unionall(rects[1:])
        return super().target_rect(move)

    # -- pieces ------------------------------------------------------------------------------
    def _backs(self, view: HvNState, seat: int, rect: pygame.Rect) -> None:
        """The other player: who, whose turn, and the hand as backs after the words."""
        S = self.S
        hand = view.zones[f"hand.{seat}"]
        bw, bh, step = S(34), S(48), S(16)
        caption = f"{self.seat_caption(view, seat)} \u2014 {len(hand)} in hand"
        backs_w = bw + step * max(0, len(hand) - 1) if hand else 0
        text_w = min(rect.w - backs_w - S(10), text.width_of(caption, S(13), "bold") + S(4))
        self.label(caption, (rect.left, rect.top, text_w, bh), theme.SEAT_COLORS[seat], S(13))
        x = rect.left + text_w + S(10)
        for c in hand:
            self.sprites.append(Sprite(c, pygame.Rect(x, rect.top, bw, bh), f"hand.{seat}",
                                       face_up=c != HIDDEN))
            x += step
        self.zones[f"hand.{seat}"] = pygame.Rect(rect.left + text_w + S(10), rect.top,
                                                 max(bw, backs_w), bh)

    def _side(self, view: HvNState, seat: int, row: pygame.Rect) -> None:
        S = self.S
        self.boxes.append(row)
        self.label(self.seat_caption(view, seat), (row.left + S(6), row.top + S(2),
                                                   row.w // 2, S(16)),
                   theme.SEAT_COLORS[seat], S(12))
        if seat == HERO:
            self._tokens(view, row)
        else:
            self._nemesis_side(view, row)

    def _tokens(self, view: HvNState, row: pygame.Rect) -> None:
        S = self.S
        x = row.left + S(24)
        y = row.top + S(46)
        r = S(20)
        col = S(210)
        for kind, count, label in (("good", view.popular, "Popular support"),
                                   ("bad", view.press, "Bad press")):
            self.label(f"{label}: {count}", (x, y - S(24), col - S(10), S(18)), theme.TEXT,
                       S(13))
            for i in range(count):
                self.chips.append((pygame.Rect(x + i * S(30), y, 2 * r, 2 * r), kind))
            if not count:
                self.label("none", (x + S(4), y, col - S(10), 2 * r), theme.DIM, S(12))
            x += col
        self.label(f"Showdowns lost to the nemesis: {view.wins} of {WINS_NEEDED}",
                   (x, y - S(24), row.right - x - S(8), S(18)), theme.TEXT, S(13))
        for i in range(WINS_NEEDED):
            self.chips.append((pygame.Rect(x + i * S(44), y, 2 * r, 2 * r),
                               "win" if i < view.wins else "slot"))

    def _nemesis_side(self, view: HvNState, row: pygame.Rect) -> None:
        S = self.S
        cw, ch = S(60), S(84)
        # support pile
        sup = pygame.Rect(row.left + S(6), row.top + S(42), S(250), row.h - S(46))
        self.zones["support.1"] = sup
        self._fan(view.zones["support.1"], sup, cw, ch, "support.1", "Support pile (worth 1 each)")
        # schemes: the label, then each scheme's progress over its card
        sch = pygame.Rect(sup.right + S(12), row.top + S(20), S(430), row.h - S(22))
        self.zones["schemes"] = sch
        schemes = view.zones["schemes"]
        sw, sh = S(62), S(87)
        self.label("Schemes (take one by playing its worth)", (sch.left + S(6), sch.top,
                                                               sch.w - S(12), S(16)),
                   theme.MUTED, S(12))
        if not schemes:
            self.label("Schemes appear here", sch.inflate(0, -S(20)).move(0, S(10)), theme.DIM,
                       S(13), align="center")
        x = sch.left + S(8)
        for sc in schemes:
            plots = view.on(sc, "plots")
            width = sw + (S(30) + S(16) * (len(plots) - 1) if plots else 0)
            rect = pygame.Rect(x, sch.bottom - sh - S(2), sw, sh)
            self.sprites.append(Sprite(sc, rect, "schemes"))
            for i, c in enumerate(plots):
                exposed = S(16) if i < len(plots) - 1 else S(48)
                self.sprites.append(Sprite(c, pygame.Rect(rect.right - S(20) + i * S(16),
                                                          rect.top + S(18), S(48), S(67)),
                                           "plots", extra={"exposed": exposed}))
            total, need = rk.scheme_total(view, sc), view.info[sc].scheme
            self.pills.append((f"{total} of {need}", (rect.centerx, rect.top - S(9)),
                               theme.GOOD if total else theme.MUTED))
            x += width + S(14)
        # played this turn
        spent = pygame.Rect(sch.right + S(8), row.top + S(42), row.right - sch.right - S(14),
                            row.h - S(46))
        self.zones["spent"] = spent
        zone = "spent.1" if view.phase == "return" else "spent"
        self._fan(view.zones["spent"], spent, cw, ch, zone, "Played this turn")

    def _fan(self, cards: list[int], area: pygame.Rect, cw: int, ch: int, zone: str,
             label: str) -> None:
        S = self.S
        self.label(label, (area.left + S(4), area.top - S(20), area.w - S(4), S(17)),
                   theme.MUTED, S(12))
        if not cards:
            return
        step = min(cw + S(4), (area.w - cw - S(8)) // max(1, len(cards) - 1)) \
            if len(cards) > 1 else 0
        for i, c in enumerate(cards):
            exposed = step if i < len(cards) - 1 else cw  # what the next card leaves seen
            self.sprites.append(Sprite(c, pygame.Rect(area.left + S(4) + i * step,
                                                      area.top + S(2), cw, ch), zone,
                                       extra={"exposed": exposed}))

    def _piles(self, view: HvNState, band: pygame.Rect) -> None:
        S = self.S
        pw, ph = S(78), S(110)
        x = band.left + S(14)
        y = band.top + S(40)
        deck = pygame.Rect(x, y, pw, ph)
        self.zones["deck"] = deck
        if view.zones["deck"]:
            self.sprites.append(Sprite(HIDDEN, deck, "deck", face_up=False))
        self.label(f"Deck {len(view.zones['deck'])}", (deck.left - S(4), deck.bottom + S(3),
                                                       pw + S(8), S(16)), theme.MUTED, S(12),
                   align="center")
        disc = pygame.Rect(x + pw + S(12), y, pw, ph)
        self.zones["discard"] = disc
        if view.zones["discard"]:
            self.sprites.append(Sprite(view.zones["discard"][-1], disc, "discard"))
        self.label(f"Discard {len(view.zones['discard'])}",
                   (disc.left - S(4), disc.bottom + S(3), pw + S(8), S(16)), theme.MUTED,
                   S(12), align="center")

    def _offer(self, view: HvNState, seat: int, area: pygame.Rect) -> None:
        S = self.S
        offer = view.zones.get(f"offer.{seat}", [])
        cw, ch = S(CARD_W), S(CARD_H)
        self.boxes.append(area)
        if not offer:
            who = "The hero" if view.actor == HERO else "The nemesis"
            self.label(f"{who} is setting up", area, theme.DIM, S(15), align="center")
            return
        what = {"ace": "Your greatest power: drag one Ace into your hand",
                "king": "A second power: drag one King into your hand",
                "resource": "Your first resource: drag one 2 into your hand"}.get(view.phase, "")
        self.label(what, (area.left + S(8), area.top + S(4), area.w - S(16), S(20)),
                   theme.ACCENT, S(14), align="center")
        total = len(offer) * (cw + S(14)) - S(14)
        x = area.centerx - total // 2
        for c in offer:
            self.sprites.append(Sprite(c, pygame.Rect(x, area.top + S(28), cw, ch),
                                       f"offer.{seat}", face_up=c != HIDDEN,
                                       extra={"tag": self._tag_of(view, c, seat)}))
            x += cw + S(14)

    def _conflicts(self, view: HvNState, area: pygame.Rect) -> None:
        S = self.S
        conflicts = view.zones["conflicts"]
        self.zones["conflicts"] = area
        self.boxes.append(area)
        if not conflicts:
            self.label("Conflicts appear here on the hero's turn", area, theme.DIM, S(14),
                       align="center")
            return
        cw, ch = S(86), S(120)
        sw, sh = S(58), S(81)
        slots = []
        for c in conflicts:
            hinder = [x for x in view.on(c, "counters") if view.role[x] == "hinder"]
            counter = [x for x in view.on(c, "counters") if view.role[x] != "hinder"]
            inf = view.info[c]
            label_w = max(text.width_of(inf.conflict, S(13), "bold"),
                          text.width_of(inf.field or "within the hero", S(12), "bold")) + S(8)
            slots.append((c, hinder, counter, min(label_w, S(150))))
        step = S(18)

        def width(h, k, label_w):
            cards = cw + (sw // 2 + step * (len(h) - 1) + S(6) if h else 0) + \
                (sw // 2 + step * (len(k) - 1) + S(8) if k else 0)
            return max(cards, label_w)
        gap = S(14)

        def needed() -> int:
            return sum(width(h, k, lw) for _, h, k, lw in slots) + gap * (len(slots) - 1)
        while needed() > area.w - S(8) and step > S(6):
            step -= S(2)
        x = area.left + max(S(4), (area.w - needed()) // 2)
        y = area.top + S(36)
        for c, hinder, counter, label_w in slots:
            slot_w = width(hinder, counter, label_w)
            cards_w = width(hinder, counter, 0)
            left = x
            x += (slot_w - cards_w) // 2
            for i, h in enumerate(hinder):
                self.sprites.append(Sprite(h, pygame.Rect(x + i * step, y + S(30), sw, sh),
                                           "counters", extra={"exposed": step}))
            if hinder:
                x += sw // 2 + step * (len(hinder) - 1) + S(6)
            rect = pygame.Rect(x, y, cw, ch)
            self.sprites.append(Sprite(c, rect, "conflicts"))
            x += cw
            if counter:
                x -= sw // 2 - S(8)
                for i, k in enumerate(counter):
                    exposed = step if i < len(counter) - 1 else sw
                    self.sprites.append(Sprite(k, pygame.Rect(x + i * step, y + S(30), sw, sh),
                                               "counters", extra={"exposed": exposed}))
            inf = view.info[c]
            self.label(inf.conflict, (left, area.top + S(3), slot_w, S(16)), theme.TEXT, S(13),
                       align="center")
            self.label(inf.field or "within the hero", (left, area.top + S(19), slot_w, S(15)),
                       theme.MUTED, S(12), align="center")
            tally, color = _tally(view, c)
            self.pills.append((tally, (left + slot_w // 2, y + ch + S(12)), color))
            x = left + slot_w + gap

    def _aside(self, view: HvNState, area: pygame.Rect) -> None:
        S = self.S
        self.zones["aside"] = area
        self.boxes.append(area)
        cards = view.zones["aside"]
        zone = "aside.1" if view.phase == "scavenge" else "aside"
        label = "Set aside: the nemesis picks one" if cards else "Set aside (for scavenging)"
        self.label(label, (area.left + S(6), area.top + S(3), area.w - S(12), S(17)),
                   theme.MUTED, S(12))
        if not cards:
            return
        inner = pygame.Rect(area.left + S(6), area.top + S(26), area.w - S(12), area.h - S(30))
        cw, ch = S(86), S(120)
        step = min(cw + S(4), (inner.w - cw) // max(1, len(cards) - 1)) if len(cards) > 1 else 0
        for i, c in enumerate(cards):
            self.sprites.append(Sprite(c, pygame.Rect(inner.left + i * step, inner.top, cw, ch),
                                       zone))

    def _showdown(self, view: HvNState, area: pygame.Rect) -> None:
        S = self.S
        self.zones["showdown"] = area
        self.boxes.append(area)
        stakes = [c for c in view.zones["showdown"] if view.role.get(c) == "stake"]
        answers = [c for c in view.zones["showdown"] if view.role.get(c) == "answer"]
        demand, total = rk.stake_demand(view)
        what = f"{total}" + (f" + jokers: {demand} cards" if demand else "")
        self.label(f"Showdown \u2014 nemesis {what}", (area.left + S(6), area.top + S(2),
                                                       area.w - S(12), S(17)),
                   theme.SEAT_COLORS[NEMESIS], S(12))
        cw, ch = S(52), S(73)
        for row, cards, y in ((0, stakes, area.top + S(20)), (1, answers, area.top + S(116))):
            step = min(cw + S(4), (area.w - cw - S(12)) // max(1, len(cards) - 1)) \
                if len(cards) > 1 else 0
            for i, c in enumerate(cards):
                self.sprites.append(Sprite(c, pygame.Rect(area.left + S(6) + i * step, y, cw, ch),
                                           "showdown"))
            if not cards:
                hint = "Stake cards here" if row == 0 else "The hero answers here"
                self.label(hint, (area.left, y, area.w, ch), theme.DIM, S(12), align="center")
        hero = sum(view.info[c].value for c in answers)
        self.label(f"Hero {hero}", (area.left + S(6), area.top + S(96), area.w - S(12), S(17)),
                   theme.SEAT_COLORS[HERO], S(12))

    def _tag_of(self, view: HvNState, card: int, seat: int) -> str:
        if card == HIDDEN:
            return ""
        inf = view.info[card]
        return inf.power if seat == HERO else inf.resource

    # -- drawing ----------------------------------------------------------------------------
    def draw_under(self, surf, view: HvNState) -> None:
        S = self.S
        for rect in self.boxes:
            surf.blit(pictures.box(rect.size, theme.ZONE, theme.ZONE_LINE, 1, S(10)), rect)
        for rect, kind in self.chips:
            _chip(surf, rect, kind)
        self.draw_labels(surf)

    def draw_over(self, surf, view: HvNState, sprite: Sprite) -> None:
        """On a card: what it means to its holder (at its foot), and, at its foot too,
        a support-pile card's worth or a hindering card's worth (never over a corner)."""
        c = sprite.card
        if c == HIDDEN or not sprite.face_up:
            return
        r = sprite.rect
        S = self.S
        foot = (r.centerx, r.bottom - S(9))
        tag = sprite.extra.get("tag")
        if tag and r.h >= S(100):
            strip = band_strip(r.w, r.h, view.info[c].conflict)
            if strip:  # the holder's meaning takes the place of the conflict band
                strip.move_ip(r.topleft)
                _meaning(surf, tag, strip, max(READABLE, S(11)))
            else:
                _pill(surf, tag, foot, (30, 36, 48), S(11), r.w - 4, skip=True)
        room = sprite.extra.get("exposed", r.w)
        if c in view.weak and sprite.zone != "support.1":
            _pill(surf, "support: 1", (r.left + room // 2, foot[1]), (90, 90, 100), S(10),
                  room - 2, skip=True)
        elif view.role.get(c) == "hinder":
            _pill(surf, f"+{rk.worth(view, c)}", foot, BAD_CHIP, S(10), r.w)

    def draw_top(self, surf, view: HvNState) -> None:
        S = self.S
        for label, pos, color in self.pills:
            _pill(surf, label, pos, (20, 26, 34), S(12), S(240), color)

    def info_lines(self, view: HvNState) -> list[tuple[str, tuple]]:
        lines = [(f"Hero: {view.popular} popular support, {view.press} bad press",
                  theme.SEAT_COLORS[HERO]),
                 (f"Nemesis: {view.wins} of {WINS_NEEDED} showdowns won",
                  theme.SEAT_COLORS[NEMESIS])]
        if view.lost >= 0:
            line = f"The nemesis lost their {LOSSES[view.lost]}"
            note = self._lost_note()
            if note:
                line += f": \u201c{note}\u201d"
            lines.append((line, theme.MUTED))
        lines.append((f"Deck: {len(view.zones['deck'])} cards left (the hero wins when it runs "
                      "out)", theme.MUTED))
        return lines

    def _lost_note(self) -> str:
        session = self.scene.session
        for i, move in enumerate(session.moves):
            if move.kind == "lost":
                return session.notes.get(i + 1, "")
        return ""


def _tally(view: HvNState, c: int) -> tuple[str, tuple]:
    """The pill under a conflict: how far its counter has come, and its colour."""
    inf = view.info[c]
    now = rk.tally(view, c)
    if now.joker:
        return "countered by humanity \u2713", theme.GOOD
    if inf.needs:
        ok = now.countered
        label = f"{now.cards} of {inf.needs} cards"
    else:
        ok = now.counter > now.total
        label = f"counter {now.counter} vs {now.total}"
    return label + (" \u2713" if ok else ""), theme.GOOD if ok else theme.ACCENT


def _pill(surf, label: str, center, bg, size: int, max_w: int, fg=theme.TEXT,
          skip: bool = False) -> None:
    """A rounded label centred on ``center``, at most ``max_w`` wide, its words never
    below :data:`READABLE` (``skip``: left out when they cannot fit, e.g. on a card mostly
    covered by the next; its zoom says the same)."""
    size = max(READABLE, size)
    if skip and text.width_of(label, READABLE, "condbold") + 10 > max_w:
        return
    img = pictures.tag(label, bg, fg, size, 10, 4, 8, max_w, min_size=READABLE)
    surf.blit(img, img.get_rect(center=center))


def _meaning(surf, words: str, strip: pygame.Rect, size: int) -> None:
    """What a card means to its holder, over its conflict band: one line (shrunk to
    :data:`READABLE` at least), else set on purpose in two balanced lines over a taller
    band; left out on a card too small for that (the card under the pointer, shown large,
    says it)."""
    lines = _meaning_lines(words, strip.w - 8, strip.h, size)
    if not lines:
        return
    box = pygame.Rect(strip)
    fitted = size
    if len(lines) == 2:
        fitted = READABLE
        box.h = 2 * text.step_of(READABLE, "condbold") + 4
        box.bottom = strip.bottom

    def paint(img: pygame.Surface) -> None:
        pygame.draw.rect(img, (30, 36, 48), img.get_rect(), border_radius=max(2, strip.h // 3))
        step = img.get_height() // len(lines)
        for i, line in enumerate(lines):
            text.draw(img, line, (4, i * step, img.get_width() - 8, step), fitted, theme.TEXT,
                      "condbold", align="center", valign="middle", min_size=READABLE)

    surf.blit(pictures.kept(("meaning", words, fitted, box.size), box.size, paint), box)


@functools.lru_cache(maxsize=512)
def _meaning_lines(words: str, width: int, height: int, size: int) -> tuple[str, ...]:
    """The lines of a card's meaning in a band ``width`` x ``height`` (worked out once
    per words and size: it is drawn over every gliding card, each frame)."""
    if text.fits(words, (0, 0, width, height), size, "condbold", min_size=READABLE):
        return (words,)
    return tuple(_two_lines(words, width))


def _two_lines(words: str, width: int) -> list[str]:
    """``words`` split at the space that best balances two lines fitting ``width`` at
    :data:`READABLE` ([] when there is none)."""
    parts = words.split()
    best: list[str] = []
    for i in range(1, len(parts)):
        pair = [" ".join(parts[:i]), " ".join(parts[i:])]
        widths = [text.width_of(p, READABLE, "condbold") for p in pair]
        if max(widths) <= width and (not best or max(widths) < max(
                text.width_of(p, READABLE, "condbold") for p in best)):
            best = pair
    return best


def _chip(surf, rect: pygame.Rect, kind: str) -> None:
    c = rect.center
    r = rect.w // 2
    if kind == "slot":
        pygame.draw.circle(surf, (60, 66, 78), c, r, 2)
        return
    color = {"good": GOOD_CHIP, "bad": BAD_CHIP, "win": theme.SEAT_COLORS[NEMESIS]}[kind]
    pygame.draw.circle(surf, (14, 16, 20), (c[0] + 2, c[1] + 3), r)
    pygame.draw.circle(surf, color, c, r)
    pygame.draw.circle(surf, (240, 240, 240), c, r, 2)
    if kind == "good":
        from ..cardart import star

        star(surf, c, int(r * 0.6), (250, 250, 230), 5)
    elif kind == "bad":  # a folded newspaper
        w, h = int(r * 1.0), int(r * 0.8)
        paper = pygame.Rect(0, 0, w, h)
        paper.center = c
        pygame.draw.rect(surf, (240, 236, 224), paper, border_radius=2)
        for i in range(3):
            y = paper.top + 3 + i * (h - 4) // 3
            pygame.draw.line(surf, (90, 90, 90), (paper.left + 3, y), (paper.right - 3, y), 1)
    else:
        pygame.draw.line(surf, (250, 250, 250), (c[0] - r // 2, c[1] - r // 2),
                         (c[0] + r // 2, c[1] + r // 2), 3)
        pygame.draw.line(surf, (250, 250, 250), (c[0] + r // 2, c[1] - r // 2),
                         (c[0] - r // 2, c[1] + r // 2), 3)


LAYOUT = HvNLayout
