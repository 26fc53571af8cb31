"""A person at the table: the move they mean is made with the mouse, as a player makes
it, through real (posted) events only; and :class:`Person`, who waits for the table to
offer it a decision, thinks for a while and makes one of the moves offered.

:func:`gesture` finds how the table offers a move (a dialog's card, button or numbers; a
panel button; a card's menu; a drag onto a lit target) and yields between the frames of
doing it; the caller runs a frame at each yield. Nothing here calls the table's own
methods that play moves. The bench plays with it (:mod:`.play`), and so do the tests that
play whole games (``tests/person.py`` re-exports it for ``tests/table_soak.py``).
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Iterator

import pygame

from ..engine.moves import Move

#: frames a gesture waits for something it needs to appear (a menu, a dialog) before it
#: gives up
PATIENCE = 40


def post(event_type, **kw) -> None:
    pygame.event.post(pygame.event.Event(event_type, **kw))


def press(pos) -> Iterator[None]:
    """Move onto ``pos``, press and release the left button there."""
    pos = tuple(int(v) for v in pos)
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    yield
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    yield


def drag(start, end, steps: int = 5) -> Iterator[None]:
    """Press at ``start``, move in a few frames to ``end``, release."""
    start = tuple(int(v) for v in start)
    end = tuple(int(v) for v in end)
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    yield
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0))
        yield
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    yield


def visible_point(scene, sprite) -> tuple[int, int]:
    """A point of ``sprite`` no card drawn over it covers (a fanned hand's cards overlap:
    a person takes a card by the part of it they can see)."""
    sprites = scene.layout_obj.sprites
    above = [sp.rect for sp in sprites[sprites.index(sprite) + 1:]
             if sp.rect.colliderect(sprite.rect)] if sprite in sprites else []
    r = sprite.rect
    for fx in (0.5, 0.3, 0.15, 0.7, 0.85, 0.05, 0.95):
        for fy in (0.5, 0.3, 0.7, 0.15, 0.85):
            point = (r.left + int(r.w * fx), r.top + int(r.h * fy))
            if not any(a.collidepoint(point) for a in above):
                return point
    return r.center


def _menu_entry(scene, move: Move):
    for rect, _, m in scene.menu:
        if m == move:
            return rect
    return None


def _button_for(buttons, label: str):
    return next((b for b in buttons if b.label == label and b.visible and b.enabled), None)


def offered(scene, move: Move) -> str | None:
    """How the table offers ``move`` now ("dialog", "menu", "button", "card menu",
    "drag"), or None when it does not."""
    text = scene.game.text
    box = scene.dialog
    if box is not None and move in box.d.moves:
        return "dialog"
    if _menu_entry(scene, move) is not None:
        return "menu"
    kind = scene.kit.gestures.gesture(move)
    if kind == "button":
        found = _button_for(scene.buttons, text.describe(scene.state, move))
        return "button" if found is not None else None
    if kind == "menu":
        return "card menu" if scene.pointer.sprite_of(move.card) is not None else None
    if kind == "drag":
        return "drag" if _drop_point(scene, move) is not None else None
    return None


def _drop_point(scene, move: Move):
    """(the carrier's sprite, a point where a drop makes ``move`` or opens a menu with
    it), or None."""
    for card in scene.kit.gestures.carriers(move):
        sprite = scene.pointer.sprite_of(card)
        if sprite is None:
            continue
        for rect, m, _ in scene.lit_targets(card):
            if m != move:
                continue
            for fx, fy in ((0.5, 0.5), (0.3, 0.3), (0.7, 0.7), (0.2, 0.8), (0.8, 0.2),
                           (0.1, 0.1), (0.9, 0.9), (0.5, 0.1), (0.5, 0.9)):
                point = (rect.left + int(rect.w * fx), rect.top + int(rect.h * fy))
                if move in scene.pointer.moves_at(card, point):
                    return sprite, point
    return None


def gesture(scene, move: Move) -> Iterator[None]:
    """Make ``move`` with the mouse (see the module docstring); ends when the gesture is
    done or cannot be made (the table no longer offers the move)."""
    how = offered(scene, move)
    if how == "dialog":
        yield from _dialog(scene, move)
    elif how == "menu":
        yield from press(_menu_entry(scene, move).center)
    elif how == "button":
        button = _button_for(scene.buttons, scene.game.text.describe(scene.state, move))
        yield from press(button.rect.center)
    elif how == "card menu":
        yield from press(visible_point(scene, scene.pointer.sprite_of(move.card)))
        yield from _then_menu(scene, move)
    elif how == "drag":
        sprite, point = _drop_point(scene, move)
        yield from drag(visible_point(scene, sprite), point)
        yield from _then_menu(scene, move)


def _then_menu(scene, move: Move) -> Iterator[None]:
    """A menu the last gesture opened: pick ``move`` in it (if it opened)."""
    for _ in range(3):
        rect = _menu_entry(scene, move)
        if rect is not None:
            yield from press(rect.center)
            return
        if scene.landing is not None or scene.session.moves and \
                scene.session.moves[-1] == move:
            return
        yield


def _dialog(scene, move: Move) -> Iterator[None]:
    box = scene.dialog
    for rect, pick in box.picks:
        if pick.move == move:
            yield from press(rect.center)
            return
    for action, button in zip(box.d.actions, box.buttons, strict=False):
        if action.move == move and button.enabled:
            yield from press(button.rect.center)
            return
    if box.d.resolve is not None and box.d.steppers:
        yield from _steppers(scene, move)


def _steppers(scene, move: Move) -> Iterator[None]:
    """Set the dialog's numbers to the values that mean ``move``, then confirm."""
    values = _stepper_values(scene.dialog, move)
    if values is None:
        return
    for i, want in enumerate(values):
        for _ in range(40):
            box = scene.dialog
            if box is None or i >= len(box.d.steppers):
                return
            have = box.d.steppers[i].value
            if have == want:
                break
            minus, plus, _ = next(s for s in box.steps if s[2] == i)
            yield from press((plus if want > have else minus).center)
    box = scene.dialog
    if box is None:
        return
    confirm = next((b for b in box.buttons if b.key == "confirm" and b.enabled), None)
    if confirm is not None and box.move == move:
        yield from press(confirm.rect.center)


