"""What an effect handler works on, and the primitives every game's effects share."""

from __future__ import annotations

from typing import Any

from ..flow import decide, push
from ..moves import seat_label
from ..state import State


class EffectContext:
    """The state, the card whose effect runs (``source``), the seat that played or owns
    it and the chosen ``target``; and the shared primitives: move a card, draw, change a
    counter, ask a player (a pending decision). A game subclasses it to name its zones
    and word its log lines."""

    #: where ``draw`` takes cards from and puts them, for ``seat``
    deck_zone = "deck"
    hand_zone = "hand.{seat}"
    #: a discard pile shuffled into an empty deck, if the game does that
    reshuffle_zone: str | None = None

    def __init__(self, state: State, source: int | None, seat: int,
                 target: Any = None) -> None:
        self.state = state
        self.source = source
        self.seat = seat
        self.target = target

    # -- the log --------------------------------------------------------------------------
    def say(self, text: str, only: set[int] | frozenset | None = None) -> None:
        self.state.say(text, only)

    def say_private(self, mine: str, others: str) -> None:
        """A line the seat reads in full and the others read without hidden details."""
        s = self.state
        s.say(mine, only={self.seat})
        rest = set(range(s.seats)) - {self.seat}
        if rest:
            s.say(others, only=rest)

    # -- primitives -----------------------------------------------------------------------
    def zone(self, pattern: str) -> str:
        return pattern.format(seat=self.seat)

    def move(self, card: int, src: str, dst: str, index: int | None = None) -> None:
        self.state.move_card(card, src, dst, index)

    def draw(self, count: int) -> list[int]:
        """Draw up to ``count`` cards for the seat (fewer if the deck runs out); the log
        says what was drawn to the seat and how many to the others."""
        s = self.state
        deck = self.zone(self.deck_zone)
        hand = self.zone(self.hand_zone)
        reshuffle = self.zone(self.reshuffle_zone) if self.reshuffle_zone else None
        drawn = []
        for _ in range(count):
            if reshuffle and not s.zones[deck] and s.zones[reshuffle]:
                self.say_reshuffle()
            card = s.draw(deck, hand, reshuffle_from=reshuffle)
            if card is None:
                break
            drawn.append(card)
        self.report_draw(drawn, count)
        return drawn

    def take(self, count: int, deck_zone: str, hand_zone: str,
             reshuffle_zone: str) -> list[int]:
        """:meth:`draw`'s work written out for the games that draw most (no per-card
        ``State.draw``): up to ``count`` cards from the top of ``deck_zone`` into
        ``hand_zone``, one at a time; an empty deck is refilled by shuffling
        ``reshuffle_zone`` into it (said first, :meth:`say_reshuffle`); none left there:
        fewer. The cards are counted in ``state.reveals``; the caller reports them."""
        s = self.state
        zones = s.zones
        deck = zones[deck_zone]
        hand = zones[hand_zone]
        drawn: list[int] = []
        for _ in range(count):
            if not deck:
                if not zones[reshuffle_zone]:
                    break
                self.say_reshuffle()
                s.reshuffle(reshuffle_zone, deck_zone)
                deck = zones[deck_zone]
            card = deck.pop()
            hand.append(card)
            drawn.append(card)
        s.reveals += len(drawn)
        return drawn

    def say_reshuffle(self) -> None:
        self.say("The deck is empty: the discard pile is shuffled to make a new one")

    def report_draw(self, drawn: list[int], wanted: int) -> None:
        s = self.state
        who = seat_label(self.seat)
        names = ", ".join(s.name(c) for c in drawn)
        n = len(drawn)
        if drawn:
            self.say_private(f"{who} draws {names}",
                             f"{who} draws {n} card{'s' if n != 1 else ''}")
        if n < wanted:
            self.say("The draw pile is empty")

    def add(self, key: tuple, amount: int, floor: int | None = 0) -> int:
        """Change a counter of the state; returns the new value."""
        s = self.state
        value = s.counters.get(key, 0) + amount
        if floor is not None:
            value = max(floor, value)
        s.counters[key] = value
        return value

    def ask(self, kind: str, *data: Any) -> None:
        """Put a question to the seat: a pending decision of the game's ``kind``; the
        queue waits for the answer."""
        decide(self.state, kind, self.seat, *data)

    def then(self, *tasks: tuple) -> None:
        """Queue rule steps to run next (after a decision, if one was asked)."""
        push(self.state, *tasks)
