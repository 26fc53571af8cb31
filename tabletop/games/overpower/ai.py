"""The OverPower computer player: rules of thumb for every decision, from its own view.

It ventures as many mission cards as its hand looks worth (its attack power against a
plain estimate), never concedes a battle it can still fight, attacks with what scores
best (printed hit value for the Venture Total, a KO, a new type toward a Spectrum KO, a
value hard to block), blocks an attack that would hurt with the cheapest card that
stops it, passes when it is ahead and the opponent has passed, and keeps, Places and
fetches the cards its characters use most. It attacks the opponent's Battlesite when the
hit knocks it out, or once this battle's Venture Total is safely won (hits on a
Battlesite never count toward it); Activators are scored as the Special they fetch.
"""

from __future__ import annotations

import math
import statistics
import time

from ...engine.moves import Move
from ...engine.players import RandomPlayer, playout
from ...engine.rng import Rng
from ...engine.rules import Rules
from .common import BENEATH, COMPLETED, FRONT, HAND, MISSIONS, PLACED, RESERVE, RISK_RESERVE, other
from .decks import ready_made
from .grid import fits
from .hits import cumulative, ko_at, spectrum, venture_total
from .legal import turn_moves
from .locations import as_special, is_site
from .rules import OverPowerRules
from .state import OPState
from .values import build_attack

#: what a hit is worth beyond its printed value when it knocks the character out
KO_BONUS = 14.0
NEW_TYPE = 2.5
EFFECT_SPECIAL = 3.0
#: a Battlesite hit: worth per Special beneath it, and the lead that makes it worth more
SITE_BENEATH = 0.15
SITE_LEAD = 8


def _worth(s: OPState, card: int) -> float:
    """How much a card in hand is worth keeping (its value, or a flat worth)."""
    inf = s.info[card]
    return inf.value if inf.kind == "power" else 5.0


def _users(s: OPState, seat: int, card: int) -> int:
    inf = s.info[card]
    return sum(1 for ch in s.zones[FRONT[seat]] if fits(s, ch, inf))


def _standing(s: OPState, target: int, memo: dict | None) -> tuple[int, int, set]:
    """A character's hits so far, the total that knocks it out and the Spectrum types it
    has taken for certain: the same for every attack on it in one decision, so worked out
    once per target there (``memo``; the rollouts score every attack of every turn)."""
    if memo is None:
        return cumulative(s, target), ko_at(s, target), spectrum(s, target)[0]
    got = memo.get(target)
    if got is None:
        got = memo[target] = _standing(s, target, None)
    return got


def _hit_score(s: OPState, m: Move, link=None, memo: dict | None = None) -> float:
    """An attack's worth if it lands: hit values, a KO, a new Spectrum type. ``memo``:
    one decision's :func:`_standing` of each target, shared by its moves."""
    a = build_attack(s, m, link)
    info = s.info
    hit = sum(info[c].value for c in a.hits)
    score = hit + 0.3 * (a.value or 0)
    target = a.target
    cost = sum(0.4 for c in a.cards if info[c].kind != "power")
    if is_site(s, target):
        return _site_score(s, a, hit) - cost
    total, knocked_at, fixed = _standing(s, target, memo)
    if hit and total + hit >= knocked_at:
        score += KO_BONUS
    new = {t for c in a.hits for t in info[c].types[:1]} - fixed
    if new:
        score += NEW_TYPE * len(new) + (KO_BONUS if len(fixed) + len(new) >= 3 else 0)
    if a.value is None:
        score += 4.0
    return score - cost


def _site_score(s: OPState, a, hit: int) -> float:
    """A hit on a Battlesite never counts toward the Venture Total, but every point brings
    its KO nearer, and the KO takes every Special beneath it (the Activators left in the
    opponent's hand become dead cards). Worth it once this battle looks won (the Venture
    Total safely ahead, the opponent out of cards or passed), or when it knocks the
    Battlesite out."""
    site, seat = a.target, a.seat
    total = cumulative(s, site)
    if hit and total + hit >= ko_at(s, site):
        return hit + KO_BONUS
    weight = 0.4
    rival = other(seat)
    lead = venture_total(s, seat) - venture_total(s, rival)
    if lead >= SITE_LEAD or (lead > 0 and s.passed[rival]):
        under = len(s.zones[BENEATH[s.owner(site)]])
        weight = 1.0 + SITE_BENEATH * under
    return weight * hit


