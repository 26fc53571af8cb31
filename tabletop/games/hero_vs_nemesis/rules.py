"""Hero vs Nemesis: the asymmetric two-player game on a standard deck.

Seat 0 (P1) is the hero, seat 1 (P2) the nemesis. Phases (``state.phase``):

``ace``, ``king``   set-up: the hero takes an Ace (the greatest power) and a King of
                    another suit; the two Queens of the remaining suits follow;
``resource``        the nemesis takes the 2 of one suit; ``lost``: what the hero took;
``meddle``          the nemesis may help or hinder the hero's conflicts: once when they
                    are drawn (stage ``before``) and when the hero has finished (``after``);
``counter``         the hero plays cards onto conflicts until every one is countered or
                    the hand is empty (and may spend popular support to switch a card);
                    then tokens, harm and the end-of-turn loss are settled at once;
``scavenge``        the nemesis takes one card the hero set aside;
``plot``            a scheme has been drawn; the nemesis plays cards to schemes, calls a
                    showdown or ends the turn;
``stake``, ``answer``  the showdown: the nemesis stakes cards, the hero answers;
``return``          the nemesis spends bad press to take played cards back to its hand.

Rulings: docs/rulings.md (Hero vs Nemesis).
"""

from __future__ import annotations

from typing import Any

from ...engine.cards import CardError, Catalog
from ...engine.info import GameInfo
from ...engine.legacy import LegacyGame as Game
from ...engine.moves import Move
from ...engine.state import HIDDEN, ZoneSpec
from . import interface, notation
from . import reckoning as rk
from .cards import CARD_KINDS, check_catalog, deck_of
from .explain import explain
from .state import HERO, LOSSES, NEMESIS, HvNState

HAND_SIZE = 5
SHOWDOWN_HAND = 3
WINS_NEEDED = 2


