"""Power Play rules through the engine: set-up, the turn, rotation for 2-4 players, Bonus
powers, Bad News, the pile reshuffle, each optional rule, the score, notation, views."""

from __future__ import annotations

import pytest
from power_play_helpers import GAME, card, fixture_cards, names, play, real_cards, scripted

from tabletop.engine.moves import IllegalMove, Move, NotationError
from tabletop.engine.rng import Rng
from tabletop.engine.session import Session
from tabletop.engine.state import HIDDEN
from tabletop.games.power_play.scoring import final_score
from tabletop.ui.power_play.gestures import PowerPlayGestures

HEROES_WIN = -10  # fixture villains: the heroes always win
VILLAIN_WINS = 10  # fixture villains: heroes playing one power always lose


def run(state, **policy):
    """Play to the end with the scripted policy; return the final state and the active
    seat at each turn, in order."""
    actives = [state.current]
    turn = state.turn
    while not state.over:
        state = GAME.play(state, scripted(state, **policy))
        if state.turn != turn and not state.over:
            actives.append(state.current)
            turn = state.turn
    return state, actives


def position(**pos):
    return GAME.positions.build(real_cards(), GAME.rules.normalize_options(pos.pop("options", {})),
                                    1, pos)


# -- set-up --------------------------------------------------------------------------------

def test_set_up_separate_piles_four_open_powers_and_the_first_villain():
    s = GAME.rules.new_state(real_cards(), {"players": 3}, 4)
    kinds = {zone: {s.info[c].kind for c in s.zones[zone]}
             for zone in ("villains", "attributes", "locations", "powers")}
    assert kinds == {"villains": {"villain"}, "attributes": {"attribute"},
                     "locations": {"location"}, "powers": {"power"}}
    for seat in range(3):
        hand = s.zones[f"hand.{seat}"]
        assert len(hand) == 4 and all(s.info[c].kind == "power" for c in hand)
    assert s.current == 0 and s.actor == 0 and s.phase == "defend"
    assert s.round == 1 and s.round_turn == 1 and s.turn == 1
    assert len(s.zones["location"]) == 1 and s.featured == s.zones["location"]
    assert len(s.zones["villain"]) == 1 and len(s.zones["attribute"]) == 1
    first, second = s.zones["threat"]
    assert first not in s.facedown and second in s.facedown
    assert sorted(s.all_cards()) == list(range(len(s.cards)))
    # everyone sees the face-up power, nobody the face-down one
    for seat in range(3):
        view = GAME.rules.view(s, seat)
        assert view.zones["threat"] == [first, HIDDEN]
        assert view.zones["hand.1"] == s.zones["hand.1"]  # open powers are public


@pytest.mark.parametrize("players", [1, 5, "many", None])
def test_two_to_four_players_only(players):
    with pytest.raises(ValueError, match="Power Play is for 2 to 4 players"):
        GAME.rules.new_state(real_cards(), {"players": players}, 1)
    with pytest.raises(ValueError, match="unknown option 'player'"):
        GAME.rules.new_state(real_cards(), {"player": 3}, 1)


