"""The Hero vs Nemesis computer player: either role, by plans rather than chance.

It sees only its own view. The hero plans the whole countering at once (every way of
sharing its hand among the open conflicts): counter everything if it can, cheaply, with
the conflict's own suit, without harming anyone it need not and without opposite-colour
bad press; if it cannot, it saves as many conflicts as it can (two left standing destroy
everyone). In a showdown it answers with the cheapest set of cards that tops the
nemesis, or gives up if nothing can. The nemesis completes schemes when the scheme is
worth more than what it pays (support-pile cards and cards it can take back with bad
press are cheap), calls a showdown when sampled hero hands (``determinize``) say it
probably wins, scavenges the card worth most to it, and un-counters a conflict after
the hero has run out of cards when that is cheap. The set-up choices are random.
"""

from __future__ import annotations

import time
from itertools import product

from ...engine.moves import Move
from ...engine.players import playout
from ...engine.rng import Rng
from ...engine.rules import Rules
from . import reckoning as rk
from .legal import playable
from .state import HERO, HvNState

SAMPLES = 24


class HvNPlayer:
    name = "planner"

    def choose(self, rules: Rules, view: HvNState, seat: int, rng: Rng) -> Move:
        legal = rules.legal_moves(view)
        if len(legal) == 1:
            return legal[0]
        plan = PLANS.get(view.pending.kind)
        move = plan(self, rules, view, legal, rng) if plan is not None else None
        return move if move in legal else rng.choice(legal)

    # -- the hero -------------------------------------------------------------------------
    def _counter(self, rules, s: HvNState, legal, rng):
        plan, all_countered = plan_counter(s)
        if not all_countered and s.popular > 0 and s.zones["deck"]:
            switches = [m for m in legal if m.kind == "switch"]
            if switches:
                return min(switches, key=lambda m: (s.info[m.card].joker, s.info[m.card].value))
        for card, target in plan:
            return Move("counter", HERO, card, target)
        return None

    def _answer(self, rules, s: HvNState, legal, rng):
        demand, total = rk.stake_demand(s)
        hand = s.zones["hand.0"]
        already = [(s.info[c].value, s.info[c].joker) for c in s.zones["showdown"]
                   if s.role[c] == "answer"]
        best, best_cost = None, None
        for mask in range(1, 1 << len(hand)):
            chosen = [hand[i] for i in range(len(hand)) if mask >> i & 1]
            answers = already + [(s.info[c].value, s.info[c].joker) for c in chosen]
            if not rk.tops(demand, total, answers):
                continue
            cost = sum(s.info[c].value + (10 if s.info[c].joker else 0) for c in chosen)
            if best_cost is None or cost < best_cost:
                best, best_cost = chosen, cost
        if best is None:
            switches = [m for m in legal if m.kind == "switch"]
            if switches:
                return min(switches, key=lambda m: s.info[m.card].value)
            return Move("yield", HERO)
        card = max(best, key=lambda c: (s.info[c].joker, s.info[c].value))
        return Move("answer", HERO, card, "showdown")

    # -- the nemesis ----------------------------------------------------------------------
    def _scavenge(self, rules, s: HvNState, legal, rng):
        schemes = {s.info[c].suit for c in s.zones["schemes"]}

        def value(m: Move) -> float:
            inf = s.info[m.card]
            if m.target == "hand.1":
                return inf.value + 2
            return 1.0 + (0.5 if inf.suit in schemes else 0)
        return max(legal, key=value)

    def _meddle(self, rules, s: HvNState, legal, rng):
        if s.stage != "after" or s.zones["hand.0"]:
            return Move("pass", 1)
        conflicts = s.zones["conflicts"]
        if any(not rk.is_countered(s, c) for c in conflicts):
            return Move("pass", 1)  # one more would destroy everyone, the nemesis too
        best = None
        for c in conflicts:
            now = rk.tally(s, c)
            if s.info[c].needs or now.joker:
                continue
            gap = now.counter - now.total
            pay = _cheapest(s, gap, playable(s))
            if pay is not None and (best is None or pay[0] < best[0]):
                best = (pay[0], pay[1], c)
        if best is None or best[0] > 4:
            return Move("pass", 1)
        return Move("hinder", 1, best[1][0], best[2])

    def _plot(self, rules, s: HvNState, legal, rng):
        plot = _scheme_move(s)
        if plot is not None:
            return plot
        if any(m.kind == "showdown" for m in legal):
            bet, score = _best_bet(rules, s, rng, fill=True)
            if bet and score > 0:
                return Move("showdown", 1)
        return Move("end", 1)

    def _stake(self, rules, s: HvNState, legal, rng):
        bet, _ = _best_bet(rules, s, rng, fill=False)
        for c in bet:
            if c not in s.zones["showdown"]:
                return Move("stake", 1, c, "showdown")
        if any(m.kind == "challenge" for m in legal):
            return Move("challenge", 1)
        return min((m for m in legal if m.kind == "stake"),
                   key=lambda m: rk.worth(s, m.card) if m.card in s.zones["hand.1"] else 0)

    def _return(self, rules, s: HvNState, legal, rng):
        returns = [m for m in legal if m.kind == "return"]
        return max(returns, key=lambda m: s.info[m.card].value) if returns else None