#: the worth of a move that attacks nothing
_NO_ATTACK = {"pass": 0.5, "stop": 0.0, "finish": 0.0, "concede": -50.0}


def _action_score(s: OPState, m: Move, link=None, memo: dict | None = None) -> float:
    kind = m.kind
    if kind in _NO_ATTACK:
        return _NO_ATTACK[kind]
    if kind == "activate":  # scored as the Special it fetches
        m = as_special(m)
        kind = m.kind
    if kind == "artifact":  # a lasting gain: worth a turn early on
        return EFFECT_SPECIAL + 0.5
    if kind == "special" and m.target is None:
        return EFFECT_SPECIAL
    return _hit_score(s, m, link, memo)


def hand_power(s: OPState, seat: int) -> float:
    """A rough Venture Total the hand and the Placed cards can reach."""
    best: dict[int, float] = {}
    for m in turn_moves(s, seat):
        if m.target is None or m.kind not in ("attack", "teamwork", "ally", "doubleshot",
                                              "special") or is_site(s, m.target):
            continue
        a = build_attack(s, m, None)
        hit = sum(s.info[c].value for c in a.hits)
        best[m.card] = max(best.get(m.card, 0.0), hit * 0.6)
    return sum(sorted(best.values(), reverse=True)[:5])


class OverPowerAI:
    name = "simple"

    def choose(self, rules: Rules, view: OPState, seat: int, rng: Rng) -> Move:
        legal = rules.legal_moves(view)
        if len(legal) == 1:
            return legal[0]
        pick = PICKERS.get(view.pending.kind)
        if pick is None:
            return _best_action(view, legal, rng)
        return pick(view, seat, legal, rng)


def _best_action(s: OPState, legal: list[Move], rng: Rng, link=None) -> Move:
    """The move of ``legal`` that scores best (:func:`_action_score`, a hair of noise to
    break ties), each target's standing worked out once for all of them."""
    memo: dict = {}
    return max(legal, key=lambda m: _action_score(s, m, link, memo) + rng.random() * 0.01)


def _reserve(s: OPState, seat: int, legal: list[Move], rng: Rng) -> Move:
    def keep_out(m: Move) -> float:
        inf = s.info[m.card]
        bonus = sum(n for n, cond in inf.profile.hand if cond == "reserve") * 30
        return bonus - sum(inf.grid)
    return max(legal, key=keep_out)


def _keep(s: OPState, seat: int, legal: list[Move], rng: Rng) -> Move:
    return max(legal, key=lambda m: (_users(s, seat, m.card) + len(s.info[m.card].types) * 0.3
                                     if m.card is not None else 0))


def _place(s: OPState, seat: int, legal: list[Move], rng: Rng) -> Move:
    def score(m: Move) -> float:
        if m.kind == "done":
            return 0.5
        inf = s.info[m.card]
        if m.card in s.must_place:
            return 10.0
        if m.target in s.zones[RESERVE[seat]]:
            return -1.0
        if inf.kind == "special":
            return 3.0
        return 2.0 if _users(s, seat, m.card) == 1 else -1.0
    return max(legal, key=score)


def _venture(s: OPState, seat: int, legal: list[Move], rng: Rng) -> Move:
    power = hand_power(s, seat)
    want = 1 + (power >= 12) + (power >= 20)
    left = len(s.zones[MISSIONS[seat]]) + len(s.zones[COMPLETED[seat]])
    done = len(s.zones[COMPLETED[seat]])
    if done + len(s.zones[RISK_RESERVE[seat]]) + want >= 7:
        want = max(want, 7 - done - len(s.zones[RISK_RESERVE[seat]]))
    want = min(want, left)

    def score(m: Move) -> float:
        total = m.target + m.choice
        risky = m.choice * (0.5 if power >= 20 else 2.0)
        return -abs(total - want) * 3 - risky - m.choice * 0.1
    return max(legal, key=score)


def _penalty(s: OPState, seat: int, legal: list[Move], rng: Rng) -> Move:
    return max(legal, key=lambda m: m.choice)


def _battle_start(s: OPState, seat: int, legal: list[Move], rng: Rng) -> Move:
    return next(m for m in legal if m.kind == "fight")