def test_a_turn_defence_support_reveal_tally_outcome_end():
    s = position(active="P1", location="Breakwater Alley", villain="Windshear",
                 attribute="Glacier Hide", threat=["Flame 2", "Mind 3"],
                 hands={"P1": ["Gale 3", "Frost 3", "Might 2"], "P2": ["Shadow 4", "Might 1"],
                        "P3": ["Mind 5"]},
                 options={"players": 3})
    with pytest.raises(IllegalMove, match="Play at least one power"):
        GAME.play(s, Move("done", 0))
    s = play(s, 'P1 play "Gale 3"')
    s = play(s, 'P1 play "Frost 3"')
    assert s.phase == "defend" and s.played == 2
    s = play(s, "P1 done")
    assert (s.phase, s.actor) == ("support", 1)  # clockwise from the active hero's left
    with pytest.raises(IllegalMove, match="It is P2's turn to add a power"):
        GAME.play(s, GAME.notation.parse_move(s, 'P3 play "Mind 5"'))
    s = play(s, 'P2 play "Shadow 4"')
    with pytest.raises(IllegalMove, match="only one power per turn"):
        GAME.play(s, Move("play", 1, card(s, "Might 1", "hand.1"), "defence"))
    assert s.actor == 2 and s.hero is None
    s = play(s, "P3 pass")
    # the last supporter decided: the hidden power is turned up and both sides tallied
    assert not s.facedown
    assert s.hero.total == 10 and s.villain_tally.total == 18
    lines = [text for text, _ in s.events]
    assert "The villain reveals its hidden power: Mind 3" in lines
    assert "Heroes: 3 [Gale] + 4 [Shadow] + 3 [pair of 3s] = 10" in lines
    assert "  Frost 3: immune (Glacier Hide), 0" in lines
    assert ("Villain: ((2 [Flame/Gale] + 3 [Mind/Gale] + 2 [attribute]) \u00d7 2 [base]) + 4 "
            "[all Gale] = 18") in lines
    # nobody has a Bonus power: the villain wins the turn; its card waits on the table
    assert s.phase == "outcome" and s.outcome == "lost" and s.actor == 0
    assert names(s, "villain") == ["Windshear"]
    s = play(s, "P1 end")
    assert names(s, "badnews.0") == ["Windshear"]
    assert "Glacier Hide" in names(s, "out")
    assert {"Gale 3", "Frost 3", "Shadow 4", "Flame 2", "Mind 3"} <= set(names(s, "discard"))
    assert len(s.zones["hand.0"]) == 4  # the active hero refilled
    assert names(s, "hand.0")[0] == "Might 2"  # the power kept
    assert len(s.zones["hand.1"]) == 1  # the others wait for the end of the round
    assert (s.current, s.round, s.round_turn, s.phase) == (1, 1, 2, "defend")


def test_the_fourth_power_closes_the_defence():
    s = GAME.rules.new_state(fixture_cards(), {"players": 2}, 3)
    for _ in range(4):
        s = GAME.play(s, next(m for m in GAME.rules.legal_moves(s) if m.kind == "play"))
    assert s.played == 4 and s.phase == "support" and s.actor == 1


@pytest.mark.parametrize("players, expected", [
    (2, [0, 1, 1, 0, 0, 1, 1, 0]),
    (3, [0, 1, 2, 1, 2, 0, 2, 0, 1, 0, 1, 2]),
    (4, [0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2]),
])
def test_turn_and_round_rotation(players, expected):
    s = GAME.rules.new_state(fixture_cards(HEROES_WIN), {"players": players}, 7)
    rounds = []
    state = s
    actives = [state.current]
    turn = state.turn
    while not state.over:
        rounds.append(state.round)
        state = GAME.play(state, scripted(state))
        if state.turn != turn and not state.over:
            actives.append(state.current)
            turn = state.turn
    assert actives == expected  # 4 rounds, each player active once per round
    assert len(actives) == 4 * players
    assert not state.lost and state.winners == tuple(range(players))
    assert max(rounds) == 4
    # every seat is active exactly once in each round
    for r in range(4):
        assert sorted(expected[r * players:(r + 1) * players]) == list(range(players))


def test_round_end_removes_the_location_refills_everyone_and_skips_a_seat():
    s = GAME.rules.new_state(fixture_cards(HEROES_WIN), {"players": 4}, 2)
    first_location = s.zones["location"][0]
    while s.round == 1:
        s = GAME.play(s, scripted(s, support=True))
    assert first_location in s.zones["out"]
    assert len(s.zones["location"]) == 1 and s.zones["location"][0] != first_location
    assert all(len(s.zones[f"hand.{seat}"]) == 4 for seat in range(4))
    assert s.current == 1  # two seats left of P4, the last active hero
    assert any("two seats left of P4" in text for text, _ in s.events)


# -- Bonus powers and Bad News -----------------------------------------------------------

