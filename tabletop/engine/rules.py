"""The rules core: what a search, a simulator and the table need of a game, and no more.

A game's :class:`Rules` subclass provides ``new_state`` (the set-up) and, on the shared
turn model (:mod:`.flow`), its steps and decisions; everything else has a shared
implementation here:

=================  ===================================================================
``new_state``      the set-up, from a catalog, options and a seed
``actor``          the seat that must act (the pending decision's seat), or None
``legal_moves``    that seat's moves, hashable, in a stable order
``is_legal``       whether one move is legal (a game may give a cheaper exact test)
``apply``          a legal move, in place (answers the decision, runs the rules on)
``copy``           an independent copy (plain data: microseconds)
``view``           what one seat sees (hidden cards masked, :mod:`.hidden`)
``determinize``    a full state consistent with a view (hidden slots refilled soundly)
``observe``        what one seat sees of a move (a hidden choice masked)
``returns``        per-seat results in [0, 1] once the game is over
``evaluate``       an estimate in [0, 1] for an unfinished game (for a search cut-off)
=================  ===================================================================

Explanations, notation, gestures, narration and other presentation live beside the rules
in each game's :class:`~tabletop.engine.presentation.GameText`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import hidden
from .cards import CardError, Catalog
from .flow import Flow
from .info import GameInfo
from .loader import load_catalog
from .moves import IllegalMove, Move
from .rng import Rng
from .schema import Field
from .state import HIDDEN, State, ZoneSpec, zone_base, zone_owner


class Rules:
    """Base class of a game's rules (see the module docstring)."""

    info: GameInfo
    zones: dict[str, ZoneSpec] = {}
    card_kinds: dict[str, dict[str, Field]] = {}
    #: shared card sets this game also reads: ``cards/<set>/`` is loaded before the
    #: game's own folder, and mod files saying ``game: <set>`` are accepted
    card_sets: tuple[str, ...] = ()
    #: every game id and card set a card file may name, given by the game registry
    #: (:data:`tabletop.games.KNOWN_GAMES`); empty (rules made outside the registry, as
    #: in a test): a card file's ``game:`` is not checked against the others
    known_games: frozenset[str] = frozenset()
    #: the game's steps and decisions (the shared turn model)
    flow: Flow
    #: the version of these rules; raised when a change would stop older saves replaying
    #: (saves record it; a state made under an older version keeps its rules)
    version: int = 1

    # -- cards ----------------------------------------------------------------------------
    def load_catalog(self, base_dirs: list[Path] | None = None,
                     mod_dirs: list[Path] | None = None, check: bool = True) -> Catalog:
        """The game's cards: shared sets, ``base_dirs`` (default ``cards/<game>/``), then
        mods; ``check=False`` leaves out the cross-card checks (``tabletop validate`` adds
        files first and runs them once)."""
        from .. import CARDS_DIR
        from .paths import mod_dirs as default_mod_dirs

        if base_dirs is None:
            base_dirs = [CARDS_DIR / self.info.id]
        shared = [CARDS_DIR / s for s in self.card_sets]
        base_dirs = [d for d in shared if d not in base_dirs] + list(base_dirs)
        if mod_dirs is None:
            mod_dirs = default_mod_dirs()
        catalog = load_catalog(self.info.id, self.card_kinds, base_dirs, mod_dirs,
                               self.card_sets, known_games=self.known_games or None)
        if check:
            catalog.errors.extend(self.check_catalog(catalog))
        return catalog

    def check_catalog(self, catalog: Catalog) -> list[CardError]:
        """Cross-card checks (references between cards, set size). Remove bad cards."""
        return []

    # -- options and seats ------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.info.options}

    def normalize_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        out = self.default_options()
        known = {o.key: o for o in self.info.options}
        for key, value in (options or {}).items():
            if key not in out:
                raise ValueError(f"unknown option {key!r} for {self.info.title}; "
                                 f"known: {', '.join(out) or 'none'}")
            if not known[key].accepts(value):
                raise ValueError(f"option {key!r} of {self.info.title} cannot be "
                                 f"{value!r}")
            out[key] = value
        return out

    def seat_count(self, options: dict[str, Any]) -> int:
        return self.info.min_seats

    # -- the core -----------------------------------------------------------------------------
    def new_state(self, catalog: Catalog, options: dict[str, Any], seed: int) -> State:
        raise NotImplementedError

    @staticmethod
    def actor(state: State) -> int | None:
        return state.actor

    def legal_moves(self, state: State) -> list[Move]:
        d = state.pending  # Flow.legal_moves, without a second call (asked at every move)
        if d is None or state.over:
            return []
        return self.flow.decisions[d.kind].options(state, d)

    def is_legal(self, state: State, move: Move) -> bool:
        """Is ``move`` legal now? Games may override with a cheaper test that gives the
        same answer as ``move in legal_moves(state)`` (a conformance test checks it)."""
        return not state.over and move in self.legal_moves(state)

    def apply(self, state: State, move: Move) -> None:
        """Apply a legal move to ``state`` in place."""
        self.flow.apply(state, move)

    def play(self, state: State, move: Move) -> State:
        """Validate ``move``; return the new state (``state`` itself is unchanged).
        The refusal here is plain; :meth:`Game.play` words it for the player."""
        if not self.is_legal(state, move):
            raise IllegalMove("That move is not legal now.", move)
        new = state.copy()
        self.apply(new, move)
        return new

    @staticmethod
    def copy(state: State) -> State:
        return state.copy()

    def returns(self, state: State) -> tuple[float, ...]:
        """Per seat, once the game is over: 1 for a win, 0 for a loss, 0.5 each in a
        draw (players eliminated earlier get 0). Unfinished: :meth:`evaluate`."""
        if not state.over:
            return tuple(self.evaluate(state, seat) for seat in range(state.seats))
        if not state.winners:
            alive = [s for s in range(state.seats) if s not in state.eliminated]
            return tuple(0.5 if s in alive else 0.0 for s in range(state.seats))
        return tuple(1.0 if s in state.winners else 0.0 for s in range(state.seats))

    def evaluate(self, state: State, seat: int) -> float:
        """How well ``seat`` stands in an unfinished game, in [0, 1] (0.5: even).
        Games override it with a cheap estimate so a search can stop a playout early."""
        return 0.5

    # -- hidden information ------------------------------------------------------------------
    def zone_spec(self, name: str) -> ZoneSpec:
        return self.zones[zone_base(name)]

    def hidden_information(self, options: dict[str, Any]) -> bool:
        """Whether some cards are hidden from some players (then human players sharing a
        screen get a hand-over screen between their moves)."""
        return any(spec.visibility in ("owner", "hidden") for spec in self.zones.values())

    def visibility(self, state: State, name: str) -> tuple[str, int | None]:
        """(visibility, owner seat) of zone ``name`` in ``state``. Override when it
        depends on options (e.g. hands that are open or hidden), together with
        :meth:`visibility_key` (what it depends on), so views can be planned once."""
        return self._zone_rule(name)

    def _zone_rule(self, name: str) -> tuple[str, int | None]:
        cache = self.__dict__.setdefault("_zone_rules", {})
        rule = cache.get(name)
        if rule is None:
            rule = cache[name] = (self.zone_spec(name).visibility, zone_owner(name))
        return rule

    def visibility_key(self, state: State):
        """What :meth:`visibility` depends on besides the zone name (e.g. an option);
        views are planned once per key. Override it with :meth:`visibility`."""
        return None

    def mask_plan(self, state: State, seat: int | None) -> list[tuple[str, str]]:
        """The zones ``seat``'s view masks, cached per zone names, seat and
        :meth:`visibility_key` (see :func:`.hidden.plan_for`)."""
        cache = self.__dict__.get("_mask_plans")
        if cache is None:
            cls = type(self)
            if cls.visibility is not Rules.visibility and \
                    cls.visibility_key is Rules.visibility_key:
                return hidden.plan_for(self, state, seat)  # depends on the state: no cache
            cache = self.__dict__["_mask_plans"] = {}
        key = (seat, tuple(state.zones), self.visibility_key(state))
        plan = cache.get(key)
        if plan is None:
            if len(cache) > 512:
                cache.clear()
            plan = cache[key] = hidden.plan_for(self, state, seat)
        return plan

    def zone_rule_for(self, state: State):
        """``name -> (visibility, owner)`` for ``state`` (cached when it does not depend
        on the state)."""
        if type(self).visibility is Rules.visibility:
            return self._zone_rule
        return lambda name: self.visibility(state, name)

    def can_see_zone(self, name: str, seat: int | None, state: State | None = None) -> bool:
        visibility, owner = self.visibility(state, name) if state is not None \
            else self._zone_rule(name)
        if visibility in ("public", "unordered"):
            return True
        if visibility == "owner":
            return seat is not None and owner == seat
        return False

    def view(self, state: State, seat: int | None) -> State:
        """A copy of ``state`` with everything ``seat`` cannot see replaced by HIDDEN."""
        return hidden.mask(self, state, seat)

    def mask_extra(self, view: State, state: State, seat: int | None, visible) -> None:
        """Hook: hide game-specific fields that mention cards ``seat`` cannot see
        (``c in visible`` tells whether the view shows card ``c``)."""

    def determinize(self, view: State, seat: int, rng: Rng) -> State:
        """A full state consistent with ``view``: hidden slots refilled at random with
        cards that may be there (:meth:`slot_test`)."""
        return hidden.sample(self, view, seat, rng)

    def slot_test(self, view: State, zone: str, seat: int):
        """What may fill a hidden slot of ``zone``: a test on a card instance, or None
        for any card. The default reads the zone's ``holds`` (card kinds)."""
        holds = self.zone_spec(zone).holds
        if not holds:
            return None
        cards = view.cards
        return lambda c: cards[c].kind in holds

    def slot_needs(self, view: State, zone: str, seat: int) -> list:
        """What the hidden cards of ``zone`` must include, as a whole: ``(test, count)``
        pairs (at least ``count`` of them pass ``test``), e.g. a hand that must hold a
        Character. Default: nothing."""
        return []

    def determinize_extra(self, state: State, view: State, seat: int, rng: Rng) -> None:
        """Hook: refill game-specific hidden fields after :meth:`determinize`."""

    def observe(self, before: State, move: Move, seat: int, after: State) -> Move:
        """What ``seat`` sees of ``move``, made in ``before`` and giving ``after``: the move
        itself, or with its card masked when ``seat`` sees that card neither before nor
        after the move (a card placed face down, a card taken into a hidden hand)."""
        card = move.card
        if seat == move.seat or not isinstance(card, int) or card < 0:
            return move
        if self._sees(before, card, seat) or self._sees(after, card, seat):
            return move
        return move._replace(card=HIDDEN)

    def _sees(self, state: State, card: int, seat: int) -> bool:
        if card in state.facedown:
            return False
        for name, cards in state.zones.items():
            if card in cards:
                return self.can_see_zone(name, seat, state)
        return False
