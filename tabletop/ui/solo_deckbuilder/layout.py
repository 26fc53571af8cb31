"""Where the Solo Deck-Builder's zones and cards go, and what is drawn over them.

Four bands, top to bottom: the city (location stack and active location with its
traits, supervillain stack and supervillain with its price, HQ, Secured stack and the
superhero), the battleground (enemy deck, villains newest on the left, defeated pile),
the resources (resources deck, resource row newest on the left, its discard pile, a
revealed card, the Haymaker pile and the Weakness stack) and the player (played cards,
deck, hand, discard pile, cards out of the game). A strip under the city shows the seven
steps with the current one lit.
"""

from __future__ import annotations

import pygame

from ...engine.effects import effects_with
from ...engine.state import HIDDEN
from ...games.solo_deckbuilder.info import Info
from ...games.solo_deckbuilder.state import SoloState
from ...games.solo_deckbuilder.turn import MAIN, STEP_NAMES
from .. import text, theme
from ..table import Layout, Sprite
from . import cards as _cards  # noqa: F401 - registers the card painters

#: zones whose cards the player may pick up although they are shared (to buy or defeat)
SHARED_DRAG = ("row", "kicks", "battleground", "supervillain")
STEP_SHORT = {1: "Location", 2: "Resources", 3: "Draw", 4: "Supervillain", 5: "Villains",
              6: "Your turn", 7: "Villains attack"}