def bonus_position(**extra):
    pos = dict(active="P1", location=None, villain="Windshear", attribute="Glacier Hide",
               threat=["Flame 2", "Mind 3"],
               hands={"P1": ["Gale 3", "Frost 3", "Shadow 4", "Mind 1"], "P2": ["Might 1"]},
               bonus={"P2": ["Sparkjaw", "Copycat Kid"], "P1": ["Hoarfrost"]},
               options={"players": 2})
    pos.update(extra)
    return position(**pos)


def to_bonus(s):
    for text in ('P1 play "Gale 3"', 'P1 play "Frost 3"', 'P1 play "Shadow 4"', "P1 done",
                 "P2 pass"):
        s = play(s, text)
    return s


def test_bonus_powers_close_the_gap_and_leave_the_game():
    s = to_bonus(bonus_position())
    # no location: 3 [Gale] + 4 [Shadow] + 3 [pair of 3s] = 10 against 18
    assert (s.hero.total, s.villain_tally.total) == (10, 18)
    assert s.phase == "bonus" and s.actor == 0  # clockwise from the active hero
    with pytest.raises(IllegalMove, match="Bonus powers are spent only after the reveal"):
        GAME.play(bonus_position(), Move("bonus", 0, card(s, "Hoarfrost", "bonus.0"),
                                         "defence"))
    s = play(s, 'P1 bonus "Hoarfrost"')  # +3: 13
    assert s.bonus_total == 3 and names(s, "spent") == ["Hoarfrost"]
    assert s.actor == 1  # one Bonus power per player
    s = play(s, 'P2 bonus "Sparkjaw"')  # +1: 14, still short; P2 may not spend a second
    assert s.phase == "outcome" and s.outcome == "lost"
    assert names(s, "bonus.1") == ["Copycat Kid"]
    s = play(s, "P1 end")
    # used Bonus powers leave the game even though the heroes lost
    assert {"Hoarfrost", "Sparkjaw"} <= set(names(s, "out"))
    assert names(s, "badnews.0") == ["Windshear"] and names(s, "bonus.0") == []


def test_a_bonus_power_that_closes_the_gap_wins_the_turn():
    s = to_bonus(bonus_position(bonus={"P2": ["Brass Tyrant", "Pale Regent"],
                                       "P1": ["Hoarfrost", "Sparkjaw"]}))
    s = play(s, 'P1 pass')
    with pytest.raises(IllegalMove, match="not one of your Bonus powers"):
        GAME.play(s, Move("bonus", 1, card(s, "Hoarfrost", "bonus.0"), "defence"))
    s = play(s, 'P2 bonus "Brass Tyrant"')  # +4: 14 < 18
    assert s.phase == "outcome" and s.outcome == "lost"
    s = to_bonus(bonus_position(bonus={"P1": ["Hoarfrost", "Sparkjaw"], "P2": ["Brass Tyrant"]},
                                options={"players": 2, "any_bonus": True}))
    s = play(s, 'P1 bonus "Hoarfrost"')
    assert s.actor == 0  # any number: P1 may go on
    s = play(s, 'P1 bonus "Sparkjaw"')
    assert s.actor == 1 and s.bonus_total == 4
    s = play(s, 'P2 bonus "Brass Tyrant"')  # 10 + 8 = 18: equal is enough
    assert s.outcome == "won" and s.phase == "outcome"
    s = play(s, "P1 end")
    assert names(s, "bonus.0") == ["Windshear"]  # the villain becomes a Bonus power
    assert {"Hoarfrost", "Sparkjaw", "Brass Tyrant"} <= set(names(s, "out"))


def test_one_bonus_power_per_player_by_default():
    s = to_bonus(bonus_position(bonus={"P1": ["Hoarfrost", "Sparkjaw"]}))
    s = play(s, 'P1 bonus "Sparkjaw"')
    # P1 is done; P2 holds nothing, so the turn is lost
    assert s.phase == "outcome"
    s2 = to_bonus(bonus_position(bonus={"P1": ["Hoarfrost", "Sparkjaw"], "P2": ["Lodestar"]}))
    s2 = play(s2, 'P1 bonus "Sparkjaw"')
    with pytest.raises(IllegalMove, match="one Bonus power per turn"):
        GAME.play(s2, Move("bonus", 0, card(s2, "Hoarfrost", "bonus.0"), "defence"))


