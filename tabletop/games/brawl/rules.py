"""Brawl: the character duel. Set-up, the sequence of play and every optional rule.

Phases of a turn (``state.phase``), in order:

``main``     steps 1-4: draw (automatic), one Condition, one Character, then attack
             (or, with More Actions, take an action) or pass;
``chain``    steps 5-6: the player given the opportunity counter-attacks (or acts) or
             passes; the chain goes on until someone passes or no match-up is left;
``outside``  step 7: each player may declare powers that reach outside the match-up
             (heals, team effects), clockwise from the current player;
``declare``  steps 10-11: attacking characters, then attacked ones, declare a power;
``pre``      step 8: the last chance for Interruptions before damage;
``damage``   step 11: damage resolution A-G (no Interruptions);
``end``      step 12: Interruptions before the current player ends the turn;
``discard``  step 14: the hand limit; then steps 15-16 (knock-out loss, next turn or
             the end of the draw pile).

Set-up uses ``pick``: each player places a Character face down, then all are revealed.
"""

from __future__ import annotations

from typing import Any

from ...engine.cards import CardError, Catalog
from ...engine.game import Game, GameInfo, Option
from ...engine.moves import IllegalMove, Move, seat_label
from ...engine.state import HIDDEN, ZoneSpec
from . import damage, notation
from .cards import CARD_KINDS, SIDE_RANK, Info, check_catalog, compile_card
from .selectors import matches
from .state import BrawlState

HAND_SIZE = 6
HAND_LIMIT = 5
TEAM_LIMIT = 5
INTERRUPT_PHASES = frozenset({"main", "chain", "outside", "declare", "pre", "end"})
LINK_KINDS = ("attack", "aid", "thwart", "gang")
ACTION_SIDE = {"aid": "hero", "thwart": "gray", "gang": "villain"}
ACTION_NAME = {"aid": "render aid", "thwart": "thwart", "gang": "gang up"}

OPTIONS = (
    Option("maybe_help", "Maybe Help Will Arrive",
           "A player whose characters are all knocked out, with fewer than five in play, "
           "gets one more turn to bring in or revive someone before losing."),
    Option("delay_of_game", "Delay of Game",
           "A player who ends two of their turns in a row with no characters in play loses."),
    Option("more_actions", "More Actions",
           "Instead of attacking, Heroes may render aid to a knocked-out teammate, Grays may "
           "thwart a match-up and Villains may gang up on a teammate's opponent."),
    Option("picking_sides", "Picking Sides",
           "Each player draws from a personal pile built around one side of characters.",
           default="off",
           choices=(("off", "Off"), ("heroes", "P1 Heroes, P2 Villains (P3 Grays)"),
                    ("villains", "P1 Villains, P2 Heroes (P3 Grays)"))),
    Option("three_way", "Three-Way Battle",
           "Three players, each for themselves; a player who ends a turn with everyone "
           "knocked out is eliminated."),
)


