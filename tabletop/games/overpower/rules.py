"""OverPower: battles of four-character teams, power grids, placing, the venture of mission
cards, hits and KOs (rules: docs/rulings.md, cards: cards/overpower/).

The sequence of play, in the order of the rulebook: set-up and each battle's opening
(:mod:`.setup`), discarding (:mod:`.discard`), placing, the venture and conceding
(:mod:`.battle`), the fight (:mod:`.fight`, moves in :mod:`.legal`), the end of the battle
and the mission ladder (:mod:`.aftermath`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...engine.cards import CardError, Catalog
from ...engine.info import GameInfo, Option
from ...engine.moves import Move
from ...engine.rules import Rules
from ...engine.state import State, ZoneSpec, zone_base, zone_owner
from . import (  # noqa: F401  (register the steps; deckfile: deck files, below)
    activators,
    aftermath,
    battle,
    deckfile,
    discard,
    events,
    fight,
    setup,
)
from .battle import place_ok, venture_limits
from .cards import CARD_KINDS, check_catalog, compile_card
from .common import (
    BASE,
    BENEATH,
    COMPLETED,
    DISCARDING,
    DRAW,
    DRAW_KINDS,
    FAILED,
    FRONT,
    HAND,
    MISSION_SIZE,
    MISSIONS,
    SITE,
    other,
    seat_zones,
)
from .decks import (
    DeckOption,
    deck_list,
    home_cards,
    list_cards,
    ready_made,
    site_cards,
)
from .hits import cumulative, in_play, ko_at, venture_total
from .homebase import with_home_base
from .legal import TURN, Query, defence_leads, defenders, lead_moves, turn_actors, turn_moves
from .state import FLOW, OPState

#: the shipped ready-made decks (``cards/overpower/decks.yaml``,
#: ``locations-decks.yaml``) as (id, name): the team options' declared choices, for what
#: has no card set at hand (a test keeps them equal to the shipped cards'). The decks a
#: game may use are the card set's (:func:`~.decks.ready_made`), mods' included.
SHIPPED_DECKS = (("tidewatch", "The Tidewatch"), ("quarryfolk", "The Quarryfolk"),
                 ("veilwright", "The Veilwright Circle"), ("scrapline", "The Scrapline Crew"),
                 ("tidewatch-gull-point", "The Tidewatch at Gull Point"),
                 ("quarryfolk-breakwater", "The Quarryfolk at the Old Breakwater"))


class MissingDeck(ValueError):
    """A team option names a ready-made deck the card set does not have: a mod removed
    it, replaced it with a card of another kind, or took out one of its cards (the deck
    rules then drop the deck), or the mod that added it is gone. The message is for the
    player (the new-game screen, the load screen and the scenario runner show it as it
    is)."""


def _option_seats(position: dict[str, Any] | None) -> list[int]:
    """The seats whose deck is their team option's: not those a starting position gives a
    deck of their own (``decks: {P1: ...}``, :func:`.deckfile.position_decks`)."""
    given = position.get("decks") if isinstance(position, dict) else None
    if not isinstance(given, dict):
        return [0, 1]
    return [seat for seat in (0, 1) if given.get(f"P{seat + 1}") is None]


def deck_problem(catalog: Catalog, options: dict[str, Any],
                 position: dict[str, Any] | None = None) -> str | None:
    """Why the team options cannot be dealt from ``catalog``, in the player's words, or
    None: a seat that plays its option's ready-made deck (see :func:`_option_seats`) names
    one the card set does not have. Cheap (nothing is dealt): the load screen asks it of
    every save it lists."""
    return _missing(catalog, options, _option_seats(position))


def _missing(catalog: Catalog, options: dict[str, Any], seats: list[int]) -> str | None:
    """:func:`deck_problem` for the seats that play their option's deck."""
    present = dict(ready_made(catalog))
    names = dict(SHIPPED_DECKS)
    for seat in seats:
        value = options.get(TEAMS[seat], OPTIONS_BY_KEY[TEAMS[seat]].default)
        if value in present:
            continue
        shown = names.get(value, str(value)[:60])
        others = ", ".join(present.values())
        why = "a mod removed it or one of its cards" if value in names else \
            "the mod that added it is gone, or it broke a deck rule"
        return (f"P{seat + 1}'s team, {shown}, is not in the card set ({why}); "
                + (f"choose another ready-made deck: {others}"
                   if others else "no ready-made deck is left"))
    return None


