"""The bench's table: one row per figure, each beside a yardstick measured in the same run,
its goal and whether the goal is met."""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Row:
    """One judged figure.

    ``value`` is what was measured (in ``unit``); ``yardstick`` is the reference measured
    in the same run (``yard_label`` says what it is, in the same unit); ``ratio`` is
    ``value / yardstick``. ``goal`` is the bound, on the ratio (``on="ratio"``) or on the
    value itself (``on="value"``), with ``sense`` ``"<="`` (at most) or ``">="`` (at
    least)."""

    figure: str
    game: str
    value: float
    unit: str
    yardstick: float
    yard_label: str
    goal: float
    sense: str = "<="
    on: str = "ratio"
    #: the yardstick's unit, when it is not ``unit``
    yard_unit: str = ""
    #: why the figure could not be measured (it then fails)
    error: str = ""
    #: the measurement (module of :mod:`tabletop.bench`) that made the row
    part: str = ""

    @property
    def ratio(self) -> float:
        if self.yardstick == 0:
            return math.inf if self.value else 1.0
        return self.value / self.yardstick

    @property
    def judged(self) -> float:
        return self.ratio if self.on == "ratio" else self.value

    @property
    def ok(self) -> bool:
        if self.error:
            return False
        x = self.judged
        return x <= self.goal if self.sense == "<=" else x >= self.goal

    @property
    def verdict(self) -> str:
        return "PASS" if self.ok else "FAIL"

    def goal_text(self) -> str:
        if self.on == "ratio":
            return f"{self.sense} {self.goal:g}x"
        return f"{self.sense} {fmt(self.goal, self.unit)}"

    def as_dict(self) -> dict:
        out = asdict(self)
        out.update(ratio=self.ratio, verdict=self.verdict)
        return out


def ratio_row(figure: str, game: str, value: float, unit: str, yardstick: float,
              yard_label: str, goal: float, sense: str = "<=") -> Row:
    """A figure judged by its ratio to the yardstick."""
    return Row(figure, game, value, unit, yardstick, yard_label, goal, sense, "ratio")


def value_row(figure: str, game: str, value: float, unit: str, yardstick: float,
              yard_label: str, goal: float, sense: str = "<=", yard_unit: str = "") -> Row:
    """A figure judged by its own value (the yardstick and ratio give the context)."""
    return Row(figure, game, value, unit, yardstick, yard_label, goal, sense, "value",
               yard_unit)


def error_row(figure: str, game: str, exc: BaseException) -> Row:
    """A figure that could not be measured: it fails, and says why."""
    why = f"{type(exc).__name__}: {exc}".replace("|", "/").replace("\n", " ")[:60]
    return Row(figure, game, math.nan, "", math.nan, "", math.nan, error=why)


def fmt(x: float, unit: str) -> str:
    if math.isinf(x) or math.isnan(x):
        return f"{x} {unit}"
    if abs(x) >= 100:
        return f"{x:,.0f} {unit}"
    if abs(x) >= 10:
        return f"{x:.1f} {unit}"
    if abs(x) >= 0.1:
        return f"{x:.2f} {unit}"
    return f"{x:.3f} {unit}"


HEADER = ("figure", "game", "measured", "yardstick (same run)", "ratio", "goal", "")


def table(rows: list[Row]) -> str:
    """The rows as an aligned text table (also valid Markdown)."""
    body = [(r.figure, r.game, "-", f"not measured: {r.error}", "-", "-", r.verdict)
            if r.error else
            (r.figure, r.game, fmt(r.value, r.unit),
             f"{r.yard_label} {fmt(r.yardstick, r.yard_unit or r.unit)}", f"{r.ratio:.2f}x",
             r.goal_text(), r.verdict) for r in rows]
    widths = [max(len(str(line[i])) for line in [HEADER, *body]) for i in range(len(HEADER))]

    def line(cells) -> str:
        return "| " + " | ".join(str(c).ljust(w) for c, w in zip(cells, widths, strict=True)) + " |"

    out = [line(HEADER), "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    out.extend(line(b) for b in body)
    return "\n".join(out)


def summary(rows: list[Row]) -> str:
    failed = [r for r in rows if not r.ok]
    return f"{len(rows) - len(failed)} of {len(rows)} figures meet their goal."


def to_json(rows: list[Row]) -> str:
    return json.dumps([r.as_dict() for r in rows], indent=1)
