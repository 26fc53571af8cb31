"""How a game speaks to players: refusals, the status line, labels, narration.

Everything here reads states and moves and never changes them; the rules core
(:mod:`.rules`) does not depend on it, so a search or a simulator runs without it. Each
game subclasses :class:`GameText` beside its rules.
"""

from __future__ import annotations

from typing import Any

from .moves import Move, NotationError, parse_seat
from .nearest import did_you_mean
from .rules import Rules
from .state import State


class GameText:
    """A game's words (the defaults suit a game with buttons only). Its notation is
    apart (:mod:`.notation`), and how its moves are made with the pointer is the UI's
    (``tabletop/ui/gestures.py``)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    # -- refusals and prompts ---------------------------------------------------------------
    def explain(self, state: State, move: Move) -> str:
        """Why ``move`` is not legal now, naming the rule (called only for such moves)."""
        return "That move is not allowed now."

    def status(self, state: State, seat: int | None) -> str:
        """One line: who must do what now."""
        return ""

    def headline(self, state: State) -> str | None:
        """The title of the game-over panel (e.g. a co-operative game's "The heroes win!");
        None: the winners' names, or "A draw"."""
        return None

    def result(self, state: State) -> str:
        """The sentence that says how the game ended."""
        return getattr(state, "result", "") or ("The game is over." if state.over else "")

    def showcase(self, catalog) -> list:
        """A few cards that show what the game looks like (the main menu's fan)."""
        kinds = list(self.rules.card_kinds)
        return catalog.of_kind(kinds[0])[:5] if kinds else []

    # -- labels -----------------------------------------------------------------------------
    def describe(self, state: State, move: Move) -> str:
        """A short label for a button or menu entry (by default the move's kind and its
        card's name)."""
        card = move.card
        name = f" {state.name(card)}" if isinstance(card, int) else ""
        return f"{move.kind.capitalize()}{name}"

    def primary(self, move: Move) -> bool:
        """Is this the button that moves play on (end the turn, resolve)? It is drawn
        as the main button."""
        return False

    def side_option(self, move: Move) -> bool:
        """A move a player may make beside the decision in hand (e.g. an Interruption):
        it does not stop the table from opening the one card menu that is otherwise the
        only choice."""
        return False

    # -- narration ---------------------------------------------------------------------------
    def narration_prompt(self, state: State, seat: int | None) -> str:
        """The hint shown in the empty narration box (e.g. "Declare your hero's name")."""
        return "Narrate your move (optional)\u2026"

    def story(self, session: Any) -> str:
        """The text written by "Save the log" at the end of a game (default: the log);
        ``session`` is the :class:`~tabletop.engine.session.Session`."""
        return session.log_text(None)


class CardPool:
    """The cards a scenario position hands out: each name (or id) taken once, and seat
    keys (``P1``) checked against the table."""

    def __init__(self, state: State, game_title: str, pool: list[int] | None = None) -> None:
        self.state = state
        self.title = game_title
        self.cards = sorted(state.all_cards()) if pool is None else pool

    def take(self, name) -> int:
        s = self.state
        lowered = str(name).casefold()
        for c in self.cards:
            if s.name(c).casefold() == lowered or s.cards[c].id == name:
                self.cards.remove(c)
                return c
        raise NotationError(f"scenario: no (more) card named {name!r} in the {self.title} set"
                            + did_you_mean(name, self._names()))

    def _names(self) -> list[str]:
        """The names and ids of the cards still to hand out (for a suggestion)."""
        s = self.state
        return [s.name(c) for c in self.cards] + [s.cards[c].id for c in self.cards]

    def take_all(self, names) -> list[int]:
        return [self.take(n) for n in names or ()]

    def seat(self, key) -> int:
        seat = parse_seat(str(key))
        if not 0 <= seat < self.state.seats:
            raise NotationError(f"scenario: no seat {key} in this game")
        return seat


class Positions:
    """Scenario files: a state built from a described position, and a state described
    as JSON (``docs/scenarios.md``)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def build(self, catalog, options: dict[str, Any], seed: int,
              position: dict[str, Any]) -> State:
        raise NotImplementedError(f"{self.rules.info.title} has no scenario positions")

    def to_json(self, state: State) -> dict[str, Any]:
        from .moves import seat_label

        return {
            "zones": {z: [state.name(c) for c in cards] for z, cards in state.zones.items()},
            # how many cards each zone holds (for counts a scenario checks, piles included)
            "sizes": {z: len(cards) for z, cards in state.zones.items()},
            "current": seat_label(state.current),
            "phase": state.phase,
            "over": state.over,
            "winners": [seat_label(w) for w in state.winners],
        }
