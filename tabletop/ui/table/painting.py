"""Painting the table's picture: the layers it is made of (the table, the panel, the
log), what each shows, and painting them again a step at a time between frames after a
change, a new window size or a table just opened (a mixin of
:class:`~tabletop.ui.table.renderer.TableRenderer`, where each layer's drawing is)."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator

import pygame

from ...engine.state import HIDDEN
from .. import theme
from ..app import FPS, SPARE_ROOM
from .frame import TableFrame
from .layout import Sprite

#: painting the table's picture after a change stops for the frame once the frame has
#: run this long (seconds of its thread's CPU time; one step at least each frame), when a
#: frame paints at all (see :data:`PAINT_WAIT`)
PAINT_BUDGET = 0.003
#: a new picture is painted between frames (``spare``), in the time the frames leave; a
#: frame paints on it (within :data:`PAINT_BUDGET`) only when it has waited this many
#: frames for that time (a loop that leaves none: a slow machine, or a test that runs
#: frames alone), so the frame in which something happens does no painting
PAINT_WAIT = 2
#: how fast the estimate of a painting step's length forgets a slow step (per step)
STEP_FORGET = 0.9
#: the most time between two frames there can be (``App.spare``)
SPARE_MOST = 1 / FPS - SPARE_ROOM


class TablePainting:
    """The cached picture of the table and the painting of it (a mixin of
    :class:`~tabletop.ui.table.renderer.TableRenderer`)."""

    def invalidate(self) -> None:
        """Every cached layer (table, panel, log) is drawn again (the picture they are
        drawn on is kept: only what it shows is thrown away)."""
        self._layers.clear()

    def behind(self, f: TableFrame) -> bool:
        """Is the table's picture still behind the game ``f`` shows (a change being
        painted over the next frames)?"""
        if f.landing:
            return True  # a move accepted and not yet played: the picture is behind it
        keys = self._layer_keys(f)
        return self._job is not None or any(self._layers.get(k) != keys[k]
                                            for k in ("table", "panel"))

    @property
    def picture_shown(self) -> bool:
        """Is there a whole picture of the table at the window's size (or does
        something stand in for it while it is painted: see :meth:`_new_size`)?"""
        return self._interim is None

    @property
    def _interim(self) -> str | None:
        """What stands in for the table until a picture at the size being painted is
        done (None: it is done): "nothing" (a table just opened: the window keeps what
        it shows) or "last size" (the last size's picture)."""
        if self._canvas is None:
            return "nothing"
        return None if self._canvas.get_size() == self._paint_size else "last size"

    @property
    def picture_gen(self) -> int:
        """The layout (``_gen``, counted from the first) the picture on screen shows."""
        return min(self._layers.get(k, (None, -1))[1] for k in ("table", "panel"))

    def _layer_keys(self, f: TableFrame) -> dict[str, tuple]:
        """What each cached layer shows: it is drawn again only when its key changes
        (scrolling the log redraws the log, not the cards nor the rest of the panel; a
        drag or a glide only the cards it takes away or puts back)."""
        away, off = self._away_now(f)
        log = f.panel.log
        handover = f.handover.seat if f.handover is not None else None
        return {
            "table": (f.size, f.gen, handover),
            # a dropped card waiting for its move to land is still in hand: the picture
            # changes once, when the move has landed
            "away": (away, off),
            "panel": (f.size, f.gen, handover, f.panel.can_undo, f.panel.can_redo,
                      tuple(log.rect)),
            "log": (f.size, log.offset, log.version, tuple(log.rect)),
        }

    @staticmethod
    def _away_now(f: TableFrame) -> tuple[frozenset, bool]:
        """The cards away from their places (gliding, dragged, dropped and waiting), and
        whether one is in the pointer's hand (dragged or dropped)."""
        dragging = f.dragged_card
        held = f.held
        return f.motion.moving | {dragging, held[0] if held is not None else None}, \
            dragging is not None or held is not None

    def prepare(self, size: tuple[int, int]) -> bool:
        """Before a frame at the window size ``size``: a new size begins a new picture
        (:meth:`_new_size`). Returns whether this frame paints on the picture (no time
        between frames came for it: :data:`PAINT_WAIT`), in which case the table is laid
        out for it first."""
        if self._paint_size != size:
            self._new_size(size)
        return self.paint_budget is None or self._job_waited >= PAINT_WAIT

    def _draw_layers(self, surf, f: TableFrame) -> bool:
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
        budget = self.paint_budget
        painting_now = self.prepare(surf.get_size())  # (the table laid out for it first)
        keys = self._layer_keys(f)
        if not f.laid_out:
            # the time between frames lays the table out first, then begins the picture
            # (one begun now would show the layout or the log as they were)
            self._job_waited += 1
        else:
            # (a frame that laid the table out having waited for that time paints on)
            self._start_job(f, keys, self._job_waited if painting_now else 0)
        if self._job is not None and painting_now:
            # no time between frames came: the frame paints, within the budget counted
            # from its start (what the frame did before leaves that much less), one step
            # at least
            start = f.window.frame_cpu or time.thread_time()
            self._run_job(f, start + budget if budget is not None else math.inf,
                          clock=time.thread_time)
        elif self._job is not None:
            self._job_waited += 1
        if self._job is None and self._interim is None:
            self._catch_up(f, self._canvas, keys)
        if self._interim is not None:
            self.forget_shown()  # the next whole picture is copied whole
            if self._interim == "last size":
                self._show_last_size(surf)
            return False
        self._canvas.set_clip(None)
        self._show_picture(surf, f)
        return True

    def _new_size(self, size: tuple[int, int]) -> None:
        """A table just opened, or the window's new size: a new picture is begun (its
        surface made between frames too); meanwhile the last size's picture stands in
        or, for a table just opened, nothing (the window keeps what it shows)."""
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

    def _start_job(self, f: TableFrame, keys: dict[str, tuple], waited: int = 0) -> None:
        """Begin painting a new picture when the table or the panel changed (again,
        when the game changed before the picture being painted was done), as having
        waited ``waited`` frames for time between frames."""
        if self._job is not None and self._job[1] != (keys["table"], keys["panel"]):
            self._job = None
        if self._job is None and any(self._layers.get(k) != keys[k] for k in ("table", "panel")):
            self._job = (self._paint_steps(f, keys), (keys["table"], keys["panel"]), keys)
            self._job_waited = waited

    def _run_job(self, f: TableFrame, end: float, first: bool = True,
                 clock=time.perf_counter) -> bool:
        """Paint steps of the new picture until ``clock()`` reaches ``end``: a step is
        begun only when the longest recent step (in CPU time) would still end in time
        (one at least when ``first``); swap the picture in when it is done. Returns
        whether any step was painted."""
        steps, _, keys = self._job
        if not first and clock() + self._slowest_step >= end:
            if self._slowest_step > SPARE_MOST:
                # an estimate no time between frames can hold (one step made slow once:
                # a collector's pass, a cold cache) would keep that time unused until
                # the frames' own painting wore it down, dozens of frames (an undo shown
                # in 13-14 frames instead of 4-5 after one step of 30 ms): halved
                self._slowest_step /= 2
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
        self._picture_changed(None, whole=True)
        self._job, self._job_waited = None, 0
        return True

    def spare(self, end: float, f: TableFrame) -> None:
        """Between frames, in the frame's unused time (until ``end``), for the game as
        ``f`` shows it (laid out, its accepted move landed): paint on the new picture,
        copy it back to the window under what the last frame drew over it
        (:mod:`~tabletop.ui.table.marks`), then paint the card faces not yet painted
        (:mod:`~tabletop.ui.table.warm`)."""
        keys = self._layer_keys(f)
        self._start_job(f, keys)
        if self._job is not None:
            if self._run_job(f, end, first=False):
                # the time between frames paints it: the frames go on waiting for it
                # (a long one, a new window size's faces, takes several such times)
                self._job_waited = 0
            if self._job is None:
                self._show_between(f)
        if self._job is None and any(self._layers.get(k) != keys[k] for k in ("away", "log")) \
                and time.perf_counter() + self._slowest_step < end:
            cpu = time.thread_time()
            self._catch_up(f, self._canvas, keys, arrivals=True)
            self._slowest_step = max(self._slowest_step, time.thread_time() - cpu)
        if time.perf_counter() + self._slowest_step < end:
            self._restore_between(f)
        if not self.behind(f) and time.perf_counter() + self._slowest_step < end:
            self._dialog_ahead(f)
            self._messages_ahead(f)  # the next frame shows them
        if not self.behind(f):
            self.cards.warmer.step(end)

    def _arrived(self, f: TableFrame) -> list[Sprite]:
        shown = self._layers.get("away")
        if self._job is not None or shown is None:
            return []
        back = shown[0] - self._away_now(f)[0]
        if not back:
            return []
        return [sp for sp in f.layout.sprites if sp.card in back and sp.card != HIDDEN]

    def _paint_steps(self, f: TableFrame, keys: dict[str, tuple]) -> Iterator[None]:
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
            back.set_clip(f.layout.table_rect(f.size))
            yield from self._table_steps(back, f, *self._off_table(f))
            yield
        if panel_changed:
            self._redraw_area(back, f.panel.rect, lambda c: self._draw_panel_static(c, f))
            back.set_clip(None)
            yield
        glides = list(f.motion.glides.values())
        pictures = [self.cards.picture(g.sprite, g.sprite.rect.size) for g in glides]
        self.cards.scaled.keep_only(pictures)
        yield
        for glide, img in zip(glides, pictures, strict=True):
            # what glides is drawn every frame from its picture at its final size
            # (painted just now if it is new, so that no glide frame paints one), scaled
            # ahead to the sizes it passes on its way
            if glide.start.size != glide.sprite.rect.size:
                yield from self.cards.scaled.ahead(img, glide.start.size,
                                                   glide.sprite.rect.size)
        for rise in list(f.motion.rising):  # and the numbers that rise
            self._rise_picture(rise, f.layout.scale)

    def _catch_up(self, f: TableFrame, canvas, keys: dict[str, tuple],
                  arrivals: bool = False) -> None:
        """Cards taken away (a drag, a glide starting) and the log scrolled: painted at
        once, in their places only (the picture is otherwise up to date). Cards put back
        (a glide ended) only with ``arrivals`` (between frames): until then they are
        drawn over the picture in their places (:meth:`_draw_arrived`)."""
        shown = self._layers.get("away")
        now = keys["away"]
        if shown != now and (arrivals or shown is None or shown[1] != now[1]
                             or now[0] - shown[0]):
            area = self._away_area(f, shown, now)
            if area is not None:
                canvas.set_clip(area)
                self._draw_table_layer(canvas, f)
                canvas.set_clip(None)
            self._layers["away"] = now
            self._picture_changed(area)
        if self._layers.get("log") != keys["log"]:
            area = f.panel.log.rect.clip(f.panel.rect)
            self._redraw_area(canvas, area, lambda c: self._draw_log(c, f))
            self._layers["log"] = keys["log"]
            self._picture_changed(area)

    def _away_area(self, f: TableFrame, shown: tuple | None,
                   now: tuple) -> pygame.Rect | None:
        """Where the picture changes when the cards away from their places change from
        ``shown`` to ``now``: those cards (with room for what is drawn over and around
        them), and the lit playable cards when a drag starts or ends (they are lit only
        while nothing is dragged)."""
        lay = f.layout
        if shown is None:
            return lay.table_rect(f.size)
        changed = shown[0] ^ now[0]
        if shown[1] != now[1]:
            changed |= f.lit()
        rects = [sp.rect for sp in lay.sprites if sp.card in changed]
        if not rects:
            return None
        margin = self._around(f)
        area = rects[0].unionall(rects[1:]).inflate(2 * margin, 2 * margin)
        return area.clip(lay.table_rect(f.size))

    @staticmethod
    def _redraw_area(canvas, area: pygame.Rect, paint) -> None:
        """Paint ``area`` of the cached picture afresh (each layer starts with an opaque
        ground: the felt, the panel's background)."""
        canvas.set_clip(area)
        paint(canvas)