def _stepper_values(box, move: Move) -> tuple[int, ...] | None:
    """Values of the dialog's numbers that mean ``move`` (None: none found)."""
    ranges = [range(st.low, st.high + 1) for st in box.d.steppers]
    for values in itertools.islice(itertools.product(*ranges), 20000):
        if box.d.resolve(values)[0] == move:
            return values
    return None


def dismiss(scene) -> Iterator[None]:
    """Close a dialog that only shows something (an OverPower battle's summary)."""
    box = scene.dialog
    if box is None or box.d.moves:
        return
    button = next((b for b in box.buttons if b.enabled), None)
    if button is not None:
        yield from press(button.rect.center)


class Person:
    """A person at seat ``seat`` of the table ``scene``, at a person's pace: it waits
    until the table shows it a decision (its seat to act, no move landing, no card
    dragged, the picture of the position painted, no hand-over screen), thinks for a
    while (``think``: seconds, uniformly in that range), then makes one of the moves the
    table offers (in a random order, the first one offered) with the mouse; a dialog that
    only shows something (an OverPower battle's summary) is dismissed the same way.

    :meth:`before_frame` posts the events of the frame about to run (a step of the gesture
    under way, or the start of a new one); the caller runs the frame after it. Choosing
    is cheap (no computer player runs here): what the person costs a frame is the events
    it posts, as a real person's mouse does.
    """

    def __init__(self, scene, seat: int, rng: random.Random,
                 think: tuple[float, float] = (0.3, 1.0)) -> None:
        self.scene = scene
        self.seat = seat
        self.rng = rng
        self.think = think
        self.doing: Iterator[None] | None = None  # the gesture under way
        self.meant: Move | None = None  # the move of the last gesture
        self.ready_at: float | None = None
        self.gestures = 0
        self._stuck_since: float | None = None
        #: decisions of the person no gesture of the table offered (for 5 s)
        self.unreachable: list[str] = []

    def sees_decision(self) -> bool:
        s = self.scene
        return bool(s.legal) and s.viewer == self.seat and s.landing is None and \
            s.drag is None and not s.painting and s.handover_to is None

    def before_frame(self) -> None:
        if self.doing is not None:
            try:
                next(self.doing)
                return
            except StopIteration:
                self.doing = None
        scene = self.scene
        if scene.state.over:
            return
        box = scene.dialog
        summary = box is not None and box.d.modal and not box.d.moves
        if not summary and not self.sees_decision():
            self.ready_at = None
            return
        now = time.monotonic()
        if self.ready_at is None:
            self.ready_at = now + self.start_thinking(summary)
            return
        if now < self.ready_at:
            return
        self.ready_at = None
        if summary:
            self.doing = dismiss(scene)
            return
        move = self.choose()
        if move is not None:
            self.meant = move
            self.gestures += 1
            self.doing = gesture(scene, move)

    def start_thinking(self, summary: bool) -> float:
        """A decision is shown (``summary``: a dialog that only shows something): how
        long the person thinks before acting (a subclass may also post something now)."""
        return self.rng.uniform(*self.think)

    def choose(self) -> Move | None:
        """One of the moves the table offers now (None: it offers none of them)."""
        scene = self.scene
        legal = list(scene.legal)
        self.rng.shuffle(legal)
        move = next((m for m in legal if offered(scene, m) is not None), None)
        if move is None:
            self._stuck_since = self._stuck_since or time.monotonic()
            if time.monotonic() - self._stuck_since > 5:
                self.unreachable.append(
                    f"{scene.game.info.id}: none of {len(legal)} legal moves offered "
                    f"({scene.game.notation.format_move(scene.state, legal[0])} ...)")
                self._stuck_since = None
            return None
        self._stuck_since = None
        return move
