"""The statistics of the balance lab, in plain Python (exact tests, no approximations
that fail on small counts).

- :func:`wilson`: the Wilson score interval of a proportion (95%): unlike the normal
  interval it stays inside [0, 1] and is honest at 0 or n successes.
- :func:`fisher`: Fisher's exact test of a 2x2 table, two-sided (the probabilities of
  every table with the same margins that is at most as likely as the one seen). Used for
  "win rate when played versus not", and between two runs' win rates when played.
- :func:`mcnemar`: McNemar's exact test of paired yes/no outcomes (a binomial test on the
  pairs that disagree). Used by ``--compare``, whose two runs play the same seeds, so each
  seed's outcome with the mod is paired with its outcome without.
- :func:`adjust`: Benjamini-Hochberg adjusted p-values (q-values). Many cards are tested
  at once; a card is flagged when its q-value is at most :data:`FDR` (0.05), which keeps
  the expected share of false flags among the flagged cards at 5% at most (the procedure
  holds under the positive dependence of cards played in the same games).
"""

from __future__ import annotations

import math

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


def mcnemar(only_first: int, only_second: int) -> float:
    """Two-sided p-value of McNemar's exact test: of the pairs that disagree,
    ``only_first`` said yes only in the first run, ``only_second`` only in the second."""
    n = only_first + only_second
    if n == 0:
        return 1.0
    k = min(only_first, only_second)
    tail = sum(math.exp(_log_choose(n, i) - n * math.log(2)) for i in range(k + 1))
    return min(1.0, 2 * tail)


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