def with_present_decks(catalog: Catalog, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with each team that names a ready-made deck the card set does not have
    moved to the first one it has (one the other team does not play, if there is one):
    the new-game screen's defaults. A team of the card set is kept; so is every team when
    the set has no ready-made deck (the game is then refused with
    :func:`deck_problem`'s reason, unless a saved deck is chosen)."""
    out = dict(options)
    present = [value for value, _ in ready_made(catalog)]
    for seat, key in enumerate(TEAMS):
        if not present or out.get(key) in present:
            continue
        taken = out.get(TEAMS[1 - seat])
        out[key] = next((v for v in present if v != taken), present[0])
    return out


def _choice(key: str, label: str, help: str, *values: tuple[str, str]) -> Option:
    return Option(key, label, help, default=values[0][0], choices=values)


OPTIONS = (
    DeckOption("team_p1", "Team of P1", "The ready-made deck P1 plays.",
               default="tidewatch", choices=SHIPPED_DECKS),
    DeckOption("team_p2", "Team of P2", "The ready-made deck P2 plays.",
               default="veilwright", choices=SHIPPED_DECKS),
    _choice("first_player", "First player", "Who goes first in the first battle: the higher "
            "cut of the Draw Piles, a coin toss, or a fixed player.",
            ("cut", "Cut the Draw Piles"), ("random", "Coin toss"), ("p1", "P1"),
            ("p2", "P2")),
    _choice("completed_bonus", "Winning ventures from Completed", "Each card won from the "
            "Completed pile brings one Defeated card up to Reserve; for every two, one more "
            "goes straight to Completed (additive), or one of those rescued goes to "
            "Completed instead (upgrade).",
            ("additive", "One more to Completed per two"),
            ("upgrade", "One rescued card goes two piles up per two")),
    _choice("spectrum_scope", "Spectrum KO counts", "Which hits count toward three of the "
            "four types.", ("record_and_current", "Permanent Record and this battle"),
            ("current_only", "This battle's hits only")),
    _choice("fusion_rule", "Fusion Rule", "All MultiPower hits on one character act as one "
            "type for the Spectrum KO.", ("on", "On"), ("off", "Off")),
    _choice("draw_reventure", "After a drawn battle", "Whether each player must venture at "
            "least one more mission card on the next battle.",
            ("required", "Venture at least one more"), ("optional", "Adding is optional")),
    _choice("penalty_counts", "Venture penalty counts", "After a draw, which ventured cards "
            "count toward the opponent's penalty draws.",
            ("new_only", "Only the cards just ventured"),
            ("all_riding", "Every card riding on the battle")),
    _choice("special_discard", "Special Discard Rule", "A card kept only because it can be "
            "Placed must be Placed before its player finishes placing, or simply stays in "
            "the hand.", ("place_or_discard", "Place it or lose it"),
            ("keep_in_hand", "Keep it in the hand")),
    _choice("teamwork_types", "Teamwork follow-ups", "Follow-ups use the two types printed "
            "on the Teamwork card, or any two different types (the bonus only for printed "
            "ones).", ("printed", "Printed types"), ("any_distinct", "Any two types")),
    _choice("passing", "Passing", "Whether a player may pass while able to attack with a "
            "card from the hand.", ("free", "Always allowed"),
            ("strict", "Only with no attack from the hand")),
    _choice("combination_exclusion", "Combination Exclusion", "A Special played with a "
            "Power card takes exactly that type, never a MultiPower card.",
            ("on", "On"), ("off", "Off")),
    Option("code_rule", "Code Rule", "Hero characters never play Villain cards and Villain "
           "characters never play Hero cards."),
    Option("any_character_limitation", "Any Character Limitation", "Any Character and Any "
           "Hero Specials cannot follow an Ally card or be taken back from the Dead Pile."),
)

#: the two team options, by seat
TEAMS = ("team_p1", "team_p2")
OPTIONS_BY_KEY = {o.key: o for o in OPTIONS}

ZONES = {
    "draw": ZoneSpec("Draw Pile", "hidden", "pile", holds=DRAW_KINDS),
    "hand": ZoneSpec("Hand", "owner", "hand", holds=DRAW_KINDS),
    "discarding": ZoneSpec("Discarding", "owner", "row", holds=DRAW_KINDS),
    "pack": ZoneSpec("Power Pack", "public", "pile"),
    "dead": ZoneSpec("Dead Pile", "public", "pile"),
    "defeated": ZoneSpec("Defeated Characters", "public", "pile"),
    "front": ZoneSpec("Front Line", "public", "row", holds=("character",)),
    "reserve": ZoneSpec("Reserve", "public", "row", holds=("character",)),
    "placed": ZoneSpec("Placed cards", "public", "row"),
    "hits": ZoneSpec("Hits this battle", "public", "row"),
    "record": ZoneSpec("Permanent Record", "public", "row"),
    "missions": ZoneSpec("Reserve Missions", "public", "pile"),
    "completed": ZoneSpec("Completed Missions", "public", "pile"),
    "failed": ZoneSpec("Defeated Missions", "public", "pile"),
    "risk_reserve": ZoneSpec("Ventured from Reserve", "public", "row"),
    "risk_completed": ZoneSpec("Ventured from Completed", "public", "row"),
    "combat": ZoneSpec("The action", "public", "row"),
    # Locations (issue 14, :mod:`.locations`)
    "site": ZoneSpec("Battlesite", "public", "row", holds=("location",)),
    "beneath": ZoneSpec("Beneath the Battlesite", "owner", "row",
                        holds=("special", "activator")),
    "base": ZoneSpec("Home Base", "public", "row", holds=("location",)),
    "events": ZoneSpec("Events in play", "public", "row", holds=("event",)),
    "borne": ZoneSpec("Artifacts in play", "public", "row", holds=("artifact",)),
}

SEAT_ZONES = tuple(z for z in ZONES if z != "combat")
#: each seat's zone names, in the order of :data:`ZONES`
SEAT_ZONE_NAMES = tuple(tuple(seat_zones(base)[seat] for base in SEAT_ZONES) for seat in (0, 1))
#: the zones a seat's view hides: both Draw Piles, and the other seat's hand, discards
#: and cards beneath its Battlesite
HIDE = tuple((DRAW[0], DRAW[1], HAND[q], DISCARDING[q], BENEATH[q]) for q in (1, 0))


class OverPowerRules(Rules):
    info = GameInfo(
        id="overpower",
        title="OverPower",
        blurb="Teams of four fight battle after battle: power grids, placed cards, "
              "mission cards ventured on every battle, KOs by total or by spectrum.",
        min_seats=2, max_seats=2, mode="competitive", options=OPTIONS,
    )
    zones = ZONES
    card_kinds = CARD_KINDS
    flow = FLOW

    def check_catalog(self, catalog: Catalog) -> list[CardError]:
        return check_catalog(catalog)

    def options_for(self, catalog: Catalog,
                    options: dict[str, Any] | None = None) -> dict[str, Any]:
        """``options`` (default: the defaults) checked, the teams moved to ready-made
        decks the card set has where they name one it does not
        (:func:`with_present_decks`): a game that starts from them deals."""
        return with_present_decks(catalog, self.normalize_options(options))

    # -- deck files (``tabletop validate`` checks them as decks, not card files) -------------
    @staticmethod
    def is_deck_file(doc: Any) -> bool:
        """Is this YAML document (of a file saying ``game: overpower``) a deck file?"""
        return deckfile.is_deck_document(doc)

    @staticmethod
    def file_schemas() -> dict[str, Any]:
        """The schemas of this game's other files, by the name ``tabletop schema`` takes
        (a deck file's: ``overpower-deck``), each a function that builds it."""
        from .deckschema import deck_file_schema

        return {"overpower-deck": deck_file_schema}

    @staticmethod
    def deck_file_problems(path: Path, catalog: Catalog) -> list[str]:
        """A deck file's problems (shape, then the deck rules), ``file:line:col: ...``."""
        return deckfile.file_problems(path, catalog)

    def setup_problem(self, catalog: Catalog, options: dict[str, Any],
                      position: dict[str, Any] | None = None) -> str | None:
        """Why a game with ``options`` (and starting ``position``) cannot be set up from
        ``catalog``, or None, without dealing it (:func:`deck_problem`)."""
        return deck_problem(catalog, options, position)

    # -- set-up -------------------------------------------------------------------------------
    def new_state(self, catalog: Catalog, options: dict[str, Any], seed: int) -> OPState:
        s = self.empty_state(catalog, options, seed)
        FLOW.start(s, ("setup",))
        return s

    def empty_state(self, catalog: Catalog, options: dict[str, Any], seed: int,
                    decks: list | None = None) -> OPState:
        """Both decks as card instances: the characters face down on the Front Line (the
        Reserve is chosen from them), the missions in Reserve Missions, the draw decks
        shuffled. ``decks``: a player's deck list (:mod:`.decklaw`) per seat, or None for
        the ready-made deck of the seat's option."""
        options = self.normalize_options(options)
        defs, infos, parts = self._cards(catalog, options, decks)
        s = OPState(defs, infos, parts[1][0], seed, options)
        for seat, (start, nc, nm, nd, ns, end, last) in enumerate(parts):
            for name in SEAT_ZONE_NAMES[seat]:
                s.zones[name] = []
            s.zones[FRONT[seat]] = list(range(start, start + nc))
            s.zones[MISSIONS[seat]] = list(range(start + nc, start + nc + nm))
            pile = start + nc + nm
            s.zones[DRAW[seat]] = list(range(pile, pile + nd))
            s.zones[SITE[seat]] = list(range(pile + nd, pile + nd + ns))
            s.zones[BENEATH[seat]] = list(range(pile + nd + ns, end))
            s.zones[BASE[seat]] = list(range(end, last))
            s.facedown.update(range(start, start + nc))
            s.shuffle(s.zones[DRAW[seat]])
        s.zones["combat"] = []
        return s

    def _cards(self, catalog: Catalog, options: dict[str, Any],
               decks: list | None) -> tuple[tuple, tuple, list]:
        """(card definitions, compiled cards, each seat's part) of both decks (for the
        ready-made decks worked out once per catalog: playouts start thousands of games)."""
        if decks:
            return self._build_cards(catalog, options, decks)
        return catalog.derived(("overpower.decks", options["team_p1"], options["team_p2"]),
                               lambda: self._build_cards(catalog, options, None))

    @staticmethod
    def _build_cards(catalog: Catalog, options: dict[str, Any],
                     decks: list | None) -> tuple[tuple, tuple, list]:
        defs: list = []
        parts = []
        problem = _missing(catalog, options, [seat for seat in (0, 1)
                                              if not decks or decks[seat] is None])
        if problem:
            raise MissingDeck(problem)
        for seat, key in enumerate(TEAMS):
            if decks and decks[seat] is not None:
                deck = decks[seat]
            else:
                deck = deck_list(catalog, options[key])
            chars, missions, draw = list_cards(catalog, deck)
            site, beneath = site_cards(catalog, deck)
            home = home_cards(catalog, deck)
            start = len(defs)
            defs.extend(chars + missions + draw + site + beneath + home)
            parts.append((start, len(chars), len(missions), len(draw), len(site),
                          len(defs) - len(home), len(defs)))
        infos = [compile_card(c) for c in defs]
        for start, nc, _, _, _, end, last in parts:
            if last > end:  # a Home Base: its ability, and its team's share of it
                with_home_base(infos, range(start, start + nc), end, defs[end])
        return tuple(defs), tuple(infos), parts

    # -- the core -----------------------------------------------------------------------------
    def is_legal(self, s: State, m: Move) -> bool:
        d = s.pending
        if d is None or s.over or m.seat != d.seat:
            return False
        check = CHECKS.get(d.kind)
        return check(s, m) if check is not None else m in self.legal_moves(s)

    def evaluate(self, s: OPState, seat: int) -> float:
        """Missions up and down the ladder, characters standing and worn down, this
        battle's Venture Totals."""
        if s.over:
            return self.returns(s)[seat]
        score = 0.0
        for p, sign in ((seat, 1.0), (other(seat), -1.0)):
            missions = len(s.zones[COMPLETED[p]]) - len(s.zones[FAILED[p]])
            health = sum(1.0 - min(1.0, cumulative(s, c) / ko_at(s, c)) for c in in_play(s, p))
            score += sign * (missions / MISSION_SIZE + 0.35 * health
                             + 0.02 * venture_total(s, p))
        return max(0.02, min(0.98, 0.5 + score / 6))

    # -- hidden information ---------------------------------------------------------------------
    def slot_test(self, view: State, zone: str, seat: int):
        """A hidden card belongs to the zone's player and is of a kind the zone holds; a
        Draw Pile made from the recycled Power Pack holds only those cards."""
        owner = zone_owner(zone)
        holds = self.zones[zone_base(zone)].holds
        info = view.info
        split = view.split
        pool = view.recycled[owner] if zone_base(zone) == "draw" else None

        def test(c: int) -> bool:
            return (c >= split) == (owner == 1) and info[c].kind in holds and \
                (pool is None or c in pool)
        return test

    def view(self, s: OPState, seat: int | None) -> OPState:
        """What the engine's mask (:func:`~tabletop.engine.hidden.mask`) gives, built
        directly for the views playouts ask for at every move: both Draw Piles and the
        other seat's hand, discards and cards beneath its Battlesite hidden. With a card
        face down or turned (the set-up's Reserve), no seat, or a hidden card attached or
        counted: the engine's mask."""
        if seat is None or s.facedown or s.turned:
            return super().view(s, seat)
        hide = HIDE[seat]
        zones = s.zones
        # the cards the marks name (attached, counted): none may be hidden
        marked = s.attached.keys() | s.attached.values()
        for key in s.counters:
            if isinstance(key[0], int):
                marked.add(key[0])
        if marked:
            for name in hide:
                if not marked.isdisjoint(zones.get(name, ())):
                    return super().view(s, seat)
        v = s.masked_copy(hide)
        v.rng = 0
        if s.events:
            v.events = [e for e in s.events if e[1] is None or seat in e[1]]
        if s.must_place:
            v.must_place = frozenset(c for c in s.must_place
                                     if not any(c in zones.get(name, ()) for name in hide))
        return v

    def mask_extra(self, view: OPState, state: OPState, seat, visible) -> None:
        if state.must_place:
            view.must_place = frozenset(c for c in state.must_place if c in visible)


# -- cheaper exact tests of one move -------------------------------------------------------------
def _turn_ok(s: OPState, m: Move) -> bool:
    seat = m.seat
    if s.passed[seat]:
        return m in (Move("pass", seat), Move("concede", seat))
    if m.kind == "concede":  # always offered
        return m == Move("concede", seat)
    if m.kind == "pass":  # always offered unless passing is strict (:func:`.legal.may_pass`)
        if s.options.get("passing") != "strict":
            return m == Move("pass", seat)
        return m in turn_moves(s, seat)
    if not isinstance(m.choice, tuple) or len(m.choice) != 3 or not isinstance(m.card, int):
        return False
    x = m.choice[0]
    if x not in turn_actors(s, seat):
        return False
    return m in lead_moves(s, seat, x, m.card, TURN)


def _defend_ok(s: OPState, m: Move) -> bool:
    seat = m.seat
    if m.kind == "take":
        return m == Move("take", seat)
    if m.kind != "defend" or not isinstance(m.choice, tuple) or not isinstance(m.card, int):
        return False
    for x, may_block in defenders(s, seat):
        if x == m.target:
            q = Query(s, seat)
            return m.card in q.hands.of(x) and m in defence_leads(q, x, may_block, m.card)
    return False


def _venture_ok(s: OPState, m: Move) -> bool:
    """``venture_moves`` without listing them: ``a`` of the Reserve Missions and ``b`` of
    the Completed ones (none while the Defeated pile is empty), at least ``least`` in all,
    or nothing when there is not that much to venture."""
    if m.kind != "venture" or m.card is not None or not isinstance(m.target, int) or \
            not isinstance(m.choice, int):
        return False
    a, b = m.target, m.choice
    n, most, least = venture_limits(s, m.seat)
    if n + most < least:
        return a == 0 and b == 0
    return 0 <= a <= n and 0 <= b <= most and a + b >= least


def _count_ok(s: OPState, m: Move) -> bool:
    return m.kind == "penalty" and m.card is None and m.target is None and \
        type(m.choice) is int and 0 <= m.choice <= s.pending.data[0]


CHECKS = {"turn": _turn_ok, "defend": _defend_ok, "place": place_ok,
          "venture": _venture_ok, "penalty": _count_ok}
