"""The card browser: every card of a game as its face, searched and filtered, each shown
large with its file and line and its problems (:mod:`.scene`, :mod:`.large`; the list
itself, without pygame: :mod:`.model`)."""

from __future__ import annotations

from .scene import CardBrowser

__all__ = ["CardBrowser"]