class BrawlGame(Game):
    info = GameInfo(
        id="brawl",
        title="Brawl",
        blurb="A duel of superpowered teams: match-ups, declared powers and a strict "
              "order of damage.",
        min_seats=2, max_seats=3, mode="competitive", options=OPTIONS,
    )
    zones = {
        "deck": ZoneSpec("Draw pile", "hidden", "pile"),
        "discard": ZoneSpec("Discard pile", "public", "pile"),
        "conditions": ZoneSpec("Conditions", "public", "row"),
        "hand": ZoneSpec("Hand", "owner", "hand"),
        "play": ZoneSpec("Team", "public", "row"),
    }
    card_kinds = CARD_KINDS

    # -- cards ----------------------------------------------------------------------------
    def check_catalog(self, catalog: Catalog) -> list[CardError]:
        return check_catalog(catalog)

    def seat_count(self, options: dict[str, Any]) -> int:
        return 3 if options.get("three_way") else 2

    # -- set-up ---------------------------------------------------------------------------
    def new_state(self, catalog: Catalog, options: dict[str, Any], seed: int) -> BrawlState:
        options = self.normalize_options(options)
        defs = []
        for card in sorted(catalog.cards.values(), key=lambda c: (c.kind, c.id)):
            defs.extend([card] * card.data.get("copies", 1))
        if not any(c.kind == "character" for c in defs):
            raise ValueError("Brawl needs at least one character card")
        cards = tuple(defs)
        compiled: dict[str, Info] = {}
        info = tuple(compiled.setdefault(c.id, compile_card(c)) for c in cards)
        seats = self.seat_count(options)
        s = BrawlState(cards, info, seats, seed, options)
        s.zones["discard"] = []
        s.zones["conditions"] = []
        for seat in range(seats):
            s.zones[f"hand.{seat}"] = []
            s.zones[f"play.{seat}"] = []
        if options["picking_sides"] != "off":
            self._build_sides(s, options["picking_sides"])
        else:
            s.zones["deck"] = list(range(len(cards)))
            s.shuffle(s.zones["deck"])
        self._deal(s)
        s.phase = "pick"
        s.actor = 0
        s.current = 0
        return s

    def _build_sides(self, s: BrawlState, how: str) -> None:
        """Picking Sides: personal piles. Two players: Heroes / Villains, five Grays
        each; three players: Heroes / Villains / Grays. The rest is dealt around."""
        by_side: dict[str, list[int]] = {"hero": [], "villain": [], "gray": []}
        rest = []
        for i, inf in enumerate(s.info):
            (by_side[inf.side] if inf.kind == "character" else rest).append(i)
        first, second = ("hero", "villain") if how == "heroes" else ("villain", "hero")
        piles = [by_side[first], by_side[second]]
        if s.seats == 3:
            piles.append(by_side["gray"])
        else:
            grays = by_side["gray"]
            s.shuffle(grays)
            for i, card in enumerate(grays):
                piles[i % 2].append(card)
        s.shuffle(rest)
        for i, card in enumerate(rest):
            piles[i % s.seats].append(card)
        for seat, pile in enumerate(piles):
            s.shuffle(pile)
            s.zones[f"deck.{seat}"] = pile

    def _deal(self, s: BrawlState) -> None:
        """Deal six each; re-deal while anyone's hand has no Character (set-up step 2)."""
        for attempt in range(1000):
            for seat in range(s.seats):
                src = s.draw_zone(seat)
                for _ in range(HAND_SIZE):
                    if s.zones[src]:
                        s.zones[f"hand.{seat}"].append(s.zones[src].pop())
            empty = [seat for seat in range(s.seats)
                     if not any(s.info[c].kind == "character" for c in s.zones[f"hand.{seat}"])]
            if not empty:
                return
            for seat in empty:
                names = ", ".join(s.name(c) for c in s.zones[f"hand.{seat}"])
                s.say(f"{seat_label(seat)} shows a hand with no Character ({names}); "
                      "all cards go back and are dealt again.")
            for seat in range(s.seats):
                hand = s.zones[f"hand.{seat}"]
                s.zones[s.draw_zone(seat)].extend(hand)
                hand.clear()
            for seat in range(s.seats) if "deck" not in s.zones else [None]:
                zone = "deck" if seat is None else f"deck.{seat}"
                s.shuffle(s.zones[zone])
            if attempt == 999:  # pragma: no cover - needs a deck without characters
                raise ValueError("cannot deal a hand with a Character")

    # -- legal moves ----------------------------------------------------------------------
    def legal_moves(self, s: BrawlState) -> list[Move]:  # noqa: C901
        if s.over or s.actor is None:
            return []
        seat = s.actor
        ph = s.phase
        out: list[Move] = []
        if ph == "pick":
            zone = f"play.{seat}"
            return [Move("pick", seat, c, zone) for c in s.zones[f"hand.{seat}"]
                    if s.info[c].kind == "character"]
        if ph == "main":
            hand = s.zones[f"hand.{seat}"]
            if not s.played_condition and not s.played_character:
                for c in hand:
                    if s.info[c].kind == "condition":
                        out.extend(self._condition_moves(s, seat, c))
            if not s.played_character and len(s.zones[f"play.{seat}"]) < TEAM_LIMIT:
                zone = f"play.{seat}"
                out.extend(Move("character", seat, c, zone) for c in hand
                           if s.info[c].kind == "character")
            out.extend(self._link_moves(s, seat))
            out.append(Move("pass", seat))
        elif ph == "chain":
            out.extend(self._link_moves(s, seat))
            out.append(Move("pass", seat))
        elif ph == "outside":
            out.extend(self._declare_moves(s, seat, outside=True))
            out.append(Move("pass", seat))
        elif ph == "declare":
            out.extend(self._declare_for(s, s.decl[0], outside=False))
        elif ph == "pre":
            out.append(Move("pass", seat))
        elif ph == "damage":
            return [Move("resolve", seat)]
        elif ph == "end":
            out.append(Move("end" if seat == s.current else "pass", seat))
        elif ph == "discard":
            return [Move("discard", seat, c, "discard") for c in s.zones[f"hand.{seat}"]]
        if ph in INTERRUPT_PHASES:
            out.extend(self._interrupt_moves(s, seat))
        return out

    def _condition_moves(self, s: BrawlState, seat: int, card: int) -> list[Move]:
        inf = s.info[card]
        if inf.target_kind == "condition":
            return [Move("condition", seat, card, c) for c in s.zones["conditions"]]
        return [Move("condition", seat, card, "conditions")]

    def _free(self, s: BrawlState, card: int) -> bool:
        """Standing, not matched up, not taking an action, not sitting the turn out."""
        return (card not in s.turned and card not in s.action and card not in s.withdrawn
                and not s.in_matchup(card))

    def _link_moves(self, s: BrawlState, seat: int) -> list[Move]:
        """Attacks (and, with More Actions, actions) ``seat`` may start now."""
        own = [c for c in s.zones[f"play.{seat}"] if self._free(s, c)]
        if not own:
            return []
        targets = [c for other in s.alive_seats() if other != seat
                   for c in s.zones[f"play.{other}"]
                   if c not in s.turned and c not in s.withdrawn and not s.in_matchup(c)]
        out = [Move("attack", seat, a, t) for a in own for t in targets]
        if s.options.get("more_actions"):
            team = s.zones[f"play.{seat}"]
            aided = {t for kind, t in s.action.values() if kind == "aid"}
            thwarted = {t for kind, t in s.action.values() if kind == "thwart"}
            for a in own:
                side = s.info[a].side
                if side == "hero":
                    out.extend(Move("aid", seat, a, t) for t in team
                               if t in s.turned and t not in aided)
                elif side == "gray":
                    out.extend(Move("thwart", seat, a, m) for m in s.mu if m not in thwarted)
                elif side == "villain":
                    out.extend(Move("gang", seat, a, t) for t in team
                               if t != a and s.in_matchup(t))
        return out

    def _may_declare(self, s: BrawlState, card: int) -> bool:
        return (card in s.fought and card not in s.power and card not in s.cancelled
                and card not in s.turned and card not in s.withdrawn
                and s.owner(card) is not None)

    def _declare_for(self, s: BrawlState, card: int, outside: bool) -> list[Move]:
        seat = s.owner(card)
        out = []
        for idx, power in enumerate(s.info[card].powers):
            if outside and not power.outside:
                continue
            if power.heal is None:
                out.append(Move("declare", seat, card, None, idx))
                continue
            team = s.zones[f"play.{seat}"]
            if power.heal_target == "self":
                targets = [card]
            elif power.heal_target == "teammate":
                targets = [t for t in team if t != card]
            else:
                targets = list(team)
            out.extend(Move("declare", seat, card, t, idx) for t in targets)
        return out

    def _declare_moves(self, s: BrawlState, seat: int, outside: bool) -> list[Move]:
        out = []
        for c in s.zones[f"play.{seat}"]:
            if self._may_declare(s, c):
                out.extend(self._declare_for(s, c, outside))
        return out

    def _interrupt_targets(self, s: BrawlState, seat: int, inf: Info) -> list[int | str]:
        if inf.target_kind == "condition":
            return list(s.zones["conditions"])
        if inf.target_kind == "none":
            return ["table"]
        kinds = {e["effect"] for e in inf.effects}
        out: list[int | str] = []
        for other in s.alive_seats():
            for c in s.zones[f"play.{other}"]:
                if "revive" in kinds and c not in s.turned:
                    continue
                if "cancel_power" in kinds and c not in s.power:
                    continue
                if "break_matchup" in kinds and not s.in_matchup(c):
                    continue
                if matches(s, inf.target, c, None, seat):
                    out.append(c)
        return out

    def _interrupt_moves(self, s: BrawlState, seat: int) -> list[Move]:
        out = []
        for c in s.zones[f"hand.{seat}"]:
            inf = s.info[c]
            if inf.kind == "interruption":
                out.extend(Move("interrupt", seat, c, t)
                           for t in self._interrupt_targets(s, seat, inf))
        return out

    def has_interrupt(self, s: BrawlState, seat: int) -> bool:
        for c in s.zones[f"hand.{seat}"]:
            inf = s.info[c]
            if inf.kind == "interruption" and self._interrupt_targets(s, seat, inf):
                return True
        return False

    # -- applying moves -------------------------------------------------------------------
    def apply(self, s: BrawlState, m: Move) -> None:
        getattr(self, "_do_" + m.kind)(s, m)

    def _do_pick(self, s: BrawlState, m: Move) -> None:
        s.move_card(m.card, f"hand.{m.seat}", f"play.{m.seat}")
        s.facedown.add(m.card)
        s.say(f"{seat_label(m.seat)} places {s.name(m.card)} face down", only={m.seat})
        s.say(f"{seat_label(m.seat)} places a Character face down",
              only=set(range(s.seats)) - {m.seat})
        if m.seat + 1 < s.seats:
            s.actor = m.seat + 1
            return
        s.facedown.clear()
        s.reveals += 1
        for seat in range(s.seats):
            for c in s.zones[f"play.{seat}"]:
                s.hp[c] = s.info[c].health
                s.say(f"{seat_label(seat)} reveals {s.name(c)} "
                      f"({s.info[c].side.capitalize()}, {s.info[c].attack}, "
                      f"health {s.info[c].health})")
        first = max(range(s.seats), key=lambda seat: self._villainy(s, seat))
        s.say(f"{seat_label(first)} goes first (the most villainous Character)")
        self._start_turn(s, first)

    @staticmethod
    def _villainy(s: BrawlState, seat: int) -> tuple[int, str]:
        c = s.zones[f"play.{seat}"][0]
        return (SIDE_RANK[s.info[c].side], s.info[c].name.casefold())

    def _start_turn(self, s: BrawlState, seat: int) -> None:
        s.current = seat
        s.turn += 1
        s.phase = "main"
        s.actor = seat
        s.played_condition = False
        s.played_character = False
        s.chain_seat = s.chain_from = None
        s.queue = []
        s.decl = []
        s.say(f"Turn {s.turn}: {seat_label(seat)}")
        card = s.draw(s.draw_zone(seat), f"hand.{seat}")
        if card is not None:
            s.say(f"{seat_label(seat)} draws {s.name(card)}", only={seat})
            s.say(f"{seat_label(seat)} draws a card", only=set(range(s.seats)) - {seat})

    def _do_condition(self, s: BrawlState, m: Move) -> None:
        card = m.card
        inf = s.info[card]
        s.zones[f"hand.{m.seat}"].remove(card)
        s.played_condition = True
        s.say(f"{seat_label(m.seat)} plays the Condition {inf.name}")
        if inf.instant:
            self._instant(s, m.seat, inf, m.target)
            s.zones["discard"].append(card)
            return
        for other in s.zones["conditions"]:
            oinf = s.info[other]
            if oinf.id == inf.opposes or oinf.opposes == inf.id:
                s.zones["conditions"].remove(other)
                s.zones["discard"] += [other, card]
                s.say(f"{inf.name} and {oinf.name} cancel each other out: both are discarded")
                return
        s.zones["conditions"].append(card)

    def _instant(self, s: BrawlState, seat: int, inf: Info, target) -> None:
        """Effects of an instant Condition or an Interruption."""
        for e in inf.effects:
            kind = e["effect"]
            if kind == "discard_condition":
                victims = list(s.zones["conditions"]) if e.get("all") else [target]
                for v in victims:
                    s.zones["conditions"].remove(v)
                    s.zones["discard"].append(v)
                    s.say(f"{s.name(v)} is discarded")
            elif kind == "draw":
                for _ in range(e["count"]):
                    card = s.draw(s.draw_zone(seat), f"hand.{seat}")
                    if card is None:
                        s.say("The draw pile is empty")
                        break
                    s.say(f"{seat_label(seat)} draws {s.name(card)}", only={seat})
                    s.say(f"{seat_label(seat)} draws a card",
                          only=set(range(s.seats)) - {seat})
            elif kind == "heal":
                if e.get("all"):
                    targets = [c for o in s.alive_seats() for c in s.zones[f"play.{o}"]
                               if matches(s, inf.target, c, None, seat)]
                else:
                    targets = [target]
                for c in targets:
                    damage.heal(s, c, e["amount"])
            elif kind == "revive":
                s.hp[target] = min(s.info[target].health, e["health"])
                s.turned.discard(target)
                s.say(f"{s.name(target)} is revived with {s.hp[target]} health")
            elif kind == "return_to_hand":
                self._return_to_hand(s, target)
            elif kind == "cancel_power":
                s.power.pop(target, None)
                s.heal_to.pop(target, None)
                s.cancelled.add(target)
                s.say(f"{s.name(target)}'s power is cancelled")
            elif kind == "break_matchup":
                other = s.opponent_in_matchup(target)
                for c in (target, other):
                    s.mu.pop(c, None)
                    s.power.pop(c, None)
                    s.heal_to.pop(c, None)
                    s.withdrawn.add(c)
                s.say(f"The match-up of {s.name(target)} and {s.name(other)} is broken up")
            elif kind == "opponent_discards":
                for other in s.alive_seats():
                    if other == seat:
                        continue
                    hand = s.zones[f"hand.{other}"]
                    for _ in range(e["count"]):
                        if not hand:
                            break
                        c = hand.pop(s.randint(len(hand)))
                        s.zones["discard"].append(c)
                        s.reveals += 1
                        s.say(f"{seat_label(other)} discards {s.name(c)} at random")

    def _return_to_hand(self, s: BrawlState, card: int) -> None:
        """The character leaves play: sliders off, match-up and power gone."""
        seat = s.owner(card)
        s.zones[f"play.{seat}"].remove(card)
        s.zones[f"hand.{seat}"].append(card)
        s.hp.pop(card, None)
        s.turned.discard(card)
        s.mu.pop(card, None)
        for att, tgt in list(s.mu.items()):
            if tgt == card:
                del s.mu[att]
        s.power.pop(card, None)
        s.heal_to.pop(card, None)
        s.action.pop(card, None)
        s.cancelled.discard(card)
        s.say(f"{s.name(card)} returns to {seat_label(seat)}'s hand")

    def _do_character(self, s: BrawlState, m: Move) -> None:
        s.move_card(m.card, f"hand.{m.seat}", f"play.{m.seat}")
        s.hp[m.card] = s.info[m.card].health
        s.played_character = True
        s.played_condition = True
        s.say(f"{seat_label(m.seat)} puts {s.name(m.card)} into play "
              f"(health {s.hp[m.card]})")

    def _do_attack(self, s: BrawlState, m: Move) -> None:
        s.mu[m.card] = m.target
        s.fought.update((m.card, m.target))
        s.played_character = s.played_condition = True
        target_seat = s.owner(m.target)
        verb = "attacks" if s.phase == "main" else "counter-attacks"
        s.say(f"{s.name(m.card)} {verb} {s.name(m.target)}")
        self._open_chain(s, target_seat, m.seat)

    def _do_action(self, s: BrawlState, m: Move) -> None:
        s.action[m.card] = (m.kind, m.target)
        s.played_character = s.played_condition = True
        if m.kind == "thwart":
            what = (f"thwarts the match-up of {s.name(m.target)} and "
                    f"{s.name(s.mu[m.target])}")
        elif m.kind == "aid":
            what = f"renders aid to {s.name(m.target)}"
        else:
            what = f"gangs up with {s.name(m.target)}"
        s.say(f"{s.name(m.card)} {what}")
        # Who may counter-attack: the opponent (two players); with three, the player not
        # involved in creating this opportunity (the left player after an opening action).
        alive = s.alive_seats()
        if len(alive) <= 2:
            nxt = next(o for o in alive if o != m.seat)
        else:
            creator = s.chain_from if s.phase == "chain" else s.right_of(m.seat)
            others = [o for o in s.order_from(m.seat) if o not in (m.seat, creator)]
            nxt = others[0] if others else next(o for o in alive if o != m.seat)
        self._open_chain(s, nxt, m.seat)

    _do_aid = _do_thwart = _do_gang = _do_action

    def _open_chain(self, s: BrawlState, responder: int, creator: int) -> None:
        s.phase = "chain"
        s.chain_seat = responder
        s.chain_from = creator
        s.actor = responder
        if not self._link_moves(s, responder):
            self._end_chain(s)

    def _end_chain(self, s: BrawlState) -> None:
        s.chain_seat = s.chain_from = None
        s.played_character = s.played_condition = True
        s.queue = s.order_from(s.current)
        s.phase = "outside"
        self._advance_outside(s)

    def _advance_outside(self, s: BrawlState) -> None:
        while s.queue and not self._declare_moves(s, s.queue[0], outside=True):
            s.queue.pop(0)
        if s.queue:
            s.actor = s.queue[0]
            return
        s.decl = list(s.mu) + list(s.mu.values())
        s.phase = "declare"
        self._advance_declare(s)

    def _advance_declare(self, s: BrawlState) -> None:
        while s.decl and not (self._may_declare(s, s.decl[0]) and s.in_matchup(s.decl[0])):
            s.decl.pop(0)
        if s.decl:
            s.actor = s.owner(s.decl[0])
            return
        if not s.mu and not s.action and not s.power:
            self._open_end_window(s)  # nobody fought: no damage to resolve
            return
        s.queue = s.order_from(s.current)
        s.phase = "pre"
        self._advance_pre(s)

    def _advance_pre(self, s: BrawlState) -> None:
        while s.queue and not self.has_interrupt(s, s.queue[0]):
            s.queue.pop(0)
        if s.queue:
            s.actor = s.queue[0]
            return
        s.phase = "damage"
        s.actor = s.current

    def _advance_end(self, s: BrawlState) -> None:
        while s.queue and s.queue[0] != s.current and not self.has_interrupt(s, s.queue[0]):
            s.queue.pop(0)
        s.actor = s.queue[0] if s.queue else s.current

    def _do_declare(self, s: BrawlState, m: Move) -> None:
        card = m.card
        power = s.info[card].powers[m.choice]
        s.power[card] = m.choice
        text = f"{s.name(card)} declares {power.name} ({power.summary()})"
        if power.heal is not None:
            s.heal_to[card] = m.target
            text += f" on {s.name(m.target)}"
        s.say(text)
        if s.phase == "outside":
            self._advance_outside(s)
        else:
            s.decl.pop(0)
            self._advance_declare(s)

    def _do_pass(self, s: BrawlState, m: Move) -> None:
        ph = s.phase
        if ph in ("main", "chain"):
            if ph == "main":
                s.say(f"{seat_label(m.seat)} does not attack")
            else:
                s.say(f"{seat_label(m.seat)} does not counter-attack")
            self._end_chain(s)
        elif ph == "outside":
            s.say(f"{seat_label(m.seat)} declares nothing early")
            s.queue.pop(0)
            self._advance_outside(s)
        elif ph == "pre":
            s.say(f"{seat_label(m.seat)} plays no Interruption before damage")
            s.queue.pop(0)
            self._advance_pre(s)
        elif ph == "end":
            s.say(f"{seat_label(m.seat)} plays no Interruption before the turn ends")
            s.queue.pop(0)
            self._advance_end(s)

    def _do_interrupt(self, s: BrawlState, m: Move) -> None:
        inf = s.info[m.card]
        s.zones[f"hand.{m.seat}"].remove(m.card)
        on = "" if m.target == "table" else f" on {s.name(m.target)}"
        s.say(f"{seat_label(m.seat)} interrupts with {inf.name}{on}")
        self._instant(s, m.seat, inf, m.target)
        s.zones["discard"].append(m.card)
        ph = s.phase
        if ph == "pre":
            s.queue = [m.seat] + [o for o in s.order_from(m.seat) if o != m.seat]
            self._advance_pre(s)
        elif ph == "end":
            others = [o for o in s.order_from(m.seat) if o not in (m.seat, s.current)]
            s.queue = ([m.seat] if m.seat != s.current else []) + others + [s.current]
            self._advance_end(s)
        elif ph == "chain":
            if not self._link_moves(s, s.chain_seat):
                self._end_chain(s)
        elif ph == "outside":
            self._advance_outside(s)
        elif ph == "declare":
            self._advance_declare(s)

    def _do_resolve(self, s: BrawlState, m: Move) -> None:
        damage.resolve(s)
        self._open_end_window(s)

    def _open_end_window(self, s: BrawlState) -> None:
        s.phase = "end"
        others = [o for o in s.order_from(s.current) if o != s.current]
        s.queue = others + [s.current]
        self._advance_end(s)

    def _do_end(self, s: BrawlState, m: Move) -> None:
        s.say(f"{seat_label(m.seat)} ends the turn")
        s.mu.clear()
        s.power.clear()
        s.heal_to.clear()
        s.cancelled.clear()
        s.action.clear()
        s.fought.clear()
        s.withdrawn.clear()
        s.queue = []
        if len(s.zones[f"hand.{s.current}"]) > HAND_LIMIT:
            s.phase = "discard"
            s.actor = s.current
            return
        self._finish_turn(s)

    def _do_discard(self, s: BrawlState, m: Move) -> None:
        s.move_card(m.card, f"hand.{m.seat}", "discard")
        s.say(f"{seat_label(m.seat)} discards {s.name(m.card)} (hand limit)")
        if len(s.zones[f"hand.{m.seat}"]) <= HAND_LIMIT:
            self._finish_turn(s)

    # -- end of turn and end of game ------------------------------------------------------
    def _finish_turn(self, s: BrawlState) -> None:
        seat = s.current
        team = s.zones[f"play.{seat}"]
        all_out = bool(team) and all(c in s.turned for c in team)
        if all_out:
            if (s.options.get("maybe_help") and len(team) < TEAM_LIMIT
                    and seat not in s.reprieve):
                s.reprieve.add(seat)
                s.say(f"Every Character of {seat_label(seat)} is knocked out, but help may "
                      "arrive: one more turn to bring someone in or revive them")
            else:
                self._lose(s, seat, f"every Character of {seat_label(seat)} is knocked out")
        else:
            s.reprieve.discard(seat)
        if not s.over and seat not in s.eliminated and s.options.get("delay_of_game"):
            if team:
                s.empty_turns[seat] = 0
            else:
                s.empty_turns[seat] += 1
                if s.empty_turns[seat] >= 2:
                    self._lose(s, seat, f"{seat_label(seat)} had no Characters in play for "
                               "two turns in a row (Delay of Game)")
                else:
                    s.say(f"{seat_label(seat)} has no Characters in play (Delay of Game: one "
                          "more such turn loses)")
        if s.over:
            return
        nxt = s.left_of(seat)
        if not s.zones[s.draw_zone(nxt)]:
            self._end_by_count(s)
            return
        self._start_turn(s, nxt)

    def _lose(self, s: BrawlState, seat: int, why: str) -> None:
        alive = s.alive_seats()
        if len(alive) <= 2:
            winner = next(o for o in alive if o != seat)
            self._game_over(s, (winner,), f"{seat_label(winner)} wins: {why}.")
            return
        s.eliminated.add(seat)
        s.say(f"{seat_label(seat)} is eliminated: {why}. The others fight on.")

    def _end_by_count(self, s: BrawlState) -> None:
        counts = {seat: sum(1 for c in s.zones[f"play.{seat}"] if c not in s.turned)
                  for seat in s.alive_seats()}
        best = max(counts.values())
        top = tuple(seat for seat, n in counts.items() if n == best)
        detail = ", ".join(f"{seat_label(seat)} {n}" for seat, n in counts.items())
        if len(top) == 1:
            self._game_over(s, top, f"The draw pile is empty. {seat_label(top[0])} wins with "
                            f"more Characters standing ({detail}).")
        else:
            self._game_over(s, (), f"The draw pile is empty and the standing Characters are "
                            f"level ({detail}): a draw.")

    def _game_over(self, s: BrawlState, winners: tuple[int, ...], text: str) -> None:
        s.over = True
        s.winners = winners
        s.actor = None
        s.phase = "over"
        s.result = text
        s.say(text)

    def returns(self, s: BrawlState) -> tuple[float, ...]:
        if s.over and not s.winners:
            counts = {seat: sum(1 for c in s.zones[f"play.{seat}"] if c not in s.turned)
                      for seat in s.alive_seats()}
            best = max(counts.values()) if counts else 0
            return tuple(0.5 if counts.get(seat) == best else 0.0 for seat in range(s.seats))
        return super().returns(s)

    # -- explaining refusals --------------------------------------------------------------
    def explain(self, s: BrawlState, m: Move) -> str:  # noqa: C901
        if s.over:
            return "The game is over."
        ph = s.phase
        if m.kind == "interrupt":
            if ph == "damage":
                return "Interruptions cannot be played while damage is being resolved."
            if ph == "pick":
                return "Interruptions can be played once the first turn has begun."
            if ph == "discard":
                return ("The turn is over: Interruptions could be played until the current "
                        "player ended the turn.")
        if m.seat != s.actor:
            return (f"It is {seat_label(s.actor)}'s move, not {seat_label(m.seat)}'s: "
                    f"{self.status(s, s.actor)}")
        hand = s.zones.get(f"hand.{m.seat}", [])
        card = m.card
        inf = s.info[card] if isinstance(card, int) and card >= 0 else None
        if m.kind in ("pick", "character", "condition", "interrupt", "discard") and \
                card not in hand:
            return "That card is not in your hand."
        if m.kind == "pick":
            if ph != "pick":
                return "Characters are placed face down only during set-up."
            return "Place a Character card (not a Condition or Interruption) face down."
        if ph == "pick":
            return "First, each player places one Character from hand face down."
        if m.kind == "character":
            if inf.kind != "character":
                return "Only Character cards can be put into play."
            if ph != "main":
                return "A Character is put into play during your turn, before attacking."
            if s.played_character:
                return "Only one Character may be put into play per turn."
            if len(s.zones[f"play.{m.seat}"]) >= TEAM_LIMIT:
                return "A team may have at most five Characters in play."
        if m.kind == "condition":
            if inf.kind != "condition":
                return "That card is not a Condition."
            if ph != "main":
                return "A Condition is played during your own turn, before the fighting."
            if s.played_condition and not s.played_character:
                return "Only one Condition may be played per turn."
            if s.played_character:
                return ("Conditions come before Characters: once a Character is put into play "
                        "(or the fighting starts), no Condition may be played this turn.")
            if inf.target_kind == "condition":
                return f"{inf.name} must be dropped on a Condition in play."
            return "Drop the Condition in the Conditions area between the players."
        if m.kind in LINK_KINDS:
            return self._explain_link(s, m)
        if m.kind == "declare":
            if ph not in ("outside", "declare"):
                return "Powers are declared after the attacks, once every match-up is set."
            if card in s.power:
                return "Each Character declares only one power per turn."
            if card in s.cancelled:
                return "That Character's power was cancelled this turn."
            if card not in s.fought:
                return "A Character can declare a power only if it is in a match-up this turn."
            if ph == "outside":
                return ("Right now only powers that reach outside the match-up (heals and "
                        "team effects) are declared.")
            return f"Declare the power of {s.name(s.decl[0])} now."
        if m.kind == "interrupt":
            if inf.kind != "interruption":
                return "That card is not an Interruption."
            if inf.target_kind == "condition":
                return f"{inf.name} must be dropped on a Condition in play."
            if inf.target_kind == "character":
                return f"{inf.name} cannot target that (it needs {self._target_words(inf)})."
            return f"Drop {inf.name} on the table to play it."
        if m.kind == "discard" and ph != "discard":
            return "Cards are discarded only at the end of your turn, down to five."
        if m.kind in ("pass", "end", "resolve"):
            return f"Not now: {self.status(s, s.actor)}"
        return "That move is not possible now."

    def _target_words(self, inf: Info) -> str:
        from .selectors import describe

        words = describe(inf.target)
        kinds = {e["effect"] for e in inf.effects}
        if "revive" in kinds:
            words += " that is knocked out"
        if "cancel_power" in kinds:
            words += " that has declared a power"
        if "break_matchup" in kinds:
            words += " in a match-up"
        return words

    def _explain_link(self, s: BrawlState, m: Move) -> str:  # noqa: C901
        ph = s.phase
        if m.kind != "attack" and not s.options.get("more_actions"):
            return ("Actions (render aid, thwart, gang up) belong to the optional rule More "
                    "Actions: turn it on in the new-game options.")
        if ph not in ("main", "chain"):
            return "Attacks and actions happen before powers are declared."
        if s.owner(m.card) != m.seat:
            return "Use one of your own Characters in play."
        if m.card in s.turned:
            return "A knocked-out Character cannot attack or be attacked."
        if s.in_matchup(m.card):
            return "That Character is already in a match-up."
        if m.card in s.action:
            return "That Character is already taking an action this turn."
        if m.card in s.withdrawn:
            return "That Character's match-up was broken up: it sits out this turn."
        target = m.target
        if m.kind == "attack":
            if not isinstance(target, int) or s.owner(target) is None:
                return "Drop your Character on an opposing Character to attack it."
            if s.owner(target) == m.seat:
                return "Attack a Character of the opposing team, not your own."
            if target in s.turned:
                return "A knocked-out Character cannot attack or be attacked."
            if s.in_matchup(target):
                return "That Character is already in a match-up."
            if target in s.withdrawn:
                return "That Character's match-up was broken up: it sits out this turn."
        side = s.info[m.card].side
        if m.kind != "attack" and side != ACTION_SIDE[m.kind]:
            plural = {"hero": "Heroes", "gray": "Grays", "villain": "Villains"}
            return f"Only {plural[ACTION_SIDE[m.kind]]} can {ACTION_NAME[m.kind]}."
        if m.kind == "aid":
            if s.owner(target) != m.seat or target not in s.turned:
                return "Render aid goes to a knocked-out Character of your own team."
            return "Someone is already rendering aid to that Character."
        if m.kind == "thwart":
            if target not in s.mu:
                return "Thwart a match-up: drop the Gray on two Characters that are fighting."
            return "That match-up is already being thwarted."
        if m.kind == "gang":
            if s.owner(target) != m.seat or target == m.card:
                return "Gang up with a teammate who is in a match-up."
            return "Gang up only with a teammate already matched up against an opponent."
        return "That attack is not possible now."

    # -- status line ----------------------------------------------------------------------
    def status(self, s: BrawlState, seat: int | None = None) -> str:
        if s.over:
            return s.result
        p = seat_label(s.actor)
        ph = s.phase
        if ph == "pick":
            return f"{p}: place one of your Characters face down"
        if ph == "main":
            if not s.played_condition:
                return f"{p}: play a Condition or a Character, attack \u2014 or pass"
            if not s.played_character:
                return f"{p}: put a Character into play, attack \u2014 or pass"
            return f"{p}: attack with a Character \u2014 or pass"
        if ph == "chain":
            return f"{p}: counter-attack \u2014 or pass"
        if ph == "outside":
            return f"{p}: declare powers that reach outside the match-up (heals, team " \
                   "effects) \u2014 or done"
        if ph == "declare":
            return f"{p}: declare the power {s.name(s.decl[0])} uses"
        if ph == "pre":
            return f"{p}: play an Interruption before damage \u2014 or pass"
        if ph == "damage":
            return f"{p}: resolve damage (steps A\u2013G)"
        if ph == "end":
            if s.actor == s.current:
                return f"{p}: end the turn (Interruptions may still be played)"
            return f"{p}: play an Interruption before the turn ends \u2014 or pass"
        if ph == "discard":
            extra = len(s.zones[f"hand.{s.actor}"]) - HAND_LIMIT
            return f"{p}: discard {extra} card{'s' if extra > 1 else ''} (hand limit five)"
        return ""

    # -- gestures -------------------------------------------------------------------------
    def gesture(self, move: Move) -> str:
        if move.kind == "declare":
            return "menu"
        if move.card is not None:
            return "drag"
        return "button"

    def describe(self, s: BrawlState, m: Move) -> str:
        if m.kind == "declare":
            power = s.info[m.card].powers[m.choice]
            label = f"{power.name} \u2014 {power.summary()}"
            if m.target is not None:
                label += f" \u2192 {s.name(m.target)}"
            return label
        if m.kind == "pass":
            return {"main": "No attack", "chain": "No counter-attack", "outside": "Done",
                    "pre": "Pass", "end": "Pass"}.get(s.phase, "Pass")
        return {"resolve": "Resolve damage", "end": "End turn"}.get(
            m.kind, notation.format_move(s, m))

    def move_for_drop(self, s: BrawlState, seat: int, card: int,
                      target: int | str) -> Move | None:
        if card is None or card < 0:
            return None
        inf = s.info[card]
        where = s.where(card)
        if where == f"hand.{seat}":
            if target == "discard" and s.phase == "discard":
                return Move("discard", seat, card, "discard")
            if inf.kind == "character":
                kind = "pick" if s.phase == "pick" else "character"
                return Move(kind, seat, card, f"play.{seat}")
            if inf.kind == "condition":
                if inf.target_kind == "condition":
                    return Move("condition", seat, card, target)
                return Move("condition", seat, card, "conditions")
            if inf.kind == "interruption":
                if inf.target_kind == "none":
                    return Move("interrupt", seat, card, "table")
                return Move("interrupt", seat, card, target)
            return None
        if where == f"play.{seat}" and isinstance(target, int):
            owner = s.owner(target)
            if owner is None:
                return None
            if owner != seat:
                # dropped on an opponent: an attack, or a thwart of its match-up
                if inf.side == "gray" and s.options.get("more_actions") and \
                        s.in_matchup(target):
                    return Move("thwart", seat, card, self._matchup_key(s, target))
                return Move("attack", seat, card, target)
            if target in s.turned and inf.side == "hero":
                return Move("aid", seat, card, target)
            if inf.side == "gray" and s.in_matchup(target):
                return Move("thwart", seat, card, self._matchup_key(s, target))
            if inf.side == "villain":
                return Move("gang", seat, card, target)
            return Move("attack", seat, card, target)
        return None

    @staticmethod
    def _matchup_key(s: BrawlState, card: int) -> int:
        """Match-ups are named by their attacker."""
        if card in s.mu:
            return card
        return s.opponent_in_matchup(card)

    # -- notation -------------------------------------------------------------------------
    def format_move(self, s: BrawlState, m: Move) -> str:
        return notation.format_move(s, m)

    def parse_move(self, s: BrawlState, text: str) -> Move:
        return notation.parse_move(self, s, text)

    def public_notation(self, s: BrawlState, m: Move, seat: int | None) -> str:
        if m.kind == "pick" and seat != m.seat:
            return f"{seat_label(m.seat)} pick (face down)"
        return notation.format_move(s, m)

    def sample_saves(self):
        return [("brawl-sample.json", {"more_actions": True, "maybe_help": True}, 2026, 90),
                ("brawl-three-way.json", {"three_way": True, "more_actions": True}, 7, 70)]

    def computer_player(self):
        from .ai import BrawlAI

        return BrawlAI()

    def observe(self, s: BrawlState, m: Move, seat: int) -> Move:
        if m.kind == "pick" and seat != m.seat:
            return Move("pick", m.seat, HIDDEN, m.target)
        return m

    def mask_extra(self, view: BrawlState, state: BrawlState, seat, visible) -> None:
        if any(c not in visible for c in state.hp):
            view.hp = {c: h for c, h in state.hp.items() if c in visible}

    # -- JSON and scenarios ---------------------------------------------------------------
    def to_json(self, s: BrawlState) -> dict[str, Any]:
        out = super().to_json(s)
        out["turn"] = s.turn
        out["actor"] = seat_label(s.actor) if s.actor is not None else None
        out["health"] = {s.name(c): h for c, h in s.hp.items()}
        out["knocked_out"] = sorted(s.name(c) for c in s.turned)
        out["matchups"] = [[s.name(a), s.name(t)] for a, t in s.mu.items()]
        out["declared"] = {s.name(c): s.info[c].powers[i].name for c, i in s.power.items()}
        out["eliminated"] = [seat_label(e) for e in sorted(s.eliminated)]
        out["result"] = s.result
        out["status"] = self.status(s, s.actor)
        return out

    def state_from_position(self, catalog: Catalog, options: dict[str, Any], seed: int,
                            position: dict[str, Any]) -> BrawlState:
        from .scenario import build_state

        return build_state(self, catalog, self.normalize_options(options), seed, position)


def play_checked(game: BrawlGame, s: BrawlState, m: Move) -> BrawlState:
    """Like ``game.play`` (kept for symmetry with other games' helpers)."""
    if m not in game.legal_moves(s):
        raise IllegalMove(game.explain(s, m), m)
    return game.play(s, m)
