"""A simple computer hero for Power Play: it counts with the real tally.

It sees only its own view. The villain's face-down power is unknown, so every decision
is judged over each power card the hero has not seen (weighted by how many copies are
unseen): the chance that the defence holds, and the expected margin.

- Active hero: plays the set of at most four open powers with the best chance (then the
  best margin), one card per move, then Done.
- Support: adds the one power that raises the chance most, if it raises it enough (a
  hero whose own turn in this round is still to come keeps its cards unless the gain is
  large; nobody holds back when a third Bad News would lose the game).
- Bonus powers: spent only when the players still to decide can close the gap (the
  smallest card that closes it, else the biggest), since a Bonus power is worth fewer
  points at the end than a Bad News card costs.

A *guessing* hero (``PowerPlayAI(guess=3)``, the search's simulated hero in its own-view
rollouts) judges over a few unseen powers drawn by their unseen copies instead of over
them all: the same reasoning on a sample of what it cannot see, a few times cheaper, and
it never sees the card. (In 100 games of four such heroes: one draw won 66, three 90,
five 96, all of them 96.)
"""

from __future__ import annotations

import time
from collections import Counter
from itertools import combinations

from ...engine.moves import Move
from ...engine.rng import Rng
from ...engine.rules import Rules
from .state import PPState
from .tally import Power, hero_total, plan_of, villain_total
from .turn import BAD_NEWS_LIMIT, MAX_DEFENCE


def hidden_candidates(view: PPState) -> list[tuple[Power | None, int]]:
    """The villain's face-down power as the viewer may imagine it: each unseen power,
    with how many unseen copies it has (``[(None, 1)]`` when nothing is hidden)."""
    if not any(c < 0 or c in view.facedown for c in view.zones["threat"]):
        return [(None, 1)]
    visible = {c for cards in view.zones.values() for c in cards if c >= 0}
    visible -= view.facedown
    counts = Counter(inf.tally_power for i, inf in enumerate(view.info)
                     if inf.kind == "power" and i not in visible)
    return list(counts.items()) or [(None, 1)]


def guess(candidates: list[tuple[Power | None, int]], rng: Rng, draws: int = 1
          ) -> list[tuple[Power | None, int]]:
    """``draws`` of ``candidates``, each drawn with their weights (the unseen copies),
    with how many times each was drawn."""
    if len(candidates) == 1:
        return candidates
    total = sum(w for _, w in candidates)
    drawn: Counter = Counter()
    for _ in range(draws):
        pick = rng.below(total)
        for power, w in candidates:
            if pick < w:
                drawn[power] += 1
                break
            pick -= w
    return list(drawn.items())


class Judge:
    """Scores defences against the villain of one view (the unknown power averaged)."""

    def __init__(self, view: PPState, rng: Rng | None = None, draws: int = 1) -> None:
        """``rng``: judge over ``draws`` guesses drawn from the unseen powers
        (:func:`guess`) instead of over all of them."""
        self.known = view.known_threat()
        self.candidates = hidden_candidates(view)
        if rng is not None:
            self.candidates = guess(self.candidates, rng, draws)
        self.plan = plan_of(view.table_effects())
        self.attribute = view.attribute_power()
        self.base = view.base()
        self.weight = sum(w for _, w in self.candidates)
        self.threats = [(self.known + [hidden] if hidden is not None else self.known, w)
                        for hidden, w in self.candidates]
        villain = self.plan.villain
        #: each threat's types, as the heroes' matching effects see them
        self.threat_types = [villain.types_seen(t) for t, _ in self.threats]
        # the villain's total depends on the defence only through the defence's types
        self._villain: dict[tuple[int, frozenset[str]], int] = {}

    def _villain_total(self, i: int, hero_types: frozenset[str]) -> int:
        key = (i, hero_types)
        total = self._villain.get(key)
        if total is None:
            total = self._villain[key] = villain_total(
                self.plan, self.threats[i][0], self.attribute, self.base, hero_types)
        return total

    def judge(self, defence: list[Power]) -> tuple[float, float]:
        """(chance the defence holds, expected margin) over the unknown power."""
        wins = 0
        margin = 0.0
        plan = self.plan
        hero_types = plan.heroes.types_seen(defence)
        # the heroes' total depends on the threat only through its types, which many of
        # the imagined powers share: counted once per types
        heroes: dict[frozenset[str], int] = {}
        for i, (_, w) in enumerate(self.threats):
            types = self.threat_types[i]
            h = heroes.get(types)
            if h is None:
                h = heroes[types] = hero_total(plan, defence, types)
            v = self._villain_total(i, hero_types)
            if h >= v:
                wins += w
            margin += w * (h - v)
        return wins / self.weight, margin / self.weight


