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
once per message, size and width (ahead, between frames, when there is time), by the
renderer (:mod:`.overlays`); what the strip says and where it lies are the side panel's
(:mod:`.sidepanel`). This module measures it.
"""

from __future__ import annotations

from .. import text

#: the messages' text sizes, the first that fits the panel's room (and line spacing)
SIZES = (14, 13, 12)
SIZE = SIZES[0]
GAP = 1.25
#: room round a message's text inside its frame, and between two messages
PAD = 8
SPACE = 4


def message_h(message: str, width: int, size: int) -> int:
    """The height of ``message``'s frame at ``width`` with text of ``size``."""
    return text.height_of(message, width - 2 * PAD - 4, size, "bold", GAP) + 2 * PAD


def two_lines() -> int:
    """The height the strip keeps at a table with computer seats: two lines'."""
    return 2 * text.step_of(SIZE, "bold", GAP) + 2 * PAD