class HeroVsNemesisGame(Game):
    info = GameInfo(
        id="hero-vs-nemesis",
        title="Hero vs Nemesis",
        blurb="A superhero faces two conflicts a turn; the nemesis whose life they ruined "
              "scavenges, schemes and calls showdowns. Two players, one standard deck, "
              "and a story told as you play.",
        min_seats=2, max_seats=2, mode="competitive", narration=True,
        seat_roles=("Hero", "Nemesis"),
    )
    zones = {
        "deck": ZoneSpec("Deck", "hidden", "pile"),
        "discard": ZoneSpec("Discard pile", "public", "pile"),
        "hand": ZoneSpec("Hand", "owner", "hand"),
        "offer": ZoneSpec("Set-up choice", "owner", "row"),
        "conflicts": ZoneSpec("Conflicts", "public", "row"),
        "counters": ZoneSpec("Cards on conflicts", "public", "row"),
        "aside": ZoneSpec("Set aside", "public", "row"),
        "schemes": ZoneSpec("Schemes", "public", "row"),
        "plots": ZoneSpec("Cards on schemes", "public", "row"),
        "support": ZoneSpec("Support pile", "public", "row"),
        "showdown": ZoneSpec("Showdown", "public", "row"),
        "spent": ZoneSpec("Played this turn", "public", "row"),
    }
    card_kinds = CARD_KINDS
    card_sets = ("standard-deck",)

    # -- cards ----------------------------------------------------------------------------
    def check_catalog(self, catalog: Catalog) -> list[CardError]:
        return check_catalog(catalog)

    def showcase(self, catalog: Catalog) -> list:
        """The four Aces and a King, with their meanings (the main menu's fan)."""
        cards, info = deck_of(catalog)
        aces = [c for c, i in zip(cards, info, strict=True) if i.rank == "A"]
        kings = [c for c, i in zip(cards, info, strict=True) if i.rank == "K"]
        return (aces + kings)[:5]

    # -- set-up ---------------------------------------------------------------------------
    def new_state(self, catalog: Catalog, options: dict[str, Any], seed: int) -> HvNState:
        if not (catalog.of_kind("suit-role") and catalog.of_kind("rank-role")):
            raise ValueError("Hero vs Nemesis needs the meanings of the suits and ranks "
                             "(cards/hero-vs-nemesis)")
        cards, info = deck_of(catalog)
        if not cards:
            raise ValueError("Hero vs Nemesis needs the standard deck (cards/standard-deck)")
        s = HvNState(cards, info, seed, self.normalize_options(options))
        for zone in ("discard", "hand.0", "hand.1", "offer.0", "offer.1", "conflicts",
                     "counters", "aside", "schemes", "plots", "support.1", "showdown",
                     "spent"):
            s.zones[zone] = []
        s.zones["deck"] = list(range(len(cards)))
        s.shuffle(s.zones["deck"])
        s.say("The hero and the nemesis come to the table")
        self._offer(s, HERO, "A", exclude=())
        s.phase = "ace"
        s.actor = HERO
        return s

    def _offer(self, s: HvNState, seat: int, rank: str, exclude) -> None:
        """Lay the cards of ``rank`` (one per suit not in ``exclude``) out for a choice."""
        seen = set()
        for c in sorted(s.zones["deck"]):
            inf = s.info[c]
            if inf.rank == rank and inf.suit not in exclude and inf.suit not in seen:
                seen.add(inf.suit)
                s.move_card(c, "deck", f"offer.{seat}")

    def _take_back(self, s: HvNState, seat: int) -> None:
        s.zones["deck"].extend(s.zones[f"offer.{seat}"])
        s.zones[f"offer.{seat}"] = []
        s.shuffle(s.zones["deck"])
        s.reveals += 1

    # -- legal moves ----------------------------------------------------------------------
    def legal_moves(self, s: HvNState) -> list[Move]:  # noqa: C901
        if s.over or s.actor is None:
            return []
        ph = s.phase
        seat = s.actor
        if ph in ("ace", "king", "resource"):
            hand = f"hand.{seat}"
            return [Move(ph, seat, c, hand) for c in s.zones[f"offer.{seat}"]]
        if ph == "lost":
            return [Move("lost", NEMESIS, None, None, i) for i in range(len(LOSSES))]
        if ph == "counter":
            open_ = [c for c in s.zones["conflicts"] if not rk.is_countered(s, c)]
            hand = s.zones["hand.0"]
            out = [Move("counter", HERO, c, t) for c in hand for t in open_]
            out.extend(self._switches(s))
            return out
        if ph == "meddle":
            return self._meddles(s) + [Move("pass", NEMESIS)]
        if ph == "scavenge":
            aside = s.zones["aside"]
            plain = [c for c in aside if not s.info[c].joker]
            return [Move("scavenge", NEMESIS, c, rk.scavenge_to(s, c)) for c in plain or aside]
        if ph == "plot":
            out = [Move("plot", NEMESIS, c, sc) for sc in s.zones["schemes"]
                   for c in self._playable(s)]
            if not s.dueled and self._playable(s):
                out.append(Move("showdown", NEMESIS))
            out.append(Move("end", NEMESIS))
            return out
        if ph == "stake":
            out = [Move("stake", NEMESIS, c, "showdown") for c in self._playable(s)]
            if any(s.role.get(c) == "stake" for c in s.zones["showdown"]):
                out.append(Move("challenge", NEMESIS))
            return out
        if ph == "answer":
            out = [Move("answer", HERO, c, "showdown") for c in s.zones["hand.0"]]
            out.extend(self._switches(s))
            out.append(Move("yield", HERO))
            return out
        if ph == "return":
            out = [Move("return", NEMESIS, c, "hand.1") for c in self._returnable(s)]
            out.append(Move("end", NEMESIS))
            return out
        return []

    def _switches(self, s: HvNState) -> list[Move]:
        if s.popular <= 0 or not s.zones["deck"]:
            return []
        return [Move("switch", HERO, c, "deck") for c in s.zones["hand.0"]]

    @staticmethod
    def _playable(s: HvNState) -> list[int]:
        """The nemesis's cards it may play now: never the last card of its hand."""
        hand = s.zones["hand.1"]
        return (hand if len(hand) >= 2 else []) + s.zones["support.1"]

    def _meddles(self, s: HvNState) -> list[Move]:
        cards = self._playable(s)
        if not cards:
            return []
        out = []
        for t in s.zones["conflicts"]:
            countered = rk.is_countered(s, t)
            if not s.info[t].needs and not rk.joker_countered(s, t):
                out.extend(Move("hinder", NEMESIS, c, t) for c in cards)
            if not countered:
                out.extend(Move("help", NEMESIS, c, t) for c in cards)
        return out

    @staticmethod
    def _returnable(s: HvNState) -> list[int]:
        if s.press <= 0:
            return []
        return [c for c in s.zones["spent"] if c not in s.weak and not s.info[c].joker]

    # -- applying moves -------------------------------------------------------------------
    def apply(self, s: HvNState, m: Move) -> None:
        getattr(self, "_do_" + m.kind)(s, m)

    # set-up
    def _do_ace(self, s: HvNState, m: Move) -> None:
        inf = s.info[m.card]
        s.move_card(m.card, "offer.0", "hand.0")
        self._take_back(s, HERO)
        s.say(f"You take the {inf.name}: {inf.power} is your greatest power", only={HERO})
        s.say("The hero chooses a greatest power (an Ace, kept hidden)")
        self._offer(s, HERO, "K", exclude=(inf.suit,))
        s.phase = "king"

    def _do_king(self, s: HvNState, m: Move) -> None:
        inf = s.info[m.card]
        s.move_card(m.card, "offer.0", "hand.0")
        self._take_back(s, HERO)
        taken = {s.info[c].suit for c in s.zones["hand.0"]}
        queens = []
        for c in sorted(s.zones["deck"]):
            q = s.info[c]
            if q.rank == "Q" and q.suit not in taken:
                taken.add(q.suit)
                s.move_card(c, "deck", "hand.0")
                queens.append(q)
        s.shuffle(s.zones["deck"])
        powers = ", ".join(f"{q.power} ({q.name})" for q in queens)
        s.say(f"You take the {inf.name} ({inf.power}) and the Queens: {powers}", only={HERO})
        s.say("The hero takes a King and two Queens: four powers, four different suits "
              "(kept hidden)")
        self._offer(s, NEMESIS, "2", exclude=())
        s.phase = "resource"
        s.actor = s.current = NEMESIS

    def _do_resource(self, s: HvNState, m: Move) -> None:
        inf = s.info[m.card]
        s.move_card(m.card, "offer.1", "hand.1")
        self._take_back(s, NEMESIS)
        s.say(f"You take the {inf.name}: you start with {inf.resource.lower()}",
              only={NEMESIS})
        s.say("The nemesis picks a first resource (a 2, kept hidden)")
        s.phase = "lost"

    def _do_lost(self, s: HvNState, m: Move) -> None:
        s.lost = int(m.choice)
        s.say(f"The nemesis lost their {LOSSES[s.lost]} because of the hero")
        self._hero_turn(s)

    # the hero's turn
    def _hero_turn(self, s: HvNState) -> None:
        s.turn += 1
        s.current = HERO
        s.dueled = False
        s.say(f"Turn {s.turn}: the hero")
        hand = s.zones["hand.0"]
        need = HAND_SIZE - len(hand)
        if need > 0:
            drawn = self._draw_to_hero(s, need)
            if drawn < need:
                self._deck_out(s)
                return
        for _ in range(2):
            c = s.draw("deck", "conflicts")
            if c is None:
                self._deck_out(s)
                return
            inf = s.info[c]
            s.say(f"Conflict: {inf.label} ({inf.name}, {self._conflict_worth(inf)})")
        self._open_window(s, "before")

    @staticmethod
    def _conflict_worth(inf) -> str:
        return f"needs {inf.needs} cards" if inf.needs else f"value {inf.value}"

    def _draw_to_hero(self, s: HvNState, n: int) -> int:
        names = []
        for _ in range(n):
            c = s.draw("deck", "hand.0")
            if c is None:
                break
            names.append(s.name(c))
        if names:
            s.say(f"You draw {', '.join(names)}", only={HERO})
            s.say(f"The hero draws {len(names)} card{'s' if len(names) > 1 else ''}")
        return len(names)

    def _open_window(self, s: HvNState, stage: str) -> None:
        s.stage = stage
        if self._window_useful(s):
            s.phase = "meddle"
            s.actor = NEMESIS
        else:
            self._after_window(s)

    def _window_useful(self, s: HvNState) -> bool:
        """Before the hero acts, any card the nemesis may play changes what the hero
        faces; once the hero is done, only cards that can turn a conflict around
        (countered into standing, or standing into countered) matter."""
        if not self._meddles(s):
            return False
        if s.stage == "before":
            return True
        hand = s.zones["hand.1"]
        support = s.zones["support.1"]
        values = sorted(s.info[c].value for c in hand)
        budget = len(support) + (sum(values[1:]) if len(values) >= 2 else 0)
        count = len(support) + max(0, len(hand) - 1)
        for t in s.zones["conflicts"]:
            inf = s.info[t]
            if rk.is_countered(s, t):
                if not inf.needs and not rk.joker_countered(s, t) and \
                        budget >= rk.counter_total(s, t) - rk.conflict_total(s, t):
                    return True
            elif inf.needs:
                if len(rk.counter_cards(s, t)) + count >= inf.needs:
                    return True
            elif rk.counter_total(s, t) + budget > rk.conflict_total(s, t):
                return True
        return False

    def _after_window(self, s: HvNState) -> None:
        if s.zones["hand.0"] and any(not rk.is_countered(s, c) for c in s.zones["conflicts"]):
            s.phase = "counter"
            s.actor = HERO
        else:
            self._resolve(s)

    def _do_counter(self, s: HvNState, m: Move) -> None:
        c, t = m.card, m.target
        s.move_card(c, "hand.0", "counters")
        s.attached[c] = t
        s.role[c] = "counter"
        inf, tinf = s.info[c], s.info[t]
        s.say(f"The hero uses {inf.power} ({inf.name}) against the {tinf.conflict}")
        self._report_conflict(s, t)
        if not s.zones["hand.0"] or all(rk.is_countered(s, x) for x in s.zones["conflicts"]):
            self._open_window(s, "after")

    def _report_conflict(self, s: HvNState, t: int) -> None:
        tinf = s.info[t]
        if tinf.needs:
            n = len(rk.counter_cards(s, t))
            tally = f"{n} of the {tinf.needs} cards it needs"
        else:
            tally = f"{rk.counter_total(s, t)} against {rk.conflict_total(s, t)}"
        if rk.joker_countered(s, t):
            s.say(f"The {tinf.conflict} is countered: the hero relies on plain humanity")
        elif rk.is_countered(s, t):
            s.say(f"The {tinf.conflict} is countered ({tally})")
        else:
            s.say(f"The {tinf.conflict} is not countered yet ({tally})")

    def _do_switch(self, s: HvNState, m: Move) -> None:
        s.popular -= 1
        s.move_card(m.card, "hand.0", "discard")
        s.say(f"The hero spends a token of popular support to switch the {s.name(m.card)} "
              "for a new card")
        self._draw_to_hero(s, 1)

    def _nemesis_card(self, s: HvNState, c: int, dst: str, target, role: str) -> str:
        """Move a card the nemesis plays; returns how the log names it."""
        src = "support.1" if c in s.zones["support.1"] else "hand.1"
        s.move_card(c, src, dst)
        if target is not None:
            s.attached[c] = target
        s.role[c] = role
        inf = s.info[c]
        if src == "support.1":
            s.weak.add(c)
            return f"the {inf.name} from the support pile (worth 1)"
        return f"{inf.resource.lower()} ({inf.name}, worth {inf.value})"

    def _do_hinder(self, s: HvNState, m: Move) -> None:
        was = rk.is_countered(s, m.target)
        what = self._nemesis_card(s, m.card, "counters", m.target, "hinder")
        tinf = s.info[m.target]
        s.say(f"The nemesis hinders the hero: {what} raise the {tinf.conflict} to "
              f"{rk.conflict_total(s, m.target)}")
        if was and not rk.is_countered(s, m.target):
            s.say(f"The {tinf.conflict} is no longer countered "
                  f"({rk.counter_total(s, m.target)} against {rk.conflict_total(s, m.target)})")
        self._meddled(s)

    def _do_help(self, s: HvNState, m: Move) -> None:
        what = self._nemesis_card(s, m.card, "counters", m.target, "help")
        tinf = s.info[m.target]
        s.say(f"The nemesis steps in on the hero's side of the {tinf.conflict}: {what}")
        self._report_conflict(s, m.target)
        self._meddled(s)

    def _meddled(self, s: HvNState) -> None:
        if not self._window_useful(s):
            self._after_window(s)

    def _do_pass(self, s: HvNState, m: Move) -> None:
        if s.stage == "before":
            s.say("The nemesis watches from the shadows")
        else:
            s.say("The nemesis does not interfere any further")
        self._after_window(s)

    def _resolve(self, s: HvNState) -> None:
        """Steps 4-6 of the hero's turn: tokens, harm, set aside, the loss check."""
        conflicts = list(s.zones["conflicts"])
        done = [c for c in conflicts if rk.is_countered(s, c)]
        left = [c for c in conflicts if c not in done]
        if done and not left and all(rk.same_suit(s, c) for c in done):
            s.popular += 1
            s.say("Popular support: every conflict was countered with its own suit "
                  f"(the hero has {s.popular})")
        opposite = [c for c in done if rk.opposite_colour(s, c)]
        if opposite:
            s.press += 1
            what = s.info[opposite[0]]
            s.say(f"Bad press: the {what.conflict} was countered only with "
                  f"{'black' if what.colour == 'red' else 'red'} cards against a {what.colour} "
                  f"conflict (the hero has {s.press})")
        if left:
            s.press += 1
            names = " and the ".join(s.info[c].conflict for c in left)
            s.say(f"Bad press: the {names} {'is' if len(left) == 1 else 'are'} left "
                  f"uncountered (the hero has {s.press})")
        for c in done:
            for x in rk.hero_cards(s, c):
                if s.info[x].harm:
                    self._unplay(s, x)
                    s.move_card(x, "counters", "support.1")
                    s.say(f"Harm: the hero's {s.info[x].power} ({s.name(x)}) hurts someone "
                          "close to the nemesis; the card goes to the nemesis's support pile")
        for c in done:
            for x in s.on(c, "counters"):
                self._unplay(s, x)
                s.move_card(x, "counters", "aside")
            s.move_card(c, "conflicts", "aside")
        if len(left) >= 2:
            self._game_over(s, (), "Two conflicts are left uncountered at the end of the "
                            "hero's turn: the hero, the nemesis and everything around them are "
                            "destroyed. Both lose.")
            return
        if not s.zones["deck"]:
            self._deck_out(s)
            return
        self._nemesis_turn(s)

    @staticmethod
    def _unplay(s: HvNState, c: int) -> None:
        s.attached.pop(c, None)
        s.role.pop(c, None)
        s.weak.discard(c)

    # the nemesis's turn
    def _nemesis_turn(self, s: HvNState) -> None:
        s.current = NEMESIS
        s.actor = NEMESIS
        s.stage = ""
        s.say(f"Turn {s.turn}: the nemesis")
        if s.zones["aside"]:
            s.phase = "scavenge"
        else:
            s.say("The hero set nothing aside: there is nothing to scavenge")
            self._draw_scheme(s)

    def _do_scavenge(self, s: HvNState, m: Move) -> None:
        s.move_card(m.card, "aside", m.target)
        inf = s.info[m.card]
        where = "into their hand" if m.target == "hand.1" else \
            "onto their support pile (worth 1 there)"
        s.say(f"The nemesis scavenges the {inf.name} ({inf.resource.lower()}) {where}")
        s.zones["discard"].extend(s.zones["aside"])
        s.zones["aside"] = []
        self._draw_scheme(s)

    def _draw_scheme(self, s: HvNState) -> None:
        c = s.draw("deck", "schemes")
        if c is None:
            self._deck_out(s)
            return
        inf = s.info[c]
        s.say(f"A new scheme: the {inf.name}, worth {inf.scheme} ({inf.resource.lower()})")
        s.phase = "plot"
        s.actor = NEMESIS

    def _do_plot(self, s: HvNState, m: Move) -> None:
        what = self._nemesis_card(s, m.card, "plots", m.target, "plot")
        sc = s.info[m.target]
        bonus = " and 1 more for the suit" if sc.suit and s.info[m.card].suit == sc.suit else ""
        s.say(f"The nemesis works on the scheme {sc.name} with {what}{bonus}, "
              f"{rk.scheme_total(s, m.target)} of the {sc.scheme} it needs")
        if rk.scheme_complete(s, m.target):
            for x in s.on(m.target, "plots"):
                s.attached.pop(x, None)
                s.role.pop(x, None)
                s.move_card(x, "plots", "spent")
            s.move_card(m.target, "schemes", "hand.1")
            s.say(f"Scheme complete: the {sc.name} goes to the nemesis's hand")

    def _do_showdown(self, s: HvNState, m: Move) -> None:
        s.dueled = True
        s.say("The nemesis challenges the hero to a showdown")
        need = SHOWDOWN_HAND - len(s.zones["hand.0"])
        if need > 0:
            self._draw_to_hero(s, need)
        s.phase = "stake"

    def _do_stake(self, s: HvNState, m: Move) -> None:
        what = self._nemesis_card(s, m.card, "showdown", None, "stake")
        inf = s.info[m.card]
        if inf.needs and m.card not in s.weak:
            what = f"{inf.resource.lower()} ({inf.name}): the hero needs {inf.needs} cards " \
                   "to answer it"
        s.say(f"The nemesis stakes {what}")

    def _do_challenge(self, s: HvNState, m: Move) -> None:
        s.say(f"The nemesis throws down {interface.stake_words(s)}")
        s.phase = "answer"
        s.actor = HERO
        if not s.zones["hand.0"]:
            s.say("The hero has no cards to answer with")
            self._end_showdown(s, False)

    def _do_answer(self, s: HvNState, m: Move) -> None:
        s.move_card(m.card, "hand.0", "showdown")
        s.role[m.card] = "answer"
        inf = s.info[m.card]
        s.say(f"The hero answers with {inf.power} ({inf.name})")
        if rk.showdown_topped(s):
            self._end_showdown(s, True)
        elif not s.zones["hand.0"]:
            self._end_showdown(s, False)

    def _do_yield(self, s: HvNState, m: Move) -> None:
        s.say("The hero gives up the showdown")
        self._end_showdown(s, False)

    def _end_showdown(self, s: HvNState, hero_won: bool) -> None:
        if hero_won:
            s.say("The hero tops the nemesis and wins the showdown")
        else:
            s.wins += 1
            s.say(f"The nemesis wins the showdown ({s.wins} of {WINS_NEEDED})")
        for c in list(s.zones["showdown"]):
            if s.role.pop(c) == "answer":
                s.move_card(c, "showdown", "discard")
            else:
                s.move_card(c, "showdown", "spent")
        if s.wins >= WINS_NEEDED:
            self._game_over(s, (NEMESIS,), "The nemesis has won two showdowns and brings the "
                            "hero down. The nemesis wins.")
            return
        self._close_nemesis_turn(s)

    def _do_end(self, s: HvNState, m: Move) -> None:
        if s.phase == "return":
            self._finish_nemesis_turn(s)
            return
        s.say("The nemesis ends the turn")
        self._close_nemesis_turn(s)

    def _close_nemesis_turn(self, s: HvNState) -> None:
        if self._returnable(s):
            s.phase = "return"
            s.actor = NEMESIS
        else:
            self._finish_nemesis_turn(s)

    def _do_return(self, s: HvNState, m: Move) -> None:
        s.press -= 1
        s.move_card(m.card, "spent", "hand.1")
        s.weak.discard(m.card)
        s.say(f"The nemesis spends one of the hero's bad press tokens: the {s.name(m.card)} "
              f"slips back into their hand ({s.press} left)")
        if not self._returnable(s):
            self._finish_nemesis_turn(s)

    def _finish_nemesis_turn(self, s: HvNState) -> None:
        for c in s.zones["spent"]:
            s.weak.discard(c)
        s.zones["discard"].extend(s.zones["spent"])
        s.zones["spent"] = []
        if not s.zones["deck"]:
            self._deck_out(s)
            return
        self._hero_turn(s)

    # the end
    def _deck_out(self, s: HvNState) -> None:
        self._game_over(s, (HERO,), "The deck has run out and the hero still stands: the "
                        "hero wins by default.")

    def _game_over(self, s: HvNState, winners: tuple[int, ...], text: str) -> None:
        s.over = True
        s.winners = winners
        if not winners:
            s.eliminated = {HERO, NEMESIS}
        s.actor = None
        s.phase = "over"
        s.result = text
        s.say(text)

    # -- refusals, status, gestures -------------------------------------------------------
    def explain(self, s: HvNState, m: Move) -> str:
        return explain(self, s, m)

    def status(self, s: HvNState, seat: int | None = None) -> str:
        return interface.status(s)

    def gesture(self, move: Move) -> str:
        return interface.gesture(move)

    def describe(self, s: HvNState, m: Move) -> str:
        return interface.describe(s, m)

    def move_for_drop(self, s: HvNState, seat: int, card: int,
                      target: int | str) -> Move | None:
        return interface.move_for_drop(s, seat, card, target)

    def narration_prompt(self, s: HvNState, seat: int | None) -> str:
        return interface.narration_prompt(s)

    def story(self, session) -> str:
        from .story import story

        return story(session)

    # -- notation -------------------------------------------------------------------------
    def format_move(self, s: HvNState, m: Move) -> str:
        return notation.format_move(s, m)

    def parse_move(self, s: HvNState, text: str) -> Move:
        return notation.parse_move(s, text)

    def public_notation(self, s: HvNState, m: Move, seat: int | None) -> str:
        if m.kind in ("ace", "king", "resource") and seat != m.seat:
            return f"P{m.seat + 1} {m.kind} (hidden)"
        return notation.format_move(s, m)

    def observe(self, s: HvNState, m: Move, seat: int) -> Move:
        if m.kind in ("ace", "king", "resource") and seat != m.seat:
            return Move(m.kind, m.seat, HIDDEN, m.target)
        return m

    # -- players, samples, JSON -----------------------------------------------------------
    def computer_player(self):
        from .ai import HvNPlayer

        return HvNPlayer()

    def sample_saves(self):
        return [("hero-vs-nemesis-sample.json", {}, 2026, 40)]

    def bench_lines(self, quick: bool) -> list[str]:
        import time

        from ...engine.players import playout
        from ...engine.rng import Rng
        from .ai import HvNPlayer

        catalog = self.load_catalog(mod_dirs=[])
        games = 5 if quick else 20
        t0 = time.perf_counter()
        for seed in range(games):
            playout(self, self.new_state(catalog, {}, seed), {0: HvNPlayer(), 1: HvNPlayer()},
                    Rng(seed))
        ms = (time.perf_counter() - t0) / games * 1000
        return [f"  Hero vs Nemesis, computer against computer {ms:8.1f} ms a game"]

    def to_json(self, s: HvNState) -> dict[str, Any]:
        out = super().to_json(s)
        out["turn"] = s.turn
        out["actor"] = f"P{s.actor + 1}" if s.actor is not None else None
        out["popular_support"] = s.popular
        out["bad_press"] = s.press
        out["showdown_wins"] = s.wins
        out["lost"] = LOSSES[s.lost] if s.lost >= 0 else None
        out["conflicts"] = {s.name(c): {
            "type": s.info[c].label,
            "total": rk.conflict_total(s, c), "counter": rk.counter_total(s, c),
            "countered": rk.is_countered(s, c),
            "cards": {s.name(x): s.role[x] for x in s.on(c, "counters")},
        } for c in s.zones["conflicts"]}
        out["schemes"] = {s.name(c): {"total": rk.scheme_total(s, c),
                                      "needs": s.info[c].scheme}
                          for c in s.zones["schemes"]}
        out["eliminated"] = [f"P{e + 1}" for e in sorted(s.eliminated)]
        out["result"] = s.result
        out["status"] = self.status(s, s.actor)
        return out

    def state_from_position(self, catalog: Catalog, options: dict[str, Any], seed: int,
                            position: dict[str, Any]) -> HvNState:
        from .scenario import build_state

        return build_state(self, catalog, self.normalize_options(options), seed, position)
