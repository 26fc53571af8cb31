"""The app's Balance screen: reachable from the main menu, it shows the last run of the
balance lab (the same summary as the terminal), and a missing or damaged report is a
message."""

from __future__ import annotations

import json

import pygame
from conftest import FIXTURES
from ui_helpers import by_label, click, post

from tabletop.cli import main as cli
from tabletop.ui.balance import BalanceScreen, report_path


def _open(app) -> BalanceScreen:
    click(app, by_label(app.scene.buttons, "Balance lab").rect.center)
    assert isinstance(app.scene, BalanceScreen)
    return app.scene


def test_without_a_run_the_screen_says_how_to_make_one(menu_app):
    screen = _open(menu_app)
    assert screen.report is None and "tabletop simulate" in screen.problem
    click(menu_app, screen.back.rect.center)
    assert not isinstance(menu_app.scene, BalanceScreen)


def test_the_screen_shows_the_last_run(menu_app, tmp_path):
    mod = FIXTURES / "lab" / "overpowered"
    assert cli(["simulate", "brawl", "--games", "40", "--players", "random", "--workers",
                "1", "--mods", str(mod), "--quiet", "--out", str(tmp_path / "r")]) == 0
    saved = json.loads(report_path().read_text())
    screen = _open(menu_app)
    report = screen.report
    assert report["title"] == "Brawl" and report["games"] == 40 and report["mods"]
    assert [s["label"] for s in report["seats"]] == ["P1", "P2"]
    assert report["seats"][0]["rate"] == saved["seats"][0]["rate"]
    rows = screen.rows()
    assert len(rows) == len(saved["cards"])
    flagged = [c for c in saved["cards"] if c["flag"]]
    if flagged:  # flagged cards come first, marked
        assert rows[0][1][0][0].startswith("\u2691 ")
    menu_app.step(0.016)
    before = screen.offset
    post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)
    menu_app.step(0.016)
    assert screen.offset > before


def test_a_damaged_or_foreign_report_is_a_message(menu_app):
    path = report_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for blob in (b"{not json", b"[" * 5000, json.dumps({"format": "other"}).encode(),
                 json.dumps({"format": "tabletop-lab", "seats": "x"}).encode()):
        path.write_bytes(blob)
        screen = BalanceScreen(path)
        assert screen.report is None and "cannot be read" in screen.problem
    path.write_bytes(b" " * 6_000_000)
    assert "too large" in BalanceScreen(path).problem
