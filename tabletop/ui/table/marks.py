"""Showing the table's picture in a frame: all of it, or only where things were drawn over
it (a mixin of :class:`~tabletop.ui.table.renderer.TableRenderer`).

A frame shows the cached picture of the table and the panel, then draws over it what
moves or lights up. Copying the whole picture to the window was most of the cost of a
frame in which cards glide. When the picture is the one the last frame showed, and that
frame was drawn by this table alone on the same window (no screen over it, no banner of
the app's), the window still holds it everywhere except where the last frame drew over
it; if everything drawn over the picture in both frames lies in places known before
drawing (the *marks*: cards gliding, numbers rising, the spotlight on another player's
move, the message strip, cards back in place that the picture does not show yet, the
hint's rings, the keyboard's focus, the thinking bar, a lit button, the hover zoom, the
narration line), the frame copies the picture back only there (in runs of rows: see
:func:`_bands`). Anything else over the picture (a drag, a dropped card waiting, a dialog,
a menu, the hand-over, game-over or help panels, a zoomed card) and the frame copies all of it.
"""

from __future__ import annotations

import pygame

from .covers import ZOOM_SHADOW
from .frame import TableFrame
from .overlays import SPOT_WIDTH, focus_marks, glow_area, hint_ring

#: room around a card for what is drawn over and around it (captions, tags, glow)
AWAY_MARGIN = 28
#: marks whose runs of rows would cost more than this share of copying the whole
#: picture: one copy of all of it (one stretch of memory)
WHOLE_SHARE = 0.8
#: what a run of rows narrower than the window costs to copy, for its size, against
#: whole rows: a run wider than the window's width over this is copied in whole rows
#: (out of the processor's cache, rows 1194 pixels wide of a 1280-pixel window took
#: 0.31-0.35 ms to copy where whole rows took about half that: a whole row is one
#: stretch of memory with the next)
NARROW_COST = 2