def test_a_third_bad_news_for_the_active_hero_loses_the_game():
    s = to_bonus(bonus_position(bonus={}, bad_news={"P1": ["Rustmonger", "Lodestar"],
                                                    "P2": ["Sparkjaw", "Emberling"]}))
    assert s.over and s.lost and s.winners == ()
    assert s.score == 0 and names(s, "badnews.0") == ["Rustmonger", "Lodestar", "Windshear"]
    assert s.result.startswith("The heroes lose. P1 has 3 Bad News cards")
    assert GAME.rules.returns(s) == (0.0, 0.0)
    assert GAME.text.headline(s) == "Defeat: score 0 / 100"
    with pytest.raises(IllegalMove, match="The game is over"):
        GAME.play(s, Move("end", 0))


def test_bad_news_counts_the_active_heros_own_cards():
    # P1's second Bad News; four in all at the table: the game goes on
    s = to_bonus(bonus_position(bonus={}, bad_news={"P1": ["Rustmonger"],
                                                    "P2": ["Sparkjaw", "Emberling"]}))
    assert not s.over and s.phase == "outcome"
    s = play(s, "P1 end")
    assert s.bad_news(0) == 2 and s.bad_news(1) == 2 and not s.over


# -- the pile -----------------------------------------------------------------------------

def test_the_discard_pile_is_reshuffled_when_the_power_pile_runs_out():
    s = GAME.rules.new_state(fixture_cards(HEROES_WIN), {"players": 2}, 5)
    s.zones["discard"].extend(s.zones["powers"])
    s.zones["powers"] = []
    while s.phase != "outcome":
        s = GAME.play(s, scripted(s))
    before = set(s.zones["discard"]) | set(s.zones["defence"]) | set(s.zones["threat"])
    s = play(s, "P1 end")
    assert "The power pile ran out: the discard pile is shuffled into a new pile" in [
        text for text, _ in s.events]
    assert len(s.zones["hand.0"]) == 4 and set(s.zones["hand.0"]) <= before
    assert len(s.zones["threat"]) == 2  # the next villain's powers came from it too
    assert s.zones["discard"] == [] and set(s.zones["powers"]) <= before
    assert sorted(s.all_cards()) == list(range(len(s.cards)))


# -- optional rules -----------------------------------------------------------------------

def test_less_cooperative_hides_hands_and_the_log_does_not_peek():
    assert not GAME.rules.hidden_information(GAME.rules.normalize_options({}))
    options = {"players": 3, "less_cooperative": True}
    assert GAME.rules.hidden_information(GAME.rules.normalize_options(options))
    session = Session(GAME, real_cards(), options, 11)
    s = session.state
    view = GAME.rules.view(s, 0)
    assert view.zones["hand.0"] == s.zones["hand.0"]
    assert view.zones["hand.1"] == [HIDDEN] * 4 and view.zones["hand.2"] == [HIDDEN] * 4
    own = ", ".join(s.name(c) for c in s.zones["hand.1"])
    others = ", ".join(s.name(c) for c in s.zones["hand.0"])
    log1 = session.log_text(1)
    assert f"P2 open powers: {own}" in log1
    assert "P1 open powers: 4 power(s)" in log1 and others not in log1
    # without the option, everything is open
    open_session = Session(GAME, real_cards(), {"players": 3}, 11)
    assert others in open_session.log_text(1)


