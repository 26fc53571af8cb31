"""What a table adds when it shows a game held by a server (:mod:`.remote`): the server's
views taken in the frame, a move shown as pending (the dropped card stays where it was
let go until the server answers), other players' moves lit as they come, and the lines
that say who is still to join, who is away and how the connection is."""

from __future__ import annotations

import time

import pygame

from ...engine.moves import Move, seat_label
from .. import theme
from ..widgets import TextInput
from .log import readable

#: the colour of the online table's own lines in the message strip
ONLINE_COLOR = (150, 200, 255)
#: what the chat line says while empty
CHAT_PROMPT = "Say something to the table (Enter)\u2026"
#: seconds a chat line stays in the message strip, and how many show at once
CHAT_SECONDS, CHAT_SHOWN = 20.0, 3
#: the level the computer plays an away seat at
STAND_IN = "normal"


class TableOnline:
    """Mixed into the table (see the module docstring)."""

    #: the card dropped for the move pending on the server, and where it was let go
    _pending_card: tuple[int, pygame.Rect] | None = None
    #: the last card let go (:meth:`glide_from`)
    _last_drop: tuple[int, pygame.Rect] | None = None
    #: chat lines shown: (words, colour, until) (replaced, never changed in place)
    _chat_shown: tuple[tuple[str, tuple, float], ...] = ()

    def open_chat(self) -> None:
        """An online table's line under the status box is its chat (a move's narration
        is not sent online)."""
        self.narration = TextInput((0, 0, 10, 10), "", CHAT_PROMPT, 200,
                                   on_submit=self._say)
        self._chat_shown = ()

    def _say(self, text: str) -> None:
        self.model.say(text)
        self.narration.value = ""

    def _person(self, seat: int) -> str:
        """The name of the person (or computer) at ``seat`` of an online table."""
        return self.model.remote_session.seats[seat].name or seat_label(seat)

    def waiting_word(self, actor: int) -> str:
        """What the table waits for while ``actor``, not a person here, must act."""
        if not self.model.remote:
            return "computer is thinking"
        rs = self.model.remote_session
        if rs.computer[actor]:
            return "the computer is thinking"
        return f"waiting for {self._person(actor)}"

    def _undo_online(self) -> bool:
        """Online, Undo asks the others (True: the table's own undo is not for this)."""
        if not self.model.remote:
            return False
        if self.model.can_undo():
            self.model.ask_undo()
            self.toast.show("Asked the others to let you take back your last move.",
                            ONLINE_COLOR, 3)
        return True

    def online_buttons(self) -> list[tuple[str, object]]:
        """The online table's buttons in the panel: answering a request to take a move
        back; the host letting the computer play an away seat."""
        if not self.model.remote:
            return []
        rs = self.model.remote_session
        out: list[tuple[str, object]] = []
        if rs.undo is not None and rs.seat in rs.undo["waiting"]:
            name = self._person(rs.undo["by"])
            out.append((f"Let {name} take back their move",
                        lambda: self.model.answer_undo(True)))
            out.append(("Keep the move", lambda: self.model.answer_undo(False)))
        if self.model.adjourned:
            return out
        if rs.host == rs.seat and not rs.over:
            out.append(("Adjourn: stop here, and go on later",
                        lambda: self.model.adjourn()))
            for seat in rs.away():
                name = self._person(seat)
                out.append((f"Let the computer play for {name}",
                            lambda s=seat: self.model.hand_to_computer(s, STAND_IN)))
        return out

    def glide_from(self, card: int, rect: pygame.Rect) -> None:
        self._last_drop = (card, pygame.Rect(rect))
        self.motion.from_rect(card, rect)

    def held_card(self) -> tuple[int, pygame.Rect] | None:
        """The dropped card waiting for its move to land, or for the server's answer."""
        return self.scheduler.held_card() or self._pending_card

    def _hold_pending(self, move: Move) -> None:
        """``move`` went to the server: the card dropped for it stays where it was let go
        (not back in its place: the move is not refused, nor yet played)."""
        drop = self._last_drop
        self._last_drop = None
        if drop is not None and drop[0] == move.card:
            self.motion._from.pop(drop[0], None)
            self._pending_card = drop

    def _take_remote(self) -> None:
        """In a frame: what the server sent (never waits). A new view refreshes the
        table; the pending card glides on to where the server put it (back to its place
        when the move was refused)."""
        model = self.model
        if not model.remote:
            return
        moves = len(self.session.moves)
        if model.receive():
            if model.pending is None and self._pending_card is not None:
                self.motion.from_rect(*self._pending_card)
                self._pending_card = None
                if len(self.session.moves) == moves:  # not played: it goes back
                    self.cue("refused")
            for entry in model.others[-3:]:  # (after a rejoin: only the latest)
                caption = readable(entry.text)
                label = seat_label(entry.seat)
                name = self._seat_name(entry.seat)
                if name and caption.startswith(label + " "):
                    caption = f"{name} \u2014 {caption[len(label) + 1:]}"
                self.motion.show(caption, entry.seat, (), (), self.app.ai_delay)
            model.others.clear()
            self.ai_wait = 0.0
            self.refresh()
        for word in model.words:
            self.toast.show(word[:1].upper() + word[1:].rstrip(".") + ".")
        model.words.clear()
        if model.chat:
            now = time.monotonic()
            self._chat_shown = (*self._chat_shown, *(
                (f"{name}: {words}", tuple(theme.seat_color(seat)), now + CHAT_SECONDS)
                for seat, name, words in model.chat))
            model.chat.clear()

    def online_lines(self) -> list[tuple[str, tuple]]:
        """The online table's lines in the message strip (none at one screen)."""
        model = self.model
        if not model.remote:
            return []
        rs = model.remote_session
        out = []
        if model.adjourned:
            return [(f"{model.adjourned} adjourned the game: the server keeps it. Rejoin "
                     "from Play online (or Continue) to go on.", ONLINE_COLOR)]
        status = model.link.status
        if status == "connecting":
            out.append(("Connecting to the table\u2026", ONLINE_COLOR))
        elif status != "connected":
            out.append(("The connection was lost: trying again\u2026 (the game waits on "
                        "the server)", tuple(theme.BAD)))
        if rs.seat < 0 and not rs.over:
            out.append(("Watching: nobody's hidden cards are shown", ONLINE_COLOR))
        waiting = rs.waiting_for()
        if waiting and not rs.over:
            names = ", ".join(self._person(i) for i in waiting)
            out.append((f"Waiting for {names} to join. Code {rs.code}, address "
                        f"{rs.address}", ONLINE_COLOR))
        away = rs.away()
        if away and not rs.over:
            names = ", ".join(self._person(i) for i in away)
            out.append((f"{names}: away (not connected); the game waits for them",
                        tuple(theme.MUTED)))
        if rs.undo is not None and not rs.over:
            name = self._person(rs.undo["by"])
            waiting = ", ".join(self._person(i)
                                for i in rs.undo["waiting"])
            out.append((f"{name} asks to take back their last move; waiting for "
                        f"{waiting}", ONLINE_COLOR))
        if model.pending is not None:
            out.append(("Your move is on its way to the server\u2026", ONLINE_COLOR))
        if self._chat_shown:
            now = time.monotonic()
            self._chat_shown = tuple(c for c in self._chat_shown if c[2] > now)
            out.extend((words, colour) for words, colour, _ in self._chat_shown[-CHAT_SHOWN:])
        return out
