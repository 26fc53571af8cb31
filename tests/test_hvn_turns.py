"""Hero vs Nemesis rules through the engine: set-up, the hero's turn, help or hinder,
tokens, harm and the end of the hero's turn (docs/rulings.md, Hero vs Nemesis)."""

from __future__ import annotations

from hvn_helpers import names, play, refused, table

from tabletop.engine.rng import Rng
from tabletop.engine.session import Session
from tabletop.games.hero_vs_nemesis.state import LOSSES

TWOS = ["2 of Clubs", "2 of Diamonds", "2 of Hearts", "2 of Spades"]


def conflicts(session):
    return session.game.positions.to_json(session.state)["conflicts"]


def test_set_up_takes_an_ace_a_king_and_two_queens_of_four_suits(hvn, hvn_cards):
    session = Session(hvn, hvn_cards, {}, 5)
    assert session.state.phase == "ace"
    assert sorted(names(session, "offer.0")) == ["Ace of Clubs", "Ace of Diamonds",
                                                  "Ace of Hearts", "Ace of Spades"]
    play(session, 'P1 ace "Ace of Hearts"')
    # the King must be of another suit
    assert sorted(names(session, "offer.0")) == ["King of Clubs", "King of Diamonds",
                                                  "King of Spades"]
    play(session, 'P1 king "King of Clubs"')
    assert sorted(names(session, "hand.0")) == ["Ace of Hearts", "King of Clubs",
                                                 "Queen of Diamonds", "Queen of Spades"]
    assert sorted(names(session, "offer.1")) == TWOS
    play(session, 'P2 resource "2 of Spades"', "P2 lost home")
    s = session.state
    assert names(session, "hand.1") == ["2 of Spades"]
    assert LOSSES[s.lost] == "home"
    assert sorted(s.all_cards()) == list(range(54))
    # the hero goes first: a hand of five and two conflicts
    assert s.phase == "counter" and s.actor == 0
    assert len(s.zones["hand.0"]) == 5 and len(s.zones["conflicts"]) == 2
    assert len(s.zones["deck"]) == 54 - 5 - 1 - 2
    # the starting hands stay hidden from the other player
    nemesis_log = session.log_text(1)
    assert "P1 ace (hidden)" in nemesis_log
    for c in s.zones["hand.0"]:
        assert s.name(c) not in nemesis_log
    assert "2 of Spades" not in session.log_text(0)
    assert "The nemesis lost their home" in session.log_text(0)


def test_what_is_hidden_at_the_set_up_is_sampled_by_rank(hvn, hvn_cards):
    """A search sampling the other player's hidden set-up cards (determinize) gets cards
    the rules could have put there: the offer is of the offered rank, the hero's hand an
    Ace (then Aces, Kings and Queens), the nemesis's hand a 2."""
    rules = hvn.rules
    s = rules.new_state(hvn_cards, {}, 5)
    rng = Rng(5)

    def ranks(world, zone):
        return {world.info[c].rank for c in world.zones[zone]}

    for kind, offered, hand in (("ace", {"A"}, set()), ("king", {"K"}, {"A"})):
        assert s.phase == kind
        for _ in range(40):
            world = rules.determinize(rules.view(s, 1), 1, rng)
            assert ranks(world, "offer.0") == offered and ranks(world, "hand.0") == hand
            assert len(rules.legal_moves(world)) == len(rules.legal_moves(s))
        s = rules.play(s, rules.legal_moves(s)[0])
    assert s.phase == "resource"
    for _ in range(40):
        world = rules.determinize(rules.view(s, 1), 1, rng)
        assert ranks(world, "hand.0") <= {"A", "K", "Q"} and len(world.zones["hand.0"]) == 4
        assert ranks(rules.determinize(rules.view(s, 0), 0, rng), "offer.1") == {"2"}
    s = rules.play(s, rules.legal_moves(s)[0])
    assert s.phase == "lost"
    for _ in range(40):
        assert ranks(rules.determinize(rules.view(s, 0), 0, rng), "hand.1") == {"2"}


def test_a_conflict_is_drawn_with_its_type_and_field(hvn, hvn_cards):
    session = table(hvn_cards, {"turn": "P2", "hands": {"P1": ["2 of Hearts"],
                                                        "P2": ["2 of Spades"]},
                                # the scheme, the hero's four cards, two conflicts
                                "deck": ["3 of Spades", "4 of Hearts", "6 of Hearts",
                                         "7 of Hearts", "8 of Hearts", "5 of Clubs",
                                         "King of Diamonds"]})
    play(session, "P2 end")
    text = session.log_text(0)
    assert "Conflict: Kidnapping \u2014 Criminal (5 of Clubs, value 5)" in text
    assert "Conflict: Alien threat \u2014 Business interests (King of Diamonds, value 13)" \
        in text


