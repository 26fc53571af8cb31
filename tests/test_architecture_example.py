"""The worked example of docs/architecture.md is real: the guide shows the code of
``tests/architecture_example.py`` line for line, and that toy game passes the conformance
suite's checks (built directly here: it is not in the registry, so no menu shows it)."""

from __future__ import annotations

import re
from pathlib import Path

import architecture_example as toy
import pytest
from test_conformance import check_conserved, random_game, snapshot

from tabletop.engine.cards import Catalog
from tabletop.engine.effects import EFFECTS
from tabletop.engine.info import SeatConfig
from tabletop.engine.rng import Rng
from tabletop.engine.saves import session_from_dict, session_to_dict
from tabletop.engine.session import Session
from tabletop.engine.state import HIDDEN, State
from tabletop.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
RULES = toy.RULES


@pytest.fixture(scope="module")
def catalog(tmp_path_factory) -> Catalog:
    folder = tmp_path_factory.mktemp("race")
    (folder / "points.yaml").write_text(toy.CARDS, encoding="utf-8")
    found = RULES.load_catalog([folder], mod_dirs=[])
    assert not found.errors, found.errors
    return found


def games(catalog, count: int):
    """``count`` random games, as the list of states each went through."""
    for seed in range(count):
        s = RULES.new_state(catalog, {}, seed)
        rng = Rng(seed)
        states = [s]
        while not s.over:
            s = RULES.play(s, rng.choice(RULES.legal_moves(s)))
            states.append(s)
        yield states


def test_the_guide_shows_the_example_line_for_line():
    source = Path(toy.__file__).read_text(encoding="utf-8")
    code = source.split("from __future__ import annotations\n", 1)[1].strip("\n")
    guide = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert f"```python\n{code}\n```" in guide, \
        "docs/architecture.md no longer shows tests/architecture_example.py as it is"


def test_the_guide_quotes_the_code_as_it_is():
    """A block that starts ``# From <path>`` is an excerpt: its lines (``...`` for the
    lines left out) appear in that file, in that order."""
    guide = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    excerpts = re.findall(r"```python\n# From (\S+)\n(.*?)```", guide, re.S)
    assert excerpts
    for path, block in excerpts:
        lines = iter((ROOT / path).read_text(encoding="utf-8").splitlines())
        for line in block.splitlines():
            if line.strip() not in ("", "..."):
                assert any(line == have for have in lines), (path, line)


def test_the_toy_is_not_in_the_registry():
    assert "race" not in GAMES


def test_the_effect_is_registered_with_its_behaviour(catalog, tmp_path):
    kind = EFFECTS["race_score"]
    assert kind.contexts == {toy.PLAYED} and kind.handlers["run"] is toy._score
    (tmp_path / "bad.yaml").write_text(toy.CARDS.replace("points: 3", "points: 9"))
    bad = RULES.load_catalog([tmp_path], mod_dirs=[])
    assert "three" not in bad.cards and len(bad.errors) == 1
    assert "bad.yaml:5:" in str(bad.errors[0]) and "points" in str(bad.errors[0])


def test_random_games_follow_the_contract(catalog):
    """The conformance suite's per-move checks: legal moves equal on the actor's view,
    ``is_legal`` agrees, notation reads back, ``observe`` hides only what is hidden,
    copies are independent, cards are conserved, ``returns`` in [0, 1]."""
    ends = set()
    for seed in range(40):
        end, moves = random_game(toy.GAME, catalog, {}, seed)
        assert end.over and end.actor is None and not RULES.legal_moves(end)
        assert RULES.returns(end) in ((1.0, 0.0), (0.0, 1.0), (0.5, 0.5))
        ends.add("target" if max(end.count(("points", p)) for p in (0, 1)) >= toy.TARGET
                 else "pile")
    assert ends == {"target", "pile"}  # both ways a game ends happen


def test_a_turn_is_two_queued_steps_and_one_decision(catalog):
    s = RULES.new_state(catalog, {}, 3)
    assert (s.actor, s.phase, s.turn) == (0, "play", 1)
    assert [len(s.zones[h]) for h in ("hand.0", "hand.1")] == [3, 2]  # dealt two, drew one
    assert s.tasks == [("turn", 1)]  # what follows the decision
    after = RULES.play(s, RULES.legal_moves(s)[0])
    assert (after.actor, after.turn, len(after.zones["hand.1"])) == (1, 2, 3)


def test_the_view_hides_the_pile_and_the_other_hand(catalog):
    for states in games(catalog, 5):
        for s in states[:-1]:
            for seat in (0, 1):
                v = RULES.view(s, seat)
                assert v.rng == 0
                assert set(v.zones["deck"]) <= {HIDDEN}
                assert set(v.zones[f"hand.{1 - seat}"]) <= {HIDDEN}
                assert v.zones[f"hand.{seat}"] == s.zones[f"hand.{seat}"]
                assert v.zones["table"] == s.zones["table"]
                theirs = [t for t, _ in v.events if t.startswith(f"P{2 - seat} draws")]
                assert all(t.endswith(("draws 1 card", "draws 2 cards")) for t in theirs)


def test_determinized_states_are_playable(catalog):
    rng = Rng(9)
    samples = 0
    for states in games(catalog, 20):
        for s in states[:-1]:
            for seat in (0, 1):
                view = RULES.view(s, seat)
                world: State = RULES.determinize(view, seat, rng)
                samples += 1
                check_conserved(world)
                assert RULES.view(world, seat).zones == view.zones
                assert all(world.cards[c].kind == "point" for c in world.all_cards())
                if seat == s.actor:
                    assert RULES.legal_moves(world) == RULES.legal_moves(s)
                while not world.over:
                    world = RULES.play(world, rng.choice(RULES.legal_moves(world)))
    assert samples >= 200


def test_a_save_replays_to_the_same_state(catalog):
    session = Session(toy.GAME, catalog, {}, 5, [SeatConfig("A"), SeatConfig("B")])
    rng = Rng(5)
    while not session.state.over:
        session.play(rng.choice(session.legal_moves()))
    loaded, warnings = session_from_dict(session_to_dict(session), toy.GAME, catalog)
    assert not warnings and loaded.notations == session.notations
    assert snapshot(loaded.state) == snapshot(session.state)
    assert "scores" in session.log_text(0)
