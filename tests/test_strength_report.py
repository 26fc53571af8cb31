"""Reading strength lines (issue 28, item 4): the same deal with the search in another
seat is another game, a baseline of the game's own players counts every game for every
seat, and a line is compared with its baseline deal by deal."""

from __future__ import annotations

import json

import pytest

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


def test_hard_against_normal_is_a_line_of_its_own(tmp_path, capsys, monkeypatch):
    """``--against normal``: the other seat is the search at Normal, not the own player;
    the record says so, the report names it and keeps it apart from a line against the
    own player, and --resume does not take one for the other."""
    from tabletop.engine.levels import LEVELS, Level
    from tabletop.games import get_game
    from tabletop.tools.strength import play_one

    monkeypatch.setitem(LEVELS, "normal", Level("normal", "Normal", 0.01, 0.02))
    asked = []
    real = type(get_game("brawl")).player_at
    monkeypatch.setattr(type(get_game("brawl")), "player_at",
                        lambda self, level, *a, **k: asked.append(level) or real(
                            self, level, *a, **k))

    game = get_game("brawl")
    record = play_one(game, 1, "search", "hard", None, 3, {}, cpu=True, against="normal")
    assert record["against"] == "normal" and record["searching"] == [1]
    assert sorted(asked) == ["hard", "normal"]  # seat 2 searched at Hard, seat 1 at Normal
    assert record["ceiling"] is None  # (a budget given: no level's ceiling)
    own = play_one(game, 1, "search", "hard", None, 3, {}, cpu=True)
    assert own["against"] == "own"
    out = tmp_path / "hard.jsonl"
    out.write_text(json.dumps(record) + "\n" + json.dumps(own) + "\n")
    lines = report([out])
    headed = [x for x in lines if x.startswith("Brawl")]
    assert len(headed) == 2, lines
    assert sum("against the search at level normal" in x for x in headed) == 1, lines
    # --resume with --against normal finds its game and plays nothing more
    assert main(["brawl", "--level", "hard", "--iterations", "3", "--cpu", "--against",
                 "normal", "--first", "1", "--games", "1", "--out", str(out),
                 "--resume"]) == 0
    assert "game 1" not in capsys.readouterr().out
    assert len(out.read_text().splitlines()) == 2


def test_against_needs_a_competitive_game(capsys):
    with pytest.raises(SystemExit):
        main(["solo-deckbuilder", "--against", "normal", "--games", "1"])
    assert "--against is for" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["brawl", "--players", "own", "--against", "normal", "--games", "1"])


def test_a_levels_line_names_its_clock_and_ceiling(tmp_path):
    path = tmp_path / "wall.jsonl"
    _line(path, "brawl", "search", [(0, [1.0, 0.0])], seat=0)
    rows = [json.loads(x) for x in path.read_text().splitlines()]
    rows[0].update(cpu=False, ceiling=3.0)
    path.write_text(json.dumps(rows[0]) + "\n")
    (head,) = [x for x in report([path]) if x.startswith("Brawl")]
    assert "level normal (wall time, ceiling 3 s)" in head, head


@pytest.mark.parametrize("seat", ["0", "3"])
def test_a_seat_outside_the_game_is_refused_not_wrapped(seat, capsys, tmp_path):
    """``--seat`` counts from 1: 0 (or a seat the game has not) is refused with the
    range, not taken as the last seat by Python's negative index, and nothing is
    played."""
    out = tmp_path / "line.jsonl"
    with pytest.raises(SystemExit):
        main(["hero-vs-nemesis", "--seat", seat, "--iterations", "3", "--cpu",
              "--games", "1", "--out", str(out)])
    assert "--seat counts from 1: Hero vs Nemesis has seats 1 to 2" in capsys.readouterr().err
    assert not out.exists()


def test_a_seat_given_plays_that_seat():
    from tabletop.games import get_game
    from tabletop.tools.strength import play_one

    game = get_game("hero-vs-nemesis")
    record = play_one(game, 0, "search", "normal", None, 3, {}, cpu=True, search_seat=0)
    assert record["seat"] == 0 and record["searching"] == [0]
    with pytest.raises(ValueError, match="has 2 seats"):
        play_one(game, 0, "search", "normal", None, 3, {}, cpu=True, search_seat=-1)


def test_a_line_is_not_compared_with_a_search_line_of_another_seat(tmp_path):
    """A Nemesis line against a Hero line of the same deals would weigh the own Nemesis
    (the Hero line's opponent) against the search: refused, with the seats named. The
    own players' baseline and a line of the same seat compare."""
    nemesis, hero = tmp_path / "nemesis.jsonl", tmp_path / "hero.jsonl"
    own, again = tmp_path / "own.jsonl", tmp_path / "again.jsonl"
    _line(nemesis, "hero-vs-nemesis", "search", [(k, [1.0, 0.0]) for k in range(4)], seat=1)
    _line(hero, "hero-vs-nemesis", "search", [(k, [1.0, 0.0]) for k in range(4)], seat=0)
    _line(own, "hero-vs-nemesis", "own", [(k, [1.0, 0.0]) for k in range(4)], seat=0)
    _line(again, "hero-vs-nemesis", "search", [(k, [0.0, 1.0]) for k in range(4)], seat=1)
    (said,) = compare([nemesis], [hero])
    assert said.startswith("the baseline searched another seat than the line on 4 of 4")
    assert "seat 2 against seat 1" in said
    assert compare([nemesis], [own])[0].startswith("4 deals in both: margin +0.000")
    assert compare([again], [nemesis])[0].startswith("4 deals in both: margin +1.000")
