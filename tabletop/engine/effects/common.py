"""Effects more than one game uses, defined once over the shared primitives."""

from __future__ import annotations

from ..schema import Field, Int
from .registry import effect


def _draw(ctx, e: dict) -> list[int]:
    return ctx.draw(e["count"])


effect("draw",
       {"count": Field(Int(1, 5), required=True, doc="cards to draw")},
       (),
       "The player who played the card draws cards (as many as are left).",
       "{effect: draw, count: 2}",
       run=_draw)
