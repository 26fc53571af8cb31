"""Solo Deck-Builder: one player against a location stack, supervillains and an enemy deck.

The opponent is the rules: the automatic steps of each turn (1-5 and 7) run inside
:meth:`SoloGame.apply` as a queue of tasks (:mod:`.tasks`, :mod:`.steps`,
:mod:`.effects`) that write what they do, and why, to the log. The player's moves are
step 6 (play, buy, defeat, end) and the decisions the automatic steps ask for (a
Defense card against a Weakness, which card to discard or destroy, which villain to
defeat for free and where a secured location goes).
"""

from __future__ import annotations

from typing import Any

from ...engine.cards import CardError, Catalog
from ...engine.info import GameInfo, Option
from ...engine.legacy import LegacyGame as Game
from ...engine.moves import Move
from ...engine.state import HIDDEN, ZoneSpec
from . import effects as _effects  # noqa: F401 - registers the effect tasks
from . import notation
from .cards import CARD_KINDS, Info, check_catalog, compile_card
from .effects import destroy_candidates, play_tasks
from .state import HIDDEN_ZONES, SoloState
from .steps import STEP_NAMES, defeat_free, defense_cards, place_location, take_weakness
from .tasks import plural, push, run

LOCATIONS = 5
SUPERVILLAINS = 5
#: spare copies of each starter kept in the box (for the random-card attack)
STARTER_SPARES = 2

OPTIONS = (
    Option("superhero", "Superhero",
           "Choose your superhero at the start, or let chance decide.",
           default="choose", choices=(("choose", "Choose at the start"), ("random", "Random"))),
)

PENDING_KINDS = {
    "hero": ("hero",),
    "defend": ("defend", "accept"),
    "hand_discard": ("discard",),
    "destroy": ("destroy", "done"),
    "foresee": ("foresee", "done"),
    "free_defeat": ("free",),
    "secure": ("hq", "stack"),
}
MAIN_KINDS = ("play", "buy", "defeat", "end")


