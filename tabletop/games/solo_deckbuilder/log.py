"""How the Solo Deck-Builder words its log: lists of card names, counted nouns, and who
may read a line that names cards in the player's hand or deck."""

from __future__ import annotations

from collections.abc import Iterable

from ...engine.state import State

#: who may read a log line that names cards in the player's hand or deck
PRIVATE = frozenset({0})


def names(s: State, cards: Iterable[int]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    words = [s.name(c) for c in cards]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 card', '2 cards' (or ``many`` for an irregular plural)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"
