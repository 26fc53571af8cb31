"""The game as a story: what "Save the log" writes at the end of Hero vs Nemesis.

Only what both players saw goes in (public log lines, never a hidden card), with the
players' own lines of narration quoted where they typed them, one section per turn.
"""

from __future__ import annotations

import textwrap

from .state import LOSSES

WIDTH = 88


def _para(text: str, indent: str = "") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent) or [""]


def story(session) -> str:
    names = [seat.name for seat in session.seats]
    first = session.states[0]
    final = session.state
    out = ["HERO VS NEMESIS", "=" * 15, ""]
    out += _para(f"{names[0]} is the hero; {names[1]} is the nemesis.")
    if final.lost >= 0:
        lost = f"The nemesis lost their {LOSSES[final.lost]} because of the hero."
        for i, move in enumerate(session.moves):
            if move.kind == "lost" and session.notes.get(i + 1):
                lost += (" Written on a card for the hero to see: "
                         f"\u201c{session.notes[i + 1]}\u201d")
        out += _para(lost)
    out.append("")
    lines = [text for text, only in first.events if only is None]
    out += [line for text in lines for line in _para(text)]
    for i, move in enumerate(session.moves):
        after = session.states[i + 1]
        note = session.notes.get(i + 1)
        if note and move.kind != "lost":
            out += _para(f"{names[move.seat]}: \u201c{note}\u201d", "  ")
        for text, only in after.events:
            if only is not None:
                continue
            if text.startswith("Turn "):
                out += ["", text.upper(), ""]
            else:
                out += _para(text, "  ")
    out += ["", "THE END", ""]
    if final.over:
        out += _para(final.result)
    else:
        out += _para("(The story stops here: the game is not over.)")
    return "\n".join(out).rstrip() + "\n"