class SoloLayout(Layout):
    def compute(self, view: SoloState, viewer: int | None, size) -> None:
        s = self.scale
        S = lambda v: int(v * s)  # noqa: E731
        table = self.table_rect(size)
        self.sprites = []
        self.zones = {}
        self.labels: list[tuple[str, tuple[int, int], tuple, int, str]] = []
        self.boxes: list[tuple[pygame.Rect, str]] = []
        self.counts: list[tuple[pygame.Rect, int]] = []
        self.view = view
        x0 = table.left
        pw, ph = S(70), S(98)      # piles
        cw, ch = S(80), S(112)     # row cards
        bw, bh = S(90), S(126)     # city cards
        # -- the city ----------------------------------------------------------------------
        y = S(8)
        self._pile(view, "location_stack", pygame.Rect(x0 + S(10), y + S(14), pw, ph),
                   "Locations")
        loc_rect = pygame.Rect(x0 + S(88), y, bw, bh)
        self._single(view, "location", loc_rect, "Active location")
        self.traits_rect = pygame.Rect(loc_rect.right + S(8), y, S(228), bh)
        self._pile(view, "sv_stack", pygame.Rect(self.traits_rect.right + S(8), y + S(14), pw,
                                                 ph), "Supervillains")
        sv_rect = pygame.Rect(self.traits_rect.right + S(86), y, bw, bh)
        self._single(view, "supervillain", sv_rect, "Supervillain")
        self.sv_rect = sv_rect
        self._pile(view, "destroyed", pygame.Rect(sv_rect.right + S(16), y + S(14), pw, ph),
                   "Out of game", face_up=True)
        right = table.right - S(10)
        hero_rect = pygame.Rect(right - bw, y, bw, bh)
        self._single(view, "hero.0", hero_rect, "Superhero")
        sec_rect = pygame.Rect(hero_rect.left - S(12) - pw, y + S(14), pw, ph)
        self._pile(view, "secured.0", sec_rect, "Secured", face_up=True)
        hq_rect = pygame.Rect(sec_rect.left - S(10) - bw, y, bw, bh)
        self._single(view, "hq.0", hq_rect, "HQ")
        # -- the steps strip -----------------------------------------------------------------
        self.steps_rect = pygame.Rect(x0 + S(10), S(152), table.w - S(20), S(19))
        # -- the battleground ------------------------------------------------------------------
        y = S(192)
        self._pile(view, "enemy", pygame.Rect(x0 + S(10), y + S(7), pw, ph), "Enemies")
        self._row(view, "battleground", pygame.Rect(x0 + S(92), y, table.w - S(194), ch + S(4)),
                  cw, ch, "Battleground \u2014 newest on the left; villains eat the row "
                          "from the right at step 7")
        self._pile(view, "defeated", pygame.Rect(table.right - S(10) - pw, y + S(7), pw, ph),
                   "Defeated", face_up=True)
        # -- the resources -----------------------------------------------------------------------
        y = S(344)
        self._pile(view, "resources", pygame.Rect(x0 + S(10), y + S(7), pw, ph), "Resources")
        side = S(4 * 78 + 10)
        self._row(view, "row", pygame.Rect(x0 + S(92), y, table.w - S(102) - side, ch + S(4)),
                  cw, ch, "Resource row \u2014 buy: drag onto your discard pile")
        px = table.right - side
        self._pile(view, "resource_discard", pygame.Rect(px, y + S(7), pw, ph),
                   "Discarded", face_up=True)
        self._pile(view, "revealed", pygame.Rect(px + S(78), y + S(7), pw, ph), "Revealed",
                   face_up=True, hide_empty=True)
        self._pile(view, "kicks", pygame.Rect(px + S(156), y + S(7), pw, ph), "Haymaker",
                   face_up=True)
        self._pile(view, "weaknesses", pygame.Rect(px + S(234), y + S(7), pw, ph), "Weakness",
                   face_up=True)
        # -- the player --------------------------------------------------------------------------
        y = S(496)
        played = pygame.Rect(x0 + S(92), y, table.w - S(102), S(84) + S(4))
        self._row(view, "played.0", played, S(60), S(84), "Played this turn \u2014 drag "
                  "cards here from your hand")
        y = S(586)
        self._pile(view, "deck.0", pygame.Rect(x0 + S(10), y + S(10), pw, ph), "Your deck")
        self._pile(view, "discard.0", pygame.Rect(table.right - S(10) - pw, y + S(10), pw, ph),
                   "Your discard", face_up=True)
        hand_zone = "superheroes" if view.zones["superheroes"] else "hand.0"
        hand = pygame.Rect(x0 + S(92), y, table.w - S(194), S(133))
        self.zones["hand.0"] = hand
        self._fan(view, hand_zone, hand, S(95), S(133))

    # -- placing cards ---------------------------------------------------------------------
    def _label(self, label: str, pos, color=theme.MUTED, size: int = 11,
               align: str = "center"):
        """``align``: ``center`` on ``pos``, ``below`` (``pos`` is the top middle) or
        ``left`` (``pos`` is the bottom left)."""
        self.labels.append((label, pos, color, int(size * self.scale), align))

    def _pile(self, view: SoloState, zone: str, rect: pygame.Rect, label: str,
              face_up: bool = False, hide_empty: bool = False) -> None:
        cards = view.zones[zone]
        if hide_empty and not cards:
            return
        self.zones[zone] = rect
        self.boxes.append((rect, zone))
        if cards:
            # a little thickness for the stack
            # a face-down pile shows a back (the view may know its cards, not the top)
            depth = min(4, len(cards) - 1)
            top = cards[-1] if face_up else HIDDEN
            self.sprites.append(Sprite(top, rect.move(-depth, -depth), zone,
                                       face_up=top != HIDDEN, extra={"depth": depth}))
        self.counts.append((rect, len(cards)))
        self._label(label, (rect.centerx, rect.bottom + int(3 * self.scale)), size=10,
                    align="below")

    def _single(self, view: SoloState, zone: str, rect: pygame.Rect, label: str) -> None:
        self.zones[zone] = rect
        self.boxes.append((rect, zone))
        for c in view.zones[zone]:
            self.sprites.append(Sprite(c, rect, zone, face_up=c != HIDDEN))
        if not view.zones[zone]:
            self._label(label, rect.center, theme.DIM, 11)

    def _row(self, view: SoloState, zone: str, rect: pygame.Rect, cw: int, ch: int,
             label: str) -> None:
        self.zones[zone] = rect
        self.boxes.append((rect, zone))
        cards = view.zones[zone]
        gap = int(10 * self.scale)
        step = cw + gap
        if len(cards) > 1 and step * len(cards) - gap > rect.w - 8:
            step = (rect.w - 8 - cw) // (len(cards) - 1)
        x = rect.left + 4
        for c in cards:
            self.sprites.append(Sprite(c, pygame.Rect(x, rect.top + 2, cw, ch), zone,
                                       face_up=c != HIDDEN))
            x += step
        self._label(label, (rect.left + 6, rect.top - int(2 * self.scale)), theme.MUTED, 11,
                    "left")
        if not cards and zone != "played.0":
            self._label("empty", rect.center, theme.DIM, 13)

    def _fan(self, view: SoloState, zone: str, rect: pygame.Rect, cw: int, ch: int) -> None:
        cards = view.zones[zone]
        if not cards:
            self._label("Your hand is empty" if zone == "hand.0" else "", rect.center,
                        theme.DIM, 13)
            return
        spacing = min(cw + int(8 * self.scale),
                      (rect.w - cw) // max(1, len(cards) - 1)) if len(cards) > 1 else 0
        total = cw + spacing * (len(cards) - 1)
        x = rect.centerx - total // 2
        for i, c in enumerate(cards):
            self.sprites.append(Sprite(c, pygame.Rect(x + i * spacing, rect.top, cw, ch), zone,
                                       face_up=c != HIDDEN))
        if zone == "superheroes":
            self._label("Choose your superhero (buttons on the right; hover a card to read "
                        "it)", (rect.centerx, rect.top - int(14 * self.scale)), theme.ACCENT, 13)

    # -- hooks -----------------------------------------------------------------------------
    def can_drag(self, sprite: Sprite, viewer: int | None) -> bool:
        if sprite.zone == "kicks":
            return sprite.card == self.view.zones["kicks"][-1] if self.view.zones["kicks"] \
                else False
        return sprite.zone in SHARED_DRAG

    def info_lines(self, view: SoloState) -> list[tuple[str, tuple]]:
        out: list[tuple[str, tuple]] = []
        if view.zones["hero.0"]:
            out.append((f"Power available: {view.power}", theme.ACCENT))
        weak = view.owned_weaknesses()
        out.append((f"Weaknesses in your cards: {weak} (4 in the five drawn lose)",
                    theme.BAD if weak >= 3 else theme.TEXT))
        loc = view.loc_info()
        if loc is not None:
            out.append((f"{loc.name}: row {loc.resource_max}, battleground "
                        f"{loc.battleground_max}, supervillain +{loc.modifier}", theme.TEXT))
            for line in condition_lines(loc):
                out.append((f"Condition: {line}", (240, 170, 120)))
        sv = view.supervillain
        if sv is not None and loc is not None:
            out.append((f"{view.name(sv)}: {view.info[sv].cost} + {loc.modifier} = "
                        f"{view.sv_cost()} Power to defeat", theme.TEXT))
        hq = view.zones["hq.0"]
        out.append((f"Secured {view.secured_count()} of 5"
                    + (f" \u00b7 HQ {view.name(hq[0])}" if hq else ""), theme.GOOD))
        if view.later_draws:
            out.append((f"{view.later_draws} more card(s) at the next step 3", DRAW_COLOR))
        return out

    # -- drawing ---------------------------------------------------------------------------
    def draw_under(self, surf, view: SoloState) -> None:
        s = self.scale
        for rect, _zone in self.boxes:
            box = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(box, theme.ZONE, box.get_rect(), border_radius=int(8 * s))
            pygame.draw.rect(box, theme.ZONE_LINE, box.get_rect(), 1, border_radius=int(8 * s))
            surf.blit(box, rect)
        self._draw_traits(surf, view)
        self._draw_steps(surf, view)
        if not view.zones["played.0"]:
            self._draw_report(surf, view)
        for label, pos, color, size, align in self.labels:
            if not label:
                continue
            img = text.render(label, size, color, "bold")
            if align == "left":
                surf.blit(img, (pos[0], pos[1] - img.get_height()))
            elif align == "below":
                surf.blit(img, img.get_rect(midtop=pos))
            else:
                surf.blit(img, img.get_rect(center=pos))

    def _draw_traits(self, surf, view: SoloState) -> None:
        s = self.scale
        r = self.traits_rect
        box = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(box, (0, 0, 0, 70), box.get_rect(), border_radius=int(8 * s))
        surf.blit(box, r)
        loc = view.loc_info()
        x, y = r.left + int(8 * s), r.top + int(6 * s)
        if loc is None:
            text.blit_wrapped(surf, "No active location: the next one is turned up at the "
                              "next step 1.", pygame.Rect(x, y, r.w - int(16 * s), r.h),
                              int(12 * s), theme.MUTED)
            return
        surf.blit(text.render(loc.name, int(14 * s), theme.ACCENT, "bold"), (x, y))
        y += int(20 * s)
        for label, value in (("Resource row", loc.resource_max),
                             ("Battleground", loc.battleground_max),
                             ("Supervillain", f"+{loc.modifier}")):
            surf.blit(text.render(f"{label}", int(12 * s), theme.MUTED, "bold"), (x, y))
            img = text.render(str(value), int(12 * s), theme.TEXT, "bold")
            surf.blit(img, (r.right - int(12 * s) - img.get_width(), y))
            y += int(15 * s)
        cond = "; ".join(condition_lines(loc))
        if view.new_location:
            cond = "New this turn. " + cond
        text.blit_wrapped(surf, cond[:1].upper() + cond[1:],
                          pygame.Rect(x, y + int(2 * s), r.w - int(16 * s),
                                      r.bottom - y - int(4 * s)),
                          int(11 * s), (240, 170, 120), "cond")

    def _draw_report(self, surf, view: SoloState) -> None:
        """While nothing is played yet, the played area tells what the game just did."""
        rect = self.zones["played.0"].inflate(-int(16 * self.scale), -int(8 * self.scale))
        auto = self._turn_report(view)
        if not auto:
            text.blit_wrapped(surf, "Nothing played yet", rect, int(13 * self.scale),
                              theme.DIM, "bold", center=True)
            return
        size = int(11 * self.scale)
        f = theme.font(size, "cond")
        lines: list[str] = []
        for line in auto:
            lines.extend(text.wrap(line, f, rect.w))
        room = max(1, rect.h // int(f.get_linesize() * 0.98))
        shown = lines[-room:]
        y = rect.top
        for line in shown:
            color = (240, 170, 120) if "condition" in line or "Weakness" in line \
                else theme.MUTED
            surf.blit(text.render(line, size, color, "cond"), (rect.left, y))
            y += int(f.get_linesize() * 0.98)

    def _turn_report(self, view: SoloState) -> list[str]:
        """The log lines of this turn's automatic steps (from its "Turn N" line on)."""
        session = getattr(self.scene, "session", None)
        deciding = view.pending is not None and view.pending.kind != MAIN
        if session is None or view.step != 6 or deciding:
            return [line for line, _ in view.events]
        out: list[str] = []
        viewer = self.scene.viewer
        marker = f"Turn {view.turn}"
        for state in reversed(session.states):  # only this turn's moves are read
            lines = [t for t, only in state.events if only is None or viewer in only]
            if marker in lines:
                out[:0] = lines[lines.index(marker) + 1:]
                break
            out[:0] = lines
        return [line for line in out if not line.startswith(("You play", "Scenario:"))]

    def _draw_steps(self, surf, view: SoloState) -> None:
        s = self.scale
        r = self.steps_rect
        n = len(STEP_SHORT)
        w = (r.w - (n - 1) * int(4 * s)) // n
        for i in range(1, n + 1):
            cell = pygame.Rect(r.left + (i - 1) * (w + int(4 * s)), r.top, w, r.h)
            current = view.step == i and not view.over
            color = theme.ACCENT if current else (40, 52, 64)
            pygame.draw.rect(surf, color, cell, border_radius=cell.h // 2)
            label = f"{i} {STEP_SHORT[i]}"
            size = text.fit_size(label, w - 8, int(12 * s), "condbold", 7)
            img = text.render(label, size, (20, 20, 24) if current else theme.MUTED, "condbold")
            surf.blit(img, img.get_rect(center=cell.center))
        if view.step == 0 and not view.over:
            img = text.render(STEP_NAMES[0], int(12 * s), theme.ACCENT, "bold")
            surf.blit(img, (r.left, r.top - img.get_height()))

    def draw_top(self, surf, view: SoloState) -> None:
        s = self.scale
        for rect, n in self.counts:
            r = max(8, int(10 * s))
            center = (rect.right - int(2 * s), rect.top + int(2 * s))
            pygame.draw.circle(surf, (14, 18, 24), center, r + 1)
            pygame.draw.circle(surf, theme.ACCENT if n else (70, 80, 92), center, r)
            img = text.render(str(n), max(7, int(r * 1.1)), (20, 20, 24), "condbold")
            surf.blit(img, img.get_rect(center=center))

    def draw_over(self, surf, view: SoloState, sprite: Sprite) -> None:
        depth = sprite.extra.get("depth", 0)
        if depth:
            r = sprite.rect
            for i in range(1, depth + 1):
                pygame.draw.line(surf, (10, 12, 16), (r.left + i, r.bottom + i),
                                 (r.right + i - 1, r.bottom + i))
                pygame.draw.line(surf, (10, 12, 16), (r.right + i - 1, r.top + i),
                                 (r.right + i - 1, r.bottom + i))
        c = sprite.card
        if c == HIDDEN:
            return
        if sprite.zone == "supervillain" and view.location is not None:
            self._tag(surf, f"{view.sv_cost()} Power", (sprite.rect.centerx,
                                                        sprite.rect.bottom - int(8 * self.scale)),
                      theme.ACCENT)

    def _tag(self, surf, label: str, midtop, color) -> None:
        s = self.scale
        img = text.render(label, max(7, int(10 * s)), (14, 14, 18), "condbold")
        box = img.get_rect(midtop=midtop).inflate(int(8 * s), int(3 * s))
        pygame.draw.rect(surf, color, box, border_radius=box.h // 2)
        surf.blit(img, img.get_rect(center=box.center))


def condition_lines(inf: Info) -> list[str]:
    """The active location's condition in words, from its data."""
    return [words(e) for words, e in effects_with(inf.condition, "words")]


DRAW_COLOR = (110, 180, 250)
LAYOUT = SoloLayout
