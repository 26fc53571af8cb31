"""One headless game, watched through the engine's API only (no game's own code).

What the lab records of a game is worked out from the moves and the zones, the same for
every game:

- a card is **drawn** by a seat when it comes into a zone laid out as a hand
  (``ZoneSpec.layout == "hand"``) of that seat, the deal included;
- a card is **played** by a seat when a move of that seat names it (``Move.card``) while
  it is in a hand: put into play from the hand (declaring a power of a character already
  on the table, or buying from a row, is not playing it);
- a card is **held** by a seat when the game ends with it in one of that seat's zones
  that the game's record names as what a seat holds (``Game.holdings``: its hand, deck,
  team...).

A zone without a seat number belongs to the seat of a one-seat game; in a game of
several seats, to the seat whose move brought the card there.
"""

from __future__ import annotations

from typing import Any

from ..engine.cards import Catalog
from ..engine.players import player_by_name
from ..engine.rng import Rng
from ..engine.state import State, zone_base, zone_owner

#: the longest game the lab plays before calling it unfinished
MAX_MOVES = 20_000


class Watcher:
    """Collects what each seat drew and played during one game (see the module doc)."""

    def __init__(self, game, state: State) -> None:
        self.rules = game.rules
        self.holdings = set(game.holdings)
        self.seats = state.seats
        self._hands: dict[str, bool] = {}
        self.drawn: list[set[str]] = [set() for _ in range(state.seats)]
        self.played: list[set[str]] = [set() for _ in range(state.seats)]
        for name, cards in state.zones.items():
            if self.is_hand(name):
                owner = self.owner(name, None)
                if owner is not None:
                    self.drawn[owner].update(state.cards[c].id for c in cards if c >= 0)

    def is_hand(self, name: str) -> bool:
        found = self._hands.get(name)
        if found is None:
            spec = self.rules.zones.get(zone_base(name))
            found = self._hands[name] = spec is not None and spec.layout == "hand"
        return found

    def owner(self, name: str, mover: int | None) -> int | None:
        seat = zone_owner(name)
        if seat is not None:
            return seat
        return 0 if self.seats == 1 else mover

    def see(self, before: State, move, after: State) -> None:
        card = move.card
        if isinstance(card, int) and card >= 0 and move.seat is not None:
            for name, cards in before.zones.items():
                if card in cards:
                    if self.is_hand(name):
                        self.played[move.seat].add(before.cards[card].id)
                    break
        for name, cards in after.zones.items():
            if not self.is_hand(name):
                continue
            old = before.zones.get(name, ())
            if len(cards) == len(old) and cards == old:
                continue
            owner = self.owner(name, move.seat)
            if owner is None:
                continue
            known = set(old)
            self.drawn[owner].update(after.cards[c].id for c in cards
                                     if c >= 0 and c not in known)

    def held(self, state: State) -> list[list[str]]:
        """Per seat, the ids of the cards in its holdings at the end."""
        out: list[set[str]] = [set() for _ in range(self.seats)]
        for name, cards in state.zones.items():
            base = zone_base(name)
            if (base not in self.holdings) if self.holdings else not self.is_hand(name):
                continue
            owner = self.owner(name, None)
            if owner is not None:
                out[owner].update(state.cards[c].id for c in cards if c >= 0)
        return [sorted(s) for s in out]


def play_game(game, catalog: Catalog, options: dict[str, Any], seed: int,
              players: tuple[str, ...], max_moves: int = MAX_MOVES) -> dict[str, Any]:
    """Play one game from ``seed`` with the named players (one per seat, repeated) and
    return what happened as plain data; a failure is reported, not raised."""
    rules = game.rules
    try:
        state = rules.new_state(catalog, options, seed)
        roster = {s: player_by_name(game, players[s % len(players)])[0]
                  for s in range(state.seats)}
        watcher = Watcher(game, state)
        rng = Rng(seed ^ 0x1AB5EED)
        moves = 0
        while not state.over and moves < max_moves:
            seat = state.actor
            move = roster[seat].choose(rules, rules.view(state, seat), seat, rng)
            new = rules.play(state, move)
            watcher.see(state, move, new)
            state = new
            moves += 1
    except Exception as exc:  # a broken card or rule: reported with its seed, run goes on
        return {"seed": seed, "error": f"{type(exc).__name__}: {exc}"[:300]}
    return {
        "seed": seed,
        "over": state.over,
        "winners": sorted(state.winners),
        "seats": state.seats,
        "moves": moves,
        "turns": state.turn,
        "drawn": [sorted(s) for s in watcher.drawn],
        "played": [sorted(s) for s in watcher.played],
        "held": watcher.held(state),
    }
