"""Hero vs Nemesis's fast paths give what the plain rules give."""

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
