"""The window, the frame loop and the scene stack.

``App.step()`` runs one frame (events, update, draw); ``App.run()`` loops it. Tests drive
``step()`` directly after posting real mouse events.

The app can always be stopped: the window's close button is looked for during long loads
too (:func:`tabletop.engine.limits.checkpoint`), SIGTERM and Ctrl+C stop even a hung
frame, and :func:`main` ends quietly (no traceback) when that happens.

An error never just ends the app (:mod:`tabletop.logs` writes its traceback to the log
file): an exception in another thread is told to :meth:`App.report_error` (by
``threading.excepthook``, in that thread: it only queues the message) and shown over the
screen from the next frame (:class:`Notice`); one in a frame closes the scenes and goes
back to the main menu with that message (:meth:`App.recover`), unless frames keep failing
(then :class:`Crashed` ends the loop and the app says why before it closes).
"""

from __future__ import annotations

import gc
import logging
import os
import queue
import signal
import threading
import time
from collections.abc import Callable

import pygame

from .. import ART_DIR
from ..engine import limits
from ..engine.cards import Catalog
from ..logs import error_message
from . import look, text, theme
from .bounded import make_room
from .sound import Sounds
from .widgets import panel

LOG = logging.getLogger("tabletop.app")

BASE_SIZE = (1280, 720)
#: the smallest window the tables are laid out for (a resize stops there)
MIN_SIZE = (1024, 640)
FPS = 60
#: the time kept free before the next frame when working between frames (a step of
#: that work, e.g. one card face or the panel, takes up to a few milliseconds)
SPARE_ROOM = 0.005
#: how long an error's message stays over the screen (seconds)
NOTICE_SECONDS = 15.0
#: frames that fail within this many seconds of each other end the app (a scene that
#: fails again at once, or a main menu that cannot be drawn): no loop of menus
FAILURES, FAILURE_WINDOW = 3, 10.0


class Crashed(Exception):
    """Frames kept failing: the app stops; ``str()`` is the message for the player (the
    traceback is in the log file already)."""