class PowerPlayAI:
    name = "simple"

    def __init__(self, guess: int = 0) -> None:
        #: judge each decision over this many guesses at the face-down power (module
        #: docstring); 0: over every unseen power
        self.guess = guess
        self._plans: dict[tuple, tuple[int, ...]] = {}
        #: how it answers each decision (the others have one move)
        self._answers = {"defend": self._defend, "support": self._support,
                         "bonus": self._bonus}

    def choose(self, rules: Rules, view: PPState, seat: int, rng: Rng) -> Move:
        legal = rules.legal_moves(view)
        answer = self._answers.get(view.pending.kind)
        if len(legal) == 1 or answer is None:
            return legal[0]
        return answer(view, seat, legal, rng)

    def _judge(self, view: PPState, rng: Rng) -> Judge:
        """The judge of ``view``: over every unseen power, or over this hero's guesses."""
        return Judge(view, rng if self.guess else None, self.guess)

    # -- the active hero -------------------------------------------------------------------
    def _defend(self, view: PPState, seat: int, legal: list[Move], rng: Rng) -> Move:
        hand = view.zones[f"hand.{seat}"]
        key = (view.turn, view.round, tuple(hand), tuple(view.zones["defence"]))
        if self.guess:  # a plan on guesses is not kept: the next guesses may differ
            plan = self._plan(view, hand, rng)
        elif (plan := self._plans.get(key)) is None:
            plan = self._plan(view, hand, rng)
            if len(self._plans) > 256:
                self._plans.clear()
            self._plans[key] = plan
        for move in legal:
            if move.kind == "play" and move.card in plan:
                return move
        return next(m for m in legal if m.kind == "done")

    def _plan(self, view: PPState, hand: list[int], rng: Rng) -> tuple[int, ...]:
        judge = self._judge(view, rng)
        played = view.powers_of("defence")
        room = MAX_DEFENCE - view.played
        info = view.info
        best: tuple = ()
        best_score = (-1.0, float("-inf"), 0)
        seen = set()
        for n in range(1 if not played else 0, min(room, len(hand)) + 1):
            for subset in combinations(hand, n):
                powers = tuple(sorted((info[c].tally_power for c in subset),
                                      key=lambda p: (p.type, p.value)))
                if powers in seen:
                    continue
                seen.add(powers)
                chance, margin = judge.judge(played + list(powers))
                score = (round(chance, 6), margin, -n)
                if score > best_score:
                    best, best_score = subset, score
        return tuple(best)

    # -- another hero's support ------------------------------------------------------------
    def _support(self, view: PPState, seat: int, legal: list[Move], rng: Rng) -> Move:
        judge = self._judge(view, rng)
        defence = view.powers_of("defence")
        later = [view.powers_of(f"hand.{o}") for o in view.pending.data[0]]
        if_i_pass = self._with_later(judge, defence, later)
        if if_i_pass[0] >= 0.97:
            return Move("pass", seat)
        best, best_score = None, if_i_pass
        for move in legal:
            if move.kind == "play":
                score = self._with_later(judge, defence + [view.info[move.card].tally_power],
                                         later)
                if score > best_score:
                    best, best_score = move, score
        if best is None:
            return Move("pass", seat)
        stakes = view.bad_news(view.current) >= BAD_NEWS_LIMIT
        threshold = 0.0 if stakes else (0.12 if self._turn_to_come(view, seat) else 0.03)
        if best_score[0] - if_i_pass[0] > threshold:
            return best
        return Move("pass", seat)

    @staticmethod
    def _with_later(judge: Judge, defence: list[Power],
                    later: list[list[Power]]) -> tuple[float, float]:
        """The defence's chance if each later supporter adds its most useful power."""
        score = judge.judge(defence)
        for hand in later:
            best = None
            for power in hand:
                option = judge.judge(defence + [power])
                if option[0] > score[0] and (best is None or option > best[1]):
                    best = (power, option)
            if best is not None:
                defence = defence + [best[0]]
                score = best[1]
        return score

    @staticmethod
    def _turn_to_come(view: PPState, seat: int) -> bool:
        """Whether ``seat`` is still to be the active hero in this round."""
        left = view.seats - view.round_turn
        nxt = view.current
        for _ in range(left):
            nxt = view.left_of(nxt)
            if nxt == seat:
                return True
        return False

    # -- Bonus powers ----------------------------------------------------------------------
    def _bonus(self, view: PPState, seat: int, legal: list[Move], rng: Rng) -> Move:
        gap = view.villain_tally.total - view.hero.total - view.bonus_total
        any_number = bool(view.options.get("any_bonus"))
        info = view.info

        def reach(o: int) -> int:
            values = [info[c].base for c in view.zones[f"bonus.{o}"]]
            if not values:
                return 0
            return sum(values) if any_number else max(values)

        available = sum(reach(o) for o in (seat, *view.pending.data[0]))
        spends = [m for m in legal if m.kind == "bonus"]
        if available < gap or not spends:
            return Move("pass", seat)
        enough = [m for m in spends if info[m.card].base >= gap]
        if enough:
            return min(enough, key=lambda m: info[m.card].base)
        return max(spends, key=lambda m: info[m.card].base)


def bench_line(rules: Rules, games: int) -> str:
    """``tabletop bench``: how fast the computer heroes play, and how often they win."""
    from ...engine.players import playout

    catalog = rules.load_catalog(mod_dirs=[])
    wins = 0
    score = 0
    t0 = time.perf_counter()
    for seed in range(games):
        state = rules.new_state(catalog, {}, seed)
        end = playout(rules, state, {i: PowerPlayAI() for i in range(state.seats)}, Rng(seed))
        wins += not end.lost
        score += end.score or 0
    secs = time.perf_counter() - t0
    return (f"  computer heroes, 4 players: {games / secs:6.1f} games/s, won {wins}/{games}, "
            f"average score {score / games:.0f}")
