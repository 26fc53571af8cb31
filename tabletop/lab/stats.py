"""The statistics of the balance lab, in plain Python (exact tests, no approximations
that fail on small counts).

- :func:`wilson`: the Wilson score interval of a proportion (95%): unlike the normal
  interval it stays inside [0, 1] and is honest at 0 or n successes.
- :func:`fisher`: Fisher's exact test of a 2x2 table, two-sided (the probabilities of
  every table with the same margins that is at most as likely as the one seen). Used for
  "win rate when played versus not" in games of one side (co-operative, solo), whose
  games are the independent observations, and between two runs of such games.
- :func:`sign_test`: the exact sign test (a two-sided binomial test at 1/2 on the
  non-zero signs). :func:`mcnemar`, McNemar's exact test of paired yes/no outcomes, is the
  sign test on the pairs that disagree; ``--compare``, whose two runs play the same seeds,
  uses both on seeds (each seed's outcome with the mod paired with its outcome without).
- :func:`within_games`: the per-card test of a competitive game, whose unit is the game
  (exactly one side wins, so a game's sides are not independent observations): in each
  game the number of winning sides among those that played the card, against its exact
  distribution if the result were shuffled among the game's sides. With two sides it is
  the sign test on the games where exactly one side played the card.
- :func:`adjust`: Benjamini-Hochberg adjusted p-values (q-values). Many cards are tested
  at once; a card is flagged when its q-value is at most :data:`FDR` (0.05), which keeps
  the expected share of false flags among the flagged cards at 5% at most (the procedure
  holds under the positive dependence of cards played in the same games).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

Z95 = 1.959963984540054
#: the false discovery rate at which cards and rates are flagged
FDR = 0.05


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``n`` (``(0, 1)`` for n = 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # the interval holds the observed rate (rounding could put an end a hair past it)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def _log_choose(n: int, k: int) -> float:
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def fisher(a: int, b: int, c: int, d: int) -> float:
    """Two-sided p-value of Fisher's exact test for the table ``[[a, b], [c, d]]``."""
    row, col, n = a + b, a + c, a + b + c + d
    if n == 0 or row in (0, n) or col in (0, n):
        return 1.0
    base = _log_choose(n, col)

    def log_p(x: int) -> float:
        return _log_choose(row, x) + _log_choose(n - row, col - x) - base

    seen = log_p(a)
    total = 0.0
    for x in range(max(0, col - (n - row)), min(row, col) + 1):
        lp = log_p(x)
        if lp <= seen + 1e-7:
            total += math.exp(lp)
    return min(1.0, total)


def sign_test(plus: int, minus: int) -> float:
    """Two-sided p-value of the exact sign test: ``plus`` positive and ``minus`` negative
    signs (the zeros left out) against Binomial(plus + minus, 1/2), twice the smaller tail."""
    n = plus + minus
    if n == 0:
        return 1.0
    k = min(plus, minus)
    tail = sum(math.exp(_log_choose(n, i) - n * math.log(2)) for i in range(k + 1))
    return min(1.0, 2 * tail)


def mcnemar(only_first: int, only_second: int) -> float:
    """Two-sided p-value of McNemar's exact test: of the pairs that disagree,
    ``only_first`` said yes only in the first run, ``only_second`` only in the second
    (the sign test on those pairs)."""
    return sign_test(only_first, only_second)


class WithinGames(NamedTuple):
    """The result of :func:`within_games`."""

    p: float
    observed: int  #: winning sides that played the card, over the informative games
    expected: float  #: the same if the result were shuffled among each game's sides
    games: int  #: informative games (some sides played the card, some won, not all)


@lru_cache(maxsize=256)
def _hypergeometric(sides: int, played: int, won: int) -> tuple[int, tuple[Fraction, ...]]:
    """The lowest value and the exact distribution of the number of winning sides among
    the ``played`` sides when ``won`` of ``sides`` win at random."""
    low, high = max(0, played + won - sides), min(played, won)
    total = math.comb(sides, won)
    return low, tuple(Fraction(math.comb(played, x) * math.comb(sides - played, won - x),
                               total) for x in range(low, high + 1))


def _binomial(n: int, p: Fraction) -> list[float]:
    if p in (0, 1):
        return [1.0] if p == 0 else [0.0] * n + [1.0]
    lp, lq = math.log(p), math.log(1 - p)
    return [math.exp(_log_choose(n, k) + k * lp + (n - k) * lq) for k in range(n + 1)]


def _convolve(a: list[float], b: list[float]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _power(shape: tuple[Fraction, ...], n: int) -> list[float]:
    """The distribution of the sum of ``n`` independent draws of ``shape`` (from 0)."""
    if len(shape) == 2:
        return _binomial(n, shape[1])
    out, step = [1.0], [float(x) for x in shape]
    while n:
        if n & 1:
            out = _convolve(out, step)
        n >>= 1
        if n:
            step = _convolve(step, step)
    return out


def within_games(games: Iterable[tuple[int, int, int, int]]) -> WithinGames:
    """The exact permutation test of one card within games. Each game is ``(sides, played,
    won, both)``: its number of sides, how many played the card, how many won, and how
    many of the winners played it. If the card made no difference, the winners would be
    any ``won`` of the game's sides, so ``both`` would follow a hypergeometric law,
    independently from game to game (the games are independent); the test compares the
    sum of ``both`` with the exact distribution of that sum (a convolution over games)
    and gives twice the smaller tail, at most 1. Games where no side or every side played
    the card, or none or all won (a draw), carry no information and are left out; with
    two sides, one winner, the test is :func:`sign_test` of "only the winner played it"
    against "only the loser did"."""
    groups: Counter[tuple[Fraction, ...]] = Counter()
    offset = observed = informative = 0
    expected = 0.0
    for sides, played, won, both in games:
        low, shape = _hypergeometric(sides, played, won)
        if len(shape) < 2:
            continue
        groups[shape] += 1
        offset += low
        observed += both
        expected += played * won / sides
        informative += 1
    if not informative:
        return WithinGames(1.0, 0, 0.0, 0)
    laws = sorted((_power(shape, n) for shape, n in groups.items()), key=len)
    last = laws.pop()
    rest = [1.0]
    for law in laws:
        rest = _convolve(rest, law)
    # the tails of the sum: the others' distribution against the largest one's tails,
    # each tail summed from its own end (no 1 - x that would lose a tiny tail)
    below, above = [], []
    acc = 0.0
    for x in last:
        acc += x
        below.append(acc)
    acc = 0.0
    for x in reversed(last):
        acc += x
        above.append(acc)
    above.reverse()
    t = observed - offset
    lower = upper = 0.0
    for i, x in enumerate(rest):
        j = t - i
        lower += x * (below[min(j, len(last) - 1)] if j >= 0 else 0.0)
        upper += x * (above[max(j, 0)] if j < len(last) else 0.0)
    return WithinGames(min(1.0, 2 * min(lower, upper)), observed, expected, informative)


def adjust(pvalues: list[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values, in the order given."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    out = [1.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, pvalues[i] * m / rank)
        out[i] = running
    return out
