"""The lab's report: a table for the terminal, the JSON file, and a one-page HTML report
with plots (matplotlib, the optional ``[lab]`` extra: without it the page has the tables
and says how to get the plots)."""

from __future__ import annotations

import base64
import html
import io
import json
from pathlib import Path
from typing import Any

FLAG = "\u2691"


def pct(x: float | None) -> str:
    return "  \u2014  " if x is None else f"{100 * x:5.1f}%"


def pct_of(r: dict) -> str:
    """A rate over some games: a dash when there were none (not 0%)."""
    return pct(r["rate"] if r["games"] else None)


def _rate_line(label: str, r: dict) -> str:
    return (f"  {label:<22} {r['wins']:>6}/{r['games']:<6} {pct(r['rate'])}  "
            f"[{100 * r['low']:.1f}\u2013{100 * r['high']:.1f}]")


def ordered_cards(summary: dict) -> list[dict]:
    """Flagged cards first, then by the size of their effect."""
    return sorted(summary["cards"], key=lambda c: (not c["flag"], c["q"] is None,
                                                   -abs(c["effect"] or 0), c["name"]))


def card_test(summary: dict) -> str:
    """The name of the run's per-card test (older reports: Fisher's over sides)."""
    return str(summary.get("card_test") or "Fisher's exact test over sides")


def terminal(summary: dict, limit: int | None = None) -> str:
    """The report as a readable plain-text table."""
    s = summary
    out = [f"{s['title']}: {s['games']:,} games finished of {s['asked']:,} "
           f"(seeds {s['seed']}\u2013{s['seed'] + s['asked'] - 1}), players {s['players']}, "
           f"cards {s['fingerprint']}" + (f" + {s['mods']}" if s.get("mods") else "")]
    if s.get("interrupted"):
        out.append("  stopped early (Ctrl+C): the figures cover the games that finished")
    for e in s["errors"][:5]:
        out.append(f"  seed {e['seed']} failed: {e['error']}")
    if s["unfinished"]:
        out.append(f"  {len(s['unfinished'])} game(s) did not end within the move limit")
    out += ["", "Win rates (95% Wilson interval)"]
    if s.get("side"):
        out.append(_rate_line("the players win", s["side"]))
    for r in s["seats"]:
        out.append(_rate_line(r["seat"] + (f" ({r['role']})" if r.get("role") else ""), r))
    if s.get("draws"):
        out.append(f"  draws: {s['draws']}")
    moves, turns = s["length"]["moves"], s["length"]["turns"]
    out += ["", f"Game length: {moves['mean']} moves on average (median {moves['median']}, "
                f"{moves['min']}\u2013{moves['max']}); {turns['mean']} turns (median "
                f"{turns['median']}, {turns['min']}\u2013{turns['max']})", ""]
    flagged = sum(c["flag"] for c in s["cards"])
    out.append(f"Cards ({flagged} flagged \u2691: the win rate of the side that played it "
               "differs significantly)")
    out.append(f"  test: {card_test(s)}; q: Benjamini-Hochberg")
    out.append(f"  {'card':<28} {'drawn':>6} {'played':>6} {'winner':>6}  "
               f"{'win played':>10} {'win not':>8} {'effect':>7} {'q':>8}")
    cards = ordered_cards(s)
    for c in cards[:limit] if limit else cards:
        effect = "" if c["effect"] is None else f"{100 * c['effect']:+.1f}"
        q = "" if c["q"] is None else f"{c['q']:.2g}"
        out.append(f"{FLAG if c['flag'] else ' '} {c['name'][:28]:<28} {pct(c['drawn'])} "
                   f"{pct(c['played'])} {pct(c['held_by_winner'])}  "
                   f"{pct_of(c['when_played']):>10} {pct_of(c['when_not']):>8} "
                   f"{effect:>7} {q:>8}")
    if limit and len(cards) > limit:
        out.append(f"  \u2026 {len(cards) - limit} more in the JSON and HTML reports")
    out += ["", s["method"]]
    if s.get("compare"):
        out += compare_lines(s["compare"])
    return "\n".join(out)


def compare_lines(compared: dict) -> list[str]:
    """What ``--compare`` found, as lines of text."""
    out = ["", f"Compared with {compared['mod']} on the same {compared['seeds']:,} seeds: "
               f"{len(compared['moved'])} of {compared['tested']} rates moved"]
    out += [f"  + {card} (only with the mod)" for card in compared["added"]]
    out += [f"  - {card} (only without the mod)" for card in compared["removed"]]
    out += [f"  {m['what']:<44} {pct(m['before'])} \u2192 {pct(m['after'])}  "
            f"q={m['q']:.2g} ({m['test']})" for m in compared["moved"]]
    return out + ["  " + compared["method"]]


