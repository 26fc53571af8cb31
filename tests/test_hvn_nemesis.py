"""Hero vs Nemesis: the nemesis's turn (scavenging, schemes, showdowns, bad press) and
every way the game ends."""

from __future__ import annotations

import pytest
from hvn_helpers import card, names, play, refused, table

from tabletop.engine.moves import IllegalMove, Move
from tabletop.games.hero_vs_nemesis.state import LOSSES


def everything_but(session_names: set[str], hvn, hvn_cards) -> list[str]:
    """Every card name of the deck not in ``session_names`` (to empty the deck)."""
    s = hvn.rules.new_state(hvn_cards, {}, 1)
    return [s.name(c) for c in range(len(s.cards)) if s.name(c) not in session_names]


def test_scavenging_into_the_hand_or_onto_the_support_pile(hvn, hvn_cards):
    session = table(hvn_cards, {"turn": "P2", "hands": {"P1": ["2 of Hearts"],
                                                        "P2": ["2 of Spades"]},
                                "aside": ["Queen of Hearts", "3 of Clubs", "2 of Diamonds"],
                                "deck": ["9 of Spades"]})
    s = session.state
    assert s.phase == "scavenge"
    where = {s.name(m.card): m.target for m in hvn.rules.legal_moves(s)}
    # at most one higher than a card in hand: into the hand; otherwise the support pile
    assert where == {"Queen of Hearts": "support.1", "3 of Clubs": "hand.1",
                     "2 of Diamonds": "hand.1"}
    with pytest.raises(IllegalMove) as info:
        hvn.play(s, Move("scavenge", 1, card(session, "Queen of Hearts"), "hand.1"))
    assert "more than one higher than every card in your hand" in info.value.reason
    play(session, 'P2 scavenge "3 of Clubs"')
    assert sorted(names(session, "hand.1")) == ["2 of Spades", "3 of Clubs"]
    assert sorted(names(session, "discard")) == ["2 of Diamonds", "Queen of Hearts"]
    assert names(session, "schemes") == ["9 of Spades"]  # then a scheme is drawn
    assert session.state.phase == "plot"


def test_a_joker_is_scavenged_only_when_nothing_else_is_there(hvn, hvn_cards):
    session = table(hvn_cards, {"turn": "P2", "hands": {"P1": ["2 of Hearts"],
                                                        "P2": ["2 of Spades"]},
                                "aside": ["Red Joker", "5 of Clubs"]})
    s = session.state
    assert [s.name(m.card) for m in hvn.rules.legal_moves(s)] == ["5 of Clubs"]
    with pytest.raises(IllegalMove) as info:
        hvn.play(s, Move("scavenge", 1, card(session, "Red Joker"), "support.1"))
    assert "only when nothing else" in info.value.reason
    session = table(hvn_cards, {"turn": "P2", "hands": {"P1": ["2 of Hearts"],
                                                        "P2": ["2 of Spades"]},
                                "aside": ["Red Joker"]})
    play(session, 'P2 scavenge "Red Joker"')
    assert names(session, "support.1") == ["Red Joker"]  # 15 is more than 2 + 1


def test_completing_a_scheme_with_the_same_suit_bonus(hvn, hvn_cards):
    session = table(hvn_cards, {"turn": "P2",
                                "hands": {"P1": ["2 of Hearts"],
                                          "P2": ["5 of Hearts", "4 of Hearts", "2 of Spades"]},
                                "support": ["King of Clubs"],
                                "schemes": ["9 of Spades"], "deck": ["Jack of Hearts"]})
    assert names(session, "schemes") == ["9 of Spades", "Jack of Hearts"]
    play(session, 'P2 plot "5 of Hearts" > "Jack of Hearts"')
    assert session.game.positions.to_json(session.state)["schemes"]["Jack of Hearts"] == \
        {"total": 6, "needs": 11}
    play(session, 'P2 plot "4 of Hearts" > "Jack of Hearts"')  # 6 + 5 = 11: equal is enough
    assert sorted(names(session, "hand.1")) == ["2 of Spades", "Jack of Hearts"]
    assert sorted(names(session, "spent")) == ["4 of Hearts", "5 of Hearts"]
    play(session, 'P2 plot "King of Clubs" > "9 of Spades"')  # from the support pile: 1
    assert session.game.positions.to_json(session.state)["schemes"]["9 of Spades"]["total"] == 1
    assert "Scheme complete: the Jack of Hearts goes to the nemesis's hand" in \
        session.log_text(0)