#: the player's plan for each decision (the set-up choices are random)
PLANS = {
    "counter": HvNPlayer._counter, "answer": HvNPlayer._answer,
    "scavenge": HvNPlayer._scavenge, "meddle": HvNPlayer._meddle, "plot": HvNPlayer._plot,
    "stake": HvNPlayer._stake, "return": HvNPlayer._return,
}


# -- the hero's plan --------------------------------------------------------------------------

def plan_counter(s: HvNState) -> tuple[list[tuple[int, int]], bool]:
    """The best sharing of the hand among the open conflicts: (card, conflict) pairs and
    whether it counters them all."""
    info = s.info
    hand = s.zones["hand.0"]
    conflicts = s.zones["conflicts"]
    open_ = [c for c in conflicts if not rk.is_countered(s, c)]
    if not open_:
        return [], True
    needs = []
    for c in open_:
        now = rk.tally(s, c)
        if info[c].needs:
            needs.append(("count", info[c].needs - now.cards))
        else:
            needs.append(("sum", now.total - now.counter + 1))
    plan = _Plan(s, hand, open_, needs)
    best, best_score, best_all = [], None, False
    choices = range(-1, len(open_))
    slots = range(len(open_))
    rows = plan.rows
    for assign in product(choices, repeat=len(hand)):
        given = [0] * len(open_)  # the hand's cards on each open conflict, as bit masks
        for i, slot in enumerate(assign):
            if slot >= 0:
                given[slot] |= 1 << i
        looks = []
        for t in slots:
            look = rows[t].get(given[t])
            if look is None:
                look = plan.look(t, given[t])
            looks.append(look)
        everything = all(look[0] for look in looks)
        if not everything and -1 in assign:
            continue  # a hero who cannot counter everything must play the whole hand
        score = plan.score(assign, looks)
        if best_score is None or score > best_score:
            best_score, best_all = score, everything
            best = [(card, open_[slot]) for card, slot in zip(hand, assign, strict=True)
                    if slot >= 0]
    best.sort(key=lambda p: -info[p[0]].value)
    return best, best_all