def test_less_cooperative_keeps_each_draw_private():
    options = {"players": 2, "less_cooperative": True}
    session = Session(GAME, fixture_cards(HEROES_WIN), options, 3)
    while session.state.turn < 2:
        session.play(scripted(session.state))
    drawn = [text for text, only in session.state.events if text.startswith("P1 draws")]
    assert len(drawn) == 2
    private = [text for text, only in session.state.events
               if text.startswith("P1 draws") and only == frozenset({0})]
    assert private and any(c in private[0] for c in ("Red", "Blue"))
    for line in session.log_text(1).splitlines():
        if "P1 draws" in line:
            assert "Red" not in line and "Blue" not in line


def test_receding_power_levels_removes_villain_powers_and_the_scoring_location():
    options = {"players": 2, "receding": True}
    s = GAME.rules.new_state(fixture_cards(HEROES_WIN), options, 9)
    assert "Place 1" in names(s, "out")  # the scoring location is left out
    assert any("scoring location is left out" in text for text, _ in s.events)
    threat = list(s.zones["threat"])
    while s.phase != "outcome":
        s = GAME.play(s, scripted(s))
    s = play(s, "P1 end")
    assert set(threat) <= set(s.zones["out"]) and not set(threat) & set(s.zones["discard"])
    end, _ = run(s)
    assert end.featured and all(end.info[c].score_bonus == 0 for c in end.featured)


def test_receding_players_may_go_short():
    options = {"players": 2, "receding": True}
    s = GAME.rules.new_state(fixture_cards(HEROES_WIN), options, 9)
    while s.phase != "outcome":
        s = GAME.play(s, scripted(s))
    # every power card that could come back is gone
    for zone in ("powers", "discard", "defence"):
        s.zones["out"].extend(s.zones[zone])
        s.zones[zone] = []
    s = play(s, "P1 end")
    assert s.zones["hand.0"] == [] and s.zones["threat"] == []
    assert "No power cards are left: P1 holds 0" in [text for text, _ in s.events]
    assert any(text.endswith("powers: none") for text, _ in s.events)
    end, _ = run(s)
    assert end.over and sorted(end.all_cards()) == list(range(len(end.cards)))


def test_a_hero_with_no_powers_finishes_with_nothing():
    s = position(active="P1", villain="Windshear", attribute="Glacier Hide",
                 threat=["Flame 2", "Mind 3"], hands={"P1": []}, options={"players": 2})
    assert GAME.rules.legal_moves(s) == [Move("done", 0)]
    assert "you hold no powers" in GAME.text.status(s, 0)
    s = play(s, "P1 done")
    assert s.phase == "support" and s.actor == 1


def test_less_counting_has_no_locations():
    s = GAME.rules.new_state(real_cards(), {"players": 2, "less_counting": True}, 1)
    assert s.zones["location"] == [] and s.zones["locations"] == []
    assert all(s.info[c].kind == "location" for c in s.zones["out"])
    assert len(s.zones["out"]) == len(real_cards().of_kind("location"))
    end, _ = run(GAME.rules.new_state(fixture_cards(HEROES_WIN), {"players": 2,
                                                            "less_counting": True}, 1))
    assert end.featured == [] and end.score == 40 + sum(
        end.info[c].base for seat in range(2) for c in end.zones[f"bonus.{seat}"])


# -- the score ----------------------------------------------------------------------------

def test_scoring_examples():
    assert final_score(False, [4, 4], [7], 0)[0] == 0
    assert final_score(True, [], [], 0) == (40, ("Won: 40", "Score: 40 / 100"))
    score, lines = final_score(True, [2, 3, 4], [7], 2)
    assert score == 40 + 9 + 7 - 10 and lines[-1] == "Score: 46 / 100"
    assert final_score(True, [4] * 16, [7], 0)[0] == 100  # 111 is kept to 100
    assert final_score(True, [], [], 9)[0] == 0  # -5 is kept to 0


def test_the_score_at_the_end_of_a_won_game():
    s = GAME.rules.new_state(fixture_cards(HEROES_WIN), {"players": 2}, 4)
    end, _ = run(s)
    bonus = sum(end.info[c].base for seat in range(2) for c in end.zones[f"bonus.{seat}"])
    featured = [end.name(c) for c in end.featured]
    assert len(featured) == 4  # the four locations of the set each had a round
    expected = 40 + bonus + (7 if "Place 1" in featured else 0)
    assert end.score == min(100, expected) and not end.lost
    assert GAME.rules.returns(end) == (end.score / 100,) * 2
    assert end.result.startswith("The heroes win!")


