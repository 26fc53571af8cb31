"""The balance lab's per-card test has the game as its unit: the exact sign test (two
sides), the exact permutation test within games (more sides), Fisher over games (one
side per game); hand-made results, small exact values, the test's level, --compare."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from tabletop.games import get_game
from tabletop.lab.compare import SIGN_SEEDS, compare
from tabletop.lab.report import terminal, write_html
from tabletop.lab.stats import _hypergeometric, fisher, mcnemar, sign_test, within_games
from tabletop.lab.summary import FISHER, ROLES, SIGN, WITHIN, summarize


# -- the tests themselves -----------------------------------------------------------------
def test_the_sign_test_is_the_exact_binomial_at_one_half():
    assert sign_test(9, 1) == pytest.approx(0.021484375, rel=1e-12)  # 2 * 11 / 1024
    assert sign_test(1, 9) == sign_test(9, 1)
    assert sign_test(20, 0) == pytest.approx(2 / 2 ** 20, rel=1e-12)
    assert sign_test(7, 3) == pytest.approx(0.34375, rel=1e-12)  # 2 * 176 / 1024
    assert sign_test(5, 5) == sign_test(0, 0) == 1.0
    assert mcnemar(10, 2) == sign_test(10, 2) == pytest.approx(0.03857421875)


def test_with_two_sides_the_test_within_games_is_the_sign_test():
    # 9 games only the winner played the card, 1 only the loser did
    informative = [(2, 1, 1, 1)] * 9 + [(2, 1, 1, 0)]
    # both sides played it, nobody did, a draw: no information on the card
    noise = [(2, 2, 1, 1)] * 7 + [(2, 0, 1, 0)] * 5 + [(2, 1, 0, 0), (2, 2, 0, 0)]
    found = within_games(informative + noise)
    assert found.p == pytest.approx(0.021484375, rel=1e-12)
    assert (found.observed, found.expected, found.games) == (9, 5.0, 10)
    assert within_games(noise) == (1.0, 0, 0.0, 0)
    assert within_games([]).p == 1.0


def _exact(games) -> Fraction:
    """Twice the smaller tail, by enumerating every outcome (Fractions)."""
    law = {0: Fraction(1)}
    for sides, played, won, _ in games:
        low, shape = _hypergeometric(sides, played, won)
        new: dict[int, Fraction] = {}
        for value, p in law.items():
            for i, q in enumerate(shape):
                new[value + low + i] = new.get(value + low + i, Fraction(0)) + p * q
        law = new
    seen = sum(g[3] for g in games)
    below = sum(p for v, p in law.items() if v <= seen)
    above = sum(p for v, p in law.items() if v >= seen)
    return min(Fraction(1), 2 * min(below, above))


def test_with_more_sides_it_is_the_exact_law_of_the_shuffled_results():
    # three sides, one winner, one side played it and won, three times: (1/3)^3 both ways
    assert within_games([(3, 1, 1, 1)] * 3).p == pytest.approx(2 / 27, rel=1e-12)
    # two of three played it and both lost, twice: P(none of them wins) = (1/3)^2
    assert within_games([(3, 2, 1, 0)] * 2).p == pytest.approx(2 / 9, rel=1e-12)
    rng = random.Random(32)
    for _ in range(200):
        games = []
        for _ in range(rng.randint(1, 10)):
            sides = rng.randint(2, 5)
            played, won = rng.randint(0, sides), rng.randint(0, sides)
            low, shape = _hypergeometric(sides, played, won)
            games.append((sides, played, won, rng.randint(low, low + len(shape) - 1)))
        assert within_games(games).p == pytest.approx(float(_exact(games)), abs=1e-12)


def test_the_test_keeps_its_level_where_fisher_over_sides_did_not():
    """A card of which one copy exists (only one side can play it in a game) and that
    makes no difference: Fisher's test over sides flags it about twice as often as it
    should; the test over games stays within its 5%."""
    rng = random.Random(6)
    trials, over_games, over_sides = 1500, 0, 0
    for _ in range(trials):
        games, table = [], [0, 0, 0, 0]  # played won, played lost, not won, not lost
        for _ in range(100):
            who = rng.randrange(2) if rng.random() < 0.8 else None
            winner = rng.randrange(2)
            games.append((2, who is not None, 1, int(who == winner)))
            for side in (0, 1):
                table[2 * (side != who) + (side != winner)] += 1
        over_games += within_games(games).p <= 0.05
        over_sides += fisher(*table) <= 0.05
    assert over_games / trials <= 0.06
    assert over_sides / trials > 0.08  # what the old test did: why it changed


# -- the report of a run --------------------------------------------------------------------
def _game(seed: int, seats: int, winners: list[int], played: list[list[str]]) -> dict:
    return {"seed": seed, "over": True, "winners": winners, "seats": seats, "moves": 10,
            "turns": 3, "drawn": played, "played": played, "held": [[] for _ in played]}


def _two_sides() -> list[dict]:
    """20 games: "every" played by both sides, "winner" only by the winner, "filler-i"
    by one side or the other; and a draw in which only one side played "winner"."""
    out = []
    for seed in range(20):
        w = seed % 2
        played: list[list[str]] = [["every"], ["every"]]
        played[w].append("winner")
        played[seed % 3 % 2].append(f"filler-{seed % 4}")
        out.append(_game(seed, 2, [w], played))
    out.append(_game(20, 2, [], [["every", "winner"], ["every"]]))
    return out


RUN = {"seed": 0, "asked": 21, "players": "random", "fingerprint": "x"}


def test_a_card_both_sides_play_is_never_flagged_one_only_winners_play_is():
    game = get_game("brawl")
    summary = summarize(game, _two_sides(), RUN, {})
    assert summary["card_test"] == SIGN and SIGN in summary["method"]
    cards = {c["id"]: c for c in summary["cards"]}
    every = cards["every"]
    assert every["over_games"] == {"games": 0, "winner_played": 0, "expected": 0.0}
    assert every["p"] is None and every["q"] is None and not every["flag"]
    winner = cards["winner"]  # the draw tells nothing: 20 of 20 decided games
    assert winner["over_games"] == {"games": 20, "winner_played": 20, "expected": 10.0}
    assert winner["p"] == pytest.approx(2 / 2 ** 20) and winner["flag"]
    assert winner["effect"] > 0.5
    assert all(not c["flag"] for c in summary["cards"] if c["id"].startswith("filler"))


def test_the_summary_is_the_same_whatever_order_the_games_come_in():
    game = get_game("brawl")
    games = _two_sides()
    one = json.dumps(summarize(game, games, RUN, {}), sort_keys=True)
    two = json.dumps(summarize(game, games[::-1], RUN, {}), sort_keys=True)
    assert one == two
    for card in json.loads(one)["cards"]:
        assert {"p", "q", "flag", "effect", "over_games", "when_played",
                "when_not"} <= set(card)


def test_three_sides_get_the_test_within_games():
    game = get_game("brawl")
    games = [_game(s, 3, [s % 3], [["c"] if i == s % 3 else [] for i in range(3)])
             for s in range(6)]
    summary = summarize(game, games, RUN, {})
    assert summary["card_test"] == WITHIN
    card = summary["cards"][0]
    assert card["over_games"] == {"games": 6, "winner_played": 6, "expected": 2.0}
    assert card["p"] == pytest.approx(2 / 3 ** 6)


@pytest.mark.parametrize(("game_id", "seats"), [("solo-deckbuilder", 1), ("power-play", 3)])
def test_a_solo_or_coop_game_is_one_side_so_fisher_is_over_games(game_id, seats):
    game = get_game(game_id)
    games = [_game(s, seats, list(range(seats)) if s < 8 else [],
                   [["c"] if s % 2 and i == 0 else [] for i in range(seats)])
             for s in range(12)]
    summary = summarize(game, games, RUN, {})
    assert summary["card_test"] == FISHER and "Fisher" in summary["method"]
    card = summary["cards"][0]
    # played in 6 games (4 won), not played in 6 (4 won): one row per game
    assert card["when_played"]["games"] == card["when_not"]["games"] == 6
    assert card["p"] == fisher(4, 2, 4, 2) and card["over_games"] is None


def test_the_reports_name_the_test(tmp_path):
    summary = summarize(get_game("brawl"), _two_sides(), RUN, {})
    assert f"test: {SIGN}" in terminal(summary)
    write_html(summary, tmp_path / "r.html", None)
    assert f"Test: {SIGN}" in (tmp_path / "r.html").read_text()


# -- --compare ------------------------------------------------------------------------------
def test_compare_pairs_each_seeds_game_level_score():
    game = get_game("brawl")
    base, mod = [], []
    for seed in range(20):
        w = seed % 2
        before: list[list[str]] = [["c", "same"], ["same"]]
        after: list[list[str]] = [["c", "same"], ["same"]]
        before[1 - w][0:0], after[w][0:0] = ["moving"], ["moving"]
        base.append(_game(seed, 2, [w], before))
        mod.append(_game(seed, 2, [w], after))
    rows = {r["what"]: r for r in compare(game, base, mod, {})["moved"]}
    moving = rows["moving: win rate when played"]
    assert moving["test"] == SIGN_SEEDS and moving["p"] == pytest.approx(2 / 2 ** 20)
    assert (moving["before"], moving["after"]) == (0.0, 1.0)
    assert "same: win rate when played" not in rows and "c: win rate when played" not in rows


def test_a_rate_over_no_games_is_a_dash_not_zero():
    """A card never played has no win rate when played: the reports and the Balance lab
    screen show a dash, not 0%."""
    from tabletop.lab.report import pct_of
    from tabletop.ui.balance import _rate_or_none, pct

    never = {"wins": 0, "games": 0, "rate": 0.0, "low": 0.0, "high": 1.0}
    lost = {"wins": 0, "games": 4, "rate": 0.0, "low": 0.0, "high": 0.49}
    assert pct_of(never).strip() == "\u2014" and pct_of(lost).strip() == "0.0%"
    assert pct(_rate_or_none(never)) == "\u2014" and pct(_rate_or_none(lost)) == "0.0%"


def test_roles_that_do_not_win_alike_are_tested_apart():
    """Hero vs Nemesis: the Hero wins 48 of 60 games. A card only the Hero plays, in
    every other game, changes nothing (the Hero wins 24 of the 30 games it plays it and
    24 of the 30 it does not) yet goes with winning under the sign test (the side that
    played it won 24 of 30): tested within the Hero's games it is not flagged. A card the
    Nemesis plays in the 12 games it wins (and no other) is flagged."""
    game = get_game("hero-vs-nemesis")
    games = []
    for s in range(60):
        nemesis_wins = s % 10 in (0, 1)
        played = [["plain"] if s % 2 else [], ["strong"] if nemesis_wins else []]
        games.append(_game(s, 2, [1] if nemesis_wins else [0], played))
    summary = summarize(game, games, RUN, {})
    assert summary["card_test"] == ROLES and "within each role" in summary["method"]
    cards = {c["id"]: c for c in summary["cards"]}
    plain, strong = cards["plain"], cards["strong"]
    assert plain["p"] == pytest.approx(fisher(24, 6, 24, 6)) == 1.0 and not plain["flag"]
    assert sign_test(24, 6) < 0.01  # (what the test over sides alike would have said)
    assert strong["p"] == pytest.approx(fisher(12, 0, 0, 48), rel=1e-9) and strong["flag"]
