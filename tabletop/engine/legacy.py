"""TRANSITIONAL: the old one-class game contract, wrapped for the new registry.

Games not yet moved onto the rules core (:mod:`.rules`) and the shared turn model
(:mod:`.flow`) subclass :class:`LegacyGame`; :func:`wrap` turns one into a registered
:class:`~tabletop.engine.game.Game`. This module goes once every game is moved.

The interface every game plugs into, with the parts all games share.

A game is: card kinds (the YAML schema), options, ``new_state`` (set-up),
``legal_moves`` (for the seat that must act), ``apply`` (a legal move, in place),
``explain`` (why a move is refused), the end (``state.over``/``winners``) and the
per-seat ``view``. :meth:`Game.play` is the safe entry point: it validates, copies and
applies, and never changes the state it was given.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .cards import CardError, Catalog
from .info import GameInfo
from .loader import load_catalog
from .moves import IllegalMove, Move
from .rng import Rng
from .schema import Field
from .state import HIDDEN, State, ZoneSpec, zone_base, zone_owner


class LegacyGame:
    """Base class of a game's rules. Subclasses fill in the rule methods."""

    info: GameInfo
    zones: dict[str, ZoneSpec] = {}
    card_kinds: dict[str, dict[str, Field]] = {}
    #: shared card sets this game also reads: ``cards/<set>/`` is loaded before the
    #: game's own folder, and mod files saying ``game: <set>`` are accepted
    card_sets: tuple[str, ...] = ()

    # -- cards --------------------------------------------------------------------
    def load_catalog(self, base_dirs: list[Path] | None = None,
                     mod_dirs: list[Path] | None = None) -> Catalog:
        from .. import CARDS_DIR
        from .paths import mod_dirs as default_mod_dirs

        if base_dirs is None:
            base_dirs = [CARDS_DIR / self.info.id]
        shared = [CARDS_DIR / s for s in self.card_sets]
        base_dirs = [d for d in shared if d not in base_dirs] + list(base_dirs)
        if mod_dirs is None:
            mod_dirs = default_mod_dirs()
        catalog = load_catalog(self.info.id, self.card_kinds, base_dirs, mod_dirs,
                               self.card_sets)
        catalog.errors.extend(self.check_catalog(catalog))
        return catalog

    def check_catalog(self, catalog: Catalog) -> list[CardError]:
        """Cross-card checks (references between cards, set size). Remove bad cards."""
        return []

    # -- options and seats --------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.info.options}

    def normalize_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        out = self.default_options()
        for key, value in (options or {}).items():
            if key not in out:
                raise ValueError(f"unknown option {key!r} for {self.info.title}; "
                                 f"known: {', '.join(out)}")
            out[key] = value
        return out

    def seat_count(self, options: dict[str, Any]) -> int:
        return self.info.min_seats

    # -- the rules (subclasses) -----------------------------------------------------
    def new_state(self, catalog: Catalog, options: dict[str, Any], seed: int) -> State:
        raise NotImplementedError

    def legal_moves(self, state: State) -> list[Move]:
        raise NotImplementedError

    def apply(self, state: State, move: Move) -> None:
        raise NotImplementedError

    def explain(self, state: State, move: Move) -> str:
        """Why ``move`` is not legal now (called only for moves that are not)."""
        return "That move is not allowed now."

    def play(self, state: State, move: Move) -> State:
        """Validate ``move``; return the new state (``state`` itself is unchanged)."""
        if state.over:
            raise IllegalMove("The game is over.", move)
        if move not in self.legal_moves(state):
            raise IllegalMove(self.explain(state, move), move)
        new = state.copy()
        self.apply(new, move)
        return new

    def returns(self, state: State) -> tuple[float, ...]:
        """Per seat: 1 for a win, 0 for a loss, 0.5 each in a draw."""
        if not state.over:
            return tuple(0.5 for _ in range(state.seats))
        if not state.winners:
            alive = [s for s in range(state.seats) if s not in state.eliminated]
            return tuple(0.5 if s in alive else 0.0 for s in range(state.seats))
        return tuple(1.0 if s in state.winners else 0.0 for s in range(state.seats))

    def headline(self, state: State) -> str | None:
        """The title of the game-over panel (e.g. a co-operative game's "The heroes win!");
        None: the winners' names, or "A draw"."""
        return None

    # -- notation -------------------------------------------------------------------
    def format_move(self, state: State, move: Move) -> str:
        raise NotImplementedError

    def parse_move(self, state: State, text: str) -> Move:
        raise NotImplementedError

    def public_notation(self, state: State, move: Move, seat: int | None) -> str:
        """The log text of ``move`` as ``seat`` may read it (hidden choices masked)."""
        return self.format_move(state, move)

    # -- narration (games with ``info.narration``) -----------------------------------------
    def narration_prompt(self, state: State, seat: int | None) -> str:
        """The hint shown in the empty narration box (e.g. "Declare your hero's name")."""
        return "Narrate your move (optional)\u2026"

    def story(self, session) -> str:
        """The text written by "Save the log" at the end of a game (default: the log)."""
        return session.log_text(None)

    # -- gestures (how the UI offers a move) ------------------------------------------
    def gesture(self, move: Move) -> str:
        """``drag`` (card onto target), ``menu`` (click a card, pick) or ``button``."""
        return "button"

    def describe(self, state: State, move: Move) -> str:
        """A short label for a button or menu entry."""
        return self.format_move(state, move)

    def move_for_drop(self, state: State, seat: int, card: int,
                      target: int | str) -> Move | None:
        """The move a player means by dropping ``card`` on ``target`` (legal or not)."""
        return None

    def status(self, state: State, seat: int | None) -> str:
        """One line: who must do what now."""
        return ""

    # -- hidden information -----------------------------------------------------------
    def zone_spec(self, name: str) -> ZoneSpec:
        return self.zones[zone_base(name)]

    def can_see_zone(self, name: str, seat: int | None, state: State | None = None) -> bool:
        visibility, owner = self.visibility(state, name) if state is not None \
            else self._zone_rule(name)
        if visibility == "public":
            return True
        if visibility == "owner":
            return seat is not None and owner == seat
        return False

    def hidden_information(self, options: dict[str, Any]) -> bool:
        """Whether some cards are hidden from some players (then human players sharing a
        screen get a hand-over screen between their moves)."""
        return any(spec.visibility != "public" for spec in self.zones.values())

    def visibility(self, state: State, name: str) -> tuple[str, int | None]:
        """(visibility, owner seat) of zone ``name`` in ``state``. Override when it
        depends on options (e.g. hands that are open or hidden)."""
        return self._zone_rule(name)

    def _zone_rule(self, name: str) -> tuple[str, int | None]:
        """(visibility, owner) of a zone, cached per name."""
        cache = self.__dict__.setdefault("_zone_rules", {})
        rule = cache.get(name)
        if rule is None:
            rule = cache[name] = (self.zone_spec(name).visibility, zone_owner(name))
        return rule

    def view(self, state: State, seat: int | None) -> State:
        """A copy of ``state`` with everything ``seat`` cannot see replaced by HIDDEN."""
        v = state.copy()
        v.rng = 0  # the generator would tell the future
        facedown = state.facedown
        hidden_any = bool(facedown)
        zones = v.zones
        rule = self._zone_rule if type(self).visibility is LegacyGame.visibility \
            else (lambda name: self.visibility(state, name))
        for name, cards in zones.items():
            visibility, owner = rule(name)
            if visibility == "public" and not facedown:
                continue
            if visibility == "hidden" or (visibility == "owner" and owner != seat):
                if cards:
                    zones[name] = [HIDDEN] * len(cards)
                    hidden_any = True
            elif facedown and (seat is None or owner != seat):
                zones[name] = [HIDDEN if c in facedown else c for c in cards]
        if hidden_any:
            visible = {c for cards in zones.values() for c in cards}
            visible.discard(HIDDEN)
            if facedown:
                v.facedown = {c for c in facedown if c in visible}
            if state.turned:
                v.turned = {c for c in state.turned if c in visible}
            if state.attached:
                v.attached = {a: b for a, b in state.attached.items()
                              if a in visible and b in visible}
            if state.counters:
                v.counters = {k: n for k, n in state.counters.items()
                              if not isinstance(k[0], int) or k[0] in visible}
        else:
            visible = set(range(len(state.cards)))
        v.events = [e for e in state.events if e[1] is None or seat in e[1]]
        self.mask_extra(v, state, seat, visible)
        return v

    def mask_extra(self, view: State, state: State, seat: int | None,
                   visible: set[int]) -> None:
        """Hook: hide game-specific fields that mention cards ``seat`` cannot see."""

    def determinize(self, view: State, seat: int, rng: Rng) -> State:
        """A full state consistent with ``view``: hidden slots refilled at random."""
        s = view.copy()
        seen = {c for cards in s.zones.values() for c in cards if c != HIDDEN}
        unseen = [i for i in range(len(s.cards)) if i not in seen]
        rng.shuffle(unseen)
        it = iter(unseen)
        for name, cards in s.zones.items():
            if HIDDEN in cards:
                face_down = self.can_see_zone(name, seat, view)  # seen zone: a face-down card
                new = []
                for c in cards:
                    if c == HIDDEN:
                        c = next(it)
                        if face_down:
                            s.facedown.add(c)
                    new.append(c)
                s.zones[name] = new
        s.rng = rng.state
        self.determinize_extra(s, view, seat, rng)
        return s

    def determinize_extra(self, state: State, view: State, seat: int, rng: Rng) -> None:
        """Hook: refill game-specific hidden fields after :meth:`determinize`."""

    # -- samples and benchmarks ----------------------------------------------------------
    def sample_saves(self) -> list[tuple[str, dict[str, Any], int, int]]:
        """Sample games for ``saves/``: (file name, options, seed, moves to play)."""
        return [(f"{self.info.id}-sample.json", {}, 2026, 60)]

    def bench_lines(self, quick: bool) -> list[str]:
        """Extra lines for ``tabletop bench`` (figures specific to this game)."""
        return []

    def computer_player(self):
        """A new default computer player for this game (random unless overridden)."""
        from .players import RandomPlayer

        return RandomPlayer()

    def observe(self, state: State, move: Move, seat: int) -> Move:
        """What ``seat`` sees of ``move`` (hidden choices are masked)."""
        return move

    # -- scenario and JSON --------------------------------------------------------------
    def to_json(self, state: State) -> dict[str, Any]:
        return {
            "zones": {z: [state.name(c) for c in cards] for z, cards in state.zones.items()},
            "current": f"P{state.current + 1}",
            "phase": state.phase,
            "over": state.over,
            "winners": [f"P{w + 1}" for w in state.winners],
        }

    def state_from_position(self, catalog: Catalog, options: dict[str, Any], seed: int,
                            position: dict[str, Any]) -> State:
        raise NotImplementedError


