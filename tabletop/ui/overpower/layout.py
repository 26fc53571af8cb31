"""Where OverPower's cards go (the table at 1280x720, scaled with the window).

The seat in front of the screen sits at the bottom, the other player at the top, both
Front Lines facing the middle. Each team band holds its characters left to right, each
with the cards Placed on it beside it (Power, Universe, Tactic, Special: an empty slot
shows its letter) and its hits in front, toward the middle: the KO meter with the
character's own threshold, the four Spectrum pips, this battle's hits as bright chips and
the Permanent Record apart as a muted total. Then the Reserve. On the right of each band:
the Draw Pile, Power Pack, Dead Pile and KO'd characters, then the three mission piles,
each with its count on it and its name under it on one line (at least
:data:`CAPTION` px at any window size: a pile's column is as wide as its name). The
centre lane shows the battle and its phase, the action being resolved (with its working)
and the running Venture Totals, each beside the pile of mission cards that seat ventured
on this battle; the viewer's hand is at the bottom, the opponent's as backs at the top.

Drawing is in :mod:`.paint`, the dialogs (venture, defend or take the hit, follow-ups,
card choices, the end-of-battle summary) in :mod:`.dialogs`.
"""

from __future__ import annotations

import pygame

from ...engine.state import HIDDEN
from ...games.overpower.state import OPState
from .. import theme
from ..table import Layout, Sprite
from . import cards as _cards  # noqa: F401 - registers the card painters
from . import dialogs, paint, places

SLOT_ORDER = ("power", "universe", "tactic", "special")
CHAR_W, CHAR_H = 92, 128
MINI_W, MINI_H = 40, 56
BLOCK_W = CHAR_W + 5 + 2 * MINI_W + 4
PILE_W, PILE_H = 44, 62
STRIP_H = 30
BAND_H = 180
HITS_H = 44
OPP_BAND, OWN_BAND, HAND_Y = 32, 392, 576
PILES_X = 752
PILES = (("draw", "Draw"), ("pack", "Power Pack"), ("dead", "Dead"), ("defeated", "KO'd"))
MISSIONS = (("missions", "Reserve"), ("completed", "Completed"), ("failed", "Defeated"))
#: the pile captions' size (px) at 1280x720, and the least at any window size
CAPTION = 11
CAPTION_STYLE = paint.CAPTION_STYLE
#: the Venture Totals beside the ventured piles, on the right of the centre lane
TOTALS_X = 752
#: the least size of the action's heading (who attacks whom), px
HEAD_LEAST = 10