def test_a_lost_turn_costs_five_points():
    s = bonus_position(bonus={}, bad_news={"P2": ["Rustmonger"]})
    s = play(play(s, 'P1 play "Gale 3"'), 'P1 done')
    s = play(play(s, "P2 pass"), "P1 end")
    bad = s.bad_news(0) + s.bad_news(1)
    assert bad == 2
    s = GAME.rules.new_state(fixture_cards(VILLAIN_WINS), {"players": 2}, 4)
    end, _ = run(s, defend=1)
    assert end.lost and end.score == 0


# -- notation, refusals, views --------------------------------------------------------------

def test_notation_round_trip_and_copies():
    s = position(active="P1", villain="Windshear", attribute="Glacier Hide",
                 threat=["Flame 2", "Mind 3"], hands={"P1": ["Gale 3", "Gale 3", "Frost 1"]},
                 options={"players": 2})
    second = s.zones["hand.0"][1]
    move = Move("play", 0, second, "defence")
    assert GAME.notation.format_move(s, move) == 'P1 play "Gale 3#2"'
    for m in GAME.rules.legal_moves(s):
        assert GAME.notation.parse_move(s, GAME.notation.format_move(s, m)) == m
    for bad in ("P1", "P9 done", 'P1 play "Nothing"', "P1 fly", 'P1 done "Gale 3"',
                'P1 bonus "Gale 3"'):
        with pytest.raises(NotationError):
            GAME.notation.parse_move(s, bad)


def test_refusals_name_the_rule():
    s = position(active="P2", villain="Windshear", attribute="Glacier Hide",
                 threat=["Flame 2", "Mind 3"], hands={"P1": ["Gale 3"], "P2": ["Frost 1"]},
                 options={"players": 2})
    gale = card(s, "Gale 3", "hand.0")
    with pytest.raises(IllegalMove, match="P2 forms the defence first"):
        GAME.play(s, Move("play", 0, gale, "defence"))
    with pytest.raises(IllegalMove, match="Powers are played onto the defence"):
        GAME.play(s, Move("play", 1, card(s, "Frost 1", "hand.1"), "villain"))
    with pytest.raises(IllegalMove, match="Only the active hero finishes"):
        GAME.play(s, Move("done", 0))
    with pytest.raises(IllegalMove, match="The turn ends once the villain"):
        GAME.play(s, Move("end", 1))
    gestures = PowerPlayGestures(GAME)
    drop = gestures.move_for_drop(s, 1, card(s, "Frost 1", "hand.1"), "villain")
    assert drop == Move("play", 1, card(s, "Frost 1", "hand.1"), "villain")
    assert gestures.move_for_drop(s, 1, card(s, "Windshear", "villain"), "defence") is None


def test_the_acting_seats_moves_are_the_same_on_its_view():
    session = Session(GAME, real_cards(), {"players": 4, "less_cooperative": True}, 5)
    rng = Rng(5)
    while not session.state.over:
        s = session.state
        view = GAME.rules.view(s, s.actor)
        assert GAME.rules.legal_moves(view) == GAME.rules.legal_moves(s)
        session.play(rng.choice(GAME.rules.legal_moves(s)))


def test_determinize_refills_each_hidden_slot_with_a_card_of_its_kind():
    s = GAME.rules.new_state(real_cards(), {"players": 3, "less_cooperative": True}, 8)
    view = GAME.rules.view(s, 0)
    world = GAME.rules.determinize(view, 0, Rng(3))
    assert sorted(world.all_cards()) == list(range(len(s.cards)))
    for zone, cards in world.zones.items():
        assert len(cards) == len(s.zones[zone])
        assert {world.info[c].kind for c in cards} == {s.info[c].kind for c in s.zones[zone]}
    assert world.zones["hand.0"] == s.zones["hand.0"]
    assert world.zones["threat"][1] in world.facedown


