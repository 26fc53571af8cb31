"""Solo Deck-Builder playouts: 1,000 seeded random games and games of the simple computer
player, every move validated, cards conserved, every game ends; plus the invariants the
rules keep between moves."""

from __future__ import annotations

from collections import Counter

import pytest
from solo_helpers import CATALOG, GAME, STEP_6, asking

from tabletop.engine.players import RandomPlayer, playout
from tabletop.engine.rng import Rng
from tabletop.games.solo_deckbuilder.ai import SoloAI, win_rate

VILLAIN_ZONES = {"enemy", "battleground", "defeated"}
RESOURCE_ZONES = {"resources", "row", "resource_discard", "revealed", "destroyed", "deck.0",
                  "hand.0", "played.0", "discard.0"}
LOCATION_ZONES = {"location_stack", "location", "hq.0", "secured.0", "box"}


def _zone_kinds(state) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for zone, cards in state.zones.items():
        for c in cards:
            out.setdefault(state.info[c].kind, set()).add(zone)
    return out


def _checker(total: int, deep: bool, seen: Counter):
    def check(before, move, after):
        assert sorted(after.all_cards()) == list(range(total))  # every card in one place
        seen[move.kind] += 1
        kinds = _zone_kinds(after)
        assert kinds.get("villain", set()) <= VILLAIN_ZONES
        assert kinds.get("resource", set()) <= RESOURCE_ZONES
        assert kinds.get("location", set()) <= LOCATION_ZONES
        assert kinds.get("supervillain", set()) <= {"sv_stack", "supervillain", "destroyed",
                                                    "box"}
        mine = [c for z in ("deck.0", "hand.0", "played.0", "discard.0")
                for c in after.zones[z] if after.info[c].kind == "weakness"]
        assert len(mine) == after.owned_weaknesses()
        assert after.power >= 0
        assert set(after.borrowed) <= set(after.zones["played.0"])
        assert not after.zones["revealed"] or (after.pending and after.pending[0] == "foresee")
        placed = len(after.zones["location_stack"]) + len(after.zones["location"]) \
            + after.secured_count()
        assert placed == 5
        securing = bool(after.zones["location"]) and not after.zones["supervillain"] \
            and after.step >= 4
        assert after.over or len(after.zones["sv_stack"]) + len(after.zones["supervillain"]) == \
            len(after.zones["location_stack"]) + len(after.zones["location"]) - securing
        if securing and not after.over:  # supervillain defeated, location not placed yet
            assert after.pending and (any(t == ("secure", after.location) for t in after.tasks)
                                      or after.pending == asking("secure", after.location))
        if after.step == 6 and after.pending == STEP_6 and not after.over:
            loc = after.loc_info()
            if loc is not None:
                assert len(after.zones["row"]) <= loc.resource_max
                if not after.cap_lifted:
                    assert len(after.zones["battleground"]) <= loc.battleground_max
            assert len(after.zones["hero.0"]) == 1
        assert after.turn >= before.turn
        if deep:
            # the player's legal moves are the same on its view (nothing hidden is needed)
            rules = GAME.rules
            assert rules.legal_moves(rules.view(before, 0)) == rules.legal_moves(before)
            text = GAME.notation.format_move(before, move)
            assert GAME.notation.parse_move(before, text) == move, text
            assert GAME.text.describe(before, move)
    return check


@pytest.mark.slow
def test_a_thousand_random_games():
    seen: Counter = Counter()
    results: Counter = Counter()
    for seed in range(1000):
        options = {"superhero": "choose" if seed % 2 else "random"}
        state = GAME.rules.new_state(CATALOG, options, seed)
        end = playout(GAME.rules, state, {0: RandomPlayer()}, Rng(seed), max_moves=4000,
                      check=_checker(len(state.cards), seed < 200, seen))
        assert end.over and end.result
        results[end.result.split(":")[0]] += 1
    # random play loses, by Weakness or by running out of resources
    assert all(r in ("Step 2", "Step 3") or r.startswith("You secured the fifth location")
               for r in results)
    assert results["Step 2"] > 50 and results["Step 3"] > 50
    for kind in ("hero", "play", "buy", "defeat", "defend", "accept",
                 "discard", "destroy", "foresee", "done", "end"):
        assert seen[kind] > 0, kind


def test_the_computer_player_plays_sensibly():
    seen: Counter = Counter()
    wins = 0
    for seed in range(60):
        state = GAME.rules.new_state(CATALOG, {"superhero": "random"}, 5000 + seed)
        end = playout(GAME.rules, state, {0: SoloAI()}, Rng(seed),
                      check=_checker(len(state.cards), seed < 10, seen))
        wins += bool(end.winners)
    for kind in ("play", "buy", "defeat", "free", "hq", "stack", "defend", "end"):
        assert seen[kind] > 0, kind
    assert wins >= 12  # random play essentially never wins (see the bench for the rate)


def test_win_rate_figure():
    rate, seconds, turns = win_rate(GAME.rules, 20, seed=77)
    assert 0.0 <= rate <= 1.0 and seconds > 0 and 5 < turns < 60


def test_the_phase_names_the_step_and_the_end():
    """``state.phase`` (shown by scenario output) follows the seven steps, then "over"."""
    state = GAME.rules.new_state(CATALOG, {}, 3)
    phases = {state.phase}
    end = playout(GAME.rules, state, {0: SoloAI()}, Rng(3),
                  check=lambda before, move, after: phases.add(after.phase))
    assert end.phase == "over"
    assert {"step-6", "over"} <= phases
    assert phases <= {"setup", "over"} | {f"step-{n}" for n in range(1, 8)}
