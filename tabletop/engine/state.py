"""The plain-data game state shared by every game.

A state holds card *instances* (small integers) in named zones; what each instance is
lives in the shared, immutable ``cards`` tuple. Everything else is plain containers
of ints and strings, so a state copies in microseconds with :meth:`State.copy`: the
lists, sets and dicts are copied one level deep, card definitions are shared.

Zone names are ``base`` or ``base.seat`` (``hand.0`` is seat 0's hand). The game
declares, for each base name, who may see the cards there (:class:`ZoneSpec`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import copying
from . import rng as _rng
from .cards import CardDef
from .copying import COPIED, EMPTY, SHARED, ZONES

#: The instance number that stands for a card the viewer cannot see.
HIDDEN = -1


@dataclass(frozen=True)
class ZoneSpec:
    """How a zone behaves: who sees it, and how it is laid out.

    visibility: ``public`` (everyone), ``owner`` (the seat in the zone name), ``hidden``
    (no one, e.g. a draw pile) or ``unordered`` (everyone knows which cards are there but
    not their order, e.g. the deck a player built). ``layout``: ``pile`` (stacked), ``row``
    (spread; for rows with ``newest_left`` the newest card is at index 0) or ``hand``.
    ``holds``: the card kinds a hidden slot of this zone can hold (empty: any), so that
    sampling hidden cards (:mod:`.hidden`) puts only possible cards there.
    """

    label: str
    visibility: str = "public"
    layout: str = "row"
    newest_left: bool = False
    holds: tuple[str, ...] = ()


def zone_owner(name: str) -> int | None:
    base, _, seat = name.partition(".")
    return int(seat) if seat.isdigit() else None


def zone_base(name: str) -> str:
    return name.partition(".")[0]


class State:
    """Base state: zones, card flags, counters, turn bookkeeping, RNG, events.

    Subclasses declare their own fields in ``COPYING``; :meth:`copy` is generated.
    """

    #: every field and how :meth:`copy` treats it (:mod:`.copying`); a subclass
    #: declares its own fields the same way and takes ``__slots__`` from them
    COPYING = {
        "cards": SHARED, "zones": ZONES, "rng": SHARED, "seats": SHARED,
        "current": SHARED, "actor": SHARED, "phase": SHARED, "turn": SHARED,
        "facedown": COPIED, "turned": COPIED, "attached": COPIED, "counters": COPIED,
        "winners": SHARED, "over": SHARED, "reveals": SHARED, "events": EMPTY,
        "options": SHARED, "eliminated": COPIED, "tasks": COPIED, "pending": SHARED,
        "ruleset": SHARED,
    }
    __slots__ = tuple(COPYING)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        copying.check_declared(cls)
        if "copy" in cls.__dict__:
            raise TypeError(f"{cls.__name__}.copy is generated from COPYING; "
                            "declare each field's copy rule there instead")
        cls.copy = copying.copier(cls)  # type: ignore[method-assign]

    def __init__(self, cards: tuple[CardDef, ...], seats: int, seed: int,
                 options: dict[str, Any] | None = None) -> None:
        self.cards = cards
        self.zones: dict[str, list[int]] = {}
        self.rng = _rng.seed_state(seed)
        self.seats = seats
        self.current = 0
        self.actor: int | None = 0
        self.phase = "setup"
        self.turn = 0
        self.facedown: set[int] = set()
        self.turned: set[int] = set()
        self.attached: dict[int, int] = {}
        self.counters: dict[tuple, int] = {}
        self.winners: tuple[int, ...] = ()
        self.over = False
        self.reveals = 0
        self.events: list[tuple[str, frozenset | None]] = []
        self.options = options or {}
        self.eliminated: set[int] = set()
        #: the turn model (:mod:`.flow`): rule steps still to run (the next is the last
        #: item) and the decision the rules wait for
        self.tasks: list[tuple] = []
        self.pending = None
        #: the version of the game's rules this game is played under (None: the latest);
        #: a game saved under older rules replays and goes on under them
        self.ruleset: int | None = None

    # -- copying ------------------------------------------------------------------
    def copy(self) -> State:
        """An independent copy (replaced at class creation by the copy generated from
        ``COPYING``: lists, sets and dicts one level deep, card definitions shared)."""
        raise NotImplementedError  # pragma: no cover - replaced below the class

    # -- randomness ---------------------------------------------------------------
    def shuffle(self, items: list) -> None:
        self.rng = _rng.shuffle(self.rng, items)

    def randint(self, n: int) -> int:
        self.rng, v = _rng.below(self.rng, n)
        return v

    # -- cards and zones ----------------------------------------------------------
    def name(self, card: int) -> str:
        return "a hidden card" if card == HIDDEN else self.cards[card].name

    def where(self, card: int) -> str | None:
        for zone, cards in self.zones.items():
            if card in cards:
                return zone
        return None

    def move_card(self, card: int, src: str, dst: str, index: int | None = None) -> None:
        """Move ``card`` from zone ``src`` to ``dst`` (appended, or inserted at ``index``)."""
        self.zones[src].remove(card)
        if index is None:
            self.zones[dst].append(card)
        else:
            self.zones[dst].insert(index, card)

    def draw(self, src: str, dst: str, reshuffle_from: str | None = None) -> int | None:
        """Move the top card (the last item) of ``src`` to ``dst``; None if none is left.

        With ``reshuffle_from`` (a discard pile), an empty ``src`` is first refilled by
        shuffling that pile into it.
        """
        pile = self.zones[src]
        if not pile and reshuffle_from and self.zones[reshuffle_from]:
            self.reshuffle(reshuffle_from, src)
        if not pile:
            return None
        card = pile.pop()
        self.zones[dst].append(card)
        self.reveals += 1
        return card

    def reshuffle(self, src: str, dst: str) -> None:
        """Shuffle every card of ``src`` (e.g. a discard pile) under ``dst``."""
        cards = self.zones[src]
        self.zones[src] = []
        self.facedown.difference_update(cards)
        self.turned.difference_update(cards)
        self.shuffle(cards)
        self.zones[dst][:0] = cards

    def place(self, card: int, zone: str, newest_left: bool = False) -> None:
        """Add ``card`` to a row: at the left end for rows where the newest goes left."""
        if newest_left:
            self.zones[zone].insert(0, card)
        else:
            self.zones[zone].append(card)

    # -- seats (clockwise order is increasing seat number) --------------------------------
    def alive_seats(self) -> list[int]:
        return [s for s in range(self.seats) if s not in self.eliminated]

    def left_of(self, seat: int) -> int:
        """The next seat clockwise (to the left) still in the game."""
        for step in range(1, self.seats + 1):
            nxt = (seat + step) % self.seats
            if nxt not in self.eliminated:
                return nxt
        return seat

    def right_of(self, seat: int) -> int:
        """The previous seat clockwise (to the right) still in the game."""
        for step in range(1, self.seats + 1):
            prev = (seat - step) % self.seats
            if prev not in self.eliminated:
                return prev
        return seat

    def order_from(self, seat: int) -> list[int]:
        """Seats still in the game, clockwise starting with ``seat``."""
        order = [*range(seat, self.seats), *range(seat)]
        eliminated = self.eliminated
        return [s for s in order if s not in eliminated] if eliminated else order

    # -- log ----------------------------------------------------------------------
    def say(self, text: str, only: frozenset | set | None = None) -> None:
        """Add a line to this move's log; ``only`` limits who may read it (seats)."""
        self.events.append((text, frozenset(only) if only is not None else None))

    # -- counters -----------------------------------------------------------------
    def count(self, key: tuple, default: int = 0) -> int:
        return self.counters.get(key, default)

    def all_cards(self) -> list[int]:
        out: list[int] = []
        for cards in self.zones.values():
            out.extend(cards)
        return out


copying.check_declared(State)
State.copy = copying.copier(State)  # type: ignore[method-assign]