class TableMarks:
    """:meth:`_show_picture`, and the marks of a frame (:meth:`_frame_marks`)."""

    _shown: tuple | None = None  # ((the picture, the window, its size), frame, marks)
    #: the areas of the picture changed since a frame last showed it (None: all of it)
    _changed: list[pygame.Rect] | None = None
    #: the frames that copied the picture only where marks lay (the bench reports them)
    marked_frames = 0

    def _show_picture(self, surf: pygame.Surface, f: TableFrame) -> None:
        """Copy the table's picture to ``surf`` for this frame: only where the last
        frame's marks lie (unless they were copied back between frames already:
        :meth:`_restore_between`) and where the picture was painted again, when the
        window shows the picture everywhere else; else all of it."""
        window = f.window
        marks = self._frame_marks(f)
        holds = self._window_holds(surf, f, window.frames_drawn - 1)
        last, self._shown = self._shown, (self._window_key(surf), window.frames_drawn, marks)
        changed, self._changed = self._changed, []
        if marks is not None and changed is not None and holds and \
                self._copy_back(surf, last[2] + changed):
            self.marked_frames += 1
            return
        surf.blit(self._canvas, (0, 0))

    def _picture_changed(self, area: pygame.Rect | None, whole: bool = False) -> None:
        """``area`` of the picture was painted again (None: nothing was), or ``whole``:
        another picture took its place."""
        self._canvas_gen += 1
        if whole:
            self._changed = None
        elif area is not None and self._changed is not None:
            self._changed.append(pygame.Rect(area))

    def _show_between(self, f: TableFrame) -> None:
        """A new picture was swapped in between frames: copied to the window now, if the
        window holds this table's last frame, so that the next frame draws over it only
        where things move (it would otherwise copy the whole picture itself)."""
        surf = f.window.screen
        if not self._window_holds(surf, f, f.window.frames_drawn, same_picture=False):
            return
        surf.blit(self._canvas, (0, 0))
        self._shown = (self._window_key(surf), f.window.frames_drawn, [])
        self._changed = []

    def _restore_between(self, f: TableFrame) -> None:
        """Between frames: the picture copied back to the window where the last frame
        drew over it and where the picture was painted again since, if the window holds
        this table's last frame. The window shows what that frame drew until the next
        one, so this is never seen, and the next frame only draws its own marks (the
        copy was most of the cost of a frame in which a row of cards glides)."""
        surf = f.window.screen
        last = self._shown
        if not self._window_holds(surf, f, f.window.frames_drawn) or self._changed is None or \
                not (last[2] or self._changed):
            return
        if not self._copy_back(surf, last[2] + self._changed):
            surf.blit(self._canvas, (0, 0))
        self._shown = (last[0], last[1], [])
        self._changed = []

    def _window_holds(self, surf: pygame.Surface | None, f: TableFrame, frame: int,
                      same_picture: bool = True) -> bool:
        """Does the window ``surf`` still hold what this table alone drew in ``frame``
        (no screen, no banner over it) on this same picture, with all it drew over the
        picture among that frame's marks? Without ``same_picture``: on the picture a new
        one just took the place of, whatever it drew over it (all of it is copied)."""
        last = self._shown
        if last is None or last[1] != frame or not f.window.alone or surf is None:
            return False
        now = self._window_key(surf)
        if not same_picture:
            return last[0][1:] == now[1:]
        return last[2] is not None and last[0] == now

    def _copy_back(self, surf: pygame.Surface, areas: list[pygame.Rect]) -> bool:
        """Copy the picture to ``surf`` in the runs of rows ``areas`` cover (see
        :func:`_bands`); False, copying nothing, when one copy of all of it costs less."""
        w, h = surf.get_size()
        bands = _bands(areas, w, h)
        if sum(area.h * (area.w if area.w == w else NARROW_COST * area.w)
               for area in bands) > WHOLE_SHARE * w * h:
            return False
        for area in bands:
            surf.blit(self._canvas, area, area)
        return True

    def _window_key(self, surf: pygame.Surface) -> tuple:
        """The picture shown and the window it is shown on."""
        return id(self._canvas), id(surf), surf.get_size()

    def forget_shown(self) -> None:
        """The window no longer shows the picture as the last frame left it (a new
        window, a new layout): the next frame copies all of it."""
        self._shown = None

    @staticmethod
    def _around(f: TableFrame) -> int:
        """The room kept round a card for its captions, tags and glow."""
        return max(AWAY_MARGIN, f.layout.S(AWAY_MARGIN))

    def _frame_marks(self, f: TableFrame) -> list[pygame.Rect] | None:
        """Where the frame ``f`` draws over the picture (see the module docstring); None
        when it draws anything whose place is not known beforehand. Mirrors ``draw``."""
        pointer = f.pointer
        if f.handover is not None or f.help is not None or f.dialog is not None or \
                pointer.menu or pointer.zoom is not None or \
                f.held is not None or f.dragged_card is not None or \
                f.gameover is not None:
            return None
        marks = [b.rect for b in f.panel.tools + f.panel.buttons if b.hover]
        marks += self.message_marks(f)
        if f.panel.latest is not None:
            marks.append(f.panel.latest.rect)
        if f.panel.narration is not None:
            marks.append(f.panel.narration.rect)
        if f.thinking is not None:
            marks.append(f.thinking[0])
        marks += [hint_ring(r) for r in f.hint_rects]
        if f.focus is not None:
            marks += focus_marks(f.focus)
        if self._job is None:  # else the picture shows the cards where they were
            room = self._around(f)
            marks += [sp.rect.inflate(2 * room, 2 * room) for sp in self._arrived(f)]
            spot = self._spotlight_place(f)
            if spot is not None:
                marks += [glow_area(r, SPOT_WIDTH) for r in spot.lit]
            marks += [g.rect().inflate(2 * room, 2 * room)
                      for g in f.motion.glides.values()]
            marks += [box for _, box, _ in self._rise_places(f)]
        zoom = self.hover_zoom_place(f)
        if zoom is not None:
            marks.append(zoom.union(zoom.move(*ZOOM_SHADOW)))
        return marks


def _bands(areas: list[pygame.Rect], width: int, height: int) -> list[pygame.Rect]:
    """The runs of rows ``areas`` cover, as few as they make, each as wide as the areas
    in it reach (from the leftmost to the rightmost) or whole. A run of rows is copied as one
    area: each row of it is one stretch of memory, where the areas themselves would be
    short pieces of many rows. Measured in the bench's glide frames (the picture not in
    the processor's cache): a card's area took 0.02-0.09 ms to copy, and copying runs
    of whole rows instead took the heaviest frames' copy from 0.3-0.56 ms to
    0.14-0.21 ms; a run narrower than half the window (a hand, a team gliding) is
    copied only as wide as its areas reach, a wider one in whole rows (see
    :data:`NARROW_COST`)."""
    out: list[list[int]] = []  # [top, bottom, left, right]
    for top, bottom, left, right in sorted(
            (max(0, r.top), min(height, r.bottom), max(0, r.left), min(width, r.right))
            for r in areas if r.w > 0 and r.h > 0):
        if bottom <= top or right <= left:
            continue
        if out and top <= out[-1][1]:
            run = out[-1]
            run[1], run[2], run[3] = max(run[1], bottom), min(run[2], left), max(run[3], right)
        else:
            out.append([top, bottom, left, right])
    return [pygame.Rect(left, top, right - left, bottom - top)
            if NARROW_COST * (right - left) < width else pygame.Rect(0, top, width, bottom - top)
            for top, bottom, left, right in out]
