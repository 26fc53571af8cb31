"""The task queue that runs the automatic parts of a turn.

The rules are the player's opponent: after each move, :func:`run` works through
``state.tasks`` (small tuples such as ``("enter", why)``) until the queue is empty (the
player's step 6) or a task needs a decision (``state.pending`` is set; the player's next
move answers it and the queue resumes). Handlers register with :func:`task` in
:mod:`.steps` and :mod:`.effects`, and write log lines saying what the game did and why.
"""

from __future__ import annotations

from collections.abc import Callable

from .state import SoloState

Handler = Callable[[SoloState, tuple], None]
HANDLERS: dict[str, Handler] = {}

#: who may read a log line that names cards in the player's hand or deck
PRIVATE = frozenset({0})


def task(name: str) -> Callable[[Handler], Handler]:
    def deco(fn: Handler) -> Handler:
        HANDLERS[name] = fn
        return fn
    return deco


def run(s: SoloState) -> None:
    """Work through the queued tasks until a decision is needed or the queue is empty."""
    tasks = s.tasks
    while tasks and s.pending is None and not s.over:
        item = tasks.pop(0)
        HANDLERS[item[0]](s, item)


def push(s: SoloState, *items: tuple) -> None:
    """Queue ``items`` to run next (before what was already queued), in order."""
    if items:
        s.tasks[0:0] = items


def names(s: SoloState, cards) -> str:
    """'A', 'A and B', 'A, B and C'."""
    words = [s.name(c) for c in cards]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def game_over(s: SoloState, won: bool, text: str) -> None:
    s.over = True
    s.phase = "over"
    s.winners = (0,) if won else ()
    s.actor = None
    s.pending = None
    s.tasks = []
    s.result = text
    s.say(text)
