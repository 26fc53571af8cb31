"""The table's messages, in a place of their own: a strip of the side panel between its
buttons and the log, so that no message covers a control or a card a player must read.

It shows what another player (a computer) just did, framed in that seat's colour, for
the length of the computer's pace (its cards are lit on the table meanwhile), the hint
(its card ringed on the table), and what the table says (a refusal naming the rule, a
save, a warning, a computer player that failed), framed in the message's colour, for its
few seconds. The strip is as tall as
its messages; at a table with computer seats it keeps room for two lines, so that the
log does not jump at every computer move. Where the panel is short of room (a small
window, a panel full of a game's figures) the words are set a little smaller (12 px at
least), and the log gives up its room while a message is shown. Its pictures are painted
once per message, size and width (ahead, between frames, when there is time).
"""

from __future__ import annotations

import pygame

from .. import pictures, text, theme
from .hint import HINT_COLOR

#: the messages' text sizes, the first that fits the panel's room (and line spacing)
SIZES = (14, 13, 12)
SIZE = SIZES[0]
GAP = 1.25
#: room round a message's text inside its frame, and between two messages
PAD = 8
SPACE = 4


class TableMessages:
    """The message strip of :class:`~tabletop.ui.table.scene.TableScene` (a mixin)."""

    #: where the strip is (laid out with the panel's buttons)
    message_rect = pygame.Rect(0, 0, 0, 0)
    #: the messages the strip was laid out for
    _laid_messages: tuple = ()
    #: (message, colour, width, size) -> its picture
    _message_pics: dict | None = None
    #: the text size the strip was laid out with
    _message_size = SIZE

    def messages(self) -> tuple[tuple[str, tuple], ...]:
        """The messages to show now: another player's move, the hint, then the table's
        word."""
        spot = self.motion.spot
        if spot is None and self.hint is None and not self.hint_waiting and \
                not self.toast.active:
            return ()  # most frames: asked several times a frame, answered at once
        out = []
        if spot is not None and not self.state.over and self.handover_to is None:
            out.append((spot.caption, tuple(theme.seat_color(spot.seat))))
        hint = self.hint_lines() if self.handover_to is None else []
        if hint:
            out.append(("\n".join(hint), HINT_COLOR))
        if self.toast.active:
            out.append((self.toast.message, tuple(self.toast.color)))
        return tuple(out)

    def message_height(self, width: int, messages: tuple | None = None,
                       room: int | None = None) -> int:
        """The strip's height at ``width`` for ``messages`` (default: those now), with
        the largest text size whose messages fit ``room`` (chosen for the strip). Measured,
        not painted: it is asked in the frame a message comes."""
        messages = self.messages() if messages is None else messages
        for size in SIZES:
            h = sum(self._message_h(m, width, size) for m, _ in messages) + \
                SPACE * max(0, len(messages) - 1)
            if room is None or h <= room:
                break
        self._message_size = size
        if self.computers.seats:
            h = max(h, self._two_lines())
        return h if room is None else min(h, max(room, 0))

    @staticmethod
    def _message_h(message: str, width: int, size: int) -> int:
        return text.height_of(message, width - 2 * PAD - 4, size, "bold", GAP) + 2 * PAD

    def _two_lines(self) -> int:
        return 2 * text.step_of(SIZE, "bold", GAP) + 2 * PAD

    def _message_picture(self, message: str, color: tuple, width: int,
                         size: int | None = None) -> pygame.Surface:
        """A message in its frame, painted once per message, colour, width and size."""
        if self._message_pics is None:
            self._message_pics = {}
        size = size or self._message_size
        key = (message, color, width, size)
        pic = self._message_pics.get(key)
        if pic is None:
            if len(self._message_pics) > 24:
                self._message_pics.clear()
            inner = width - 2 * PAD - 4
            h = self._message_h(message, width, size)
            pic = pygame.Surface((width, h), pygame.SRCALPHA)
            pic.blit(pictures.box((width, h), (12, 14, 18, 240), color, 2, 8), (0, 0))
            text.draw(pic, message, pygame.Rect(PAD + 2, PAD, inner, h - 2 * PAD), size,
                      theme.TEXT, "bold", wrap=True, line_gap=GAP, valign="middle")
            self._message_pics[key] = pic
        return pic

    def _messages_ahead(self) -> None:
        """Paint the pictures of the messages now (between frames)."""
        for message, color in self.messages():
            self._message_picture(message, color, self.message_rect.w)

    def _check_messages(self) -> None:
        """In a frame: a message came or went: the strip and the log under it are placed
        again (measured, not painted; the buttons above them stay as they are)."""
        now = self.messages()
        if now != self._laid_messages:
            self._place_log()

    def _draw_messages(self, surf) -> None:
        y = self.message_rect.top
        for message, color in self.messages():
            pic = self._message_picture(message, color, self.message_rect.w)
            surf.blit(pic, (self.message_rect.left, y))
            y += pic.get_height() + SPACE

    def message_marks(self) -> list[pygame.Rect]:
        """Where the strip draws over the picture this frame."""
        return [self.message_rect] if self.messages() else []