def test_without_the_suit_the_same_cards_fall_short(hvn, hvn_cards):
    session = table(hvn_cards, {"turn": "P2",
                                "hands": {"P1": ["2 of Hearts"],
                                          "P2": ["5 of Spades", "4 of Spades", "2 of Clubs"]},
                                "deck": ["Jack of Hearts"]})
    play(session, 'P2 plot "5 of Spades" > "Jack of Hearts"',
         'P2 plot "4 of Spades" > "Jack of Hearts"')
    assert names(session, "schemes") == ["Jack of Hearts"]  # 9 of 11
    assert sorted(names(session, "plots")) == ["4 of Spades", "5 of Spades"]


def test_a_joker_scheme_is_worth_one(hvn, hvn_cards):
    session = table(hvn_cards, {"turn": "P2",
                                "hands": {"P1": ["2 of Hearts"], "P2": ["2 of Spades"]},
                                "support": ["3 of Clubs"], "deck": ["Black Joker"]})
    assert session.game.positions.to_json(session.state)["schemes"] == {
        "Black Joker": {"total": 0, "needs": 1}}
    play(session, 'P2 plot "3 of Clubs" > "Black Joker"')
    assert sorted(names(session, "hand.1")) == ["2 of Spades", "Black Joker"]


def test_a_support_card_of_the_schemes_suit_counts_two(hvn, hvn_cards):
    session = table(hvn_cards, {"turn": "P2",
                                "hands": {"P1": ["2 of Hearts"], "P2": ["2 of Spades"]},
                                "support": ["King of Clubs"], "deck": ["2 of Clubs"]})
    play(session, 'P2 plot "King of Clubs" > "2 of Clubs"')
    assert "2 of Clubs" in names(session, "hand.1")


def showdown_position(stake_hand: list[str], hero_hand: list[str], wins: int = 0):
    return {"turn": "P2", "hands": {"P1": hero_hand, "P2": stake_hand},
            # the scheme, then the hero's showdown draws
            "deck": ["9 of Clubs", "4 of Diamonds", "3 of Diamonds"],
            "showdown_wins": wins}


def test_a_joker_in_a_showdown_needs_two_cards_whatever_their_values(hvn, hvn_cards):
    session = table(hvn_cards, showdown_position(["Red Joker", "2 of Spades"],
                                                 ["King of Spades"]))
    play(session, "P2 showdown")
    assert sorted(names(session, "hand.0")) == ["3 of Diamonds", "4 of Diamonds",
                                                 "King of Spades"]  # filled up to three
    play(session, 'P2 stake "Red Joker"')
    assert "last card" in refused(session, 'P2 stake "2 of Spades"')
    play(session, "P2 challenge", 'P1 answer "3 of Diamonds"')
    assert session.state.phase == "answer"  # one card is not enough
    play(session, 'P1 answer "4 of Diamonds"')  # any two cards answer a joker
    s = session.state
    assert s.wins == 0 and "The hero tops the nemesis" in session.log_text(0)
    assert "King of Spades" in names(session, "hand.0")  # kept for the next turn
    assert {"3 of Diamonds", "4 of Diamonds", "Red Joker"} <= set(names(session, "discard"))


def test_a_joker_and_a_total_in_one_showdown(hvn, hvn_cards):
    session = table(hvn_cards, showdown_position(["Red Joker", "10 of Spades", "2 of Spades"],
                                                 ["King of Spades"]))
    play(session, "P2 showdown", 'P2 stake "Red Joker"', 'P2 stake "10 of Spades"',
         "P2 challenge", 'P1 answer "King of Spades"', 'P1 answer "4 of Diamonds"')
    assert session.state.phase == "answer"  # both cards go to the joker; 10 still stands
    play(session, 'P1 answer "3 of Diamonds"')  # 3 and 4 for the joker, 13 beats 10
    assert session.state.wins == 0


