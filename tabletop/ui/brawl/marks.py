"""What Brawl's table draws over and beside a character card, each placed where it hides
none of the card's words and no other card hides it.

A character's face keeps its picture free of words (:func:`.cards.character_parts`), so
the tags (rendering aid, ganging up, thwarting, face down) and the damage badge are
stacked in the picture, below its two icons, shrunk or shortened to fit it; the live
health slider lies over the printed health strip (wherever the card's turn puts it); the
declared power or a cancelled one sits on a pill just above the card; a knocked-out
card, turned sideways, is named on a tag in the free space of its row beside it, on the
side away from the match-ups; in a Three-Way Battle a dot of the owner's colour sits at
the end of the health strip.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import pygame

from ...engine.state import HIDDEN
from ...games.brawl import damage
from ...games.brawl.state import BrawlState
from .. import pictures, text, theme
from ..table import Sprite
from .cards import CharacterParts, character_parts, power_badge

#: the words of each action's tag, longest first (the first that fits is drawn)
ACTION_WORDS = {"aid": ("RENDERING AID", "AIDING", "AID"),
                "thwart": ("THWARTING", "THWART"),
                "gang": ("GANGING UP +2", "GANG UP +2", "+2")}
INK = (14, 14, 18)
DAMAGE_BG = (170, 30, 40)
KO_BG = (150, 20, 30)
STYLE = "condbold"  # the style pictures.label draws in
#: how a declared power's name may sit on its pill, the first that fits at the largest
#: size: (code, beside the badge?, lines); one line beside or under the badge, else two
#: lines beside it, two or three under it (code: 0 one line beside, -1 two lines
#: beside, n > 0 n lines under)
PILL_WAYS = (((0, True, 1), (1, False, 1)), ((-1, True, 2), (2, False, 2), (3, False, 3)))


@dataclass(frozen=True)
class Mark:
    """One thing drawn over or beside a card: its ``kind`` (``health``, ``seat``,
    ``pill``, ``cancelled``, ``action``, ``face down``, ``knocked out``, ``damage``),
    where, and for a label its words, text size and colours (``extra``: what a health
    slider or a power pill shows)."""

    kind: str
    rect: pygame.Rect
    words: str = ""
    size: int = 0
    bg: tuple = ()
    fg: tuple = INK
    extra: tuple = ()


@dataclass(frozen=True)
class Want:
    """A label to place: its kind, the words it may use (longest first), its preferred
    text size and colours."""

    kind: str
    words: tuple[str, ...]
    size: int
    bg: tuple
    fg: tuple = INK


def to_table(face: pygame.Rect, r: pygame.Rect, angle: int, face_size) -> pygame.Rect:
    """Where a rectangle of a card's face (upright, ``face_size``) lies on the table when
    the card is drawn at ``r`` turned by ``angle`` (0, 180, or 90: a quarter turn
    anticlockwise, the face's top on the left)."""
    fw, fh = face_size
    if angle == 180:
        return pygame.Rect(r.left + fw - face.right, r.top + fh - face.bottom, face.w, face.h)
    if angle == 90:
        return pygame.Rect(r.left + face.top, r.top + fw - face.right, face.h, face.w)
    return face.move(r.topleft)


def face_size(sprite: Sprite) -> tuple[int, int]:
    """The size the sprite's face is painted at (before it is turned)."""
    w, h = sprite.rect.size
    return (h, w) if sprite.angle in (90, 270) else (w, h)


def health_face(fw: int, fh: int) -> pygame.Rect:
    """Where the live health slider lies on a face ``fw`` x ``fh`` (over its strip)."""
    bar_h = max(8, int(fh * 0.085))
    pad = max(3, fw // 28) + 2
    return pygame.Rect(pad, fh - pad - bar_h, fw - 2 * pad, bar_h)


class BrawlMarks:
    """The marks of :class:`~.layout.BrawlLayout` (a mixin): where each goes, and
    drawing them."""

    S: Callable[[float], int]
    bottom: int
    arena_cards: set[int]
    #: how high a power's pill over a card in the match-ups may be
    pill_room: int
    _hits_of: BrawlState | None = None
    _hits: dict[int, tuple[str, ...]]
    _marks_of: BrawlState | None = None
    _kept_marks: dict[tuple, list[Mark]]

    # -- where ------------------------------------------------------------------------------
    def marks(self, view: BrawlState, sprite: Sprite) -> list[Mark]:
        """Everything drawn over or beside ``sprite`` (a character in play), in drawing
        order; nothing for other cards. Worked out once per view, card, size and turn
        (a card gliding takes its marks along)."""
        c = sprite.card
        if c == HIDDEN or not sprite.zone.startswith("play.") or not sprite.face_up:
            return []
        if self._marks_of is not view:
            self._marks_of, self._kept_marks = view, {}
        r = sprite.rect
        key = (c, r.size, sprite.angle, sprite.zone)
        found = self._kept_marks.get(key)
        if found is None:
            at_origin = Sprite(c, pygame.Rect((0, 0), r.size), sprite.zone, True, sprite.angle)
            found = self._kept_marks[key] = self._marks(view, at_origin)
        return [replace(m, rect=m.rect.move(r.topleft)) for m in found]

    def forget_marks(self) -> None:
        """A new layout (a new window size): the marks are worked out anew."""
        self._marks_of = None

    def _marks(self, view: BrawlState, sprite: Sprite) -> list[Mark]:
        c = sprite.card
        size = face_size(sprite)
        parts = character_parts(view.cards[c], *size)
        out = self._strip_marks(view, sprite, size)
        above = self._above(view, sprite)
        out += above
        sideways = sprite.angle in (90, 270)
        wants = self._wants(view, c, sideways)
        if wants:
            placed, left_out = self._stack(wants, self._picture_areas(sprite, parts, size))
            top = min([m.rect.top for m in above], default=sprite.rect.top)
            out += placed + self._over(left_out, sprite.rect, top)
        if sideways and c in view.turned:
            out += self._beside(sprite)
        return out

    def _strip_marks(self, view: BrawlState, sprite: Sprite, size) -> list[Mark]:
        """The live health slider over the health strip (not on a card turned sideways)
        and, with three players, the owner's dot at the strip's end."""
        c, r = sprite.card, sprite.rect
        bar = health_face(*size)
        out = []
        if view.seats > 2:
            dot = pygame.Rect(bar.left, bar.top, bar.h, bar.h)
            bar = pygame.Rect(dot.right + 2, bar.top, bar.w - dot.w - 2, bar.h)
            seat = int(sprite.zone.partition(".")[2])
            out.append(Mark("seat", to_table(dot, r, sprite.angle, size),
                            bg=theme.SEAT_COLORS[seat % 4]))
        if c in view.hp and sprite.angle in (0, 180):
            out.insert(0, Mark("health", to_table(bar, r, sprite.angle, size),
                               extra=(view.hp[c], view.info[c].health)))
        return out

    def _above(self, view: BrawlState, sprite: Sprite) -> list[Mark]:
        """The declared power, or the word that it was cancelled, just above the card."""
        c, r = sprite.card, sprite.rect
        if c in view.power:
            return [self._pill(view.info[c].powers[view.power[c]], sprite)]
        if c in view.cancelled:
            S = self.S
            found = self._fit(("POWER CANCELLED", "CANCELLED"), S(11), r.w - 4, S(17),
                              S(4))
            if found is not None:
                words, size, w, h = found
                rect = pygame.Rect(0, r.top - h - 1, w, h)
                rect.centerx = r.centerx
                return [Mark("cancelled", rect, words, size, theme.BAD)]
        return []

    def _pill(self, power, sprite: Sprite) -> Mark:
        """The declared power on a pill just above the card: its badge, and its name on
        one line beside it or under it, at the largest size that fits (else on two or
        three lines); no higher than the room over the card."""
        S = self.S
        r = sprite.rect
        u = S(17)
        badge_w = int(u * 1.9)
        w = r.w - 4
        room = max(u, self.pill_room if sprite.card in self.arena_cards else u)
        found = self._pill_way(power.name, w, badge_w, room)
        lines, size, h, _ = found or (-1, text.MIN_SIZE, max(u, 2 * _step(text.MIN_SIZE) + 4),
                                      None)  # (cut: read on the zoomed card)
        return Mark("pill", pygame.Rect(r.left + 2, r.top - h - 1, w, h), power.name, size,
                    extra=(power, badge_w, lines))

    def _pill_way(self, name: str, w: int, badge_w: int, room: int) -> tuple | None:
        """The first way (:data:`PILL_WAYS`) a power's name fits a pill ``w`` wide and at
        most ``room`` high, at the largest size."""
        for ways in PILL_WAYS:  # on one line, else wrapped
            for size in range(self.S(12), text.MIN_SIZE - 1, -1):
                for way in self._pill_ways(ways, size, w, badge_w):
                    if way[2] <= room and text.fits(name, way[3], size, "cond",
                                                    wrap=way[0] not in (0, 1), line_gap=0.95,
                                                    min_size=size):
                        return way
        return None

    def _pill_ways(self, ways, size: int, w: int, badge_w: int):
        """Each way of ``ways`` at ``size``: (its code, size, the pill's height, the
        name's box)."""
        u = self.S(17)
        for code, beside, n in ways:
            box_h = u - 2 if code == 0 else n * _step(size) + 2
            if beside:
                yield code, size, max(u, box_h + 2), (0, 0, w - badge_w - 9, box_h)
            else:
                yield code, size, u + box_h + 1, (0, 0, w - 6, box_h)

    def _wants(self, view: BrawlState, c: int, sideways: bool) -> list[Want]:
        """The labels stacked in the card's picture, the least needed first."""
        S = self.S
        out = []
        act = view.action.get(c)
        if act:
            out.append(Want("action", ACTION_WORDS[act[0]], S(11), theme.ACCENT))
        if c in view.facedown:
            out.append(Want("face down", ("FACE DOWN",), S(11), theme.MUTED))
        if c in view.turned and not sideways:
            out.append(Want("knocked out", ("KNOCKED OUT", "OUT", "KO"), S(12), KO_BG,
                            theme.TEXT))
        hit = self._hit_words(view).get(c)
        if hit:
            out.append(Want("damage", hit, S(14), DAMAGE_BG, theme.TEXT))
        return out

    def _hit_words(self, view: BrawlState) -> dict[int, tuple[str, ...]]:
        """In the damage step: what each character is about to take (worked out once per
        view)."""
        if self._hits_of is not view:
            self._hits_of, self._hits = view, {}
            if view.phase == "damage" and not view.over:
                thwarted = damage.threatened_by_thwart(view)
                for hit in damage.plan(view):
                    if hit.matchup in thwarted:
                        words = ("thwarted?", "thw?")
                    else:
                        amount = f"\u2212{hit.amount}" if hit.amount else "0"
                        words = (f"{amount} in {hit.step}", f"{amount} {hit.step}", amount)
                    self._hits[hit.receiver] = words
        return self._hits

    def _picture_areas(self, sprite: Sprite, parts: CharacterParts,
                       size) -> list[pygame.Rect]:
        """Where labels may go on the card: its picture below the icons, else the whole
        picture (on the table, as the card lies)."""
        art = parts.art
        below = pygame.Rect(art.left + 1, art.top + parts.icon + 3, art.w - 2,
                            art.h - parts.icon - 4)
        whole = art.inflate(-2, -2)
        return [to_table(a, sprite.rect, sprite.angle, size) for a in (below, whole)
                if a.h > 0]

    def _stack(self, wants: list[Want],
               areas: list[pygame.Rect]) -> tuple[list[Mark], list[Want]]:
        """The labels stacked in the first area they fit, centred, and those left out
        (the least needed first) while they do not fit even at the smallest size."""
        for k in range(len(wants)):
            for area in areas:
                placed = self._stacked(wants[k:], area)
                if placed is not None:
                    return placed, wants[:k]
        return [], wants

    def _over(self, wants: list[Want], r: pygame.Rect, top: int) -> list[Mark]:
        """Labels with no room in a small card's picture: over the card (and its power),
        each on the last."""
        S = self.S
        out = []
        for want in wants:
            found = self._fit(want.words, want.size, r.w - 4,
                              text.step_of(want.size, STYLE) + S(4), S(4))
            if found is not None:
                words, size, w, h = found
                rect = pygame.Rect(r.centerx - w // 2, top - h - 1, w, h)
                out.append(Mark(want.kind, rect, words, size, want.bg, want.fg))
                top = rect.top
        return out

    def _stacked(self, wants: list[Want], area: pygame.Rect) -> list[Mark] | None:
        S = self.S
        gap = max(1, S(2))
        for shrink in range(0, max(w.size for w in wants) - text.MIN_SIZE + 1):
            fits = []
            for want in wants:
                size = max(text.MIN_SIZE, want.size - shrink)
                pad_h = max(2, S(4) * size // max(1, want.size))
                found = self._fit(want.words, size, area.w, area.h, pad_h)
                if found is None:
                    break
                fits.append((want, found))
            else:
                total = sum(f[3] for _, f in fits) + gap * (len(fits) - 1)
                if total <= area.h:
                    return _placed(fits, area, total, gap)
        return None

    def _beside(self, sprite: Sprite) -> list[Mark]:
        """A card turned sideways (knocked out) is named on a tag in its row: under it at
        the bottom of the table, over it at the top (away from the match-ups)."""
        S = self.S
        r = sprite.rect
        room = (r.w - r.h) // 2  # the row keeps this free over and under the card
        found = self._fit(("KNOCKED OUT", "OUT", "KO"), S(12), r.w - S(8), room, S(4))
        if found is None:
            return []
        words, size, w, h = found
        mine = sprite.zone == f"play.{self.bottom}"
        rect = pygame.Rect(0, r.bottom + 1 if mine else r.top - h - 1, w, h)
        rect.centerx = r.centerx
        return [Mark("knocked out", rect, words, size, KO_BG, theme.TEXT)]

    def _fit(self, variants: tuple[str, ...], size: int, max_w: int, max_h: int,
             pad_h: int) -> tuple[str, int, int, int] | None:
        """The first words that fit a label at most ``max_w`` x ``max_h`` at ``size`` or
        a little smaller (the last words down to the smallest readable size): (words,
        size, width, height). The label is the words' width and a margin wide, less
        margin where it is narrow."""
        S = self.S
        for i, words in enumerate(variants):
            least = text.MIN_SIZE if i == len(variants) - 1 else \
                max(text.MIN_SIZE, size * 3 // 4)
            for s in range(size, least - 1, -1):
                h = min(max_h, text.step_of(s, STYLE) + pad_h)
                w = text.width_of(words, s, STYLE)
                if w + S(8) + 2 <= max_w and theme.font(s, STYLE).get_height() <= h:
                    return words, s, min(max_w, w + S(12)), h
        return None

    # -- drawing ------------------------------------------------------------------------------
    def draw_mark(self, surf, mark: Mark) -> None:
        if mark.kind == "health":
            hp, health = mark.extra
            surf.blit(pictures.kept(("brawl health", hp, health), mark.rect.size,
                                    lambda img: _paint_health(img, hp, health)), mark.rect)
        elif mark.kind == "seat":
            pygame.draw.circle(surf, mark.bg, mark.rect.center, mark.rect.w // 2)
        elif mark.kind == "pill":
            self._draw_pill(surf, mark)
        else:
            surf.blit(pictures.label(mark.rect.size, mark.words, mark.bg, mark.fg, mark.size,
                                     self.S(8)), mark.rect)

    def _draw_pill(self, surf, mark: Mark) -> None:
        power, badge_w, lines = mark.extra
        S = self.S
        key = ("brawl power", power.name, power.damage, power.speed, power.heal, S(17),
               lines, mark.size)
        surf.blit(pictures.kept(key, mark.rect.size, lambda img: self._paint_pill(
            img, power, badge_w, lines, mark.size)), mark.rect)

    def _paint_pill(self, surf, power, badge_w: int, lines: int, size: int) -> None:
        """The pill: the badge, and the name beside it on one line (``lines`` 0) or two
        (-1), or under it on ``lines`` lines, at ``size``."""
        S = self.S
        pill = surf.get_rect()
        under = lines > 0
        pygame.draw.rect(surf, (14, 16, 20), pill,
                         border_radius=min((S(17) if under else pill.h) // 2, S(9)))
        badge = pygame.Rect(pill.left + 2, pill.top + 2 if under else pill.centery - S(7),
                            badge_w, S(17) - 4)
        power_badge(surf, {"damage": power.damage, "speed": power.speed,
                           "heal": power.heal}, badge)
        if under:
            box = (pill.left + 3, pill.top + S(17), pill.w - 6, pill.h - S(17) - 1)
        else:
            box = (badge.right + 3, pill.top + 1, pill.right - badge.right - 6, pill.h - 2)
        text.draw(surf, power.name, box, size, theme.TEXT, "cond", valign="middle",
                  wrap=lines not in (0, 1), line_gap=0.95)


def _step(size: int) -> int:
    """The distance between the lines of a power's name on its pill."""
    return text.step_of(size, "cond", 0.95)


def _placed(fits: list, area: pygame.Rect, total: int, gap: int) -> list[Mark]:
    y = area.top + (area.h - total) // 2
    out = []
    for want, (words, size, w, h) in fits:
        rect = pygame.Rect(area.centerx - w // 2, y, w, h)
        out.append(Mark(want.kind, rect, words, size, want.bg, want.fg))
        y += h + gap
    return out


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
