"""Build a Solo Deck-Builder state from a scenario ``position`` (see docs/scenarios.md).

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
"""

from __future__ import annotations

from typing import Any

from ...engine.cards import Catalog
from ...engine.moves import NotationError
from .rules import LOCATIONS, SoloGame
from .state import SoloState
from .tasks import push, run

PLAYER_KEYS = ("hand", "deck", "discard", "played")
KIND_OF_KEY = {
    "battleground": ("villain",), "enemy": ("villain",), "defeated": ("villain",),
    "row": ("resource",), "resources": ("resource",),
    "resource_discard": ("resource",), "location": ("location",),
    "locations": ("location",), "hq": ("location",), "secured": ("location",),
    "supervillain": ("supervillain",), "supervillains": ("supervillain",),
    "superhero": ("superhero",),
    "hand": ("starter", "kick", "resource", "weakness"),
    "deck": ("starter", "kick", "resource", "weakness"),
    "discard": ("starter", "kick", "resource", "weakness"),
    "played": ("starter", "kick", "resource"),
}


def build_state(game: SoloGame, catalog: Catalog, options: dict[str, Any], seed: int,
                position: dict[str, Any]) -> SoloState:
    s = game._empty_state(catalog, options, seed)
    pool = list(range(len(s.cards)))
    z = s.zones

    def take(name, key: str) -> int:
        lowered = str(name).casefold()
        for c in pool:
            if s.name(c).casefold() == lowered or s.info[c].id == name:
                if s.info[c].kind not in KIND_OF_KEY[key]:
                    raise NotationError(f"scenario: {name!r} cannot go in {key!r} (it is a "
                                        f"{s.info[c].kind})")
                pool.remove(c)
                return c
        raise NotationError(f"scenario: no (more) card named {name!r} in the Solo "
                            "Deck-Builder set")

    def takes(key: str) -> list[int]:
        value = position.get(key)
        if value is None:
            return []
        if isinstance(value, str):
            value = [value]
        return [take(n, key) for n in value]

    def remaining(kind: str) -> list[int]:
        out = [c for c in pool if s.info[c].kind == kind]
        for c in out:
            pool.remove(c)
        return out

    heroes = sorted((c for c in pool if s.info[c].kind == "superhero"), key=s.name)
    z["hero.0"] = [take(position.get("superhero") or s.name(heroes[0]), "superhero")]
    for key, zone in (("location", "location"), ("hq", "hq.0"), ("secured", "secured.0"),
                      ("supervillain", "supervillain"), ("battleground", "battleground"),
                      ("row", "row"), ("resource_discard", "resource_discard"),
                      ("defeated", "defeated"), ("hand", "hand.0"),
                      ("discard", "discard.0"), ("played", "played.0")):
        z[zone] = takes(key)
    z["destroyed"] = [_take_any(s, pool, n) for n in position.get("destroyed") or []]
    placed = len(z["location"]) + len(z["hq.0"]) + len(z["secured.0"])
    if "locations" in position:
        z["location_stack"] = list(reversed(takes("locations")))
    else:
        rest = remaining("location")
        s.shuffle(rest)
        z["location_stack"] = rest[:max(0, LOCATIONS - placed)]
    if "supervillains" in position:
        z["sv_stack"] = list(reversed(takes("supervillains")))
    else:
        rest = remaining("supervillain")
        s.shuffle(rest)
        z["sv_stack"] = rest[:len(z["location_stack"])]
    if "location" not in position and z["location_stack"]:
        z["location"] = [z["location_stack"].pop()]
    if "supervillain" not in position and z["sv_stack"]:
        z["supervillain"] = [z["sv_stack"].pop()]
    deck_top = takes("deck")
    res_top = takes("resources")
    enemy_top = takes("enemy")
    if any(key in position for key in PLAYER_KEYS):
        z["deck.0"] = list(reversed(deck_top))
    else:
        starters = game._starter_groups(s, remaining("starter"))
        for group in starters:
            keep = len(group) - 2
            z["deck.0"].extend(group[:keep])
            z["box"].extend(group[keep:])
        s.shuffle(z["deck.0"])
    for kind, zone, top in (("resource", "resources", res_top), ("villain", "enemy",
                                                                  enemy_top)):
        rest = remaining(kind)
        s.shuffle(rest)
        z[zone] = rest + list(reversed(top))
    z["kicks"] = remaining("kick")
    z["weaknesses"] = remaining("weakness")
    z["box"].extend(pool)
    pool.clear()
    s.power = int(position.get("power", 0))
    s.later_draws = int(position.get("later_draws", 0))
    turn = int(position.get("turn", 2))
    step = int(position.get("step", 6))
    if step not in (1, 6):
        raise NotationError("scenario: step must be 1 (start of the turn) or 6 (the "
                            "player's step)")
    if step == 1:
        s.turn = turn - 1
        push(s, ("begin",))
        run(s)
    else:
        s.turn = turn
        s.step = 6
        s.phase = "step-6"
        s.say(f"Scenario: turn {turn}, step 6")
    return s


def _take_any(s: SoloState, pool: list[int], name) -> int:
    lowered = str(name).casefold()
    for c in pool:
        if s.name(c).casefold() == lowered or s.info[c].id == name:
            pool.remove(c)
            return c
    raise NotationError(f"scenario: no (more) card named {name!r} in the Solo Deck-Builder set")
