"""Reading strength lines (issue 28, item 4): the same deal with the search in another
seat is another game, a baseline of the game's own players counts every game for every
seat, and a line is compared with its baseline deal by deal."""

from __future__ import annotations

import json

from tabletop.tools.strength import compare, main, report


def _line(path, game, players, results, seat=None):
    """Result lines: ``results`` is ``[(k, returns)]``; the focus seat ``seat`` (None:
    ``k % 2``), searching it unless the players are the own ones."""
    with path.open("w") as f:
        for k, returns in results:
            focus = k % 2 if seat is None else seat
            f.write(json.dumps({
                "game": game, "k": k, "seed": 1000 + k, "players": players,
                "level": "normal", "seconds": None, "iterations": None, "options": {},
                "cpu": True, "rollout_view": "world", "seat": focus,
                "searching": [] if players == "own" else [focus],
                "returns": returns, "won": returns[focus] == 1.0, "draw": False,
                "moves": 10, "times": [], "work": []}) + "\n")


def test_the_same_deal_searched_from_each_seat_counts_twice(tmp_path):
    hero, nemesis = tmp_path / "hero.jsonl", tmp_path / "nemesis.jsonl"
    _line(hero, "hero-vs-nemesis", "search", [(k, [1.0, 0.0]) for k in range(4)], seat=0)
    _line(nemesis, "hero-vs-nemesis", "search", [(k, [1.0, 0.0]) for k in range(4)], seat=1)
    lines = report([hero, nemesis])
    assert any("all seats" in x and "/ 8" in x for x in lines), lines
    assert any("as Hero" in x and "4.0 / 4" in x for x in lines), lines
    assert any("as Nemesis" in x and "0.0 / 4" in x for x in lines), lines


def test_a_baseline_counts_every_game_for_every_seat(tmp_path):
    own = tmp_path / "own.jsonl"
    _line(own, "hero-vs-nemesis", "own", [(0, [1.0, 0.0]), (1, [1.0, 0.0]), (2, [0.0, 1.0])])
    lines = report([own])
    assert any("as Hero" in x and "2.0 / 3" in x for x in lines), lines
    assert any("as Nemesis" in x and "1.0 / 3" in x for x in lines), lines


def test_a_line_is_compared_with_its_baseline_deal_by_deal(tmp_path, capsys):
    line, own = tmp_path / "line.jsonl", tmp_path / "own.jsonl"
    # the search (seat 1, the second seat) wins deals 0-5, the own players' seat 1 wins
    # deals 0-1 only; deal 6 is in one file only
    _line(line, "brawl", "search", [(k, [0.0, 1.0]) for k in range(6)] + [(6, [1.0, 0.0])],
          seat=1)
    _line(own, "brawl", "own", [(k, [0.0, 1.0] if k < 2 else [1.0, 0.0]) for k in range(6)])
    (out,) = compare([line], [own])
    assert out.startswith("6 deals in both: margin +0.667")
    assert "excludes 0" in out and "better on 4, worse on 0, the same on 2" in out
    # the same line against itself: no margin
    (same,) = compare([line], [line])
    assert "margin +0.000" in same and "includes 0" in same
    other = tmp_path / "other.jsonl"
    _line(other, "overpower", "own", [(0, [1.0, 0.0])])
    assert compare([line], [other])[0].startswith("not the same game and options")
    assert main(["--compare", str(line), str(own)]) == 0
    assert "6 deals in both" in capsys.readouterr().out
