"""New card data for a game in progress (hot reload): can the game take it?

The move log is the truth of a game (:mod:`.session`), so a game takes new card data by
being set up again from the same seed, options, seats and position with the new cards and
replaying the same moves. That works when the game holds the same cards (the same card
instances, so shuffles and deals come out the same) and every move is still legal: texts,
numbers and pictures change in place, and the states (health, totals...) are those the new
numbers give. A change of the cards the game holds (a card added, removed, or its copies
changed) or a move the new numbers refuse cannot be taken: the game can then restart from
the same seed and seats. Either way the session's catalog is the data its states come
from, so the fingerprint a save records stays honest.

:func:`refit_session` is pure and may run in a thread; :class:`Snapshot` is what it reads of a
live session (taken in one go, so the frame may go on playing meanwhile).
:func:`referencing` says which catalogs a changed picture touches, and
:func:`distinct_problems` shows a problem several games report (a file they all read) once.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .cards import CardError, Catalog
from .game import Game
from .info import SeatConfig
from .moves import IllegalMove, Move
from .session import Session

#: what a set-up with cards that do not fit raises
SETUP_ERRORS = (KeyError, TypeError, ValueError, AttributeError, IndexError)


@dataclass(frozen=True)
class Snapshot:
    """The parts of a session a refit needs (plain values, copied at once)."""

    game: Game
    catalog: Catalog
    options: dict[str, Any]
    seed: int
    seats: tuple[SeatConfig, ...]
    position: dict | None
    ruleset: int
    held: tuple[str, ...]
    moves: tuple[Move, ...]

    @classmethod
    def of(cls, session: Session) -> Snapshot:
        return cls(session.game, session.catalog, dict(session.options), session.seed,
                   tuple(session.seats), session.position, session.ruleset,
                   tuple(c.id for c in session.states[0].cards), tuple(session.moves))


@dataclass(frozen=True)
class Refit:
    """The game replayed with new cards (``session``), or why it cannot be (``reason``)."""

    moves: tuple[Move, ...]
    session: Session | None
    reason: str = ""
    #: ids of the cards whose data changed (names, texts, numbers, art)
    changed: tuple[str, ...] = ()


def changed_cards(old: Catalog, new: Catalog) -> tuple[str, ...]:
    """Ids of cards in both catalogs whose definition differs."""
    out = []
    for card_id, card in new.cards.items():
        before = old.cards.get(card_id)
        if before is not None and (before.kind, before.name, before.data) != \
                (card.kind, card.name, card.data):
            out.append(card_id)
    return tuple(sorted(out))


def _names(ids: Counter, catalog: Catalog) -> str:
    shown = []
    for card_id, count in sorted(ids.items()):
        name = catalog.cards[card_id].name if card_id in catalog.cards else card_id
        shown.append(f"{name} \u00d7{count}" if count > 1 else name)
    return ", ".join(shown[:6]) + (f" and {len(shown) - 6} more" if len(shown) > 6 else "")


def held_difference(before: tuple[str, ...], after: tuple[str, ...], old: Catalog,
                    new: Catalog) -> str:
    """Which held cards the new data adds or takes away ("" when the same)."""
    added, removed = Counter(after) - Counter(before), Counter(before) - Counter(after)
    parts = []
    if added:
        parts.append("adds " + _names(added, new))
    if removed:
        parts.append("takes away " + _names(removed, old))
    if not parts and before != after:
        parts.append("changes the order in which the game deals its cards (a card's kind "
                     "changed)")
    return "; ".join(parts)


def refit_session(snap: Snapshot, catalog: Catalog) -> Refit:
    """Replay ``snap``'s game with ``catalog``'s cards (see the module docstring)."""
    changed = changed_cards(snap.catalog, catalog)
    try:
        session = Session(snap.game, catalog, snap.options, snap.seed, list(snap.seats),
                          position=snap.position, ruleset=snap.ruleset)
    except SETUP_ERRORS as exc:
        return Refit(snap.moves, None, f"the game cannot be set up with the new cards: "
                                       f"{exc}", changed)
    held = tuple(c.id for c in session.states[0].cards)
    difference = held_difference(snap.held, held, snap.catalog, catalog)
    if difference:
        return Refit(snap.moves, None, f"the new card data {difference}, and this game "
                                       "holds those cards", changed)
    return replay(session, snap.moves, changed)


def replay(session: Session, moves, changed: tuple[str, ...] = (),
           start: int = 0) -> Refit:
    """Play ``moves`` on ``session``; a refused move ends it with the reason."""
    for number, move in enumerate(moves, start=start + 1):
        try:
            session.play(move)
        except IllegalMove as exc:
            return Refit(tuple(moves), None, f"move {number} is not legal with the new "
                                             f"cards: {exc.reason}", changed)
    return Refit(tuple(moves), session, "", changed)


def referencing(catalogs: Mapping[str, Catalog], paths: Iterable[str]) -> set[str]:
    """The games whose cards name one of ``paths`` (absolute) or a file in a folder among
    them (:attr:`Catalog.references`: found or missing, so a picture that comes is seen)."""
    paths = list(paths)
    folders = tuple(p.rstrip(os.sep) + os.sep for p in paths)
    found = set()
    for gid, catalog in catalogs.items():
        refs = catalog.references
        if refs and (any(p in refs for p in paths)
                     or any(r.startswith(folders) for r in refs)):
            found.add(gid)
    return found


def distinct_problems(by_game: Mapping[str, Iterable[CardError]]
                      ) -> list[tuple[CardError, tuple[str, ...]]]:
    """Each problem once, in the order met, with the games that report it: a file several
    games read (a shared set; a mod file without ``game:``, or broken before it is read) is
    reported by each. The same problem is the same text (file, line, column, card, field
    and message), as ``tabletop validate`` prints it once."""
    seen: dict[str, tuple[CardError, list[str]]] = {}
    for gid, errors in by_game.items():
        for error in errors:
            games = seen.setdefault(str(error), (error, []))[1]
            if gid not in games:
                games.append(gid)
    return [(error, tuple(games)) for error, games in seen.values()]
