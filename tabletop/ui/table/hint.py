"""Hints and the computer's thinking, on the table.

The Hint button (key H) on a human's turn asks the search, in the computer players'
worker and from that seat's view alone, what it would play within the Normal budget;
the table then rings the card to play and its target, and the message strip (under the
panel's buttons, so that the hint arriving moves no button: a click on its way would
land on another) says the move, its estimated chance to win and the runner-up, with how
sure the search is that the runner-up is worse, in a sentence (:func:`runner_up_sentence`). While a
computer seat thinks, a bar under the status fills as its level's work is done.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine.moves import Move
from ...engine.pack import unpack_move

#: how many standard errors make the hint "sure", and "fairly sure", that the runner-up
#: is worse
SURE, FAIRLY_SURE = 2.0, 1.0


def runner_up_sentence(hint: Hint) -> str:
    """Why the runner-up is worse, and how sure the search is of it, in a sentence: from
    the sampled deals both moves were tried in (the same deals and luck for both)."""
    deals = f"{hint.worlds} sampled deal{'s' if hint.worlds != 1 else ''}"
    points = round(hint.margin * 100)
    if hint.worlds < 2 or hint.sure < FAIRLY_SURE or points <= 0:
        return f"About as good: over the {deals} both were tried in, neither did " \
               "clearly better."
    how = "Clearly worse" if hint.sure >= SURE else "Probably worse"
    return f"{how}: over the same {deals} it scored {points} point" \
           f"{'s' if points != 1 else ''} lower on average."


@dataclass(frozen=True)
class Hint:
    """A hint for the position named by the session's ``changes``."""

    changes: int
    move: Move
    #: the estimated chance to win (calibrated: engine.calibration); None for the only
    #: legal move
    value: float | None
    runner_up: Move | None
    runner_up_value: float
    #: the move against the runner-up in the sampled deals both were tried in: how many,
    #: the mean difference of their scores (0-1) and that in standard errors
    worlds: int = 0
    margin: float = 0.0
    sure: float = 0.0


class TableHints:
    """Hints and the thinking bar of :class:`~tabletop.ui.table.scene.TableScene` (a
    mixin: what they say and where; the renderer draws them, :mod:`.overlays`)."""

    hint: Hint | None = None
    hint_waiting = False
    #: the bottom of the status box, as the panel was last laid out
    status_bottom = 0

    def can_hint(self) -> bool:
        return bool(self.legal) and self.handover_to is None and not self.state.over

    def ask_hint(self) -> None:
        """What would the computer play here? (Asked of the worker; shown when it comes.)"""
        if not self.can_hint() or self.hint_waiting:
            return
        self.hint = None
        self.hint_waiting = True
        self.computers.ask_hint(self.viewer)
        self._hint_changed()

    def _poll_hint(self) -> None:
        if not self.hint_waiting:
            return
        reply = self.computers.take_hint()
        if reply is None and self.computers.hint_awaited:
            return
        self.hint_waiting = False
        self._hint_changed()
        if reply is None:
            return  # the position changed: that hint is not wanted
        if reply.error or reply.move not in self.legal:
            self.toast.show(f"No hint this time ({reply.error or 'its move was not legal'}).")
            return
        d = reply.details
        runner = d.get("runner_up")
        value = d.get("value")  # (none for the only legal move: nothing was weighed)
        self.hint = Hint(reply.question.changes, reply.move,
                         None if value is None else float(value),
                         unpack_move(runner) if runner else None,
                         float(d.get("runner_up_value", 0.0)), int(d.get("worlds", 0)),
                         float(d.get("margin", 0.0)), float(d.get("sure", 0.0)))
        self._hint_changed()

    def _hint_changed(self) -> None:
        """The status box grows or shrinks: the panel's buttons move."""
        self._build_buttons()
        self.invalidate()

    def _hint_current(self) -> Hint | None:
        hint = self.hint
        if hint is not None and (hint.changes != self.session.changes or not self.legal):
            self.hint = hint = None
        return hint

    def hint_lines(self) -> list[str]:
        """What the hint box says."""
        if self.hint_waiting:
            return ["Thinking about a hint\u2026"]
        hint = self._hint_current()
        if hint is None:
            return []
        describe = self.game.text.describe
        s = self.state
        outcome = "Estimated outcome" if self.game.info.mode == "coop" else \
            "Estimated chance to win"
        if hint.value is None:
            return [f"Hint: {describe(s, hint.move)}", "It is the only move you can make."]
        lines = [f"Hint: {describe(s, hint.move)}",
                 f"{outcome}: {hint.value:.0%}"]
        if hint.runner_up is not None and hint.runner_up in self.legal and \
                describe(s, hint.runner_up) != describe(s, hint.move):  # not another copy
            lines.append(f"Next best: {describe(s, hint.runner_up)}. "
                         + runner_up_sentence(hint))
        return lines

    def hint_rects(self) -> list[pygame.Rect]:
        """Where the hinted move is on the table: its card, its target, or its button."""
        hint = self._hint_current()
        if hint is None:
            return []
        m = hint.move
        rects = []
        for thing in (m.card, m.target):
            if isinstance(thing, int):
                sprite = self.pointer.sprite_of(thing)
                if sprite is not None:
                    rects.append(sprite.rect)
            elif isinstance(thing, str) and thing in self.layout_obj.zones:
                rects.append(self.layout_obj.zones[thing])
        label = self.game.text.describe(self.state, m)
        rects.extend(b.rect for b in self.buttons if b.label == label)
        return rects

    def thinking(self) -> tuple[pygame.Rect, float | None] | None:
        """Where the thinking bar is and how full (None: a pulse), or None: no computer
        is thinking."""
        if not self.computers.thinking or self.state.over:
            return None
        return pygame.Rect(self.panel_rect.left + 22, self.status_bottom - 12,
                           self.panel_rect.w - 44, 4), self.computers.thinking_share()
