"""Power Play: the cooperative villain game. Set-up, turns, rounds, every optional rule.

Phases of a turn (``state.phase``):

``defend``   the active hero plays 1-4 powers onto the defence, then *Done* (playing the
             fourth, or the last one held, closes the defence by itself);
``support``  each other player, clockwise from the active hero's left, may add one power
             or pass; after the last one the villain's face-down power is revealed and
             both sides are tallied (the working goes to the log);
``bonus``    only when the villain is stronger: players holding Bonus powers, clockwise
             from the active hero, may spend one each (any number with the option);
``outcome``  the turn is decided (the villain card went to the active hero as a Bonus
             power or as Bad News); the active hero ends the turn: discards, refills,
             the next turn or round (or the end of the game).
"""

from __future__ import annotations

from typing import Any

from ...engine.cards import CardError, Catalog
from ...engine.info import GameInfo, Option
from ...engine.legacy import LegacyGame as Game
from ...engine.moves import Move, seat_label
from ...engine.rng import Rng
from ...engine.state import HIDDEN, State, ZoneSpec, zone_base, zone_owner
from . import notation
from .cards import CARD_KINDS, Info, check_catalog, compile_card
from .scoring import final_score
from .state import PPState
from .tally import hero_tally, villain_tally

ROUNDS = 4
HAND_SIZE = 4
MAX_DEFENCE = 4
BAD_NEWS_LIMIT = 2  # more than this loses

OPTIONS = (
    Option("players", "Players",
           "How many heroes share the table; each is the active hero once per round.",
           default=4, choices=((2, "2 players"), (3, "3 players"), (4, "4 players"))),
    Option("less_cooperative", "Less cooperative",
           "Each hero keeps their powers hidden until they play them (a hand-over screen "
           "between players; the log does not show others' draws)."),
    Option("receding", "Receding power levels",
           "The villain's power cards leave the game instead of going to the discard pile; "
           "the scoring location is left out. Heroes may end up with fewer than four powers."),
    Option("less_counting", "Less counting",
           "No locations: fewer effects to keep in mind when counting."),
    Option("any_bonus", "Any number of Bonus powers",
           "When the villain is stronger, each player may spend as many Bonus powers as they "
           "like (normally one each)."),
)

#: zone name -> (visibility, owner), without and with Less cooperative
_RULES: dict[bool, dict[str, tuple[str, int | None]]] = {False: {}, True: {}}
PILE_OF_KIND = {"villain": "villains", "attribute": "attributes", "location": "locations",
                "power": "powers"}
#: what kind of card a hidden slot of each zone holds (for determinize)
ZONE_KIND = {"villains": "villain", "attributes": "attribute", "locations": "location",
             "powers": "power", "threat": "power", "hand": "power", "defence": "power",
             "discard": "power"}