class OverPowerLayout(Layout):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        #: end-of-battle summaries already dismissed: (viewer, battle, summary)
        self.seen: set = set()

    def S(self, v: float) -> int:
        return int(v * self.scale)

    def compute(self, view: OPState, viewer: int | None, size) -> None:
        S = self.S
        table = self.table_rect(size)
        self.table = table
        self.view = view
        self.viewer = viewer
        self.sprites: list[Sprite] = []
        self.zones: dict[str, pygame.Rect] = {}
        #: character -> (its block, the rect of its hits strip, it faces down)
        self.blocks: dict[int, tuple[pygame.Rect, pygame.Rect, bool]] = {}
        self.slots: list[tuple[pygame.Rect, str]] = []  # empty placing slots
        #: rect, caption, count, zone base, the caption's box (one line)
        self.piles: list[tuple[pygame.Rect, str, int, str, pygame.Rect]] = []
        self.labels: list[tuple[str, tuple, tuple, int, str]] = []
        self.boxes: list[tuple[pygame.Rect, str]] = []
        #: Locations on the table: rect, what it is, card, zone (:mod:`.places`)
        self.places: list[tuple[pygame.Rect, str, int, str]] = []
        bottom = viewer if viewer is not None else 0
        self.bottom, self.top = bottom, 1 - bottom
        self._strip(view, self.top, pygame.Rect(table.left + S(8), S(2), table.w - S(16),
                                                S(STRIP_H - 4)))
        for seat, y, down in ((self.top, OPP_BAND, True), (bottom, OWN_BAND, False)):
            band = pygame.Rect(table.left + S(8), S(y), table.w - S(16), S(BAND_H))
            self._team(view, seat, band, down)
            self._piles(view, seat, band)
        self.lane = pygame.Rect(table.left + S(8), S(OPP_BAND + BAND_H + 4), table.w - S(16),
                                S(OWN_BAND - OPP_BAND - BAND_H - 8))
        self._ventured(view)
        column = S(places.PLACES_W) if places.needed(view) else 0
        self.action_area = pygame.Rect(table.left + S(204), self.lane.top, S(540) - column,
                                       self.lane.h)
        if column:
            places.lay_out(self, view, pygame.Rect(self.action_area.right, self.lane.top,
                                                   column, self.lane.h))
        places.borne(self, view)
        #: the cards of the action, and beside them its prompt
        self.combat_area = pygame.Rect(self.action_area.left, self.lane.top, S(170),
                                       self.lane.h)
        self.prompt_area = pygame.Rect(self.combat_area.right + S(6), self.lane.top,
                                       self.action_area.right - self.combat_area.right - S(6),
                                       self.lane.h)
        #: the places column (empty without Locations and Events) and the prompt with it
        #: beside, for a dialog while nothing there is played (wide enough to read)
        self.places_rect = pygame.Rect(self.action_area.right, self.lane.top, column,
                                       self.lane.h)
        self.prompt_wide = self.prompt_area.union(self.places_rect)
        self._combat(view)
        self._hand(view, bottom, pygame.Rect(table.left + S(8), S(HAND_Y), table.w - S(16),
                                             S(140)))

    # -- the opponent's strip and the hands -----------------------------------------------
    def _strip(self, view: OPState, seat: int, rect: pygame.Rect) -> None:
        S = self.S
        hand = view.zones[f"hand.{seat}"]
        label = f"{self.seat_caption(view, seat)} \u2014 {len(hand)} in hand"
        self.labels.append((label, (rect.left, rect.centery), paint.seat_color(seat), S(14),
                            "ml"))
        x = rect.left + paint.text_width(label, S(14)) + S(14)
        for c in hand:
            self.sprites.append(Sprite(c, pygame.Rect(x, rect.top, S(18), S(25)),
                                       f"hand.{seat}", face_up=c != HIDDEN))
            x += S(11)
        self.zones[f"hand.{seat}"] = pygame.Rect(rect.left, rect.top, x - rect.left + S(8),
                                                 rect.h)

    def _hand(self, view: OPState, seat: int, rect: pygame.Rect) -> None:
        S = self.S
        hand = view.zones[f"hand.{seat}"]
        self.zones[f"hand.{seat}"] = rect
        cw, ch = S(100), S(140)
        if not hand:
            self.labels.append(("Your hand is empty" if self.viewer is not None else
                                "Hands are hidden", rect.center, paint.DIM, S(14), "c"))
            return
        step = min(cw + S(6), (rect.w - cw) // max(1, len(hand) - 1)) if len(hand) > 1 else 0
        x = rect.centerx - (cw + step * (len(hand) - 1)) // 2
        for c in hand:
            self.sprites.append(Sprite(c, pygame.Rect(x, rect.top, cw, ch), f"hand.{seat}",
                                       face_up=c != HIDDEN))
            x += step

    # -- a team -----------------------------------------------------------------------------
    def _team(self, view: OPState, seat: int, band: pygame.Rect, down: bool) -> None:
        S = self.S
        front = list(view.zones[f"front.{seat}"])
        gone = [c for c in view.zones[f"defeated.{seat}"] if c in view.ko_now]
        chars = front + gone
        card_y = band.top if down else band.bottom - S(CHAR_H)
        hits_y = card_y + S(CHAR_H + 4) if down else band.top
        x = band.left
        setup = len(front) > 3
        step = S(CHAR_W + 44) if setup else S(BLOCK_W + 8)
        for c in chars:
            rect = pygame.Rect(x, card_y, S(CHAR_W), S(CHAR_H))
            ko = c in view.ko_now
            zone = f"defeated.{seat}" if ko else f"front.{seat}"
            self.sprites.append(Sprite(c, rect, zone, face_up=c != HIDDEN, dim=ko,
                                       extra={"ko": ko}))
            block = pygame.Rect(x, min(card_y, hits_y), S(BLOCK_W), S(CHAR_H + 4 + HITS_H))
            if not setup and c != HIDDEN:
                self._placed(view, seat, c, pygame.Rect(rect.right + S(5), card_y,
                                                        S(2 * MINI_W + 4), S(CHAR_H)),
                             MINI_W, MINI_H)
                self.blocks[c] = (block, pygame.Rect(x, hits_y, S(BLOCK_W), S(HITS_H)), down)
            x += step
        self._reserve(view, seat, pygame.Rect(band.left + S(3 * (BLOCK_W + 8)), band.top,
                                              S(PILES_X - 20) - S(3 * (BLOCK_W + 8)),
                                              band.h), down, setup)

    def _reserve(self, view: OPState, seat: int, area: pygame.Rect, down: bool,
                 setup: bool) -> None:
        S = self.S
        self.zones[f"reserve.{seat}"] = area
        self.boxes.append((area, "Reserve"))
        chars = view.zones[f"reserve.{seat}"]
        if not chars:
            hint = "Drop your Reserve here" if setup and seat == self.viewer else "Reserve"
            self.labels.append((hint, area.center, paint.DIM, S(12), "c"))
            return
        cw, ch = S(80), S(112)
        y = area.top + S(22) if down else area.bottom - ch - S(4)
        for i, c in enumerate(chars):
            rect = pygame.Rect(area.left + S(4) + i * S(14), y + i * S(10), cw, ch)
            self.sprites.append(Sprite(c, rect, f"reserve.{seat}", face_up=c != HIDDEN,
                                       extra={"reserve": True}))
            if i == 0 and c != HIDDEN:
                self._placed(view, seat, c, pygame.Rect(rect.right + S(4), y, S(76), ch),
                             36, 50)
                hits = pygame.Rect(area.left, area.top + S(2) if down else area.top,
                                   area.w, S(20))
                self.blocks[c] = (area, hits, down)

    def _placed(self, view: OPState, seat: int, ch: int, area: pygame.Rect, w: int,
                h: int) -> None:
        """The cards Placed on ``ch`` by slot, two by two; empty slots keep their place."""
        S = self.S
        mine = {view.info[c].slot: c for c in view.zones[f"placed.{seat}"]
                if view.attached.get(c) == ch}
        for i, slot in enumerate(SLOT_ORDER):
            rect = pygame.Rect(area.left + (i % 2) * (S(w) + S(4)),
                               area.top + (i // 2) * (S(h) + S(6)), S(w), S(h))
            card = mine.get(slot)
            if card is None:
                self.slots.append((rect, slot[0].upper()))
            else:
                self.sprites.append(Sprite(card, rect, f"placed.{seat}"))

    # -- piles ------------------------------------------------------------------------------
    def caption_size(self) -> int:
        """The pile captions' font size: :data:`CAPTION` at 1280x720, scaled up with a
        bigger window and never below it."""
        return max(CAPTION, self.S(CAPTION))

    def caption_box(self, label: str, pile: pygame.Rect, within: pygame.Rect) -> pygame.Rect:
        """The one line of ``label`` under ``pile``, centred on it (kept ``within``)."""
        size = self.caption_size()
        box = pygame.Rect(0, 0, paint.text_width(label, size, CAPTION_STYLE) + 2,
                          theme.font(size, CAPTION_STYLE).get_height())
        box.midtop = (pile.centerx, pile.bottom + self.S(2))
        return box.clamp(within)

    def _piles(self, view: OPState, seat: int, band: pygame.Rect) -> None:
        S = self.S
        x0 = self.table.left + S(PILES_X)
        for r, row in enumerate((PILES, MISSIONS)):
            y = band.top + S(2) + r * S(PILE_H + 26)
            for base, label, x in self._columns(row, x0, band.right):
                self._pile(view, seat, base, label, pygame.Rect(x, y, S(PILE_W), S(PILE_H)),
                           band)

    def _columns(self, row, left: int, right: int) -> list[tuple[str, str, int]]:
        """Each pile of a row and its left edge: a column is as wide as its pile or its
        caption, whichever is wider; the columns are spread from ``left`` to ``right``,
        at most S(14) apart."""
        S = self.S
        size = self.caption_size()
        widths = [max(S(PILE_W), paint.text_width(label, size, CAPTION_STYLE) + 4)
                  for _, label in row]
        gap = min(S(14), (right - left - sum(widths)) // max(1, len(row) - 1))
        out, x = [], left
        for (base, label), w in zip(row, widths, strict=True):
            out.append((base, label, x + (w - S(PILE_W)) // 2))
            x += w + gap
        return out

    def _ventured(self, view: OPState) -> None:
        """Each seat's mission cards ventured on this battle, beside its Venture Total:
        the opponent's on the left, the viewer's on the right."""
        S = self.S
        self.totals_area = pygame.Rect(self.table.left + S(TOTALS_X), self.lane.top,
                                       self.lane.right - S(12) - self.table.left -
                                       S(TOTALS_X), self.lane.h)
        area = self.totals_area
        #: seat -> its ventured pile
        self.ventured: dict[int, pygame.Rect] = {}
        for seat, x in ((self.top, area.left), (self.bottom, area.right - S(PILE_W))):
            rect = self.ventured[seat] = pygame.Rect(x, area.top + S(30), S(PILE_W),
                                                     S(PILE_H))
            self._pile(view, seat, "ventured", "Ventured", rect, area)

    def _pile(self, view: OPState, seat: int, base: str, label: str,
              rect: pygame.Rect, within: pygame.Rect) -> None:
        if base == "ventured":
            cards = view.zones[f"risk_reserve.{seat}"] + view.zones[f"risk_completed.{seat}"]
            zone = f"risk_reserve.{seat}"
        else:
            zone = f"{base}.{seat}"
            cards = view.zones[zone]
            self.zones[zone] = rect
        self.piles.append((rect, label, len(cards), base, self.caption_box(label, rect, within)))
        if cards:
            top = cards[-1]
            self.sprites.append(Sprite(top, rect, zone, face_up=top != HIDDEN and
                                       base != "draw"))

    # -- the centre lane --------------------------------------------------------------------
    def _combat(self, view: OPState) -> None:
        S = self.S
        area = self.combat_area
        y = self._combat_head(view)
        cards = view.zones["combat"]
        if not cards:
            return
        cw, ch = S(62), S(87)
        step = min(cw + S(6), (area.w - S(8) - cw) // max(1, len(cards) - 1)) \
            if len(cards) > 1 else 0
        x = area.left + S(4)
        self.zones["combat"] = pygame.Rect(x, y, area.w - S(8), ch)
        for c in cards:
            self.sprites.append(Sprite(c, pygame.Rect(x, y, cw, ch), "combat"))
            x += step

    def _combat_head(self, view: OPState) -> int:
        """Who attacks whom over the action's cards: one line, or two (the attacker, then
        the attacked) where one would have to shrink below a readable size. Returns where
        the cards go."""
        S = self.S
        a = view.attack
        #: the lines of the action's heading and their size
        self.combat_head: tuple[list[str], int] = ([], 0)
        if a is None:
            return self.combat_area.top + S(34)
        size = max(HEAD_LEAST, S(14))
        actor, target = view.name(a.actor), view.name(a.target)
        lines = [f"{actor} \u2192 {target}"]
        if paint.text_width(lines[0], size) > self.combat_area.w - S(8):
            lines = [f"{actor} \u2192", target]
        self.combat_head = (lines, size)
        step = theme.font(size, "bold").get_height()
        return max(self.combat_area.top + S(34),
                   self.combat_area.top + S(8) + len(lines) * step + S(8))

    # -- hooks ------------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return paint.seat_name(self.scene, seat)

    def target_rect(self, move) -> pygame.Rect | None:
        """A character is lit (and dropped on) with its whole area: its card, its Placed
        cards and its hits (as :meth:`drop_target` reads a drop there)."""
        landing = self.scene.kit.gestures.landing(move)
        if isinstance(landing, int) and landing in self.blocks and \
                self.view.phase != "setup":
            return self.blocks[landing][0]
        return super().target_rect(move)

    def drop_target(self, pos, card: int):
        """Anywhere in a character's area (its card, its Placed cards, its hits) means
        the character; the Reserve box at set-up means the Reserve."""
        for ch, (block, _, _) in self.blocks.items():
            if block.collidepoint(pos) and ch != card:
                if self.view.phase == "setup":
                    return None
                return ch
        return None

    def draw_under(self, surf, view: OPState) -> None:
        paint.under(self, surf, view)

    def draw_over(self, surf, view: OPState, sprite: Sprite) -> None:
        paint.over(self, surf, view, sprite)

    def draw_top(self, surf, view: OPState) -> None:
        paint.top(self, surf, view)

    def harm(self, view: OPState) -> int:
        """The hits dealt so far: this battle's and those kept on Permanent Records."""
        return sum(len(view.zones.get(f"{kind}.{seat}", ())) for kind in ("hits", "record")
                   for seat in (0, 1))

    def progress(self, view: OPState) -> str:
        """OverPower counts battles, not turns (its turns run on across battles)."""
        return f"battle {view.battle}" if view.battle else "before the first battle"

    def info_lines(self, view: OPState) -> list[tuple[str, tuple]]:
        return paint.info_lines(self, view)

    def dialog(self, view: OPState, legal: list, viewer: int | None):
        return dialogs.dialog_for(self, view, legal, viewer)


LAYOUT = OverPowerLayout