# -- set-up from a scenario position (issue 10) ---------------------------------------------

def setup_session(options: dict, **pos) -> Session:
    return Session(GAME, real_cards(), options, 3, position={"phase": "setup", **pos})


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 3}, {"players": 4},
                                     {"players": 2, "less_counting": True},
                                     {"players": 3, "receding": True},
                                     {"players": 4, "less_cooperative": True,
                                      "any_bonus": True}])
def test_a_setup_position_deals_four_each_and_keeps_every_card(options):
    """Rulings 22-23: whatever the table, every card is in play or out as the variant
    says; four each, the first villain takes two, one location for round 1."""
    s = setup_session(options).state
    players = options["players"]
    assert sorted(s.all_cards()) == list(range(len(s.cards)))
    for seat in range(players):
        assert len(s.zones[f"hand.{seat}"]) == 4
    assert len(s.zones["powers"]) == 60 - 4 * players - 2
    assert len(s.zones["villains"]) == len(s.zones["attributes"]) == 20
    out = {s.name(c) for c in s.zones["out"]}
    if options.get("less_counting"):
        assert out == {s.name(c) for c in range(len(s.cards)) if s.info[c].kind == "location"}
        assert s.zones["location"] == []
    elif options.get("receding"):
        assert out == {"Lantern Quay"} and len(s.zones["locations"]) == 5
    else:
        assert out == set() and len(s.zones["locations"]) == 6
    assert (s.phase, s.actor, s.round, s.round_turn, s.turn) == ("defend", 0, 1, 1, 1)


def test_a_setup_position_deals_one_at_a_time_from_p1_off_the_top():
    tops = ["Flame 1", "Frost 2", "Gale 3", "Mind 4", "Shadow 5", "Might 1", "Flame 2",
            "Frost 3", "Gale 4", "Mind 5", "Shadow 1", "Might 2", "Flame 3", "Frost 4"]
    s = setup_session({"players": 3}, powers=tops, active="P3").state
    assert names(s, "hand.0") == tops[0:12:3]
    assert names(s, "hand.1") == tops[1:12:3]
    assert names(s, "hand.2") == tops[2:12:3]
    assert names(s, "threat") == tops[12:14] and s.facedown == {s.zones["threat"][1]}
    assert s.current == s.actor == 2


def test_a_setup_position_under_less_cooperative_keeps_each_deal_private():
    session = setup_session({"players": 2, "less_cooperative": True},
                            powers=["Flame 1", "Frost 2", "Gale 3", "Mind 4"])
    s = session.state
    assert GAME.rules.view(s, 1).zones["hand.0"] == [HIDDEN] * 4
    assert GAME.rules.view(s, 0).zones["hand.0"] == s.zones["hand.0"]
    assert "P1 open powers: 4 power(s)" in session.log_text(1)
    assert "Gale 3" not in session.log_text(1) and "Gale 3" in session.log_text(0)


@pytest.mark.parametrize("options, pos, message", [
    ({}, {"hands": {"P1": ["Flame 1"]}}, "the rules deal the rest, so not: hands"),
    ({}, {"villain": "Windshear", "round": 2}, "so not: round, villain"),
    ({"less_counting": True}, {"locations": ["Night Market"]},
     "Night Market is out of the game with this option"),
    ({"receding": True}, {"locations": ["Lantern Quay"]}, "Lantern Quay is out of the game"),
    ({}, {"villains": ["Flame 1"]}, "'Flame 1' is not a villain card"),
    ({"players": 2}, {"active": "P3"}, "no seat P3 in this game"),
    ({}, {"phase": "deal"}, "phase must be 'setup' or left out"),
])
def test_a_setup_position_refuses_what_the_rules_decide(options, pos, message):
    pos = {"phase": "setup", **pos}
    with pytest.raises(NotationError, match=message):
        GAME.positions.build(real_cards(), GAME.rules.normalize_options(options), 1, pos)
