"""Drawing the table: the static layer (felt, cards, overlays, panel) drawn once per
change, and what moves every frame (the dragged card and its lit targets, gliding cards,
rising numbers, another player's move shown); menus, zooms and the panels over the table
are in :mod:`~tabletop.ui.table.panels`."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator

import pygame

from ...engine.state import HIDDEN
from .. import cardart, pictures, text, theme
from ..app import background
from ..widgets import panel
from .layout import Sprite
from .marks import TableMarks
from .overlays import TableOverlays, glow
from .panels import TablePanels

#: gliding cards keep their overlays (health...) on the way when no more than this many
#: glide at once (a whole table moving draws bare cards for those few frames)
GLIDE_OVERLAYS = 12
#: painting the table's picture after a change stops for the frame once the frame has
#: run this long (seconds of its thread's CPU time; one step at least each frame), when a
#: frame paints at all (see :data:`PAINT_WAIT`)
PAINT_BUDGET = 0.003
#: a new picture is painted between frames (``spare``), in the time the frames leave; a
#: frame paints on it (within :data:`PAINT_BUDGET`) only when it has waited this many
#: frames for that time (a loop that leaves none: a slow machine, or a test that runs
#: frames alone), so the frame in which something happens does no painting
PAINT_WAIT = 2
#: the cards of the table are painted in about this many steps (a few cards each)
CARD_STEPS = 6
#: how fast the estimate of a painting step's length forgets a slow step (per step)
STEP_FORGET = 0.9


class TableDrawing(TablePanels, TableMarks, TableOverlays):
    """Drawing of :class:`~tabletop.ui.table.scene.TableScene` (a mixin)."""

    def invalidate(self) -> None:
        """Every cached layer (table, panel, log) is drawn again (the picture they are
        drawn on is kept: only what it shows is thrown away)."""
        self._layers.clear()

    @property
    def painting(self) -> bool:
        """Is the table's picture still behind the game (a change being painted over
        the next frames)?"""
        if self.landing is not None:
            return True  # a move accepted and not yet played: the picture is behind it
        keys = self._layer_keys()
        return self._job is not None or any(self._layers.get(k) != keys[k]
                                            for k in ("table", "panel"))

    @property
    def picture_shown(self) -> bool:
        """Is there a whole picture of the table at the window's size (or does
        something stand in for it while it is painted: see :meth:`_new_size`)?"""
        return self._paint_size is not None and self._interim is None

    @property
    def layout_gen(self) -> int:
        """The table's layouts so far (one more after each move, undo, new size...)."""
        return self._gen

    @property
    def picture_gen(self) -> int:
        """The layout (``_gen``, counted from the first) the picture on screen shows."""
        return min(self._layers.get(k, (None, -1))[1] for k in ("table", "panel"))

    def _layer_keys(self) -> dict[str, tuple]:
        """What each cached layer shows: it is drawn again only when its key changes
        (scrolling the log redraws the log, not the cards nor the rest of the panel; a
        drag or a glide only the cards it takes away or puts back)."""
        away, off = self._away_now()
        log = self.log_list
        return {
            "table": (self.size, self._gen, self.handover_to),
            # a dropped card waiting for its move to land is still in hand: the picture
            # changes once, when the move has landed
            "away": (away, off),
            "panel": (self.size, self._gen, self.handover_to, self.session.can_undo(),
                      self.session.can_redo(), tuple(log.rect)),
            "log": (self.size, log.offset, log.version, tuple(log.rect)),
        }

    def _away_now(self) -> tuple[frozenset, bool]:
        """The cards away from their places (gliding, dragged, dropped and waiting), and
        whether one is in the pointer's hand (dragged or dropped)."""
        dragging = self.dragged_card
        held = self.held_card()
        return self.motion.moving | {dragging, held[0] if held is not None else None}, \
            dragging is not None or held is not None

    def _draw_layers(self, surf) -> bool:
        """Bring the cached picture of the table and the panel up to date, then show it;
        False when there is no picture of the table at this size yet (the frame then
        draws nothing over what it shows).

        After a change (a move, an undo, a new layout) the layers that changed are
        painted on a second picture, step by step (the felt, each card, the panel...),
        between frames (:meth:`spare`); a frame paints on it only after
        :data:`PAINT_WAIT` frames without that time, for at most :attr:`paint_budget`
        seconds (None: all of it at once). The picture on screen stays the last whole
        one until the new one is done, so no frame waits for a redraw. A table just
        opened or a window of a new size is painted the same way: meanwhile the window
        keeps what it shows (the screen the table was opened from) or shows the last
        size's picture. Cards taken away (dragged, gliding) or put back are painted at
        once, in their places only; so is the log when it scrolls."""
        size = surf.get_size()
        budget = self.paint_budget
        if self._paint_size != size:
            self._new_size(size)
        painting_now = budget is None or self._job_waited >= PAINT_WAIT
        if self._log_due and painting_now:
            self._build_log()  # (a table just opened: see ``refresh``)
        keys = self._layer_keys()
        self._start_job(keys)
        if self._job is not None and painting_now:
            # no time between frames came: the frame paints, within the budget counted
            # from its start (what the frame did before leaves that much less), one step
            # at least
            start = self.app.frame_cpu or time.thread_time()
            self._run_job(start + budget if budget is not None else math.inf,
                          clock=time.thread_time)
        elif self._job is not None:
            self._job_waited += 1
        if self._job is None:
            self._catch_up(self._canvas, keys)
        if self._interim is not None:
            self.forget_shown()  # the next whole picture is copied whole
            if self._interim == "last size":
                self._show_last_size(surf)
            return False
        self._canvas.set_clip(None)
        self._show_picture(surf)
        return True

    def _new_size(self, size: tuple[int, int]) -> None:
        """A table just opened, or the window's new size: a new picture is begun (its
        surface made between frames too); meanwhile the last size's picture stands in
        or, for a table just opened, nothing (the window keeps what it shows)."""
        self._interim = "nothing" if self._canvas is None else "last size"
        self._paint_size = size
        self._back = None
        self._layers.clear()
        self._job = None

    def _show_last_size(self, surf) -> None:
        """The last size's picture, in the window's corner, on the felt's colour."""
        w, h = surf.get_size()
        cw, ch = self._canvas.get_size()
        if cw < w:
            surf.fill(theme.BG, (cw, 0, w - cw, h))
        if ch < h:
            surf.fill(theme.BG, (0, ch, min(w, cw), h - ch))
        surf.blit(self._canvas, (0, 0))

    def _start_job(self, keys: dict[str, tuple]) -> None:
        """Begin painting a new picture when the table or the panel changed (again,
        when the game changed before the picture being painted was done)."""
        if self._job is not None and self._job[1] != (keys["table"], keys["panel"]):
            self._job = None
        if self._job is None and any(self._layers.get(k) != keys[k] for k in ("table", "panel")):
            self._job = (self._paint_steps(keys), (keys["table"], keys["panel"]), keys)
            self._job_waited = 0

    def _run_job(self, end: float, first: bool = True, clock=time.perf_counter) -> bool:
        """Paint steps of the new picture until ``clock()`` reaches ``end``: a step is
        begun only when the longest recent step (in CPU time) would still end in time
        (one at least when ``first``); swap the picture in when it is done. Returns
        whether any step was painted."""
        steps, _, keys = self._job
        if not first and clock() + self._slowest_step >= end:
            return False
        cpu = time.thread_time()
        for _ in steps:
            before, cpu = cpu, time.thread_time()
            # the estimate forgets an outlier (a collector's pass, a cold cache) within
            # a few dozen steps: a stale one would leave the time between frames unused
            self._slowest_step = max(self._slowest_step * STEP_FORGET, cpu - before)
            if clock() + self._slowest_step >= end:
                return True
        self._canvas, self._back = self._back, self._canvas
        self._layers = dict(keys)
        self._interim = None
        self._picture_changed(None, whole=True)
        self._job = None
        return True

    def spare(self, end: float) -> None:
        """Between frames, in the frame's unused time (until ``end``): paint on the new
        picture, copy it back to the window under what the last frame drew over it
        (:mod:`~tabletop.ui.table.marks`), then paint the card faces not yet painted
        (:mod:`~tabletop.ui.table.warm`). A move accepted in the frame lands first
        (:mod:`~tabletop.ui.table.landing`)."""
        if not self._land_between(end) or self._paint_size is None:
            return  # (nor before the table's first frame)
        if self._log_due:
            self._build_log()  # (a table just opened: see ``refresh``)
        keys = self._layer_keys()
        self._start_job(keys)
        if self._job is not None:
            if self._run_job(end, first=False):
                # the time between frames paints it: the frames go on waiting for it
                # (a long one, a new window size's faces, takes several such times)
                self._job_waited = 0
            if self._job is None:
                self._show_between()
        if self._job is None and self._layers.get("away") != keys["away"] and \
                time.perf_counter() + self._slowest_step < end:
            cpu = time.thread_time()
            self._catch_up(self._canvas, keys, arrivals=True)
            self._slowest_step = max(self._slowest_step, time.thread_time() - cpu)
        if time.perf_counter() + self._slowest_step < end:
            self._restore_between()
        if not self.painting and time.perf_counter() + self._slowest_step < end:
            self._dialog_ahead()
            if self.motion.spot is not None and not self.state.over:
                self._bubble_for(self.motion.spot)  # the next frame shows it
        if not self.painting:
            self.warmer.step(end)

    def _draw_arrived(self, surf) -> None:
        """Cards back in their places (their glide ended) that the picture does not show
        yet: drawn over it until it does."""
        for sprite in self._arrived():
            self._draw_sprite(surf, sprite)

    def _arrived(self) -> list[Sprite]:
        shown = self._layers.get("away")
        if self._job is not None or shown is None:
            return []
        back = shown[0] - self._away_now()[0]
        if not back:
            return []
        return [sp for sp in self.layout_obj.sprites if sp.card in back and sp.card != HIDDEN]

    def _paint_steps(self, keys: dict[str, tuple]) -> Iterator[None]:
        """Paint the changed layers on the second picture, a step at a time."""
        size = self._paint_size
        if self._back is None or self._back.get_size() != size:
            self._back = pygame.Surface(size)
            yield
        back = self._back
        table_changed = any(self._layers.get(k) != keys[k] for k in ("table", "away"))
        panel_changed = self._layers.get("panel") != keys["panel"] or \
            self._layers.get("log") != keys["log"]
        back.set_clip(None)
        if self._interim is None:
            back.blit(self._canvas, (0, 0))  # what has not changed stays as it is
        else:
            back.fill(theme.BG)  # a new size: every layer is painted
        yield
        if table_changed:
            back.set_clip(self.layout_obj.table_rect(self.size))
            yield from self._table_steps(back, *self._off_table())
            yield
        if panel_changed:
            self._redraw_area(back, self.panel_rect, self._draw_panel_static)
            back.set_clip(None)
            yield
        glides = list(self.motion.glides.values())
        pictures = [self._picture(g.sprite, g.sprite.rect.size) for g in glides]
        self.scaled.keep_only(pictures)
        yield
        for glide, img in zip(glides, pictures, strict=True):
            # what glides is drawn every frame from its picture at its final size
            # (painted just now if it is new, so that no glide frame paints one), scaled
            # ahead to the sizes it passes on its way
            if glide.start.size != glide.sprite.rect.size:
                yield from self.scaled.ahead(img, glide.start.size, glide.sprite.rect.size)
        for rise in list(self.motion.rising):  # and the numbers that rise
            self._rise_picture(rise)

    def _catch_up(self, canvas, keys: dict[str, tuple], arrivals: bool = False) -> None:
        """Cards taken away (a drag, a glide starting) and the log scrolled: painted at
        once, in their places only (the picture is otherwise up to date). Cards put back
        (a glide ended) only with ``arrivals`` (between frames): until then they are
        drawn over the picture in their places (:meth:`_draw_arrived`)."""
        shown = self._layers.get("away")
        now = keys["away"]
        if shown != now and (arrivals or shown is None or shown[1] != now[1]
                             or now[0] - shown[0]):
            area = self._away_area(shown, now)
            if area is not None:
                canvas.set_clip(area)
                self._draw_table_layer(canvas)
                canvas.set_clip(None)
            self._layers["away"] = now
            self._picture_changed(area)
        if self._layers.get("log") != keys["log"]:
            area = self.log_list.rect.clip(self.panel_rect)
            self._redraw_area(canvas, area, self._draw_log)
            self._layers["log"] = keys["log"]
            self._picture_changed(area)

    def _away_area(self, shown: tuple | None, now: tuple) -> pygame.Rect | None:
        """Where the picture changes when the cards away from their places change from
        ``shown`` to ``now``: those cards (with room for what is drawn over and around
        them), and the lit playable cards when a drag starts or ends (they are lit only
        while nothing is dragged)."""
        lay = self.layout_obj
        if shown is None:
            return lay.table_rect(self.size)
        changed = shown[0] ^ now[0]
        if shown[1] != now[1]:
            changed |= self._lit()
        rects = [sp.rect for sp in lay.sprites if sp.card in changed]
        if not rects:
            return None
        margin = self._around()
        area = rects[0].unionall(rects[1:]).inflate(2 * margin, 2 * margin)
        return area.clip(lay.table_rect(self.size))

    @staticmethod
    def _redraw_area(canvas, area: pygame.Rect, paint) -> None:
        """Paint ``area`` of the cached picture afresh (each layer starts with an opaque
        ground: the felt, the panel's background)."""
        canvas.set_clip(area)
        paint(canvas)

    def _draw_log(self, surf) -> None:
        """The log alone, over the panel's background (its area only: see
        :meth:`_draw_layers`)."""
        surf.blit(panel_ground(self.panel_rect.size), self.panel_rect)
        with text.layer("panel"):
            self.log_list.draw(surf)

    def _off_table(self) -> tuple[set[int], set[int]]:
        """The cards not drawn in the table layer (dragged, gliding) and those lit as
        playable."""
        return self.motion.moving | {self.dragged_card}, self._glowing()

    def _glowing(self) -> set[int]:
        """The cards lit as playable (only while nothing is dragged)."""
        return set() if self.dragged_card is not None else self._lit()

    def _lit(self) -> set[int]:
        """The cards a move uses, which light up while nothing is dragged."""
        lay = self.layout_obj
        carriers = self.game.text.carriers
        playable = {c for m in self.offered() for c in (carriers(m) if self.game.text.gesture(m)
                                                        == "drag" else (m.card,))
                    if c is not None}
        return {sp.card for sp in lay.sprites if sp.card in playable and (
            sp.zone.endswith(f".{self.viewer}") or lay.can_drag(sp, self.viewer))}

    def _draw_table_layer(self, surf) -> None:
        """The felt, the zones and every card with its overlays (not the dragged one nor
        those gliding: they are drawn every frame), in one go."""
        for _ in self._table_steps(surf, *self._off_table()):
            pass

    def _table_steps(self, surf, away: set[int], glowing: set[int]) -> Iterator[None]:
        """The table layer a step at a time: the felt and the zones, each card, what is
        drawn over them all."""
        background(surf)
        lay = self.layout_obj
        if self.handover_to is not None:
            return
        yield  # (the felt of a new size is painted once: a step of its own)
        with text.layer("under"):
            lay.draw_under(surf, self.view)
        yield
        shown = [sp for sp in lay.sprites if sp.card not in away or sp.card == HIDDEN]
        per_step = max(4, len(shown) // CARD_STEPS + 1)
        for i, sprite in enumerate(shown, 1):
            if not self._face_painted(sprite):
                # a face not painted at this size yet (a new window size, a card not
                # seen before): a step of its own, the longest kind
                self._picture(sprite, sprite.rect.size)
                yield
            with text.layer("over"):
                self._draw_sprite(surf, sprite)
                if sprite.card in glowing:
                    glow(surf, sprite.rect, theme.ACCENT, 2)
            if i % per_step == 0:
                yield
        with text.layer("top"):
            lay.draw_top(surf, self.view)

    def _draw_panel_static(self, surf) -> None:
        hovered = [b for b in self.tools + self.buttons if b.hover]
        for b in hovered:
            b.hover = False
        with text.layer("panel"):
            self._draw_panel(surf)
        for b in hovered:
            b.hover = True

    def draw(self, surf) -> None:
        if not self._draw_layers(surf):
            return  # the table is being painted (just opened, or a new window size)
        for b in self.tools + self.buttons:
            if b.hover:
                b.draw(surf)
        if self._latest_shown():
            self.latest_button.draw(surf)
        if self._narration_shown():
            self.narration.draw(surf)
        if self.handover_to is not None:
            self._draw_handover(surf)
        else:
            self._draw_thinking(surf)
            self._draw_hint(surf)
            if self.dialog is not None:
                self._draw_dialog(surf)
            self._draw_moving(surf)
            self._draw_menu(surf)
            self._draw_hover_zoom(surf)
            if self.gameover_shown:
                self._draw_gameover(surf)
            if self.zoom is not None:
                self._draw_zoom(surf, self.zoom)
        if self.help_open:
            self._draw_help(surf)
        table = self.layout_obj.table_rect(self.size)
        self.toast.draw(surf, (table.centerx, table.centery), min(620, table.w - 40))

    @property
    def dragged_card(self) -> int | None:
        """The card being dragged (None: nothing is)."""
        return self.drag.card if self.drag and self.drag.active else None

    @property
    def gameover_shown(self) -> bool:
        """Is the game-over panel up (the game over, and not dismissed to review it)?"""
        return self.state.over and not self._review

    def _latest_shown(self) -> bool:
        """Is the "Latest" button over the log (the log scrolled back)?"""
        return not self.game_log.following and self.log_list.max_offset() > 0 and \
            self.handover_to is None

    def _narration_shown(self) -> bool:
        """Is the narration line under the status box?"""
        return self.narration is not None and self.narration.visible and \
            self.handover_to is None

    # -- what moves ------------------------------------------------------------------------
    def _draw_moving(self, surf) -> None:
        """The spotlight on another player's move, the lit targets of the dragged card,
        the cards gliding, the numbers rising, the dropped and the dragged card."""
        dragging = self.dragged_card
        if dragging is not None:
            for rect, _, zone in self.lit_targets(dragging):
                glow(surf, rect, theme.LEGAL, 3 if zone else 4, fill=zone)
        if self._job is None:  # else the picture shows the cards where they were
            self._draw_arrived(surf)
            self._draw_spotlight(surf)
            self._draw_glides(surf)
        held = self.held_card()
        if held is not None:  # dropped, its move not yet landed: where it was let go
            sprite = self._sprite_of(held[0])
            if sprite is not None:
                self._draw_lifted(surf, sprite, held[1])
        if dragging is not None:
            rect = self._drag_rect(self.drag)
            surf.blit(pictures.box(rect.size, (0, 0, 0, 90), radius=8), rect.move(6, 8))
            self._draw_lifted(surf, self.drag.sprite, rect)

    def _draw_lifted(self, surf, sprite: Sprite, rect: pygame.Rect) -> None:
        """A card off its place (dragged, or dropped and waiting for its move to land),
        upright at ``rect``, with its captions."""
        moved = Sprite(sprite.card, rect, sprite.zone, sprite.face_up, 0, False, sprite.extra)
        self._draw_card(surf, moved, rect)
        self.layout_obj.draw_over(surf, self.view, moved)

    def _draw_glides(self, surf) -> None:
        """The cards gliding to their places and the numbers rising."""
        lay = self.layout_obj
        few = len(self.motion.glides) <= GLIDE_OVERLAYS
        for glide in self.motion.glides.values():
            rect = glide.rect()
            sprite = glide.sprite
            moved = Sprite(sprite.card, rect, sprite.zone, sprite.face_up, sprite.angle,
                           sprite.dim, sprite.extra)
            self._draw_card(surf, moved, rect, size=sprite.rect.size)
            if few and rect.size == sprite.rect.size:
                lay.draw_over(surf, self.view, moved)
        self._draw_rising(surf)

    def _draw_card(self, surf, sprite: Sprite, rect: pygame.Rect,
                   size: tuple[int, int] | None = None) -> None:
        """The card's face (or back) in ``rect``; ``size``: the size it is painted at
        (a gliding card is painted once at its final size and scaled on its way)."""
        img = self._picture(sprite, size or rect.size)
        if img.get_size() != rect.size:
            img = self.scaled.get(img, rect.size)
            surf.blit(img, img.get_rect(center=rect.center))
        else:
            surf.blit(img, rect)
        if sprite.dim:
            surf.blit(pictures.box(rect.size, (10, 10, 14, 120)), rect)

    def _picture(self, sprite: Sprite, size: tuple[int, int]) -> pygame.Surface:
        """The card's face (or back) at ``size``, turned as the sprite lies (cached)."""
        w, h = size
        if sprite.angle in (90, 270):
            w, h = h, w
        if sprite.face_up and sprite.card != HIDDEN:
            img = cardart.face(self.state.cards[sprite.card], self.game.info.id, w, h)
        else:
            img = cardart.back(w, h)
        return cardart.rotated(img, sprite.angle) if sprite.angle else img

    def _face_painted(self, sprite: Sprite) -> bool:
        """Is the picture :meth:`_picture` gives ``sprite`` at its size ready (a back, or
        a face painted at that size before)?"""
        if not sprite.face_up or sprite.card == HIDDEN:
            return True
        w, h = sprite.rect.size
        if sprite.angle in (90, 270):
            w, h = h, w
        return cardart.painted(self.state.cards[sprite.card], self.game.info.id, w, h)

    def _draw_sprite(self, surf, sprite: Sprite) -> None:
        self._draw_card(surf, sprite, sprite.rect)
        self.layout_obj.draw_over(surf, self.view, sprite)

    # -- the side panel ----------------------------------------------------------------------
    def _draw_panel(self, surf) -> None:
        surf.blit(panel_ground(self.panel_rect.size), self.panel_rect)
        handing = self.handover_to is not None
        for b in self.tools:
            b.enabled = True
        self.tools[0].enabled = self.session.can_undo() and not handing
        self.tools[1].enabled = self.session.can_redo() and not handing
        for b in self.tools:
            if b.label == "Hint":
                b.enabled = self.can_hint() and not self.hint_waiting and not handing
        for b in self.tools:
            b.draw(surf)
        x = self.panel_rect.left + 10
        w = self.panel_rect.w - 20
        heading = f"{self.game.info.title} \u00b7 turn {self.state.turn}"
        top = self.panel_top
        text.draw(surf, heading, (x + 2, 46 + top, w - 4, 17), 13, theme.MUTED, "bold")
        box = pygame.Rect(x, 70 + top, w, self._status_bottom() - 76 - top)
        pygame.draw.rect(surf, (30, 38, 48), box, border_radius=8)
        actor = self.state.actor
        color = theme.seat_color(actor)
        pygame.draw.rect(surf, color, (box.left, box.top, 4, box.h), border_radius=2)
        y = box.top + 7
        turn = self.turn_line()
        if turn:
            y += text.blit_wrapped(surf, turn, pygame.Rect(box.left + 12, y, box.w - 18, 17),
                                   13, color, "bold", shrink=False) + 4
        for line in self._status_lines():
            y += text.blit_wrapped(surf, line, pygame.Rect(box.left + 12, y, box.w - 18, 20),
                                   15, theme.TEXT, "bold", line_gap=1.3, shrink=False)
        self.draw_hint_lines(surf, pygame.Rect(box.left + 12, y + 2, box.w - 18, 0))
        if self.info:
            pygame.draw.rect(surf, (24, 31, 40), self.info_rect, border_radius=8)
            yy = self.info_rect.top + 5
            for line, color in self.info:
                yy += text.blit_wrapped(surf, line, pygame.Rect(self.info_rect.left + 8, yy,
                                                                self.info_rect.w - 16, 19),
                                        14, color, line_gap=1.4, shrink=False)
        for b in self.buttons:
            b.draw(surf)
        self.log_list.draw(surf)


def panel_ground(size: tuple[int, int]) -> pygame.Surface:
    """The side panel's background as on a new (black) picture, made opaque once per size
    (an opaque blit instead of blending the translucent panel at every redraw)."""
    found = _grounds.get(size)
    if found is None:
        found = pygame.Surface(size)
        panel(found, found.get_rect(), theme.PANEL, 245, theme.PANEL_LINE, 0)
        _grounds.clear()
        _grounds[size] = found
    return found


_grounds: dict[tuple[int, int], pygame.Surface] = {}
