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
from .. import pictures, text, theme
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
        self.labels = []
        self.boxes: list[tuple[pygame.Rect, str]] = []
        self.counts: list[tuple[pygame.Rect, int]] = []
        self.view = view
        x0 = table.left
        pw, ph = S(64), S(90)      # piles
        cw, ch = S(80), S(112)     # row cards, and the cards played this turn
        # -- the city ----------------------------------------------------------------------
        y = S(6)
        self._pile(view, "location_stack", pygame.Rect(x0 + S(10), y + S(8), pw, ph),
                   "Locations")
        loc_rect = pygame.Rect(x0 + S(84), y, cw, ch)
        self._single(view, "location", loc_rect, "Location")
        self.traits_rect = pygame.Rect(loc_rect.right + S(8), y, S(236), ch)
        self._pile(view, "sv_stack", pygame.Rect(self.traits_rect.right + S(10), y + S(8), pw,
                                                 ph), "Supervillains")
        sv_rect = pygame.Rect(self.traits_rect.right + S(84), y, cw, ch)
        self._single(view, "supervillain", sv_rect, "Supervillain")
        self.sv_rect = sv_rect
        self._pile(view, "destroyed", pygame.Rect(sv_rect.right + S(16), y + S(8), pw, ph),
                   "Out of game", face_up=True)
        right = table.right - S(10)
        hero_rect = pygame.Rect(right - cw, y, cw, ch)
        self._single(view, "hero.0", hero_rect, "Superhero")
        sec_rect = pygame.Rect(hero_rect.left - S(12) - pw, y + S(8), pw, ph)
        self._pile(view, "secured.0", sec_rect, "Secured", face_up=True)
        hq_rect = pygame.Rect(sec_rect.left - S(10) - cw, y, cw, ch)
        self._single(view, "hq.0", hq_rect, "HQ")
        # -- the steps strip -----------------------------------------------------------------
        self.steps_rect = pygame.Rect(x0 + S(10), S(136), table.w - S(20), S(18))
        # -- the battleground ------------------------------------------------------------------
        y = S(176)
        self._pile(view, "enemy", pygame.Rect(x0 + S(10), y + S(4), pw, ph), "Enemies")
        self._row(view, "battleground", pygame.Rect(x0 + S(84), y, table.w - S(168), ch + S(4)),
                  cw, ch, "Battleground \u2014 newest on the left; villains eat the row "
                          "from the right at step 7")
        self._pile(view, "defeated", pygame.Rect(table.right - S(10) - pw, y + S(4), pw, ph),
                   "Defeated", face_up=True)
        # -- the resources -----------------------------------------------------------------------
        y = S(314)
        self._pile(view, "resources", pygame.Rect(x0 + S(10), y + S(4), pw, ph), "Resources")
        side = S(4 * 72 + 8)
        self._row(view, "row", pygame.Rect(x0 + S(84), y, table.w - S(92) - side, ch + S(4)),
                  cw, ch, "Resource row \u2014 buy: drag onto your discard pile")
        px = table.right - side
        for i, (zone, label) in enumerate((("resource_discard", "Discarded"),
                                           ("revealed", "Revealed"), ("kicks", "Haymaker"),
                                           ("weaknesses", "Weakness"))):
            self._pile(view, zone, pygame.Rect(px + S(4 + 72 * i), y + S(4), pw, ph), label,
                       face_up=True, hide_empty=zone == "revealed")
        # -- the player: played cards as large as the rows', then the hand ---------------------
        y = S(452)
        played = pygame.Rect(x0 + S(84), y, table.w - S(168), ch + S(4))
        self._row(view, "played.0", played, cw, ch, "Played this turn \u2014 drag cards here "
                  "from your hand")
        y = S(584)
        self._pile(view, "deck.0", pygame.Rect(x0 + S(10), y + S(4), pw, ph), "Your deck")
        self._pile(view, "discard.0", pygame.Rect(table.right - S(10) - pw, y + S(4), pw, ph),
                   "Your discard", face_up=True)
        hand_zone = "superheroes" if view.zones["superheroes"] else "hand.0"
        hand = pygame.Rect(x0 + S(84), y, table.w - S(168), S(130))
        self.zones["hand.0"] = hand
        self._fan(view, hand_zone, hand, S(93), S(130))

    # -- placing cards ---------------------------------------------------------------------
    def _pile(self, view: SoloState, zone: str, rect: pygame.Rect, label: str,
              face_up: bool = False, hide_empty: bool = False) -> None:
        S = self.S
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
        # a caption may use the gaps beside its pile: one line, readable at any size
        self.label(label, (rect.left - S(10), rect.bottom + S(2), rect.w + S(20),
                           max(14, S(14))), theme.MUTED, max(10, S(11)), "condbold",
                   align="center")

    def _single(self, view: SoloState, zone: str, rect: pygame.Rect, label: str) -> None:
        self.zones[zone] = rect
        self.boxes.append((rect, zone))
        for c in view.zones[zone]:
            self.sprites.append(Sprite(c, rect, zone, face_up=c != HIDDEN))
        if not view.zones[zone]:
            self.label(label, rect.inflate(-self.S(6), 0), theme.DIM, max(10, self.S(11)),
                       "condbold", align="center")

    def _row(self, view: SoloState, zone: str, rect: pygame.Rect, cw: int, ch: int,
             label: str) -> None:
        S = self.S
        self.zones[zone] = rect
        self.boxes.append((rect, zone))
        cards = view.zones[zone]
        gap = S(10)
        step = cw + gap
        if len(cards) > 1 and step * len(cards) - gap > rect.w - 8:
            step = (rect.w - 8 - cw) // (len(cards) - 1)
        x = rect.left + 4
        for c in cards:
            self.sprites.append(Sprite(c, pygame.Rect(x, rect.top + 2, cw, ch), zone,
                                       face_up=c != HIDDEN))
            x += step
        self.label(label, (rect.left + S(6), rect.top - S(17), rect.w - S(12), S(16)),
                   theme.MUTED, S(11))
        if not cards and zone != "played.0":
            self.label("empty", rect, theme.DIM, S(13), align="center")

    def _fan(self, view: SoloState, zone: str, rect: pygame.Rect, cw: int, ch: int) -> None:
        S = self.S
        cards = view.zones[zone]
        if not cards:
            if zone == "hand.0":
                self.label("Your hand is empty", rect, theme.DIM, S(13), align="center")
            return
        spacing = min(cw + S(8), (rect.w - cw) // max(1, len(cards) - 1)) \
            if len(cards) > 1 else 0
        total = cw + spacing * (len(cards) - 1)
        x = rect.centerx - total // 2
        for i, c in enumerate(cards):
            self.sprites.append(Sprite(c, pygame.Rect(x + i * spacing, rect.top, cw, ch), zone,
                                       face_up=c != HIDDEN))
        if zone == "superheroes":
            self.label("Choose your superhero (buttons on the right; hover a card to read it)",
                       (rect.left, rect.top - S(18), rect.w, S(17)), theme.ACCENT, S(13),
                       align="center")

    # -- hooks -----------------------------------------------------------------------------
    def can_drag(self, sprite: Sprite, viewer: int | None) -> bool:
        if sprite.zone == "kicks":
            return sprite.card == self.view.zones["kicks"][-1] if self.view.zones["kicks"] \
                else False
        return sprite.zone in SHARED_DRAG

    def harm(self, view: SoloState) -> int:
        """The Weaknesses the player has taken (and not destroyed): the Solo game's hurt."""
        return view.owned_weaknesses()

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
        S = self.S
        for rect, _zone in self.boxes:
            surf.blit(pictures.box(rect.size, theme.ZONE, theme.ZONE_LINE, 1, S(8)), rect)
        self._draw_traits(surf, view)
        self._draw_steps(surf, view)
        if not view.zones["played.0"]:
            self._draw_report(surf, view)
        self.draw_labels(surf)

    def _draw_traits(self, surf, view: SoloState) -> None:
        S = self.S
        r = self.traits_rect
        surf.blit(pictures.box(r.size, (0, 0, 0, 70), radius=S(8)), r)
        loc = view.loc_info()
        inner = r.inflate(-S(16), -S(10))
        if loc is None:
            text.draw(surf, "No active location: the next one is turned up at the next "
                      "step 1.", inner, S(12), theme.MUTED, wrap=True)
            return
        text.draw(surf, loc.name, (inner.left, inner.top, inner.w, S(18)), S(14), theme.ACCENT,
                  "bold")
        y = inner.top + S(19)
        for label, value in (("Resource row", loc.resource_max),
                             ("Battleground", loc.battleground_max),
                             ("Supervillain", f"+{loc.modifier}")):
            line = (inner.left, y, inner.w, S(15))
            text.draw(surf, label, (inner.left, y, inner.w - S(30), S(15)), S(12), theme.MUTED,
                      "bold")
            text.draw(surf, str(value), line, S(12), theme.TEXT, "bold", align="right")
            y += S(15)
        cond = "; ".join(condition_lines(loc))
        if view.new_location:
            cond = "New this turn. " + cond
        text.draw(surf, cond[:1].upper() + cond[1:], (inner.left, y + S(2), inner.w,
                                                      inner.bottom - y - S(2)),
                  S(11), (240, 170, 120), "cond", wrap=True)

    def _draw_report(self, surf, view: SoloState) -> None:
        """While nothing is played yet, the played area tells what the game just did (its
        newest lines, as many as fit)."""
        S = self.S
        rect = self.zones["played.0"].inflate(-S(16), -S(8))
        auto = self._turn_report(view)
        if not auto:
            text.draw(surf, "Nothing played yet", rect, S(13), theme.DIM, "bold",
                      align="center", valign="middle")
            return
        size = max(10, S(12))
        shown: list[str] = []
        used = 0
        for line in reversed(auto):
            h = text.height_of(line, rect.w, size, "cond", 1.0)
            if used + h > rect.h:
                break
            shown.insert(0, line)
            used += h
        y = rect.top
        for line in shown:
            color = (240, 170, 120) if "condition" in line or "Weakness" in line \
                else theme.MUTED
            h = text.height_of(line, rect.w, size, "cond", 1.0)
            text.draw(surf, line, (rect.left, y, rect.w, h), size, color, "cond", wrap=True,
                      line_gap=1.0)
            y += h

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
        S = self.S
        r = self.steps_rect
        n = len(STEP_SHORT)
        w = (r.w - (n - 1) * S(4)) // n
        for i in range(1, n + 1):
            cell = pygame.Rect(r.left + (i - 1) * (w + S(4)), r.top, w, r.h)
            current = view.step == i and not view.over
            color = theme.ACCENT if current else (40, 52, 64)
            pygame.draw.rect(surf, color, cell, border_radius=cell.h // 2)
            text.draw(surf, f"{i} {STEP_SHORT[i]}", cell.inflate(-S(8), 0), S(12),
                      (20, 20, 24) if current else theme.MUTED, "condbold", align="center",
                      valign="middle")
        if view.step == 0 and not view.over:
            text.draw(surf, STEP_NAMES[0], (r.left, r.top - S(16), r.w, S(15)), S(12),
                      theme.ACCENT, "bold")

    def draw_top(self, surf, view: SoloState) -> None:
        S = self.S
        for rect, n in self.counts:
            r = max(8, S(10))
            center = (rect.right - S(2), rect.top + S(2))
            pygame.draw.circle(surf, (14, 18, 24), center, r + 1)
            pygame.draw.circle(surf, theme.ACCENT if n else (70, 80, 92), center, r)
            box = pygame.Rect(0, 0, 2 * r, 2 * r)
            box.center = center
            text.draw(surf, str(n), box, max(7, int(r * 1.1)), (20, 20, 24), "condbold",
                      align="center", valign="middle", min_size=6)
        sv = self.sv_rect
        if view.supervillain is not None and view.location is not None:
            self._tag(surf, f"{view.sv_cost()} Power to defeat", (sv.centerx, sv.bottom + S(2)),
                      theme.ACCENT)

    def draw_over(self, surf, view: SoloState, sprite: Sprite) -> None:
        depth = sprite.extra.get("depth", 0)
        if depth:
            r = sprite.rect
            for i in range(1, depth + 1):
                pygame.draw.line(surf, (10, 12, 16), (r.left + i, r.bottom + i),
                                 (r.right + i - 1, r.bottom + i))
                pygame.draw.line(surf, (10, 12, 16), (r.right + i - 1, r.top + i),
                                 (r.right + i - 1, r.bottom + i))

    def _tag(self, surf, label: str, midtop, color) -> None:
        S = self.S
        img = pictures.tag(label, color, (14, 14, 18), max(7, S(10)), S(10), S(3), S(6))
        surf.blit(img, img.get_rect(midtop=midtop))


def condition_lines(inf: Info) -> list[str]:
    """The active location's condition in words, from its data."""
    return [words(e) for words, e in effects_with(inf.condition, "words")]


DRAW_COLOR = (110, 180, 250)
LAYOUT = SoloLayout
