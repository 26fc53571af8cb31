"""Scenario positions for the Solo Deck-Builder: a state built from a described
``position``, and a state described as JSON (see docs/scenarios.md).

::

    position:
      superhero: Brass Tinker       # default: the first superhero by name
      turn: 3                       # the turn number (1 is the first turn); default 2
      step: 6                       # 6 (default): the player's step 6 of that turn;
                                    # 1: the turn starts now (steps 1-5 run)
      power: 2                      # Power already available (step 6)
      later_draws: 0                # cards owed at the next step 3
      location: Glacier Citadel     # the active location (face up), or null; left out:
                                    # the top of the stack is turned up
      locations: [Signal Tower]     # the face-down stack, top first (default: the other
                                    # locations, shuffled, up to five in all)
      supervillain: Baron Ashfall   # the revealed supervillain, or null (left out: the
                                    # top of its stack)
      supervillains: [Doctor Dice]  # the face-down stack, top first (default: as many
                                    # as there are face-down locations, shuffled)
      hq: Orbital Lookout           # your HQ; secured: [..] the Secured stack
      battleground: [Gutter Thug]   # left (newest) to right
      row: [Surge, Heat Beam]       # the resource row, left to right
      resources: [Recon Drone]      # the top of the resources deck, top first; the other
                                    # resources go under it, shuffled
      enemy: [Rust Brute]           # the top of the enemy deck, top first (same)
      resource_discard: [..]        # piles, bottom first (the last is the top card)
      defeated: [..]
      destroyed: [..]
      hand: [Jab, Jab]              # your cards; with any of hand, deck, discard, played
      deck: [Jab]                   # given, you own exactly these (deck: top first);
      discard: [Weakness]           # otherwise the starting deck, shuffled
      played: [Surge]

Cards no zone takes (locations and supervillains beyond the stacks, the spare starters)
go to the box.

With ``phase: setup`` the position is the table before set-up step 5's superhero:
``locations`` and ``supervillains`` name the tops of the two stacks of five (the others
are drawn at random under them), ``resources`` and ``enemy`` the tops of those decks and
``deck`` the top of the starting deck of 7 Jabs and 3 Cold Feet (the rest shuffled under
it). The superhero is then chosen (``P1 hero``) or, with the random option, drawn, and
turn 1 runs under the rules.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...engine.cards import Catalog
from ...engine.moves import NotationError
from ...engine.nearest import did_you_mean
from ...engine.presentation import Positions
from .rules import LOCATIONS, STARTER_SPARES, SUPERVILLAINS, card_set, starter_groups
from .state import SoloState
from .text import SoloText
from .turn import MAIN

PLAYER_KEYS = ("hand", "deck", "discard", "played")
PLAYABLE = ("starter", "kick", "resource", "weakness")
KIND_OF_KEY = {
    "battleground": ("villain",), "enemy": ("villain",), "defeated": ("villain",),
    "row": ("resource",), "resources": ("resource",),
    "resource_discard": ("resource",), "location": ("location",),
    "locations": ("location",), "hq": ("location",), "secured": ("location",),
    "supervillain": ("supervillain",), "supervillains": ("supervillain",),
    "superhero": ("superhero",),
    "hand": PLAYABLE, "deck": PLAYABLE, "discard": PLAYABLE,
    "played": ("starter", "kick", "resource"),
    "destroyed": None,
}
#: position key -> zone, for the cards placed as given
PLACED = (("location", "location"), ("hq", "hq.0"), ("secured", "secured.0"),
          ("supervillain", "supervillain"), ("battleground", "battleground"),
          ("row", "row"), ("resource_discard", "resource_discard"),
          ("defeated", "defeated"), ("hand", "hand.0"), ("discard", "discard.0"),
          ("played", "played.0"), ("destroyed", "destroyed"))
#: what a set-up position may give (the tops of the stacks and decks)
SETUP_KEYS = ("phase", "locations", "supervillains", "resources", "enemy", "deck")


class SoloPositions(Positions):
    def build(self, catalog: Catalog, options: dict[str, Any], seed: int,
              position: dict[str, Any]) -> SoloState:
        s = self.rules.empty_state(card_set(catalog), self.rules.normalize_options(options),
                                   seed)
        if position.get("phase") == "setup":
            _Table(s, position).set_up()
            s.say("Scenario: set-up, before the superhero")
            self.rules.start_setup(s)
            return s
        if "phase" in position:
            raise NotationError(f"scenario: phase must be 'setup' or left out, not "
                                f"{position['phase']!r}")
        _Table(s, position).lay_out()
        return _start(self.rules, s, position)

    def to_json(self, s: SoloState) -> dict[str, Any]:
        out = super().to_json(s)
        d = s.pending
        out.update({
            "turn": s.turn,
            "step": s.step,
            "power": s.power,
            "pending": None if d is None or d.kind == MAIN else d.kind,
            "location": s.name(s.location) if s.location is not None else None,
            "supervillain": s.name(s.supervillain) if s.supervillain is not None else None,
            "superhero": s.name(s.hero) if s.hero is not None else None,
            "weaknesses": s.owned_weaknesses(),
            "later_draws": s.later_draws,
            "secured": s.secured_count(),
            "result": s.result,
            "status": SoloText(self.rules).status(s, 0),
        })
        return out


class _Table:
    """Hands out the cards a position names, each once, of the kinds its key allows."""

    def __init__(self, s: SoloState, position: dict[str, Any]) -> None:
        self.s = s
        self.position = position
        self.pool = list(range(len(s.cards)))
        self._starting_deck_cards: tuple[int, ...] = ()

    def take(self, name, key: str) -> int:
        s = self.s
        lowered = str(name).casefold()
        kinds = KIND_OF_KEY[key]
        for c in self.pool:
            if s.name(c).casefold() == lowered or s.info[c].id == name:
                if kinds is not None and s.info[c].kind not in kinds:
                    raise NotationError(f"scenario: {name!r} cannot go in {key!r} (it is a "
                                        f"{s.info[c].kind})")
                self.pool.remove(c)
                return c
        raise NotationError(f"scenario: no (more) card named {name!r} in the Solo "
                            "Deck-Builder set" + did_you_mean(
                                name, [s.name(c) for c in self.pool]
                                + [s.info[c].id for c in self.pool]))

    def takes(self, key: str) -> list[int]:
        value = self.position.get(key)
        if value is None:
            return []
        if isinstance(value, str):
            value = [value]
        return [self.take(n, key) for n in value]

    def remaining(self, kind: str) -> list[int]:
        out = [c for c in self.pool if self.s.info[c].kind == kind]
        for c in out:
            self.pool.remove(c)
        return out

    def lay_out(self) -> None:
        s, z, position = self.s, self.s.zones, self.position
        heroes = sorted((c for c in self.pool if s.info[c].kind == "superhero"), key=s.name)
        z["hero.0"] = [self.take(position.get("superhero") or s.name(heroes[0]), "superhero")]
        for key, zone in PLACED:
            z[zone] = self.takes(key)
        placed = len(z["location"]) + len(z["hq.0"]) + len(z["secured.0"])
        z["location_stack"] = self._stack("locations", "location", LOCATIONS - placed)
        z["sv_stack"] = self._stack("supervillains", "supervillain", len(z["location_stack"]))
        if "location" not in position and z["location_stack"]:
            z["location"] = [z["location_stack"].pop()]
        if "supervillain" not in position and z["sv_stack"]:
            z["supervillain"] = [z["sv_stack"].pop()]
        self._piles()
        z["kicks"] = self.remaining("kick")
        z["weaknesses"] = self.remaining("weakness")
        z["box"].extend(self.pool)
        self.pool.clear()

    def _stack(self, key: str, kind: str, size: int) -> list[int]:
        """A face-down stack: as given (top first), or ``size`` of the cards left,
        shuffled (the others go to the box)."""
        if key in self.position:
            return list(reversed(self.takes(key)))
        rest = self.remaining(kind)
        self.s.shuffle(rest)
        size = max(0, size)
        self.s.zones["box"].extend(rest[size:])
        return rest[:size]

    def set_up(self) -> None:
        """The table before the superhero: stacks of five and the three decks, the named
        cards on top of each, the others shuffled under them."""
        s, z = self.s, self.s.zones
        extra = sorted(str(key) for key in self.position if key not in SETUP_KEYS)
        if extra:
            raise NotationError("scenario: a set-up position gives the tops of the stacks "
                                "and decks (" + ", ".join(SETUP_KEYS[1:]) + "); the rules "
                                f"do the rest, so not: {', '.join(extra)}")
        z["location_stack"] = self._tops_of("locations", "location", LOCATIONS)
        z["sv_stack"] = self._tops_of("supervillains", "supervillain", SUPERVILLAINS)
        deck = self._starting_deck()
        self._starting_deck_cards = tuple(deck)
        top = [self._from_deck(deck, name) for name in self.position.get("deck") or []]
        s.shuffle(deck)
        z["deck.0"] = deck + list(reversed(top))
        self._decks()
        z["kicks"] = self.remaining("kick")
        z["weaknesses"] = self.remaining("weakness")
        z["superheroes"] = self.remaining("superhero")
        z["box"].extend(self.pool)
        self.pool.clear()

    def _tops_of(self, key: str, kind: str, size: int) -> list[int]:
        """A face-down stack of ``size``: the named cards on top, the others drawn at
        random from the rest (those left over go to the box)."""
        top = self.takes(key)
        if len(top) > size:
            raise NotationError(f"scenario: the {key} stack holds {size} cards, not "
                                f"{len(top)}")
        rest = self.remaining(kind)
        self.s.shuffle(rest)
        keep = size - len(top)
        self.s.zones["box"].extend(rest[keep:])
        return rest[:keep] + list(reversed(top))

    def _starting_deck(self) -> list[int]:
        """The starting deck (set-up step 5), its spare copies to the box."""
        deck: list[int] = []
        for group in starter_groups(self.s, self.remaining("starter")):
            keep = len(group) - STARTER_SPARES
            deck.extend(group[:keep])
            self.s.zones["box"].extend(group[keep:])
        return deck

    def _from_deck(self, deck: list[int], name) -> int:
        s = self.s
        lowered = str(name).casefold()
        for c in deck:
            if s.name(c).casefold() == lowered or s.info[c].id == name:
                deck.remove(c)
                return c
        held = Counter(s.name(c) for c in self._starting_deck_cards)
        what = ", ".join(f"{n} × {card}" for card, n in sorted(held.items()))
        raise NotationError(f"scenario: the starting deck ({what}) has no (more) {name!r}"
                            + did_you_mean(name, [s.name(c) for c in deck]))

    def _piles(self) -> None:
        """The player's deck (as given, or the starting deck), the resources deck and the
        enemy deck (the named cards on top, the others shuffled under them)."""
        s, z = self.s, self.s.zones
        deck_top = self.takes("deck")
        if any(key in self.position for key in PLAYER_KEYS):
            z["deck.0"] = list(reversed(deck_top))
        else:
            z["deck.0"] = self._starting_deck()
            s.shuffle(z["deck.0"])
        self._decks()

    def _decks(self) -> None:
        """The resources deck and the enemy deck: the named cards on top, the others
        shuffled under them."""
        s, z = self.s, self.s.zones
        res_top = self.takes("resources")
        enemy_top = self.takes("enemy")
        for kind, zone, top in (("resource", "resources", res_top),
                                ("villain", "enemy", enemy_top)):
            rest = self.remaining(kind)
            s.shuffle(rest)
            z[zone] = rest + list(reversed(top))


def _start(rules, s: SoloState, position: dict[str, Any]) -> SoloState:
    """Power and owed cards as given; the turn starts (step 1) or waits for the player's
    step 6."""
    s.power = int(position.get("power", 0))
    s.later_draws = int(position.get("later_draws", 0))
    turn = int(position.get("turn", 2))
    step = int(position.get("step", 6))
    if step not in (1, 6):
        raise NotationError("scenario: step must be 1 (start of the turn) or 6 (the "
                            "player's step)")
    if step == 1:
        s.turn = turn - 1
        rules.flow.start(s, ("turn",))
    else:
        s.turn = turn
        s.say(f"Scenario: turn {turn}, step 6")
        rules.flow.start(s, ("main",))
    return s
