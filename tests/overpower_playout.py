"""A playout for the OverPower rule tests: the computer at one seat (which, by the seed's
parity), random legal moves at the other, to the end; no card is lost or doubled."""

from __future__ import annotations

import random

from tabletop.engine.rng import Rng
from tabletop.games import get_game
from tabletop.games.overpower.ai import OverPowerAI

RULES = get_game("overpower").rules


def play_out(s, seed: int, check=None):
    """(the final state, the moves played); ``check(state)`` runs after every move."""
    total = len(s.cards)
    players = {0: OverPowerAI(), 1: None} if seed % 2 else {0: None, 1: OverPowerAI()}
    rng, r = Rng(seed), random.Random(seed)
    moves = []
    for _ in range(4000):
        if s.over:
            break
        p = players[s.actor]
        m = p.choose(RULES, RULES.view(s, s.actor), s.actor, rng) if p else \
            r.choice(RULES.legal_moves(s))
        moves.append(m)
        s = RULES.play(s, m)
        every = [c for z in s.zones.values() for c in z]
        assert len(every) == total and len(set(every)) == total, (seed, m)
        if check is not None:
            check(s)
    assert s.over, seed
    return s, moves
