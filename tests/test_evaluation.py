"""The learned evaluation (issue 28, item 3): a logistic model over a game's features,
fitted to its own players' games (tabletop evaluation), stored as data, read with
limits, and used by the search where its rollouts stop when the game asks for it."""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest

from tabletop.engine.evaluation import (
    MAX_BYTES,
    Evaluation,
    evaluation_path,
    fit,
    for_game,
    log_loss,
    read,
    sigmoid,
)
from tabletop.engine.rng import Rng
from tabletop.engine.search import rollout
from tabletop.games import GAMES
from tabletop.tools import evaluation as tool
from tabletop.tools import strength

FEATURED = [g for g, game in GAMES.items() if game.features is not None]


def test_the_fit_finds_the_weights_that_made_the_outcomes():
    rng = Rng(3)
    rows = []
    for _ in range(6000):
        x = (rng.random() * 4 - 2, rng.random() * 10, 5.0)  # the last never varies
        p = sigmoid(0.5 + 1.5 * x[0] - 0.3 * x[1])
        rows.append((x, 1.0 if rng.random() < p else 0.0))
    bias, weights = fit(rows)
    assert weights[0] == pytest.approx(1.5, abs=0.15)
    assert weights[1] == pytest.approx(-0.3, abs=0.05)
    assert weights[2] == pytest.approx(0.0, abs=1e-6)
    assert bias + 5.0 * weights[2] == pytest.approx(0.5, abs=0.25)
    model = Evaluation(("a", "b", "c"), weights, bias)
    fitted = log_loss([(model.chance(x), y) for x, y in rows])
    assert fitted < log_loss([(0.5, y) for _, y in rows]) - 0.1


def test_a_model_is_data_read_within_limits(tmp_path, caplog):
    model = Evaluation(("x", "y"), [0.5, -1.0], 0.25, {"positions": 10})
    path = tmp_path / "m.json"
    model.write(path)
    again = read(path, ("x", "y"))
    assert again is not None and again.weights == (0.5, -1.0) and again.bias == 0.25
    assert again.figures == {"positions": 10}
    assert again.chance([1.0, 0.0]) == pytest.approx(sigmoid(0.75))
    assert again.chance([100.0, 0.0]) == 0.99  # kept off certainty
    # the game's features are other ones: not used
    assert read(path, ("x", "z")) is None and "not the game's" in caplog.text
    assert read(tmp_path / "missing.json") is None
    for bad in ({"features": ["x"], "weights": [float("nan")], "bias": 0},
                {"features": ["x", "x"], "weights": [1, 2], "bias": 0},
                {"features": ["x"], "weights": [1, 2], "bias": 0},
                {"features": ["x"], "weights": [True], "bias": 0}, [1, 2]):
        path.write_text(json.dumps(bad))
        assert read(path) is None
    path.write_text(" " * (MAX_BYTES + 1))
    assert read(path) is None


@pytest.mark.parametrize("gid", FEATURED)
def test_a_seats_features_read_only_what_it_sees(gid):
    """Features of the true position and of the seat's view are the same: no feature
    peeks at a card the seat cannot see."""
    game = GAMES[gid]
    rules = game.rules
    names, features = game.features
    catalog = rules.load_catalog(mod_dirs=[])
    checked = 0
    for seed in range(8):
        state = rules.new_state(catalog, rules.default_options(), seed)
        rng = Rng(seed)
        while not state.over:
            for seat in range(state.seats):
                mine = features(state, seat)
                assert len(mine) == len(names) and all(math.isfinite(v) for v in mine)
                assert mine == features(rules.view(state, seat), seat)
                checked += 1
            state = rules.play(state, rng.choice(rules.legal_moves(state)))
    assert checked > 100


@pytest.mark.parametrize("gid", FEATURED)
def test_the_shipped_model_reads_and_predicts_better_than_the_rules_seeing_as_much(gid):
    game = GAMES[gid]
    model = for_game(gid, tuple(game.features[0]))
    assert model is not None, evaluation_path(gid)
    f = model.figures
    assert f["held_out_positions"] >= 10_000
    # better than the rules' evaluation knowing as much (the seat's view) and than the
    # share won alone
    assert f["log_loss"] < f["rules_view_log_loss"] and f["log_loss"] < f["base_log_loss"]


@pytest.mark.parametrize("gid", FEATURED)
def test_the_search_scores_its_cut_off_with_the_model_when_the_game_asks(gid):
    game = GAMES[gid]
    rules = game.rules
    # the rules' evaluate of the world unless the game asks for a model or its own view
    assert (game.search_hints().score is None) == (
        game.evaluation == "rules" and game.rollout_view == "world")
    learned = replace(game, evaluation="learned")
    hints = learned.search_hints()
    assert hints.score is not None
    model = learned.learned_evaluation()
    state = rules.new_state(rules.load_catalog(mod_dirs=[]), rules.default_options(), 1)
    rng = Rng(1)
    for _ in range(30):
        state = rules.play(state, rng.choice(rules.legal_moves(state)))
    scores = rollout(rules, replace(hints, depth=0), state.copy(), rng)
    want = tuple(model.chance(game.features[1](state, s)) for s in range(state.seats))
    assert scores == pytest.approx(want)
    assert replace(game, evaluation="rules", rollout_view="world").search_hints().score is None
    with pytest.raises(ValueError, match="evaluation"):
        replace(game, evaluation="magic").search_hints()


def test_a_game_without_features_or_a_model_keeps_the_rules_evaluation(monkeypatch, tmp_path):
    brawl = replace(GAMES["brawl"], rollout_view="world")  # (own: the view's score)
    assert replace(brawl, features=None, evaluation="learned").search_hints().score is None
    # a model whose features are not the game's (an older model, a renamed feature)
    names = ("other",) + tuple(brawl.features[0][1:])
    assert replace(brawl, features=(names, brawl.features[1]),
                   evaluation="learned").search_hints().score is None


def test_the_tool_judges_on_games_it_did_not_fit(capsys, monkeypatch, tmp_path):
    written = tmp_path / "brawl.json"
    monkeypatch.setattr(tool, "evaluation_path", lambda gid: written)
    assert tool.main(["brawl", "--games", "12", "--write"]) == 0
    out = capsys.readouterr().out
    assert "held-out log loss: learned" in out and "held out (12 games)" in out
    model = read(written, GAMES["brawl"].features[0])
    assert model is not None and model.figures["games"] == 12
    monkeypatch.setitem(GAMES, "featureless", replace(GAMES["brawl"], features=None))
    assert tool.main(["featureless"]) == 2
    assert "has no features" in capsys.readouterr().err


def test_a_strength_line_says_which_evaluation_it_used(tmp_path):
    out = tmp_path / "s.jsonl"
    assert strength.main(["brawl", "--games", "1", "--iterations", "20",
                          "--evaluation", "learned", "--out", str(out)]) == 0
    record = json.loads(out.read_text())
    assert record["evaluation"] == "learned"
    assert any("learned evaluation" in line for line in strength.report([out]))
