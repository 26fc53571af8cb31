"""Power Play on the engine core: the lean view is the engine's mask, is_legal is exact,
every effect has its tally stage, and evaluate estimates the score."""

from __future__ import annotations

import pytest
from power_play_helpers import GAME, fixture_cards, real_cards, scripted

from tabletop.engine import hidden
from tabletop.engine.effects import EFFECTS, handler
from tabletop.engine.moves import Move
from tabletop.engine.rng import Rng
from tabletop.games.power_play.effects import CONTEXTS, STAGES

RULES = GAME.rules
OPTIONS = [{"players": 2}, {"players": 3, "less_cooperative": True, "any_bonus": True},
           {"players": 4, "receding": True, "less_cooperative": True},
           {"players": 4, "less_counting": True}]


def states(options: dict, seeds: range):
    """Every state of random games."""
    for seed in seeds:
        s = RULES.new_state(real_cards(), RULES.normalize_options(options), seed)
        rng = Rng(seed)
        yield s
        while not s.over:
            s = RULES.play(s, rng.choice(RULES.legal_moves(s)))
            yield s


def plain(state) -> dict:
    return {slot: getattr(state, slot) for cls in type(state).__mro__
            for slot in getattr(cls, "__slots__", ())}


@pytest.mark.parametrize("options", OPTIONS)
def test_the_view_is_what_the_engine_mask_gives(options):
    for s in states(options, range(4)):
        for seat in [*range(s.seats), None]:
            assert plain(RULES.view(s, seat)) == plain(hidden.mask(RULES, s, seat))


def candidates(s) -> list[Move]:
    """Moves a player might try: every kind, seat, card held and target."""
    out = [Move(kind, seat) for seat in range(s.seats) for kind in ("done", "pass", "end")]
    cards = [c for seat in range(s.seats) for z in ("hand", "bonus")
             for c in s.zones[f"{z}.{seat}"]]
    for seat in range(s.seats):
        for c in cards:
            for kind in ("play", "bonus"):
                out += [Move(kind, seat, c, "defence"), Move(kind, seat, c, "villain"),
                        Move(kind, seat, c, "defence", 1)]
    return out + [Move("done", 0, 3), Move("pass", 1, None, "defence")]


@pytest.mark.parametrize("options", OPTIONS)
def test_is_legal_agrees_with_the_list_of_legal_moves(options):
    for s in states(options, range(3)):
        legal = set(RULES.legal_moves(s))
        for move in candidates(s):
            assert RULES.is_legal(s, move) == (move in legal), move


def test_every_effect_acts_in_one_stage_of_the_tally():
    for name, kind in EFFECTS.items():
        if kind.contexts & set(CONTEXTS):
            e = {"effect": name}
            assert [stage for stage in STAGES if handler(e, stage)] != [], name
            assert len([stage for stage in STAGES if handler(e, stage)]) == 1, name


def test_evaluate_estimates_the_score_the_heroes_make():
    start = RULES.new_state(fixture_cards(-10), {"players": 2}, 4)
    first = RULES.evaluate(start, 0)
    assert 0 < first < 0.4  # 40 points if they hold out, and they may not
    assert RULES.returns(start) == (first, first)
    s = start
    while not s.over:
        before = s
        s = GAME.play(s, scripted(s))
        if before.phase == "support" and s.outcome == "won":
            # a won villain is a Bonus power: more points, and one turn fewer to survive
            assert RULES.evaluate(s, 1) > RULES.evaluate(before, 1)
    assert RULES.evaluate(s, 0) == RULES.returns(s)[0] == s.score / 100
    losing = RULES.new_state(fixture_cards(10), {"players": 2}, 4)
    while losing.phase != "outcome":
        losing = GAME.play(losing, scripted(losing, defend=1))
    assert losing.outcome == "lost"
    assert RULES.evaluate(losing, 0) < first  # a Bad News card: -5 and a step to defeat