def write_json(summary: dict, path: Path) -> None:
    path.write_text(json.dumps(summary, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
                    encoding="utf-8")


# -- plots ------------------------------------------------------------------------------
def plots(summary: dict) -> dict[str, bytes] | None:
    """PNG plots (name -> bytes), or None without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    out = {}
    for name, draw in (("winrates", _plot_rates), ("length", _plot_length),
                       ("cards", _plot_cards)):
        fig = draw(plt, summary)
        if fig is None:
            continue
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
        plt.close(fig)
        out[name] = buf.getvalue()
    return out


def _plot_rates(plt, s: dict):
    rows = ([("the players", s["side"])] if s.get("side") else []) + \
        [(r["seat"] + (f" ({r['role']})" if r.get("role") else ""), r) for r in s["seats"]]
    if not rows:
        return None
    fig, ax = plt.subplots(figsize=(6, 0.5 + 0.45 * len(rows)))
    for i, (_label, r) in enumerate(rows):
        ax.errorbar([r["rate"]], [i], xerr=[[r["rate"] - r["low"]], [r["high"] - r["rate"]]],
                    fmt="o", color="#c0392b", capsize=4)
    ax.set_yticks(range(len(rows)), [label for label, _ in rows])
    ax.set_xlim(0, 1)
    ax.axvline(1 / max(1, len(s["seats"])) if not s.get("side") else 0.5, color="#999",
               lw=0.8, ls="--")
    ax.set_xlabel("win rate (95% Wilson interval)")
    ax.set_ylim(len(rows) - 0.4, -0.6)
    return fig


def _plot_length(plt, s: dict):
    values = s["length"]["moves"]["values"]
    if not values:
        return None
    fig, ax = plt.subplots(figsize=(6, 2.6))
    ax.hist(values, bins=min(40, max(5, len(set(values)))), color="#2e86c1")
    ax.set_xlabel("moves per game")
    ax.set_ylabel("games")
    return fig


def _plot_cards(plt, s: dict):
    cards = [c for c in ordered_cards(s) if c["effect"] is not None][:30]
    if not cards:
        return None
    fig, ax = plt.subplots(figsize=(7, 0.6 + 0.28 * len(cards)))
    for i, c in enumerate(cards):
        color = "#c0392b" if c["flag"] else "#7f8c8d"
        for key, marker, shift in (("when_played", "o", -0.15), ("when_not", "|", 0.15)):
            r = c[key]
            ax.errorbar([r["rate"]], [i + shift], xerr=[[r["rate"] - r["low"]],
                                                        [r["high"] - r["rate"]]],
                        fmt=marker, color=color, capsize=2, ms=5)
    ax.set_yticks(range(len(cards)), [("\u2691 " if c["flag"] else "") + c["name"][:30]
                                      for c in cards], fontsize=8)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate when played (o) and when not (|), 95% intervals")
    ax.invert_yaxis()
    return fig


# -- HTML -------------------------------------------------------------------------------
def _table(head: list[str], rows: list[list[Any]]) -> str:
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in r) + "</tr>"
                   for r in rows)
    return f"<table><tr>{cells}</tr>{body}</table>"


def write_html(summary: dict, path: Path, images: dict[str, bytes] | None) -> None:
    s = summary
    parts = [f"<h1>{html.escape(s['title'])}: balance report</h1>",
             f"<pre>{html.escape(terminal(s).split(chr(10) + chr(10))[0])}</pre>"]
    if images is None:
        parts.append("<p><em>Plots need matplotlib: pip install 'tabletop[lab]'.</em></p>")
    else:
        for name, png in images.items():
            (path.parent / f"{name}.png").write_bytes(png)
            parts.append(f'<img alt="{name}" src="data:image/png;base64,'
                         f'{base64.b64encode(png).decode()}">')
    rates = [[r["seat"] + (f" ({r['role']})" if r.get("role") else ""),
              f"{r['wins']}/{r['games']}", pct(r["rate"]),
              f"{100 * r['low']:.1f}\u2013{100 * r['high']:.1f}%"] for r in s["seats"]]
    parts.append("<h2>Win rates</h2>" + _table(["seat", "wins", "rate", "95% interval"],
                                               rates))
    cards = [["\u2691" if c["flag"] else "", c["name"], pct(c["drawn"]), pct(c["played"]),
              pct(c["held_by_winner"]), pct_of(c["when_played"]),
              pct_of(c["when_not"]), "" if c["q"] is None else f"{c['q']:.2g}"]
             for c in ordered_cards(s)]
    parts.append(f"<h2>Cards</h2><p>Test: {html.escape(card_test(s))}, "
                 "Benjamini-Hochberg q-values.</p>"
                 + _table(["", "card", "drawn", "played", "in winner's", "win played",
                           "win not", "q"], cards))
    parts.append(f"<p>{html.escape(s['method'])}</p>")
    if s.get("compare"):
        c = s["compare"]
        parts.append(f"<h2>Compared with {html.escape(str(c['mod']))}</h2>" + _table(
            ["what", "without", "with", "q", "test"],
            [[m["what"], pct(m["before"]), pct(m["after"]), f"{m['q']:.2g}", m["test"]]
             for m in c["moved"]]) + f"<p>{html.escape(c['method'])}</p>")
    style = ("body{font-family:sans-serif;max-width:60em;margin:2em auto;color:#222}"
             "table{border-collapse:collapse;font-size:90%}td,th{padding:2px 8px;"
             "border-bottom:1px solid #ddd;text-align:right}td:nth-child(2){text-align:left}"
             "img{display:block;margin:1em 0;max-width:100%}")
    path.write_text(f"<!doctype html><html><head><meta charset='utf-8'><title>"
                    f"{html.escape(s['title'])} balance</title><style>{style}</style></head>"
                    f"<body>{''.join(parts)}</body></html>\n", encoding="utf-8")
