"""Frame times of the real table (``TableScene`` on SDL's dummy driver) at a late, busy
point of a game played by the computer players, against a bare loop that blits the same
card pictures at the same sizes and places.

Frames are timed in the CPU time of the thread that draws them (``time.thread_time``),
the table's and the bare loop's alike: the machine's cores are shared with other work,
and wall time would count that work's turns as the table's.

The table is first looked at for two seconds (untimed frames, with the work between
frames the app's loop does: painting card faces ahead). The kinds of frame timed:

- *opening and resizing*: the table opened anew at that point (as from the menu's
  Continue) and the window resized, in turns; the frames from that one until the
  first whole picture at that size is shown (it is painted between frames: meanwhile
  the window keeps the screen it was opened from, or shows the last size's picture).
  Building the table (the session replayed from its moves, the scene, the computer
  seats' worker started: what the click that opens it does) is timed on its own;
- *move frames*: playing on from that point (again from it on a table opened anew, seat
  0 choosing other moves, until :data:`MOVE_FRAMES` are timed), the frames in which a
  move is made — a human seat's move made as a click makes it — or played. When the loop
  leaves time between frames (it does here, as in the app) the frame only accepts the
  move (the dropped card held where it was let go) and the move *lands* after it
  (``App.spare``): the engine applies it, the autosave's journal line is queued, the log
  grows, the table is laid out and the next computer seat asked; a frame plays it only
  after waiting ``PAINT_WAIT`` frames for that time. A computer seat's answer is read
  from the worker between frames too, and lands there: it makes no move frame unless
  that time has not come for ``PAINT_WAIT`` frames. How long each landing took (CPU
  time) is reported beside the frames; *frames to show a move* counts the frames until
  one draws the picture of the table after it (1: the frame in which it was made, or the
  first after it when it was made between frames);
- *glide frames*: the other frames after a move: those while its picture is painted
  (between frames, the last whole picture shown meanwhile), then those while its cards
  glide to their places and changed numbers rise;
- *idle frames*: the pointer moving over the table (hover, buttons), nothing changing.

Every frame of the table is timed right after one frame of the bare loop, and each figure
is judged against the bare frames timed beside it: load from elsewhere on the machine (two
cores shared with other work) falls on both alike.
"""

from __future__ import annotations

import gc
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.game import SeatConfig
from ..engine.rng import Rng
from .games import Context, Played, against_computers
from .report import Row, error_row, ratio_row, value_row

FRAME_BUDGET_MS = 1000 / 60
RATIO_GOAL = 1.3
#: a move is on screen within this many frames: 100 ms at 60 frames a second, the time
#: within which a response still feels immediate
SHOW_GOAL = 6
#: the clock frames are timed with (see the module docstring)
clock = time.thread_time
SIZE = (1280, 720)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(ctx: Context) -> list[Row]:
    rows: list[Row] = []
    for game_id, game in ctx.games.items():
        try:
            rows.extend(game_frames(ctx, game_id))
        except Exception as exc:  # one game's table failing must not hide the others
            rows.append(error_row("frames at the table", game.info.title, exc))
    return rows


def _counter(ctx: Context, game_id: str, app):
    """``count(session, i)``: the cards the table shows seat 0 after move ``i``."""
    from ..ui.kits import table_for
    from ..ui.table import TableScene

    scenes: dict[int, TableScene] = {}

    def count(session, i: int) -> int:
        scene = scenes.get(id(session))
        if scene is None:
            scene = scenes[id(session)] = table_for(session, autosave=None, hide_hands=True)
        view = session.game.rules.view(session.states[i], 0)
        scene.layout_obj.compute(view, 0, SIZE)
        return len(scene.layout_obj.sprites)
    return count


def _table(ctx: Context, game_id: str, app, folder: Path, moves: int):
    """The real table at the busy point (``moves`` moves before the end, when the game
    is long enough): seat 0 a person, the others computer players (answering from the
    worker), autosaving to ``folder``."""
    played, index = ctx.busy(game_id, _counter(ctx, game_id, app), moves)
    # the bench's own games (played to find the busy point) live on beside the table;
    # like the app's catalogs (``keep_long_lived``) they leave the collector's full passes
    gc.collect()
    gc.freeze()
    seats = against_computers(played.game, played.options)
    scene = _opened(ctx, played, index, seats, folder / "autosave.json")
    app.push(scene)
    app.step(0.016)
    return played, index, scene