def test_the_nemesis_wins_a_showdown_the_hero_cannot_top_and_the_game_with_two(hvn,
                                                                                hvn_cards):
    session = table(hvn_cards, showdown_position(["Queen of Spades", "2 of Spades"],
                                                 ["2 of Hearts"], wins=0))
    play(session, "P2 showdown", 'P2 stake "Queen of Spades"', "P2 challenge",
         'P1 answer "2 of Hearts"', 'P1 answer "3 of Diamonds"')
    s = session.state
    assert s.phase == "answer"  # 5 against 12
    play(session, 'P1 answer "4 of Diamonds"')  # 9 against 12, and the hand is empty
    assert session.state.wins == 1 and not session.state.over
    session = table(hvn_cards, showdown_position(["Queen of Spades", "2 of Spades"],
                                                 ["2 of Hearts"], wins=1))
    play(session, "P2 showdown", 'P2 stake "Queen of Spades"', "P2 challenge", "P1 yield")
    s = session.state
    assert s.over and s.winners == (1,) and "two showdowns" in s.result


def test_the_hero_gives_up_a_showdown_only_when_it_cannot_top(hvn, hvn_cards):
    """Ruling 14: the nemesis wins "if the hero can't top" the stake, so a hero whose
    hand can top it must answer; one that cannot may give up at once."""
    session = table(hvn_cards, showdown_position(["5 of Spades", "2 of Spades"],
                                                 ["King of Hearts"], wins=0))
    play(session, "P2 showdown", 'P2 stake "5 of Spades"', "P2 challenge")
    assert refused(session, "P1 yield").startswith("The hero plays as many cards as it "
                                                   "takes to top the nemesis")
    assert Move("yield", 0) not in session.legal_moves()
    play(session, 'P1 answer "King of Hearts"')
    assert session.state.wins == 0  # topped
    session = table(hvn_cards, showdown_position(["Queen of Spades", "2 of Spades"],
                                                 ["2 of Hearts"], wins=0))
    play(session, "P2 showdown", 'P2 stake "Queen of Spades"', "P2 challenge", "P1 yield")
    assert session.state.wins == 1  # 2 + 3 + 4 cannot top 12


def test_games_saved_under_the_first_rules_may_still_give_up_any_showdown(hvn, hvn_cards):
    session = table(hvn_cards, showdown_position(["5 of Spades", "2 of Spades"],
                                                 ["King of Hearts"], wins=0))
    session.states[0].ruleset = 1
    play(session, "P2 showdown", 'P2 stake "5 of Spades"', "P2 challenge", "P1 yield")
    assert session.state.wins == 1


def test_one_showdown_a_turn_and_a_stake_before_the_challenge(hvn, hvn_cards):
    session = table(hvn_cards, showdown_position(["Queen of Spades", "5 of Spades",
                                                  "2 of Spades"], ["2 of Hearts"]))
    play(session, "P2 showdown")
    assert refused(session, "P2 challenge") == \
        "Stake at least one card before challenging the hero."
    play(session, 'P2 stake "Queen of Spades"', "P2 challenge", "P1 yield")
    assert session.state.phase != "plot"  # the showdown ends the nemesis's turn