def test_equal_is_not_enough_and_an_uncountered_conflict_keeps_its_cards(hvn, hvn_cards):
    session = table(hvn_cards, {"hands": {"P1": ["7 of Clubs", "3 of Clubs", "2 of Hearts"],
                                          "P2": ["2 of Spades"]},
                                "conflicts": ["7 of Spades", "4 of Diamonds"]})
    play(session, 'P1 counter "7 of Clubs" > "7 of Spades"')
    assert conflicts(session)["7 of Spades"]["countered"] is False  # 7 against 7
    assert session.state.phase == "counter"
    play(session, 'P1 counter "3 of Clubs" > "7 of Spades"')
    assert conflicts(session)["7 of Spades"]["countered"] is True  # 10 against 7
    assert "already countered" in refused(session, 'P1 counter "2 of Hearts" > "7 of Spades"')
    # not everything is countered, so the whole hand must be played
    play(session, 'P1 counter "2 of Hearts" > "4 of Diamonds"')
    s = session.state
    assert s.press == 1 and s.popular == 0
    assert names(session, "conflicts") == ["4 of Diamonds"]
    assert names(session, "counters") == ["2 of Hearts"]
    assert sorted(names(session, "aside")) == ["3 of Clubs", "7 of Clubs", "7 of Spades"]
    assert s.phase == "scavenge" and s.actor == 1
    assert "Bad press: the Firefight is left uncountered" in session.log_text(0)


def test_the_hero_stops_once_every_conflict_is_countered(hvn, hvn_cards):
    session = table(hvn_cards, {"hands": {"P1": ["6 of Hearts", "10 of Spades", "2 of Clubs"],
                                          "P2": ["2 of Spades"]},
                                "conflicts": ["5 of Hearts", "9 of Spades"]})
    play(session, 'P1 counter "6 of Hearts" > "5 of Hearts"',
         'P1 counter "10 of Spades" > "9 of Spades"')
    s = session.state
    assert names(session, "hand.0") == ["2 of Clubs"]  # kept
    assert s.popular == 1 and s.press == 0  # both countered with their own suit
    assert "Popular support" in session.log_text(0)


def test_popular_support_needs_every_conflict_countered_with_its_own_suit(hvn, hvn_cards):
    session = table(hvn_cards, {"hands": {"P1": ["6 of Hearts", "8 of Spades", "2 of Clubs"],
                                          "P2": ["2 of Spades"]},
                                "conflicts": ["5 of Hearts", "9 of Spades"]})
    play(session, 'P1 counter "6 of Hearts" > "5 of Hearts"',
         'P1 counter "8 of Spades" > "9 of Spades"', 'P1 counter "2 of Clubs" > "9 of Spades"')
    assert session.state.popular == 0  # clubs helped against a spade
    assert session.state.press == 0  # same colour: no bad press either
    # one own-suit counter and one conflict left standing: no popular support
    session = table(hvn_cards, {"hands": {"P1": ["6 of Hearts", "2 of Spades"],
                                          "P2": ["2 of Clubs"]},
                                "conflicts": ["5 of Hearts", "9 of Spades"]})
    play(session, 'P1 counter "6 of Hearts" > "5 of Hearts"',
         'P1 counter "2 of Spades" > "9 of Spades"')
    assert session.state.popular == 0 and session.state.press == 1


def test_bad_press_for_countering_only_with_the_opposite_colour(hvn, hvn_cards):
    session = table(hvn_cards, {"hands": {"P1": ["6 of Spades", "10 of Spades", "3 of Clubs"],
                                          "P2": ["2 of Hearts"]},
                                "conflicts": ["5 of Hearts", "9 of Spades"]})
    play(session, 'P1 counter "6 of Spades" > "5 of Hearts"',
         'P1 counter "10 of Spades" > "9 of Spades"')
    s = session.state
    assert s.press == 1 and s.popular == 0
    assert "Bad press: the Kidnapping was countered only with black cards against a red " \
        "conflict" in session.log_text(0)
    # red and black together are not "only the opposite colour"
    session = table(hvn_cards, {"hands": {"P1": ["3 of Spades", "3 of Hearts", "10 of Spades"],
                                          "P2": ["2 of Hearts"]},
                                "conflicts": ["5 of Hearts", "9 of Spades"]})
    play(session, 'P1 counter "3 of Spades" > "5 of Hearts"',
         'P1 counter "3 of Hearts" > "5 of Hearts"',
         'P1 counter "10 of Spades" > "9 of Spades"')
    assert session.state.press == 0