def _turn(s: OPState, seat: int, legal: list[Move], rng: Rng) -> Move:
    mine, theirs = venture_total(s, seat), venture_total(s, other(seat))
    passing = next((m for m in legal if m.kind == "pass"), None)
    if passing is not None and s.passed[other(seat)] and mine > theirs:
        return passing
    return _best_action(s, legal, rng)


def _chain(s: OPState, seat: int, legal: list[Move], rng: Rng) -> Move:
    return _best_action(s, legal, rng, s.chain[-1])


def _defend(s: OPState, seat: int, legal: list[Move], rng: Rng) -> Move:
    a = s.attack
    take = next(m for m in legal if m.kind == "take")
    hit = sum(s.info[c].value for c in a.hits)
    hurts = a.value is None or hit >= 3 or cumulative(s, a.target) + hit >= ko_at(s, a.target)
    blocks = [m for m in legal if m.kind == "defend"]
    if not blocks or not hurts:
        return take

    def cost(m: Move) -> float:
        cards = [m.card] + [c for c in m.choice if c >= 0 and c != m.target]
        return sum(_worth(s, c) for c in cards if c in s.zones[HAND[seat]] or
                   c in s.zones[PLACED[seat]])
    return min(blocks, key=cost)


def _named(s: OPState, seat: int, legal: list[Move], rng: Rng) -> Move:
    ch = s.pending.data[1]
    grid = s.info[ch].grid
    return max(legal, key=lambda m: grid[["energy", "fighting", "strength",
                                          "intellect"].index(m.choice)])


def _lose(s: OPState, seat: int, legal: list[Move], rng: Rng) -> Move:
    return min(legal, key=lambda m: _worth(s, m.card))


def _most(s: OPState, seat: int, legal: list[Move], rng: Rng) -> Move:
    return max(legal, key=lambda m: _worth(s, m.card) if m.card is not None else -1)


PICKERS = {"reserve": _reserve, "keep": _keep, "place": _place, "venture": _venture,
           "penalty": _penalty, "battle_start": _battle_start, "turn": _turn,
           "chain": _chain, "defend": _defend, "name_type": _named, "lose": _lose,
           "strip": _most, "fetch": _most, "heal": _most,
           "event": lambda s, seat, legal, rng: legal[0]}


# ``tabletop bench`` lines: how fast the computer player decides and how often it beats a
# random player


def win_rate(rules: OverPowerRules, catalog, games: int) -> tuple[int, float, float]:
    """Wins of the computer player over a random one (seats alternate, every pairing of
    decks) and the 95% Wilson interval."""
    wins = 0
    decks = [value for value, _ in ready_made(catalog)][:4]  # the four without Locations
    for i in range(games):
        seat = i % 2
        opts = rules.normalize_options({"team_p1": decks[i % len(decks)],
                                        "team_p2": decks[(i // len(decks)) % len(decks)]})
        end = playout(rules, rules.new_state(catalog, opts, 700 + i),
                      {seat: OverPowerAI(), 1 - seat: RandomPlayer()}, Rng(i))
        wins += seat in end.winners
    p, z = wins / games, 1.96
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return wins, centre - half, centre + half


def decision_times(rules: OverPowerRules, catalog, games: int) -> list[float]:
    """Seconds per decision of the computer player playing both seats."""
    ai, times = OverPowerAI(), []
    for seed in range(games):
        s = rules.new_state(catalog, {}, seed)
        rng = Rng(seed)
        while not s.over:
            view = rules.view(s, s.actor)
            t0 = time.perf_counter()
            move = ai.choose(rules, view, s.actor, rng)
            times.append(time.perf_counter() - t0)
            s = rules.play(s, move)
    return times


def bench(quick: bool, rules: OverPowerRules) -> list[str]:
    catalog = rules.load_catalog(mod_dirs=[])
    times = sorted(decision_times(rules, catalog, 3 if quick else 10))
    games = 40 if quick else 200
    wins, low, high = win_rate(rules, catalog, games)
    return [f"  OverPower computer player: {statistics.median(times) * 1000:.2f} ms a decision "
            f"(max {times[-1] * 1000:.1f} ms); beats a random player {wins}/{games} "
            f"({low:.0%}\u2013{high:.0%}, target >= 95%)"]
