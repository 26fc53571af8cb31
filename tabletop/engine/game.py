"""A registered game: its rules core and, beside it, its words, positions and players.

The registry (:mod:`tabletop.games`) holds one :class:`Game` per game. Code that needs
only the rules (a search, a simulator) uses ``game.rules``; the table and the session
also use ``game.text`` (refusals, status, notation, gestures) and the computer player.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from .evaluation import Evaluation, for_game, scorer
from .info import GameInfo, Option, SeatConfig
from .levels import LEVELS, SearchPlayer, decision_ceiling, player_policy, view_score
from .moves import IllegalMove, Move
from .notation import Notation
from .presentation import GameText, Positions
from .rules import Rules
from .search import SearchHints
from .state import State

__all__ = ["Game", "GameInfo", "Option", "SampleSave", "SeatConfig"]


@dataclass(frozen=True)
class SampleSave:
    """A sample game written to ``saves/`` by ``tools/make_sample_saves.py``."""

    file: str
    options: dict[str, Any]
    seed: int
    moves: int


@dataclass(eq=False)
class Game:
    """One game as the app knows it (see the module docstring)."""

    rules: Rules
    #: the game's words (refusals, the status line, labels): what players read
    text: GameText
    #: the game's notation (a line per move: saves, scenario files, the log), apart
    #: from its words and versioned with its rules (:mod:`.notation`)
    notation: Notation
    positions: Positions | None = None
    #: makes the game's own computer player (random play when None)
    player: Callable[[], Any] | None = None
    #: sample saves for ``saves/`` and extra lines for ``tabletop bench``
    samples: tuple[SampleSave, ...] = ()
    bench: Callable[[bool], list[str]] | None = None
    #: what the game tells the search (rollout policy, depth, compound-move split); the
    #: rollout policy defaults to ``player``
    search: Callable[[], SearchHints] | None = None
    #: the search's iterations a second on the reference machine, quiet (the bench's
    #: record runs, ``search iterations per second``): the levels guarantee their share
    #: of it (:meth:`~.levels.Level.work`); None: the levels think for their time only
    search_rate: float | None = None
    #: what the simulated players of the search's rollouts see: ``world``, the sampled
    #: world whole (cheap; every other seat's hidden cards in view), or ``own``, each
    #: its own view of it, as a player at the table would (:func:`~.levels.player_policy`),
    #: the rollout's end scored by each seat on its own view too (:func:`~.levels.view_score`)
    rollout_view: str = "world"
    #: the computer player the rollouts play (a new one per search; None: ``player``),
    #: e.g. one that guesses hidden cards from its own view instead of weighing them all
    rollout_player: Callable[[], Any] | None = None
    #: the zones (base names) that make up what a seat holds: its hand, its deck, its
    #: team... (``hand`` stands for ``hand.0``, ``hand.1``...; a zone without a seat
    #: number belongs to the only seat of a one-seat game). The balance lab counts a card
    #: as "in the winner's hands or deck" when it ends the game in one of them. Empty:
    #: the zones laid out as a hand.
    holdings: tuple[str, ...] = ()
    #: ``(names, features)``: a position's features for one seat (``features(state,
    #: seat)``, numbers read only from what that seat can see), which a learned
    #: evaluation (:mod:`.evaluation`, made by ``tabletop evaluation``) is fitted over
    features: tuple[tuple[str, ...], Any] | None = None
    #: how the search scores a position where a rollout stops: ``rules`` (the rules'
    #: ``evaluate``) or ``learned`` (the game's learned evaluation; the rules' when the
    #: game has none)
    evaluation: str = "rules"

    @property
    def info(self) -> GameInfo:
        return self.rules.info

    def play(self, state: State, move: Move) -> State:
        """Validate ``move``; return the new state, or raise :class:`IllegalMove` whose
        reason names the rule (``state`` itself is never changed)."""
        if state.over:
            raise IllegalMove("The game is over.", move)
        if not self.rules.is_legal(state, move):
            raise IllegalMove(self.text.explain(state, move), move)
        new = state.copy()
        self.rules.apply(new, move)
        return new

    def computer_player(self):
        """A new default computer player for this game (random unless it has its own)."""
        if self.player is None:
            from .players import RandomPlayer

            return RandomPlayer()
        return self.player()

    def search_hints(self) -> SearchHints:
        """The search's hints, the rollout policy filled in from the game's player."""
        if self.rollout_view not in ("world", "own"):
            raise ValueError(f"{self.info.id}: rollout_view is 'world' or 'own', "
                             f"not {self.rollout_view!r}")
        if self.evaluation not in ("rules", "learned"):
            raise ValueError(f"{self.info.id}: evaluation is 'rules' or 'learned', "
                             f"not {self.evaluation!r}")
        hints = self.search() if self.search is not None else SearchHints()
        model = self.learned_evaluation() if self.evaluation == "learned" else None
        if model is not None and hints.score is None:
            hints = replace(hints, score=scorer(self.rules, self.features[1], model))
        simulated = self.rollout_player or self.player
        if hints.policy is None and simulated is not None:
            hints = replace(hints, policy=player_policy(simulated(),
                                                        own_view=self.rollout_view == "own"))
        if self.rollout_view == "own" and hints.score is None:
            hints = replace(hints, score=view_score(self.rules))
        return hints

    def learned_evaluation(self) -> Evaluation | None:
        """The game's shipped learned evaluation over its :attr:`features` (None: the
        game has no features, or no usable model: see :mod:`.evaluation`)."""
        if self.features is None:
            return None
        return for_game(self.info.id, tuple(self.features[0]))

    def player_at(self, level: str, seconds: float | None = None,
                  iterations: int | None = None, clock=None):
        """The computer player of a difficulty level (:mod:`.levels`): the search, or at a
        level with a temperature (``easy``) the glance, with the level's judgement
        (``seconds`` or ``iterations`` replace the level's time budget, and ``clock`` its
        clock, for measurements: the plain search, its best move); the game's own player
        at a level that does not think."""
        budget = LEVELS[level].seconds if seconds is None else seconds
        if budget is None and iterations is None:
            return self.computer_player()
        own = self.player() if self.player is not None else None
        guaranteed = seconds is None and iterations is None  # the level as it is
        player = SearchPlayer(self.search_hints(), own, None if iterations else budget,
                              iterations,
                              at_least=LEVELS[level].work(self.search_rate) if guaranteed
                              else 0,
                              ceiling=decision_ceiling(level, seconds, iterations),
                              level=LEVELS[level] if guaranteed else None)
        if clock is not None:
            player.clock = clock
        return player