def test_harm_moves_jacks_queens_kings_and_aces_to_the_support_pile(hvn, hvn_cards):
    session = table(hvn_cards, {"hands": {"P1": ["Ace of Hearts", "Jack of Clubs", "3 of Clubs"],
                                          "P2": ["2 of Spades"]},
                                "conflicts": ["King of Hearts", "4 of Clubs"]})
    play(session, 'P1 counter "Ace of Hearts" > "King of Hearts"',
         'P1 counter "Jack of Clubs" > "4 of Clubs"')
    assert sorted(names(session, "support.1")) == ["Ace of Hearts", "Jack of Clubs"]
    assert sorted(names(session, "aside")) == ["4 of Clubs", "King of Hearts"]
    assert session.state.popular == 1  # both with their own suit
    assert "Harm: the hero's Invulnerability (Ace of Hearts)" in session.log_text(0)


def test_a_conflict_left_from_last_turn_can_be_countered_with_its_old_cards(hvn, hvn_cards):
    session = table(hvn_cards, {"hands": {"P1": ["6 of Clubs", "4 of Hearts", "3 of Spades"],
                                          "P2": ["2 of Diamonds"]},
                                "conflicts": [{"card": "9 of Clubs", "counter": ["4 of Clubs"]},
                                              "3 of Hearts", "2 of Spades"]})
    assert conflicts(session)["9 of Clubs"]["counter"] == 4
    play(session, 'P1 counter "6 of Clubs" > "9 of Clubs"')  # 10 against 9
    play(session, 'P1 counter "4 of Hearts" > "3 of Hearts"',
         'P1 counter "3 of Spades" > "2 of Spades"')
    s = session.state
    assert s.popular == 1 and not s.zones["conflicts"]
    assert "4 of Clubs" in names(session, "aside")


def test_two_uncountered_conflicts_destroy_both(hvn, hvn_cards):
    session = table(hvn_cards, {"hands": {"P1": ["2 of Hearts", "3 of Hearts"],
                                          "P2": ["2 of Spades"]},
                                "conflicts": ["10 of Spades", "9 of Spades"]})
    play(session, 'P1 counter "2 of Hearts" > "10 of Spades"',
         'P1 counter "3 of Hearts" > "9 of Spades"')
    s = session.state
    assert s.over and s.winners == () and s.eliminated == {0, 1}
    assert hvn.rules.returns(s) == (0.0, 0.0)
    assert "Both lose" in s.result


def test_a_heros_joker_counters_any_conflict_and_cannot_be_undone(hvn, hvn_cards):
    session = table(hvn_cards, {"hands": {"P1": ["Red Joker", "9 of Clubs"],
                                          "P2": ["2 of Spades", "9 of Hearts"]},
                                "conflicts": ["Ace of Spades", "5 of Clubs"]})
    assert session.state.phase == "meddle"  # the nemesis may meddle first
    play(session, "P2 pass", 'P1 counter "Red Joker" > "Ace of Spades"')
    assert conflicts(session)["Ace of Spades"]["countered"] is True
    play(session, 'P1 counter "9 of Clubs" > "5 of Clubs"')
    assert session.state.phase == "meddle" and session.state.stage == "after"
    assert "joker" in refused(session, 'P2 hinder "9 of Hearts" > "Ace of Spades"')
    play(session, 'P2 hinder "9 of Hearts" > "5 of Clubs"')  # 9 against 14
    # the hero has no cards left: the Kidnapping stands, the Ace is set aside
    assert names(session, "conflicts") == ["5 of Clubs"]
    assert {"Ace of Spades", "Red Joker"} == set(names(session, "aside"))
    assert session.state.press == 1


def test_the_second_window_opens_only_when_the_nemesis_can_turn_a_conflict(hvn, hvn_cards):
    session = table(hvn_cards, {"hands": {"P1": ["Red Joker", "9 of Clubs"],
                                          "P2": ["2 of Spades", "3 of Spades"]},
                                "conflicts": ["Ace of Spades", "5 of Clubs"]})
    play(session, "P2 pass", 'P1 counter "Red Joker" > "Ace of Spades"',
         'P1 counter "9 of Clubs" > "5 of Clubs"')
    # 3 more would leave the Kidnapping at 8 against 9: nothing to offer
    s = session.state
    assert s.current == 1 and s.phase == "scavenge" and not s.zones["conflicts"]


