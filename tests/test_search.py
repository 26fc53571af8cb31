"""The one search (ISMCTS): it finds a winning move, takes a forced move at once, stops on
time, and never sees more than its seat's view (its choice does not change when the
hidden cards of the true state are dealt differently). Small and fast; the strength runs
are ``tabletop strength`` (docs/computer-players.md) and the slow-marked test below."""

from __future__ import annotations

import gc
import json
import time

import pytest

from tabletop.engine.cards import CardDef
from tabletop.engine.info import GameInfo
from tabletop.engine.levels import LEVELS, SearchPlayer
from tabletop.engine.moves import Move
from tabletop.engine.players import computer_move
from tabletop.engine.rng import Rng
from tabletop.engine.rules import Rules
from tabletop.engine.search import Search, SearchHints
from tabletop.engine.state import State, ZoneSpec
from tabletop.games import GAMES


# -- a toy game: count down to exactly zero ---------------------------------------------------
class Countdown(Rules):
    """Two players hold hidden number cards and take turns to play one, counting a public
    total down; who brings it to exactly 0 wins, who takes it below 0 loses. A played card
    is replaced from a hidden deck."""

    info = GameInfo("countdown", "Countdown", "", 2, 2, "competitive")
    zones = {"hand": ZoneSpec("Hand", "owner", "hand"), "deck": ZoneSpec("Deck", "hidden"),
             "played": ZoneSpec("Played", "public")}

    def new_state(self, catalog, options, seed) -> State:
        cards = tuple(CardDef(f"n{v}", "number", str(v), {"value": v})
                      for v in range(1, 7) for _ in range(3))
        s = State(cards, 2, seed)
        s.zones = {"hand.0": [], "hand.1": [], "deck": list(range(len(cards))), "played": []}
        s.counters[("left",)] = 20
        return s

    def legal_moves(self, s: State) -> list[Move]:
        if s.over:
            return []
        return [Move("play", s.actor, c) for c in sorted(s.zones[f"hand.{s.actor}"])]

    def apply(self, s: State, move: Move) -> None:
        seat = move.seat
        s.zones[f"hand.{seat}"].remove(move.card)
        s.zones["played"].append(move.card)
        left = s.counters[("left",)] - s.cards[move.card].data["value"]
        s.counters[("left",)] = left
        if left <= 0:
            s.over, s.winners, s.actor = True, ((seat,) if left == 0 else (1 - seat,)), None
            return
        if s.zones["deck"]:
            s.zones[f"hand.{seat}"].append(s.zones["deck"].pop())
        s.actor = 1 - seat


def countdown(left: int, mine: list[int], theirs: list[int]) -> tuple[Countdown, State]:
    """A position: ``left`` to go, P1 to play holding values ``mine``, P2 ``theirs``."""
    rules = Countdown()
    s = rules.new_state(None, {}, 1)
    free = {v: [c for c in s.zones["deck"] if s.cards[c].data["value"] == v]
            for v in range(1, 7)}
    for seat, values in ((0, mine), (1, theirs)):
        s.zones[f"hand.{seat}"] = [free[v].pop() for v in values]
    s.zones["deck"] = [c for cards in free.values() for c in cards]
    s.counters[("left",)] = left
    return rules, s


def value_of(rules, s, move) -> int:
    return s.cards[move.card].data["value"]


def test_the_search_finds_the_winning_move():
    rules, s = countdown(4, [1, 4, 6], [2, 3, 5])
    d = Search(rules).decide(rules.view(s, 0), 0, Rng(1), iterations=200)
    assert value_of(rules, s, d.move) == 4 and d.value == 1.0
    assert d.runner_up is not None and d.runner_up_value < 1.0
    # the winning move against the runner-up, in the worlds both were played in
    search = Search(rules)
    d = search.decide(rules.view(s, 0), 0, Rng(1), iterations=200)
    nodes = dict(search._leaves(search._root))
    best, second = nodes[d.move].samples, nodes[d.runner_up].samples
    n = min(len(best), len(second))
    assert d.worlds == n >= 2
    assert d.margin == pytest.approx(sum(best[:n]) / n - sum(second[:n]) / n) and d.margin > 0
    assert d.sure > 2  # it always wins: clearly better


