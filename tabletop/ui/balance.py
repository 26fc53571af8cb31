"""The Balance screen: the last run of the balance lab (``tabletop simulate``), in the app.

It reads ``<user data>/lab/last.json`` (written by every run) with the limits of any file
read from disk: its size first, its nesting before parsing, then each field it shows
(a damaged or foreign file is a message, never a crash). It shows what the terminal
report shows: win rates with their 95% intervals drawn as bars, game length, and the
cards (flagged first) with how often they were drawn and played, in the winner's
holdings, and the win rate when played against not; and what ``--compare`` found.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pygame

from ..engine.safe_open import FileTooLarge, read_regular
from ..engine.saves import json_depth
from . import text, theme
from .app import Scene, background
from .menuscene import draw_focus, keys_after, keys_before
from .widgets import Button, panel

#: the largest report the screen reads
MAX_REPORT_BYTES = 5_000_000
ROW = 22
COLUMNS = (("card", 0), ("drawn", 250), ("played", 320), ("winner's", 390),
           ("win played", 470), ("win not", 560), ("effect", 640), ("q", 710))


def report_path() -> Path:
    from ..engine.paths import user_data

    return user_data() / "lab" / "last.json"


def read_report(path: Path) -> tuple[dict | None, str]:
    """The report at ``path`` and "", or None and why it cannot be shown."""
    try:
        # a regular file within the limit, looked at before it is opened (a named pipe
        # would wait forever for a writer): :mod:`tabletop.engine.safe_open`
        raw = read_regular(path, MAX_REPORT_BYTES)
    except FileNotFoundError:
        return None, ("No balance run yet. Run one from a terminal, for example:\n"
                      "tabletop simulate brawl --games 1000\n"
                      "and its summary shows here.")
    except FileTooLarge as exc:
        size = f"more than {MAX_REPORT_BYTES:,}" if exc.grew else f"{exc.size:,}"
        return None, f"The last report is too large to show ({size} bytes)."
    except OSError as exc:
        return None, f"The last report {path.name} cannot be read ({exc.strerror or exc})."
    try:
        if json_depth(raw, 32) > 32:
            raise ValueError("nested too deep")
        data = json.loads(raw.decode("utf-8"))
        return _checked(data), ""
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return None, f"The last report cannot be read ({exc})."


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError("a number was expected")
    return float(value)


def _rate(r: Any) -> dict:
    return {"rate": _number(r["rate"]), "low": _number(r["low"]), "high": _number(r["high"]),
            "wins": int(_number(r["wins"])), "games": int(_number(r["games"]))}


def _checked(data: Any) -> dict:
    """The fields the screen shows, each of the right type."""
    if not isinstance(data, dict) or data.get("format") != "tabletop-lab":
        raise ValueError("not a balance report")
    seats = [{"label": str(r["seat"]) + (f" ({r['role']})" if r.get("role") else ""),
              **_rate(r)} for r in data["seats"][:8]]
    if data.get("side"):
        seats.insert(0, {"label": "the players", **_rate(data["side"])})
    cards = []
    for c in data["cards"][:2000]:
        cards.append({"name": str(c["name"])[:40], "flag": bool(c["flag"]),
                      "drawn": _number(c["drawn"]), "played": _number(c["played"]),
                      "held": _number(c["held_by_winner"]),
                      "when_played": _rate_or_none(c["when_played"]),
                      "when_not": _rate_or_none(c["when_not"]),
                      "effect": None if c["effect"] is None else _number(c["effect"]),
                      "q": None if c["q"] is None else _number(c["q"])})
    cards.sort(key=lambda c: (not c["flag"], c["q"] is None, -abs(c["effect"] or 0)))
    moved = []
    if isinstance(data.get("compare"), dict):
        moved = [(str(m["what"])[:60], _number(m["before"]), _number(m["after"]),
                  _number(m["q"])) for m in data["compare"]["moved"][:200]]
    moves = data["length"]["moves"]
    return {"title": str(data["title"])[:60], "games": int(_number(data["games"])),
            "asked": int(_number(data["asked"])), "players": str(data["players"])[:40],
            "seed": int(_number(data["seed"])), "fingerprint": str(data["fingerprint"])[:20],
            "mods": str(data["mods"])[:80] if data.get("mods") else "",
            "interrupted": bool(data.get("interrupted")), "seats": seats, "cards": cards,
            "length": {k: _number(moves[k]) for k in ("mean", "median", "min", "max")},
            "compare": str(data["compare"]["mod"])[:80] if data.get("compare") else "",
            "moved": moved, "method": str(data.get("method", ""))[:400]}


def _rate_or_none(r: dict) -> float | None:
    """A rate, or None when it is over no games (shown as a dash, not 0%)."""
    return _number(r["rate"]) if _number(r["games"]) else None


def pct(x: float | None) -> str:
    return "\u2014" if x is None else f"{100 * x:.1f}%"


class BalanceScreen(Scene):
    """The last balance run (see the module docstring); Esc or Back returns."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or report_path()
        self.report, self.problem = read_report(self.path)
        self.offset = 0
        self._drawn: tuple[tuple, pygame.Surface] | None = None
        self.when = ""
        if self.report is not None:
            stamp = time.localtime(self.path.stat().st_mtime)
            self.when = time.strftime("%d %b %Y, %H:%M", stamp)

    def layout(self, size) -> None:
        w, h = size
        self.back = Button((40, h - 66, 160, 44), "Back", self.app.pop, size=16)
        self.list_rect = pygame.Rect(440, 110, w - 480, h - 190)

    def rows(self) -> list[tuple[str, list[tuple[str, tuple]]]]:
        """The card table's rows (and what --compare found after it)."""
        if self.report is None:
            return []
        out = []
        for c in self.report["cards"]:
            color = theme.BAD if c["flag"] else theme.TEXT
            effect = "" if c["effect"] is None else f"{100 * c['effect']:+.1f}"
            q = "" if c["q"] is None else f"{c['q']:.2g}"
            out.append(("card", [(("\u2691 " if c["flag"] else "") + c["name"], color),
                                 (pct(c["drawn"]), color), (pct(c["played"]), color),
                                 (pct(c["held"]), color), (pct(c["when_played"]), color),
                                 (pct(c["when_not"]), color), (effect, color), (q, color)]))
        if self.report["compare"]:
            out.append(("head", [(f"With {self.report['compare']}: "
                                  f"{len(self.report['moved'])} rates moved", theme.ACCENT)]))
            for what, before, after, q in self.report["moved"]:
                out.append(("line", [(f"{what}: {pct(before)} \u2192 {pct(after)} "
                                      f"(q={q:.2g})", theme.TEXT)]))
        return out

    def controls(self) -> list:
        return [self.back]

    def handle(self, event) -> None:
        if keys_before(self, event) or self.back.handle(event) or keys_after(self, event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.type == pygame.MOUSEWHEEL:
            visible = max(1, self.list_rect.h // ROW - 1)
            self.offset = max(0, min(len(self.rows()) - visible, self.offset - event.y * 3))

    def draw(self, surf) -> None:
        """The report is drawn once per size and scroll position, then blitted."""
        key = (surf.get_size(), self.offset)
        if self._drawn is None or self._drawn[0] != key:
            canvas = pygame.Surface(surf.get_size())
            self._draw_static(canvas)
            self._drawn = (key, canvas)
        surf.blit(self._drawn[1], (0, 0))
        self.back.draw(surf)
        draw_focus(self, surf)

    def _draw_static(self, surf) -> None:
        background(surf)
        w, h = surf.get_size()
        title = "Balance lab" + (f" \u2014 {self.report['title']}" if self.report else "")
        text.draw(surf, title, (40, 20, w - 80, 36), 28, theme.ACCENT, "bold")
        if self.report is None:
            text.blit_wrapped(surf, self.problem, pygame.Rect(40, 90, w - 80, 200), 17,
                              theme.TEXT)
        else:
            self._draw_report(surf)

    def _draw_report(self, surf) -> None:
        r = self.report
        w = surf.get_width()
        line = (f"{r['games']:,} games of {r['asked']:,} \u00b7 players {r['players']} \u00b7 "
                f"seeds {r['seed']}\u2013{r['seed'] + r['asked'] - 1} \u00b7 cards "
                f"{r['fingerprint']}" + (f" + {r['mods']}" if r["mods"] else "") +
                f" \u00b7 run {self.when}" + (" \u00b7 stopped early" if r["interrupted"]
                                              else ""))
        text.blit_wrapped(surf, line, pygame.Rect(40, 64, w - 80, 40), 14, theme.MUTED)
        self._draw_rates(surf, pygame.Rect(40, 110, 370, 40 + 44 * len(r["seats"])))
        length = r["length"]
        y = 110 + 60 + 44 * len(r["seats"])
        text.blit_wrapped(surf, f"Game length: {length['mean']:.1f} moves on average "
                                f"(median {length['median']:.0f}, {length['min']:.0f}\u2013"
                                f"{length['max']:.0f})", pygame.Rect(40, y, 370, 60), 15,
                          theme.TEXT)
        text.blit_wrapped(surf, r["method"], pygame.Rect(40, y + 60, 370, 200), 12,
                          theme.MUTED)
        self._draw_cards(surf)

    def _draw_rates(self, surf, rect: pygame.Rect) -> None:
        panel(surf, rect, theme.PANEL, 200)
        text.draw(surf, "Win rates (95% interval)", (rect.left + 12, rect.top + 8,
                                                     rect.w - 24, 22), 16, theme.ACCENT, "bold")
        bar = pygame.Rect(rect.left + 150, 0, rect.w - 170, 8)
        for i, s in enumerate(self.report["seats"]):
            y = rect.top + 44 + 44 * i
            text.draw(surf, s["label"], (rect.left + 12, y - 2, 130, 19), 14, theme.TEXT)
            text.draw(surf, f"{pct(s['rate'])} of {s['games']:,}", (rect.left + 12, y + 17,
                                                                   130, 17), 12, theme.MUTED)
            bar.top = y + 8
            pygame.draw.rect(surf, theme.PANEL_LINE, bar, border_radius=3)
            lo, hi = bar.left + int(bar.w * s["low"]), bar.left + int(bar.w * s["high"])
            pygame.draw.rect(surf, theme.ACCENT, (lo, bar.top, max(2, hi - lo), bar.h),
                             border_radius=3)
            x = bar.left + int(bar.w * s["rate"])
            pygame.draw.line(surf, theme.TEXT, (x, bar.top - 4), (x, bar.bottom + 3), 2)

    def _draw_cards(self, surf) -> None:
        rect = self.list_rect
        panel(surf, rect.inflate(16, 16), theme.PANEL, 200)
        scale = min(1.0, rect.w / 780)
        edges = [rect.left + int(x * scale) for _, x in COLUMNS] + [rect.right]
        for (label, _), left, right in zip(COLUMNS, edges, edges[1:], strict=False):
            text.draw(surf, label, (left, rect.top, right - left - 6, ROW), 13, theme.ACCENT,
                      "bold")
        rows = self.rows()
        visible = max(1, rect.h // ROW - 1)
        for i, (kind, cells) in enumerate(rows[self.offset:self.offset + visible]):
            y = rect.top + ROW * (i + 1)
            if kind != "card":
                text.draw(surf, cells[0][0], (rect.left, y, rect.w, ROW), 13, cells[0][1])
                continue
            for (value, color), left, right in zip(cells, edges, edges[1:], strict=False):
                text.draw(surf, value, (left, y, right - left - 6, ROW), 13, color)
        if len(rows) > visible:
            shown = f"{self.offset + 1}\u2013{min(len(rows), self.offset + visible)} of " \
                    f"{len(rows)} (scroll)"
            text.draw(surf, shown, (rect.left, rect.bottom + 8, rect.w, 18), 12, theme.MUTED)