def test_bad_press_returns_cards_played_from_the_hand_but_not_a_joker(hvn, hvn_cards):
    session = table(hvn_cards, {"turn": "P2", "bad_press": 2,
                                "hands": {"P1": ["2 of Hearts"],
                                          "P2": ["9 of Spades", "Black Joker", "2 of Spades"]},
                                "support": ["3 of Spades"],
                                "deck": ["Jack of Spades"]})
    play(session, 'P2 plot "9 of Spades" > "Jack of Spades"',   # 10 of 11
         'P2 plot "3 of Spades" > "Jack of Spades"')             # + 2 (support, suit)
    assert "Jack of Spades" in names(session, "hand.1")
    play(session, "P2 end")
    s = session.state
    assert s.phase == "return"
    assert [s.name(m.card) for m in hvn.rules.legal_moves(s) if m.kind == "return"] == \
        ["9 of Spades"]  # not the support card
    with pytest.raises(IllegalMove) as info:
        hvn.play(s, Move("return", 1, card(session, "3 of Spades"), "hand.1"))
    assert "support-pile" in info.value.reason
    play(session, 'P2 return "9 of Spades"')
    s = session.state
    assert s.press == 1 and "9 of Spades" in names(session, "hand.1")
    assert "3 of Spades" in names(session, "discard")
    assert s.current == 0  # nothing else to return: the hero's turn
    # a joker played from the hand is not returned
    session = table(hvn_cards, {"turn": "P2", "bad_press": 1,
                                "hands": {"P1": ["2 of Hearts"],
                                          "P2": ["Black Joker", "2 of Spades"]},
                                "deck": ["Jack of Spades"]})
    play(session, 'P2 plot "Black Joker" > "Jack of Spades"', "P2 end")
    s = session.state
    assert s.phase != "return" and "Black Joker" in names(session, "discard")
    assert s.press == 1


def test_the_deck_running_out_at_the_end_of_the_heros_turn(hvn, hvn_cards):
    placed = {"6 of Hearts", "10 of Spades", "2 of Spades", "5 of Hearts", "9 of Spades"}
    session = table(hvn_cards, {"hands": {"P1": ["6 of Hearts", "10 of Spades"],
                                          "P2": ["2 of Spades"]},
                                "conflicts": ["5 of Hearts", "9 of Spades"],
                                "discard": everything_but(placed, hvn, hvn_cards)})
    play(session, 'P1 counter "6 of Hearts" > "5 of Hearts"',
         'P1 counter "10 of Spades" > "9 of Spades"')
    s = session.state
    assert s.over and s.winners == (0,) and "deck has run out" in s.result


def test_the_deck_running_out_when_the_hero_must_draw(hvn, hvn_cards):
    placed = {"2 of Hearts", "2 of Spades", "3 of Clubs", "4 of Clubs"}
    session = table(hvn_cards, {"turn": "P2", "hands": {"P1": ["2 of Hearts"],
                                                        "P2": ["2 of Spades"]},
                                "deck": ["3 of Clubs", "4 of Clubs"],
                                "discard": everything_but(placed, hvn, hvn_cards)})
    play(session, "P2 end")  # the scheme took one; the hero cannot fill to five
    s = session.state
    assert s.over and s.winners == (0,)
    assert sorted(s.all_cards()) == list(range(54))


def test_the_deck_running_out_on_the_nemesiss_turn(hvn, hvn_cards):
    placed = {"2 of Hearts", "2 of Spades", "3 of Clubs"}
    session = table(hvn_cards, {"turn": "P2", "hands": {"P1": ["2 of Hearts"],
                                                        "P2": ["2 of Spades"]},
                                "deck": ["3 of Clubs"], "lost": "dignity",
                                "discard": everything_but(placed, hvn, hvn_cards)})
    assert session.state.zones["deck"] == []  # the scheme was the last card
    play(session, "P2 end")
    assert session.state.over and session.state.winners == (0,)
    assert LOSSES[session.state.lost] == "dignity"


def test_evaluate_follows_the_deck_and_the_showdowns(hvn, hvn_cards):
    """An unfinished game's estimate: the hero gains as the deck runs down and loses with
    each showdown the nemesis wins; the two estimates add up to one."""
    rules = hvn.rules

    def hero(position) -> float:
        s = table(hvn_cards, position).state
        assert rules.evaluate(s, 0) + rules.evaluate(s, 1) == pytest.approx(1.0)
        return rules.evaluate(s, 0)

    hands = {"P1": ["2 of Hearts"], "P2": ["2 of Spades"]}
    full = hero({"turn": "P2", "hands": hands})
    placed = {"2 of Hearts", "2 of Spades", "3 of Clubs", "4 of Clubs", "5 of Clubs"}
    late = hero({"turn": "P2", "hands": hands, "deck": ["3 of Clubs", "4 of Clubs", "5 of Clubs"],
                 "discard": everything_but(placed, hvn, hvn_cards)})
    beaten = hero({"turn": "P2", "hands": hands, "showdown_wins": 1})
    assert beaten < full < late