def test_a_split_compound_move_is_chosen_in_two_steps():
    """With ``split``, the tree picks a group of moves (here: odd or even cards), then the
    move in it; it still finds the win, and the root's moves all get searched."""
    rules, s = countdown(4, [1, 3, 4, 6], [2, 3, 5])
    search = Search(rules, SearchHints(split=lambda m: s.cards[m.card].data["value"] % 2))
    d = search.decide(rules.view(s, 0), 0, Rng(3), iterations=300)
    assert value_of(rules, s, d.move) == 4
    assert {k.key for k in search._root.children} == {0, 1}  # two groups at the root
    assert {value_of(rules, s, m) for m, _ in search._leaves(search._root)} == {1, 3, 4, 6}


def test_a_forced_move_is_made_at_once():
    rules, s = countdown(9, [3], [2, 2])
    t0 = time.process_time()
    d = Search(rules).decide(rules.view(s, 0), 0, Rng(1), seconds=5.0)
    assert time.process_time() - t0 < 0.01 and d.iterations == 0
    assert d.move == Move("play", 0, s.zones["hand.0"][0])


def test_the_prior_stands_unless_another_move_did_better_in_the_same_worlds():
    rules, s = countdown(4, [1, 4, 6], [2, 3, 5])
    prior = next(m for m in rules.legal_moves(s) if value_of(rules, s, m) == 1)
    d = Search(rules).decide(rules.view(s, 0), 0, Rng(1), iterations=60, prior=prior)
    assert value_of(rules, s, d.move) == 4  # the win beats the prior in every world
    # with nothing to choose between the moves, the prior is kept
    rules, s = countdown(20, [1, 2, 3], [1, 2, 3])
    prior = rules.legal_moves(s)[1]
    d = Search(rules, SearchHints(depth=0)).decide(rules.view(s, 0), 0, Rng(1),
                                                  iterations=60, prior=prior)
    assert d.move == prior


# -- every game ----------------------------------------------------------------------------------
def midgame(gid: str, moves: int = 25, seed: int = 3):
    """A position some way into a game played by the game's own player, with a choice."""
    game = GAMES[gid]
    rules = game.rules
    state = rules.new_state(rules.load_catalog(mod_dirs=[]), rules.normalize_options({}), seed)
    rng = Rng(seed)
    player = game.computer_player()
    played = 0
    while not state.over and (played < moves or len(rules.legal_moves(state)) < 2):
        state = rules.play(state, computer_move(rules, state, state.actor, player, rng))
        played += 1
    assert not state.over
    return game, state


@pytest.mark.parametrize("gid", list(GAMES))
def test_the_search_sees_only_its_view(gid):
    """The same choice, for the same random numbers, whatever the hidden cards of the
    true state are: the true state is dealt again from what the seat saw."""
    game, state = midgame(gid)
    rules = game.rules
    seat = state.actor
    redealt = [rules.determinize(rules.view(state, seat), seat, Rng(k)) for k in (11, 12)]
    assert any(r.zones != state.zones for r in redealt), "nothing was hidden"
    choices = []
    for true in [state, *redealt]:
        player = game.player_at("normal", iterations=25)
        move = computer_move(rules, true, seat, player, Rng(5))
        choices.append((move, player.details["value"], player.details["runner_up"]))
    assert choices[0] == choices[1] == choices[2]
    assert choices[0][0] in rules.legal_moves(state)


@pytest.mark.parametrize("gid", list(GAMES))
def test_the_search_stops_on_time(gid):
    """Timed on this process's CPU clock, so that other programs on a shared machine do
    not make it late (the worker's wall-clock timing: tests/test_worker.py)."""
    game, state = midgame(gid, moves=15)
    rules = game.rules
    budget = 0.15
    player = game.player_at("normal", seconds=budget, clock=time.process_time)
    view = rules.view(state, state.actor)
    spent = []
    # As the worker does after its set-up: what this test process built before (every
    # earlier test's objects) is not scanned by a full collection inside a decision (one
    # such pass took 0.25 s of a decision in CI).
    gc.collect()
    gc.freeze()
    try:
        for k in range(4):
            t0 = time.process_time()
            player.choose(rules, view, state.actor, Rng(k))
            spent.append(time.process_time() - t0)
    finally:
        gc.unfreeze()
    assert max(spent) <= budget + 0.05, spent
    assert player.details["iterations"] >= 1