class PowerPlayGame(Game):
    info = GameInfo(
        id="power-play",
        title="Power Play",
        blurb="Two to four heroes defend the city together: pool your powers against a "
              "villain built from four cards, and watch the tally add up.",
        min_seats=2, max_seats=4, mode="coop", options=OPTIONS,
    )
    zones = {
        "powers": ZoneSpec("Power pile", "hidden", "pile"),
        "discard": ZoneSpec("Power discard", "public", "pile"),
        "out": ZoneSpec("Out of the game", "public", "pile"),
        "villains": ZoneSpec("Villain pile", "hidden", "pile"),
        "attributes": ZoneSpec("Attribute pile", "hidden", "pile"),
        "locations": ZoneSpec("Location pile", "hidden", "pile"),
        "location": ZoneSpec("Current location", "public", "row"),
        "villain": ZoneSpec("Villain", "public", "row"),
        "attribute": ZoneSpec("Attribute", "public", "row"),
        "threat": ZoneSpec("Villain's powers", "public", "row"),
        "defence": ZoneSpec("Defence", "public", "row"),
        "spent": ZoneSpec("Bonus powers spent", "public", "row"),
        "hand": ZoneSpec("Open powers", "public", "hand"),
        "bonus": ZoneSpec("Bonus powers", "public", "row"),
        "badnews": ZoneSpec("Bad News", "public", "row"),
    }
    card_kinds = CARD_KINDS

    # -- cards, options, seats ---------------------------------------------------------------
    def check_catalog(self, catalog: Catalog) -> list[CardError]:
        return check_catalog(catalog)

    def seat_count(self, options: dict[str, Any]) -> int:
        try:
            return int(options.get("players", 4))
        except (TypeError, ValueError):
            return 4

    def hidden_information(self, options: dict[str, Any]) -> bool:
        return bool(options.get("less_cooperative"))

    def visibility(self, state: State | None, name: str) -> tuple[str, int | None]:
        """Open powers are public, or owner-only with Less cooperative (cached per zone)."""
        hidden_hands = state is not None and state.options.get("less_cooperative", False)
        rule = _RULES[hidden_hands].get(name)
        if rule is None:
            rule = self._zone_rule(name)
            if hidden_hands and name.startswith("hand."):
                rule = ("owner", zone_owner(name))
            _RULES[hidden_hands][name] = rule
        return rule

    # -- set-up ------------------------------------------------------------------------------
    def new_state(self, catalog: Catalog, options: dict[str, Any], seed: int) -> PPState:
        options = self.normalize_options(options)
        if str(options.get("players")) not in ("2", "3", "4"):
            raise ValueError(f"Power Play is for 2 to 4 players, not {options.get('players')!r}")
        seats = self.seat_count(options)
        defs = []
        for card in sorted(catalog.cards.values(), key=lambda c: (c.kind, c.id)):
            defs.extend([card] * card.data.get("copies", 1))
        cards = tuple(defs)
        info = tuple(compile_card(c) for c in cards)
        self._check_counts(info, seats)
        s = PPState(cards, info, seats, seed, options)
        for zone in ("powers", "discard", "out", "villains", "attributes", "locations",
                     "location", "villain", "attribute", "threat", "defence", "spent"):
            s.zones[zone] = []
        for seat in range(seats):
            for base in ("hand", "bonus", "badnews"):
                s.zones[f"{base}.{seat}"] = []
        for i, inf in enumerate(info):
            if inf.kind == "location" and (options["less_counting"] or (
                    options["receding"] and inf.score_bonus)):
                s.zones["out"].append(i)
            else:
                s.zones[PILE_OF_KIND[inf.kind]].append(i)
        for pile in ("villains", "attributes", "locations", "powers"):
            s.shuffle(s.zones[pile])
        if options["less_counting"]:
            s.say("Less counting: no locations this game")
        elif options["receding"] and any(info[c].score_bonus for c in s.zones["out"]):
            s.say("Receding power levels: the scoring location is left out")
        for _ in range(HAND_SIZE):
            for seat in range(seats):
                s.draw("powers", f"hand.{seat}")
        for seat in range(seats):
            self._say_hand(s, seat, "open powers", s.zones[f"hand.{seat}"])
        s.current = 0
        s.say(f"{seat_label(0)} takes the Active Hero card")
        self._start_round(s)
        return s

    @staticmethod
    def _check_counts(info: tuple[Info, ...], seats: int) -> None:
        turns = seats * ROUNDS
        count = {k: sum(1 for i in info if i.kind == k) for k in PILE_OF_KIND}
        for kind in ("villain", "attribute"):
            if count[kind] < turns:
                raise ValueError(f"Power Play with {seats} players needs {turns} {kind} cards; "
                                 f"the set has {count[kind]}")
        if count["power"] < HAND_SIZE * seats + 2:
            raise ValueError(f"Power Play with {seats} players needs at least "
                             f"{HAND_SIZE * seats + 2} power cards; the set has "
                             f"{count['power']}")

    def _say_hand(self, s: PPState, seat: int, what: str, cards: list[int]) -> None:
        names = ", ".join(s.name(c) for c in cards) or "nothing"
        if s.options.get("less_cooperative"):
            s.say(f"{seat_label(seat)} {what}: {names}", only={seat})
            s.say(f"{seat_label(seat)} {what}: {len(cards)} power(s)",
                  only=set(range(s.seats)) - {seat})
        else:
            s.say(f"{seat_label(seat)} {what}: {names}")

    # -- drawing -----------------------------------------------------------------------------
    def _draw_power(self, s: PPState, dst: str) -> int | None:
        if not s.zones["powers"]:
            if not s.zones["discard"]:
                return None
            s.reshuffle("discard", "powers")
            s.say("The power pile ran out: the discard pile is shuffled into a new pile")
        return s.draw("powers", dst)

    def _refill(self, s: PPState, seat: int) -> None:
        hand = s.zones[f"hand.{seat}"]
        drawn = []
        while len(hand) < HAND_SIZE:
            card = self._draw_power(s, f"hand.{seat}")
            if card is None:
                break
            drawn.append(card)
        if drawn:
            self._say_hand(s, seat, "draws", drawn)
        if len(hand) < HAND_SIZE:
            s.say(f"No power cards are left: {seat_label(seat)} holds {len(hand)}")

    # -- rounds and turns --------------------------------------------------------------------
    def _start_round(self, s: PPState) -> None:
        s.round += 1
        s.round_turn = 0
        loc = s.draw("locations", "location") if s.zones["locations"] else None
        if loc is not None:
            s.featured.append(loc)
            s.say(f"Round {s.round} of {ROUNDS}: the current location is {s.name(loc)}"
                  + (f" ({s.cards[loc].text})" if s.cards[loc].text else ""))
        else:
            s.say(f"Round {s.round} of {ROUNDS}: no location")
        self._start_turn(s, s.current)

    def _start_turn(self, s: PPState, seat: int) -> None:
        s.current = seat
        s.actor = seat
        s.turn += 1
        s.round_turn += 1
        s.played = 0
        s.queue = []
        s.hero = s.villain_tally = None
        s.bonus_total = 0
        s.outcome = ""
        s.counters = {}
        s.phase = "defend"
        s.say(f"Round {s.round}, turn {s.round_turn}: {seat_label(seat)} is the active hero")
        villain = s.draw("villains", "villain") if s.zones["villains"] else None
        attribute = s.draw("attributes", "attribute") if s.zones["attributes"] else None
        if villain is None:
            self._game_over(s, True, "No villains are left in the city.")
            return
        first = self._draw_power(s, "threat")
        second = self._draw_power(s, "threat")
        if second is not None:
            s.facedown.add(second)
        inf = s.info[villain]
        what = f"The villain: {inf.name} (base {inf.base})"
        if attribute is not None:
            what += f", {s.name(attribute)} (attribute {s.info[attribute].power})"
        powers = [s.name(first)] if first is not None else []
        if second is not None:
            powers.append("one face down")
        s.say(what + "; powers: " + (" and ".join(powers) or "none"))

    # -- legal moves -------------------------------------------------------------------------
    def legal_moves(self, s: PPState) -> list[Move]:
        if s.over or s.actor is None:
            return []
        seat = s.actor
        ph = s.phase
        if ph == "defend":
            hand = s.zones[f"hand.{seat}"]
            out = [Move("play", seat, c, "defence") for c in hand]
            if s.played or not hand:
                out.append(Move("done", seat))
            return out
        if ph == "support":
            out = [Move("play", seat, c, "defence") for c in s.zones[f"hand.{seat}"]]
            out.append(Move("pass", seat))
            return out
        if ph == "bonus":
            out = [Move("bonus", seat, c, "defence") for c in s.zones[f"bonus.{seat}"]]
            out.append(Move("pass", seat))
            return out
        if ph == "outcome":
            return [Move("end", seat)]
        return []

    # -- applying moves ----------------------------------------------------------------------
    def apply(self, s: PPState, m: Move) -> None:
        getattr(self, "_do_" + m.kind)(s, m)

    def _do_play(self, s: PPState, m: Move) -> None:
        s.move_card(m.card, f"hand.{m.seat}", "defence")
        if s.phase == "defend":
            s.played += 1
            if s.played >= MAX_DEFENCE or not s.zones[f"hand.{m.seat}"]:
                self._close_defence(s)
        else:
            s.queue.pop(0)
            self._advance_support(s)

    def _do_done(self, s: PPState, m: Move) -> None:
        self._close_defence(s)

    def _close_defence(self, s: PPState) -> None:
        s.say(f"{seat_label(s.current)}'s defence is set with {s.played} power(s)")
        s.phase = "support"
        s.queue = [o for o in s.order_from(s.left_of(s.current)) if o != s.current]
        self._advance_support(s)

    def _advance_support(self, s: PPState) -> None:
        while s.queue and not s.zones[f"hand.{s.queue[0]}"]:
            s.say(f"{seat_label(s.queue.pop(0))} has no power to add")
        if s.queue:
            s.actor = s.queue[0]
            return
        self._reveal(s)

    def _do_pass(self, s: PPState, m: Move) -> None:
        if s.phase == "support":
            s.say(f"{seat_label(m.seat)} adds nothing")
            s.queue.pop(0)
            self._advance_support(s)
        else:
            s.say(f"{seat_label(m.seat)} keeps their Bonus powers")
            s.queue.pop(0)
            self._advance_bonus(s)

    def _reveal(self, s: PPState) -> None:
        for c in s.zones["threat"]:
            if c in s.facedown:
                s.facedown.discard(c)
                s.say(f"The villain reveals its hidden power: {s.name(c)}")
        s.reveals += 1
        effects = s.table_effects()
        heroes = s.powers_of("defence")
        threat = s.powers_of("threat")
        s.hero = hero_tally(heroes, threat, effects)
        s.villain_tally = villain_tally(threat, s.attribute_power(), s.base(), heroes, effects)
        for line in s.hero.lines() + s.villain_tally.lines():
            s.say(line)
        if s.hero.total >= s.villain_tally.total:
            self._win_turn(s)
            return
        s.say(f"The villain is stronger by {s.villain_tally.total - s.hero.total}")
        s.queue = [o for o in s.order_from(s.current) if s.zones[f"bonus.{o}"]]
        if s.queue:
            s.phase = "bonus"
        self._advance_bonus(s)

    def _do_bonus(self, s: PPState, m: Move) -> None:
        inf = s.info[m.card]
        s.move_card(m.card, f"bonus.{m.seat}", "spent")
        s.bonus_total += inf.base
        key = ("spent", m.seat)
        s.counters[key] = s.counters.get(key, 0) + 1
        total = s.hero.total + s.bonus_total
        s.say(f"{seat_label(m.seat)} spends {inf.name} as a Bonus power: +{inf.base}, "
              f"heroes {total} against {s.villain_tally.total}")
        if total >= s.villain_tally.total:
            self._win_turn(s)
            return
        if not (s.options.get("any_bonus") and s.zones[f"bonus.{m.seat}"]):
            s.queue.pop(0)
        self._advance_bonus(s)

    def _advance_bonus(self, s: PPState) -> None:
        while s.queue and not s.zones[f"bonus.{s.queue[0]}"]:
            s.queue.pop(0)
        if s.queue:
            s.actor = s.queue[0]
            return
        self._lose_turn(s)

    def _win_turn(self, s: PPState) -> None:
        """The heroes hold: the villain card will be the active hero's Bonus power (it
        stays on the table, with the tallies, until the turn is ended)."""
        villain = s.villain_card()
        s.outcome = "won"
        total = s.hero.total + s.bonus_total
        s.say(f"The heroes win this turn ({total} against {s.villain_tally.total}): "
              f"{seat_label(s.current)} gets {s.name(villain)} as a Bonus power "
              f"(worth {s.info[villain].base})")
        self._to_outcome(s)

    def _lose_turn(self, s: PPState) -> None:
        """The villain wins: its card will be the active hero's Bad News; a third one
        ends the game at once."""
        villain = s.villain_card()
        seat = s.current
        s.outcome = "lost"
        total = s.hero.total + s.bonus_total
        count = s.bad_news(seat) + 1
        s.say(f"The villain wins this turn ({s.villain_tally.total} against {total}): "
              f"{seat_label(seat)} gets {s.name(villain)} face down as Bad News "
              f"({count} now)")
        if count > BAD_NEWS_LIMIT:
            s.move_card(villain, "villain", f"badnews.{seat}")
            self._game_over(s, False, f"{seat_label(seat)} has {count} Bad News cards: the "
                            "public now sees the heroes as mere vigilantes.")
            return
        self._to_outcome(s)

    def _to_outcome(self, s: PPState) -> None:
        s.phase = "outcome"
        s.queue = []
        s.actor = s.current

    def _do_end(self, s: PPState, m: Move) -> None:
        seat = s.current
        s.say(f"{seat_label(seat)} ends the turn")
        keep = f"bonus.{seat}" if s.outcome == "won" else f"badnews.{seat}"
        self._move_all(s, "villain", keep)
        if s.round == ROUNDS and s.round_turn == s.seats:
            # the last turn: the last fight stays on the table beside the final score
            self._game_over(s, True, "The last round is over and the heroes' identities "
                            "are still secret: the city is clean.")
            return
        self._move_all(s, "defence", "discard")
        if s.options.get("receding"):
            names = ", ".join(s.name(c) for c in s.zones["threat"])
            self._move_all(s, "threat", "out")
            if names:
                s.say(f"Receding power levels: {names} leave the game")
        else:
            self._move_all(s, "threat", "discard")
        self._move_all(s, "attribute", "out")
        self._move_all(s, "spent", "out")
        self._refill(s, seat)
        if s.round_turn < s.seats:
            self._start_turn(s, s.left_of(seat))
            return
        if s.round < ROUNDS:
            for c in s.zones["location"]:
                s.say(f"Round {s.round} is over: {s.name(c)} is removed from play")
            self._move_all(s, "location", "out")
            for other in s.order_from(s.left_of(seat)):
                self._refill(s, other)
            s.current = s.left_of(s.left_of(seat))
            s.say(f"{seat_label(s.current)} takes the Active Hero card (two seats left of "
                  f"{seat_label(seat)})")
            self._start_round(s)

    @staticmethod
    def _move_all(s: PPState, src: str, dst: str) -> None:
        cards = s.zones[src]
        if cards:
            s.facedown.difference_update(cards)
            s.zones[dst].extend(cards)
            s.zones[src] = []

    def _game_over(self, s: PPState, won: bool, why: str) -> None:
        bonus = [s.info[c].base for seat in range(s.seats) for c in s.zones[f"bonus.{seat}"]]
        locations = [s.info[c].score_bonus for c in s.featured if s.info[c].score_bonus]
        bad = sum(s.bad_news(seat) for seat in range(s.seats))
        s.score, s.score_lines = final_score(won, bonus, locations, bad)
        s.over = True
        s.lost = not won
        s.winners = tuple(range(s.seats)) if won else ()
        s.actor = None
        s.phase = "over"
        s.queue = []
        verdict = "The heroes win!" if won else "The heroes lose."
        s.result = f"{verdict} {why} Score: {s.score} / 100."
        s.say(s.result)
        for line in s.score_lines:
            s.say(f"  {line}")

    def returns(self, s: PPState) -> tuple[float, ...]:
        """Co-operative: every seat gets the same, the score on a 0-1 scale."""
        if not s.over:
            return tuple(0.5 for _ in range(s.seats))
        return tuple((s.score or 0) / 100 for _ in range(s.seats))

    def headline(self, s: PPState) -> str | None:
        if not s.over:
            return None
        return f"{'Defeat' if s.lost else 'Victory'}: score {s.score} / 100"

    # -- explaining refusals -----------------------------------------------------------------
    def explain(self, s: PPState, m: Move) -> str:  # noqa: C901
        if s.over:
            return "The game is over."
        ph = s.phase
        active = seat_label(s.current)
        if m.kind == "play":
            if ph == "bonus":
                return ("The defence is closed once the villain is revealed; now only Bonus "
                        "powers can help.")
            if ph == "outcome":
                return "This turn is decided: the active hero ends it."
            if m.card is None or m.card < 0 or m.card not in s.zones.get(f"hand.{m.seat}", ()):
                if m.card is not None and m.card >= 0 and \
                        m.card in s.zones.get(f"bonus.{m.seat}", ()):
                    return ("Bonus powers are spent only after the reveal, when the villain "
                            "is stronger than the heroes.")
                return "Only your own open powers can be played."
            if ph == "defend" and m.seat != s.current:
                return (f"{active} forms the defence first (one to four powers); then the "
                        "others may add one power each, clockwise.")
            if ph == "support" and m.seat == s.current:
                return ("The active hero's defence is set; now the others may add one power "
                        "each.")
            if ph == "support" and m.seat != s.actor:
                if m.seat not in s.queue:
                    return "Each other player may add only one power per turn."
                return (f"It is {seat_label(s.actor)}'s turn to add a power (clockwise from "
                        f"the left of {active}).")
            if m.target != "defence":
                return f"Powers are played onto the defence in front of {active}."
        if m.kind == "done":
            if m.seat != s.current:
                return "Only the active hero finishes the defence."
            if ph != "defend":
                return "The defence is already set."
            return "Play at least one power (up to four) before finishing the defence."
        if m.kind == "bonus":
            if ph != "bonus":
                return ("Bonus powers are spent only after the reveal, when the villain is "
                        "stronger than the heroes.")
            if m.card is None or m.card not in s.zones.get(f"bonus.{m.seat}", ()):
                return "That is not one of your Bonus powers."
            if s.counters.get(("spent", m.seat)) and not s.options.get("any_bonus"):
                return ("Each player may spend one Bonus power per turn (the option 'Any "
                        "number of Bonus powers' allows more).")
            if m.seat != s.actor:
                return f"It is {seat_label(s.actor)}'s turn to decide about Bonus powers."
            if m.target != "defence":
                return f"Drop the Bonus power on the defence in front of {active}."
        if m.kind == "end":
            if ph != "outcome":
                return "The turn ends once the villain has been revealed and tallied."
            return "The active hero ends the turn."
        if m.kind == "pass" and ph == "defend":
            return ("The active hero must play at least one power; press Done when the "
                    "defence is ready.")
        if s.actor is not None and m.seat != s.actor:
            return f"Wait: {self.status(s, s.actor)}"
        return "That move is not possible now."

    # -- status and labels -------------------------------------------------------------------
    def status(self, s: PPState, seat: int | None = None) -> str:
        if s.over:
            return s.result
        p = seat_label(s.actor)
        ph = s.phase
        if ph == "defend":
            if s.played:
                return (f"{p}: play up to {MAX_DEFENCE - s.played} more power(s) onto the "
                        "defence \u2014 or Done")
            if not s.zones[f"hand.{s.actor}"]:
                return f"{p}: you hold no powers \u2014 press Done"
            return f"{p}: play one to four powers onto the defence (drag them)"
        if ph == "support":
            return f"{p}: add one power to {seat_label(s.current)}'s defence \u2014 or pass"
        if ph == "bonus":
            gap = s.villain_tally.total - s.hero.total - s.bonus_total
            return (f"{p}: the villain leads by {gap}: spend a Bonus power (drag it onto the "
                    "defence) \u2014 or keep them")
        if ph == "outcome":
            total = s.hero.total + s.bonus_total
            vt = s.villain_tally.total
            what = "the heroes win this turn" if s.outcome == "won" else \
                "the villain wins this turn"
            last = s.round == ROUNDS and s.round_turn == s.seats
            return (f"{p}: {what} ({total} against {vt}) \u2014 "
                    + ("finish the game" if last else "end the turn"))
        return ""

    def gesture(self, move: Move) -> str:
        return "drag" if move.kind in ("play", "bonus") else "button"

    def describe(self, s: PPState, m: Move) -> str:
        if m.kind == "done":
            return "Done: the defence is ready"
        if m.kind == "pass":
            return "Add nothing" if s.phase == "support" else "Keep my Bonus powers"
        if m.kind == "end":
            last = s.round == ROUNDS and s.round_turn == s.seats
            return "Finish the game" if last else "End the turn"
        if m.kind == "bonus":
            return f"Spend {s.name(m.card)} (+{s.info[m.card].base})"
        return notation.format_move(s, m)

    def move_for_drop(self, s: PPState, seat: int, card: int,
                      target: int | str) -> Move | None:
        if card is None or card < 0:
            return None
        if target in s.zones["defence"] or target == "defence":
            target = "defence"
        where = s.where(card)
        if where == f"hand.{seat}":
            return Move("play", seat, card, target)
        if where == f"bonus.{seat}":
            return Move("bonus", seat, card, target)
        return None

    # -- notation ----------------------------------------------------------------------------
    def format_move(self, s: PPState, m: Move) -> str:
        return notation.format_move(s, m)

    def parse_move(self, s: PPState, text: str) -> Move:
        return notation.parse_move(s, text)

    # -- hidden information ------------------------------------------------------------------
    def determinize(self, view: PPState, seat: int, rng: Rng) -> PPState:
        """Refill hidden slots with unseen cards of the right kind (a hidden slot of the
        power pile gets a power card, of the villain pile a villain...)."""
        s = view.copy()
        seen = {c for cards in s.zones.values() for c in cards if c != HIDDEN}
        unseen: dict[str, list[int]] = {}
        for i, inf in enumerate(s.info):
            if i not in seen:
                unseen.setdefault(inf.kind, []).append(i)
        for cards in unseen.values():
            rng.shuffle(cards)
        for name, cards in s.zones.items():
            if HIDDEN not in cards:
                continue
            kind = ZONE_KIND[zone_base(name)]
            pool = unseen[kind]
            new = []
            for c in cards:
                if c == HIDDEN:
                    c = pool.pop()
                    if name == "threat":
                        s.facedown.add(c)
                new.append(c)
            s.zones[name] = new
        s.rng = rng.state
        return s

    # -- samples, computer players, benchmarks -----------------------------------------------
    def sample_saves(self):
        return [("power-play-sample.json", {"players": 3}, 2026, 45)]

    def computer_player(self):
        from .ai import PowerPlayAI

        return PowerPlayAI()

    def bench_lines(self, quick: bool) -> list[str]:
        from .ai import bench_line

        return [bench_line(self, 10 if quick else 40)]

    # -- JSON and scenarios ------------------------------------------------------------------
    def to_json(self, s: PPState) -> dict[str, Any]:
        out = super().to_json(s)
        out["active"] = seat_label(s.current)
        out["actor"] = seat_label(s.actor) if s.actor is not None else None
        out["round"] = s.round
        out["turn"] = s.round_turn
        out["turn_number"] = s.turn
        loc = s.zones["location"]
        out["location"] = s.name(loc[0]) if loc else None
        out["face_down"] = sorted(s.name(c) for c in s.facedown)
        if s.hero is not None:
            out["tally"] = {"heroes": s.hero.total, "villain": s.villain_tally.total,
                            "bonus": s.bonus_total}
            out["working"] = s.hero.lines() + s.villain_tally.lines()
        else:
            out["tally"] = None
            out["working"] = []
        out["outcome"] = s.outcome
        out["bonus"] = {seat_label(o): [s.name(c) for c in s.zones[f"bonus.{o}"]]
                        for o in range(s.seats)}
        out["bad_news"] = {seat_label(o): s.bad_news(o) for o in range(s.seats)}
        out["score"] = s.score
        out["result"] = s.result
        out["status"] = self.status(s, s.actor)
        return out

    def state_from_position(self, catalog: Catalog, options: dict[str, Any], seed: int,
                            position: dict[str, Any]) -> PPState:
        from .scenario import build_state

        return build_state(self, catalog, self.normalize_options(options), seed, position)