# -- wrapping ------------------------------------------------------------------------------
from .presentation import GameText, Positions  # noqa: E402
from .rules import Rules  # noqa: E402

_RULES = ("info", "zones", "card_kinds", "card_sets", "check_catalog",
          "default_options", "normalize_options", "seat_count", "new_state",
          "legal_moves", "apply", "returns", "view", "determinize", "visibility",
          "hidden_information", "mask_extra", "determinize_extra", "zone_spec",
          "can_see_zone")
_TEXT = ("explain", "status", "headline", "gesture", "describe", "move_for_drop",
         "format_move", "parse_move", "public_notation", "narration_prompt", "story")


class LegacyRules(Rules):
    def __init__(self, old: LegacyGame) -> None:
        self.old = old
        self.info = old.info
        self.zones = old.zones
        self.card_kinds = old.card_kinds
        self.card_sets = old.card_sets
        for name in _RULES[4:]:
            setattr(self, name, getattr(old, name))

    def is_legal(self, state, move) -> bool:
        return not state.over and move in self.old.legal_moves(state)

    def observe(self, before, move, seat, after):
        return self.old.observe(before, move, seat)

    def __getattr__(self, name):
        return getattr(self.__dict__["old"], name)


class LegacyText(GameText):
    def __init__(self, old: LegacyGame, rules: Rules) -> None:
        super().__init__(rules)
        for name in _TEXT:
            setattr(self, name, getattr(old, name))
        self.primary = lambda move: move.kind in ("end", "resolve")
        self.showcase = getattr(old, "showcase", self.showcase)
        self.side_option = lambda move: move.kind == "interrupt"


class LegacyPositions(Positions):
    def __init__(self, old: LegacyGame, rules: Rules) -> None:
        super().__init__(rules)
        self.to_json = old.to_json
        self.build = old.state_from_position


def wrap(old: LegacyGame):
    from .game import Game, SampleSave

    rules = LegacyRules(old)
    samples = tuple(SampleSave(*s) for s in old.sample_saves())
    return Game(rules=rules, text=LegacyText(old, rules),
                positions=LegacyPositions(old, rules),
                player=old.computer_player, samples=samples, bench=old.bench_lines)