def test_the_levels():
    assert LEVELS["easy"].seconds == 0.1 and LEVELS["easy"].at_once
    assert LEVELS["normal"].seconds == 0.5 and LEVELS["hard"].seconds == 2.0
    brawl = GAMES["brawl"]
    easy = brawl.player_at("easy")
    assert isinstance(easy, SearchPlayer) and easy.temperature > 0 and easy.mistake_bound > 0
    assert isinstance(brawl.player_at("hard"), SearchPlayer)
    assert brawl.player_at("hard").seconds == 2.0 and brawl.player_at("hard").temperature == 0
    # a measurement's player (its own time or iterations) is the plain search
    assert brawl.player_at("easy", iterations=50).temperature == 0


def test_the_bench_measures_the_search_for_every_game(monkeypatch):
    from tabletop.bench.games import Context
    from tabletop.bench.search import measure
    from tabletop.engine.levels import Level

    monkeypatch.setitem(LEVELS, "normal", Level("normal", "Normal", 0.1, 0.4))
    rows = measure(Context(quick=True))
    assert len(rows) == 3 * len(GAMES)
    triples = zip(rows[::3], rows[1::3], rows[2::3], strict=True)
    for game, (p99, rate, least) in zip(GAMES.values(), triples, strict=True):
        assert game.info.title in p99.game and not p99.error and not rate.error
        # within the ceiling (0.4 s) plus 50 ms; the nominal time is the yardstick
        assert p99.figure == "search decision at Normal, p99" and p99.goal == 450
        assert 0 < p99.value < 1000 and p99.yardstick == 100
        assert rate.unit == "iterations/s" and rate.value > 0 and rate.yardstick > 0
        work = LEVELS["normal"].work(game.search_rate)
        assert least.figure == "search iterations a decision at Normal, least"
        assert least.goal == work == least.yardstick and least.sense == ">="


def test_the_strength_report_gives_rates_with_wilson_intervals(tmp_path):
    from tabletop.tools.strength import report, wilson

    lo, hi = wilson(120, 200)
    assert round(lo, 3) == 0.531 and round(hi, 3) == 0.665
    rows = [{"game": "hero-vs-nemesis", "k": k, "players": "search", "level": "normal",
             "seconds": 0.5, "iterations": None, "options": {}, "cpu": True, "seat": k % 2,
             "returns": [1.0, 0.0] if k < 3 else [0.0, 1.0], "won": (k < 3) == (k % 2 == 0),
             "draw": False, "times": [0.4, 0.5], "work": [50, 60]} for k in range(4)]
    path = tmp_path / "r.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows + rows[:1]))  # one twice
    lines = report([path])
    assert lines[0] == "Hero vs Nemesis, search at 0.5 s (CPU time) a decision, options {}:"
    assert lines[1].split()[:5] == ["all", "seats", "3.0", "/", "4"]
    assert lines[2].split()[:5] == ["as", "Hero", "2.0", "/", "2"]
    assert lines[3].split()[:5] == ["as", "Nemesis", "1.0", "/", "2"]
    path.write_text(json.dumps(rows[0]) + "\n{\"game\": \"hero-")
    with pytest.raises(SystemExit, match="r.jsonl:2 is not a result line"):
        report([path])


def test_a_strength_run_resumes_where_its_file_stops(tmp_path, capsys):
    """``--resume``: the same command run again plays only the games its file does not
    hold with the same settings (a game of another setting does not count)."""
    from tabletop.tools.strength import main

    out = tmp_path / "r.jsonl"
    command = ["hero-vs-nemesis", "--iterations", "2", "--games", "2", "--out", str(out)]
    assert main(command) == 0
    assert [json.loads(line)["k"] for line in out.read_text().splitlines()] == [0, 1]
    other = json.loads(out.read_text().splitlines()[0]) | {"k": 2, "iterations": 5}
    with out.open("a") as f:
        f.write(json.dumps(other) + "\n")
    capsys.readouterr()
    assert main(command[:-4] + ["--games", "3", "--out", str(out), "--resume"]) == 0
    played = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in played] == ["game 2"]
    ks = [(r["k"], r["iterations"]) for r in map(json.loads, out.read_text().splitlines())]
    assert ks == [(0, 2), (1, 2), (2, 5), (2, 2)]
