"""The table scene: draws a game from one seat's view and turns mouse gestures into moves.

The scene never changes the game state itself: it asks the engine for the legal moves
of the seat in front of the screen, lights up where a picked-up card may go, and sends
the chosen move to the session. One drop policy holds for every game (:mod:`.input`): a
drop counts only on a lit target; anywhere else the card glides back and the game names
the rule the move would break. Each game supplies a *layout* (where zones and cards go,
and what is drawn over them); the rest (dragging, menus, buttons, the log, undo, motion,
hand-over between human players, computer turns, autosave, statistics) is shared by
every game.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from ...engine.moves import IllegalMove, Move
from ...engine.session import Session
from .. import theme
from ..app import Scene
from ..kit import UiKit
from ..widgets import Button, ScrollList, TextInput, Toast
from .cardpictures import CardPictures
from .cards_taken import TableCards
from .computers import Answer, ComputerSeats
from .dialog import DialogBox
from .frame import PanelView, TableFrame, Window
from .hint import TableHints
from .input import TableInput
from .keyboard import TableKeys
from .landing import MoveScheduler
from .log import GameLog
from .model import TableModel, TableSnapshot
from .motion import Motion
from .online import TableOnline
from .pointer import PointerInput
from .renderer import TableRenderer
from .sidepanel import TableSidePanel
from .sounds import TableSounds
from .sources import ComputerAnswer, PersonInput, Source, refusal
from .warm import face_sizes
from .writes import TableWrites

#: seconds the pointer must be away from the hand before the hand closes its gaps
HAND_RELEASE = 0.6

LOG = logging.getLogger("tabletop.table")


class TableScene(TableCards, TableOnline, TableHints, TableInput, TableSidePanel, TableSounds,
                 Scene):
    #: raise on a move refused as a bug of the table (see :meth:`refused`): the tests set it
    strict = False

    def __init__(self, session: Session, kit: UiKit, autosave: Path | None = None,
                 hide_hands: bool = True, warnings: list[str] | None = None,
                 model: TableModel | None = None) -> None:
        """The table of ``session``, drawn with its game's ``kit`` (layout, card
        painters: :mod:`tabletop.ui.kits`, whose ``table_for`` makes one); ``model``: a
        model of a game held elsewhere (:mod:`.remote`) instead of a local one."""
        #: what the table shows, and the way moves go to the game (:mod:`.model`)
        self.model = model or TableModel(session, hide_hands)
        self.kit = kit
        #: the pointer on the cards: what its gestures mean (:mod:`.pointer`)
        self.pointer = PointerInput(self)
        self.keys = TableKeys(self)  # the keyboard's focus (:mod:`.keyboard`)
        self.game = session.game
        self.computers = ComputerSeats(session, mods=True)
        #: moves accepted in a frame land between frames (:mod:`.landing`)
        self.scheduler = MoveScheduler(self)
        #: the position (the session's changes) the table last showed whole: a person's
        #: input is made on it (see :mod:`.sources`)
        self.shown_changes = session.changes
        #: moves refused as a bug of the table (a seat's move from the wrong source)
        self.seat_violations = 0
        self.ai_wait = 0.0
        self.layout_obj = kit.layout(self)
        self.toast = Toast()
        self.motion = Motion()
        #: where each visible card was drawn at the last layout, and each card's amount
        #: (health...) then: what moved and what changed since
        self._rects: dict[int, pygame.Rect] = {}
        self._amounts: dict[int, int] = {}
        #: the viewer's hand keeps its places while the pointer is over it or has only
        #: just left it (re-laid out after; :data:`HAND_RELEASE`)
        self._hand_held: pygame.Rect | None = None
        self._away = 0.0
        self._laid_for: int | None = None  # the viewer of the last layout
        self._gen = 0  # layouts made (the cached table layer is drawn again after each)
        #: the layout's dialog over the table, if any (:mod:`.dialog`)
        self.dialog: DialogBox | None = None
        #: the position the table was last laid out for (:meth:`refresh`)
        self.snapshot = TableSnapshot(session.changes, None, [], self.model.viewer,
                                      self.model.handover_to, session.state.actor,
                                      session.state.over)
        self.buttons: list[Button] = []
        self.tools: list[Button] = []
        self.log_list = ScrollList((0, 0, 10, 10), size=13, stick_bottom=True)
        self.game_log = GameLog(self.log_list)
        self.latest_button = Button((0, 0, 10, 10), "\u2193 Latest", self.game_log.jump_to_latest,
                                    size=12, tooltip="Back to the newest line of the log")
        self.help_open = False
        #: ``pygame.time.get_ticks()`` as the frame began (``update``)
        self.frame_ticks = 0
        self.size = (1280, 720)
        self._pending_warnings = warnings or []
        self._gameover_buttons: list[Button] = []
        self._review = False
        self._handover_button = Button((0, 0, 280, 46), "", self.take_seat, primary=True,
                                       size=17)
        self.help_list: ScrollList | None = None
        self.info: list[tuple[str, tuple]] = []
        self.info_rect = pygame.Rect(0, 0, 0, 0)
        #: a line of narration typed by the player, attached to their next move
        self.narration = TextInput((0, 0, 10, 10), "", "Narrate your move (optional)\u2026",
                                   120) if session.game.info.narration else None
        self._log_due = False  # the log is built with the first picture (see ``refresh``)
        self._refresh_due = False  # laid out for a new window size between frames
        #: what a frame shows -> pixels; it owns the table's pictures, the cards' among
        #: them (:mod:`.renderer`)
        self.renderer = TableRenderer(lambda: self.state.cards, kit.painters)
        self.help_rect = pygame.Rect(0, 0, 10, 10)
        session.settings["hide_hands"] = hide_hands
        #: the autosave, a saved copy, the statistics (:mod:`.writes`)
        self.writes = TableWrites(session, autosave, self.toast.show, self.land_now)

    @property
    def autosave(self) -> Path | None:
        """The autosave file of this table's game (None: not kept)."""
        return self.writes.autosave

    # -- the model's, read where the table's parts need them ------------------------------
    @property
    def session(self) -> Session:
        return self.model.session

    @property
    def state(self):
        return self.model.state

    @property
    def humans(self) -> list[int]:
        return self.model.humans

    @property
    def hide_hands(self) -> bool:
        return self.model.hide_hands

    @hide_hands.setter
    def hide_hands(self, value: bool) -> None:
        self.model.hide_hands = value

    @property
    def viewer(self) -> int | None:
        """The seat in front of the screen (None while the screen is passed on)."""
        return self.model.viewer

    @property
    def handover_to(self) -> int | None:
        """The seat the screen is being passed to, if any."""
        return self.model.handover_to

    @property
    def view(self):
        """The state as the table shows it (the viewer's view), as last laid out."""
        return self.snapshot.view

    @property
    def legal(self) -> list[Move]:
        """The viewer's legal moves, as last laid out (none unless they must act)."""
        return self.snapshot.legal

    # -- the renderer's, where the table and its tools read them ------------------------
    @property
    def cards(self) -> CardPictures:
        """How every card is drawn (the renderer's: :mod:`.cardpictures`)."""
        return self.renderer.cards

    @property
    def painting(self) -> bool:
        """Is the table's picture still behind the game (a change being painted over
        the next frames)?"""
        return self.renderer.behind(self.frame())

    @property
    def picture_shown(self) -> bool:
        """Is there a whole picture of the table at the window's size?"""
        return self.renderer.picture_shown

    @property
    def layout_gen(self) -> int:
        """The table's layouts so far (one more after each move, undo, new size...)."""
        return self._gen

    def invalidate(self) -> None:
        """Every cached layer of the picture is drawn again."""
        self.renderer.invalidate()

    # -- a frame -----------------------------------------------------------------------------
    def frame(self) -> TableFrame:
        """What a frame shows now (:mod:`.frame`): the table's parts, read for the
        renderer."""
        app = getattr(self, "app", None)
        handing = self.handover_to is not None
        panel = PanelView(
            self.panel_rect, self.panel_top + self.heading_extra, self.tools, self.buttons,
            self.log_list,
            self.latest_button if self._latest_shown() else None,
            self.narration if self._narration_shown() else None,
            self.info, self.info_rect, self.status_bottom, self.message_rect,
            self._message_size, self.model.can_undo(), self.model.can_redo(),
            self.panel_words)
        window = Window(app.screen, app.frames_drawn, app.drawn_alone is self,
                        app.frame_cpu) if app is not None else Window(None, 0, False, None)
        return TableFrame(
            self.size, self.state, self.view, self.layout_obj, self._gen,
            not (self._refresh_due or self._log_due), self.motion, self.pointer,
            self.held_card(), self.landing is not None, self.dialog, self.pointer.playable,
            panel,
            self.messages(), [] if handing else self.hint_rects(),
            None if handing else self.thinking(), self._handover(),
            None if handing else self._gameover(), self._help(), self.frame_ticks,
            self.hover_size(), window, self.keys.view())

    def draw(self, surf) -> None:
        if self.renderer.prepare(surf.get_size()):
            self.lay_out_now()  # this frame paints: laid out for it first
        self._enable_tools()
        if self.renderer.draw(surf, self.frame()):
            # the window shows the position: input is made on it
            self.shown_changes = self.session.changes

    def spare(self, end: float) -> None:
        """Between frames, in the frame's unused time (until ``end``): a move accepted in
        the frame lands first (:mod:`.landing`), then the renderer paints (its
        :meth:`~.renderer.TableRenderer.spare`)."""
        if not self.scheduler.land_between(end) or self.renderer.paint_size is None:
            return  # (nor before the table's first frame)
        self.lay_out_now()
        self._enable_tools()
        self.renderer.spare(end, self.frame())

    def on_quit(self) -> None:
        """Leaving the table: the computer players stop; the last save is waited for."""
        self.land_now()
        self.computers.close()
        self.writes.close()
        self.model.close()

    @property
    def snap(self):
        """The glide of a card going back after a refused drop (None when it is home)."""
        return next((g for g in self.motion.glides.values() if g.back), None)

    def refresh(self, animate: bool = True) -> None:
        """Recompute the view, the legal moves, the layout, the buttons and the log;
        with ``animate``, cards that moved glide and changed amounts rise."""
        self._refresh_due = False
        heard = self.heard()
        self.snapshot = self.model.snapshot()
        self._lay_out(animate)
        self._place_handover()
        self._build_dialog()
        self._build_buttons()
        if self.renderer.paint_size != self.size:
            # a table just opened (or at a new window size) shows no picture of itself
            # at this size until one is painted, between frames: the log (every move of
            # a long game, worded and wrapped: 4-5 ms for 277 moves) is built there too,
            # not in the frame of the click or of the new size
            self._log_due = True
        else:
            self._build_log()
        self.menu = []
        self.pointer.open_only_menu(self.game.text.side_option)
        self.writes.count_finished()
        self.cue_changes(heard)

    def _lay_out(self, animate: bool) -> None:
        """Lay the table out; cards that moved glide there (the viewer's hand keeps its
        places while it is held)."""
        lay = self.layout_obj
        zones = dict(lay.zones)
        hand_zone = lay.hand_zone(self.viewer)
        held = {sp.card: sp.rect for sp in lay.sprites if sp.zone == hand_zone and sp.card >= 0}
        with theme.card_text():  # the table's words grow with its cards
            lay.compute(self.view, self.viewer, self.size)
        self._gen += 1
        if animate and self.viewer == self._laid_for:
            self._hold_hand(hand_zone, held, zones)
        else:
            self._hand_held = None
        self._laid_for = self.viewer
        rects = {sp.card: sp.rect for sp in lay.sprites if sp.card >= 0}
        self.cards.warmer.want([sp.card for sp in lay.sprites if sp.face_up and sp.card >= 0],
                         self.hover_size(), first=True)  # what the pointer may rest on
        self.cards.warmer.sizes_seen(face_sizes(lay.sprites))
        self.cards.warmer.sizes_seen({self.hover_size()})
        amounts = lay.amounts(self.view)
        if animate:
            self.motion.relayout(self._rects, zones, lay.sprites, self._origin)
            self.motion.changed_amounts(self._amounts, amounts, rects)
        else:
            self.motion.stop()
        self._rects, self._amounts = rects, amounts
        self._last_state = self.state

    def _origin(self, card: int) -> str | None:
        """The zone ``card`` lay in before the last change (a card that was hidden glides
        from there, e.g. from the draw pile into the hand)."""
        before = getattr(self, "_last_state", None)
        try:
            return before.where(card) if before is not None else None
        except (KeyError, ValueError, IndexError):
            return None

    def _hold_hand(self, zone: str, before: dict[int, pygame.Rect],
                   zones: dict[str, pygame.Rect]) -> None:
        """Keep the hand's cards where they were while the pointer is over the hand or
        has just left it (the next card stays under the pointer); a card coming in lays
        the hand out anew."""
        area = zones.get(zone)
        near = area is not None and area.inflate(0, 40).collidepoint(self.mouse)
        if area is None or not before or not (near or self._hand_held is not None):
            self._hand_held = None
            return
        hand = [sp for sp in self.layout_obj.sprites if sp.zone == zone]
        if any(sp.card not in before for sp in hand):
            self._hand_held = None
            return
        for sp in hand:
            sp.rect = pygame.Rect(before[sp.card])
        self._hand_held = area.inflate(0, 40)
        self._away = 0.0

    def _release_hand(self, dt: float) -> None:
        """Lay the hand out anew once the pointer has been away from it for a moment."""
        if self._hand_held is None or self.drag is not None:
            return
        if self._hand_held.collidepoint(self.mouse):
            self._away = 0.0
            return
        self._away += dt
        if self._away >= HAND_RELEASE:
            self._hand_held = None
            self._lay_out(animate=True)

    def _build_dialog(self) -> None:
        """The layout's dialog for what is shown now (numbers set in the same dialog
        before are kept)."""
        old = self.dialog
        found = None
        if self.handover_to is None and not self.state.over:
            found = self.layout_obj.dialog(self.view, self.legal, self.viewer)
        if found is None:
            self.dialog = None
            return
        built = self.session.changes
        self.dialog = DialogBox(found, lambda m: self.input_move(m, built=built), self.view,
                                self.cards,
                                self.layout_obj.scale, self.layout_obj.table_rect(self.size),
                                self.refresh)
        if old is not None and old.key == found.key:
            self.dialog.adopt(old)
        self.cards.warmer.sizes_seen({rect.size for rect, _ in self.dialog.picks})

    def offered(self) -> list[Move]:
        """The legal moves the panel and card menus offer (not those of the dialog)."""
        if self.dialog is None or not self.dialog.d.moves:
            return self.legal
        taken = set(self.dialog.d.moves)
        return [m for m in self.legal if m not in taken]

    def refused(self, move: Move, source: Source) -> bool:
        """Is ``move`` refused for where it comes from (:mod:`.sources`)? A bug of the
        table (a seat's move from anything but its own input or answer) is logged,
        counted in :attr:`seat_violations` and raised where :attr:`strict` is set; a
        person's stale input is said on the table."""
        why = refusal(self.session, self.humans, self.computers.seats, move, source)
        if why is None:
            return False
        if why.bug:
            self.seat_violations += 1
            LOG.error("refused %r from %r: %s", move, source, why.reason)
            if self.strict:
                raise AssertionError(f"{why.reason} ({move!r} from {source!r})")
        if isinstance(source, PersonInput):
            self.toast.show(why.reason[:1].upper() + why.reason[1:] + ".")
        return True

    # -- moves: accepted here, landed by the scheduler ------------------------------------
    def input_move(self, move: Move, held: tuple[int, pygame.Rect] | None = None,
                   built: int | None = None) -> bool:
        """Accept ``move`` from the input of the person in front of the screen, made on
        what the table showed (``built``: the position the control was made for);
        ``held``: the dropped card and where it was let go. Returns False when refused."""
        return self.scheduler.accept(
            move, PersonInput(self.viewer, self.shown_changes, built), held)

    def play(self, move: Move, held: tuple[int, pygame.Rect] | None = None) -> bool:
        """The person in front of the screen makes ``move`` on the position as it is now
        (tools and tests; the table's own input goes through :meth:`input_move`)."""
        self.land_now()
        return self.scheduler.accept(move, PersonInput(self.viewer, self.model.changes),
                                     held)

    def play_answer(self, answer: Answer) -> bool:
        """Accept a computer seat's answer."""
        return self.scheduler.accept(answer.move, ComputerAnswer(answer))

    @property
    def landing(self) -> Move | None:
        """The move accepted and not yet played, if any."""
        return self.scheduler.landing

    def land_now(self) -> bool:
        """Play the accepted move now (before anything that acts on the position)."""
        return self.scheduler.land_now()

    @property
    def landed(self) -> int:
        return self.scheduler.landed

    @property
    def landed_in(self) -> float:
        return self.scheduler.landed_in

    # -- what the pointer asks of the table (:class:`~.pointer.PointerTable`) -----------
    @property
    def gestures(self):
        return self.kit.gestures

    def say(self, message: str) -> None:
        self.toast.show(message)

    def describe(self, move: Move) -> str:
        return self.game.text.describe(self.state, move)

    # -- what the scheduler asks of the table (:class:`~.landing.Landable`) ---------------
    @property
    def between_frames(self) -> bool:
        return getattr(self.app, "between_frames", False)

    def known_legal(self, move: Move) -> bool:
        return move.seat not in self.humans or move in self.legal

    def answer_due(self) -> bool:
        pace = self.app.ai_delay
        return self.drag is None and self.ai_wait >= pace and \
            not (pace and self.motion.glides) and not self.painting

    def awaits_computer(self) -> bool:
        return not self.state.over and self.handover_to is None

    def say_computer_problem(self) -> None:
        """Show why a computer seat's move was a random one (once)."""
        if self.computers.problem:
            self.toast.show(self.computers.problem)
            self.computers.problem = ""

    def play_now(self, move: Move, source: Source) -> bool:
        """Play ``move`` from ``source`` and refresh the table (:meth:`input_move` and
        :meth:`play_answer` accept a move and land it here, between frames when they
        can). A computer's answer the rules refuse is replaced by its seat's own
        player's move (:meth:`ComputerSeats.fallback`)."""
        if self.refused(move, source):
            return False
        note = None
        if self.narration is not None and move.seat in self.humans and not self.model.remote:
            note = self.narration.value.strip() or None
        before = self.state
        try:
            self.model.play(move, note=note)
        except IllegalMove as exc:
            if isinstance(source, ComputerAnswer):
                computers = self.computers
                computers.illegal_answers += not source.answer.fallback
                instead = computers.fallback(source.answer.question,
                                             f"its move was not legal: {exc.reason}")
                self.say_computer_problem()
                return instead is not None and not source.answer.fallback and \
                    self.play_now(instead.move, ComputerAnswer(instead))
            self.toast.show(exc.reason)
            return False
        if note:
            self.narration.value = ""
        if self.model.pending is not None:
            self._hold_pending(move)  # sent to the server: not played yet
        self.ai_wait = 0.0
        if isinstance(source, PersonInput):
            self.cue("drop")
        if move.seat == self.viewer and isinstance(move.card, int) and \
                before.where(move.card) == self.layout_obj.hand_zone(self.viewer):
            self._hand_held = self.layout_obj.zones.get(self.layout_obj.hand_zone(self.viewer))
        self.refresh()
        if move.seat not in self.humans or move.seat != self.viewer:
            self._show_move(before, move)
        return True

    def layout(self, size: tuple[int, int]) -> None:
        # a window of a new size shows the last size's picture until the new one is
        # painted, between frames (see ``painting.py``): the table is laid out for it
        # there too, not in the frame in which the window changed size (the last layout
        # matches the picture shown meanwhile)
        painted = self.renderer.paint_size
        resized = painted is not None and painted != size
        self.land_now()
        self.renderer.forget_shown()
        self.computers.mods = self.app.use_mods and not self.model.remote  # (shipped)
        self.computers.start()
        self.motion.speed = self.app.settings.speed
        self.size = size
        scale = self.layout_obj.scale = self.layout_obj.scale_for(size)
        self._place_tools(size, scale)
        if self._pending_warnings:
            self.toast.show(" ".join(self._pending_warnings), theme.ACCENT, 6)
            self._pending_warnings = []
        if resized:
            self._refresh_due = True
        else:
            self.refresh(animate=False)

    def lay_out_now(self) -> None:
        """What a new window size or a table just opened leaves for the time between
        frames, done now: the layout for the new size (see :meth:`layout`) and the log
        (see :meth:`refresh`). The painting does it before it paints; tools and tests
        that read the layout without running frames call it."""
        if self._refresh_due:
            self.refresh(animate=False)
        if self._log_due:
            self._build_log()

    def undo(self) -> None:
        if self._undo_online():
            return
        self.land_now()
        self.motion.stop()
        self.computers.cancel()
        self.scheduler.drop_answer()
        if self.model.undo(people_only=bool(self.computers.seats)):
            self.toast.show("Move taken back.", theme.GOOD, 1.5)
        elif self.session.moves:
            self.toast.show("That move showed hidden cards (a draw or a reveal); it cannot "
                            "be taken back.")
        self.ai_wait = -1.0
        self.refresh()

    def redo(self) -> None:
        self.land_now()
        self.computers.cancel()
        self.scheduler.drop_answer()
        if self.model.redo(people_only=bool(self.computers.seats)):
            self.refresh()

    def to_menu(self) -> None:
        self.on_quit()
        self.app.go_home()

    def take_seat(self) -> None:
        self.model.take_seat()
        self.refresh(animate=False)

    def update(self, dt: float) -> None:
        self.frame_ticks = pygame.time.get_ticks()  # what this frame shows is as of now
        self.scheduler.land_late()
        self._take_remote()
        self.writes.check()
        self._check_messages()
        if not self.painting:  # cards glide once the picture shows where they go
            self.motion.update(dt)
        self._release_hand(dt)
        self.ai_wait += dt
        if self.state.over or self.handover_to is not None:
            return
        self._poll_hint()
        self.scheduler.take_answer_in_frame()  # else read between frames (``spare``)

    def dismiss_gameover(self) -> None:
        self._gameover_buttons = []
        self._review = True