def _opened(ctx: Context, played: Played, index: int, seats: list[SeatConfig], save: Path):
    """A table opened at move ``index`` of ``played`` (as the menu's Continue opens it: a
    session replayed from the moves, the computer seats' worker started, autosaving to
    ``save``), seat 0's seat taken."""
    from ..ui.kits import table_for

    session = played.session(index, seats, ctx.catalog(played.game.info.id))
    scene = table_for(session, autosave=save, hide_hands=True)
    if scene.handover_to is not None:
        scene.take_seat()
    return scene


@dataclass
class Paired:
    """Frames of the table, each timed right after a frame of the bare loop (so a burst of
    load from elsewhere on the machine falls on both alike)."""

    table: list[float] = field(default_factory=list)
    bare: list[float] = field(default_factory=list)
    #: the table's frames that copied its picture only where things changed
    marked: int = 0

    def add(self, bare_ms: float, table_ms: float) -> None:
        self.bare.append(bare_ms)
        self.table.append(table_ms)

    def extend(self, other: Paired) -> None:
        self.table += other.table
        self.bare += other.bare
        self.marked += other.marked


def game_frames(ctx: Context, game_id: str) -> list[Row]:
    from ..ui.app import App

    app = App(headless=True, ai_delay=0.0, mods=False)
    app.catalogs[game_id] = ctx.catalog(game_id)
    title = ctx.games[game_id].info.title
    frames, count = (40, 8) if ctx.quick else (300, 40)
    want, rounds = (1, 1) if ctx.quick else (MOVE_FRAMES, MOST_ROUNDS)
    _late.clear()
    _landings.clear()
    with tempfile.TemporaryDirectory() as tmp:
        played, index, scene = _table(ctx, game_id, app, Path(tmp), count)
        cards = len(scene.layout_obj.sprites)
        bare = Bare(app, scene)
        try:
            _look(app, 0.25 if ctx.quick else 2.0)
            idle = _idle(app, bare, frames)
            moves, glides, shown, played_on = _play_on(ctx, app, scene, bare, played, index,
                                                       Path(tmp), count, want, rounds)
            anew = _anew(ctx, app, scene, bare, played, index, Path(tmp),
                         2 if ctx.quick else OPENINGS)
        finally:
            scene.on_quit()
            app.scenes.clear()
    import pygame

    pygame.display.quit()
    where = f"{title} (move {index}, {cards} cards)"
    rows = [_ratio(f"frame p99, opening and resizing ({len(anew.frames.table)} frames)",
                   where, anew.frames),
            value_row(f"frames to show the table opened or resized, max ({len(anew.shown)})",
                      where, max(anew.shown), "frames", sorted(anew.shown)[len(anew.shown) // 2],
                      "median", SHOW_GOAL),
            value_row(f"building the table to open it, max ({len(anew.built)})", where,
                      max(anew.built), "ms", pct(idle.bare, 0.99), YARD,
                      FRAME_BUDGET_MS),
            _ratio("frame p99, idle (pointer moving)", where, idle)]
    if moves.table:
        rows.append(_ratio(f"frame p99, move frames ({len(moves.table)} frames, "
                           f"{played_on} x {count} moves)", where, moves))
        rows.append(value_row("frame max, move frames", where, max(moves.table), "ms",
                              pct(moves.bare, 0.99), YARD, FRAME_BUDGET_MS))
    if shown:
        rows.append(value_row(f"frames to show a move, max ({len(shown)} moves)", where,
                              max(shown), "frames",
                              sorted(shown)[len(shown) // 2], "median", SHOW_GOAL))
    if glides.table:
        rows.append(_ratio(f"frame p99, glide frames ({len(glides.table)} frames, "
                           f"{glides.marked} copying only the marks)", where, glides))
    if _landings:
        from ..ui.app import SPARE_ROOM

        room = FRAME_BUDGET_MS - SPARE_ROOM * 1000
        rows.append(value_row(f"move landing between frames, max ({len(_landings)})", where,
                              max(_landings), "ms", pct(_landings, 0.5), "median", room))
    if _late:
        from ..ui.app import SPARE_ROOM

        room = SPARE_ROOM * 1000
        rows.append(value_row("work between frames, max past its end", where, max(_late),
                              "ms", room, "room kept before the next frame", room))
    return rows


YARD = "bare blit loop p99"


def _ratio(figure: str, where: str, timed: Paired) -> Row:
    return ratio_row(figure, where, pct(timed.table, 0.99), "ms", pct(timed.bare, 0.99), YARD,
                     RATIO_GOAL)


def card_images(scene) -> list[tuple[object, tuple[int, int]]]:
    """The pictures the table blits for its cards, at their sizes and places."""
    return [(scene.cards.picture(sprite, sprite.rect.size), sprite.rect.topleft)
            for sprite in scene.layout_obj.sprites]


class Bare:
    """The yardstick: fill, blit the same card pictures (those of the table at the busy
    point, at their sizes and places), flip. It draws on a surface of its own, made like
    the window's: the window keeps what the table drew there (a table frame may copy its
    picture only where things changed since its last frame)."""

    def __init__(self, app, scene) -> None:
        self.app = app
        self.images = card_images(scene)
        self.screen = app.screen.copy()

    def frame(self) -> float:
        import pygame

        screen = self.screen
        t0 = clock()
        pygame.event.pump()
        self._draw(screen)
        pygame.display.flip()
        return (clock() - t0) * 1000

    def resized(self, size: tuple[int, int]) -> float:
        """A frame in which the window changes to ``size`` (SDL makes the window a new
        surface) and is drawn: the yardstick of a table's frame that does the same. The
        window is left at that size: the table's next frame must change it again (its
        own window is then new too)."""
        import pygame

        t0 = clock()
        pygame.event.pump()
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._draw(screen)
        pygame.display.flip()
        return (clock() - t0) * 1000

    def _draw(self, screen) -> None:
        from ..ui import theme

        screen.fill(theme.BG)
        for img, pos in self.images:
            screen.blit(img, pos)


def bare_loop(app, scene, frames: int) -> list[float]:
    """``frames`` frames of the bare loop alone."""
    bare = Bare(app, scene)
    return [bare.frame() for _ in range(frames)]


#: how far the work between frames ran past its time, for each frame of a game (ms of
#: CPU time: see :func:`_between`)
_late: list[float] = []
#: the CPU time each move took to land between frames (ms)
_landings: list[float] = []


def _step(app, move=None) -> tuple[float, bool]:
    """One frame of the table, timed (with ``move`` made in it first, as a click makes
    it), and whether a move was made (accepted) or played in it."""
    scene = app.scene
    count, pending = len(scene.session.moves), scene.landing
    t0 = clock()
    if move is not None:
        scene.play(move)
    app.step(0.016)
    ms = (clock() - t0) * 1000
    return ms, move is not None or len(scene.session.moves) != count or \
        (scene.landing is not None and scene.landing is not pending)


def _frame(app) -> tuple[float, bool]:
    """:func:`_step`, then, untimed, the work between frames (:func:`_between`)."""
    out = _step(app)
    _between(app)
    return out


def _between(app) -> None:
    """The work the app's loop does between frames in the time the frame left
    (``App.spare``: a move landing, the picture painted, faces ahead), untimed: how far
    it ran past its time, and how long a move took to land in it, are kept. How far it
    ran past is the CPU time it took beyond the wall time it had (its end less its
    start): as with the frames, another program's turn on the cores while it ran is not
    counted as its own (one full run had a wall-time overrun of 6.3 ms among Brawl's
    4,500 times between frames; the next run of the same frames, at most 0.8 ms)."""
    from ..ui.app import FPS, SPARE_ROOM

    scene = app.scene
    landed = scene.landed
    room = app.frame_started + 1 / FPS - SPARE_ROOM - time.perf_counter()
    cpu = clock()
    app.spare()
    if room > 0:
        _late.append(max(0.0, clock() - cpu - room) * 1000)
    if scene.landed != landed:
        _landings.append(scene.landed_in * 1000)


def paced_frame(app) -> None:
    """One frame as the app's loop runs it: the frame, the work between frames, and the
    rest of its sixtieth of a second waited out (untimed)."""
    app.step(1 / 60)
    app.spare()
    time.sleep(max(0.0, app.frame_started + 1 / 60 - time.perf_counter()))


def _look(app, seconds: float) -> None:
    """The table opened and looked at for ``seconds`` (frames at 60 a second, with the
    work between them), as a player does before the first move: untimed."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        paced_frame(app)


#: the other window size the table is resized to (and back)
OTHER_SIZE = (1100, 660)


@dataclass
class Anew:
    """Tables opened and windows resized: their frames, the frames until each showed
    its whole picture, and the time building each opened table took (ms)."""

    frames: Paired = field(default_factory=Paired)
    shown: list[int] = field(default_factory=list)
    built: list[float] = field(default_factory=list)


def _anew(ctx: Context, app, scene, bare: Bare, played: Played, index: int, folder: Path,
          times: int) -> Anew:
    """``times`` times: the table opened anew at the busy point (a new scene over a
    session replayed from the moves, seat 0 a person, the computer seats' worker
    started, autosaving: what the menu's Continue does, timed as the click's frame
    would spend it), then the window resized to :data:`OTHER_SIZE` and back; after
    each, the frames (with the work between them) until the whole picture is shown.
    Each table is closed after its round (:func:`_anew_table`)."""
    import pygame

    out = Anew()
    for _ in range(times):
        with _anew_table(ctx, app, scene, played, index, folder / "opened.json") as built:
            out.built.append(built)
            out.shown.append(_until_shown(app, bare, out.frames))
            for w, h in (OTHER_SIZE, SIZE):
                pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h,
                                                     size=(w, h)))
                out.shown.append(_until_shown(app, bare, out.frames, (w + 1, h + 1)))
    return out


@contextmanager
def _anew_table(ctx: Context, app, scene, played: Played, index: int, save: Path):
    """The table opened anew at the busy point in place of ``scene`` (as the menu's
    Continue opens it); gives the CPU time building it took (ms). Afterwards it is
    closed, ``scene`` put back and the opened table's objects collected, untimed (the
    bench opens tables far more often than a player does: their garbage must not be
    collected in the frames of other rows)."""
    t0 = clock()
    opened = _opened(ctx, played, index, scene.session.seats, save)
    app.replace(opened)
    built = (clock() - t0) * 1000
    try:
        yield built
    finally:
        app.scene.on_quit()
        app.replace(scene)
        del opened
        gc.collect()


def _until_shown(app, bare: Bare, frames: Paired, resized: tuple[int, int] | None = None,
                 most: int = 120) -> int:
    """Frames of the table (each after a frame of the bare loop; with the work between
    frames) until one shows its whole picture; how many. ``resized``: the window changes
    size in the first (the bare loop's first frame changes its window to that size, a
    pixel larger than the table's: each frame then makes its window anew)."""
    for shown_in in range(1, most + 1):
        b = bare.resized(resized) if resized and shown_in == 1 else bare.frame()
        frames.add(b, _step(app)[0])
        done = app.scene.picture_shown and not app.scene.painting
        _between(app)
        if done:  # this frame showed it
            return shown_in
    return most


def _idle(app, bare: Bare, frames: int) -> Paired:
    import pygame

    out = Paired()
    for i in range(frames):
        pos = (100 + (i * 37) % 800, 100 + (i * 53) % 500)
        b = bare.frame()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                             buttons=(0, 0, 0)))
        out.add(b, _frame(app)[0])
    return out


#: the move frames a game's figures are taken over (at least; a p99 over fewer frames
#: would be their worst frame or near it): the play on from the busy point is played
#: again, with seat 0 choosing other moves, until it has made that many, or ...
MOVE_FRAMES = 200
#: ... it has been played that many times
MOST_ROUNDS = 20
#: the tables opened (each then resized twice) for the opening and resizing figures
OPENINGS = 20


def _play_on(ctx: Context, app, scene, bare: Bare, played: Played, index: int,
             folder: Path, moves: int, want: int,
             rounds: int) -> tuple[Paired, Paired, list[int], int]:
    """:func:`_move_frames` on ``scene``, then on tables opened anew at the busy point
    (each looked at for a quarter of a second first, untimed; closed after), seat 0's
    moves chosen from another seed each time, until ``want`` move frames were timed or
    the moves were played on ``rounds`` times; how many times they were."""
    out, glides, shown = _move_frames(app, scene, bare, played, moves, played.seed)
    done = 1
    while len(out.table) < want and done < rounds:
        with _anew_table(ctx, app, scene, played, index, folder / "again.json"):
            _look(app, 0.25)
            more, more_glides, more_shown = _move_frames(app, app.scene, bare, played,
                                                         moves, played.seed + done)
        out.extend(more)
        glides.extend(more_glides)
        shown.extend(more_shown)
        done += 1
    return out, glides, shown, done


@dataclass
class _Shown:
    """A move followed until the table's picture shows it."""

    before: int  # the moves made before it
    frames: int = 1  # the frames since it was made (1: its own)
    layout: int | None = None  # the table's layout it landed in (once it has)

    def landed(self, scene) -> None:
        if self.layout is None and len(scene.session.moves) > self.before:
            self.layout = scene.layout_gen

    def shows(self, scene) -> bool:
        """Did the frame just run draw the picture of the table after the move?"""
        self.landed(scene)
        return self.layout is not None and scene.renderer.picture_gen >= self.layout


def _move_frames(app, scene, bare: Bare, played: Played, moves: int,
                 seed: int) -> tuple[Paired, Paired, list[int]]:
    """Play on from the busy point for ``moves`` moves: seat 0's moves (chosen by the
    game's computer player from ``seed``) as a click makes them (the move accepted, then
    the frame), the computer seats' as the table takes them from the worker (between
    frames when the loop leaves time there, as it does here); each lands between frames
    (or in a frame that waited for that time too long).
    Returns the *move frames* (those in which a move is made or played), the *glide
    frames* (the other frames after a move: until its picture shows, then while its
    cards glide to their places and changed numbers rise) and, for each move, the frames
    until a frame drew its picture (1: the first frame after it was made)."""
    session = scene.session
    game = session.game
    me = game.computer_player()
    rng = Rng(seed)
    out, glides, shown = Paired(), Paired(), []
    follow: _Shown | None = None
    first = len(session.moves)
    deadline = time.monotonic() + 30 + moves * 2
    while len(session.moves) - first < moves and not session.state.over and \
            time.monotonic() < deadline:
        state, count = session.state, len(session.moves)
        moving = bool(scene.motion.glides or scene.motion.rising)
        move = None
        if follow is None and not moving and scene.landing is None and \
                not scene.painting and state.actor in scene.humans:
            move = me.choose(game.rules, game.rules.view(state, state.actor), state.actor,
                             rng)
        b = bare.frame()
        marked = scene.renderer.marked_frames
        ms, moved = _step(app, move)
        if follow is not None:
            follow.frames += 1
            if follow.shows(scene) or moved:
                shown.append(follow.frames)
                follow = None
        if moved:
            out.add(b, ms)
            follow = _Shown(count)
            if follow.shows(scene):
                shown.append(1)
                follow = None
        elif follow is not None or moving:
            glides.add(b, ms)
            glides.marked += scene.renderer.marked_frames != marked
        count = len(session.moves)
        _between(app)
        if follow is not None:
            follow.landed(scene)
        elif len(session.moves) != count:  # a computer's answer, taken between frames
            follow = _Shown(count, frames=0)
            follow.landed(scene)
        elif not moved and not moving:
            time.sleep(0.002)  # the worker is thinking
    return out, glides, shown
