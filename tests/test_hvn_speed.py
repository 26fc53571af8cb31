"""Hero vs Nemesis's fast paths give what the plain rules give."""

import random
from itertools import combinations

from tabletop.engine.moves import Move
from tabletop.engine.rng import Rng
from tabletop.games.hero_vs_nemesis import reckoning as rk
from tabletop.games.hero_vs_nemesis.cards import dealt, deck_of


def test_the_deck_is_worked_out_once_per_catalog(hvn, hvn_cards):
    assert dealt(hvn_cards) is dealt(hvn_cards)
    assert dealt(hvn_cards) is deck_of(hvn_cards)
    rules = hvn.rules
    a = rules.new_state(hvn_cards, {}, 1)
    b = rules.new_state(hvn_cards, {}, 2)
    assert a.cards is b.cards and a.info is b.info


def test_the_listed_moves_are_plain_moves(hvn, hvn_cards):
    """Every listed move equals the one built field by field, and a scavenged card goes
    where :func:`reckoning.scavenge_to` says."""
    rules, rng = hvn.rules, Rng(7)
    for seed in range(15):
        s = rules.new_state(hvn_cards, {}, seed)
        while not s.over:
            moves = rules.legal_moves(s)
            for m in moves:
                assert type(m) is Move and m == Move(*m) and len(m) == 5
                if m.kind == "scavenge":
                    assert m.target == rk.scavenge_to(s, m.card)
            s = rules.play(s, rng.choice(moves))


def _tops_by_hand(demand: int, total: int, answers: list[tuple[int, bool]]) -> bool:
    """The showdown rule worked out by hand: every way of giving ``demand`` of the
    answers to the jokers, the one that leaves the most; the rest must hold a joker or
    beat ``total`` (nothing to beat when ``total`` is 0 or less)."""
    if len(answers) < demand:
        return False
    if total <= 0:
        return True
    for given in combinations(range(len(answers)), demand):
        rest = [a for i, a in enumerate(answers) if i not in given]
        if any(j for _, j in rest) or sum(v for v, _ in rest) > total:
            return True
    return False


def test_a_hand_sorted_once_tops_a_showdown_as_the_rule_says():
    """The nemesis's stake is weighed against sampled hero hands sorted once
    (``tops_ordered``): for 3,000 random hands and showdowns it agrees with ``tops`` and
    with the rule worked out by hand (the lowest cards meet the jokers)."""
    rng = random.Random(11)
    seen = set()
    for _ in range(3000):
        answers = [(rng.randrange(2, 15), rng.random() < 0.1)
                   for _ in range(rng.randrange(0, 6))]
        demand, total = rng.randrange(0, 4), rng.randrange(-2, 30)
        ordered = sorted(answers, key=rk.answer_order)
        want = _tops_by_hand(demand, total, answers)
        assert rk.tops(demand, total, answers) == want
        assert rk.tops_ordered(demand, total, ordered) == want
        seen.add(want)
    assert seen == {True, False}
    # concrete: two jokers' demand eats the 2 and the 3; 9 + 7 = 16 beats 15, not 16
    assert rk.tops(2, 15, [(9, False), (2, False), (7, False), (3, False)])
    assert not rk.tops(2, 16, [(9, False), (2, False), (7, False), (3, False)])