class _Plan:
    """Scoring a sharing of the hand (what does not change between sharings worked out
    once): leaving a conflict standing is worst; cards cost their value (jokers and cards
    that harm more); countering with the conflict's own suit earns popular support, with
    only the other colour bad press; a margin over the need guards against hindering.

    What a conflict makes of the cards given to it depends on those cards alone, so it
    is worked out once per conflict and set of cards (:meth:`look`), not once per
    sharing of the whole hand."""

    def __init__(self, s: HvNState, hand: list[int], open_: list[int], needs) -> None:
        info = s.info
        self.needs = needs
        self.values = [info[c].value for c in hand]
        self.jokers = [info[c].joker for c in hand]
        self.standing = sum(1 for c in s.zones["conflicts"] if c not in open_ and
                            not rk.is_countered(s, c))
        self.cost = [0.6 * info[c].value + (9 if info[c].joker else 0) +
                     (4 if info[c].harm else 0) for c in hand]
        self.rest_suited = all(rk.same_suit(s, c) for c in s.zones["conflicts"]
                               if c not in open_)
        self.suit_ok: list[tuple[bool, bool, list[bool]]] = []
        self.opposite: list[tuple[bool, bool, list[bool]]] = []
        for t in open_:
            inf = info[t]
            already = rk.hero_cards(s, t)
            self.suit_ok.append((
                bool(already), inf.suit is not None and
                all(info[c].suit == inf.suit for c in already),
                [info[c].suit == inf.suit for c in hand]))
            self.opposite.append((
                inf.suit is not None,
                all(not info[c].joker and info[c].colour != inf.colour for c in already),
                [not info[c].joker and info[c].colour != inf.colour for c in hand]))
        #: each open conflict's :meth:`look` by the bit mask of the cards given to it
        self.rows: list[dict[int, tuple]] = [{} for _ in open_]

    def look(self, t: int, given: int) -> tuple[bool, bool, bool, int]:
        """What open conflict ``t`` makes of the hand's cards in the bit mask ``given``:
        (countered, every card on it of its suit, every card on it of the other colour
        with some given, the sum of the values given); remembered in :attr:`rows`."""
        mine = [i for i in range(len(self.values)) if given >> i & 1]
        total = sum(self.values[i] for i in mine)
        kind, n = self.needs[t]
        countered = any(self.jokers[i] for i in mine) or (
            len(mine) >= n if kind == "count" else total >= n)
        already, already_ok, of_suit = self.suit_ok[t]
        suited = (already or bool(mine)) and already_ok and all(of_suit[i] for i in mine)
        has_suit, other_ok, other = self.opposite[t]
        opposite = bool(mine) and has_suit and other_ok and all(other[i] for i in mine)
        look = self.rows[t][given] = (countered, suited, opposite, total)
        return look

    def score(self, assign, looks: list[tuple[bool, bool, bool, int]]) -> float:
        """The sharing ``assign`` (a conflict's index or -1 per card of the hand), with
        each open conflict's :meth:`look`."""
        left = sum(1 for look in looks if not look[0]) + self.standing
        score = 0.0
        if left >= 2:
            score -= 1000
        score -= 60 * left
        cost = self.cost
        for i, slot in enumerate(assign):
            if slot >= 0:
                score -= cost[i]
        if not left and self.rest_suited and all(look[1] for look in looks):
            score += 9
        needs = self.needs
        for t, look in enumerate(looks):
            if not look[0]:
                continue
            if look[2]:
                score -= 7
            if needs[t][0] == "sum":
                score += min(4, look[3] - needs[t][1]) * 0.3  # a margin against hindering
        return score


# -- the nemesis's plans ----------------------------------------------------------------------

def _cheapest(s: HvNState, amount: int, cards: list[int]) -> tuple[float, list[int]] | None:
    """Cards worth at least ``amount`` in total, cheapest first (support cards are cheap;
    hand cards cost their value; never a joker)."""
    if amount <= 0:
        return None
    support = [c for c in cards if c in s.zones["support.1"]]
    hand = sorted((c for c in cards if c not in s.zones["support.1"] and not s.info[c].joker),
                  key=lambda c: s.info[c].value)
    chosen, total, cost = [], 0, 0.0
    for c in support:
        if total >= amount:
            break
        chosen.append(c)
        total += 1
        cost += 1.0
    for c in hand:
        if total >= amount:
            break
        if s.info[c].value >= amount - total:
            chosen.append(c)
            total += s.info[c].value
            cost += s.info[c].value
    if total < amount:
        return None
    return cost, chosen


