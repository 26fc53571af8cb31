"""A position's value learned from games: a logistic model over a game's features.

A game that gives :attr:`~.game.Game.features` (``features(state, seat)``: numbers read
only from what ``seat`` can see) may score the positions where the search's rollouts
stop with a model fitted to how such positions ended in games of its own computer
players (``tabletop evaluation``, :mod:`tabletop.tools.evaluation`), instead of the
rules' hand-made :meth:`~.rules.Rules.evaluate`. The model is data
(``data/evaluation/<game>.json``: the features' names, a weight each and a bias, with
the figures of its fit), read with a size limit and checked; a missing or unusable file
leaves the rules' evaluation in place (logged), never a reason for a search to fail.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from .. import DATA_DIR
from .files import read_json_data, write_json_data

LOG = logging.getLogger(__name__)

#: the most a model file may hold, and the most features a model may have
MAX_BYTES = 64 * 1024
MAX_FEATURES = 64
#: the chance a model gives is kept this far from 0 and 1
EDGE = 0.01

Features = Callable[[Any, int], Sequence[float]]


def evaluation_path(game_id: str) -> Path:
    """Where a game's learned evaluation is stored (it ships with the package's data)."""
    return DATA_DIR / "evaluation" / f"{game_id}.json"


def sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-z)) if z >= 0 else math.exp(z) / (1.0 + math.exp(z))


class Evaluation:
    """``chance = sigmoid(bias + sum(weight * feature))`` over the named features;
    ``figures``: what its fit measured (positions, games, log losses), kept as told."""

    def __init__(self, names: Sequence[str], weights: Sequence[float], bias: float,
                 figures: dict | None = None) -> None:
        if not names or len(names) != len(weights) or len(names) > MAX_FEATURES:
            raise ValueError(f"a model needs 1 to {MAX_FEATURES} features, a weight each")
        if len(set(names)) != len(names) or not all(isinstance(n, str) for n in names):
            raise ValueError("the features are named, each once")
        numbers = [*weights, bias]
        if any(isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v)
               for v in numbers):
            raise ValueError("the weights and the bias are finite numbers")
        self.names = tuple(names)
        self.weights = tuple(float(w) for w in weights)
        self.bias = float(bias)
        self.figures = dict(figures or {})

    def chance(self, values: Sequence[float]) -> float:
        """The chance the model gives a position's features (in the names' order)."""
        z = self.bias
        for w, v in zip(self.weights, values, strict=True):
            z += w * v
        return min(1.0 - EDGE, max(EDGE, sigmoid(z)))

    def to_json(self) -> dict:
        return {"features": list(self.names),
                "weights": [round(w, 6) for w in self.weights],
                "bias": round(self.bias, 6), "figures": self.figures}

    @classmethod
    def from_json(cls, data) -> Evaluation:
        if not isinstance(data, dict):
            raise ValueError("expected a mapping with 'features', 'weights' and 'bias'")
        names, weights, bias = data.get("features"), data.get("weights"), data.get("bias")
        if not isinstance(names, list) or not isinstance(weights, list):
            raise ValueError("'features' and 'weights' must be lists")
        figures = data.get("figures")
        return cls(names, weights, bias, figures if isinstance(figures, dict) else {})

    def write(self, path: Path) -> None:
        write_json_data(path, self.to_json())


def read(path: Path, names: Sequence[str] | None = None) -> Evaluation | None:
    """The model stored at ``path`` (its features must be ``names`` when given); None,
    logged, when there is none or it cannot be used."""
    def build(data) -> Evaluation:
        model = Evaluation.from_json(data)
        if names is not None and model.names != tuple(names):
            raise ValueError(f"its features {list(model.names)} are not the game's "
                             f"{list(names)}")
        return model
    return read_json_data(path, MAX_BYTES, "the learned evaluation", build, LOG)


@cache
def for_game(game_id: str, names: tuple[str, ...]) -> Evaluation | None:
    """The game's shipped model for features ``names`` (read once)."""
    return read(evaluation_path(game_id), names)


def scorer(rules, features: Features, model: Evaluation
           ) -> Callable[[Any], tuple[float, ...]]:
    """Scores of a position for every seat: a finished game's returns, else the model's
    chance for each seat (the search's cut-off, :attr:`~.search.SearchHints.score`)."""
    chance = model.chance

    def score(state) -> tuple[float, ...]:
        if state.over:
            return rules.returns(state)
        return tuple(chance(features(state, seat)) for seat in range(state.seats))
    return score


# -- the fit ---------------------------------------------------------------------------------
def log_loss(pairs: Sequence[tuple[float, float]]) -> float:
    """Mean log loss of ``(predicted, outcome)`` pairs (an outcome between 0 and 1, a
    draw or a co-operative score, counts as that share of a win)."""
    total = 0.0
    for p, y in pairs:
        p = min(1.0 - 1e-6, max(1e-6, p))
        total -= y * math.log(p) + (1.0 - y) * math.log(1.0 - p)
    return total / max(1, len(pairs))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-12:
            raise ValueError("the features do not vary independently")
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def fit(rows: Sequence[tuple[Sequence[float], float]], ridge: float = 1e-3,
        steps: int = 50) -> tuple[float, list[float]]:
    """``(bias, weights)`` of the logistic model most likely to give the ``(features,
    outcome)`` rows (Newton's method; each feature scaled to unit spread while fitting,
    with a small ``ridge`` penalty on the scaled weights, so that a feature that barely
    varies cannot run away)."""
    if not rows:
        raise ValueError("no positions to fit")
    k = len(rows[0][0])
    n = len(rows)
    means = [sum(r[0][j] for r in rows) / n for j in range(k)]
    spreads = [math.sqrt(sum((r[0][j] - means[j]) ** 2 for r in rows) / n) or 1.0
               for j in range(k)]
    xs = [[1.0, *((r[0][j] - means[j]) / spreads[j] for j in range(k))] for r in rows]
    ys = [r[1] for r in rows]
    beta = [0.0] * (k + 1)
    for _ in range(steps):
        grad = [0.0] * (k + 1)
        hess = [[0.0] * (k + 1) for _ in range(k + 1)]
        for x, y in zip(xs, ys, strict=True):
            p = sigmoid(sum(b * v for b, v in zip(beta, x, strict=True)))
            w = p * (1.0 - p)
            d = y - p
            for i in range(k + 1):
                xi = x[i]
                grad[i] += d * xi
                wi = w * xi
                row = hess[i]
                for j in range(i, k + 1):
                    row[j] += wi * x[j]
        for i in range(k + 1):
            for j in range(i):
                hess[i][j] = hess[j][i]
            if i:
                grad[i] -= ridge * n * beta[i]
                hess[i][i] += ridge * n
        step = _solve(hess, grad)
        beta = [b + s for b, s in zip(beta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-8:
            break
    weights = [beta[j + 1] / spreads[j] for j in range(k)]
    bias = beta[0] - sum(w * m for w, m in zip(weights, means, strict=True))
    return bias, weights