class Notice:
    """The app's own message over every screen: an error, naming the log file. It stays
    :data:`NOTICE_SECONDS`, or until it is clicked."""

    def __init__(self) -> None:
        self.message = ""
        self.until = 0.0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._picture: tuple[tuple, pygame.Surface] | None = None

    def show(self, message: str, seconds: float = NOTICE_SECONDS) -> None:
        self.message = message
        self.until = time.monotonic() + seconds

    @property
    def active(self) -> bool:
        return bool(self.message) and time.monotonic() < self.until

    def dismissed(self, event: pygame.event.Event) -> bool:
        """Was this click on the message (it goes, and the click goes no further)?"""
        if event.type == pygame.MOUSEBUTTONDOWN and self.active and \
                self.rect.collidepoint(event.pos):
            self.message = ""
            return True
        return False

    def draw(self, surf: pygame.Surface) -> bool:
        """Over the scenes, where the screens show their own messages; whether it was
        drawn."""
        if not self.active:
            return False
        w, h = surf.get_size()
        width = min(760, w - 40)
        key = (self.message, width)
        if self._picture is None or self._picture[0] != key:
            size = 15
            inner = width - 32
            height = text.height_of(self.message, inner, size, "bold", 1.2) + 24
            picture = pygame.Surface((width, height), pygame.SRCALPHA)
            panel(picture, picture.get_rect(), (12, 14, 18), 240, theme.BAD)
            text.draw(picture, self.message, (16, 12, inner, height - 24), size, theme.TEXT,
                      "bold", wrap=True, line_gap=1.2)
            self._picture = (key, picture)
        picture = self._picture[1]
        self.rect = picture.get_rect(center=(w // 2, h - 140))
        surf.blit(picture, self.rect)
        return True


class Scene:
    """A screen: main menu, new game, the table... Scenes stack; the top one gets input."""

    app: App
    transparent = False  # draw the scene below first (dialogs, overlays)

    def layout(self, size: tuple[int, int]) -> None:
        """Place widgets for the window size (called on entry and on resize)."""

    def handle(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf: pygame.Surface) -> None:
        pass


def fitted(size: tuple[int, int], desktops: list) -> tuple[int, int]:
    """``size`` shrunk to the first screen's (``pygame.display.get_desktop_sizes()``) where
    it is larger: a window that opens bigger than the screen has its far side and its
    Back buttons off it. Never below :data:`MIN_SIZE` (what every screen is laid out for:
    a smaller screen scrolls the window, as before)."""
    if not desktops:
        return size
    width, height = desktops[0]
    return (max(MIN_SIZE[0], min(size[0], width)), max(MIN_SIZE[1], min(size[1], height)))


class App:
    #: makes the first screen (the main menu registers itself: :mod:`.menu`)
    home: Callable[[], Scene] | None = None

    def __init__(self, size: tuple[int, int] = BASE_SIZE, headless: bool = False,
                 ai_delay: float | None = None, mods: bool = True) -> None:
        if headless:  # (the app's own window plays its sounds on the real device)
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Tabletop")
        icon = ART_DIR / "icon.png"
        if icon.exists():
            pygame.display.set_icon(pygame.image.load(str(icon)))
        if not headless:
            size = fitted(size, pygame.display.get_desktop_sizes())
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.key.set_repeat(400, 40)
        pygame.event.clear()
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self.running = True
        self.frame_times: list[float] = []
        self.first_frame_at: float | None = None
        #: when the frame being run began (``time.perf_counter``): what is done in a frame
        #: bit by bit (the table's painting) stops when the frame has run long enough
        self.frame_started: float | None = None
        #: the frame thread's CPU time then (``time.thread_time``): a frame's own work is
        #: counted in it, so that other work on the machine does not cut it short
        self.frame_cpu: float | None = None
        #: does the loop do work between frames (:meth:`spare`)? Work a frame would do
        #: (a move landing, a picture painted) waits for that time only when it comes
        self.between_frames = False
        from ..engine.settings import load_settings

        #: the player's settings, and why the settings file was not used ("" if it was)
        self.settings, self.settings_problem = load_settings()
        #: the window's size before full screen (F11), and the settings being written
        self.windowed_size: tuple[int, int] | None = None
        self.windowed_at: tuple[int, int] | None = None
        self.settings_saving = None
        look.start(self)  # full screen, text size, colours
        #: the table's sounds (:mod:`.sound`: opened after the first frame)
        self.sounds = Sounds(volume=self.settings.volume, muted=self.settings.mute)
        env = os.environ.get("TABLETOP_AI_DELAY")
        #: a fixed pause between computer moves (tests, benchmarks); None: the settings'
        self._ai_delay = ai_delay if ai_delay is not None else \
            float(env) if env is not None else None
        self.use_mods = mods
        self.catalogs: dict[str, Catalog] = {}
        self.after_frame: list[Callable[[], None]] = []
        #: helpers that run beside the scenes (the card files' hot reload): each frame
        #: calls ``poll()`` (it must be cheap) and ``draw(surface)`` over the scenes
        #: (which returns False when it drew nothing); ``close()`` when the app quits
        self.services: list = []
        #: the frames drawn so far, and the scene that alone drew the last of them (no
        #: scene over it, no service's drawing): the window still shows just what that
        #: scene drew, and it may draw over it only where things changed
        self.frames_drawn = 0
        self.drawn_alone: Scene | None = None
        self._polled = 0.0
        #: messages of errors in other threads, put there by those threads
        #: (:meth:`report_error`) and shown by the frame loop (:attr:`notice`)
        self._errors: queue.SimpleQueue[str] = queue.SimpleQueue()
        self.notice = Notice()
        #: when frames failed lately (:meth:`recover`)
        self._failures: list[float] = []
        limits.set_interrupt_check(self.check_quit)

    @property
    def ai_delay(self) -> float:
        """Seconds between two computer moves (the settings' pace unless fixed)."""
        return self.settings.pace_seconds if self._ai_delay is None else self._ai_delay

    def check_quit(self) -> None:
        """Called during long loads: raise :class:`~tabletop.engine.limits.Interrupted`
        if the window's close button was pressed (looked for at most every 50 ms)."""
        if threading.current_thread() is not threading.main_thread():
            return  # a load in a helper thread (hot reload): the window is the frame's
        now = time.perf_counter()
        if now - self._polled < 0.05:
            return
        self._polled = now
        if pygame.display.get_init() and pygame.event.peek(pygame.QUIT):
            raise limits.Interrupted("the window was closed")

    def report_error(self, message: str) -> None:
        """Show ``message`` (an error's, naming the log file) from the next frame. Any
        thread may call it (``threading.excepthook`` does, in the failing thread): it only
        queues the message, never touches pygame."""
        self._errors.put(message)

    def _take_errors(self) -> None:
        """The messages other threads queued, the last one shown."""
        while True:
            try:
                message = self._errors.get_nowait()
            except queue.Empty:
                return
            self.notice.show(message)

    # -- card data -----------------------------------------------------------------------
    def catalog(self, game_id: str) -> Catalog:
        if game_id not in self.catalogs:
            from ..games import GAMES  # not before the first frame (see menu.Preparation)

            game = GAMES[game_id]
            self.catalogs[game_id] = game.rules.load_catalog(mod_dirs=None if self.use_mods else [])
        return self.catalogs[game_id]

    def card_errors(self) -> list:
        """Every problem in card files, once (a shared set or a mod for an unknown game
        is read by several games)."""
        from ..games import GAMES

        seen: dict[str, object] = {}
        fresh = any(gid not in self.catalogs for gid in GAMES)
        for gid in GAMES:
            for error in self.catalog(gid).errors:
                seen.setdefault(str(error), error)
        if fresh:
            keep_long_lived()
        return list(seen.values())

    # -- scenes ----------------------------------------------------------------------------
    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        scene.app = self
        self.scenes.append(scene)
        scene.layout(self.screen.get_size())

    def pop(self) -> Scene:
        scene = self.scenes.pop()
        if self.scenes:
            self.scene.layout(self.screen.get_size())
        return scene

    def replace(self, scene: Scene) -> None:
        self.scenes.clear()
        self.push(scene)

    # -- the loop ----------------------------------------------------------------------------
    def _events(self) -> bool:
        """Hand this frame's events to the top scene; False when the app stops."""
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.quit()
                return False
            if event.type == pygame.VIDEORESIZE:
                size = (max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h))
                self.screen = self._resized(size)
                look.window_resized(size)
                for scene in self.scenes:
                    scene.layout(size)
                continue
            if self.notice.dismissed(event) or look.takes_key(self, event):
                continue
            if self.scenes:
                self.scene.handle(event)
            if not self.running:
                return False
        return True

    @staticmethod
    def _resized(size: tuple[int, int]) -> pygame.Surface:
        """The window's surface at ``size``. When the window was resized by the player,
        pygame has already made its surface that size (SDL makes a new one, 0.15-3 ms):
        ``set_mode`` would make another; it is called only for a size the window does
        not have (below the least size the table is laid out for, or a resize posted
        by a test or the bench)."""
        surface = pygame.display.get_surface()
        if surface is not None and surface.get_size() == size:
            return surface
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def step(self, dt: float | None = None) -> None:
        t0 = self.frame_started = time.perf_counter()
        self.frame_cpu = time.thread_time()
        if not self._events():
            return
        if not self.scenes:
            self.running = False
            return
        if dt is None:
            dt = self.clock.get_time() / 1000.0
        self._take_errors()
        for service in self.services:
            service.poll()
        self.scene.update(dt)
        self.draw()
        pygame.display.flip()
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            self.sounds.start()  # (a helper thread opens the mixer: no frame waits)
        self.frame_times.append((time.perf_counter() - t0) * 1000)
        if len(self.frame_times) > 600:
            del self.frame_times[:300]
        callbacks, self.after_frame = self.after_frame, []
        for fn in callbacks:
            fn()

    def draw(self) -> None:
        self.frames_drawn += 1
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].transparent:
            first -= 1
        drawn = self.scenes[first:]
        for scene in drawn:
            scene.draw(self.screen)
        over = False
        for service in self.services:
            over = service.draw(self.screen) is not False or over  # None: it may have
        over = self.notice.draw(self.screen) or over
        self.drawn_alone = drawn[0] if len(drawn) == 1 and not over else None

    def run(self) -> None:
        """Run frames until the app quits; a frame that fails is logged and the app goes
        back to the main menu (:meth:`recover`), or stops with :class:`Crashed`."""
        try:
            while self.running:
                try:
                    self.step()
                    self.spare()
                except Exception as exc:  # noqa: BLE001 - logged; the player is told
                    self.recover(exc)
                self.clock.tick(FPS)
        finally:
            limits.set_interrupt_check(None)
            pygame.quit()

    def recover(self, exc: Exception) -> None:
        """After a frame raised ``exc``: log it with its traceback, close the scenes and
        go back to the main menu with a message naming the log file. Raises
        :class:`Crashed` when that cannot help (no main menu, or frames keep failing)."""
        scene = type(self.scenes[-1]).__name__ if self.scenes else "the app"
        LOG.error("a frame failed (in %s)", scene, exc_info=exc)
        message = error_message(type(exc).__name__, scene)
        now = time.monotonic()
        self._failures = [t for t in self._failures if now - t < FAILURE_WINDOW] + [now]
        if App.home is None or len(self._failures) >= FAILURES:
            raise Crashed(message) from exc
        for old in reversed(self.scenes):
            closing = getattr(old, "on_quit", None)
            try:
                if closing is not None:
                    closing()
            except Exception:  # noqa: BLE001 - the scene is being left anyway
                LOG.exception("closing %s after the error failed too", type(old).__name__)
        self.after_frame = []
        self.go_home()
        self.notice.show(f"{message} Tabletop went back to the main menu.")

    def spare(self, end: float | None = None) -> float:
        """Work done between two frames, in the time the frame left unused (the frame
        loop waits out the rest of each sixtieth of a second anyway): the scene's
        ``spare(end)`` if it has one, until ``end`` (default: the next frame's start less
        ``SPARE_ROOM``). Returns how late the work ended past ``end`` (seconds; 0 when it
        ended in time, or when the frame left no time and nothing was done)."""
        scene = self.scenes[-1] if self.scenes else None
        work = getattr(scene, "spare", None)
        if work is None or self.frame_started is None:
            return 0.0
        if end is None:
            end = self.frame_started + 1 / FPS - SPARE_ROOM
        self.between_frames = True
        start = time.perf_counter()
        if start >= end:
            return 0.0  # the frame took its sixtieth: no time to spare
        work(end)
        return max(0.0, time.perf_counter() - end)

    def go_home(self) -> None:
        """Back to the first screen, closing every other."""
        if App.home is None:
            raise RuntimeError("no home screen is registered (import tabletop.ui.menu)")
        self.replace(App.home())

    def quit(self) -> None:
        server = getattr(self, "online_server", None)
        if server is not None:  # (this app hosted online tables: they are kept)
            server.stop()
        finder = getattr(self, "lan_finder", None)
        if finder is not None and hasattr(finder, "close"):  # (tables on the network)
            finder.close()
        for service in self.services:
            service.close()
        self.services = []
        for scene in self.scenes:
            closing = getattr(scene, "on_quit", None)
            if closing:
                closing()
        self.sounds.close()
        self.running = False