class SoloGame(Game):
    info = GameInfo(
        id="solo-deckbuilder",
        title="Solo Deck-Builder",
        blurb="Build a deck alone against the city: secure five locations before the "
              "villains eat the resource row.",
        min_seats=1, max_seats=1, mode="solo", options=OPTIONS,
    )
    zones = {
        "location_stack": ZoneSpec("Locations", "hidden", "pile"),
        "location": ZoneSpec("Active location", "public", "pile"),
        "sv_stack": ZoneSpec("Supervillains", "hidden", "pile"),
        "supervillain": ZoneSpec("Supervillain", "public", "pile"),
        "enemy": ZoneSpec("Enemy deck", "hidden", "pile"),
        "battleground": ZoneSpec("Battleground", "public", "row", newest_left=True),
        "defeated": ZoneSpec("Defeated villains", "public", "pile"),
        "resources": ZoneSpec("Resources deck", "hidden", "pile"),
        "row": ZoneSpec("Resource row", "public", "row", newest_left=True),
        "resource_discard": ZoneSpec("Resources discard", "public", "pile"),
        "revealed": ZoneSpec("Revealed", "public", "row"),
        "kicks": ZoneSpec("Haymaker pile", "public", "pile"),
        "weaknesses": ZoneSpec("Weakness stack", "public", "pile"),
        "destroyed": ZoneSpec("Out of the game", "public", "pile"),
        "superheroes": ZoneSpec("Superheroes to choose from", "public", "row"),
        "box": ZoneSpec("Not in this game", "hidden", "pile"),
        "deck": ZoneSpec("Your deck", "hidden", "pile"),
        "hand": ZoneSpec("Hand", "owner", "hand"),
        "played": ZoneSpec("Played", "public", "row"),
        "discard": ZoneSpec("Your discard pile", "public", "pile"),
        "hero": ZoneSpec("Superhero", "public", "pile"),
        "hq": ZoneSpec("HQ", "public", "pile"),
        "secured": ZoneSpec("Secured stack", "public", "pile"),
    }
    card_kinds = CARD_KINDS

    # -- cards ----------------------------------------------------------------------------
    def check_catalog(self, catalog: Catalog) -> list[CardError]:
        return check_catalog(catalog)

    # -- set-up ---------------------------------------------------------------------------
    def new_state(self, catalog: Catalog, options: dict[str, Any], seed: int) -> SoloState:
        options = self.normalize_options(options)
        s = self._empty_state(catalog, options, seed)
        by_kind: dict[str, list[int]] = {}
        for i, inf in enumerate(s.info):
            by_kind.setdefault(inf.kind, []).append(i)
        z = s.zones
        for group in self._starter_groups(s, by_kind.get("starter", [])):
            z["deck.0"].extend(group[:len(group) - STARTER_SPARES])
            z["box"].extend(group[len(group) - STARTER_SPARES:])
        z["kicks"] = by_kind.get("kick", [])
        z["weaknesses"] = by_kind.get("weakness", [])
        z["resources"] = by_kind.get("resource", [])
        z["enemy"] = by_kind.get("villain", [])
        for zone in ("deck.0", "resources", "enemy"):
            s.shuffle(z[zone])
        svs = by_kind.get("supervillain", [])
        locs = by_kind.get("location", [])
        s.shuffle(svs)
        s.shuffle(locs)
        z["sv_stack"] = svs[:SUPERVILLAINS]
        z["location_stack"] = locs[:LOCATIONS]
        z["box"].extend(svs[SUPERVILLAINS:] + locs[LOCATIONS:])
        z["superheroes"] = by_kind.get("superhero", [])
        s.say(f"Set-up: {LOCATIONS} locations and {SUPERVILLAINS} supervillains shuffled face "
              f"down; enemy deck {len(z['enemy'])} villains; resources deck "
              f"{len(z['resources'])} cards; your deck {len(z['deck.0'])} cards")
        self._choose_hero_or_wait(s)
        return s

    def _empty_state(self, catalog: Catalog, options: dict[str, Any], seed: int) -> SoloState:
        defs = []
        for card in sorted(catalog.cards.values(), key=lambda c: (c.kind, c.id)):
            copies = card.data.get("copies", 1)
            if card.kind == "starter":
                copies += STARTER_SPARES
            defs.extend([card] * copies)
        cards = tuple(defs)
        compiled: dict[str, Info] = {}
        info = tuple(compiled.setdefault(c.id, compile_card(c)) for c in cards)
        kinds = {inf.kind for inf in info}
        counts = {k: sum(1 for inf in info if inf.kind == k) for k in kinds}
        needs = [("location", LOCATIONS), ("supervillain", SUPERVILLAINS), ("superhero", 1),
                 ("villain", 1), ("resource", 1), ("starter", 1), ("weakness", 1),
                 ("kick", 1)]
        missing = [f"{n} {k}" for k, n in needs if counts.get(k, 0) < n]
        if missing:
            raise ValueError("Solo Deck-Builder needs at least " + ", ".join(missing)
                             + " card(s) in the set")
        s = SoloState(cards, info, seed, options)
        for name in self.zones:
            if self.zones[name].visibility == "owner" or name in (
                    "deck", "played", "discard", "hero", "hq", "secured"):
                s.zones[f"{name}.0"] = []
            else:
                s.zones[name] = []
        return s

    @staticmethod
    def _starter_groups(s: SoloState, starters: list[int]) -> list[list[int]]:
        groups: dict[str, list[int]] = {}
        for c in starters:
            groups.setdefault(s.info[c].id, []).append(c)
        return list(groups.values())

    def _choose_hero_or_wait(self, s: SoloState) -> None:
        heroes = s.zones["superheroes"]
        if s.options.get("superhero") == "random" or len(heroes) == 1:
            self._take_hero(s, heroes[s.randint(len(heroes))])
            run(s)
        else:
            s.pending = ("hero",)

    def _take_hero(self, s: SoloState, card: int) -> None:
        s.zones["superheroes"].remove(card)
        s.zones["hero.0"].append(card)
        s.zones["box"].extend(s.zones["superheroes"])
        s.zones["superheroes"] = []
        ab = s.info[card].ability
        s.say(f"Your superhero: {s.name(card)} \u2014 {ab.text}")
        push(s, ("begin",))

    # -- legal moves ----------------------------------------------------------------------
    def legal_moves(self, s: SoloState) -> list[Move]:  # noqa: C901
        if s.over:
            return []
        p = s.pending
        z = s.zones
        if p is not None:
            kind = p[0]
            if kind == "hero":
                return [Move("hero", 0, c, "hero.0") for c in z["superheroes"]]
            if kind == "defend":
                return [Move("defend", 0, c, "discard.0")
                        for c in self._distinct(s, defense_cards(s))] + [Move("accept", 0)]
            if kind == "hand_discard":
                return [Move("discard", 0, c, "discard.0")
                        for c in self._distinct(s, z["hand.0"])]
            if kind == "destroy":
                return [Move("destroy", 0, c, where)
                        for c, where in destroy_candidates(s, p[2])] + [Move("done", 0)]
            if kind == "foresee":
                out = [Move("foresee", 0, c, "played.0") for c in z["revealed"]]
                if z["resource_discard"]:
                    out.append(Move("foresee", 0, z["resource_discard"][-1], "played.0"))
                return out + [Move("done", 0)]
            if kind == "free_defeat":
                return [Move("free", 0, c, "defeated")
                        for c in self._distinct(s, z["battleground"])]
            if kind == "secure":
                return [Move("hq", 0, p[1], "hq.0"), Move("stack", 0, p[1], "secured.0")]
            return []
        if s.step != 6 or s.tasks:
            return []
        info = s.info
        power = s.power
        out = [Move("play", 0, c, "played.0") for c in z["hand.0"] if info[c].effects]
        out.extend(Move("buy", 0, c, "discard.0") for c in z["row"] if info[c].cost <= power)
        if z["kicks"] and info[z["kicks"][-1]].cost <= power:
            out.append(Move("buy", 0, z["kicks"][-1], "discard.0"))
        out.extend(Move("defeat", 0, c, "defeated") for c in z["battleground"]
                   if info[c].cost <= power)
        sv = s.supervillain
        if sv is not None and s.location is not None and s.sv_cost() <= power:
            out.append(Move("defeat", 0, sv, "defeated"))
        out.append(Move("end", 0))
        return out

    @staticmethod
    def _distinct(s: SoloState, cards: list[int]) -> list[int]:
        """The first card of each name (choices between identical cards are one choice)."""
        seen: set[str] = set()
        out = []
        for c in cards:
            key = s.info[c].id
            if key not in seen:
                seen.add(key)
                out.append(c)
        return out

    # -- applying moves -------------------------------------------------------------------
    def apply(self, s: SoloState, m: Move) -> None:
        getattr(self, "_do_" + m.kind)(s, m)
        run(s)

    def _do_hero(self, s: SoloState, m: Move) -> None:
        s.pending = None
        self._take_hero(s, m.card)

    def _do_play(self, s: SoloState, m: Move) -> None:
        s.zones["hand.0"].remove(m.card)
        s.zones["played.0"].append(m.card)
        s.say(f"You play {s.name(m.card)}")
        push(s, *play_tasks(s, m.card))

    def _do_buy(self, s: SoloState, m: Move) -> None:
        card = m.card
        zone = "row" if card in s.zones["row"] else "kicks"
        s.zones[zone].remove(card)
        s.zones["discard.0"].append(card)
        s.power -= s.info[card].cost
        s.say(f"You buy {s.name(card)} for {s.info[card].cost} Power ({s.power} left); "
              "it goes to your discard pile")
        push(s, ("trigger", "buy", card), ("gained", card))

    def _do_defeat(self, s: SoloState, m: Move) -> None:
        card = m.card
        if card == s.supervillain:
            cost = s.sv_cost()
            loc = s.location
            s.power -= cost
            s.zones["supervillain"].remove(card)
            s.zones["destroyed"].append(card)
            s.say(f"You defeat supervillain {s.name(card)} for {cost} Power ({s.power} left): "
                  f"{s.name(loc)} is secured and {s.name(card)} leaves the game")
            push(s, ("trigger", "defeat", card), ("free_defeat",), ("secure", loc))
            return
        s.power -= s.info[card].cost
        s.zones["battleground"].remove(card)
        s.zones["defeated"].append(card)
        s.say(f"You defeat {s.name(card)} for {s.info[card].cost} Power ({s.power} left)")
        push(s, ("trigger", "defeat", card))

    def _do_end(self, s: SoloState, m: Move) -> None:
        s.say(f"You end step 6 with {plural(s.power, 'unspent Power', 'unspent Power')}"
              if s.power else "You end step 6")
        push(s, ("attack_row",), ("cleanup",), ("begin",))

    def _do_defend(self, s: SoloState, m: Move) -> None:
        reason = s.pending[1]
        s.pending = None
        s.zones["hand.0"].remove(m.card)
        s.zones["discard.0"].append(m.card)
        draws = sum(e["count"] for e in s.info[m.card].defense if e["effect"] == "draw")
        s.later_draws += draws
        extra = f"; {plural(draws, 'card')} more at the next step 3" if draws else ""
        s.say(f"{s.name(m.card)} (Defense) is discarded and prevents the Weakness "
              f"({reason}){extra}")

    def _do_accept(self, s: SoloState, m: Move) -> None:
        reason = s.pending[1]
        s.pending = None
        take_weakness(s, reason)

    def _do_discard(self, s: SoloState, m: Move) -> None:
        _, left, who = s.pending
        s.zones["hand.0"].remove(m.card)
        s.zones["discard.0"].append(m.card)
        s.say(f"You discard {s.name(m.card)} ({who})")
        left -= 1
        s.pending = ("hand_discard", left, who) if left and s.zones["hand.0"] else None

    def _do_destroy(self, s: SoloState, m: Move) -> None:
        _, left, where, who = s.pending
        s.zones[f"{m.target}.0"].remove(m.card)
        s.zones["destroyed"].append(m.card)
        s.say(f"{who}: you destroy {s.name(m.card)} from your {m.target}; it leaves the game")
        left -= 1
        s.pending = ("destroy", left, where, who) if left and destroy_candidates(s, where) \
            else None

    def _do_done(self, s: SoloState, m: Move) -> None:
        if s.pending[0] == "foresee":
            self._return_revealed(s)
            s.say(f"{s.pending[1]}: you play neither card")
        s.pending = None

    def _do_foresee(self, s: SoloState, m: Move) -> None:
        card = m.card
        if card in s.zones["revealed"]:
            s.zones["revealed"].remove(card)
            where = "revealed"
        else:
            s.zones["resource_discard"].remove(card)
            where = "from the resources discard pile"
        self._return_revealed(s)
        s.zones["played.0"].append(card)
        s.borrowed.append(card)
        s.say(f"{s.pending[1]}: you play {s.name(card)} ({where}); it goes on top of the "
              "resources deck at the end of the turn")
        s.pending = None
        push(s, *play_tasks(s, card))

    @staticmethod
    def _return_revealed(s: SoloState) -> None:
        for c in s.zones["revealed"]:
            s.zones["resources"].append(c)
        s.zones["revealed"] = []

    def _do_free(self, s: SoloState, m: Move) -> None:
        s.pending = None
        defeat_free(s, m.card)

    def _do_hq(self, s: SoloState, m: Move) -> None:
        s.pending = None
        place_location(s, m.card, True)

    def _do_stack(self, s: SoloState, m: Move) -> None:
        s.pending = None
        place_location(s, m.card, False)

    def returns(self, s: SoloState) -> tuple[float, ...]:
        if not s.over:
            return (0.5,)
        return (1.0,) if s.winners else (0.0,)

    # -- explaining refusals --------------------------------------------------------------
    def explain(self, s: SoloState, m: Move) -> str:  # noqa: C901
        if s.over:
            return "The game is over."
        if m.seat != 0:
            return "This is a one-player game: every move is P1's."
        p = s.pending
        if p is not None and m.kind not in PENDING_KINDS[p[0]]:
            return f"First decide: {self.status(s, 0)}."
        if p is None and s.step == 6 and m.kind in sum(PENDING_KINDS.values(), ()):
            return "Nothing is waiting for that decision now."
        card = m.card
        inf = s.info[card] if isinstance(card, int) and card >= 0 else None
        z = s.zones
        if m.kind == "play":
            if card not in z["hand.0"]:
                return "Only cards in your hand can be played."
            if not inf.effects:
                return (f"{inf.name} does nothing when played: it stays in your hand and is "
                        "discarded at the end of the turn.")
        if m.kind == "buy":
            if card in z["battleground"] or card == s.supervillain:
                return "Villains are defeated, not bought: drop it on the Defeated pile."
            if card not in z["row"] and (not z["kicks"] or card != z["kicks"][-1]):
                return ("You can buy the cards of the resource row and the top card of the "
                        "Haymaker pile.")
            return f"{inf.name} costs {inf.cost} Power; you have {s.power}."
        if m.kind == "defeat":
            if card == s.supervillain:
                loc = s.loc_info()
                return (f"{inf.name} costs {inf.cost} + {loc.modifier} ({loc.name}) = "
                        f"{s.sv_cost()} Power; you have {s.power}.")
            if card in z["row"] or (z["kicks"] and card == z["kicks"][-1]):
                return "Resources are bought: drop it on your discard pile."
            if card not in z["battleground"]:
                return "Only the villains in the battleground and the supervillain can be " \
                       "defeated."
            return f"{inf.name} costs {inf.cost} Power to defeat; you have {s.power}."
        if m.kind == "defend":
            return "Only a Defense card in your hand can prevent the Weakness."
        if m.kind in ("discard", "destroy"):
            return "Choose one of the cards offered (from your hand or discard pile)."
        if m.kind == "free":
            return "Choose a villain in the battleground to defeat for free."
        return f"Not now: {self.status(s, 0)}."

    # -- status line ----------------------------------------------------------------------
    def status(self, s: SoloState, seat: int | None = None) -> str:  # noqa: C901
        if s.over:
            return s.result
        p = s.pending
        if p is not None:
            kind = p[0]
            if kind == "hero":
                return "Choose your superhero"
            if kind == "defend":
                return f"{p[1]}: use a Defense card to prevent the Weakness, or take it"
            if kind == "hand_discard":
                return f"{p[2]}: discard {plural(p[1], 'card')} from your hand"
            if kind == "destroy":
                where = {"hand": "hand", "discard": "discard pile",
                         "hand_or_discard": "hand or discard pile"}[p[2]]
                return f"{p[3]}: destroy up to {plural(p[1], 'card')} from your {where}, " \
                       "or done"
            if kind == "foresee":
                options = [s.name(c) for c in s.zones["revealed"]]
                if s.zones["resource_discard"]:
                    options.append(s.name(s.zones["resource_discard"][-1]))
                return f"{p[1]}: play {' or '.join(options)}, or neither"
            if kind == "free_defeat":
                return "Location secured: choose a villain to defeat for free"
            if kind == "secure":
                return f"{s.name(p[1])} is secured: make it your HQ or put it in the " \
                       "Secured stack"
        if s.step == 6:
            return (f"Step 6: play cards, buy resources, defeat villains \u2014 {s.power} "
                    "Power")
        return f"Step {s.step}: {STEP_NAMES[s.step]}"

    # -- gestures -------------------------------------------------------------------------
    def gesture(self, move: Move) -> str:
        return "drag" if move.kind in ("play", "buy", "defeat") else "button"

    def describe(self, s: SoloState, m: Move) -> str:
        k = m.kind
        name = s.name(m.card) if m.card is not None else ""
        if k == "hero":
            return f"Play as {name}"
        if k == "defend":
            return f"Prevent it with {name}"
        if k == "accept":
            return "Take the Weakness"
        if k == "discard":
            return f"Discard {name}"
        if k == "destroy":
            return f"Destroy {name} ({'hand' if m.target == 'hand' else 'discard pile'})"
        if k == "foresee":
            where = "revealed" if m.card in s.zones["revealed"] else "resources discard"
            return f"Play {name} ({where})"
        if k == "done":
            return "Play neither" if s.pending and s.pending[0] == "foresee" else "Done"
        if k == "free":
            return f"Defeat {name} for free"
        if k == "hq":
            return f"Make {name} your HQ"
        if k == "stack":
            return "Put it in the Secured stack"
        if k == "end":
            return "End turn (villains attack)"
        return notation.format_move(s, m)

    def move_for_drop(self, s: SoloState, seat: int, card: int,
                      target: int | str) -> Move | None:
        if card is None or card < 0:
            return None
        z = s.zones
        home = next((name for name in ("hand.0", "row", "kicks", "battleground",
                                       "supervillain") if card in z[name]), None)
        if home is None or target == home or (isinstance(target, int) and target in z[home]):
            return None  # dropped back where it came from: nothing meant
        if card in z["hand.0"]:
            return Move("play", 0, card, "played.0")
        if card in z["row"] or (z["kicks"] and card == z["kicks"][-1]):
            if target in ("defeated",) or target in z["battleground"]:
                return Move("defeat", 0, card, "defeated")
            return Move("buy", 0, card, "discard.0")
        if card in z["battleground"] or card == s.supervillain:
            if target == "discard.0":
                return Move("buy", 0, card, "discard.0")
            return Move("defeat", 0, card, "defeated")
        return None

    # -- notation -------------------------------------------------------------------------
    def format_move(self, s: SoloState, m: Move) -> str:
        return notation.format_move(s, m)

    def parse_move(self, s: SoloState, text: str) -> Move:
        return notation.parse_move(s, text)

    # -- hidden information ---------------------------------------------------------------
    def view(self, state: SoloState, seat: int | None) -> SoloState:
        """Like :meth:`Game.view`, faster: the hidden zones are known by name."""
        v = state.copy()
        v.rng = 0
        zones = v.zones
        for name in HIDDEN_ZONES:
            cards = zones[name]
            if cards:
                zones[name] = [HIDDEN] * len(cards)
        if seat != 0 and zones["hand.0"]:
            zones["hand.0"] = [HIDDEN] * len(zones["hand.0"])
        v.events = [e for e in state.events if e[1] is None or seat in e[1]]
        return v

    # -- samples, benchmark, computer player ----------------------------------------------
    def sample_saves(self):
        return [("solo-deckbuilder-sample.json", {"superhero": "random"}, 2026, 60)]

    def computer_player(self):
        from .ai import SoloAI

        return SoloAI()

    def bench_lines(self, quick: bool) -> list[str]:
        from .ai import win_rate

        games = 200 if quick else 1000
        rate, seconds, turns = win_rate(self, games)
        return [f"  computer player wins {rate:6.1%} of {games} games "
                f"({turns:.1f} turns a game, {games / seconds:.0f} games/s) \u2014 a "
                "balance figure for modders"]

    # -- JSON and scenarios ---------------------------------------------------------------
    def to_json(self, s: SoloState) -> dict[str, Any]:
        out = super().to_json(s)
        out.update({
            "turn": s.turn,
            "step": s.step,
            "power": s.power,
            "pending": self._pending_json(s),
            "location": s.name(s.location) if s.location is not None else None,
            "supervillain": s.name(s.supervillain) if s.supervillain is not None else None,
            "superhero": s.name(s.hero) if s.hero is not None else None,
            "weaknesses": s.owned_weaknesses(),
            "later_draws": s.later_draws,
            "secured": s.secured_count(),
            "result": s.result,
            "status": self.status(s, 0),
        })
        return out

    @staticmethod
    def _pending_json(s: SoloState) -> str | None:
        return None if s.pending is None else s.pending[0]

    def state_from_position(self, catalog: Catalog, options: dict[str, Any], seed: int,
                            position: dict[str, Any]) -> SoloState:
        from .scenario import build_state

        return build_state(self, catalog, self.normalize_options(options), seed, position)


