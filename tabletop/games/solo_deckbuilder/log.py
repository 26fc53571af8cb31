"""How the Solo Deck-Builder words its log: lists of card names, counted nouns, and who
may read a line that names cards in the player's hand or deck."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.state import State

#: who may read a log line that names cards in the player's hand or deck
PRIVATE = frozenset({0})


def names(s: State, cards: Sequence[int]) -> str:
    """'A', 'A and B', 'A, B and C' (the rules name cards they see: no hidden ones)."""
    defs = s.cards
    if len(cards) <= 1:
        return defs[cards[0]].name if cards else ""
    words = [defs[c].name for c in cards]
    return ", ".join(words[:-1]) + " and " + words[-1]


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 card', '2 cards' (or ``many`` for an irregular plural)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"