def test_a_joker_conflict_needs_two_cards_whatever_their_values(hvn, hvn_cards):
    session = table(hvn_cards, {"hands": {"P1": ["2 of Diamonds", "3 of Diamonds", "8 of Clubs"],
                                          "P2": ["2 of Spades", "4 of Spades"]},
                                "conflicts": ["Black Joker", "5 of Clubs"]})
    assert "no value to raise" in refused(session, 'P2 hinder "4 of Spades" > "Black Joker"')
    play(session, "P2 pass", 'P1 counter "2 of Diamonds" > "Black Joker"')
    assert conflicts(session)["Black Joker"]["countered"] is False
    play(session, 'P1 counter "3 of Diamonds" > "Black Joker"')
    assert conflicts(session)["Black Joker"]["countered"] is True
    assert "Internal conflict" in session.log_text(0)


def test_help_or_hinder_windows_and_cards_worth_one_from_the_support_pile(hvn, hvn_cards):
    session = table(hvn_cards, {
        "hands": {"P1": ["8 of Hearts", "6 of Clubs", "2 of Diamonds", "3 of Diamonds",
                         "4 of Diamonds"],
                  "P2": ["2 of Spades", "9 of Diamonds"]},
        "support": ["King of Clubs"],
        "conflicts": ["7 of Hearts", "5 of Clubs"]})
    s = session.state
    assert s.phase == "meddle" and s.stage == "before" and s.actor == 1
    kinds = {(m.kind, s.name(m.card)) for m in hvn.rules.legal_moves(s) if m.card is not None}
    assert ("hinder", "King of Clubs") in kinds and ("help", "9 of Diamonds") in kinds
    play(session, 'P2 hinder "King of Clubs" > "7 of Hearts"')
    assert conflicts(session)["7 of Hearts"]["total"] == 8  # a support card is worth 1
    play(session, "P2 pass", 'P1 counter "8 of Hearts" > "7 of Hearts"')
    assert conflicts(session)["7 of Hearts"]["countered"] is False  # 8 against 8
    play(session, 'P1 counter "2 of Diamonds" > "7 of Hearts"',
         'P1 counter "6 of Clubs" > "5 of Clubs"')
    # the hero is done: the nemesis may meddle again
    assert session.state.phase == "meddle" and session.state.stage == "after"
    play(session, 'P2 hinder "9 of Diamonds" > "5 of Clubs"')
    # 6 against 14; the nemesis has only its last card left, so the hero goes on
    s = session.state
    assert s.phase == "counter" and s.actor == 0
    assert conflicts(session)["5 of Clubs"]["countered"] is False
    play(session, 'P1 counter "3 of Diamonds" > "5 of Clubs"',
         'P1 counter "4 of Diamonds" > "5 of Clubs"')  # 13 against 14
    s = session.state
    assert s.press == 1 and names(session, "conflicts") == ["5 of Clubs"]
    # the nemesis's cards on the countered conflict can be scavenged
    assert sorted(names(session, "aside")) == ["2 of Diamonds", "7 of Hearts", "8 of Hearts",
                                                "King of Clubs"]
    assert "9 of Diamonds" in names(session, "counters")  # stays with the open conflict


def test_the_nemesis_never_plays_the_last_card_of_its_hand(hvn, hvn_cards):
    session = table(hvn_cards, {"hands": {"P1": ["8 of Hearts"], "P2": ["9 of Diamonds"]},
                                "support": ["2 of Clubs"],
                                "conflicts": ["7 of Hearts", "5 of Clubs"]})
    assert session.state.phase == "meddle"
    assert refused(session, 'P2 hinder "9 of Diamonds" > "5 of Clubs"') == \
        "The nemesis can never play the last card in their hand."
    play(session, 'P2 help "2 of Clubs" > "5 of Clubs"')  # support cards are fine
    assert conflicts(session)["5 of Clubs"]["counter"] == 1
    # no window is offered when the nemesis has nothing it may play
    session = table(hvn_cards, {"hands": {"P1": ["8 of Hearts"], "P2": ["9 of Diamonds"]},
                                "conflicts": ["7 of Hearts", "5 of Clubs"]})
    assert session.state.phase == "counter"


def test_spending_popular_support_switches_a_card(hvn, hvn_cards):
    session = table(hvn_cards, {"hands": {"P1": ["2 of Clubs", "3 of Hearts"],
                                          "P2": ["2 of Spades"]},
                                "conflicts": ["King of Spades", "5 of Clubs"],
                                "deck": ["Ace of Clubs"], "popular_support": 1})
    play(session, 'P1 switch "2 of Clubs"')
    s = session.state
    assert s.popular == 0
    assert sorted(names(session, "hand.0")) == ["3 of Hearts", "Ace of Clubs"]
    assert names(session, "discard") == ["2 of Clubs"]
    assert "popular support" in refused(session, 'P1 switch "3 of Hearts"')
    assert "Ace of Clubs" not in session.log_text(1)  # the new card stays hidden
    assert "Ace of Clubs" in session.log_text(0)