def _scheme_move(s: HvNState) -> Move | None:
    """Play towards the scheme that gains most (its value in hand minus the cost)."""
    cards = playable(s)
    if not cards:
        return None
    hand = s.zones["hand.1"]
    best = None
    for sc in s.zones["schemes"]:
        inf = s.info[sc]
        need = inf.scheme - rk.scheme_total(s, sc)
        gain = 20.0 if inf.joker else float(inf.value)
        pieces = []
        for c in cards:
            bonus = 1 if inf.suit is not None and s.info[c].suit == inf.suit else 0
            if c in s.zones["support.1"]:
                pieces.append((0.6, 1 + bonus, c))
            elif not s.info[c].joker:
                pieces.append((float(s.info[c].value), s.info[c].value + bonus, c))
        pieces.sort(key=lambda p: (p[0] / p[1], -p[1]))
        free = s.press - sum(1 for c in s.zones["spent"] if c not in s.weak
                             and not s.info[c].joker)
        total, cost, first, hand_used = 0, 0.0, None, 0
        for price, value, c in pieces:
            if total >= need:
                break
            if c in hand:
                if hand_used + 1 > len(hand) - 1:
                    continue
                hand_used += 1
                if free > 0:
                    free -= 1
                    price = 0.5
            total += value
            cost += price
            first = c if first is None else first
        if total >= need and first is not None and gain - cost > 0.5 and (
                best is None or gain - cost > best[0]):
            best = (gain - cost, Move("plot", 1, first, sc))
    return best[1] if best else None


def _best_bet(rules: Rules, s: HvNState, rng: Rng, fill: bool) -> tuple[list[int], float]:
    """The showdown stake with the best chance against sampled hero hands."""
    hand = s.zones["hand.1"]
    staked = [c for c in s.zones["showdown"] if s.role.get(c) == "stake"]
    keep = min(hand, key=lambda c: (s.info[c].joker, s.info[c].value)) if hand else None
    jokers = [c for c in hand if s.info[c].joker and c != keep]
    numbers = sorted((c for c in hand if not s.info[c].joker and c != keep),
                     key=lambda c: -s.info[c].value)
    support = list(s.zones["support.1"])
    worlds = []
    for _ in range(SAMPLES):
        w = rules.determinize(s, 1, rng)
        h = list(w.zones["hand.0"])
        if fill:
            deck = w.zones["deck"]
            while len(h) < 3 and deck:
                h.append(deck.pop())
        # (each sampled hand sorted once, in the order its cards meet the jokers)
        worlds.append(sorted([(w.info[c].value, w.info[c].joker) for c in h],
                             key=rk.answer_order))
    base_demand, base_total = rk.stake_demand(s)
    stakes_win = 100.0 if s.wins >= 1 else 40.0
    best, best_score = [], float("-inf")
    for k in range(len(jokers) + 1):
        for m in range(len(numbers) + 1):
            for n_sup in sorted({0, len(support)}):
                extra = jokers[:k] + numbers[:m] + support[:n_sup]
                if not extra and not staked:
                    continue
                demand = base_demand + sum(s.info[c].needs for c in jokers[:k])
                total = base_total + sum(s.info[c].value for c in numbers[:m]) + n_sup
                wins = sum(1 for h in worlds if not rk.tops_ordered(demand, total, h))
                p = wins / len(worlds)
                cost = sum(s.info[c].value for c in numbers[:m]) * 0.25 + 6 * k + 0.3 * n_sup
                score = p * stakes_win - cost - (0 if p >= 0.5 else 30)
                if score > best_score:
                    best, best_score = staked + extra, score
    return best, best_score


def bench_lines(rules: Rules, quick: bool) -> list[str]:
    """``tabletop bench``: computer against computer, in milliseconds a game."""
    catalog = rules.load_catalog(mod_dirs=[])
    games = 5 if quick else 20
    t0 = time.perf_counter()
    for seed in range(games):
        playout(rules, rules.new_state(catalog, {}, seed), {0: HvNPlayer(), 1: HvNPlayer()},
                Rng(seed))
    ms = (time.perf_counter() - t0) / games * 1000
    return [f"  Hero vs Nemesis, computer against computer {ms:8.1f} ms a game"]