def keep_long_lived() -> None:
    """The app's own objects and its card catalogs (loaded at the main menu) live as long
    as the app: they are moved out of the collector's full passes (``gc.freeze``, as the
    computer players' worker does), so that a full pass during play scans only the
    game's objects. Measured at a late table: a full pass took 33-41 ms of CPU over the
    ~30,000 objects of the app and its catalogs (two dropped frames), 2-6 ms frozen. No
    collection first: after loading one found 9 objects to free and took 30-60 ms, held
    under the interpreter lock (a menu frame dropped while the catalogs load in the menu's
    helper thread)."""
    gc.freeze()


def background(surf: pygame.Surface) -> None:
    """The felt: a flat colour with a soft darker edge (cached for the last few sizes).
    The edge's rings are drawn in their blended colours on the opaque felt: blending a
    translucent edge over it took 4-6 ms a size (2.5-3 ms now, most of it the new
    surface's memory), a step longer than the time between frames has room for (a
    window resized paints the felt there)."""
    size = surf.get_size()
    cached = _bg_cache.get(size)
    if cached is None:
        cached = pygame.Surface(size)
        cached.fill(theme.BG)
        w, h = size
        for i in range(24):
            alpha = int(80 * (1 - i / 24) ** 2) / 255
            color = [round(b + (e - b) * alpha) for b, e in zip(theme.BG, theme.BG_EDGE,
                                                                 strict=True)]
            pygame.draw.rect(cached, color, (i * 4, i * 4, w - i * 8, h - i * 8), 4,
                             border_radius=12)
        make_room(_bg_cache, 4)
        _bg_cache[size] = cached
    surf.blit(cached, (0, 0))


_bg_cache: dict[tuple[int, int], pygame.Surface] = {}


class Terminated(limits.Interrupted):
    """SIGTERM arrived."""


def _terminate(signum, frame) -> None:
    """SIGTERM: stop whatever runs now (a frame, a load) like Ctrl+C does."""
    raise Terminated(f"signal {signum}")


def install_signal_handlers() -> None:
    """SDL turns SIGTERM into a window event that a busy frame never reads: take it
    back so that SIGTERM always stops the app."""
    signal.signal(signal.SIGTERM, _terminate)
    signal.signal(signal.SIGINT, signal.default_int_handler)
