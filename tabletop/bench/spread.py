"""The spread of several full bench runs: each figure's judged value in every run, its
worst, and in how many runs it met its goal.

A figure that passes only on a good day is not met: the figures of record in
``docs/bench.md`` are judged over several runs. Each run is the JSON a ``tabletop bench
--json FILE`` wrote. The n-th row of a measurement is the same figure in every run when
its words are, once the counts a run reports in them are set aside (``(747 frames, 12
moves)``, ``load 0.14 at the start``, the display's number, a CPU-time diagnostic).

Run as ``python -m tabletop.bench.spread RUN.json RUN.json ...`` (markdown on standard
output).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

#: what a run says of itself inside a figure's words, left out where the figure is shown:
#: the load at the start, the display's number, a CPU-time diagnostic in brackets
_RUN_WORDS = re.compile(r"; load [\d.]+ at the start|; Xvfb :\d+|,? ?\(CPU [^()]*\)")
#: a count in brackets (``(747 frames, 12 moves)``, ``(0 of 747)``)
_COUNTS = re.compile(r"\s*\(\d[^()]*\)")


def shown(text: str) -> str:
    """A figure's or game's words as the spread shows them (its run's own words out)."""
    return _RUN_WORDS.sub("", text).strip()


def key_of(row: dict) -> str:
    """A figure's words without what changes from run to run (counts included)."""
    return _COUNTS.sub("", shown(row["figure"]))


def judged(row: dict) -> float | None:
    """The number the goal is applied to: the ratio or the value itself."""
    value = row.get("ratio") if row.get("on", "ratio") == "ratio" else row.get("value")
    return None if row.get("error") or value is None else float(value)


def spread(runs: list[list[dict]]) -> list[dict]:
    """Per figure (in the first run's order, then any new ones): its judged value in
    each run (None where it was not measured), the worst of them by its goal's sense,
    and how many runs met the goal. The runs come from the same bench, so the n-th row
    of a measurement is the same figure in every run (a measurement may give several
    rows whose words differ only in their counts: a game's length, its moves); one whose
    words differ is another. A figure is shown without its counts, its game as the first
    run says it."""
    order: list[tuple] = []
    seen: dict[tuple, dict] = {}
    for i, rows in enumerate(runs):
        place: dict[str, int] = {}
        for row in rows:
            part = row.get("part", "")
            n = place[part] = place.get(part, -1) + 1
            key = (part, n, key_of(row))
            entry = seen.get(key)
            if entry is None:
                entry = seen[key] = {"figure": key[2],
                                     "game": shown(row["game"]), "goal": row["goal"],
                                     "sense": row["sense"], "on": row.get("on", "ratio"),
                                     "unit": row.get("unit", ""),
                                     "values": [None] * len(runs), "passed": 0}
                order.append(key)
            entry["values"][i] = judged(row)
            entry["passed"] += row.get("verdict") == "PASS"
    out = []
    for key in order:
        entry = seen[key]
        got = [v for v in entry["values"] if v is not None]
        worst = None
        if got:
            worst = max(got) if entry["sense"] == "<=" else min(got)
        entry["worst"] = worst
        out.append(entry)
    return out


def _number(x: float | None, entry: dict) -> str:
    if x is None:
        return "not measured"
    text = f"{x:.2f}" if abs(x) < 100 else f"{x:,.0f}"
    return text + ("x" if entry["on"] == "ratio" else f" {entry['unit']}".rstrip())


def markdown(entries: list[dict], runs: int) -> str:
    """The spread as a markdown table, and a line of totals."""
    head = ["figure", "game"] + [f"run {i + 1}" for i in range(runs)] + \
        ["worst", "goal", "met"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for e in entries:
        goal = f"{e['sense']} {e['goal']:g}" + ("x" if e["on"] == "ratio" else
                                                f" {e['unit']}".rstrip())
        cells = [e["figure"], e["game"]] + [_number(v, e) for v in e["values"]] + \
            [_number(e["worst"], e), goal, f"{e['passed']}/{runs}"]
        lines.append("| " + " | ".join(cells) + " |")
    every = sum(e["passed"] == runs for e in entries)
    lines.append("")
    lines.append(f"{every} of {len(entries)} figures met their goal in every one of the "
                 f"{runs} runs.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", type=Path, help="JSON files of tabletop bench")
    args = parser.parse_args(argv)
    runs = [json.loads(p.read_text(encoding="utf-8")) for p in args.runs]
    print(markdown(spread(runs), len(runs)))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
